//! An Entra ID source as it is kept (`directory.json`): the tenant, the app registration, how
//! Lockdesk signs in (a client secret, a certificate, or as the administrator) and the group;
//! checked, with the addresses of its sign-in and of Graph (Microsoft's, or a stand-in on this
//! computer in tests). Reading it is `entra.rs`; the administrator's sign-in `entra_device.rs`.

use serde::{Deserialize, Serialize};
use url::Url;

use crate::error::{Error, Result};

pub const LOGIN: &str = "https://login.microsoftonline.com";
pub const GRAPH: &str = "https://graph.microsoft.com";

/// Where an Entra ID source reads: the tenant, the app registration, and the group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EntraSource {
    /// The tenant's id or domain (`contoso.onmicrosoft.com`).
    pub tenant: String,
    /// The app registration's application (client) id.
    pub client_id: String,
    /// Lockdesk reads as the administrator who signed in (device code; Graph's delegated
    /// permission), their refresh token the keychain's secret, rather than as the app.
    #[serde(default)]
    pub as_administrator: bool,
    /// Set when Lockdesk signs in with a certificate (its thumbprint, `x5t`; the private key
    /// is the keychain's secret), not a client secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub certificate_thumbprint: Option<String>,
    /// Only the transitive members of this group (its object id); every user when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub group_id: Option<String>,
    /// Another sign-in and Graph address: a stand-in on this computer only (tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub login_base: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub graph_base: Option<String>,
}

impl EntraSource {
    pub fn validate(&self) -> Result<()> {
        let plain = |s: &str| {
            !s.is_empty()
                && s.len() <= 200
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
        };
        if !plain(self.tenant.trim()) {
            return Err(Error::invalid(
                "tenant",
                "give the tenant's id or domain (contoso.onmicrosoft.com)",
            ));
        }
        if !plain(self.client_id.trim()) {
            return Err(Error::invalid(
                "client_id",
                "give the app registration's application (client) id",
            ));
        }
        if self
            .certificate_thumbprint
            .as_deref()
            .is_some_and(|t| !plain(t.trim()))
        {
            return Err(Error::invalid(
                "certificate_thumbprint",
                "not a certificate's thumbprint",
            ));
        }
        if self.group_id.as_deref().is_some_and(|g| !plain(g.trim())) {
            return Err(Error::invalid("group_id", "give the group's object id"));
        }
        self.login()?;
        self.graph()?;
        Ok(())
    }

    fn login(&self) -> Result<Url> {
        base(self.login_base.as_deref(), LOGIN, "login_base")
    }

    pub(crate) fn graph(&self) -> Result<Url> {
        base(self.graph_base.as_deref(), GRAPH, "graph_base")
    }
}

/// Microsoft's address, or a stand-in's on this computer (never elsewhere: the secret and
/// the token go there).
pub(crate) fn base(given: Option<&str>, default: &str, field: &str) -> Result<Url> {
    let url = Url::parse(given.unwrap_or(default))
        .map_err(|_| Error::invalid(field, "not an address"))?;
    if given.is_some() && !lockdesk_api::config::is_loopback(&url) {
        return Err(Error::invalid(
            field,
            "only a stand-in on this computer may replace Microsoft's address",
        ));
    }
    Ok(url)
}

impl EntraSource {
    /// The tenant's token endpoint.
    pub(crate) fn token_url(&self) -> Result<String> {
        Ok(format!(
            "{}/{}/oauth2/v2.0/token",
            self.login()?.as_str().trim_end_matches('/'),
            self.tenant.trim()
        ))
    }

    /// The tenant's device authorization endpoint.
    pub(crate) fn device_url(&self) -> Result<String> {
        Ok(format!(
            "{}/{}/oauth2/v2.0/devicecode",
            self.login()?.as_str().trim_end_matches('/'),
            self.tenant.trim()
        ))
    }

    /// The delegated permission an administrator's sign-in asks for.
    pub(crate) fn delegated_scopes(&self) -> Result<Vec<String>> {
        let graph = self.graph()?;
        let permission = if self.group_id.is_some() {
            "GroupMember.Read.All"
        } else {
            "User.Read.All"
        };
        Ok(vec![
            format!("{}/{permission}", graph.as_str().trim_end_matches('/')),
            "offline_access".to_owned(),
        ])
    }
}
