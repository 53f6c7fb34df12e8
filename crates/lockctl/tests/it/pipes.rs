//! `lockctl … | head`: the reader stops reading before lockctl writes; lockctl ends quietly with
//! status 0, like the shell's own tools, instead of "could not write the output: Broken pipe".

use serde_json::Value;

use crate::procs::Home;
use crate::support::start_sim;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_that_stops_reading_is_no_error() {
    let home = Home::new(start_sim());
    home.add_and_login("org", 0).await;
    let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let mut child = crate::procs::start(&mut home.command(&[
        "--profile",
        "org",
        "--org",
        &org,
        "locks",
        "list",
    ]))
    .await;
    // Closed at once: lockctl asks the service first, so it writes to a pipe nobody reads.
    drop(child.stdout.take());
    let out = child.wait_with_output().await.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}
