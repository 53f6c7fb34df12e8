use serde_json::{json, Value};

use crate::{access_token, control, first_lock_url, get, http, org_ids, sim};

#[tokio::test]
async fn lists_paging_and_empty_body() {
    let h = sim().await;
    let token = access_token(&h, "admin@example.com").await;
    let orgs = org_ids(&h, &token).await;
    assert_eq!(orgs.len(), 2);
    let org = &orgs[0];

    let empty = get(
        &h,
        &token,
        &format!("/v3/organizations/{org}/users?user_code=NOPE"),
    )
    .await;
    assert_eq!(empty.status(), 200);
    assert!(empty.bytes().await.unwrap().is_empty());

    let bad = get(
        &h,
        &token,
        &format!("/v3/organizations/{org}/locks?limit=abc"),
    )
    .await;
    assert_eq!(bad.status(), 400);
    assert_eq!(bad.json::<Value>().await.unwrap()["code"], "invalid_params");

    let all: Value = get(
        &h,
        &token,
        &format!("/v3/organizations/{org}/users?limit=1000"),
    )
    .await
    .json()
    .await
    .unwrap();
    let users = all["users"].as_array().unwrap();
    assert_eq!(users.len(), 40);
    assert!(users[0].get("created_at").is_none());
    let second = users[1]["id"].as_str().unwrap();
    let page: Value = get(
        &h,
        &token,
        &format!(
            "/v3/organizations/{org}/users?limit=2&id_after={}",
            users[0]["id"].as_str().unwrap()
        ),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(page["users"][0]["id"], second, "id_after is exclusive");
    assert_eq!(page["users"].as_array().unwrap().len(), 2);

    let unknown = get(
        &h,
        &token,
        &format!("/v3/organizations/{org}/locks?id_after=A99ZZZZZ"),
    )
    .await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(
        unknown.json::<Value>().await.unwrap()["code"],
        "lock_not_found"
    );

    let missing = get(&h, &token, "/v3/organizations/O-aaaaa-bbbbb").await;
    assert_eq!(
        missing.json::<Value>().await.unwrap()["code"],
        "organization_not_found"
    );

    let locks: Value = get(&h, &token, &format!("/v3/organizations/{org}/locks"))
        .await
        .json()
        .await
        .unwrap();
    let lock = &locks["locks"][0];
    for field in [
        "seconds_till_autolock",
        "lock_type",
        "button1",
        "npin_normal_sound_volume",
        "door_sensor",
    ] {
        assert!(lock.get(field).is_some(), "{field} present");
    }
    assert!(lock["lock_remote"]["id"].is_u64());
    h.shutdown().await;
}

#[tokio::test]
async fn roles_scopes_and_odd_statuses() {
    let h = sim().await;
    let manager = access_token(&h, "manager@example.com").await;
    let orgs = org_ids(&h, &manager).await;
    assert_eq!(orgs.len(), 1);
    let admin = access_token(&h, "admin@example.com").await;
    let admin_orgs = org_ids(&h, &admin).await;
    let r = get(
        &h,
        &manager,
        &format!("/v3/organizations/{}/locks", admin_orgs[1]),
    )
    .await;
    assert_eq!(r.status(), 403);
    assert_eq!(
        r.json::<Value>().await.unwrap()["code"],
        "not_in_organization"
    );

    let org = &orgs[0];
    // Lock group create 201, bad params 404 invalid_params, add locks 201, delete 204.
    let url = format!("{}/v3/organizations/{org}/lock_groups", h.base_url());
    let created = http()
        .post(&url)
        .bearer_auth(&manager)
        .form(&[("name", "Test group")])
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let group: Value = created.json().await.unwrap();
    assert_eq!(group["lock_group"]["memo"], "");
    let gid = group["lock_group"]["id"].as_str().unwrap().to_string();
    assert!(gid.starts_with("AG-"));
    let bad = http()
        .post(&url)
        .bearer_auth(&manager)
        .form(&[("memo", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 404);
    let locks: Value = get(
        &h,
        &manager,
        &format!("/v3/organizations/{org}/locks?limit=3"),
    )
    .await
    .json()
    .await
    .unwrap();
    let ids: Vec<(&str, &str)> = locks["locks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| ("lock_ids[]", l["id"].as_str().unwrap()))
        .collect();
    let added = http()
        .post(format!("{url}/{gid}/locks"))
        .bearer_auth(&manager)
        .form(&ids)
        .send()
        .await
        .unwrap();
    assert_eq!(added.status(), 201);
    assert_eq!(
        added.json::<Value>().await.unwrap()["lock_group"]["locks"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    control(&h, "/_sim/config", json!({ "max_locks_per_group": 3 })).await;
    let more: Value = get(
        &h,
        &manager,
        &format!("/v3/organizations/{org}/locks?limit=4"),
    )
    .await
    .json()
    .await
    .unwrap();
    let fourth = more["locks"][3]["id"].as_str().unwrap();
    let over = http()
        .post(format!("{url}/{gid}/locks"))
        .bearer_auth(&manager)
        .form(&[("lock_ids[]", fourth)])
        .send()
        .await
        .unwrap();
    assert_eq!(over.status(), 403);
    assert_eq!(over.json::<Value>().await.unwrap()["code"], "not_allowed");
    assert_eq!(
        http()
            .delete(format!("{url}/{gid}"))
            .bearer_auth(&manager)
            .send()
            .await
            .unwrap()
            .status(),
        204
    );

    // A manager cannot change authority.
    let users: Value = get(
        &h,
        &manager,
        &format!("/v3/organizations/{org}/users?limit=5"),
    )
    .await
    .json()
    .await
    .unwrap();
    let member_id = users["users"][2]["id"].as_str().unwrap();
    let upd = http()
        .put(format!(
            "{}/v3/organizations/{org}/users/{member_id}",
            h.base_url()
        ))
        .bearer_auth(&manager)
        .form(&[("user_authority", "manager")])
        .send()
        .await
        .unwrap();
    assert_eq!(upd.status(), 403);
    assert_eq!(
        upd.json::<Value>().await.unwrap()["code"],
        "insufficient_authority"
    );

    // Switching a scope off affects existing tokens.
    control(&h, "/_sim/scopes", json!({ "mail": "manager@example.com", "scope": "organization:lock:read", "enabled": false })).await;
    let r = get(&h, &manager, &format!("/v3/organizations/{org}/locks")).await;
    assert_eq!(r.status(), 403);
    assert_eq!(
        r.json::<Value>().await.unwrap()["code"],
        "insufficient_scope"
    );

    // Invitation: 204, recorded in the outbox; a second one to the address → exist_invitation.
    let inv = format!("{}/v3/organizations/{org}/user_invitations", h.base_url());
    let r = http()
        .post(&inv)
        .bearer_auth(&admin)
        .form(&[("user_mail", "new.person@example.org")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204);
    let r = http()
        .post(&inv)
        .bearer_auth(&admin)
        .form(&[("user_mail", "new.person@example.org")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "exist_invitation");
    let outbox = http()
        .get(format!("{}/_sim/outbox", h.base_url()))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(outbox["mails"][0]["to"], "new.person@example.org");

    // Demoting the manager invalidates its tokens.
    let manager_id = users["users"][1]["id"].as_str().unwrap();
    let r = http()
        .put(format!(
            "{}/v3/organizations/{org}/users/{manager_id}",
            h.base_url()
        ))
        .bearer_auth(&admin)
        .form(&[("user_authority", "member")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    assert_eq!(get(&h, &manager, "/v3/organizations").await.status(), 401);
    h.shutdown().await;
}

#[tokio::test]
async fn lock_update_multipart_image() {
    let h = sim().await;
    let token = access_token(&h, "admin@example.com").await;
    let url = first_lock_url(&h, &token).await;
    let png = b"\x89PNG\r\n\x1a\n0000".to_vec();
    let form = reqwest::multipart::Form::new()
        .text("lock_name", "会議室Z")
        .part(
            "lock_image",
            reqwest::multipart::Part::bytes(png.clone()).file_name("a.png"),
        );
    let r = http()
        .put(&url)
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["lock"]["name"], "会議室Z");
    let image_url = v["lock"]["image_url"].as_str().unwrap();
    assert_eq!(
        http()
            .get(image_url)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
            .to_vec(),
        png
    );

    let form = reqwest::multipart::Form::new().text("lock_name", "x".repeat(51));
    let r = http()
        .put(&url)
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let form = reqwest::multipart::Form::new().text("lock_image", "");
    let v: Value = http()
        .put(&url)
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(v["lock"]["image_url"].is_null());
    h.shutdown().await;
}
