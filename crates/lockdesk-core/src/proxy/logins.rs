//! The user name and password the person gave for a proxy that answered 407 Proxy
//! Authentication Required: kept in the keychain only, under `proxy/<scheme://host:port>`
//! ([`crate::secrets::proxy_login_key`]), never in a file or a log, and given to every
//! transport Lockdesk builds for a service reached through that proxy. The scheme is part of
//! the key: a login given for an HTTPS proxy is never sent to an HTTP one on the same host and
//! port. A login kept by an earlier version under `proxy/<host:port>` is not used: the proxy
//! asks again, and the person gives it once more.

use lockdesk_api::proxy::proxy_address;
use lockdesk_api::{ProxyLogin, ServiceUrl, Transport};
use serde::{Deserialize, Serialize};

use crate::core_context::Context;
use crate::error::{Error, Result};
use crate::secrets::{proxy_login_key, SecretStore};

/// The keychain entry's value.
#[derive(Serialize, Deserialize)]
struct Stored {
    user: String,
    password: String,
}

/// The login kept for `proxy` (`scheme://host:port`), if any.
pub fn load(secrets: &dyn SecretStore, proxy: &str) -> Result<Option<ProxyLogin>> {
    let Some(text) = secrets.get(&proxy_login_key(proxy))? else {
        return Ok(None);
    };
    // Only Lockdesk writes the entry; one it cannot read is treated as absent (and the proxy's
    // 407 says so), without its value in any message.
    let Ok(stored) = serde_json::from_str::<Stored>(&text) else {
        tracing::warn!(proxy, "the kept proxy login cannot be read; ignored");
        return Ok(None);
    };
    Ok(Some(ProxyLogin::new(proxy, stored.user, stored.password)))
}

/// Keeps `login` in the keychain (replacing what was kept for its proxy).
pub fn save(secrets: &dyn SecretStore, login: &ProxyLogin) -> Result<()> {
    let value = serde_json::to_string(&Stored {
        user: login.user().to_owned(),
        password: login.password().to_owned(),
    })
    .map_err(|e| Error::Keychain {
        reason: format!("the proxy login could not be written: {e}"),
    })?;
    secrets.set(&proxy_login_key(login.proxy()), &value)
}

/// Deletes what was kept for `proxy` (nothing kept is not an error).
pub fn forget(secrets: &dyn SecretStore, proxy: &str) -> Result<()> {
    secrets.delete(&proxy_login_key(proxy))
}

/// `scheme://host:port` of the proxy the service at `base` is reached through, if any.
pub fn proxy_of(base: &ServiceUrl) -> Option<String> {
    proxy_address(base.url())
}

/// The transport for the service at `base` with the defaults, carrying the login kept for its
/// proxy. The keychain is read only when a proxy is in the way. Straight for a context whose
/// connections never go through a proxy (the demo's).
pub fn transport(ctx: &Context, base: ServiceUrl) -> Result<Transport> {
    if ctx.straight {
        return Ok(Transport::straight(base)?);
    }
    let login = match proxy_of(&base) {
        Some(proxy) => load(ctx.secrets.as_ref(), &proxy)?,
        None => None,
    };
    Ok(Transport::with_proxy_login(base, login.as_ref())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::MemoryStore;

    #[test]
    fn a_login_is_kept_under_its_proxy_read_back_and_forgotten() {
        let store = MemoryStore::new();
        let proxy = "http://proxy.example:8080";
        assert_eq!(load(&store, proxy).unwrap(), None);
        let login = ProxyLogin::new(proxy, "山田", "pa:ss\u{2603}");
        save(&store, &login).unwrap();
        assert_eq!(store.keys(), vec![format!("proxy/{proxy}")]);
        assert_eq!(load(&store, proxy).unwrap(), Some(login));
        assert_eq!(load(&store, "http://other.example:8080").unwrap(), None);
        // The same host and port by another scheme is another proxy.
        assert_eq!(load(&store, "https://proxy.example:8080").unwrap(), None);
        forget(&store, proxy).unwrap();
        forget(&store, proxy).unwrap();
        assert!(store.keys().is_empty());
    }

    #[test]
    fn an_entry_that_cannot_be_read_counts_as_none() {
        let store = MemoryStore::new();
        store
            .set("proxy/http://proxy.example:8080", "not json")
            .unwrap();
        assert_eq!(load(&store, "http://proxy.example:8080").unwrap(), None);
    }
}
