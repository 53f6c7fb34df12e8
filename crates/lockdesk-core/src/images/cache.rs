//! The lock images of a space: the addresses the service named (per connection and
//! organization), the images fetched so far (up to 32 MiB in memory), and the fetch itself
//! under [`policy`]. Kept by the space (`context/space.rs`), so it imports nothing that
//! reaches the context; `images_get` (`mod.rs`) is the command.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use base64::Engine;
use futures::StreamExt;
use lockdesk_api::ids::OrganizationId;
use serde::{Deserialize, Serialize};
use url::Url;

use crate::error::{Error, Result};

use crate::images::policy;

pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;
/// Total size of the images kept in memory; the cache starts over beyond it.
const CACHE_BYTES: usize = 32 * 1024 * 1024;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ImagesGetRequest {
    /// An `image_url` from a view the app returned (e.g. `LockView.image_url`).
    pub url: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ImagesGetResponse {
    /// `data:image/…;base64,…`, for an `<img src>`.
    pub data_url: String,
    pub bytes: u64,
}

/// Whose answer named an image: the connection (its service address) and the organization.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ImageScope {
    base: String,
    org: String,
    /// The connection is loopback (the simulator): images on loopback may be fetched.
    loopback: bool,
}

impl ImageScope {
    pub(crate) fn new(base: &Url, org: &str) -> ImageScope {
        ImageScope {
            base: base.as_str().to_owned(),
            org: org.to_owned(),
            loopback: policy::connection_is_loopback(base),
        }
    }

    /// The scope of answers of `client` about `org`.
    pub(crate) fn of(client: &lockdesk_api::Client, org: &OrganizationId) -> ImageScope {
        ImageScope::new(
            client.session().oauth().transport().base().url(),
            org.as_str(),
        )
    }
}

/// How an image is reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Straight to the address, through the guarded resolver.
    Direct,
    /// Through the system's proxy (`scheme://host:port`), with the login kept for it.
    SystemProxy {
        proxy: String,
        login: Option<lockdesk_api::ProxyLogin>,
    },
    /// Through this proxy (tests: the system's settings are the process's environment).
    #[cfg(test)]
    Proxy(String),
}

/// Image addresses the service named, and the images fetched so far.
#[derive(Default)]
pub(crate) struct Images {
    state: Mutex<ImagesState>,
    /// One client for connections on the network, one for a loopback connection.
    clients: [OnceLock<reqwest::Client>; 2],
    /// The client through the proxy, for the route it was made for.
    proxied: Mutex<Option<(Route, reqwest::Client)>>,
}

#[derive(Default)]
struct ImagesState {
    known: HashSet<(ImageScope, String)>,
    cached: HashMap<String, Arc<ImagesGetResponse>>,
    cached_bytes: usize,
}

impl Images {
    /// Records addresses from a service answer about `scope`, so the UI may ask for them
    /// while that organization is in use.
    pub(crate) fn note<'a>(
        &self,
        scope: &ImageScope,
        urls: impl IntoIterator<Item = &'a Option<String>>,
    ) {
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        for url in urls.into_iter().flatten() {
            st.known.insert((scope.clone(), url.clone()));
        }
    }

    /// Records the address from an answer to a change (a new image may come under the same
    /// address), dropping what was fetched from it before.
    pub(crate) fn renew(&self, scope: &ImageScope, url: &Option<String>) {
        let Some(url) = url else { return };
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(old) = st.cached.remove(url) {
            st.cached_bytes -= old.data_url.len();
        }
        st.known.insert((scope.clone(), url.clone()));
    }

    fn client(&self, loopback_ok: bool) -> &reqwest::Client {
        self.clients[usize::from(loopback_ok)].get_or_init(|| {
            lockdesk_api::tls::client_builder()
                .redirect(policy::redirect_policy())
                .dns_resolver(Arc::new(policy::GuardedResolver { loopback_ok }))
                // Connect where the resolver allowed, not to a proxy from the environment.
                .no_proxy()
                .connect_timeout(Duration::from_secs(10))
                .timeout(Duration::from_secs(30))
                .build()
                .expect("an HTTP client with the OS trust store")
        })
    }

    fn proxied_client(&self, route: &Route) -> std::result::Result<reqwest::Client, String> {
        let mut slot = self.proxied.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((made_for, client)) = slot.as_ref() {
            if made_for == route {
                return Ok(client.clone());
            }
        }
        let builder = match route {
            Route::Direct => unreachable!("the direct route has its own clients"),
            Route::SystemProxy { proxy, login } => {
                lockdesk_api::proxy::client_builder(login.as_ref())
                    .redirect(policy::proxied_redirect_policy(|u| {
                        lockdesk_api::proxy::proxy_for(u).is_some()
                    }))
                    // The proxy's name only: were a connection to go straight after all (a
                    // setup script answering differently a moment later), the image's name
                    // is refused rather than resolved past the guarded resolver.
                    .dns_resolver(Arc::new(policy::ProxyNameOnly::of(proxy)))
            }
            #[cfg(test)]
            Route::Proxy(proxy) => lockdesk_api::tls::client_builder()
                .proxy(reqwest::Proxy::all(proxy).expect("a proxy address"))
                .redirect(policy::proxied_redirect_policy(|_| true)),
        };
        let client = builder
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| format!("no HTTP client through the proxy: {e}"))?;
        *slot = Some((route.clone(), client.clone()));
        Ok(client)
    }

    /// The image at `url`, when an answer about `scope` named it, reached by the route
    /// `route` decides: asked only when the image is not kept already (it may read the
    /// keychain for the proxy's login).
    pub(crate) async fn get(
        &self,
        scope: &ImageScope,
        url: &str,
        route: impl FnOnce() -> Result<Route>,
    ) -> Result<ImagesGetResponse> {
        {
            let st = self.state.lock().unwrap_or_else(|p| p.into_inner());
            if !st.known.contains(&(scope.clone(), url.to_owned())) {
                return Err(Error::invalid(
                    "url",
                    "only images the service named for this organization can be shown; \
                     refresh the list",
                ));
            }
            if let Some(hit) = st.cached.get(url) {
                return Ok((**hit).clone());
            }
        }
        let route = route()?;
        let answer = self.fetch(url, scope.loopback, &route).await?;
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if st.cached_bytes + answer.data_url.len() > CACHE_BYTES {
            st.cached.clear();
            st.cached_bytes = 0;
        }
        st.cached_bytes += answer.data_url.len();
        st.cached.insert(url.to_owned(), Arc::new(answer.clone()));
        Ok(answer)
    }

    async fn fetch(
        &self,
        raw: &str,
        loopback_ok: bool,
        route: &Route,
    ) -> Result<ImagesGetResponse> {
        let url = Url::parse(raw).map_err(|e| unavailable(raw, e.to_string()))?;
        policy::check_first(&url, loopback_ok).map_err(|reason| unavailable(raw, reason))?;
        let client = match route {
            Route::Direct => self.client(loopback_ok).clone(),
            _ => {
                policy::check_name_for_proxy(&url).map_err(|reason| unavailable(raw, reason))?;
                self.proxied_client(route)
                    .map_err(|reason| unavailable(raw, reason))?
            }
        };
        let resp =
            client.get(url.clone()).send().await.map_err(
                |e| match lockdesk_api::Error::tls_failure(&url, &e) {
                    Some(tls) => Error::Api(tls),
                    None => unavailable(raw, reason_of(&e)),
                },
            )?;
        if !resp.status().is_success() {
            return Err(unavailable(
                raw,
                format!("the server answered {}", resp.status()),
            ));
        }
        if resp
            .content_length()
            .is_some_and(|n| n > MAX_IMAGE_BYTES as u64)
        {
            return Err(unavailable(raw, "the image is larger than 5 MiB"));
        }
        let mut body = Vec::new();
        let mut stream = resp.bytes_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| unavailable(raw, reason_of(&e)))?;
            if body.len() + chunk.len() > MAX_IMAGE_BYTES {
                return Err(unavailable(raw, "the image is larger than 5 MiB"));
            }
            body.extend_from_slice(&chunk);
        }
        let mime = image::guess_format(&body)
            .map(|f| f.to_mime_type())
            .map_err(|_| unavailable(raw, "the answer is not an image"))?;
        Ok(ImagesGetResponse {
            data_url: format!(
                "data:{mime};base64,{}",
                base64::engine::general_purpose::STANDARD.encode(&body)
            ),
            bytes: body.len() as u64,
        })
    }
}

/// The innermost cause of a failed fetch (the redirect policy's or the resolver's reason).
fn reason_of(e: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

fn unavailable(url: &str, reason: impl Into<String>) -> Error {
    Error::ImageUnavailable {
        url: url.to_owned(),
        reason: reason.into(),
    }
}
