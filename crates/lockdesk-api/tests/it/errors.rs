//! Every error code of the spec's tables, each in a situation that produces it.

use lockdesk_api::ids::{LockGroupId, LockId, OrganizationId, UserGroupId, UserId};
use lockdesk_api::models::Authority;
use lockdesk_api::v3::{
    ExistingUserInvite, GroupInput, NewInvitation, NewUser, UserQuery, UserUpdate,
};
use lockdesk_api::{Error, ServiceCode};
use reqwest::Method;
use serde_json::json;

use crate::support::*;

fn assert_code(err: &Error, code: &str, status: u16) {
    assert_eq!(err.code(), code, "{err:?}");
    assert_eq!(err.status(), Some(status), "{err:?}");
    // Every service error says something a person can read.
    assert!(!err.to_string().is_empty());
}

#[tokio::test]
async fn token_endpoint_codes() {
    let sim = sim().await;
    let info = v3_client(&sim);
    // The client only sends valid grant types; this reaches the rule directly.
    let resp = reqwest::Client::new()
        .post(format!("{}/oauth/token", sim.base_url()))
        .form(&[
            ("grant_type", "password"),
            ("client_id", &info.client_id),
            ("client_secret", &info.client_secret),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    let body: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(body["code"], "unsupported_grant_type");
    let err = Error::from_service_answer(400, body.to_string().as_bytes());
    assert!(err.is(&ServiceCode::UnsupportedGrantType));

    let oauth = oauth_for(&sim, &info);
    let err = oauth
        .token_info(&lockdesk_api::AccessToken::new("bogus".into()))
        .await
        .unwrap_err();
    assert_code(&err, "invalid_request", 401);
}

#[tokio::test]
async fn resource_codes_for_the_super_manager() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let o = s.client.org(&org);

    let missing_org = OrganizationId::parse("O-zzzzz-zzzzz").unwrap();
    let err = s
        .client
        .organizations()
        .get(&missing_org)
        .await
        .unwrap_err();
    assert_code(&err, "organization_not_found", 404);
    let err = s
        .client
        .org(&missing_org)
        .locks()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert_code(&err, "organization_not_found", 404);

    let err = o
        .locks()
        .get(&LockId::parse("A0000000").unwrap())
        .await
        .unwrap_err();
    assert_code(&err, "lock_not_found", 404);
    let err = o
        .lock_groups()
        .get(&LockGroupId::parse("AG-zzzzz-zzzzz-zzzzz").unwrap())
        .await
        .unwrap_err();
    assert_code(&err, "lock_group_not_found", 404);
    let err = o
        .users()
        .get(&UserId::parse("U-zzzzz-zzzzz").unwrap())
        .await
        .unwrap_err();
    assert_code(&err, "user_not_found", 404);
    let err = o
        .user_groups()
        .get(&UserGroupId::parse("UG-zzzzz-zzzzz-zzzzz").unwrap())
        .await
        .unwrap_err();
    assert_code(&err, "user_group_not_found", 404);
    let err = o
        .users()
        .invite_existing(&ExistingUserInvite {
            user_id: UserId::parse("U-zzzzz-zzzzz").unwrap(),
            image: None,
            authority: None,
            code: None,
        })
        .await
        .unwrap_err();
    assert_code(&err, "user_not_found", 404);

    // registered_mail: an address that already belongs to a user.
    let err = o
        .users()
        .register(&NewUser {
            name: "Dup".into(),
            mail: Some(MANAGER.into()),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_code(&err, "registered_mail", 400);

    // invalid_params 400 (a rule only the service knows: user codes are unique).
    let existing = o.users().list(&UserQuery::default()).await.unwrap();
    let code = existing.iter().find_map(|u| u.code.clone()).unwrap();
    let err = o
        .users()
        .register(&NewUser {
            name: "Dup code".into(),
            code: Some(code),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_code(&err, "invalid_params", 400);

    // invalid_params 404, as documented for group operations.
    let token = s
        .client
        .session()
        .tokens()
        .await
        .access_token
        .secret()
        .clone();
    let (status, body) = raw(
        &sim,
        Method::POST,
        &format!("/v3/organizations/{org}/lock_groups"),
        &token,
        &[("memo", "no name")],
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("invalid_params"))
    );

    // invalid_token on a resource call.
    let (status, body) = raw(&sim, Method::GET, "/v3/organizations", "bogus", &[]).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("invalid_token"))
    );

    // exist_invitation
    let inv = NewInvitation {
        mail: "twice@example.org".into(),
        ..Default::default()
    };
    o.invitations().create(&inv).await.unwrap();
    let err = o.invitations().create(&inv).await.unwrap_err();
    assert_code(&err, "exist_invitation", 400);

    // not_allowed: already a member; removing oneself; too many locks in a group.
    let member = existing
        .iter()
        .find(|u| u.mail.as_deref() == Some(MEMBER))
        .unwrap();
    let err = o
        .users()
        .invite_existing(&ExistingUserInvite {
            user_id: UserId::parse(member.id.clone()).unwrap(),
            image: None,
            authority: None,
            code: None,
        })
        .await
        .unwrap_err();
    assert_code(&err, "not_allowed", 403);
    let me = existing
        .iter()
        .find(|u| u.mail.as_deref() == Some(ADMIN))
        .unwrap();
    let err = o
        .users()
        .remove(&UserId::parse(me.id.clone()).unwrap())
        .await
        .unwrap_err();
    assert_code(&err, "not_allowed", 403);

    post(&sim, "config", json!({"max_locks_per_group": 2})).await;
    let group = o
        .lock_groups()
        .create(&GroupInput {
            name: "small".into(),
            memo: None,
        })
        .await
        .unwrap();
    let gid = LockGroupId::parse(group.id).unwrap();
    let lock_ids: Vec<LockId> = o
        .locks()
        .list(&Default::default())
        .await
        .unwrap()
        .iter()
        .take(3)
        .map(|l| LockId::parse(l.id.clone()).unwrap())
        .collect();
    let err = o
        .lock_groups()
        .add_locks(&gid, &lock_ids)
        .await
        .unwrap_err();
    assert_code(&err, "not_allowed", 403);
    assert!(
        o.lock_groups()
            .get(&gid)
            .await
            .unwrap()
            .locks
            .unwrap_or_default()
            .is_empty(),
        "nothing added"
    );
}

#[tokio::test]
async fn invitation_limit_is_500_active() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let inv = s.client.org(&org).invitations();
    let active = inv
        .list_all(&lockdesk_api::v3::InvitationQuery {
            status: Some(lockdesk_api::models::InvitationStatus::Active),
            ..Default::default()
        })
        .await
        .unwrap()
        .len();
    for i in active..500 {
        inv.create(&NewInvitation {
            mail: format!("bulk{i}@example.org"),
            ..Default::default()
        })
        .await
        .unwrap();
    }
    let err = inv
        .create(&NewInvitation {
            mail: "one.too.many@example.org".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_code(&err, "invitation_limit_exceeded", 400);
}

#[tokio::test]
async fn scope_authority_and_membership_codes() {
    let sim = sim().await;
    let admin = signed_in(&sim, ADMIN).await;
    let manager = signed_in(&sim, MANAGER).await;
    let ids = orgs(&admin.client).await;

    // not_in_organization: the demo manager is not in the second organization.
    let err = manager
        .client
        .org(&ids[1])
        .locks()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert_code(&err, "not_in_organization", 403);

    // insufficient_authority: a manager changing a role, or updating another manager.
    let users = admin.client.org(&ids[0]).users();
    let member = users
        .list(&UserQuery {
            user_mail: Some(MEMBER.into()),
            ..Default::default()
        })
        .await
        .unwrap()
        .remove(0);
    let err = manager
        .client
        .org(&ids[0])
        .users()
        .update(
            &UserId::parse(member.id.clone()).unwrap(),
            &UserUpdate {
                authority: Some(Authority::Manager),
                ..Default::default()
            },
        )
        .await
        .unwrap_err();
    assert_code(&err, "insufficient_authority", 403);
    let other_manager = users
        .register(&NewUser {
            name: "Second Manager".into(),
            mail: Some("second.manager@example.org".into()),
            authority: Some(Authority::Manager),
            ..Default::default()
        })
        .await
        .unwrap();
    let err = manager
        .client
        .org(&ids[0])
        .users()
        .update(
            &UserId::parse(other_manager.id).unwrap(),
            &UserUpdate {
                name: Some("x".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap_err();
    assert_code(&err, "insufficient_authority", 403);

    // insufficient_scope: the account switches a scope off; existing tokens lose it.
    post(
        &sim,
        "scopes",
        json!({"mail": MANAGER, "scope": "organization:lock:read", "enabled": false}),
    )
    .await;
    let err = manager
        .client
        .org(&ids[0])
        .locks()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert_code(&err, "insufficient_scope", 403);
    // A registration without a scope gives tokens without it.
    let limited = post(
        &sim,
        "clients",
        json!({"api": "v3", "redirect_uri": "https://localhost/limited", "scopes": ["account:organization:read"]}),
    )
    .await;
    let limited: lockdesk_sim::ClientInfo = serde_json::from_value(limited).unwrap();
    let oauth = oauth_for(&sim, &limited);
    let tokens = sign_in_with(&sim, &oauth, &limited, ADMIN).await;
    let client = lockdesk_api::Client::new(std::sync::Arc::new(lockdesk_api::Session::new(
        oauth,
        tokens,
        std::sync::Arc::new(lockdesk_api::NoPersistence),
    )));
    assert_eq!(orgs(&client).await.len(), 2);
    let err = client
        .org(&ids[0])
        .users()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert_code(&err, "insufficient_scope", 403);
}
