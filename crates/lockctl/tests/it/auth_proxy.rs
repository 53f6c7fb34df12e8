//! A forward proxy on the loopback, as an office's: one that asks for a user name and password
//! (every request, a plain one in absolute form or the `CONNECT` of a secure one, without
//! `Proxy-Authorization: Basic` of its one user is answered 407 Proxy Authentication Required
//! and the connection closed), or an open one. Accepted requests go to `upstream` (the
//! simulator) whatever address they name, so the service's address, a name nothing resolves
//! ([`SERVICE`]), is reachable only through it. Addresses of this computer always go straight,
//! so the service is not a loopback address here: the simulator serves HTTPS for that name
//! with a certificate of a test CA the child processes trust (`SSL_CERT_FILE`, read on Linux).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use base64::Engine;
use lockdesk_sim::test_pki::{TestCa, Validity};
use lockdesk_sim::SimOptions;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use crate::procs::Home;
use crate::support::start_sim_with;

/// The service's address in the proxy tests: a name nothing resolves, which only the office's
/// proxy passes on (to the simulator).
pub const SERVICE: &str = "https://lockdesk-service.test";

/// Whether `stderr` tells of [`SERVICE`] tried straight and not reached: at once where the name
/// server says the name is nothing (`transport`), after the lookup's time where a firewall drops
/// the question unanswered, as on machines that reach only their package registries (`timeout`).
pub fn not_reached_straight(stderr: &str) -> bool {
    stderr.contains("[transport]") || stderr.contains("[timeout]")
}

/// A home whose profiles name [`SERVICE`], served by the simulator over HTTPS (its certificate,
/// for that name and its own loopback address where the test's browser signs in, from a CA the
/// children trust); and the simulator's own address, where a proxy passes requests on.
pub fn home_behind_a_proxy() -> (Home, SocketAddr) {
    let ca = TestCa::new();
    let tls = ca.server(&["lockdesk-service.test", "127.0.0.1"], Validity::Current);
    let mut home = Home::new(start_sim_with(SimOptions {
        tls: Some(tls),
        ..SimOptions::small()
    }));
    let bundle = home.dir.path().join("company-roots.pem");
    std::fs::write(&bundle, &ca.cert_pem).unwrap();
    home.env.push(("SSL_CERT_FILE".into(), bundle));
    home.trust_pem = Some(ca.cert_pem.clone());
    home.service_url = Some(SERVICE.into());
    let upstream = home
        .sim
        .base_url
        .trim_start_matches("https://")
        .parse()
        .unwrap();
    (home, upstream)
}

pub struct AuthProxy {
    /// `http://127.0.0.1:PORT`, for `HTTP_PROXY` / `HTTPS_PROXY`.
    pub url: String,
    refused: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for AuthProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl AuthProxy {
    /// Starts the proxy for `user` / `password`, passing accepted requests to `upstream`.
    pub async fn start(upstream: SocketAddr, user: &str, password: &str) -> AuthProxy {
        let expected =
            base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        Self::listen(upstream, Some(expected)).await
    }

    /// An office proxy that asks for nothing.
    pub async fn open(upstream: SocketAddr) -> AuthProxy {
        Self::listen(upstream, None).await
    }

    async fn listen(upstream: SocketAddr, expected: Option<String>) -> AuthProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let refused = Arc::new(AtomicUsize::new(0));
        let counter = refused.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let expected = expected.clone();
                let counter = counter.clone();
                tokio::spawn(async move {
                    let _ = serve(stream, upstream, &expected, &counter).await;
                });
            }
        });
        AuthProxy { url, refused, task }
    }

    /// How many requests were answered 407.
    pub fn refused(&self) -> usize {
        self.refused.load(Ordering::SeqCst)
    }
}

async fn serve(
    stream: TcpStream,
    upstream: SocketAddr,
    expected: &Option<String>,
    refused: &AtomicUsize,
) -> std::io::Result<()> {
    let mut client = BufReader::new(stream);
    let mut head = Vec::new();
    loop {
        let mut line = Vec::new();
        if client.read_until(b'\n', &mut line).await? == 0 {
            return Ok(());
        }
        head.extend_from_slice(&line);
        if line == b"\r\n" || line == b"\n" {
            break;
        }
    }
    let text = String::from_utf8_lossy(&head).into_owned();
    // Checked once per connection: reqwest sends the header with every request anyway.
    let authorized = expected.as_deref().is_none_or(|expected| {
        text.lines().any(|l| {
            l.split_once(':').is_some_and(|(name, value)| {
                let value = value.trim();
                name.eq_ignore_ascii_case("proxy-authorization")
                    && value.len() > 6
                    && value[..6].eq_ignore_ascii_case("basic ")
                    && value[6..] == *expected
            })
        })
    });
    if !authorized {
        refused.fetch_add(1, Ordering::SeqCst);
        client
            .get_mut()
            .write_all(
                b"HTTP/1.1 407 Proxy Authentication Required\r\n\
                  Proxy-Authenticate: Basic realm=\"office\"\r\n\
                  Content-Length: 0\r\nConnection: close\r\n\r\n",
            )
            .await?;
        return client.get_mut().shutdown().await;
    }
    let mut server = TcpStream::connect(upstream).await?;
    if text.starts_with("CONNECT ") {
        client
            .get_mut()
            .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
            .await?;
    } else {
        server.write_all(&head).await?;
    }
    // What the client sent after the head (already buffered) goes first.
    let buffered = client.buffer().to_vec();
    server.write_all(&buffered).await?;
    let mut client = client.into_inner();
    tokio::io::copy_bidirectional(&mut client, &mut server).await?;
    Ok(())
}
