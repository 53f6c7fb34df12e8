//! Behind the office proxy: real `lockctl` processes with `HTTP_PROXY`, and a service that is
//! reachable only through it. The service's address is one where nothing listens; the proxy is
//! the simulator itself, which answers the absolute-form requests a client sends to a forward
//! proxy as that proxy would pass them on. A proxy that cannot be reached is named in the error.

use crate::procs::Home;
use crate::support::start_sim;

/// Nothing listens on the discard port of the loopback.
const UNREACHABLE: &str = "http://127.0.0.1:9";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_is_reached_through_the_proxy_and_a_dead_proxy_is_named() {
    let mut home = Home::new(start_sim());
    home.proxy = Some(home.sim.base_url.clone());
    home.service_url = Some(UNREACHABLE.into());
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--profile", "work", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    assert!(orgs.stdout.contains("O-"), "{}", orgs.stdout);

    home.proxy = None;
    let direct = home.run(&["--profile", "work", "orgs"]).await;
    assert_ne!(direct.code, 0, "reached without the proxy");
    assert!(direct.stderr.contains("[transport]"), "{}", direct.stderr);
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
