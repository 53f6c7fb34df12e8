//! The [`Error`] for a request that failed on its way (no answer, TLS, timeout, the proxy's 407):
//! kept apart from `error.rs` because it needs the service's address, which `config.rs` parses
//! into an `Error` of its own.

use crate::config::ServiceUrl;
use crate::error::Error;
use crate::error_chain::root_cause;

/// A failed request to the service at `base`. Only the base address is kept: full v2 URLs
/// carry the access token as a query parameter.
/// `straight`: the request went straight whatever the proxy settings say
/// ([`crate::Transport::straight`]).
pub(crate) fn from_reqwest(
    base: &ServiceUrl,
    err: reqwest::Error,
    login_refused: bool,
    straight: bool,
) -> Error {
    let base_url = base.as_str().to_owned();
    // The way this connection went, before a proxy found down changes the next one's.
    let route = if straight {
        crate::proxy::Route::Straight
    } else {
        crate::proxy::route_of(base.url())
    };
    if first_hop_unreachable(&err) {
        crate::proxy::proxy_unreachable(&route);
    }
    if crate::proxy::is_tunnel_auth_refusal(&err) {
        proxy_auth_required(base, login_refused)
    } else if let Some(problem) = crate::tls::problem_of(&err) {
        Error::Tls {
            base_url,
            host: base.url().host_str().unwrap_or_default().to_owned(),
            problem,
        }
    } else if err.is_timeout() {
        Error::Timeout { base_url }
    } else {
        Error::Transport {
            base_url,
            reason: crate::proxy::reason_with(&route, root_cause(&err.without_url())),
            route,
        }
    }
}

/// Whether the connection never reached its first hop (refused, unreachable, a name that does
/// not resolve, no answer in time): an I/O error or a timeout under a connect error. A proxy
/// that answered, refusing a tunnel, is not one.
fn first_hop_unreachable(err: &reqwest::Error) -> bool {
    if !err.is_connect() {
        return false;
    }
    if err.is_timeout() {
        return true;
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = cause {
        if e.is::<std::io::Error>() {
            return true;
        }
        cause = e.source();
    }
    false
}

/// The proxy of `base` answered 407; `login_refused` when a login was sent to it.
pub(crate) fn proxy_auth_required(base: &ServiceUrl, login_refused: bool) -> Error {
    Error::ProxyAuthRequired {
        proxy: crate::proxy::proxy_for(base.url()).unwrap_or_else(|| "in the way".to_owned()),
        login_refused,
    }
}
