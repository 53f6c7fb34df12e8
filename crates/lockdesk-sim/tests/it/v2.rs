use std::time::Duration;

use lockdesk_sim::SimOptions;
use serde_json::Value;

use crate::{http, sim_with, token_for};

#[tokio::test]
async fn history_newest_first_and_rate_limit() {
    let h = sim_with(SimOptions {
        v2_rate_limit: 5,
        v2_rate_window: Duration::from_secs(60),
        ..SimOptions::small()
    })
    .await;
    let token = token_for(&h, 1, "admin@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let base = h.base_url().to_string();
    let locks: Value = http()
        .get(format!("{base}/v2/external/locks"))
        .query(&[("access_token", &token)])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(locks["success"], true);
    let lock_id = locks["locks"][0]["id"].as_str().unwrap().to_string();

    let page: Value = http()
        .get(format!("{base}/v2/external/accesses"))
        .query(&[
            ("access_token", token.as_str()),
            ("lock_id", &lock_id),
            ("limit", "10"),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let recs = page["accesses"].as_array().unwrap();
    assert!(!recs.is_empty());
    let times: Vec<&str> = recs
        .iter()
        .map(|r| r["created_at"].as_str().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert!(times[0].ends_with('Z') && times[0].len() == 24);

    let too_big = http()
        .get(format!("{base}/v2/external/accesses"))
        .query(&[
            ("access_token", token.as_str()),
            ("lock_id", &lock_id),
            ("limit", "101"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(too_big.status(), 400);

    for _ in 0..2 {
        let r = http()
            .get(format!("{base}/v2/external/locks"))
            .query(&[("access_token", &token)])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    let r = http()
        .get(format!("{base}/v2/external/locks"))
        .query(&[("access_token", &token)])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry));
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["success"], false);
    assert_eq!(body["code"], "rate_limit_exceeded");

    let bad = http()
        .get(format!("{base}/v2/external/locks"))
        .query(&[("access_token", "nope")])
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 401);
    assert_eq!(bad.json::<Value>().await.unwrap()["code"], "invalid_token");
    h.shutdown().await;
}
