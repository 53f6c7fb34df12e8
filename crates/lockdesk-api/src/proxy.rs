//! The proxy a request goes through: the system's settings (Windows' Internet settings, macOS'
//! network settings) and `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` everywhere, read the way
//! reqwest reads them for every request (both use hyper-util's matcher). Only used to name the
//! proxy when a request through it fails: an administrator must know it was the proxy, not the
//! service, that could not be reached.

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
}
