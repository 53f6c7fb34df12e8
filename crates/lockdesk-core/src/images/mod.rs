//! Lock images for the main window, fetched by the core. The window's CSP admits no remote
//! content (`img-src 'self' data: blob:`), so the UI asks for an image the service named and
//! gets it back as a `data:` URL. This is no general fetch: only addresses that came in a
//! service answer for the organization in use (on the same connection) are fetched, without
//! credentials, at most [`MAX_IMAGE_BYTES`], only when the bytes are a known image format (the
//! server's content type is not trusted), and only where [`policy`] allows: https, never a
//! private range, loopback only when the connection is loopback, redirects never inward.
//! Behind the office proxy an image goes through it like every other request (with the login
//! kept for that proxy), and only to names that look public ([`policy::check_name_for_proxy`]).

pub(crate) mod cache;
mod policy;
pub mod upload;

pub(crate) use cache::{ImageScope, Route};
pub use cache::{ImagesGetRequest, ImagesGetResponse, MAX_IMAGE_BYTES};
pub use policy::MAX_REDIRECTS;

use url::Url;

use crate::app::context::AppContext;
use crate::error::Result;

/// The route of `url`: the proxy the system names for it, if any, with its kept login.
fn route_of(ctx: &AppContext, url: &str) -> Result<Route> {
    if ctx.core().straight {
        return Ok(Route::Direct);
    }
    let proxy = Url::parse(url)
        .ok()
        .and_then(|u| lockdesk_api::proxy::proxy_address(&u));
    Ok(match proxy {
        None => Route::Direct,
        Some(proxy) => Route::SystemProxy {
            login: crate::proxy::logins::load(ctx.core().secrets.as_ref(), &proxy)?,
            proxy,
        },
    })
}

/// The image at `url` (named by the service for the organization in use) as a `data:` URL.
pub async fn images_get(ctx: &AppContext, req: ImagesGetRequest) -> Result<ImagesGetResponse> {
    let (client, org) = ctx.org().await?;
    let scope = ImageScope::of(&client, &org);
    ctx.space()
        .images
        .get(&scope, &req.url, || route_of(ctx, &req.url))
        .await
}

#[cfg(test)]
mod tests;
