//! A proxy that asks for a user name and password (407): the person gives them once
//! (`proxy_credentials_set`: the app's Account screen, `lockctl proxy login`), they are checked
//! against the proxy and kept in the keychain (`crate::proxy::logins`); every connection reached
//! through that proxy then sends them. `proxy_credentials_clear` forgets them.

use lockdesk_api::ProxyLogin;
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::profiles::store::{Profile, ProfileStore};
use crate::proxy::logins as proxy_logins;

/// The proxy's user name and password, for the proxy of `profile`'s service address (the
/// connection in use when `None`). The password never shows in debug output.
#[derive(Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProxyCredentialsSetRequest {
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub profile: Option<String>,
    pub user: String,
    pub password: String,
}

impl std::fmt::Debug for ProxyCredentialsSetRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProxyCredentialsSetRequest")
            .field("profile", &self.profile)
            .field("user", &self.user)
            .field("password", &"[redacted]")
            .finish()
    }
}

/// Which connection's proxy (the connection in use when `None`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProxyCredentialsClearRequest {
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub profile: Option<String>,
}

/// The proxy concerned (`scheme://host:port`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProxyCredentialsView {
    pub proxy: String,
    /// Set: the proxy let a request through with them. Clear: forgotten.
    pub kept: bool,
}

/// The profile named, else the one in use (v3, then history), else the only one.
fn profile_of(ctx: &AppContext, named: Option<&str>) -> Result<Profile> {
    let store = ProfileStore::new(&ctx.core());
    if let Some(name) = named {
        return store.get(name);
    }
    let in_use = ctx
        .profile_for(lockdesk_api::ApiVersion::V3)
        .or_else(|_| ctx.profile_for(lockdesk_api::ApiVersion::V2));
    if let Ok(name) = in_use {
        return store.get(&name);
    }
    let mut all = store.list()?;
    if all.len() == 1 {
        return Ok(all.remove(0));
    }
    Err(Error::invalid(
        "profile",
        "choose the connection whose proxy asks for the user name and password",
    ))
}

/// `scheme://host:port` of the proxy between this computer and `profile`'s service.
fn proxy_of(profile: &Profile) -> Result<String> {
    let base = profile.service_url()?;
    proxy_logins::proxy_of(&base).ok_or_else(|| {
        Error::invalid(
            "proxy",
            format!(
                "the service at {} is reached directly, through no proxy",
                base.as_str()
            ),
        )
    })
}

/// Checks the user name and password against the proxy (one request to the service's address
/// through it) and keeps them in the keychain. A proxy that answers 407 again refused them:
/// `proxy_auth_required`, and nothing is kept (what was kept before stays). A service that
/// cannot be reached otherwise says so as usual, and nothing is kept either.
pub async fn proxy_credentials_set(
    ctx: &AppContext,
    req: ProxyCredentialsSetRequest,
) -> Result<ProxyCredentialsView> {
    let user = req.user.trim();
    if user.is_empty() {
        return Err(Error::invalid("user", "the user name is empty"));
    }
    if req.password.is_empty() {
        return Err(Error::invalid("password", "the password is empty"));
    }
    let profile = profile_of(ctx, req.profile.as_deref())?;
    let proxy = proxy_of(&profile)?;
    let login = ProxyLogin::new(proxy.clone(), user, req.password);
    let base = profile.service_url()?;
    lockdesk_api::Transport::with_proxy_login(base, Some(&login))?
        .check_proxy()
        .await?;
    let core = ctx.core();
    proxy_logins::save(core.secrets.as_ref(), &login)?;
    forget_every_client(ctx, &core)?;
    tracing::info!(%proxy, "proxy login kept");
    Ok(ProxyCredentialsView { proxy, kept: true })
}

/// Forgets the user name and password kept for the proxy of the connection.
pub async fn proxy_credentials_clear(
    ctx: &AppContext,
    req: ProxyCredentialsClearRequest,
) -> Result<ProxyCredentialsView> {
    let profile = profile_of(ctx, req.profile.as_deref())?;
    let proxy = proxy_of(&profile)?;
    let core = ctx.core();
    proxy_logins::forget(core.secrets.as_ref(), &proxy)?;
    forget_every_client(ctx, &core)?;
    Ok(ProxyCredentialsView { proxy, kept: false })
}

/// Clients built before carry the old login (or none): the next call builds them again.
fn forget_every_client(ctx: &AppContext, core: &crate::core_context::Context) -> Result<()> {
    for profile in ProfileStore::new(core).list()? {
        ctx.forget_clients(&profile.name);
    }
    Ok(())
}

/// The proxy for `url` as Lockdesk chooses it (an automatic configuration script, the proxy
/// variables, the system's settings), with the login the person gave for it, as one address,
/// for a client Lockdesk does not build itself (the updater's). `None` when the request goes
/// straight (that client must then be told to use no proxy). The route is chosen once: the
/// address and the login it is given with come from the same answer.
pub fn proxy_with_login(ctx: &AppContext, url: &url::Url) -> Option<url::Url> {
    let proxy = lockdesk_api::proxy::proxy_address(url)?;
    let mut address = url::Url::parse(&proxy).ok()?;
    if let Ok(Some(login)) = proxy_logins::load(ctx.core().secrets.as_ref(), &proxy) {
        address.set_username(login.user()).ok()?;
        address.set_password(Some(login.password())).ok()?;
    }
    Some(address)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_shows_no_password_in_debug_output() {
        let req = ProxyCredentialsSetRequest {
            profile: None,
            user: "yamada".into(),
            password: "s3cret".into(),
        };
        let text = format!("{req:?}");
        assert!(
            text.contains("yamada") && !text.contains("s3cret"),
            "{text}"
        );
    }
}
