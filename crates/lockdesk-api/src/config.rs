//! Where the service is and who this application is to it.

use oauth2::{ClientId, ClientSecret};
use url::Url;

use crate::error::{Error, Result};

/// The service's base address. https is required unless the host is loopback (the simulator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceUrl(Url);

impl ServiceUrl {
    pub fn parse(input: &str) -> Result<ServiceUrl> {
        let refuse = |reason: &str| Error::BaseUrl {
            url: input.to_owned(),
            reason: reason.to_owned(),
        };
        let mut url = Url::parse(input.trim()).map_err(|e| refuse(&e.to_string()))?;
        if !url.username().is_empty() || url.password().is_some() {
            return Err(refuse("credentials in the URL are not allowed"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(refuse("the URL must not have a query or fragment"));
        }
        match url.scheme() {
            "https" => {}
            "http" if is_loopback(&url) => {}
            "http" => {
                return Err(refuse(
                    "plain http is only allowed for loopback addresses; use https",
                ))
            }
            other => return Err(refuse(&format!("unsupported scheme {other}"))),
        }
        if url.host().is_none() {
            return Err(refuse("the URL has no host"));
        }
        let trimmed = url.path().trim_end_matches('/').to_owned();
        url.set_path(&trimmed);
        Ok(ServiceUrl(url))
    }

    /// `path` starts with `/`; the base's own path (if any) is kept in front of it.
    pub fn join(&self, path: &str) -> Url {
        let mut url = self.0.clone();
        let base = url.path().trim_end_matches('/').to_owned();
        url.set_path(&format!("{base}{path}"));
        url
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str().trim_end_matches('/')
    }

    pub fn url(&self) -> &Url {
        &self.0
    }
}

/// Whether fetching `url` keeps to the rule for service addresses: https, or http to a loopback
/// host (the simulator). Also used for addresses the service hands out (images).
pub fn secure_or_loopback(url: &Url) -> bool {
    url.host().is_some()
        && (url.scheme() == "https" || (url.scheme() == "http" && is_loopback(url)))
}

pub use crate::loopback::{is_loopback, is_loopback_host};

/// The application's registration with the service. The secret's Debug output is redacted.
#[derive(Clone, Debug)]
pub struct ClientCredentials {
    pub client_id: ClientId,
    pub client_secret: ClientSecret,
    pub redirect_uri: Url,
}

impl ClientCredentials {
    pub fn new(client_id: &str, client_secret: &str, redirect_uri: &str) -> Result<Self> {
        if client_id.trim().is_empty() {
            return Err(Error::validation("client_id", "the client id is empty"));
        }
        if client_secret.is_empty() {
            return Err(Error::validation(
                "client_secret",
                "the client secret is empty",
            ));
        }
        Ok(ClientCredentials {
            client_id: ClientId::new(client_id.trim().to_owned()),
            client_secret: ClientSecret::new(client_secret.to_owned()),
            redirect_uri: parse_redirect_uri(redirect_uri)?,
        })
    }
}

/// The registered redirect URI must use https (service rule).
pub fn parse_redirect_uri(input: &str) -> Result<Url> {
    let url = Url::parse(input.trim())
        .map_err(|e| Error::validation("redirect_uri", format!("not a URL: {e}")))?;
    if url.scheme() != "https" {
        return Err(Error::validation(
            "redirect_uri",
            "the service requires an https redirect URI",
        ));
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_or_loopback_http_only() {
        assert!(ServiceUrl::parse("https://api.example.com").is_ok());
        assert!(ServiceUrl::parse("http://127.0.0.1:8080").is_ok());
        assert!(ServiceUrl::parse("http://127.5.0.1:8080").is_ok());
        assert!(ServiceUrl::parse("http://localhost:1").is_ok());
        assert!(ServiceUrl::parse("http://[::1]:1").is_ok());
        for bad in [
            "http://api.example.com",
            "http://10.0.0.1",
            "ftp://x",
            "https://u:p@x.com",
            "not a url",
            "https://x.com/?q=1",
        ] {
            let err = ServiceUrl::parse(bad).unwrap_err();
            assert_eq!(err.code(), "insecure_base_url", "{bad}");
        }
    }

    #[test]
    fn join_keeps_base_path() {
        let u = ServiceUrl::parse("https://x.com/api/").unwrap();
        assert_eq!(
            u.join("/v3/organizations").as_str(),
            "https://x.com/api/v3/organizations"
        );
        assert_eq!(u.as_str(), "https://x.com/api");
    }

    #[test]
    fn credentials_are_checked_and_redacted() {
        let c = ClientCredentials::new("id", "s3cret", "https://localhost/cb").unwrap();
        assert!(!format!("{c:?}").contains("s3cret"));
        assert!(ClientCredentials::new("id", "s", "http://localhost/cb").is_err());
        assert!(ClientCredentials::new("", "s", "https://localhost/cb").is_err());
    }
}
