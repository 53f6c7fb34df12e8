//! Real `lockctl` processes: a temporary home (XDG config and data folders inside it) and a
//! keychain shared between processes. The OS keychain is not there on a test machine, so the
//! test build's file keychain is used: `$LOCKDESK_TEST_KEYCHAIN_DIR`, compiled in only with
//! lockdesk-core's `test-keychain` feature (switched on by lockctl's dev-dependency).

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;

use lockdesk_api::TokenSet;
use lockdesk_core::secrets::{FileStore, SecretStore};
use lockdesk_sim::SimInfo;
use tempfile::TempDir;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::Command;

pub struct Home {
    pub sim: SimInfo,
    pub dir: TempDir,
    /// Child processes start with `umask 000`, so only Lockdesk's own modes keep files private.
    pub open_umask: bool,
    /// Child processes run in a network namespace of their own (`unshare -n`): no network at
    /// all, not even the loopback.
    pub no_network: bool,
    /// More environment for the child processes (`SSL_CERT_FILE`): set per child, never in
    /// this test process.
    pub env: Vec<(String, PathBuf)>,
    /// The root the test's own sign-in page requests trust, for an HTTPS simulator.
    pub trust_pem: Option<String>,
    /// `HTTP_PROXY` and `HTTPS_PROXY` of the child processes (none when `None`).
    pub proxy: Option<String>,
    /// The service address profiles are given (`None`: the simulator's). The test's browser
    /// still reaches the simulator's sign-in page at the simulator's own address.
    pub service_url: Option<String>,
}

pub struct Done {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Home {
    pub fn new(sim: SimInfo) -> Home {
        Home {
            sim,
            dir: tempfile::tempdir().unwrap(),
            open_umask: false,
            no_network: false,
            env: Vec::new(),
            trust_pem: None,
            proxy: None,
            service_url: None,
        }
    }

    /// `<XDG_CONFIG_HOME>/lockdesk`: where lockctl keeps profiles.json by default.
    pub fn config(&self) -> PathBuf {
        self.dir.path().join("xdg-config/lockdesk")
    }

    /// `<XDG_DATA_HOME>/lockdesk`: archives and lock files.
    pub fn data(&self) -> PathBuf {
        self.dir.path().join("xdg-data/lockdesk")
    }

    pub fn keychain(&self) -> Arc<dyn SecretStore> {
        Arc::new(FileStore::new(self.keychain_dir()))
    }

    fn keychain_dir(&self) -> PathBuf {
        self.dir.path().join("keychain")
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let bin = env!("CARGO_BIN_EXE_lockctl");
        let mut cmd = if self.no_network {
            let mut c = Command::new("unshare");
            c.arg("-n").arg(bin);
            c
        } else if self.open_umask {
            let mut c = Command::new("sh");
            c.arg("-c").arg("umask 000; exec \"$@\"").arg("sh").arg(bin);
            c
        } else {
            Command::new(bin)
        };
        cmd.args(args);
        #[cfg(not(windows))]
        {
            let home = self.dir.path();
            cmd.env_clear()
                .env("PATH", std::env::var_os("PATH").unwrap_or_default())
                .env("HOME", home)
                .env("XDG_CONFIG_HOME", home.join("xdg-config"))
                .env("XDG_DATA_HOME", home.join("xdg-data"));
        }
        // A Windows program needs its system variables (SystemRoot, TEMP, …), and the platform
        // folders come from the known-folder API, not from variables: name the two directly.
        #[cfg(windows)]
        cmd.env_remove("LOCKDESK_PROFILE")
            .env("LOCKDESK_CONFIG_DIR", self.config())
            .env("LOCKDESK_DATA_DIR", self.data());
        for var in [
            "HTTP_PROXY",
            "HTTPS_PROXY",
            "NO_PROXY",
            "http_proxy",
            "https_proxy",
        ] {
            cmd.env_remove(var);
        }
        if let Some(proxy) = &self.proxy {
            cmd.env("HTTP_PROXY", proxy).env("HTTPS_PROXY", proxy);
        }
        cmd.env("LOCKDESK_TEST_KEYCHAIN_DIR", self.keychain_dir())
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        cmd
    }

    pub async fn run(&self, args: &[&str]) -> Done {
        finish(&mut self.command(args)).await
    }

    /// `args` with `stdin` as the standard input (a secret given as one line). Used by the
    /// Linux-only tests (their servers: slapd, TLS with `SSL_CERT_FILE`).
    #[cfg(target_os = "linux")]
    pub async fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Done {
        let mut cmd = self.command(args);
        cmd.stdin(Stdio::piped());
        let mut child = start(&mut cmd).await;
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin.as_bytes()).await.unwrap();
        drop(input);
        done(child.wait_with_output().await.unwrap())
    }

    /// `profile add` for the sim's client `client` (0: v3, 1: v2), then `login`, answering the
    /// prompt as a user who signed in in a browser.
    /// Runs that leave every kind of file lockctl makes: profiles `work` (v3) and `hist` (v2)
    /// signed in, a history sync (archive, sync lock, journal), a renewal (renewal lock).
    pub async fn make_every_kind_of_file(&self) {
        self.add_and_login("work", 0).await;
        self.add_and_login("hist", 1).await;
        let sync = self.run(&["--profile", "hist", "history", "sync"]).await;
        assert_eq!(sync.code, 0, "{}", sync.stderr);
        self.expire("work");
        let renewed = self.run(&["--profile", "work", "token-info"]).await;
        assert_eq!(renewed.code, 0, "{}", renewed.stderr);
    }

    fn profile_service_url(&self) -> &str {
        self.service_url.as_deref().unwrap_or(&self.sim.base_url)
    }

    pub async fn add_and_login(&self, name: &str, client: usize) {
        self.add_profile(name, client).await;
        let login = self.login(name).await;
        assert_eq!(
            login.code, 0,
            "login failed: {}{}",
            login.stdout, login.stderr
        );
    }

    /// `profile add` for the sim's client `client` (0: v3, 1: v2).
    pub async fn add_profile(&self, name: &str, client: usize) {
        let c = &self.sim.clients[client];
        let mut add = self.command(&[
            "profile",
            "add",
            name,
            "--base-url",
            self.profile_service_url(),
            "--client-id",
            &c.client_id,
            "--redirect-uri",
            &c.redirect_uri,
            "--api",
            &c.api,
        ]);
        add.env("LOCKDESK_CLIENT_SECRET", &c.client_secret);
        let added = finish(&mut add).await;
        assert_eq!(added.code, 0, "profile add: {}", added.stderr);
    }

    /// `login`, answering the prompt as a user who signed in in a browser.
    pub async fn login(&self, name: &str) -> Done {
        self.login_answering(name, true).await
    }

    /// `login`, pasting what the browser gave (`signed_in`), or else an address with a code
    /// the service never issued, for a lockctl that must fail before the service could check it.
    pub async fn login_answering(&self, name: &str, signed_in: bool) -> Done {
        let mut login = self.command(&["--profile", name, "login"]);
        login.stdin(Stdio::piped());
        let mut child = start(&mut login).await;
        let mut stdin = child.stdin.take().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let url = loop {
            let line = lines
                .next_line()
                .await
                .unwrap()
                .expect("no sign-in address");
            if line.contains("/oauth/authorize") {
                break line;
            }
        };
        let page = url
            .trim()
            .replacen(self.profile_service_url(), &self.sim.base_url, 1);
        let location = if signed_in {
            crate::support::authorize_trusting(&page, self.trust_pem.as_deref()).await
        } else {
            crate::support::unissued_redirect(&page)
        };
        stdin
            .write_all(format!("{location}\n").as_bytes())
            .await
            .unwrap();
        drop(stdin);
        let mut stdout = String::new();
        while let Some(line) = lines.next_line().await.unwrap() {
            stdout.push_str(&line);
            stdout.push('\n');
        }
        let mut stderr = String::new();
        if let Some(mut err) = child.stderr.take() {
            tokio::io::AsyncReadExt::read_to_string(&mut err, &mut stderr)
                .await
                .unwrap();
        }
        let status = child.wait().await.unwrap();
        Done {
            code: status.code().unwrap_or(-1),
            stdout,
            stderr,
        }
    }

    pub fn tokens(&self, profile: &str) -> TokenSet {
        let text = self
            .keychain()
            .get(&format!("{profile}/tokens"))
            .unwrap()
            .expect("signed in");
        serde_json::from_str(&text).unwrap()
    }

    /// Makes the stored access token of `profile` one that expired an hour ago, so the next
    /// program to use it renews first.
    pub fn expire(&self, profile: &str) {
        let key = format!("{profile}/tokens");
        let text = self.keychain().get(&key).unwrap().expect("signed in");
        // Edited as JSON: the entry keeps its binding to the service address (`for`).
        let mut stored: serde_json::Value = serde_json::from_str(&text).unwrap();
        let expired = chrono::Utc::now() - chrono::Duration::hours(1);
        stored["expires_at"] = serde_json::to_value(expired).unwrap();
        self.keychain().set(&key, &stored.to_string()).unwrap();
    }
}

/// Starts `cmd`. Wine's CreateProcess now and then fails with ERROR_INTERNAL_ERROR (1359) when
/// many processes start at once; no process exists then, so starting again is safe. Any other
/// failure, and a fifth 1359, ends the test.
pub async fn start(cmd: &mut Command) -> tokio::process::Child {
    const WINE_INTERNAL_ERROR: i32 = 1359;
    let mut tries = 1;
    loop {
        match cmd.spawn() {
            Ok(child) => return child,
            Err(e)
                if cfg!(windows) && e.raw_os_error() == Some(WINE_INTERNAL_ERROR) && tries < 5 =>
            {
                eprintln!(
                    "starting {:?} failed ({e}), try {tries}; again",
                    cmd.as_std().get_program()
                );
                tokio::time::sleep(std::time::Duration::from_millis(250 * tries)).await;
                tries += 1;
            }
            Err(e) => panic!("starting {:?}: {e}", cmd.as_std().get_program()),
        }
    }
}

/// Runs `cmd` to its end (started by [`start`]) and answers what it printed.
pub async fn finish(cmd: &mut Command) -> Done {
    let out = start(cmd).await.wait_with_output().await;
    done(out.unwrap_or_else(|e| panic!("waiting for {:?}: {e}", cmd.as_std().get_program())))
}

pub fn done(out: std::process::Output) -> Done {
    Done {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Every folder and file under `root` (the root included), with its Unix mode.
#[cfg(unix)]
pub fn modes(root: &std::path::Path) -> Vec<(PathBuf, u32)> {
    use std::os::unix::fs::PermissionsExt;
    let mut all = Vec::new();
    let mut todo = vec![root.to_owned()];
    while let Some(p) = todo.pop() {
        let meta = std::fs::symlink_metadata(&p).unwrap();
        all.push((p.clone(), meta.permissions().mode() & 0o777));
        if meta.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                todo.push(e.unwrap().path());
            }
        }
    }
    all
}
