//! The HTTP client for services other than the door service (chat webhooks, Entra ID and
//! Graph, Google's Directory API): the operating system's trust store and the system's proxy
//! for the address, with the login kept for that proxy. Redirects are not followed (a webhook
//! or an API address never moves; following one would carry a message or a token elsewhere).

use std::time::Duration;

use crate::app::context::AppContext;
use crate::error::Result;

/// How long one request may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The client for requests to `url`: through the proxy the system names for it, with the
/// login kept for that proxy.
pub fn client_for(ctx: &AppContext, url: &url::Url) -> Result<reqwest::Client> {
    let login = match lockdesk_api::proxy::proxy_address(url) {
        Some(proxy) => crate::proxy::logins::load(ctx.core().secrets.as_ref(), &proxy)?,
        None => None,
    };
    Ok(client(login.as_ref()))
}

/// A client through the system's proxy with `login` for it.
pub fn client(login: Option<&lockdesk_api::ProxyLogin>) -> reqwest::Client {
    lockdesk_api::proxy::client_builder(login)
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(10))
        .timeout(REQUEST_TIMEOUT)
        .user_agent(concat!("lockdesk/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_else(|_| reqwest::Client::new())
}
