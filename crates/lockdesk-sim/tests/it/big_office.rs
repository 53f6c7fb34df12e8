//! The size of the organization: locks in sites of 50 (a lock group each, photos), people in
//! departments of 200, invitations, and a history shaped like an office's weeks, all through
//! the service's API as a client sees them.

use chrono::{DateTime, Datelike, Timelike, Utc, Weekday};
use lockdesk_sim::SimOptions;
use serde_json::Value;

use crate::{access_token, get, org_ids, sim_with, v2_access_token, v2_get};

/// Every element of a v3 list, page after page (`id_after` the last id; the end is an empty
/// body, as the service answers an empty list).
async fn all(h: &lockdesk_sim::SimHandle, token: &str, path: &str, key: &str) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    loop {
        let after = out
            .last()
            .map(|v| format!("&id_after={}", v["id"].as_str().unwrap()))
            .unwrap_or_default();
        let body = get(h, token, &format!("{path}?limit=1000{after}"))
            .await
            .bytes()
            .await
            .unwrap();
        if body.is_empty() {
            return out;
        }
        let page: Value = serde_json::from_slice(&body).unwrap();
        out.extend(page[key].as_array().unwrap().iter().cloned());
    }
}

#[tokio::test]
async fn a_big_office_has_its_size_through_the_api() {
    let h = sim_with(SimOptions {
        locks: Some(132),
        users: 1_500,
        invitations: 40,
        history_records: 30_000,
        office_week: true,
        ..SimOptions::default()
    })
    .await;
    let token = access_token(&h, "admin@example.com").await;
    let org = org_ids(&h, &token).await.remove(0);
    let base = format!("/v3/organizations/{org}");

    let locks = all(&h, &token, &format!("{base}/locks"), "locks").await;
    assert_eq!(locks.len(), 132);
    let site_door = locks
        .iter()
        .find(|l| l["name"] == "拠点02 3F 扉07")
        .expect("a site's door");
    let photo = site_door["image_url"]
        .as_str()
        .expect("a site's door has a photo");
    let png = crate::http().get(photo).send().await.unwrap();
    assert_eq!(png.headers()["content-type"], "image/png");

    let users = all(&h, &token, &format!("{base}/users"), "users").await;
    assert_eq!(users.len(), 1_500);

    let groups: Value = get(&h, &token, &format!("{base}/lock_groups/"))
        .await
        .json()
        .await
        .unwrap();
    let sites: Vec<&str> = groups["lock_groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["name"].as_str())
        .filter(|n| n.starts_with("拠点"))
        .collect();
    assert_eq!(sites, ["拠点01", "拠点02"]);
    let groups: Value = get(&h, &token, &format!("{base}/user_groups/"))
        .await
        .json()
        .await
        .unwrap();
    let departments = groups["user_groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["name"].as_str().unwrap().starts_with("部署"))
        .count();
    assert_eq!(departments, 6, "1,200 people past the demo's 300, 200 each");

    let invitations: Value = get(&h, &token, &format!("{base}/user_invitations?limit=1000"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        invitations["user_invitations"].as_array().unwrap().len(),
        40
    );

    // The busiest door's history (v2), read back: office hours on weekdays, few weekends.
    let v2 = v2_access_token(&h, "admin@example.com").await;
    let v2_locks = v2_get(&h, "/v2/external/locks", &[("access_token", &v2)]).await;
    let first = v2_locks["locks"][0]["id"].as_str().unwrap();
    let query = [("access_token", &*v2), ("lock_id", first), ("limit", "100")];
    let page = v2_get(&h, "/v2/external/accesses", &query).await;
    let times: Vec<DateTime<Utc>> = page["accesses"]
        .as_array()
        .expect("an accesses page")
        .iter()
        .map(|a| a["created_at"].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(times.len(), 100, "the busiest door has a page of records");
    let tokyo = chrono::FixedOffset::east_opt(9 * 3600).unwrap();
    let weekday_daytime = times
        .iter()
        .map(|t| t.with_timezone(&tokyo))
        .filter(|t| !matches!(t.weekday(), Weekday::Sat | Weekday::Sun))
        .filter(|t| (6..22).contains(&t.hour()))
        .count();
    assert!(
        weekday_daytime >= 80,
        "{weekday_daytime} of 100 on weekdays by day"
    );
}
