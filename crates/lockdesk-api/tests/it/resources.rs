//! Every v3 operation, through the client, against the simulator.

use bytes::Bytes;
use lockdesk_api::ids::{LockGroupId, LockId, UserGroupId, UserId};
use lockdesk_api::models::{Authority, InvitationStatus, LockModel};
use lockdesk_api::v3::{
    ExistingUserInvite, GroupInput, ImageUpload, InvitationQuery, LockImage, LockQuery, LockUpdate,
    NewInvitation, NewUser, UserQuery, UserUpdate,
};
use serde_json::json;

use crate::support::*;

/// 1x1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

#[tokio::test]
async fn organizations_list_and_detail() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let ids = orgs(&s.client).await;
    assert_eq!(
        ids.len(),
        2,
        "the demo super manager is in both organizations"
    );
    let detail = s.client.organizations().get(&ids[0]).await.unwrap();
    assert_eq!(detail.id, ids[0].as_str());
    assert!(detail.name.unwrap().contains("Lockdesk Demo"));
    let manager = signed_in(&sim, MANAGER).await;
    assert_eq!(orgs(&manager.client).await.len(), 1);
}

#[tokio::test]
async fn locks_list_filter_detail_and_model_fields() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let locks = s.client.org(&org).locks();
    let all = locks.list(&LockQuery::default()).await.unwrap();
    assert!(all.len() >= 20, "a few dozen demo locks, got {}", all.len());
    let pro = all.iter().find(|l| l.model == LockModel::Pro).unwrap();
    let ctl = all.iter().find(|l| l.model == LockModel::Ctl).unwrap();
    assert!(pro.id.starts_with('A') && ctl.id.starts_with('R'));
    assert!(pro.battery_percentage.is_some() && pro.lock_type.is_none() && pro.button1.is_none());
    assert!(
        ctl.lock_type.is_some() && ctl.battery_percentage.is_none() && ctl.door_sensor.is_none()
    );
    for l in &all {
        assert_eq!(
            l.npin_normal_sound_volume.is_some(),
            l.supports_reader_volumes() && l.nfc_reader_inside.is_some(),
            "reader volumes only from A12/R12 on: {}",
            l.id
        );
    }
    let wanted = vec![
        LockId::parse(pro.id.clone()).unwrap(),
        LockId::parse(ctl.id.clone()).unwrap(),
    ];
    let filtered = locks
        .list(&LockQuery {
            lock_ids: wanted.clone(),
            ..Default::default()
        })
        .await
        .unwrap();
    let mut got: Vec<_> = filtered.iter().map(|l| l.id.clone()).collect();
    got.sort();
    let mut want: Vec<_> = wanted.iter().map(|l| l.to_string()).collect();
    want.sort();
    assert_eq!(got, want);
    let detail = locks.get(&wanted[1]).await.unwrap();
    assert_eq!(&detail, ctl);
}

#[tokio::test]
async fn lock_rename_image_upload_and_reset() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let locks = s.client.org(&org).locks();
    let id = LockId::parse(locks.list(&Default::default()).await.unwrap()[0].id.clone()).unwrap();

    let name = "会議室B".repeat(12) + "ab"; // exactly 50 characters
    assert_eq!(name.chars().count(), 50);
    let renamed = locks
        .update(
            &id,
            &LockUpdate {
                name: Some(name.clone()),
                image: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(renamed.name.as_deref(), Some(name.as_str()));

    // 51 characters: refused before sending, and nothing changed.
    let err = locks
        .update(
            &id,
            &LockUpdate {
                name: Some(name.clone() + "x"),
                image: None,
            },
        )
        .await
        .unwrap_err();
    assert_eq!(err.code(), "validation");
    assert_eq!(
        locks.get(&id).await.unwrap().name.as_deref(),
        Some(name.as_str())
    );

    let with_image = locks
        .update(
            &id,
            &LockUpdate {
                name: None,
                image: Some(LockImage::Upload(ImageUpload {
                    file_name: "door.png".into(),
                    mime: "image/png".into(),
                    bytes: Bytes::from_static(PNG),
                })),
            },
        )
        .await
        .unwrap();
    let url = with_image.image_url.clone().expect("image set");
    let served = reqwest::get(&url).await.unwrap().bytes().await.unwrap();
    assert_eq!(
        &served[..],
        PNG,
        "the uploaded image is what the service serves"
    );

    let reset = locks
        .update(
            &id,
            &LockUpdate {
                name: None,
                image: Some(LockImage::Reset),
            },
        )
        .await
        .unwrap();
    assert_ne!(reset.image_url, Some(url), "reset to the default image");

    // A non-image is refused by the service with invalid_params, and nothing changes.
    let err = locks
        .update(
            &id,
            &LockUpdate {
                name: None,
                image: Some(LockImage::Upload(ImageUpload {
                    file_name: "notes.png".into(),
                    mime: "image/png".into(),
                    bytes: Bytes::from_static(b"this is text"),
                })),
            },
        )
        .await
        .unwrap_err();
    assert_eq!(err.code(), "invalid_params", "{err:?}");
    assert_eq!(err.status(), Some(400));
    assert_eq!(locks.get(&id).await.unwrap().image_url, reset.image_url);
}

#[tokio::test]
async fn lock_groups_full_lifecycle() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let groups = s.client.org(&org).lock_groups();
    let before = groups.list().await.unwrap().len();
    let created = groups
        .create(&GroupInput {
            name: "3F 執務室".into(),
            memo: None,
        })
        .await
        .unwrap();
    assert_eq!(created.memo.as_deref(), Some(""), "memo defaults to empty");
    let id = LockGroupId::parse(created.id.clone()).unwrap();
    let updated = groups
        .update(
            &id,
            &GroupInput {
                name: "3F Office".into(),
                memo: Some("east wing".into()),
            },
        )
        .await
        .unwrap();
    assert_eq!(updated.name.as_deref(), Some("3F Office"));
    assert_eq!(updated.memo.as_deref(), Some("east wing"));

    let lock_ids: Vec<LockId> = s
        .client
        .org(&org)
        .locks()
        .list(&Default::default())
        .await
        .unwrap()
        .iter()
        .take(3)
        .map(|l| LockId::parse(l.id.clone()).unwrap())
        .collect();
    let with_locks = groups.add_locks(&id, &lock_ids).await.unwrap();
    assert_eq!(with_locks.locks.as_ref().unwrap().len(), 3);
    groups.remove_locks(&id, &lock_ids[..1]).await.unwrap();
    let detail = groups.get(&id).await.unwrap();
    let remaining: Vec<_> = detail.locks.unwrap().into_iter().map(|l| l.id).collect();
    assert_eq!(
        remaining,
        vec![lock_ids[1].to_string(), lock_ids[2].to_string()]
    );
    assert_eq!(groups.list().await.unwrap().len(), before + 1);

    groups.delete(&id).await.unwrap();
    let err = groups.get(&id).await.unwrap_err();
    assert_eq!(err.code(), "lock_group_not_found");
    assert_eq!(err.status(), Some(404));
    // Empty name: refused before sending.
    let err = groups
        .create(&GroupInput {
            name: " ".into(),
            memo: None,
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), "validation");
}

#[tokio::test]
async fn users_register_invite_update_remove() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let ids = orgs(&s.client).await;
    let users = s.client.org(&ids[0]).users();

    let created = users
        .register(&NewUser {
            name: "山田 花子".into(),
            mail: Some("hanako@example.net".into()),
            authority: Some(Authority::Manager),
            code: Some("E9001".into()),
            image: Some(ImageUpload {
                file_name: "face.png".into(),
                mime: "image/png".into(),
                bytes: Bytes::from_static(crate::resources::PNG),
            }),
        })
        .await
        .unwrap();
    assert_eq!(created.authority, Some(Authority::Manager));
    assert!(created.image_url.is_some());
    let id = UserId::parse(created.id.clone()).unwrap();

    let by_code = users
        .list(&UserQuery {
            user_code: Some("E9001".into()),
            include_datetime: true,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(by_code.len(), 1);
    assert!(by_code[0].created_at.is_some() && by_code[0].updated_at.is_some());
    let without_dates = users
        .list(&UserQuery {
            user_mail: Some("hanako@example.net".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(without_dates.len(), 1);
    assert!(without_dates[0].created_at.is_none());
    let none = users
        .list(&UserQuery {
            user_code: Some("NO-SUCH".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(none.is_empty(), "no match answers with the status only");

    let updated = users
        .update(
            &id,
            &UserUpdate {
                name: Some("山田 花子 (総務)".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(updated.name.as_deref(), Some("山田 花子 (総務)"));
    assert_eq!(users.get(&id).await.unwrap().name, updated.name);

    // Manager without e-mail: refused before sending.
    let err = users
        .register(&NewUser {
            name: "No Mail".into(),
            authority: Some(Authority::Manager),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), "validation");
    assert!(err.to_string().contains("user_mail"));

    // Invite an existing user of the other organization by id.
    let other = s.client.org(&ids[1]).users();
    let outsider = other
        .register(&NewUser {
            name: "Branch Person".into(),
            mail: Some("branch.person@example.net".into()),
            ..Default::default()
        })
        .await
        .unwrap();
    let outsider_id = UserId::parse(outsider.id.clone()).unwrap();
    let joined = users
        .invite_existing(&ExistingUserInvite {
            user_id: outsider_id.clone(),
            image: None,
            authority: None,
            code: Some("B0001".into()),
        })
        .await
        .unwrap();
    assert_eq!(joined.id, outsider.id);
    assert_eq!(joined.code.as_deref(), Some("B0001"));

    users.remove(&outsider_id).await.unwrap();
    let err = users.get(&outsider_id).await.unwrap_err();
    assert_eq!(err.code(), "user_not_found");
}

#[tokio::test]
async fn invitations_create_list_and_filters() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let inv = s.client.org(&org).invitations();
    let before = inv.list(&InvitationQuery::default()).await.unwrap();
    inv.create(&NewInvitation {
        mail: "new.hire@example.org".into(),
        authority: Some(Authority::Member),
        code: Some("E7777".into()),
    })
    .await
    .unwrap();
    let outbox = crate::support::control(&sim, reqwest::Method::GET, "outbox", json!(null)).await;
    let mails = outbox["mails"].as_array().unwrap();
    assert!(
        mails.iter().any(|m| m["to"] == "new.hire@example.org"),
        "{outbox}"
    );

    let active = inv
        .list(&InvitationQuery {
            status: Some(InvitationStatus::Active),
            ..Default::default()
        })
        .await
        .unwrap();
    let mine = active
        .iter()
        .find(|i| i.user.as_ref().and_then(|u| u.mail.as_deref()) == Some("new.hire@example.org"))
        .expect("the new invitation is listed as active");
    assert_eq!(mine.user.as_ref().unwrap().code.as_deref(), Some("E7777"));
    assert!(active
        .iter()
        .all(|i| i.invitation_status == Some(InvitationStatus::Active)));
    let expired = inv
        .list(&InvitationQuery {
            status: Some(InvitationStatus::Expired),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(expired
        .iter()
        .all(|i| i.invitation_status == Some(InvitationStatus::Expired)));
    assert_eq!(
        inv.list(&InvitationQuery::default()).await.unwrap().len(),
        before.len() + 1
    );

    let issued = mine.issued_at.unwrap();
    let after = inv
        .list(&InvitationQuery {
            issued_after: Some(issued - chrono::Duration::seconds(1)),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(after.iter().any(|i| i.id == mine.id));
    assert!(after
        .iter()
        .all(|i| i.issued_at.unwrap() > issued - chrono::Duration::seconds(1)));
    let before_it = inv
        .list(&InvitationQuery {
            issued_before: Some(issued),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(
        before_it.iter().all(|i| i.id != mine.id),
        "issued_before is strict"
    );

    // A bad address is refused before sending.
    let err = inv
        .create(&NewInvitation {
            mail: "not an address".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), "validation");
}

#[tokio::test]
async fn user_groups_list_detail_create_update() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let groups = s.client.org(&org).user_groups();
    let listed = groups.list().await.unwrap();
    assert!(!listed.is_empty());
    let with_members = groups
        .get(&UserGroupId::parse(listed[0].id.clone()).unwrap())
        .await
        .unwrap();
    assert!(with_members.users.is_some());
    let created = groups
        .create(&GroupInput {
            name: "Night shift".into(),
            memo: Some("夜勤".into()),
        })
        .await
        .unwrap();
    let id = UserGroupId::parse(created.id).unwrap();
    let updated = groups
        .update(
            &id,
            &GroupInput {
                name: "Night shift B".into(),
                memo: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(updated.name.as_deref(), Some("Night shift B"));
    assert_eq!(
        groups.get(&id).await.unwrap().name.as_deref(),
        Some("Night shift B")
    );
}
