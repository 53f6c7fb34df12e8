//! The history archive synced once for the team: three computers (three homes, three
//! keychains, real lockctl processes) asking to sync at the same moment: one fetches from the
//! service and gives the team what it fetched, the others wait for it and take it in, so
//! every archive holds the same records after one sync's requests. With the team's database
//! stopped a computer syncs alone, and takes in only what it lacks when it is back.

use serde_json::Value;

use crate::procs::{Done, Home};
use lockdesk_sim::SimOptions;

use crate::support::{start_sim_with, take_requests};
use crate::team::run;
use crate::team_server::Server;

const USERS: [&str; 3] = ["sato", "suzuki", "takahashi"];

fn json(done: &Done) -> Value {
    assert_eq!(done.code, 0, "{}{}", done.stdout, done.stderr);
    serde_json::from_str(&done.stdout).unwrap()
}

async fn total(home: &Home, user: &str) -> u64 {
    let page = run(
        home,
        user,
        &[
            "--profile",
            "hist",
            "--json",
            "history",
            "query",
            "--limit",
            "1",
        ],
    )
    .await;
    json(&page)["total"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_computers_syncing_at_once_fetch_the_history_once() {
    let server = Server::start().await;
    let address = server.source().address();
    // Each lockctl keeps to 50 history requests a minute; the service here counts them per
    // sign-in over the whole test, which syncs several times (40 locks: 40 requests each).
    let sim = start_sim_with(SimOptions {
        history_records: 150,
        v2_rate_limit: 10_000,
        ..SimOptions::small()
    });
    let homes: Vec<Home> = (0..3).map(|_| Home::new(sim.clone())).collect();
    for (home, user) in homes.iter().zip(USERS) {
        home.add_and_login("hist", 1).await;
        let connected = run(home, user, &["team", "connect", &address]).await;
        assert_eq!(connected.code, 0, "{}", connected.stderr);
    }
    take_requests(&sim.base_url).await;

    let sync = ["--profile", "hist", "--json", "history", "sync"];
    let (a, b, c) = tokio::join!(
        run(&homes[0], USERS[0], &sync),
        run(&homes[1], USERS[1], &sync),
        run(&homes[2], USERS[2], &sync)
    );
    let reports = [json(&a), json(&b), json(&c)];
    let holders: Vec<&Value> = reports
        .iter()
        .filter(|r| r["team"]["synced_here"] == true)
        .collect();
    assert_eq!(holders.len(), 1, "{reports:#?}");
    let holder = holders[0];
    let fetched = holder["progress"]["new_records"].as_u64().unwrap();
    assert!(fetched > 0, "{holder}");
    assert_eq!(holder["team"]["given"].as_u64(), Some(fetched));
    for r in reports.iter().filter(|r| r["team"]["synced_here"] != true) {
        assert_eq!(r["progress"]["requests"].as_u64(), Some(0), "{r}");
        assert_eq!(r["team"]["taken_in"].as_u64(), Some(fetched), "{r}");
        assert!(r["team"]["synced_by"].is_string(), "{r}");
    }
    // The service answered one sync's history requests, not three.
    let history_requests = take_requests(&sim.base_url)
        .await
        .iter()
        .filter(|r| r.path.starts_with("/v2/external/"))
        .count() as u64;
    assert_eq!(
        Some(history_requests),
        holder["progress"]["requests"].as_u64()
    );
    for (home, user) in homes.iter().zip(USERS) {
        assert_eq!(total(home, user).await, fetched, "{user}");
    }

    // Said in words too.
    let again = run(
        &homes[1],
        USERS[1],
        &["--profile", "hist", "history", "sync"],
    )
    .await;
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(
        again.stdout.contains("team: synced here for the team"),
        "{}",
        again.stdout
    );

    // The database stopped: a computer syncs alone, from the service, and says nothing of a team.
    server.stop();
    let alone = run(&homes[2], USERS[2], &sync).await;
    let alone = json(&alone);
    assert!(alone.get("team").is_none(), "{alone}");
    assert!(alone["progress"]["requests"].as_u64().unwrap() > 0);
    server.start_again();
    let back = json(&run(&homes[2], USERS[2], &sync).await);
    assert_eq!(back["team"]["synced_here"], true, "{back}");
    assert_eq!(total(&homes[2], USERS[2]).await, fetched);
}
