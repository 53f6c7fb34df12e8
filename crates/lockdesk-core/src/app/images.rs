//! Lock images for the main window, fetched by the core. The window's CSP admits no remote
//! content (`img-src 'self' data: blob:`), so the UI asks for an image the service named and
//! gets it back as a `data:` URL. This is no general fetch: only addresses that came in a
//! service answer during this run are fetched, over https (http only to loopback, the rule for
//! service addresses), without credentials, at most [`MAX_IMAGE_BYTES`], and only when the
//! bytes are a known image format (the server's content type is not trusted).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use base64::Engine;
use futures::StreamExt;
use lockdesk_api::config::secure_or_loopback;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use url::Url;

use crate::app::AppContext;
use crate::error::{Error, Result};

pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;
/// Total size of the images kept in memory; the cache starts over beyond it.
const CACHE_BYTES: usize = 32 * 1024 * 1024;

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct ImagesGetRequest {
    /// An `image_url` from a view the app returned (e.g. `LockView.image_url`).
    pub url: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct ImagesGetResponse {
    /// `data:image/…;base64,…`, for an `<img src>`.
    pub data_url: String,
    pub bytes: u64,
}

/// Image addresses the service named, and the images fetched so far.
#[derive(Default)]
pub(crate) struct Images {
    state: Mutex<ImagesState>,
    client: OnceLock<reqwest::Client>,
}

#[derive(Default)]
struct ImagesState {
    known: HashSet<String>,
    cached: HashMap<String, Arc<ImagesGetResponse>>,
    cached_bytes: usize,
}

impl Images {
    /// Records addresses from a service answer, so the UI may ask for them.
    pub(crate) fn note<'a>(&self, urls: impl IntoIterator<Item = &'a Option<String>>) {
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        st.known.extend(urls.into_iter().flatten().cloned());
    }

    /// Records the address from an answer to a change (a new image may come under the same
    /// address), dropping what was fetched from it before.
    pub(crate) fn renew(&self, url: &Option<String>) {
        let Some(url) = url else { return };
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(old) = st.cached.remove(url) {
            st.cached_bytes -= old.data_url.len();
        }
        st.known.insert(url.clone());
    }

    fn client(&self) -> &reqwest::Client {
        self.client.get_or_init(|| {
            // Image hosts may redirect (CDNs); every hop keeps to https or loopback.
            let policy = reqwest::redirect::Policy::custom(|a| {
                if a.previous().len() >= 3 || !secure_or_loopback(a.url()) {
                    a.stop()
                } else {
                    a.follow()
                }
            });
            reqwest::Client::builder()
                .redirect(policy)
                .connect_timeout(Duration::from_secs(10))
                .timeout(Duration::from_secs(30))
                .build()
                .expect("an HTTP client with rustls")
        })
    }
}

fn unavailable(url: &str, reason: impl Into<String>) -> Error {
    Error::ImageUnavailable {
        url: url.to_owned(),
        reason: reason.into(),
    }
}

/// The image at `url` (named by the service) as a `data:` URL.
pub async fn images_get(ctx: &AppContext, req: ImagesGetRequest) -> Result<ImagesGetResponse> {
    let space = ctx.space();
    let images = &space.images;
    {
        let st = images.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(hit) = st.cached.get(&req.url) {
            return Ok((**hit).clone());
        }
        if !st.known.contains(&req.url) {
            return Err(Error::invalid(
                "url",
                "only images the service named can be shown; refresh the list",
            ));
        }
    }
    let url = Url::parse(&req.url).map_err(|e| unavailable(&req.url, e.to_string()))?;
    if !secure_or_loopback(&url) {
        return Err(unavailable(
            &req.url,
            "the address is not https (plain http is only fetched from this computer)",
        ));
    }
    let resp = images
        .client()
        .get(url)
        .send()
        .await
        .map_err(|e| unavailable(&req.url, e.to_string()))?;
    if !resp.status().is_success() {
        return Err(unavailable(
            &req.url,
            format!("the server answered {}", resp.status()),
        ));
    }
    if resp
        .content_length()
        .is_some_and(|n| n as usize > MAX_IMAGE_BYTES)
    {
        return Err(unavailable(&req.url, "the image is larger than 5 MiB"));
    }
    let mut body = Vec::new();
    let mut stream = resp.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| unavailable(&req.url, e.to_string()))?;
        if body.len() + chunk.len() > MAX_IMAGE_BYTES {
            return Err(unavailable(&req.url, "the image is larger than 5 MiB"));
        }
        body.extend_from_slice(&chunk);
    }
    let mime = image::guess_format(&body)
        .map(|f| f.to_mime_type())
        .map_err(|_| unavailable(&req.url, "the answer is not an image"))?;
    let answer = ImagesGetResponse {
        data_url: format!(
            "data:{mime};base64,{}",
            base64::engine::general_purpose::STANDARD.encode(&body)
        ),
        bytes: body.len() as u64,
    };
    let mut st = images.state.lock().unwrap_or_else(|p| p.into_inner());
    if st.cached_bytes + answer.data_url.len() > CACHE_BYTES {
        st.cached.clear();
        st.cached_bytes = 0;
    }
    st.cached_bytes += answer.data_url.len();
    st.cached.insert(req.url, Arc::new(answer.clone()));
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Context, MemoryStore};
    use wiremock::matchers::path;
    use wiremock::{Mock, MockServer, ResponseTemplate};

    fn png() -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        image::RgbImage::new(3, 2)
            .write_to(&mut out, image::ImageFormat::Png)
            .unwrap();
        out.into_inner()
    }

    async fn setup() -> (AppContext, MockServer, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let ctx = AppContext::new(Context::for_tests(dir.path(), Arc::new(MemoryStore::new())));
        let server = MockServer::start().await;
        (ctx, server, dir)
    }

    async fn get(ctx: &AppContext, url: &str) -> Result<ImagesGetResponse> {
        images_get(
            ctx,
            ImagesGetRequest {
                url: url.to_owned(),
            },
        )
        .await
    }

    #[tokio::test]
    async fn fetches_only_named_images_and_sniffs_their_type() {
        let (ctx, server, _dir) = setup().await;
        // The server calls it text; the bytes are a PNG: the bytes decide.
        Mock::given(path("/a.png"))
            .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "text/plain"))
            .expect(1)
            .mount(&server)
            .await;
        let url = format!("{}/a.png", server.uri());
        let e = get(&ctx, &url).await.unwrap_err();
        assert_eq!(
            e.code(),
            crate::ErrorCode::InvalidInput,
            "not named by the service yet"
        );
        ctx.space().images.note([&Some(url.clone())]);
        let got = get(&ctx, &url).await.unwrap();
        assert!(got.data_url.starts_with("data:image/png;base64,"));
        assert_eq!(got.bytes, png().len() as u64);
        // Cached: the mock expects exactly one request.
        assert_eq!(get(&ctx, &url).await.unwrap().data_url, got.data_url);
    }

    #[tokio::test]
    async fn refuses_what_is_not_an_image_too_large_or_insecure() {
        let (ctx, server, _dir) = setup().await;
        Mock::given(path("/page"))
            .respond_with(ResponseTemplate::new(200).set_body_raw("<html>", "image/png"))
            .mount(&server)
            .await;
        Mock::given(path("/huge.png"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_raw(vec![0u8; MAX_IMAGE_BYTES + 1], "image/png"),
            )
            .mount(&server)
            .await;
        Mock::given(path("/gone.png"))
            .respond_with(ResponseTemplate::new(404))
            .mount(&server)
            .await;
        Mock::given(path("/hop.png"))
            .respond_with(
                ResponseTemplate::new(302).insert_header("location", "http://example.com/x.png"),
            )
            .mount(&server)
            .await;
        let named = |p: &str| {
            let url = format!("{}{p}", server.uri());
            ctx.space().images.note([&Some(url.clone())]);
            url
        };
        for p in ["/page", "/huge.png", "/gone.png", "/hop.png"] {
            let e = get(&ctx, &named(p)).await.unwrap_err();
            assert_eq!(e.code(), crate::ErrorCode::ImageUnavailable, "{p}: {e}");
        }
        // Plain http to another computer is never fetched (no request leaves).
        let insecure = "http://example.com/lock.png".to_owned();
        ctx.space().images.note([&Some(insecure.clone())]);
        let e = get(&ctx, &insecure).await.unwrap_err();
        assert_eq!(e.code(), crate::ErrorCode::ImageUnavailable);
        assert!(e.to_string().contains("https"), "{e}");
    }

    #[tokio::test]
    async fn a_changed_image_is_fetched_again() {
        let (ctx, server, _dir) = setup().await;
        Mock::given(path("/lock.png"))
            .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "image/png"))
            .expect(2)
            .mount(&server)
            .await;
        let url = Some(format!("{}/lock.png", server.uri()));
        ctx.space().images.note([&url]);
        get(&ctx, url.as_deref().unwrap()).await.unwrap();
        ctx.space().images.renew(&url);
        get(&ctx, url.as_deref().unwrap()).await.unwrap();
    }
}
