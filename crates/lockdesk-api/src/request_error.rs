//! The [`Error`] for a request that failed on its way (no answer, TLS, timeout, the proxy's 407):
//! kept apart from `error.rs` because it needs the service's address, which `config.rs` parses
//! into an `Error` of its own.

use crate::config::ServiceUrl;
use crate::error::Error;
use crate::error_chain::root_cause;

/// A failed request to the service at `base`. Only the base address is kept: full v2 URLs
/// carry the access token as a query parameter. `route`: the way the request was sent, read
/// before it was (read after, another request's failure could have changed it meanwhile).
pub(crate) fn from_reqwest(
    base: &ServiceUrl,
    err: reqwest::Error,
    login_refused: bool,
    route: crate::proxy::Route,
) -> Error {
    let base_url = base.as_str().to_owned();
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
        Error::Timeout { base_url, route }
    } else {
        Error::Transport {
            base_url,
            reason: crate::proxy::reason_with(&route, root_cause(&err.without_url())),
            route,
        }
    }
}

/// Whether the connection never reached its first hop: refused, no route to it, or its name did
/// not resolve (hyper-util's "dns error"). A certificate refused, a tunnel the proxy refused
/// or dropped, and a timeout are not: reqwest's connect timeout covers the tunnel and the
/// service's handshake too, so a slow service behind a working proxy would look the same.
fn first_hop_unreachable(err: &reqwest::Error) -> bool {
    use std::io::ErrorKind;
    if !err.is_connect() || err.is_timeout() || crate::tls::problem_of(err).is_some() {
        return false;
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = cause {
        if e.to_string() == "dns error" {
            return true;
        }
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            return matches!(
                io.kind(),
                ErrorKind::ConnectionRefused
                    | ErrorKind::HostUnreachable
                    | ErrorKind::NetworkUnreachable
                    | ErrorKind::AddrNotAvailable
            );
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

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    async fn error_of(client: reqwest::Client, url: &str) -> reqwest::Error {
        client.get(url).send().await.unwrap_err()
    }

    /// A proxy nothing answers on is unreachable; a proxy that answers, refusing the tunnel, is
    /// not (its script's next choice would hide what it said).
    #[tokio::test]
    async fn only_a_first_hop_that_cannot_be_reached_counts() {
        let straight = reqwest::Client::builder().no_proxy().build().unwrap();
        let refused = error_of(straight, "http://127.0.0.1:9/").await;
        assert!(first_hop_unreachable(&refused), "{refused:?}");

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let _ = stream.read(&mut [0u8; 1024]).await;
                let _ = stream
                    .write_all(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                    .await;
            }
        });
        let through = reqwest::Client::builder()
            .proxy(reqwest::Proxy::all(proxy).unwrap())
            .build()
            .unwrap();
        let tunnel = error_of(through, "https://service.example/").await;
        assert!(tunnel.is_connect(), "{tunnel:?}");
        assert!(!first_hop_unreachable(&tunnel), "{tunnel:?}");
    }
}
