//! Users paging, invite by id, invitation date ranges and bulk row problem codes, through
//! `dispatch` against the demo simulator (a child of `app` to share its helpers).

use lockdesk_core::invitations::InviteOutcome;
use serde_json::{json, Value};

use super::App;

pub(super) fn ids(v: &Value) -> Vec<String> {
    v["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn users_list_pages_with_a_cursor() {
    let a = App::demo().await;
    let all = ids(&a.call("users_list", json!({})).await);
    assert!(all.len() >= 10, "{}", all.len());
    let mut seen = Vec::new();
    let mut cursors: Vec<Option<String>> = vec![None];
    let mut after: Option<String> = None;
    loop {
        let mut req = json!({ "limit": 3, "with_dates": true });
        if let Some(id) = &after {
            req["id_after"] = json!(id);
        }
        let page = a.call("users_list", req).await;
        let got = ids(&page);
        assert!(got.len() <= 3);
        assert!(page["users"][0]["created_at"].is_string());
        seen.extend(got.clone());
        match page["next_id_after"].as_str() {
            Some(next) => {
                assert_eq!(got.len(), 3);
                assert_eq!(got.last().map(String::as_str), Some(next));
                after = Some(next.to_owned());
                cursors.push(after.clone());
            }
            None => break,
        }
    }
    assert_eq!(seen, all);
    // Going back: the page after the second-to-last cursor is the same again.
    let back = cursors[cursors.len() - 2].clone();
    let mut req = json!({ "limit": 3 });
    if let Some(id) = back {
        req["id_after"] = json!(id);
    }
    let again = ids(&a.call("users_list", req).await);
    let start = (cursors.len() - 2) * 3;
    assert_eq!(again, seen[start..start + 3].to_vec());
    // An exact page: no next page is promised past the end.
    let exact = a.call("users_list", json!({ "limit": all.len() })).await;
    assert_eq!(exact["next_id_after"], Value::Null);
    let one = a.call("users_list", json!({ "limit": 1 })).await;
    assert_eq!(ids(&one), all[..1].to_vec());
    assert_eq!(one["next_id_after"], json!(all[0]));
    // Search stays exact, also with paging.
    let code = a
        .call("users_list", json!({ "limit": 5, "code": "E0002" }))
        .await;
    assert_eq!(code["users"].as_array().unwrap().len(), 1);
    // Bad page sizes and cursors are refused with codes.
    assert_eq!(
        a.fail("users_list", json!({ "limit": 0 })).await.code,
        lockdesk_core::error::ErrorCode::Validation
    );
    assert_eq!(
        a.fail("users_list", json!({ "limit": 1001 })).await.code,
        lockdesk_core::error::ErrorCode::Validation
    );
    assert_eq!(
        a.fail("users_list", json!({ "limit": 5, "id_after": "nope" }))
            .await
            .code,
        lockdesk_core::error::ErrorCode::Validation
    );
    assert_eq!(
        a.fail(
            "users_list",
            json!({ "limit": 5, "id_after": "U-aaaaa-bbbbb" })
        )
        .await
        .code,
        lockdesk_core::error::ErrorCode::UserNotFound
    );
}

#[tokio::test]
async fn invite_an_existing_user_by_id() {
    let a = App::demo().await;
    let here: Vec<String> = ids(&a.call("users_list", json!({})).await);
    let orgs = a.call("orgs_list", json!({})).await;
    let orgs: Vec<String> = orgs["organizations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(orgs.len() >= 2);
    a.call("orgs_choose", json!({ "organization_id": orgs[1] }))
        .await;
    let other = ids(&a.call("users_list", json!({})).await);
    a.call("orgs_choose", json!({ "organization_id": orgs[0] }))
        .await;
    let stranger = other.iter().find(|id| !here.contains(id)).unwrap().clone();

    let u = a
        .call(
            "users_invite",
            json!({ "user_id": stranger, "authority": "member", "code": "INV-1" }),
        )
        .await;
    assert_eq!(u["id"], json!(stranger));
    assert_eq!(u["code"], "INV-1");
    assert_eq!(u["authority"], json!({ "kind": "member" }));
    let found = a.call("users_list", json!({ "code": "INV-1" })).await;
    assert_eq!(ids(&found), vec![stranger.clone()]);

    let again = a.fail("users_invite", json!({ "user_id": stranger })).await;
    assert_eq!(again.code, lockdesk_core::error::ErrorCode::NotAllowed);
    let unknown = a
        .fail("users_invite", json!({ "user_id": "U-zzzzz-zzzzz" }))
        .await;
    assert_eq!(unknown.code, lockdesk_core::error::ErrorCode::UserNotFound);
    let bad = a.fail("users_invite", json!({ "user_id": "nope" })).await;
    assert_eq!(bad.code, lockdesk_core::error::ErrorCode::Validation);
    assert_eq!(bad.details.field.as_deref(), Some("user_id"));
}

#[tokio::test]
async fn invitations_list_sends_the_issued_range() {
    let a = App::demo().await;
    a.call("invitations_create", json!({ "mail": "range@example.org" }))
        .await;
    let all = a.call("invitations_list", json!({})).await;
    let all = all["invitations"].as_array().unwrap().clone();
    let mine = all
        .iter()
        .find(|i| i["mail"] == "range@example.org")
        .unwrap();
    let at: chrono::DateTime<chrono::Utc> = mine["issued_at"].as_str().unwrap().parse().unwrap();
    let iso = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339();
    let mails = |v: &Value| -> Vec<String> {
        v["invitations"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|i| i["mail"].as_str().map(str::to_owned))
            .collect()
    };
    let before = a
        .call(
            "invitations_list",
            json!({ "issued_before": iso(at + chrono::Duration::seconds(1)) }),
        )
        .await;
    assert!(mails(&before).contains(&"range@example.org".to_owned()));
    // After a later instant: the invitation is left out (times are sent at whole seconds).
    let after = a
        .call(
            "invitations_list",
            json!({ "issued_after": iso(at + chrono::Duration::seconds(1)) }),
        )
        .await;
    assert!(!mails(&after).contains(&"range@example.org".to_owned()));
    let both = a
        .call(
            "invitations_list",
            json!({
                "issued_after": iso(at - chrono::Duration::seconds(1)),
                "issued_before": iso(at + chrono::Duration::seconds(1)),
                "status": "active",
            }),
        )
        .await;
    assert!(mails(&both).contains(&"range@example.org".to_owned()));
    let bad = a
        .fail("invitations_list", json!({ "issued_after": "yesterday" }))
        .await;
    assert_eq!(bad.code, lockdesk_core::error::ErrorCode::InvalidInput);
    assert_eq!(bad.details.field.as_deref(), Some("issued_after"));
}

#[tokio::test]
async fn bulk_rows_carry_problem_codes() {
    let a = App::demo().await;
    let csv = "mail,authority,code\nok@example.org,member,\nbroken-address,member,\n,manager,\nok2@example.org,boss,\nOK@example.org,,\n";
    let p = a
        .call("invitations_bulk_preview", json!({ "csv": csv }))
        .await;
    let rows = p["rows"].as_array().unwrap();
    let problems: Vec<Value> = rows.iter().map(|r| r["problem"].clone()).collect();
    assert_eq!(problems[0], Value::Null);
    assert_eq!(
        problems[1],
        json!({ "code": "mail_invalid", "column": "mail", "value": "broken-address", "first_line": null })
    );
    assert_eq!(problems[2]["code"], "mail_missing");
    assert_eq!(problems[2]["value"], Value::Null);
    assert_eq!(
        problems[3],
        json!({ "code": "authority_invalid", "column": "authority", "value": "boss", "first_line": null })
    );
    assert_eq!(problems[4]["code"], "duplicate_in_file");
    assert_eq!(problems[4]["first_line"], 2);
    assert_eq!(rows[4]["status"], "duplicate");

    let started = a
        .call("invitations_bulk_start", json!({ "csv": csv }))
        .await;
    let job = a.wait_job(started["job_id"].as_str().unwrap()).await;
    let results = job["results"].as_array().unwrap();
    assert_eq!(results[0]["outcome"], "invited");
    assert_eq!(results[0]["problem"], Value::Null);
    assert_eq!(results[1]["outcome"], "invalid");
    assert_eq!(results[1]["problem"]["code"], "mail_invalid");
    assert_eq!(results[4]["outcome"], "duplicate");
    assert_eq!(results[4]["problem"]["code"], "duplicate_in_file");
}

/// Signs the demo profile in again as `mail`, through the simulator's login form (what the
/// sign-in window does).
async fn sign_in_as(a: &App, mail: &str) {
    let begun = a
        .call("session_begin_sign_in", json!({ "profile": "demo" }))
        .await;
    let page = url::Url::parse(begun["url"].as_str().unwrap()).unwrap();
    let q: std::collections::HashMap<_, _> = page.query_pairs().into_owned().collect();
    let base = format!("{}://{}", page.scheme(), page.host_str().unwrap());
    let base = format!("{base}:{}", page.port().unwrap());
    let resp = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{base}/oauth/authorize/"))
        .form(&[
            ("mail", mail),
            ("password", "lockdesk-demo"),
            ("client_id", q["client_id"].as_str()),
            ("redirect_uri", q["redirect_uri"].as_str()),
            ("response_type", "code"),
            ("state", q["state"].as_str()),
            ("code_challenge", q["code_challenge"].as_str()),
            ("code_challenge_method", q["code_challenge_method"].as_str()),
        ])
        .send()
        .await
        .unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_owned();
    a.call(
        "session_complete_sign_in",
        json!({ "profile": "demo", "redirected_url": to }),
    )
    .await;
}

#[tokio::test]
async fn the_account_role_is_learned_from_user_updates() {
    let a = App::demo().await;
    let list = a.call("users_list", json!({})).await;
    assert!(list["account_role"].is_null(), "unknown before any update");
    let members: Vec<Value> = list["users"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["authority"] == json!({ "kind": "member" }) && u["mail"].is_string())
        .map(|u| u["id"].clone())
        .collect();
    let (target, other) = (members[0].clone(), members[1].clone());
    // The demo signs in as the super manager: a role change succeeds and says so.
    a.call(
        "users_update",
        json!({ "user_id": target, "authority": "manager" }),
    )
    .await;
    let list = a.call("users_list", json!({ "limit": 5 })).await;
    assert_eq!(list["account_role"], "super_manager");
    assert_eq!(
        a.call("account_info", json!({})).await["account_role"],
        "super_manager"
    );

    // Signed in again as a manager: forgotten, then learned from the refusal.
    sign_in_as(&a, "manager@example.com").await;
    assert!(a.call("users_list", json!({})).await["account_role"].is_null());
    let e = a
        .fail(
            "users_update",
            json!({ "user_id": target, "authority": "member" }),
        )
        .await;
    assert_eq!(
        e.code,
        lockdesk_core::error::ErrorCode::InsufficientAuthority
    );
    assert_eq!(
        a.call("users_list", json!({})).await["account_role"],
        "manager"
    );
    // A name change of a member is no evidence either way: still a manager.
    a.call(
        "users_update",
        json!({ "user_id": other, "name": "Renamed" }),
    )
    .await;
    assert_eq!(
        a.call("users_list", json!({})).await["account_role"],
        "manager"
    );
}

/// The one bulk run (`lockctl invitations import` calls it directly): a callback per row, and
/// a cancel flag checked before each row.
#[tokio::test]
async fn bulk_run_reports_every_row_and_stops_when_cancelled() {
    use lockdesk_core::app::job_registry::JobState;
    use lockdesk_core::invitations::{invitations_bulk_send, BulkInviteRequest, BulkProgress};
    use std::sync::atomic::AtomicBool;

    let a = App::demo().await;
    let req = BulkInviteRequest {
        csv: Some("a.run@example.org\nb.run@example.org\nnot-an-address\n".into()),
        ..Default::default()
    };
    let cancelled = AtomicBool::new(true);
    let report = invitations_bulk_send(&a.ctx, &req, |_, _| {}, &cancelled)
        .await
        .unwrap();
    assert_eq!(report.state, JobState::Cancelled);
    assert_eq!(report.sent, 0);
    assert!(report
        .results
        .iter()
        .all(|r| r.outcome == InviteOutcome::NotAttempted));

    let mut seen: Vec<(u32, BulkProgress)> = Vec::new();
    let go = AtomicBool::new(false);
    let report = invitations_bulk_send(&a.ctx, &req, |r, p| seen.push((r.line, p)), &go)
        .await
        .unwrap();
    assert_eq!(report.state, JobState::Finished);
    assert_eq!(report.sent, 2);
    assert!(!report.all_done(), "the invalid row is not done");
    let progress = |done, sent| BulkProgress {
        done,
        total: 3,
        sent,
    };
    assert_eq!(
        seen,
        [
            (1, progress(1, 1)),
            (2, progress(2, 2)),
            (3, progress(3, 2))
        ]
    );
    // Again: the two addresses are pending now; nothing is sent.
    let again = invitations_bulk_send(&a.ctx, &req, |_, _| {}, &go)
        .await
        .unwrap();
    assert_eq!(again.sent, 0);
    assert_eq!(again.results[0].outcome, InviteOutcome::AlreadyInvited);
}

/// The users list as a CSV file: everyone, or the ids asked for in their order; Japanese
/// headers and roles, a byte-order mark, CRLF lines, and a name typed as a formula kept as text.
#[tokio::test]
async fn the_users_list_exports_as_csv_for_excel() {
    let a = App::demo().await;
    a.call(
        "users_register",
        json!({ "name": "=HYPERLINK(\"http://x\",\"y\")", "authority": "member", "code": "+CALC" }),
    )
    .await;
    let all = ids(&a.call("users_list", json!({})).await);
    let everyone = a
        .call("users_export_csv", json!({ "language": "ja" }))
        .await;
    assert_eq!(everyone["users"], all.len());
    assert_eq!(everyone["file_name"], "lockdesk-users.csv");
    let text = everyone["content"].as_str().unwrap();
    assert!(
        text.starts_with("\u{feff}ユーザーID,名前,メールアドレス,権限,ユーザーコード,ICカード,作成日時,更新日時\r\n"),
        "{}",
        &text[..200.min(text.len())]
    );
    assert_eq!(text.matches("\r\n").count(), all.len() + 1);
    assert!(text.contains(",メンバー,"), "roles in Japanese");
    assert!(
        text.contains("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
        "the formula kept as text"
    );
    assert!(text.contains(",'+CALC,"), "the code kept as text");
    assert!(!text.contains(",=HYPERLINK") && !text.contains(",+CALC"));

    // The ids a screen lists, in its order; one that is not in the organization is left out.
    let chosen = json!([all[2], "U-zzzzz-zzzzz", all[0]]);
    let some = a
        .call("users_export_csv", json!({ "user_ids": chosen }))
        .await;
    assert_eq!(some["users"], 2);
    let lines: Vec<&str> = some["content"].as_str().unwrap().split("\r\n").collect();
    assert!(lines[0].ends_with("User ID,Name,E-mail,Role,Code,IC cards,Created,Updated"));
    assert!(
        lines[1].starts_with(&format!("{},", all[2])),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(&format!("{},", all[0])),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], "");
}
