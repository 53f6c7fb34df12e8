//! Automatic proxy configuration: an office that sets its computers to a script (a PAC file;
//! Windows' "Use setup script", macOS' "Automatic proxy configuration") has each request routed
//! by what the script's `FindProxyForURL` answers for it. The setting is read with proxy-watch;
//! Lockdesk fetches the script itself, straight from its address as browsers do, and runs it in
//! proxy-watch's QuickJS engine: one engine on every desktop, so what the tests run here (on
//! Linux and under Wine) is what runs on Windows and macOS.
//!
//! Which setting decides, first match wins: `LOCKDESK_PROXY_PAC_URL`; the proxy variables
//! (`HTTPS_PROXY`, …, read by the matcher in `proxy.rs`); the system's script address; the
//! system's fixed proxy (the matcher again). Windows' "Automatically detect settings" (WPAD)
//! is not discovered: the script address or fixed proxy set beneath it is used.
//!
//! A script may rank several choices (`PROXY a:8080; PROXY b:8080; DIRECT`): a proxy that a
//! connection could not reach is passed over for [`DOWN_KEPT`], as browsers do, so the request
//! tried again (a connection that never opened is tried again, whatever its method) takes the
//! next choice.
//!
//! Nothing here may hold a request up for long: the script runs at most
//! [`EVALUATION_TIMEOUT`] (an endless loop is interrupted), it is fetched or read from its file
//! within [`FETCH_TIMEOUT`] (a `file:` script on a share the laptop cannot reach away from the
//! office blocks its reader, not the request), and the whole choice is made off the async
//! runtime's worker threads ([`off_the_workers`]), so other requests and timers go on meanwhile.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proxy_watch::pac::{PacPolicy, PacRequirement, PacScript};

/// The variable that names a script to use whatever the system says (Linux desktops, whose
/// own automatic setting Lockdesk does not read, or a script an administrator is trying out).
pub const PAC_URL_VARIABLE: &str = "LOCKDESK_PROXY_PAC_URL";

/// A fetched script is used this long before it is fetched again; a failed fetch is not tried
/// again sooner than this (each request would otherwise wait on the same dead address).
const SCRIPT_KEPT: Duration = Duration::from_secs(300);
const FAILURE_KEPT: Duration = Duration::from_secs(30);
/// The system's setting is read again after this long (a laptop moves between networks).
const SETTING_KEPT: Duration = Duration::from_secs(60);
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a script may run for one address (browsers allow about as long).
const EVALUATION_TIMEOUT: Duration = Duration::from_secs(5);
/// Office scripts are a few kilobytes; more than this is not a proxy script.
const SCRIPT_MAX_BYTES: usize = 1 << 20;
/// A proxy nothing answered on is passed over this long (Chrome's time too).
const DOWN_KEPT: Duration = Duration::from_secs(300);

/// The proxies (`host:port`) a connection could not reach, and when.
static DOWN: Mutex<Vec<(String, Instant)>> = Mutex::new(Vec::new());

/// A connection could not reach the proxy at `host_port`: a script's next choice is taken
/// instead for [`DOWN_KEPT`].
pub(crate) fn mark_down(host_port: &str) {
    let mut down = DOWN.lock().unwrap_or_else(|e| e.into_inner());
    down.retain(|(proxy, at)| proxy != host_port && at.elapsed() < DOWN_KEPT);
    down.push((host_port.to_owned(), Instant::now()));
}

/// `host:port` of a proxy (the default port of its scheme when none is written): the key its
/// login is kept under, and a proxy found down is known by.
pub(crate) fn host_port(proxy: &http::Uri) -> Option<String> {
    let host = proxy.host()?;
    let port = proxy
        .port_u16()
        .unwrap_or(if proxy.scheme_str() == Some("https") {
            443
        } else {
            80
        });
    Some(format!("{host}:{port}"))
}

fn is_down(host_port: &str) -> bool {
    let down = DOWN.lock().unwrap_or_else(|e| e.into_inner());
    down.iter()
        .any(|(proxy, at)| proxy == host_port && at.elapsed() < DOWN_KEPT)
}

/// What the script answered for one address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PacAnswer {
    Direct,
    /// `scheme://host:port` of the proxy (http or https), without a user name or password.
    Proxy(http::Uri),
    /// The script could not be fetched or run, or named a proxy Lockdesk cannot use. The
    /// request goes straight to its address, as browsers do; an error it ends in names this.
    Failed {
        script: String,
        problem: String,
    },
}

/// What the script at the configured address answers for `url`; `None` when no script is
/// configured (the proxy variables or the system's fixed proxy decide). Fetches the script
/// when it is not held: a blocking call of at most [`FETCH_TIMEOUT`], then
/// [`EVALUATION_TIMEOUT`] for the script.
pub(crate) fn answer(url: &url::Url) -> Option<PacAnswer> {
    match configured_script(url)? {
        Ok(script_url) => Some(answer_from(&script_url, url)),
        Err(given) => Some(PacAnswer::Failed {
            script: given,
            problem: format!("{PAC_URL_VARIABLE} is not an address"),
        }),
    }
}

/// What the script at `script_url` answers for `url`.
fn answer_from(script_url: &url::Url, url: &url::Url) -> PacAnswer {
    let failed = |problem| PacAnswer::Failed {
        script: shown(script_url),
        problem,
    };
    match held_script(script_url) {
        Ok(script) => evaluate(&script, url).unwrap_or_else(failed),
        Err(problem) => failed(problem),
    }
}

/// Runs `f`, which may block (a script fetched, read or run), without holding up the async
/// runtime it is called from: on a worker thread of a multi-threaded runtime the worker's other
/// tasks are handed to another thread meanwhile (reqwest asks for a request's proxy
/// synchronously, on a worker). Elsewhere (a blocking thread, a single-threaded runtime, no
/// runtime) it simply runs.
pub(crate) fn off_the_workers<T>(f: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(h) if h.runtime_flavor() == RuntimeFlavor::MultiThread => tokio::task::block_in_place(f),
        _ => f(),
    }
}

/// Runs `script` for `url` under the policy a browser would give it: real name lookups
/// (office scripts test `isInNet(dnsResolve(host), …)`), this computer's address for
/// `myIpAddress()` and its time zone for `timeRange`.
fn evaluate(script: &PacScript, url: &url::Url) -> Result<PacAnswer, String> {
    let mut policy = PacPolicy::new()
        .with_timeout(Some(EVALUATION_TIMEOUT))
        .with_dns_resolution(true)
        .with_internal_addresses(true)
        .with_local_utc_offset(chrono::Local::now().offset().local_minus_utc());
    if let Some(ip) = this_computers_address() {
        policy = policy.with_my_ip_address(ip);
    }
    let steps = proxy_watch::pac::evaluate(script, url, &policy).map_err(|e| e.to_string())?;
    // reqwest takes one proxy per request: the first choice Lockdesk can use, as the script
    // ranks them (a SOCKS proxy is passed over for an HTTP one or DIRECT after it), and not a
    // proxy found down a moment ago while another choice is left (when all are, the first).
    let usable: Vec<PacAnswer> = steps
        .iter()
        .filter(|s| s.is_direct() || matches!(s.scheme(), Some("http" | "https")))
        .map(choice)
        .collect::<Result<_, _>>()?;
    let Some(first) = usable.first() else {
        return match steps.first().and_then(|s| s.scheme()) {
            Some(scheme) => Err(format!(
                "it chose a {} proxy, and Lockdesk goes only through HTTP proxies",
                scheme.to_uppercase()
            )),
            None => Ok(PacAnswer::Direct),
        };
    };
    let up = usable.iter().find(|answer| match answer {
        PacAnswer::Proxy(proxy) => !host_port(proxy).is_some_and(|p| is_down(&p)),
        _ => true,
    });
    Ok(up.unwrap_or(first).clone())
}

/// One usable step of the script's answer (DIRECT, or an HTTP or HTTPS proxy).
fn choice(step: &proxy_watch::ProxyStep) -> Result<PacAnswer, String> {
    if step.is_direct() {
        return Ok(PacAnswer::Direct);
    }
    let scheme = step.scheme().unwrap_or("http");
    let endpoint = step.endpoint().ok_or("it named no proxy")?;
    let proxy = format!("{scheme}://{}", endpoint.authority());
    proxy
        .parse()
        .map(PacAnswer::Proxy)
        .map_err(|_| format!("it named a proxy that is not an address: {proxy}"))
}

/// This computer's address on the network its default route leads to (no packet is sent:
/// a UDP socket is only connected); `None` offline, and the engine then says 127.0.0.1.
fn this_computers_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:80").ok()?;
    Some(socket.local_addr().ok()?.ip()).filter(|ip| !ip.is_unspecified())
}

/// The script address a request to `url` should follow, if any (see the module's order);
/// `Err` with what was given when `LOCKDESK_PROXY_PAC_URL` is not an address.
fn configured_script(url: &url::Url) -> Option<Result<url::Url, String>> {
    configured_script_with(
        url,
        |name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()),
        system_script,
    )
}

/// [`configured_script`] with the environment and the system's setting given.
fn configured_script_with(
    url: &url::Url,
    variable: impl Fn(&str) -> Option<String>,
    system: impl FnOnce() -> Option<url::Url>,
) -> Option<Result<url::Url, String>> {
    if let Some(given) = variable(PAC_URL_VARIABLE).filter(|v| !v.is_empty()) {
        return Some(url::Url::parse(given.trim()).map_err(|_| given));
    }
    // A variable for this request's scheme decides, as it does for the matcher; one for the
    // other scheme leaves this request to the system's script.
    let variables: &[&str] = if url.scheme() == "https" {
        &["HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"]
    } else {
        &["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"]
    };
    if variables
        .iter()
        .any(|v| variable(v).is_some_and(|value| !value.is_empty()))
    {
        return None;
    }
    system().map(Ok)
}

static SETTING: Mutex<Option<(Instant, Option<url::Url>)>> = Mutex::new(None);

/// The script address of the system's settings, read at most every [`SETTING_KEPT`].
fn system_script() -> Option<url::Url> {
    let mut held = SETTING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((at, url)) = held.as_ref() {
        if at.elapsed() < SETTING_KEPT {
            return url.clone();
        }
    }
    let url = read_system_script();
    *held = Some((Instant::now(), url.clone()));
    url
}

fn read_system_script() -> Option<url::Url> {
    // On Linux without a desktop store this is `Unsupported`: the variables decide there.
    let config = proxy_watch::read().ok()?;
    match proxy_watch::pac::requirement(&config.effective) {
        PacRequirement::Fetch(url) => Some(url.clone()),
        PacRequirement::Discover => script_beneath_auto_detect(),
        _ => None,
    }
}

/// Windows keeps "Use setup script" beside "Automatically detect settings", which is on by
/// default and wins when the settings are read as one mode: the script set beneath it.
#[cfg(windows)]
fn script_beneath_auto_detect() -> Option<url::Url> {
    let key = windows_registry::CURRENT_USER
        .open(r"Software\Microsoft\Windows\CurrentVersion\Internet Settings")
        .ok()?;
    let value = key.get_string("AutoConfigURL").ok()?;
    url::Url::parse(value.trim()).ok()
}

#[cfg(not(windows))]
fn script_beneath_auto_detect() -> Option<url::Url> {
    None
}

struct HeldScript {
    url: url::Url,
    at: Instant,
    script: Result<PacScript, String>,
}

/// The script last fetched (held only for a moment: never while fetching).
static SCRIPT: Mutex<Option<HeldScript>> = Mutex::new(None);
/// Held while one thread fetches, so that one fetch serves everyone.
static FETCHING: Mutex<()> = Mutex::new(());

/// What is held for `url`: the script or the reason it could not be fetched, and whether it is
/// still fresh.
fn held_for(url: &url::Url) -> Option<(Result<PacScript, String>, bool)> {
    let held = SCRIPT.lock().unwrap_or_else(|e| e.into_inner());
    let h = held.as_ref().filter(|h| &h.url == url)?;
    let kept = if h.script.is_ok() {
        SCRIPT_KEPT
    } else {
        FAILURE_KEPT
    };
    Some((h.script.clone(), h.at.elapsed() < kept))
}

/// The script at `url`, fetched when not held (or held too long); the reason when it could not
/// be fetched. One fetch at a time; while it runs, others use the script held before, if any,
/// and otherwise wait for its result.
fn held_script(url: &url::Url) -> Result<PacScript, String> {
    if let Some((script, true)) = held_for(url) {
        return script;
    }
    let _fetching = match FETCHING.try_lock() {
        Ok(guard) => guard,
        Err(_) => {
            if let Some((Ok(script), _)) = held_for(url) {
                return Ok(script);
            }
            FETCHING.lock().unwrap_or_else(|e| e.into_inner())
        }
    };
    // Fetched by the thread this one waited for.
    if let Some((script, true)) = held_for(url) {
        return script;
    }
    let script = fetch(url).map(PacScript::new);
    *SCRIPT.lock().unwrap_or_else(|e| e.into_inner()) = Some(HeldScript {
        url: url.clone(),
        at: Instant::now(),
        script: script.clone(),
    });
    script
}

/// The script's text: from a file (`file:` addresses, which Windows still accepts) or over
/// HTTP(S) straight from its address, on a thread of its own so that this works from inside
/// the async runtime that asks (reqwest asks for a request's proxy synchronously), and within
/// [`FETCH_TIMEOUT`] either way.
fn fetch(url: &url::Url) -> Result<String, String> {
    match url.scheme() {
        "file" => {
            let path = url
                .to_file_path()
                .map_err(|_| "it is not a file's address".to_owned())?;
            read_file(&path)
        }
        "http" | "https" => {
            let url = url.clone();
            std::thread::spawn(move || fetch_over_http(url))
                .join()
                .unwrap_or_else(|_| Err("fetching it failed".into()))
        }
        other => Err(format!("Lockdesk cannot read {other}: addresses")),
    }
}

/// Files whose read has not come back yet (a share out of reach can block a read for minutes):
/// not read again meanwhile, so blocked readers do not pile up.
static READING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The script file at `path`, read on a thread of its own and waited for [`FETCH_TIMEOUT`] at
/// most: a read that does not come back by then is left to finish on its own.
fn read_file(path: &Path) -> Result<String, String> {
    let not_answering = || {
        format!(
            "its file did not answer within {} s",
            FETCH_TIMEOUT.as_secs()
        )
    };
    {
        let mut reading = READING.lock().unwrap_or_else(|e| e.into_inner());
        if reading.iter().any(|p| p == path) {
            return Err(not_answering());
        }
        reading.push(path.to_owned());
    }
    let done = |path: &Path| {
        READING
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|p| p != path);
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let owned = path.to_owned();
    let spawned = std::thread::Builder::new()
        .name("lockdesk-pac-file".into())
        .spawn(move || {
            let read = read_capped(&owned);
            done(&owned);
            let _ = tx.send(read);
        });
    if let Err(e) = spawned {
        done(path);
        return Err(e.to_string());
    }
    match rx.recv_timeout(FETCH_TIMEOUT) {
        Ok(read) => read,
        Err(_) => Err(not_answering()),
    }
}

fn read_capped(path: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(SCRIPT_MAX_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() > SCRIPT_MAX_BYTES {
        return Err(format!("it is larger than {SCRIPT_MAX_BYTES} bytes"));
    }
    text_of(&bytes)
}

fn fetch_over_http(url: url::Url) -> Result<String, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let text = runtime.block_on(async move {
        let client = crate::tls::client_builder()
            .no_proxy()
            // A few redirects, never from https down to http.
            .redirect(reqwest::redirect::Policy::custom(|attempt| {
                let downgrade = attempt.previous().iter().any(|u| u.scheme() == "https")
                    && attempt.url().scheme() != "https";
                if downgrade {
                    attempt.error("it redirects from https to http")
                } else if attempt.previous().len() > 5 {
                    attempt.error("it redirects too often")
                } else {
                    attempt.follow()
                }
            }))
            .timeout(FETCH_TIMEOUT)
            .build()
            .map_err(|e| e.to_string())?;
        let response = client
            .get(url)
            .send()
            .await
            .map_err(|e| crate::error_chain::root_cause(&e.without_url()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("its server answered {status}"));
        }
        let mut body = Vec::new();
        let mut response = response;
        while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
            body.extend_from_slice(&chunk);
            if body.len() > SCRIPT_MAX_BYTES {
                return Err(format!("it is larger than {SCRIPT_MAX_BYTES} bytes"));
            }
        }
        text_of(&body)
    });
    // Not waiting for a name lookup that still hangs: FETCH_TIMEOUT is the bound.
    runtime.shutdown_background();
    text
}

fn text_of(bytes: &[u8]) -> Result<String, String> {
    let text = String::from_utf8_lossy(bytes).into_owned();
    if text.contains("FindProxyForURL") {
        Ok(text)
    } else {
        Err("it has no FindProxyForURL function".into())
    }
}

/// The script's address as shown in messages: without a user name, password or query (a
/// query can carry a key).
fn shown(url: &url::Url) -> String {
    let mut url = url.clone();
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_query(None);
    url.set_fragment(None);
    url.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(script: &str, url: &str) -> Result<PacAnswer, String> {
        evaluate(&PacScript::new(script), &url.parse().unwrap())
    }

    const OFFICE: &str = r#"
        function FindProxyForURL(url, host) {
            if (isPlainHostName(host) || dnsDomainIs(host, ".corp.example")) return "DIRECT";
            if (shExpMatch(host, "*.service.example")) return "PROXY gw.corp.example:8080; DIRECT";
            if (host == "tls.example") return "HTTPS gw.corp.example:8443";
            if (host == "socks.example") return "SOCKS5 gw.corp.example:1080";
            if (host == "mixed.example") return "SOCKS5 gw.corp.example:1080; PROXY gw.corp.example:8080";
            return "DIRECT";
        }"#;

    #[test]
    fn the_scripts_first_choice_is_the_route() {
        assert_eq!(
            run(OFFICE, "https://api.service.example/v3/locks"),
            Ok(PacAnswer::Proxy(
                "http://gw.corp.example:8080".parse().unwrap()
            ))
        );
        assert_eq!(
            run(OFFICE, "https://tls.example/"),
            Ok(PacAnswer::Proxy(
                "https://gw.corp.example:8443".parse().unwrap()
            ))
        );
        assert_eq!(run(OFFICE, "http://intranet/"), Ok(PacAnswer::Direct));
        assert_eq!(
            run(OFFICE, "https://mixed.example/"),
            Ok(PacAnswer::Proxy(
                "http://gw.corp.example:8080".parse().unwrap()
            )),
            "a SOCKS first choice is passed over for the HTTP one after it"
        );
        assert_eq!(
            run(OFFICE, "https://wiki.corp.example/"),
            Ok(PacAnswer::Direct)
        );
    }

    #[test]
    fn a_proxy_found_down_is_passed_over_for_the_next_choice_while_one_is_left() {
        // Host names of this test alone: the proxies found down are the process's.
        let ranked = r#"function FindProxyForURL(url, host) {
            if (host == "ranked.example") return "PROXY first.down.test:3128; HTTPS second.down.test:8443; DIRECT";
            return "PROXY only.down.test:3128; PROXY other.down.test:3128";
        }"#;
        let proxy = |p: &str| Ok(PacAnswer::Proxy(p.parse().unwrap()));
        let url = "https://ranked.example/v3/locks";
        assert_eq!(run(ranked, url), proxy("http://first.down.test:3128"));
        mark_down("first.down.test:3128");
        assert_eq!(run(ranked, url), proxy("https://second.down.test:8443"));
        mark_down("second.down.test:8443");
        assert_eq!(run(ranked, url), Ok(PacAnswer::Direct));
        // Every choice down: the first is tried again rather than none.
        mark_down("only.down.test:3128");
        mark_down("other.down.test:3128");
        assert_eq!(
            run(ranked, "https://elsewhere.example/"),
            proxy("http://only.down.test:3128")
        );
        assert_eq!(
            host_port(&"https://gw.example".parse().unwrap()).as_deref(),
            Some("gw.example:443")
        );
    }

    #[test]
    fn a_proxy_lockdesk_cannot_use_or_a_broken_script_is_a_named_problem() {
        let socks = run(OFFICE, "https://socks.example/").unwrap_err();
        assert!(socks.contains("SOCKS5 proxy"), "{socks}");
        let broken = run(
            "function FindProxyForURL(url, host) { return nope(); }",
            "https://a.example/",
        );
        assert!(broken.is_err(), "{broken:?}");
        assert_eq!(
            text_of(b"<html>captive portal</html>"),
            Err("it has no FindProxyForURL function".to_owned())
        );
    }

    #[test]
    fn the_variable_comes_first_then_a_proxy_variable_of_the_scheme_then_the_system() {
        let system: url::Url = "http://wpad.corp.example/proxy.pac".parse().unwrap();
        let https: url::Url = "https://api.example/v3".parse().unwrap();
        let pick = |url: &url::Url, vars: &[(&str, &str)]| {
            let vars: Vec<(String, String)> = vars
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            configured_script_with(
                url,
                |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()),
                || Some(system.clone()),
            )
        };
        assert_eq!(pick(&https, &[]), Some(Ok(system.clone())));
        // Only a variable for http: an https request still follows the system's script.
        assert_eq!(
            pick(&https, &[("http_proxy", "http://p:1")]),
            Some(Ok(system.clone()))
        );
        assert_eq!(pick(&https, &[("HTTPS_PROXY", "http://p:1")]), None);
        assert_eq!(pick(&https, &[("all_proxy", "http://p:1")]), None);
        let mine = "file:///etc/lockdesk/proxy.pac";
        assert_eq!(
            pick(
                &https,
                &[(PAC_URL_VARIABLE, mine), ("HTTPS_PROXY", "http://p:1")]
            ),
            Some(Ok(mine.parse().unwrap()))
        );
        // Not an address: named, never silently the system's choice.
        assert_eq!(
            pick(&https, &[(PAC_URL_VARIABLE, "wpad.corp/proxy.pac")]),
            Some(Err("wpad.corp/proxy.pac".to_owned()))
        );
    }

    #[test]
    fn the_shown_address_keeps_no_password_or_key() {
        let url: url::Url = "http://alice:s3cret@wpad.corp.example/proxy.pac?key=abc"
            .parse()
            .unwrap();
        assert_eq!(shown(&url), "http://wpad.corp.example/proxy.pac");
    }

    #[test]
    fn a_script_file_is_read_and_a_missing_one_named() {
        let dir = std::env::temp_dir().join(format!("lockdesk-pac-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("proxy.pac");
        std::fs::write(&file, OFFICE).unwrap();
        let url = url::Url::from_file_path(&file).unwrap();
        assert!(fetch(&url).unwrap().contains("FindProxyForURL"));
        std::fs::remove_file(&file).unwrap();
        assert!(fetch(&url).is_err());
        std::fs::remove_dir(&dir).unwrap();
    }

    /// A script server that answers a body without end: the script is read up to its limit
    /// and refused, not held whole.
    #[test]
    fn a_script_that_never_ends_is_refused_at_its_limit() {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url: url::Url = format!("http://{}/proxy.pac", listener.local_addr().unwrap())
            .parse()
            .unwrap();
        std::thread::spawn(move || {
            let (mut tcp, _) = listener.accept().unwrap();
            let _ = tcp.read(&mut [0u8; 4096]);
            let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
            if tcp.write_all(head.as_bytes()).is_err() {
                return;
            }
            let body = format!(
                "function FindProxyForURL(url, host) {{ // {}",
                "x".repeat(60_000)
            );
            let chunk = format!("{:x}\r\n{body}\r\n", body.len());
            while tcp.write_all(chunk.as_bytes()).is_ok() {}
        });
        let refused = fetch(&url).unwrap_err();
        assert!(refused.contains("larger than"), "{refused}");
    }

    /// `ask` run as a task on a runtime of one worker thread, beside another task that needs
    /// the worker: what `ask` answered, and whether the other task ran while `ask` waited.
    fn beside_another_task(ask: impl FnOnce() -> PacAnswer + Send + 'static) -> (PacAnswer, bool) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let other_ran = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let (asking, asked) = tokio::sync::oneshot::channel::<()>();
            let flag = other_ran.clone();
            let other = tokio::spawn(async move {
                let _ = asked.await;
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
            });
            let flag = other_ran.clone();
            let answer = tokio::spawn(async move {
                let _ = asking.send(());
                let answer = off_the_workers(ask);
                (answer, flag.load(std::sync::atomic::Ordering::SeqCst))
            })
            .await
            .unwrap();
            other.await.unwrap();
            answer
        })
    }

    #[test]
    fn a_script_that_never_ends_is_given_up_and_the_runtime_goes_on_meanwhile() {
        let endless = PacScript::new("function FindProxyForURL(url, host) { for (;;) {} }");
        let (answer, other_ran) = beside_another_task(move || {
            evaluate(&endless, &"https://api.example/".parse().unwrap()).unwrap_or_else(|problem| {
                PacAnswer::Failed {
                    script: "endless".into(),
                    problem,
                }
            })
        });
        let PacAnswer::Failed { problem, .. } = answer else {
            panic!("an endless script answered {answer:?}");
        };
        assert!(problem.contains("budget"), "{problem}");
        assert!(other_ran, "the worker was held while the script ran");
    }

    /// A script file that never answers (a FIFO nothing writes into, as a share out of reach
    /// blocks its reader): the request goes on straight with the problem named, the runtime's
    /// other tasks run meanwhile, and the next request does not wait on the same read again.
    #[cfg(unix)]
    #[test]
    fn a_script_file_that_never_answers_is_given_up_and_the_runtime_goes_on_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("proxy.pac");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let script = url::Url::from_file_path(&fifo).unwrap();
        let url: url::Url = "https://api.example/v3/locks".parse().unwrap();
        let (answer, other_ran) = {
            let (script, url) = (script.clone(), url.clone());
            beside_another_task(move || answer_from(&script, &url))
        };
        let PacAnswer::Failed { problem, .. } = answer else {
            panic!("a script file that never answered gave {answer:?}");
        };
        assert!(
            problem.contains("its file did not answer within 10 s"),
            "{problem}"
        );
        assert!(other_ran, "the worker was held while the file was read");
        assert_eq!(read_file(&fifo), Err(problem));
        // The reader left blocked ends once something opens the FIFO for writing.
        drop(std::fs::OpenOptions::new().write(true).open(&fifo).unwrap());
    }
}
