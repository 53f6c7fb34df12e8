//! Killed at any moment: real `lockctl` processes stopped without warning (SIGKILL; on Windows
//! `TerminateProcess`, both through tokio's `Child::start_kill`) at random moments of each kind
//! of work a computer does on its own — a history sync, a bulk invitation, a report run, a watch
//! round with its team-chat deliveries, a journaled change, a token renewal — each then run again
//! to its end, as a person or a scheduler would. Afterwards, for every seed:
//!
//! - the archive holds exactly the service's history (nothing lost, nothing twice);
//! - no invitation went out twice (the simulator's outbox), and every one sent is in the journal;
//! - each report period is one whole file, and the run store says it is written;
//! - each alert reached the team's destination at most once: exactly once when its delivery says
//!   sent, at most once when it says "may have arrived"; none is left waiting;
//! - every change the service received is in the journal (pending or done);
//! - the sign-in still works, or, when a renewal itself was cut after the service had issued the
//!   new tokens, `lockctl` says exactly that (`renewal_interrupted`), and a new sign-in works.
//!
//! `LOCKDESK_KILL_SEEDS` sets how many seeds run (a few in `scripts/test`; `scripts/kill-campaign
//! N` runs many), `LOCKDESK_KILL_FIRST_SEED` the first; a failure names its seed.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lockdesk_sim::SimOptions;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use crate::procs::{finish, start, Done, Home};
use crate::support::start_sim_with;

/// Seeds a plain `cargo test` runs (fewer under Wine, where every process starts slowly).
const SEEDS: u64 = if cfg!(windows) { 1 } else { 3 };

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_at_any_moment_nothing_is_lost_doubled_or_half_written() {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let seeds = var("LOCKDESK_KILL_SEEDS", SEEDS);
    let first = var("LOCKDESK_KILL_FIRST_SEED", 1);
    let mut tally = Tally::default();
    for seed in first..first + seeds {
        let started = Instant::now();
        let office = Office::new(seed).await;
        let mut rng = StdRng::seed_from_u64(seed);
        office.history_sync(&mut rng, &mut tally).await;
        office.bulk_invitation(&mut rng, &mut tally).await;
        office.report_run(&mut rng, &mut tally).await;
        office.watch_and_deliver(&mut rng, &mut tally).await;
        office.journaled_changes(&mut rng, &mut tally).await;
        office.token_renewal(&mut rng, &mut tally).await;
        println!(
            "seed {seed}: done in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    println!("{seeds} seed(s) from {first}: {tally:?}");
}

/// What the kills hit, over the whole campaign (printed, so a long run shows what it tried).
#[derive(Debug, Default)]
struct Tally {
    /// Processes killed while they ran.
    killed: u32,
    /// Processes that had finished before their kill came.
    finished_first: u32,
    /// Renewals cut after the service issued new tokens: told, then signed in again.
    renewals_interrupted: u32,
    /// Deliveries that may have arrived (a pass killed while posting).
    deliveries_unknown: u32,
}

/// A home signed in to the simulator's organization (`work`, v3) and its history (`hist`, v2),
/// with a team-chat destination on a loopback receiver, a daily history report, and a CSV file
/// of addresses to invite.
struct Office {
    seed: u64,
    home: Home,
    org: String,
    folder: PathBuf,
    csv: PathBuf,
    mails: Vec<String>,
    hook: String,
    received: Received,
}

/// Per alert id, how many times it reached the receiver.
type Received = Arc<Mutex<HashMap<i64, u32>>>;

impl Office {
    async fn new(seed: u64) -> Office {
        let home = Home::new(start_sim_with(SimOptions {
            history_records: 1_500,
            v2_rate_limit: 100_000,
            ..SimOptions::small()
        }));
        home.add_and_login("work", 0).await;
        home.add_and_login("hist", 1).await;
        let orgs = ok(
            home.run(&["--profile", "work", "--json", "orgs"]).await,
            "orgs",
        );
        let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
        let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
        let (hook, received) = receiver().await;
        let folder = home.dir.path().join("共有 reports");
        std::fs::create_dir_all(&folder).unwrap();
        let mails: Vec<String> = (0..12)
            .map(|i| format!("kill{seed}-{i}@example.com"))
            .collect();
        let csv = home.dir.path().join("招待.csv");
        std::fs::write(&csv, format!("mail\n{}\n", mails.join("\n"))).unwrap();
        let office = Office {
            seed,
            home,
            org,
            folder,
            csv,
            mails,
            hook,
            received,
        };
        let mut add = office.command(&[
            "alerts",
            "destinations",
            "add",
            "--name",
            "Team",
            "--kind",
            "generic",
            "--lang",
            "en",
        ]);
        add.env("LOCKDESK_WEBHOOK_URL", &office.hook);
        ok(finish(&mut add).await, "alerts destinations add");
        let folder_arg = office.folder.display().to_string();
        let report = [
            "reports",
            "add",
            "--name",
            "入退室",
            "--what",
            "history",
            "--every",
            "daily",
            "--at",
            "00:00",
            "--format",
            "csv",
            "--folder",
            &folder_arg,
        ];
        ok(office.run(&report).await, "reports add");
        office
    }

    /// `--profile work --org ORG ARGS…`: a command on the organization.
    fn work<'a>(&'a self, args: &[&'a str]) -> Vec<&'a str> {
        let mut all = vec!["--profile", "work", "--org", &self.org];
        all.extend_from_slice(args);
        all
    }

    /// `lockctl --profile work --org ORG ARGS…` as a command, not started.
    fn command(&self, args: &[&str]) -> tokio::process::Command {
        self.home.command(&self.work(args))
    }

    async fn run(&self, args: &[&str]) -> Done {
        finish(&mut self.command(args)).await
    }

    /// Starts `lockctl ARGS…` (whole: its profile first), kills it after a random wait of up
    /// to `within`, as often as the seed says (one to three times); then runs it to its end and
    /// answers that last run.
    async fn killed_then_finished(
        &self,
        rng: &mut StdRng,
        tally: &mut Tally,
        args: &[&str],
        within: Duration,
    ) -> Done {
        for _ in 0..rng.gen_range(1..=3) {
            let wait = within.mul_f64(rng.gen::<f64>());
            let mut child = start(
                self.home
                    .command(args)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null()),
            )
            .await;
            tokio::time::sleep(wait).await;
            match child.try_wait().unwrap() {
                Some(_) => tally.finished_first += 1,
                None => {
                    child.start_kill().unwrap();
                    child.wait().await.unwrap();
                    tally.killed += 1;
                }
            }
        }
        finish(&mut self.home.command(args)).await
    }

    fn context(&self, what: &str) -> String {
        format!("seed {}: {what}", self.seed)
    }

    /// The history, synced by processes killed midway and then once to the end: the archive
    /// holds each of the service's records exactly once.
    async fn history_sync(&self, rng: &mut StdRng, tally: &mut Tally) {
        let args = ["--profile", "hist", "history", "sync"];
        let last = self
            .killed_then_finished(rng, tally, &args, Duration::from_millis(1_500))
            .await;
        ok(last, &self.context("history sync to the end"));
        let service = self.service_history().await;
        let archive = self.archived();
        assert_eq!(
            archive.len(),
            service.len(),
            "{}: the archive holds other locks than the service",
            self.context("history")
        );
        for (lock, records) in &service {
            assert_eq!(
                archive.get(lock),
                Some(records),
                "{}: lock {lock}'s records differ from the service's",
                self.context("history")
            );
        }
    }

    /// A CSV file of addresses invited by processes killed midway, then once to the end: each
    /// address got one invitation mail, and each is in the journal.
    async fn bulk_invitation(&self, rng: &mut StdRng, tally: &mut Tally) {
        let csv = self.csv.display().to_string();
        let args = self.work(&["--json", "invitations", "import", &csv]);
        let last = self
            .killed_then_finished(rng, tally, &args, Duration::from_millis(900))
            .await;
        ok(last, &self.context("invitations import to the end"));
        let outbox = self.sim_get("outbox").await;
        let mut mails_to: BTreeMap<String, u32> = BTreeMap::new();
        for mail in outbox["mails"].as_array().unwrap() {
            let to = mail["to"].as_str().unwrap_or_default().to_owned();
            *mails_to.entry(to).or_default() += 1;
        }
        let journaled = self.journaled("invitations_bulk_row").await;
        for mail in &self.mails {
            assert_eq!(
                mails_to.get(mail),
                Some(&1),
                "{}: invitation mails to {mail}",
                self.context("bulk invitation")
            );
            assert!(
                journaled.iter().any(|e| e["target_id"] == mail.as_str()),
                "{}: {mail} was invited but is not in the journal",
                self.context("bulk invitation")
            );
        }
    }

    /// The due period of the daily report, written by processes killed midway, then once to the
    /// end: one whole file, and the run store says it is written.
    async fn report_run(&self, rng: &mut StdRng, tally: &mut Tally) {
        let args = self.work(&[
            "--json",
            "reports",
            "run",
            "--due",
            "--history-profile",
            "hist",
        ]);
        let last = self
            .killed_then_finished(rng, tally, &args, Duration::from_millis(900))
            .await;
        ok(last, &self.context("reports run to the end"));
        let files: Vec<PathBuf> = std::fs::read_dir(&self.folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| !file_name(p).starts_with('.'))
            .collect();
        assert_eq!(
            files.len(),
            1,
            "{}: one file for the one due period: {files:?}",
            self.context("report")
        );
        let text = std::fs::read_to_string(&files[0]).unwrap();
        assert!(
            text.starts_with('\u{feff}') && text.ends_with('\n') && text.lines().count() > 1,
            "{}: the file is not whole: {} bytes",
            self.context("report"),
            text.len()
        );
        let list = ok(
            self.run(&["--json", "reports", "list"]).await,
            "reports list",
        );
        let list: Value = serde_json::from_str(&list.stdout).unwrap();
        let last_run = &list["reports"][0]["last_run"];
        assert_eq!(
            last_run["state"],
            "done",
            "{}: {last_run}",
            self.context("report")
        );
        assert_eq!(
            last_run["file"].as_str().map(Path::new),
            Some(files[0].as_path()),
            "{}",
            self.context("report")
        );
    }

    /// Low batteries on three locks; watch rounds (sync, rules, team-chat deliveries) killed
    /// midway, then rounds until nothing new: each alert reached the receiver at most once,
    /// exactly once when its delivery says sent, and no delivery is left waiting.
    async fn watch_and_deliver(&self, rng: &mut StdRng, tally: &mut Tally) {
        let locks = ok(self.run(&["--json", "locks", "list"]).await, "locks list");
        let locks: Value = serde_json::from_str(&locks.stdout).unwrap();
        for lock in locks["locks"].as_array().unwrap().iter().take(3) {
            self.sim_post(
                "battery",
                json!({ "lock_id": lock["id"], "part": "lock", "percent": 4 }),
            )
            .await;
        }
        let args = self.work(&["watch", "--once", "--history-profile", "hist"]);
        let mut last = self
            .killed_then_finished(rng, tally, &args, Duration::from_millis(1_200))
            .await;
        // 3: new alerts; a round finds none left once everything was raised.
        for _ in 0..3 {
            if last.code == 0 {
                break;
            }
            assert_eq!(
                last.code,
                3,
                "{}: {}",
                self.context("watch round"),
                last.stderr
            );
            last = finish(&mut self.home.command(&args)).await;
        }
        ok(last, &self.context("watch rounds to the end"));
        let listed = ok(
            self.run(&["--json", "alerts", "deliveries", "--limit", "1000"])
                .await,
            "alerts deliveries",
        );
        let listed: Value = serde_json::from_str(&listed.stdout).unwrap();
        let deliveries = listed["deliveries"].as_array().unwrap();
        assert!(
            !deliveries.is_empty(),
            "{}: no delivery",
            self.context("deliveries")
        );
        let received = self.received.lock().unwrap().clone();
        for d in deliveries {
            let id = d["alert_id"].as_i64().unwrap();
            let got = received.get(&id).copied().unwrap_or(0);
            match d["state"].as_str().unwrap() {
                "sent" => assert_eq!(
                    got,
                    1,
                    "{}: alert {id} sent, received {got} times",
                    self.context("deliveries")
                ),
                "unknown" => {
                    assert!(
                        got <= 1,
                        "{}: alert {id} received {got} times",
                        self.context("deliveries")
                    );
                    tally.deliveries_unknown += 1;
                }
                other => panic!(
                    "{}: alert {id} left {other}: {d}",
                    self.context("deliveries")
                ),
            }
        }
        // Every alert the watcher announced has its delivery, also one raised by a round killed
        // before it queued them (the next round queues what the store holds unqueued).
        let store = self.home.data().join("watch.sqlite3");
        let conn = rusqlite::Connection::open(store).unwrap();
        let raised: Vec<i64> = conn
            .prepare("SELECT id FROM alerts WHERE muted = 0")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for id in raised {
            assert!(
                deliveries.iter().any(|d| d["alert_id"] == id),
                "{}: alert {id} was raised and never queued for the team",
                self.context("deliveries")
            );
        }
        assert!(
            received.values().all(|n| *n <= 1),
            "{}: an alert reached the team twice: {received:?}",
            self.context("deliveries")
        );
    }

    /// A lock renamed by processes killed midway (journal first), then once more to the end:
    /// every rename the service received is in the journal.
    async fn journaled_changes(&self, rng: &mut StdRng, tally: &mut Tally) {
        let locks = ok(self.run(&["--json", "locks", "list"]).await, "locks list");
        let locks: Value = serde_json::from_str(&locks.stdout).unwrap();
        let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
        reqwest::Client::new()
            .delete(format!("{}/_sim/requests", self.home.sim.base_url))
            .send()
            .await
            .unwrap();
        for round in 0..rng.gen_range(2..=4) {
            let name = format!("正面 {}-{round}", self.seed);
            let args = self.work(&["locks", "rename", &lock, &name]);
            let _ = self
                .killed_then_finished(rng, tally, &args, Duration::from_millis(250))
                .await;
        }
        let received = self.sim_get("requests").await;
        let renames: Vec<String> = received["requests"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["method"] == "PUT" && r["status"] == 200)
            .flat_map(|r| r["params"].as_array().cloned().unwrap_or_default())
            .filter_map(|p| {
                p.as_str()
                    .and_then(|p| p.strip_prefix("lock_name="))
                    .map(str::to_owned)
            })
            .collect();
        assert!(
            !renames.is_empty(),
            "{}: no rename reached the service",
            self.context("journal")
        );
        let journaled = self.journaled("locks_rename").await;
        for name in &renames {
            let found = journaled.iter().any(|e| {
                e["target_id"] == lock.as_str()
                    && e["changes"]
                        .as_array()
                        .is_some_and(|c| c.iter().any(|c| c["new"] == name.as_str()))
            });
            assert!(
                found,
                "{}: the service renamed {lock} to {name:?}, the journal does not say so",
                self.context("journal")
            );
        }
    }

    /// A sign-in renewed by processes killed midway, then used: it works, or, when a kill came
    /// after the service issued new tokens and before they were stored, lockctl says so
    /// (`renewal_interrupted`, exit 1), and signing in again works.
    async fn token_renewal(&self, rng: &mut StdRng, tally: &mut Tally) {
        self.home.expire("work");
        let last = self
            .killed_then_finished(
                rng,
                tally,
                &["--profile", "work", "token-info"],
                Duration::from_millis(300),
            )
            .await;
        if last.code != 0 {
            assert!(
                last.stderr.contains("[renewal_interrupted]"),
                "{}: the sign-in was lost without saying why: {}",
                self.context("renewal"),
                last.stderr
            );
            tally.renewals_interrupted += 1;
            ok(
                self.home.login("work").await,
                &self.context("signing in again"),
            );
            ok(
                self.run(&["token-info"]).await,
                &self.context("token-info after signing in again"),
            );
        }
    }

    async fn sim_get(&self, what: &str) -> Value {
        reqwest::get(format!("{}/_sim/{what}", self.home.sim.base_url))
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    async fn sim_post(&self, what: &str, body: Value) {
        let r = reqwest::Client::new()
            .post(format!("{}/_sim/{what}", self.home.sim.base_url))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "/_sim/{what}: {}", r.status());
    }

    /// The journal's entries of one operation.
    async fn journaled(&self, op: &str) -> Vec<Value> {
        let listed = ok(
            self.run(&["--json", "activity", "--op", op, "--limit", "1000"])
                .await,
            "activity",
        );
        let page: Value = serde_json::from_str(&listed.stdout).unwrap();
        page["entries"].as_array().cloned().unwrap_or_default()
    }

    /// Every record of every lock the history sign-in sees, from the service (v2).
    async fn service_history(&self) -> BTreeMap<String, Vec<Record>> {
        let token = self.home.tokens("hist").access_token.secret().to_owned();
        let base = &self.home.sim.base_url;
        let http = reqwest::Client::new();
        let locks = get_json(
            &http,
            format!("{base}/v2/external/locks"),
            &[("access_token", &token)],
        )
        .await;
        let mut all = BTreeMap::new();
        for lock in locks["locks"].as_array().unwrap() {
            let id = lock["id"].as_str().unwrap().to_owned();
            let mut records = Vec::new();
            let mut offset = 0;
            loop {
                let page = get_json(
                    &http,
                    format!("{base}/v2/external/accesses"),
                    &[
                        ("access_token", token.as_str()),
                        ("lock_id", id.as_str()),
                        ("offset", &offset.to_string()),
                        ("limit", "100"),
                    ],
                )
                .await;
                let got = page["accesses"].as_array().cloned().unwrap_or_default();
                for a in &got {
                    let at =
                        chrono::DateTime::parse_from_rfc3339(a["created_at"].as_str().unwrap())
                            .unwrap()
                            .timestamp_millis();
                    records.push((
                        at,
                        a["user"]["id"].as_str().map(str::to_owned),
                        a["client_type"].as_str().unwrap().to_owned(),
                        a["is_locked"].as_bool().unwrap(),
                    ));
                }
                if got.len() < 100 {
                    break;
                }
                offset += got.len();
            }
            records.sort();
            if !records.is_empty() {
                all.insert(id, records);
            }
        }
        all
    }

    /// Every record of the history archive, per lock.
    fn archived(&self) -> BTreeMap<String, Vec<Record>> {
        let path = lockdesk_archive::paths::archive_path(&self.home.data(), "hist", None).unwrap();
        let conn = rusqlite::Connection::open(path).unwrap();
        let mut stmt = conn
            .prepare(
                "SELECT l.lock_id, a.created_at_ms, u.user_id, k.name, a.is_locked
                 FROM accesses a JOIN locks l ON l.id = a.lock_ref
                 JOIN kinds k ON k.id = a.kind_ref LEFT JOIN users u ON u.id = a.user_ref",
            )
            .unwrap();
        let mut all: BTreeMap<String, Vec<Record>> = BTreeMap::new();
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?),
                ))
            })
            .unwrap();
        for row in rows {
            let (lock, record) = row.unwrap();
            all.entry(lock).or_default().push(record);
        }
        for records in all.values_mut() {
            records.sort();
        }
        all
    }
}

/// A history record as both sides can say it: time (ms), user, method, locked.
type Record = (i64, Option<String>, String, bool);

fn file_name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[track_caller]
fn ok(d: Done, what: &str) -> Done {
    assert_eq!(d.code, 0, "{what}: {}\n{}", d.stdout, d.stderr);
    d
}

/// A team-chat service on loopback taking the generic JSON messages: per alert id, how often it
/// arrived.
async fn receiver() -> (String, Received) {
    let got: Received = Arc::default();
    let kept = got.clone();
    let app = axum::Router::new().fallback(move |body: axum::body::Bytes| async move {
        let json: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        let mut kept = kept.lock().unwrap();
        for alert in json["alerts"].as_array().into_iter().flatten() {
            if let Some(id) = alert["id"].as_i64() {
                *kept.entry(id).or_default() += 1;
            }
        }
        "ok"
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/hooks/team", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, got)
}

/// The JSON the service answers to a GET of `url` with `query`.
async fn get_json(http: &reqwest::Client, url: String, query: &[(&str, &str)]) -> Value {
    let answer = http.get(url).query(query).send().await.unwrap();
    answer.json().await.unwrap()
}
