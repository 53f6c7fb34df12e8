//! The proxy a request goes through: the system's settings (Windows' Internet settings, macOS'
//! network settings) and `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` everywhere, read the way
//! reqwest reads them for every request (both use hyper-util's matcher). Used to name the proxy
//! when a request through it fails (an administrator must know it was the proxy, not the
//! service, that could not be reached), and to give a proxy that asks for a user name and
//! password (407) the [`ProxyLogin`] the person gave for it.

use hyper_util::client::proxy::matcher::Matcher;

/// `scheme://host:port` of the proxy for `url`, without any user name or password; `None` when
/// the request goes straight to the service.
pub fn proxy_for(url: &url::Url) -> Option<String> {
    let uri: http::Uri = url.as_str().parse().ok()?;
    let intercept = Matcher::from_system().intercept(&uri)?;
    let proxy = intercept.uri();
    let host = proxy.host()?;
    let scheme = proxy.scheme_str().unwrap_or("http");
    Some(match proxy.port_u16() {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

/// `host:port` of the proxy for `url` (the key its [`ProxyLogin`] is kept under); `None` when
/// the request goes straight to the service.
pub fn proxy_host_port(url: &url::Url) -> Option<String> {
    let uri: http::Uri = url.as_str().parse().ok()?;
    host_port(Matcher::from_system().intercept(&uri)?.uri())
}

fn host_port(proxy: &http::Uri) -> Option<String> {
    let host = proxy.host()?;
    let port = proxy
        .port_u16()
        .unwrap_or(if proxy.scheme_str() == Some("https") {
            443
        } else {
            80
        });
    Some(format!("{host}:{port}"))
}

/// The user name and password the person gave for one proxy (`host:port`), sent to that proxy
/// only, in `Proxy-Authorization` (plain requests) or the `CONNECT` that opens a tunnel. The
/// password never shows in debug output.
#[derive(Clone, PartialEq, Eq)]
pub struct ProxyLogin {
    proxy: String,
    user: String,
    password: String,
}

impl ProxyLogin {
    pub fn new(
        proxy: impl Into<String>,
        user: impl Into<String>,
        password: impl Into<String>,
    ) -> ProxyLogin {
        ProxyLogin {
            proxy: proxy.into(),
            user: user.into(),
            password: password.into(),
        }
    }

    /// `host:port` of the proxy these are for.
    pub fn proxy(&self) -> &str {
        &self.proxy
    }

    pub fn user(&self) -> &str {
        &self.user
    }

    pub fn password(&self) -> &str {
        &self.password
    }
}

impl std::fmt::Debug for ProxyLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProxyLogin")
            .field("proxy", &self.proxy)
            .field("user", &self.user)
            .field("password", &"[redacted]")
            .finish()
    }
}

/// `builder` sending `login` to its proxy. Without a login, reqwest reads the system's proxy
/// itself; with one, the same matcher (system settings, `HTTPS_PROXY`, `NO_PROXY`) picks the
/// proxy of each request, and the login goes with the requests to that proxy only (another
/// proxy keeps the user name and password written in its variable, if any).
pub(crate) fn route(
    builder: reqwest::ClientBuilder,
    login: Option<&ProxyLogin>,
) -> reqwest::ClientBuilder {
    let Some(login) = login.cloned() else {
        return builder;
    };
    let matcher = Matcher::from_system();
    builder.proxy(reqwest::Proxy::custom(move |url: &url::Url| {
        let uri: http::Uri = url.as_str().parse().ok()?;
        let intercept = matcher.intercept(&uri)?;
        let mut target = url::Url::parse(&intercept.uri().to_string()).ok()?;
        let (user, password) = if host_port(intercept.uri()).as_deref() == Some(login.proxy()) {
            (login.user.clone(), login.password.clone())
        } else {
            match intercept.basic_auth().and_then(basic_credentials) {
                Some(given) => given,
                None => return Some(target),
            }
        };
        target.set_username(&user).ok()?;
        target.set_password(Some(&password)).ok()?;
        Some(target)
    }))
}

/// An HTTP client builder with the OS trust store that goes through the system's proxy (and
/// `HTTPS_PROXY` / `NO_PROXY`), sending `login` to its proxy: for requests Lockdesk makes to
/// addresses other than the service's (lock images).
pub fn client_builder(login: Option<&ProxyLogin>) -> reqwest::ClientBuilder {
    route(crate::tls::client_builder(), login)
}

/// User name and password of a `Basic` header value.
fn basic_credentials(value: &http::HeaderValue) -> Option<(String, String)> {
    use base64::Engine;
    let encoded = value.to_str().ok()?.strip_prefix("Basic ")?;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (user, password) = text.split_once(':')?;
    Some((user.to_owned(), password.to_owned()))
}

/// Whether a failed request's causes hold the refusal of a `CONNECT` with 407 (hyper-util's
/// tunnel error, which it does not export: known by its words).
pub(crate) fn is_tunnel_auth_refusal(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(err);
    while let Some(e) = cause {
        if e.to_string().ends_with("proxy authorization required") {
            return true;
        }
        cause = e.source();
    }
    false
}

/// The reason of a failed connection, naming the proxy when one was in the way.
pub(crate) fn reason_with_proxy(url: &url::Url, reason: String) -> String {
    match proxy_for(url) {
        Some(proxy) => format!("through the proxy {proxy}: {reason}"),
        None => reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one test that sets the process's proxy variables (others read none of them).
    #[test]
    fn names_the_proxy_from_the_environment_without_its_password() {
        std::env::set_var("HTTPS_PROXY", "http://alice:s3cret@proxy.example:3128");
        std::env::set_var("NO_PROXY", "direct.example");
        let through = proxy_for(&"https://api.example/v3/locks".parse().unwrap());
        let direct = proxy_for(&"https://direct.example/v3/locks".parse().unwrap());
        std::env::remove_var("HTTPS_PROXY");
        std::env::remove_var("NO_PROXY");
        assert_eq!(through.as_deref(), Some("http://proxy.example:3128"));
        assert_eq!(direct, None);
        assert_eq!(
            reason_with_proxy(&"https://api.example/".parse().unwrap(), "refused".into()),
            "refused"
        );
    }

    #[test]
    fn a_login_shows_no_password_in_debug_output() {
        let login = ProxyLogin::new("proxy.example:3128", "alice", "s3cret");
        let text = format!("{login:?}");
        assert!(
            text.contains("alice") && text.contains("proxy.example:3128"),
            "{text}"
        );
        assert!(!text.contains("s3cret"), "{text}");
    }

    #[test]
    fn a_transport_with_a_login_shows_no_password_in_debug_output() {
        // Whatever the proxy variables say meanwhile (one test sets them), the password is
        // nowhere in the transport's debug output.
        let login = ProxyLogin::new("proxy.example:3128", "bob", "hunter2-proxy");
        let base = crate::ServiceUrl::parse("https://api.example").unwrap();
        let transport = crate::Transport::with_proxy_login(base, Some(&login)).unwrap();
        let text = format!("{transport:?}");
        assert!(!text.contains("hunter2"), "{text}");
    }

    #[test]
    fn basic_credentials_are_read_back_from_a_header() {
        let value = http::HeaderValue::from_static("Basic YWxpY2U6czNjcjp0");
        assert_eq!(
            basic_credentials(&value),
            Some(("alice".to_owned(), "s3cr:t".to_owned()))
        );
    }
}
