//! Behind the office proxy: real `lockctl` processes with `HTTP_PROXY`/`HTTPS_PROXY`, and a
//! service that is reachable only through it (`auth_proxy.rs`: a name nothing resolves, whose
//! tunnels the proxy passes on to the simulator serving HTTPS). A proxy that cannot be reached
//! is named in the error. A proxy that asks for a user name and password: 407 named, `lockctl
//! proxy login` / `logout`, the keychain. A service on this computer is reached straight,
//! whatever the proxy settings say (any platform; the others need the test CA trusted, which
//! only Linux reads from `SSL_CERT_FILE`).

use crate::procs::Home;
use crate::support::start_sim;
#[cfg(target_os = "linux")]
use {
    crate::auth_proxy::{home_behind_a_proxy, not_reached_straight, AuthProxy},
    crate::procs::{finish, Done},
};

/// Nothing listens on the discard port of the loopback.
const UNREACHABLE: &str = "http://127.0.0.1:9";

/// A service on this computer (the simulator on the loopback) with the proxy variables naming a
/// proxy where nothing listens: signed in and read straight.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_on_this_computer_is_reached_straight_whatever_the_proxy_variables_say() {
    let mut home = Home::new(start_sim());
    home.proxy = Some(UNREACHABLE.into());
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_is_reached_through_the_proxy_and_a_dead_proxy_is_named() {
    let (mut home, upstream) = home_behind_a_proxy();
    let office = AuthProxy::open(upstream).await;
    home.proxy = Some(office.url.clone());
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);

    home.proxy = None;
    let direct = home.run(&["--profile", "work", "orgs"]).await;
    assert_ne!(direct.code, 0, "reached without the proxy");
    assert!(not_reached_straight(&direct.stderr), "{}", direct.stderr);
    assert!(!direct.stderr.contains("proxy"), "{}", direct.stderr);

    home.proxy = Some("http://127.0.0.1:9".into());
    let dead = home.run(&["--profile", "work", "orgs"]).await;
    assert_ne!(dead.code, 0);
    assert!(
        dead.stderr.contains("through the proxy http://127.0.0.1:9"),
        "{}",
        dead.stderr
    );
}

#[cfg(target_os = "linux")]
const PROXY_USER: &str = "yamada";
#[cfg(target_os = "linux")]
const PROXY_PASSWORD: &str = "pr0xy-pass\u{2603}";

/// `lockctl proxy login` with the user name and password given in the environment.
#[cfg(target_os = "linux")]
async fn proxy_login(home: &Home, user: &str, password: &str) -> Done {
    let mut cmd = home.command(&["--profile", "work", "proxy", "login"]);
    cmd.env("LOCKDESK_PROXY_USER", user)
        .env("LOCKDESK_PROXY_PASSWORD", password);
    finish(&mut cmd).await
}

/// Whether any file under `dir` holds `needle`.
#[cfg(target_os = "linux")]
fn any_file_holds(dir: &std::path::Path, needle: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| {
        let path = e.path();
        if path.is_dir() {
            any_file_holds(&path, needle)
        } else {
            std::fs::read(&path).is_ok_and(|b| String::from_utf8_lossy(&b).contains(needle))
        }
    })
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proxy_that_asks_for_a_password_is_named_and_proxy_login_keeps_it_in_the_keychain() {
    let (mut home, upstream) = home_behind_a_proxy();
    let proxy = AuthProxy::start(upstream, PROXY_USER, PROXY_PASSWORD).await;
    // Kept under the proxy's scheme, host and port.
    let proxy_key = format!("proxy/{}", proxy.url);
    // Signed in through an open proxy; from then on only the one that asks for a password.
    let open = AuthProxy::open(upstream).await;
    home.proxy = Some(open.url.clone());
    home.add_and_login("work", 0).await;
    home.proxy = Some(proxy.url.clone());

    let asked = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(asked.code, 1, "{}", asked.stderr);
    assert!(
        asked.stderr.contains(&format!(
            "error: the proxy {} asks for a user name and password (407 Proxy Authentication Required) [proxy_auth_required]",
            proxy.url
        )),
        "{}",
        asked.stderr
    );
    assert!(
        asked.stderr.contains("hint: ") && asked.stderr.contains("`lockctl proxy login`"),
        "{}",
        asked.stderr
    );
    assert_eq!(proxy.refused(), 1, "a 407 is not sent again");

    let wrong = proxy_login(&home, PROXY_USER, "not-the-password").await;
    assert_eq!(wrong.code, 1, "{}", wrong.stderr);
    assert!(
        wrong.stderr.contains(&format!(
            "the proxy {} refused the user name and password kept for it",
            proxy.url
        )) && wrong.stderr.contains("[proxy_auth_required]"),
        "{}",
        wrong.stderr
    );
    assert_eq!(
        home.keychain().get(&proxy_key).unwrap(),
        None,
        "a refused login is not kept"
    );

    let right = proxy_login(&home, PROXY_USER, PROXY_PASSWORD).await;
    assert_eq!(right.code, 0, "{}", right.stderr);
    assert!(right.stdout.contains(&proxy_key[6..]), "{}", right.stdout);
    let kept = home.keychain().get(&proxy_key).unwrap().expect("kept");
    assert!(
        kept.contains(PROXY_PASSWORD) && kept.contains(PROXY_USER),
        "{kept}"
    );
    for dir in [home.config(), home.data()] {
        assert!(
            !any_file_holds(&dir, "pr0xy-pass"),
            "the password is in a file under {dir:?}"
        );
    }

    let orgs = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);
    assert!(!orgs.stderr.contains("pr0xy-pass"), "{}", orgs.stderr);

    // A password changed at the proxy: the kept one is refused, and the error says so.
    let changed = AuthProxy::start(upstream, PROXY_USER, "changed").await;
    let changed_key = format!("proxy/{}", changed.url);
    home.keychain().set(&changed_key, &kept).unwrap();
    home.proxy = Some(changed.url.clone());
    let refused = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(
        refused.stderr.contains(&format!(
            "the proxy {} refused the user name and password kept for it",
            changed.url
        )),
        "{}",
        refused.stderr
    );
    assert_eq!(changed.refused(), 1);

    home.proxy = Some(proxy.url.clone());
    let out = home.run(&["--profile", "work", "proxy", "logout"]).await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(home.keychain().get(&proxy_key).unwrap(), None);
    let again = home.run(&["--profile", "work", "orgs"]).await;
    assert!(
        again.stderr.contains("[proxy_auth_required]"),
        "{}",
        again.stderr
    );
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tunnel_the_proxy_refuses_with_407_is_named_and_not_opened_again() {
    let (mut home, upstream) = home_behind_a_proxy();
    let proxy = AuthProxy::start(upstream, PROXY_USER, PROXY_PASSWORD).await;
    home.proxy = Some(proxy.url.clone());
    // The sign-in's first request opens a tunnel with CONNECT, which the proxy refuses.
    home.add_profile("work", 0).await;
    let login = home.login_answering("work", false).await;
    assert_eq!(login.code, 1, "{}", login.stderr);
    assert!(
        login.stderr.contains(&format!(
            "the proxy {} asks for a user name and password",
            proxy.url
        )) && login.stderr.contains("[proxy_auth_required]")
            && login.stderr.contains("`lockctl proxy login`"),
        "{}",
        login.stderr
    );
    assert_eq!(proxy.refused(), 1, "the refused tunnel is not opened again");

    let wrong = proxy_login(&home, PROXY_USER, "not-the-password").await;
    assert!(
        wrong
            .stderr
            .contains("refused the user name and password kept for it"),
        "{}",
        wrong.stderr
    );
    assert_eq!(proxy.refused(), 2);

    // The right ones open the tunnel (the proxy refuses no more) and are kept.
    let right = proxy_login(&home, PROXY_USER, PROXY_PASSWORD).await;
    assert_eq!(right.code, 0, "{}", right.stderr);
    assert_eq!(
        proxy.refused(),
        2,
        "the tunnel carried the user name and password"
    );
    let key = format!("proxy/{}", proxy.url);
    assert!(home.keychain().get(&key).unwrap().is_some());
}

/// At a real terminal (a pseudo-terminal made by util-linux `script`): a command the proxy
/// refuses asks the user name and the password (not shown), keeps them and runs again.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_a_terminal_lockctl_asks_the_proxy_password_once_and_runs_the_command_again() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let (mut home, upstream) = home_behind_a_proxy();
    let proxy = AuthProxy::start(upstream, PROXY_USER, PROXY_PASSWORD).await;
    let open = AuthProxy::open(upstream).await;
    home.proxy = Some(open.url.clone());
    home.add_and_login("work", 0).await;

    let root = home.dir.path().to_owned();
    let trust = home.env.clone();
    let proxy_url = proxy.url.clone();
    let screen = tokio::task::spawn_blocking(move || {
        let line = format!("{} --profile work orgs", env!("CARGO_BIN_EXE_lockctl"));
        let mut child = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &root)
            .env("XDG_CONFIG_HOME", root.join("xdg-config"))
            .env("XDG_DATA_HOME", root.join("xdg-data"))
            .env("LOCKDESK_TEST_KEYCHAIN_DIR", root.join("keychain"))
            .env("HTTP_PROXY", &proxy_url)
            .env("HTTPS_PROXY", &proxy_url)
            .envs(trust.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux `script` is needed for this test (Debian: bsdutils)");
        let mut stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 256];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let mut screen = Vec::new();
        let wait_for = |words: &str, screen: &mut Vec<u8>| {
            let deadline = Instant::now() + Duration::from_secs(30);
            while !String::from_utf8_lossy(screen).contains(words) {
                let left = deadline.saturating_duration_since(Instant::now());
                match rx.recv_timeout(left) {
                    Ok(bytes) => screen.extend(bytes),
                    Err(_) => panic!("no {words:?}: {}", String::from_utf8_lossy(screen)),
                }
            }
        };
        let mut stdin = child.stdin.take().unwrap();
        wait_for("Proxy user name:", &mut screen);
        stdin
            .write_all(format!("{PROXY_USER}\r").as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        wait_for("Proxy password", &mut screen);
        // The prompt is written just before the terminal is read; give it time to turn echo off.
        std::thread::sleep(Duration::from_millis(500));
        stdin
            .write_all(format!("{PROXY_PASSWORD}\r").as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        let status = child.wait().unwrap();
        drop(stdin);
        while let Ok(bytes) = rx.recv_timeout(Duration::from_secs(2)) {
            screen.extend(bytes);
        }
        (
            status.success(),
            String::from_utf8_lossy(&screen).into_owned(),
        )
    })
    .await
    .unwrap();
    let (succeeded, screen) = screen;
    assert!(
        !screen.contains("pr0xy-pass"),
        "the password was shown: {screen:?}"
    );
    assert!(
        screen.contains(&format!(
            "the proxy {} asks for a user name and password",
            proxy.url
        )),
        "{screen:?}"
    );
    assert!(succeeded && screen.contains("O-"), "{screen:?}");
    let key = format!("proxy/{}", proxy.url);
    assert!(home.keychain().get(&key).unwrap().is_some());
}
