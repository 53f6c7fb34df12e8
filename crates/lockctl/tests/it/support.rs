use std::io::{BufReader, Cursor, Read, Write};
use std::sync::{Arc, Mutex};

use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::{SimInfo, SimOptions};
use tempfile::TempDir;

/// The simulator runs on its own runtime thread, so the test may block (stdin reads) freely.
/// Requests the simulator at `base_url` received since the last call (read, then cleared).
pub async fn take_requests(base_url: &str) -> Vec<lockdesk_sim::routes::requests::RecordedRequest> {
    let url = format!("{base_url}/_sim/requests");
    let http = reqwest::Client::new();
    let body = http.get(&url).send().await.unwrap().bytes().await.unwrap();
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    http.delete(&url).send().await.unwrap();
    serde_json::from_value(body["requests"].clone()).unwrap()
}

pub fn start_sim() -> SimInfo {
    start_sim_with(SimOptions::small())
}

/// A simulator with these options, served from its own thread.
pub fn start_sim_with(options: SimOptions) -> SimInfo {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let sim = lockdesk_sim::spawn(options).await.unwrap();
            tx.send(sim.info().clone()).unwrap();
            std::future::pending::<()>().await;
        });
    });
    rx.recv().unwrap()
}

pub struct World {
    pub sim: SimInfo,
    pub _dir: TempDir,
    pub secrets: Arc<MemoryStore>,
    /// One app context for every run of the world, as one app would have.
    pub app: AppContext,
}

pub fn world() -> World {
    world_with(SimOptions::small(), |ctx| ctx)
}

/// [`world`] on a simulator with `options`, its context changed by `setup`.
pub fn world_with(options: SimOptions, setup: impl FnOnce(Context) -> Context) -> World {
    let sim = start_sim_with(options);
    let dir = tempfile::tempdir().unwrap();
    let secrets = Arc::new(MemoryStore::new());
    let ctx = setup(Context::for_tests(dir.path(), secrets.clone()));
    World {
        sim,
        _dir: dir,
        secrets,
        app: AppContext::new(ctx),
    }
}

pub struct Outcome {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Outcome {
    pub fn out(&self) -> String {
        String::from_utf8(self.stdout.clone()).unwrap()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.out()))
    }

    #[track_caller]
    pub fn ok(self) -> Self {
        assert_eq!(
            self.code,
            0,
            "stderr: {}\nstdout: {}",
            self.stderr,
            self.out()
        );
        self
    }
}

#[derive(Clone, Default)]
pub struct SharedBuf(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The stack of a process's main thread, which `lockctl` runs on: a debug build's command
/// futures are polled through frames deeper than a test thread's 2 MiB.
const PROCESS_STACK: usize = 8 << 20;

impl World {
    pub async fn run(&self, args: &[&str], stdin: &str) -> Outcome {
        let input = Cursor::new(stdin.as_bytes().to_vec());
        self.run_with(args, input, SharedBuf::default()).await
    }

    /// [`World::run`] as if stdout were a terminal.
    pub async fn run_at_terminal(&self, args: &[&str]) -> Outcome {
        let at_terminal = lockctl::Terminals {
            stdin: false,
            stdout: true,
        };
        self.run_as(
            args,
            Cursor::new(Vec::new()),
            SharedBuf::default(),
            at_terminal,
        )
        .await
    }

    async fn run_with(
        &self,
        args: &[&str],
        stdin: impl std::io::BufRead + Send + 'static,
        stdout: SharedBuf,
    ) -> Outcome {
        self.run_as(args, stdin, stdout, lockctl::Terminals::default())
            .await
    }

    /// `lockctl::run_with` on a thread of its own with a process's stack, awaited without
    /// blocking this task (tests run several at once).
    async fn run_as(
        &self,
        args: &[&str],
        mut stdin: impl std::io::BufRead + Send + 'static,
        stdout: SharedBuf,
        terminals: lockctl::Terminals,
    ) -> Outcome {
        let argv: Vec<String> = std::iter::once("lockctl")
            .chain(args.iter().copied())
            .map(str::to_owned)
            .collect();
        let app = self.app.clone();
        let runtime = tokio::runtime::Handle::current();
        let mut out = stdout.clone();
        let (done, ended) = tokio::sync::oneshot::channel();
        std::thread::Builder::new()
            .name("lockctl".into())
            .stack_size(PROCESS_STACK)
            .spawn(move || {
                let mut err = Vec::new();
                let code = runtime.block_on(lockctl::run_with(
                    argv, &mut stdin, &mut out, &mut err, &app, terminals,
                ));
                let _ = done.send((code, err));
            })
            .unwrap();
        let (code, err) = ended.await.expect("lockctl's thread ended");
        let stdout = stdout.0.lock().unwrap().clone();
        Outcome {
            code,
            stdout,
            stderr: String::from_utf8(err).unwrap(),
        }
    }

    pub async fn add_profile(&self, name: &str, client: usize) {
        let c = &self.sim.clients[client];
        let api = if c.api == "v2" { "v2" } else { "v3" };
        self.run(
            &[
                "profile",
                "add",
                name,
                "--base-url",
                &self.sim.base_url,
                "--client-id",
                &c.client_id,
                "--redirect-uri",
                &c.redirect_uri,
                "--api",
                api,
            ],
            &format!("{}\n", c.client_secret),
        )
        .await
        .ok();
    }

    /// The id of the first organization the signed-in profile sees.
    pub async fn first_org(&self) -> String {
        let orgs = self.run(&["--json", "orgs"], "").await.ok().json();
        orgs["organizations"][0]["id"].as_str().unwrap().to_owned()
    }

    /// How many active invitations to `mail` the service lists.
    pub async fn active_invitations_to(&self, mail: &str) -> usize {
        let args = [
            "--json",
            "invitations",
            "list",
            "--status",
            "active",
            "--all",
        ];
        let list = self.run(&args, "").await.ok().json();
        list["invitations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["mail"] == mail)
            .count()
    }

    /// `login`, with stdin answering the prompt like a user who signed in in a browser.
    pub async fn login(&self, profile: &str) -> Outcome {
        let stdout = SharedBuf::default();
        let stdin = BufReader::new(BrowserStdin {
            printed: stdout.clone(),
            answer: None,
        });
        self.run_with(&["--profile", profile, "login"], stdin, stdout)
            .await
    }
}

/// Reads the authorization address lockctl printed, signs in there as the demo admin and
/// answers with the address the browser would be sent to.
struct BrowserStdin {
    printed: SharedBuf,
    answer: Option<Cursor<Vec<u8>>>,
}

impl Read for BrowserStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.answer.is_none() {
            let printed = String::from_utf8(self.printed.0.lock().unwrap().clone()).unwrap();
            let url = printed
                .lines()
                .find(|l| l.contains("/oauth/authorize"))
                .expect("lockctl printed no authorization address")
                .to_owned();
            let location = std::thread::spawn(move || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap()
                    .block_on(authorize(&url))
            })
            .join()
            .unwrap();
            self.answer = Some(Cursor::new(format!("{location}\n").into_bytes()));
        }
        self.answer.as_mut().unwrap().read(buf)
    }
}

pub async fn authorize(authorize_url: &str) -> String {
    authorize_trusting(authorize_url, None).await
}

/// [`authorize`] on a simulator serving HTTPS with a certificate issued by `root_pem`.
pub async fn authorize_trusting(authorize_url: &str, root_pem: Option<&str>) -> String {
    let url = url::Url::parse(authorize_url).unwrap();
    let q = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    let form = [
        ("mail", "admin@example.com".to_owned()),
        ("password", "lockdesk-demo".to_owned()),
        ("client_id", q("client_id")),
        ("redirect_uri", q("redirect_uri")),
        ("response_type", "code".to_owned()),
        ("state", q("state")),
        ("code_challenge", q("code_challenge")),
        ("code_challenge_method", q("code_challenge_method")),
    ];
    let mut post = url.clone();
    post.set_query(None);
    let mut http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none());
    if let Some(pem) = root_pem {
        http = http.add_root_certificate(reqwest::Certificate::from_pem(pem.as_bytes()).unwrap());
    }
    let resp = http
        .build()
        .unwrap()
        .post(post)
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 302);
    resp.headers()["location"].to_str().unwrap().to_owned()
}

/// The redirect address of the sign-in at `authorize_url` with its `state` and a code the
/// service never issued.
pub fn unissued_redirect(authorize_url: &str) -> String {
    let url = url::Url::parse(authorize_url).unwrap();
    let q = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap()
    };
    let mut redirect = url::Url::parse(&q("redirect_uri")).unwrap();
    redirect
        .query_pairs_mut()
        .append_pair("code", "never-issued")
        .append_pair("state", &q("state"));
    redirect.to_string()
}
