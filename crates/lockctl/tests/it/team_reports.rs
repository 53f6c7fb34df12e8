//! Reports shared by a team (two homes, two keychains, one simulator, one PostgreSQL, real
//! lockctl processes): a report added on one computer is listed on the other; a period written
//! by one is not written again by the other, even after the file was moved out of the folder;
//! two computers running the same due report at the same moment write it once.

use lockdesk_sim::SimOptions;
use serde_json::Value;

use crate::procs::{Done, Home};
use crate::support::start_sim_with;
use crate::team::{first_org, run};
use crate::team_server::Server;

async fn lockctl(home: &Home, user: &str, org: &str, more: &[&str]) -> Done {
    let args: Vec<&str> = ["--profile", "work", "--org", org]
        .iter()
        .chain(more)
        .copied()
        .collect();
    run(home, user, &args).await
}

async fn run_due(home: &Home, user: &str, org: &str) -> Value {
    let ran = lockctl(
        home,
        user,
        org,
        &[
            "--json",
            "reports",
            "run",
            "--due",
            "--history-profile",
            "hist",
        ],
    )
    .await;
    assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
    serde_json::from_str(&ran.stdout).unwrap()
}

/// The outcome kind of the run of the report named `name`.
fn outcome_of(ran: &Value, name: &str) -> String {
    ran["runs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("{name} not run: {ran}"))["outcome"]["kind"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn add(home: &Home, user: &str, org: &str, name: &str, folder: &str) {
    let added = lockctl(
        home,
        user,
        org,
        &[
            "reports", "add", "--name", name, "--every", "daily", "--at", "00:00", "--folder",
            folder,
        ],
    )
    .await;
    assert_eq!(added.code, 0, "{}", added.stderr);
}

fn files_in(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_period_is_written_once_for_the_team() {
    let server = Server::start().await;
    let address = server.source().address();
    let sim = start_sim_with(SimOptions {
        v2_rate_limit: 100_000,
        ..SimOptions::small()
    });
    let (a, b) = (Home::new(sim.clone()), Home::new(sim));
    for (home, user) in [(&a, "sato"), (&b, "suzuki")] {
        home.add_and_login("work", 0).await;
        home.add_and_login("hist", 1).await;
        let connected = run(home, user, &["team", "connect", &address]).await;
        assert_eq!(connected.code, 0, "{}", connected.stderr);
    }
    let org = first_org(&a, "sato").await;
    let share = tempfile::tempdir().unwrap();
    let folder = share.path().display().to_string();

    // Added on A, listed on B.
    add(&a, "sato", &org, "入退室 日報", &folder).await;
    let listed = lockctl(&b, "suzuki", &org, &["--json", "reports", "list"]).await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    let listed: Value = serde_json::from_str(&listed.stdout).unwrap();
    assert_eq!(
        listed["reports"][0]["report"]["name"], "入退室 日報",
        "{listed}"
    );

    // A writes the day; the file is moved on to the archive; B does not write it again.
    assert_eq!(
        outcome_of(&run_due(&a, "sato", &org).await, "入退室 日報"),
        "written"
    );
    let written = files_in(share.path());
    assert_eq!(written.len(), 1, "{written:?}");
    let kept = share.path().join("保存済み");
    std::fs::create_dir(&kept).unwrap();
    std::fs::rename(share.path().join(&written[0]), kept.join(&written[0])).unwrap();
    let on_b = run_due(&b, "suzuki", &org).await;
    assert_eq!(
        outcome_of(&on_b, "入退室 日報"),
        "already_written",
        "{on_b}"
    );
    assert!(files_in(share.path()).is_empty());

    // A second report, added on B; both run at the same moment: one file.
    add(&b, "suzuki", &org, "入退室 日報 (2)", &folder).await;
    let (ra, rb) = tokio::join!(run_due(&a, "sato", &org), run_due(&b, "suzuki", &org));
    let kinds = [
        outcome_of(&ra, "入退室 日報 (2)"),
        outcome_of(&rb, "入退室 日報 (2)"),
    ];
    assert_eq!(
        kinds.iter().filter(|k| *k == "written").count(),
        1,
        "{kinds:?}"
    );
    assert_eq!(files_in(share.path()).len(), 1);
}
