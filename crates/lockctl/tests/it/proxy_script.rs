//! Behind an office proxy chosen by an automatic configuration script (a PAC file): real
//! `lockctl` processes told the script's address (`LOCKDESK_PROXY_PAC_URL`; on Windows the
//! walk sets it in the Internet settings instead), a service reachable only through the proxy
//! the script names (`auth_proxy.rs`, Linux). A script that cannot be fetched, or that names
//! only a proxy nothing answers on, is named in the error; a proxy ranked after a dead one is
//! taken. A service on this computer, the demo's or any other, goes straight whatever the
//! script says.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use lockdesk_api::proxy::PAC_URL_VARIABLE;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[cfg(target_os = "linux")]
use crate::auth_proxy::{home_behind_a_proxy, not_reached_straight, AuthProxy, SERVICE};
use crate::procs::Home;
use crate::support::start_sim;

/// Nothing listens on the discard port of the loopback.
const UNREACHABLE: &str = "http://127.0.0.1:9";

/// An HTTP server on the loopback that answers every request with one script, as the
/// office's script server does; counts the requests.
struct ScriptServer {
    url: String,
    hits: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for ScriptServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl ScriptServer {
    async fn start(script: String) -> ScriptServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/proxy.pac", listener.local_addr().unwrap());
        let hits = Arc::new(AtomicUsize::new(0));
        let counter = hits.clone();
        let task = tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                counter.fetch_add(1, Ordering::SeqCst);
                let script = script.clone();
                tokio::spawn(async move {
                    let mut request = [0u8; 4096];
                    let _ = stream.read(&mut request).await;
                    let head = format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/x-ns-proxy-autoconfig\r\n\
                         Content-Length: {}\r\nConnection: close\r\n\r\n",
                        script.len()
                    );
                    let _ = stream.write_all(head.as_bytes()).await;
                    let _ = stream.write_all(script.as_bytes()).await;
                    let _ = stream.shutdown().await;
                });
            }
        });
        ScriptServer { url, hits, task }
    }
}

/// A script that sends the service's address through `proxy` and everything else straight.
#[cfg(target_os = "linux")]
fn office_script(proxy: &str) -> String {
    script_answering(&format!("PROXY {proxy}; DIRECT"))
}

/// A script that answers `choices` for the service's address and DIRECT for everything else.
#[cfg(target_os = "linux")]
fn script_answering(choices: &str) -> String {
    format!(
        r#"function FindProxyForURL(url, host) {{
    if (isPlainHostName(host)) return "DIRECT";
    if (shExpMatch(url, "{SERVICE}/*")) return "{choices}";
    return "DIRECT";
}}"#
    )
}

/// Running homes and proxies.
#[cfg(target_os = "linux")]
struct Behind {
    home: Home,
    server: ScriptServer,
    _office: AuthProxy,
}

/// A home whose service is reached only through the proxy the script names, the script made
/// by `script` from the office proxy's `host:port` and served on the loopback; the profile
/// `work` signed in through it.
#[cfg(target_os = "linux")]
async fn signed_in_behind(script: impl FnOnce(&str) -> String) -> Behind {
    let (mut home, upstream) = home_behind_a_proxy();
    let office = AuthProxy::open(upstream).await;
    let proxy = office.url.trim_start_matches("http://").to_owned();
    let server = ScriptServer::start(script(&proxy)).await;
    home.env
        .push((PAC_URL_VARIABLE.into(), server.url.clone().into()));
    home.add_and_login("work", 0).await;
    Behind {
        home,
        server,
        _office: office,
    }
}

/// The test CA's trust stays; only the script variable goes.
#[cfg(target_os = "linux")]
fn without_script(home: &mut Home) {
    home.env.retain(|(k, _)| k != PAC_URL_VARIABLE);
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_script_routes_the_service_through_its_proxy_and_a_dead_script_or_proxy_is_named() {
    let Behind {
        mut home,
        server,
        _office,
    } = signed_in_behind(office_script).await;
    let orgs = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);
    assert!(
        server.hits.load(Ordering::SeqCst) >= 2,
        "each process fetched the script"
    );

    // Without the script the service's address is nothing.
    without_script(&mut home);
    let direct = home.run(&["--profile", "work", "orgs"]).await;
    assert_ne!(direct.code, 0, "reached without the script");
    assert!(not_reached_straight(&direct.stderr), "{}", direct.stderr);

    // A script server that is down: named, and the request was tried straight.
    let dead_script = format!("{UNREACHABLE}/proxy.pac");
    home.env
        .push((PAC_URL_VARIABLE.into(), dead_script.clone().into()));
    let dead = home.run(&["--profile", "work", "orgs"]).await;
    assert_ne!(dead.code, 0);
    assert!(
        dead.stderr.contains(&format!(
            "the automatic proxy configuration script {dead_script} could not be used"
        )) && not_reached_straight(&dead.stderr),
        "{}",
        dead.stderr
    );
    assert!(
        dead.stderr.contains(&format!(
            "hint: the proxy setup script {dead_script} could not be used, so the request went straight"
        )),
        "{}",
        dead.stderr
    );

    // A script whose only choice is a proxy nothing answers on: the proxy is named.
    let nowhere = ScriptServer::start(script_answering("PROXY 127.0.0.1:9")).await;
    without_script(&mut home);
    home.env
        .push((PAC_URL_VARIABLE.into(), nowhere.url.clone().into()));
    let refused = home.run(&["--profile", "work", "orgs"]).await;
    assert_ne!(refused.code, 0);
    assert!(
        refused
            .stderr
            .contains("through the proxy http://127.0.0.1:9"),
        "{}",
        refused.stderr
    );
    assert!(
        refused
            .stderr
            .contains("hint: check that the proxy http://127.0.0.1:9 is up"),
        "{}",
        refused.stderr
    );
}

/// A script that ranks a proxy nothing answers on first and a working one after it, as offices
/// do for a spare proxy: the sign-in and the service's calls go through the second, each in one
/// `lockctl` process, as a browser's would (the service is reachable through nothing else).
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scripts_next_proxy_is_taken_when_its_first_is_down() {
    let behind =
        signed_in_behind(|proxy| script_answering(&format!("PROXY 127.0.0.1:9; PROXY {proxy}")))
            .await;
    let orgs = behind.home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);
}

/// The demo's service is the simulator Lockdesk runs on this computer: neither the proxy
/// variables nor a setup script that sends everything to a proxy (here one nothing answers on)
/// can be meant for it, and the demo signs in, reads and syncs straight. So does any service
/// on this computer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_goes_straight_whatever_the_proxy_settings_say() {
    let mut home = Home::new(start_sim());
    home.proxy = Some(UNREACHABLE.into());
    let through_variables = home.run(&["demo"]).await;
    assert_eq!(through_variables.code, 0, "{}", through_variables.stderr);
    assert!(
        through_variables.stdout.contains("Lockdesk demo"),
        "{}",
        through_variables.stdout
    );

    home.proxy = None;
    let everything_proxied = ScriptServer::start(
        r#"function FindProxyForURL(url, host) { return "PROXY 127.0.0.1:9"; }"#.into(),
    )
    .await;
    home.env.push((
        PAC_URL_VARIABLE.into(),
        everything_proxied.url.clone().into(),
    ));
    let through_script = home.run(&["demo"]).await;
    assert_eq!(through_script.code, 0, "{}", through_script.stderr);
    assert!(
        through_script.stdout.contains("Lockdesk demo"),
        "{}",
        through_script.stdout
    );
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);
    // Not even asked: addresses of this computer go straight before any script.
    assert_eq!(everything_proxied.hits.load(Ordering::SeqCst), 0);
}
