use serde_json::{json, Value};

use crate::{access_token, control, get, http, org_ids, sim};

#[tokio::test]
async fn clock_faults_and_reset() {
    let h = sim().await;
    let token = access_token(&h, "admin@example.com").await;
    let org = org_ids(&h, &token).await.remove(0);

    control(
        &h,
        "/_sim/faults",
        json!({ "error_rate": 1.0, "status": 503, "retry_after": 2 }),
    )
    .await;
    let r = get(&h, &token, "/v3/organizations").await;
    assert_eq!(r.status(), 503);
    assert_eq!(r.headers()["retry-after"], "2");
    control(
        &h,
        "/_sim/faults",
        json!({ "drop_rate": 1.0, "path_prefix": "/v3/" }),
    )
    .await;
    assert!(http()
        .get(format!("{}/v3/organizations", h.base_url()))
        .bearer_auth(&token)
        .send()
        .await
        .is_err());
    control(&h, "/_sim/faults", json!({})).await;
    assert_eq!(get(&h, &token, "/v3/organizations").await.status(), 200);

    // Invitations expire after 7 days of virtual time.
    let active = get(
        &h,
        &token,
        &format!("/v3/organizations/{org}/user_invitations?invitation_status=active"),
    )
    .await;
    let n_active = active
        .json::<Value>()
        .await
        .map(|v| v["user_invitations"].as_array().unwrap().len())
        .unwrap_or(0);
    assert!(n_active > 0);
    control(
        &h,
        "/_sim/clock",
        json!({ "advance_seconds": 8 * 24 * 3600 }),
    )
    .await;
    let active = get(
        &h,
        &token,
        &format!("/v3/organizations/{org}/user_invitations?invitation_status=active"),
    )
    .await;
    assert!(active.bytes().await.unwrap().is_empty());

    // 91 days after issue the token is refused.
    control(
        &h,
        "/_sim/clock",
        json!({ "advance_seconds": 83 * 24 * 3600 }),
    )
    .await;
    assert_eq!(get(&h, &token, "/v3/organizations").await.status(), 401);

    control(&h, "/_sim/reset", json!({})).await;
    let again = access_token(&h, "admin@example.com").await;
    assert_eq!(
        org_ids(&h, &again).await[0],
        org,
        "reset reproduces the seeded ids"
    );
    h.shutdown().await;
}
