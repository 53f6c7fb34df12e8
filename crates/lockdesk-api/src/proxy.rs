//! The proxy a request goes through: an automatic configuration script when one is set
//! (`proxy_auto.rs`), else the system's settings (Windows' Internet settings, macOS' network
//! settings) and `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` everywhere, read the way reqwest reads
//! them (hyper-util's matcher). Every client Lockdesk builds routes each request through
//! [`route`], and the same choice names the proxy when a request through it fails (an
//! administrator must know it was the proxy, not the service, that could not be reached) and
//! gives a proxy that asks for a user name and password (407) the [`ProxyLogin`] the person gave
//! for it. Addresses of this computer (`localhost`, 127.0.0.0/8, ::1) always go straight, as
//! browsers send them: no proxy or script is asked, so no proxy ever sees a request meant for a
//! program on this computer.

use hyper_util::client::proxy::matcher::Matcher;

use crate::proxy_auto::{host_port, PacAnswer};

pub use crate::proxy_auto::PAC_URL_VARIABLE;

/// Where a request to one address goes.
enum Way {
    Straight,
    /// Through `proxy` (`scheme://host:port`), with the user name and password written in its
    /// variable, if any.
    Through {
        proxy: http::Uri,
        basic: Option<(String, String)>,
    },
    /// Straight, because the automatic configuration script could not be used.
    ScriptFailed {
        script: String,
        problem: String,
    },
}

/// The choice for `url`, made off the async runtime's workers (a script may take seconds).
fn way(url: &url::Url, matcher: &Matcher) -> Way {
    if crate::loopback::is_loopback(url) {
        return Way::Straight;
    }
    crate::proxy_auto::off_the_workers(|| way_beyond_this_computer(url, matcher))
}

fn way_beyond_this_computer(url: &url::Url, matcher: &Matcher) -> Way {
    if let Some(answer) = crate::proxy_auto::answer(url) {
        return match answer {
            PacAnswer::Direct => Way::Straight,
            PacAnswer::Proxy(proxy) => Way::Through { proxy, basic: None },
            PacAnswer::Failed { script, problem } => Way::ScriptFailed { script, problem },
        };
    }
    let Ok(uri) = url.as_str().parse::<http::Uri>() else {
        return Way::Straight;
    };
    match matcher.intercept(&uri) {
        Some(intercept) => Way::Through {
            proxy: intercept.uri().clone(),
            basic: intercept.basic_auth().and_then(basic_credentials),
        },
        None => Way::Straight,
    }
}

/// `scheme://host:port` of the proxy for `url`, without any user name or password; `None` when
/// the request goes straight to the service.
pub fn proxy_for(url: &url::Url) -> Option<String> {
    let Way::Through { proxy, .. } = way(url, &Matcher::from_system()) else {
        return None;
    };
    shown_proxy(&proxy)
}

/// `scheme://host:port` of `proxy`, without any user name or password.
fn shown_proxy(proxy: &http::Uri) -> Option<String> {
    let host = proxy.host()?;
    let scheme = proxy.scheme_str().unwrap_or("http");
    Some(match proxy.port_u16() {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

/// `scheme://host:port` of the proxy for `url`, the port always written (the key its
/// [`ProxyLogin`] is kept under, and the address to reach it at); `None` when the request goes
/// straight. One choice: a client that needs the proxy's address and its login takes both from
/// this one answer (a script may answer differently a moment later).
pub fn proxy_address(url: &url::Url) -> Option<String> {
    let Way::Through { proxy, .. } = way(url, &Matcher::from_system()) else {
        return None;
    };
    address_of(&proxy)
}

/// `scheme://host:port` of `proxy`, the port always written. The scheme is part of it: a login
/// given for an HTTPS proxy must never go in clear to an HTTP proxy on the same host and port
/// (a script may name either).
fn address_of(proxy: &http::Uri) -> Option<String> {
    let scheme = proxy.scheme_str().unwrap_or("http");
    Some(format!("{scheme}://{}", host_port(proxy)?))
}

/// A connection that went by `route` could not reach its proxy: a script that ranks another
/// choice after it is followed to that one for a while (`proxy_auto.rs`).
pub(crate) fn proxy_unreachable(route: &Route) {
    let Route::Proxy(shown) = route else {
        return;
    };
    if let Some(key) = shown.parse::<http::Uri>().ok().as_ref().and_then(host_port) {
        crate::proxy_auto::mark_down(&key);
    }
}

/// The user name and password the person gave for one proxy (`scheme://host:port`), sent to
/// that proxy only, in `Proxy-Authorization` (plain requests) or the `CONNECT` that opens a
/// tunnel. The password never shows in debug output.
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

    /// `scheme://host:port` of the proxy these are for ([`proxy_address`]).
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

/// `builder` routing each request as [`way`] says (the script, the variables, the system's
/// proxy, `NO_PROXY`), sending `login` to its proxy only (another proxy keeps the user name and
/// password written in its variable, if any). reqwest asks on every new connection, so a changed
/// setting or script applies to the next one.
pub(crate) fn route(
    builder: reqwest::ClientBuilder,
    login: Option<&ProxyLogin>,
) -> reqwest::ClientBuilder {
    let login = login.cloned();
    let matcher = Matcher::from_system();
    builder.proxy(reqwest::Proxy::custom(move |url: &url::Url| {
        let Way::Through { proxy, basic } = way(url, &matcher) else {
            return None;
        };
        let mut target = url::Url::parse(&proxy.to_string()).ok()?;
        let credentials = match &login {
            Some(login) if address_of(&proxy).as_deref() == Some(login.proxy()) => {
                Some((login.user.clone(), login.password.clone()))
            }
            _ => basic,
        };
        if let Some((user, password)) = credentials {
            target.set_username(&user).ok()?;
            target.set_password(Some(&password)).ok()?;
        }
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

/// How a failed connection went, for its message: straight, through a proxy, or straight
/// because the automatic configuration script could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    Straight,
    /// `scheme://host:port` of the proxy, without a user name or password.
    Proxy(String),
    /// The script's address (without a user name, password or query) and what went wrong.
    ScriptFailed {
        script: String,
        problem: String,
    },
}

/// How a request to `url` goes, as [`Route`].
pub fn route_of(url: &url::Url) -> Route {
    match way(url, &Matcher::from_system()) {
        Way::Straight => Route::Straight,
        Way::Through { proxy, .. } => shown_proxy(&proxy).map_or(Route::Straight, Route::Proxy),
        Way::ScriptFailed { script, problem } => Route::ScriptFailed { script, problem },
    }
}

/// The reason of a failed connection, naming the proxy when one was in the way, and the
/// automatic configuration script when it could not be used.
pub(crate) fn reason_with(route: &Route, reason: String) -> String {
    match route {
        Route::Straight => reason,
        Route::Proxy(proxy) => format!("through the proxy {proxy}: {reason}"),
        Route::ScriptFailed { script, problem } => format!(
            "the automatic proxy configuration script {script} could not be used ({problem}), \
             so the request went straight to the address: {reason}"
        ),
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
            reason_with(
                &route_of(&"https://api.example/".parse().unwrap()),
                "refused".into()
            ),
            "refused"
        );
        assert_eq!(
            reason_with(
                &Route::Proxy("http://proxy.example:3128".into()),
                "refused".into()
            ),
            "through the proxy http://proxy.example:3128: refused"
        );
    }

    /// Whatever the proxy settings say (here: everything through a proxy), an address of this
    /// computer is reached straight.
    #[test]
    fn addresses_of_this_computer_always_go_straight() {
        let everything = Matcher::builder().all("http://proxy.example:3128").build();
        let through =
            |u: &str| matches!(way(&u.parse().unwrap(), &everything), Way::Through { .. });
        for this_computer in [
            "http://127.0.0.1:8080/v3/locks",
            "http://127.8.9.10/",
            "https://localhost:4443/",
            "http://LOCALHOST/",
            "http://[::1]:8080/",
        ] {
            assert!(!through(this_computer), "{this_computer} went to the proxy");
        }
        assert!(through("https://api.example/v3/locks"));
        assert!(
            through("http://10.0.0.1/"),
            "only this computer goes straight"
        );
    }

    /// The login is kept per `scheme://host:port`: a script that names an HTTP proxy at the
    /// host and port of an HTTPS one whose login is kept gets no login (it would go in clear).
    #[test]
    fn a_login_goes_only_to_the_scheme_host_and_port_it_was_given_for() {
        let https: http::Uri = "https://gw.example:8443".parse().unwrap();
        let http: http::Uri = "http://gw.example:8443".parse().unwrap();
        let bare: http::Uri = "http://gw.example".parse().unwrap();
        assert_eq!(
            address_of(&https).as_deref(),
            Some("https://gw.example:8443")
        );
        assert_eq!(address_of(&http).as_deref(), Some("http://gw.example:8443"));
        assert_eq!(address_of(&bare).as_deref(), Some("http://gw.example:80"));
        assert_ne!(address_of(&https), address_of(&http));
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
