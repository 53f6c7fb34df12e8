//! Two computers of one team (two homes, two keychains, real lockctl processes) on one
//! PostgreSQL: one journal holding each computer's changes once, with who made them; a wrong
//! password refused and nothing kept; a stopped database costs nothing (the change is made and
//! journaled here, and shared once it is back).

use serde_json::Value;

use crate::procs::{finish, Done, Home};
use crate::support::start_sim;
use crate::team_server::{Server, TEAM_PASSWORD};

/// `lockctl ARGS…` with the team's password in the environment and an OS user.
pub async fn run(home: &Home, user: &str, args: &[&str]) -> Done {
    let mut cmd = home.command(args);
    cmd.env("LOCKDESK_TEAM_PASSWORD", TEAM_PASSWORD)
        .env("USER", user);
    finish(&mut cmd).await
}

async fn status(home: &Home, user: &str) -> (Done, Value) {
    let done = run(home, user, &["--json", "team", "status"]).await;
    let value = serde_json::from_str(&done.stdout).unwrap_or(Value::Null);
    (done, value)
}

/// Renames the first organization's first lock (the change is journaled); the rename's run.
async fn rename(home: &Home, user: &str, name: &str) -> Done {
    let org = first_org(home, user).await;
    let work = ["--profile", "work", "--org", &org];
    let listed = run(
        home,
        user,
        &[&work[..], &["--json", "locks", "list"]].concat(),
    )
    .await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    let locks: Value = serde_json::from_str(&listed.stdout).unwrap();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let renamed = run(
        home,
        user,
        &[&work[..], &["locks", "rename", &lock, name]].concat(),
    )
    .await;
    assert_eq!(renamed.code, 0, "{}", renamed.stderr);
    renamed
}

/// The id of the first organization of the connection `work`.
pub async fn first_org(home: &Home, user: &str) -> String {
    let orgs = run(home, user, &["--profile", "work", "--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    orgs["organizations"][0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_computers_share_one_journal_and_a_stopped_database_loses_nothing() {
    let server = Server::start().await;
    let address = server.source().address();
    let sim = start_sim();
    let (a, b) = (Home::new(sim.clone()), Home::new(sim));
    a.add_and_login("work", 0).await;
    b.add_and_login("work", 0).await;

    // A wrong password: refused, nothing kept.
    let mut wrong = a.command(&["team", "connect", &address]);
    wrong.env("LOCKDESK_TEAM_PASSWORD", "not the password");
    let wrong = finish(&mut wrong).await;
    assert_ne!(wrong.code, 0);
    assert!(
        wrong.stderr.contains("team_sign_in_refused"),
        "{}",
        wrong.stderr
    );
    let (_, alone) = status(&a, "sato").await;
    assert_eq!(alone["address"], Value::Null, "{alone}");
    // A password in the address: refused before anything is reached.
    let inline = run(
        &a,
        "sato",
        &["team", "connect", "postgres://soumu:pw@127.0.0.1/lockdesk"],
    )
    .await;
    assert!(
        inline.stderr.contains("team_address_invalid"),
        "{}",
        inline.stderr
    );

    // Both computers connect; the first one's connect shares what its journal had.
    let connected = run(&a, "sato", &["--json", "team", "connect", &address]).await;
    assert_eq!(connected.code, 0, "{}", connected.stderr);
    let connected: Value = serde_json::from_str(&connected.stdout).unwrap();
    assert_eq!(connected["reachable"], true, "{connected}");
    assert_eq!(connected["read_only"], false);
    assert_eq!(
        connected["schema_version"],
        lockdesk_team::schema::known_version()
    );
    let b_connect = run(&b, "suzuki", &["--json", "team", "connect", &address]).await;
    assert_eq!(b_connect.code, 0, "{}", b_connect.stderr);

    // Each rename reaches the team's database as its command ends.
    let db = server.admin_of_team_db().await;
    let renames = || async {
        db.query_one(
            "SELECT count(*) FROM journal_entries WHERE operation = 'locks_rename'",
            &[],
        )
        .await
        .unwrap()
        .get::<_, i64>(0)
    };
    let a_renamed = rename(&a, "sato", "正面玄関").await;
    assert!(
        !a_renamed.stderr.contains("warning"),
        "{}",
        a_renamed.stderr
    );
    rename(&b, "suzuki", "通用口").await;
    assert_eq!(renames().await, 2);
    // Either computer's activity is the team's: who renamed what, on which computer.
    let seen = run(&b, "suzuki", &["activity", "--op", "locks_rename"]).await;
    assert_eq!(seen.code, 0, "{}", seen.stderr);
    let lines: Vec<&str> = seen.stdout.lines().collect();
    assert!(lines[0].contains("BY"), "{}", seen.stdout);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(sato)") && l.contains("正面玄関")),
        "{}",
        seen.stdout
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(suzuki)") && l.contains("通用口")),
        "{}",
        seen.stdout
    );
    let found = run(&a, "sato", &["--json", "activity", "--text", "suzuki"]).await;
    let found: Value = serde_json::from_str(&found.stdout).unwrap();
    assert_eq!(found["team"]["shared"], true, "{found}");
    assert!(found["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["made_by"]["os_user"] == "suzuki"));
    // Asked again: nothing more to share, one journal for both.
    let (_, again) = status(&a, "sato").await;
    assert_eq!(again["uploaded"], 0, "{again}");
    let before = again["team_entries"].as_i64().unwrap();
    let (_, seen_by_b) = status(&b, "suzuki").await;
    assert_eq!(seen_by_b["uploaded"], 0, "{seen_by_b}");
    assert_eq!(seen_by_b["team_entries"].as_i64().unwrap(), before);

    // The database stops: the change is still made and journaled here, and says its entry
    // waits; status says the database is unreachable.
    server.stop();
    let offline = rename(&a, "sato", "正面玄関（旧）").await;
    assert!(
        offline.stderr.contains("[team_unreachable]")
            && offline.stderr.contains("kept in this computer's journal"),
        "{}",
        offline.stderr
    );
    let (down, down_view) = status(&a, "sato").await;
    assert_ne!(down.code, 0);
    assert_eq!(
        down_view["problem"]["code"], "team_unreachable",
        "{down_view}"
    );
    assert!(down_view["unreachable_since"].is_string(), "{down_view}");
    let since = down_view["unreachable_since"].clone();
    // The activity is this computer's own, and says so; asked again, "since" has not moved.
    let local = run(&a, "sato", &["activity", "--op", "locks_rename"]).await;
    assert_eq!(local.code, 0, "{}", local.stderr);
    assert!(
        local.stderr.contains("[team_unreachable]")
            && local.stderr.contains("not reachable since")
            && local.stderr.contains("this computer's entries only"),
        "{}",
        local.stderr
    );
    // Its two renames, not the other computer's.
    let local_lines: Vec<&str> = local.stdout.lines().collect();
    assert!(!local_lines[0].contains("BY"), "{}", local.stdout);
    assert_eq!(local_lines.len(), 3, "{}", local.stdout);
    assert!(local.stdout.contains("正面玄関（旧）"), "{}", local.stdout);
    let (_, still_down) = status(&a, "sato").await;
    assert_eq!(still_down["unreachable_since"], since);
    server.start_again();
    let (_, back) = status(&a, "sato").await;
    assert_eq!(back["uploaded"], 1, "{back}");
    assert_eq!(back["unreachable_since"], Value::Null, "{back}");
    assert_eq!(back["team_entries"].as_i64().unwrap(), before + 1);

    // Who made each rename, on which computer, once each (a new connection: the server
    // restarted).
    let db = server.admin_of_team_db().await;
    let rows = db
        .query(
            "SELECT os_user, count(*) FROM journal_entries
              WHERE operation = 'locks_rename' GROUP BY os_user ORDER BY os_user",
            &[],
        )
        .await
        .unwrap();
    let renames: Vec<(String, i64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(
        renames,
        vec![("sato".to_owned(), 2), ("suzuki".to_owned(), 1)]
    );
    let computers: i64 = db
        .query_one(
            "SELECT count(DISTINCT computer_id) FROM journal_entries",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(computers, 2);

    // Disconnected: this computer works alone again; the team keeps what it had.
    let gone = run(&b, "suzuki", &["team", "disconnect"]).await;
    assert_eq!(gone.code, 0, "{}", gone.stderr);
    let (_, alone) = status(&b, "suzuki").await;
    assert_eq!(alone["address"], Value::Null);
    assert!(b
        .keychain()
        .get(&format!("team/{address}"))
        .unwrap()
        .is_none());
}

/// IT sets the team data source in the policy file (the administrators' own file): status
/// names it as IT's before any password is given; connecting elsewhere and disconnecting are
/// refused; connecting to it keeps only the password (no `team.json`); a policy file anyone
/// may write is ignored.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_data_source_set_by_it_in_the_policy_file() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let server = Server::start().await;
    let address = server.source().address();
    let mut home = Home::new(start_sim());
    let policy_dir = tempfile::tempdir().unwrap();
    let policy = policy_dir.path().join("policy.json");
    std::fs::write(&policy, format!(r#"{{"team": "{address}"}}"#)).unwrap();
    std::fs::set_permissions(&policy, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(
        std::fs::metadata(&policy).unwrap().uid(),
        0,
        "this test needs root (as CI runs it): the policy file must be root's"
    );
    home.env
        .push(("LOCKDESK_POLICY_FILE".into(), policy.clone()));

    let (_, view) = status(&home, "sato").await;
    assert_eq!(view["address"], address.as_str(), "{view}");
    assert_eq!(view["managed"], true, "{view}");
    assert_eq!(view["problem"]["code"], "team_password_missing", "{view}");

    let elsewhere = run(
        &home,
        "sato",
        &["team", "connect", "postgres://soumu@127.0.0.1:1/other"],
    )
    .await;
    assert_ne!(elsewhere.code, 0);
    assert!(elsewhere.stderr.contains("IT set"), "{}", elsewhere.stderr);

    let connected = run(&home, "sato", &["--json", "team", "connect", &address]).await;
    assert_eq!(connected.code, 0, "{}", connected.stderr);
    let connected: Value = serde_json::from_str(&connected.stdout).unwrap();
    assert_eq!(
        (connected["reachable"].clone(), connected["managed"].clone()),
        (Value::Bool(true), Value::Bool(true))
    );
    assert!(!home.config().join("team.json").exists());
    let words = run(&home, "sato", &["team", "status"]).await;
    assert!(words.stdout.contains("set by IT"), "{}", words.stdout);

    let gone = run(&home, "sato", &["team", "disconnect"]).await;
    assert_ne!(gone.code, 0);
    assert!(gone.stderr.contains("policy file"), "{}", gone.stderr);

    // Anyone may write it: not IT's, so not honoured; this computer works alone.
    std::fs::set_permissions(&policy, std::fs::Permissions::from_mode(0o666)).unwrap();
    let (_, alone) = status(&home, "sato").await;
    assert_eq!(alone["address"], Value::Null, "{alone}");
}
