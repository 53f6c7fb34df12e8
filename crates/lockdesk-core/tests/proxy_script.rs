//! Behind an office's automatic proxy configuration script (`LOCKDESK_PROXY_PAC_URL`): the one
//! test program that sets the variable, so no other test's requests follow its script. The
//! script sends every address to a proxy where nothing listens, the name `login.lockdesk.test`
//! to a recording proxy on the loopback, and `updates.lockdesk.test` to one of two proxies at
//! random on each evaluation.
//!
//! - Addresses of this computer go straight whatever the script says, for every client
//!   Lockdesk builds (the service's transport, the clients of images and webhooks, the
//!   updater's route).
//! - A login kept for an HTTPS proxy is not sent to an HTTP proxy on the same host and port.
//! - The updater's proxy and the login given with it come from one evaluation of the script.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex, OnceLock};

use lockdesk_api::proxy::{client_builder, proxy_address, PAC_URL_VARIABLE};
use lockdesk_api::{ProxyLogin, ServiceUrl, Transport};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::proxy::commands::proxy_with_login;
use lockdesk_core::secrets::MemoryStore;

/// A forward proxy on the loopback that records each request's head and answers `200 ok`.
struct Recorder {
    port: u16,
    heads: Arc<Mutex<Vec<String>>>,
}

impl Recorder {
    fn start() -> Recorder {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let heads = Arc::new(Mutex::new(Vec::new()));
        let kept = heads.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut reader = BufReader::new(stream);
                let mut head = String::new();
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    head.push_str(&line);
                }
                kept.lock().unwrap().push(head);
                let _ = reader.get_mut().write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok",
                );
            }
        });
        Recorder { port, heads }
    }

    fn heads(&self) -> Vec<String> {
        self.heads.lock().unwrap().clone()
    }
}

/// A plain HTTP server on the loopback answering `200 here` (the service, an image, a webhook
/// on this computer).
fn local_server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream);
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
            }
            let _ = reader.get_mut().write_all(
                b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nhere",
            );
        }
    });
    port
}

/// The script (a file in a folder kept for the program's life) with the variable naming it,
/// and the recording proxy it names.
fn office() -> &'static Recorder {
    static OFFICE: OnceLock<(Recorder, tempfile::TempDir)> = OnceLock::new();
    &OFFICE
        .get_or_init(|| {
            let recorder = Recorder::start();
            let dir = tempfile::tempdir().unwrap();
            let script = dir.path().join("proxy.pac");
            std::fs::write(
                &script,
                format!(
                    r#"function FindProxyForURL(url, host) {{
    if (host == "login.lockdesk.test") return "PROXY 127.0.0.1:{port}";
    if (host == "updates.lockdesk.test")
        return Math.random() < 0.5 ? "PROXY a.lockdesk.test:3128" : "PROXY b.lockdesk.test:3128";
    return "PROXY 127.0.0.1:9";
}}"#,
                    port = recorder.port
                ),
            )
            .unwrap();
            let url = url::Url::from_file_path(&script).unwrap();
            std::env::set_var(PAC_URL_VARIABLE, url.as_str());
            (recorder, dir)
        })
        .0
}

fn app() -> (AppContext, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    (AppContext::new(core), dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn addresses_of_this_computer_go_straight_whatever_the_script_says() {
    office();
    let port = local_server();
    let here = format!("http://127.0.0.1:{port}/");
    // Elsewhere the script's proxy is named (nothing listens there).
    let elsewhere: url::Url = "https://api.example/v3/locks".parse().unwrap();
    assert_eq!(
        proxy_address(&elsewhere).as_deref(),
        Some("http://127.0.0.1:9")
    );
    for this_computer in [
        here.clone(),
        format!("http://localhost:{port}/"),
        "http://[::1]:8080/".into(),
    ] {
        let url: url::Url = this_computer.parse().unwrap();
        assert_eq!(proxy_address(&url), None, "{url}");
        // The updater is told to use no proxy.
        let (ctx, _dir) = app();
        assert_eq!(proxy_with_login(&ctx, &url), None, "{url}");
    }
    // The service's transport and the client of images and webhooks reach it.
    let service = Transport::with_proxy_login(ServiceUrl::parse(&here).unwrap(), None).unwrap();
    service.check_proxy().await.unwrap();
    let body = client_builder(None)
        .build()
        .unwrap()
        .get(&here)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(body, "here");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_login_kept_for_an_https_proxy_never_goes_to_an_http_one_on_its_host_and_port() {
    let recorder = office();
    let get = |login: ProxyLogin| async move {
        let client = client_builder(Some(&login)).build().unwrap();
        let answer = client
            .get("http://login.lockdesk.test/hook")
            .send()
            .await
            .unwrap();
        assert_eq!(answer.text().await.unwrap(), "ok");
    };
    let seen = |n: usize| recorder.heads()[n].to_ascii_lowercase();
    let before = recorder.heads().len();
    // The script names `PROXY 127.0.0.1:PORT`, an HTTP proxy: the HTTPS one's login stays.
    let https = format!("https://127.0.0.1:{}", recorder.port);
    get(ProxyLogin::new(https, "yamada", "s3cret-https")).await;
    assert!(
        !seen(before).contains("proxy-authorization"),
        "{}",
        seen(before)
    );
    // The login given for that very HTTP proxy goes to it.
    let http = format!("http://127.0.0.1:{}", recorder.port);
    get(ProxyLogin::new(http, "yamada", "s3cret-http")).await;
    assert!(
        seen(before + 1).contains("proxy-authorization: basic"),
        "{}",
        seen(before + 1)
    );
}

/// The script answers one of two proxies at random for the update server: the address the
/// updater is given and the login with it always belong together (the route is chosen once).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_updater_gets_its_proxy_and_that_proxy_s_login_from_one_choice() {
    office();
    let (ctx, _dir) = app();
    let secrets = ctx.core().secrets.clone();
    for (proxy, user) in [
        ("http://a.lockdesk.test:3128", "alice"),
        ("http://b.lockdesk.test:3128", "bob"),
    ] {
        lockdesk_core::proxy::logins::save(
            secrets.as_ref(),
            &ProxyLogin::new(proxy, user, format!("{user}-pw")),
        )
        .unwrap();
    }
    let endpoint: url::Url = "https://updates.lockdesk.test/latest.json".parse().unwrap();
    let mut hosts = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let proxy = proxy_with_login(&ctx, &endpoint).expect("a proxy");
        let host = proxy.host_str().unwrap().to_owned();
        let expected = if host.starts_with('a') {
            "alice"
        } else {
            "bob"
        };
        assert_eq!(proxy.username(), expected, "{proxy}");
        hosts.insert(host);
    }
    assert_eq!(hosts.len(), 2, "the script always answered {hosts:?}");
}
