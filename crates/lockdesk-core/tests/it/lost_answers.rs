//! Creates whose answer is lost after the service acted (the simulator's `lose_answer_rate`),
//! through `dispatch` and the real HTTP stack: the outcome is found out at the service, never
//! guessed and never sent twice; where the service cannot tell, the error says so.

use lockdesk_core::app::job_registry::JobState;
use lockdesk_core::error::{ErrorCategory, ErrorCode};
use lockdesk_core::invitations::{invitations_bulk_send, BulkInviteRequest, InviteOutcome};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;

use super::users_invitations::ids;
use super::App;

impl App {
    /// POSTs to the v3 API lose their answer (`lose`) or are dropped before the service acts
    /// (`drop`) at these rates; GETs are untouched.
    async fn posts_fail(&self, lose: f64, drop: f64) {
        self.sim_post(
            "/_sim/faults",
            json!({ "lose_answer_rate": lose, "drop_rate": drop,
                    "methods": ["POST"], "path_prefix": "/v3/" }),
        )
        .await;
    }

    async fn faults_cleared(&self) {
        self.sim_post("/_sim/faults", json!({})).await;
    }

    /// Active invitations to `mail` at the service.
    async fn invitations_to(&self, mail: &str) -> usize {
        let list = self
            .call("invitations_list", json!({ "status": "active" }))
            .await;
        list["invitations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["mail"] == mail)
            .count()
    }

    /// The newest journal entry.
    async fn last_entry(&self) -> Value {
        self.call("activity_list", json!({})).await["entries"][0].clone()
    }
}

fn answer_lost_noted(entry: &Value) -> bool {
    entry["changes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["field"] == "answer" && c["new"] == "lost_found")
}

fn named(list: &Value, key: &str, name: &str) -> usize {
    list[key]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["name"] == name)
        .count()
}

#[tokio::test]
async fn a_lost_invitation_answer_is_found_done_and_a_dropped_one_not_done() {
    let a = App::demo().await;
    a.posts_fail(1.0, 0.0).await;
    let done = a
        .call("invitations_create", json!({ "mail": "lost@example.org" }))
        .await;
    assert_eq!(done["mail"], "lost@example.org");
    assert_eq!(a.invitations_to("lost@example.org").await, 1);
    let entry = a.last_entry().await;
    assert_eq!(entry["operation"], "invitations_create");
    assert_eq!(entry["outcome"], "done");
    assert!(answer_lost_noted(&entry), "{entry}");

    // Dropped before the service acted: checked, not there, so "not done" (safe to send again).
    a.posts_fail(0.0, 1.0).await;
    let e = a
        .fail(
            "invitations_create",
            json!({ "mail": "dropped@example.org" }),
        )
        .await;
    assert_eq!(e.code, ErrorCode::Transport, "{e:?}");
    assert_eq!(a.invitations_to("dropped@example.org").await, 0);
}

#[tokio::test]
async fn a_lost_registration_is_found_by_code_and_by_name_alone_is_not_known() {
    let a = App::demo().await;
    a.posts_fail(1.0, 0.0).await;
    let u = a
        .call(
            "users_register",
            json!({ "name": "失われた 応答", "code": "LOST-1" }),
        )
        .await;
    let id = u["id"].as_str().unwrap();
    let by_code = a.call("users_list", json!({ "code": "LOST-1" })).await;
    assert_eq!(by_code["users"].as_array().unwrap().len(), 1);
    assert_eq!(by_code["users"][0]["id"], id);
    assert!(answer_lost_noted(&a.last_entry().await));

    // Name only: the service cannot say which user is new. Not known, and not sent again.
    let e = a
        .fail("users_register", json!({ "name": "名前だけ" }))
        .await;
    assert_eq!(e.code, ErrorCode::AnswerLost);
    assert_eq!(e.category, ErrorCategory::OutcomeUnknown);
    a.faults_cleared().await;
    let users = a.call("users_list", json!({})).await;
    assert_eq!(
        named(&users, "users", "名前だけ"),
        1,
        "made once, not twice"
    );
    assert_eq!(a.last_entry().await["outcome"], "answer_lost");
}

#[tokio::test]
async fn a_lost_answer_to_adding_an_existing_user_is_found() {
    let a = App::demo().await;
    let here = ids(&a.call("users_list", json!({})).await);
    let orgs = a.call("orgs_list", json!({})).await;
    let other_org = orgs["organizations"][1]["id"].clone();
    let first_org = orgs["organizations"][0]["id"].clone();
    a.call("orgs_choose", json!({ "organization_id": other_org }))
        .await;
    let stranger = ids(&a.call("users_list", json!({})).await)
        .into_iter()
        .find(|id| !here.contains(id))
        .unwrap();
    a.call("orgs_choose", json!({ "organization_id": first_org }))
        .await;

    a.posts_fail(1.0, 0.0).await;
    let u = a.call("users_invite", json!({ "user_id": stranger })).await;
    assert_eq!(u["id"], json!(stranger));
    assert!(answer_lost_noted(&a.last_entry().await));
    assert!(ids(&a.call("users_list", json!({})).await).contains(&stranger));
}

#[tokio::test]
async fn lost_answers_to_group_creates_find_the_one_new_group() {
    let a = App::demo().await;
    // A group of the same name exists already: the new one is told apart from it.
    a.call("lock_groups_create", json!({ "name": "Annex" }))
        .await;
    a.posts_fail(1.0, 0.0).await;
    let g = a
        .call("lock_groups_create", json!({ "name": "Annex" }))
        .await;
    let groups = a.call("lock_groups_list", json!({})).await;
    assert_eq!(named(&groups, "lock_groups", "Annex"), 2);
    let ids: Vec<&Value> = groups["lock_groups"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["name"] == "Annex")
        .map(|x| &x["id"])
        .collect();
    assert_eq!(ids[1], &g["id"], "the new one, not the old one");
    assert!(answer_lost_noted(&a.last_entry().await));

    let u = a
        .call("user_groups_create", json!({ "name": "夜間清掃" }))
        .await;
    assert!(u["id"].is_string());
    let groups = a.call("user_groups_list", json!({})).await;
    assert_eq!(named(&groups, "user_groups", "夜間清掃"), 1);
}

/// A bulk run through lost and dropped answers: every row the service invited is done in the
/// same run, nothing is invited twice, and a second run sends only the rows not done.
#[tokio::test]
async fn bulk_invite_with_lost_answers_invites_no_one_twice() {
    let a = App::demo().await;
    let mails: Vec<String> = (1..=12).map(|i| format!("flaky{i}@example.org")).collect();
    let req = BulkInviteRequest {
        csv: Some(mails.join("\n") + "\n"),
        ..Default::default()
    };
    a.posts_fail(0.4, 0.3).await;
    let go = AtomicBool::new(false);
    let first = invitations_bulk_send(&a.ctx, &req, |_, _| {}, &go)
        .await
        .unwrap();
    assert_eq!(first.state, JobState::Finished, "{}", first.message);
    let found = first.results.iter().filter(|r| r.answer_lost).count();
    let not_done: Vec<&str> = first
        .results
        .iter()
        .filter(|r| !r.outcome.is_done())
        .map(|r| r.mail.as_str())
        .collect();
    assert!(found > 0 && !not_done.is_empty(), "{:?}", first.results);
    for r in &first.results {
        if r.answer_lost {
            assert_eq!(r.outcome, InviteOutcome::Invited);
        }
        if !r.outcome.is_done() {
            assert_eq!(r.code.as_deref(), Some("transport"), "{r:?}");
        }
    }
    assert_eq!(first.sent as usize, mails.len() - not_done.len());

    a.faults_cleared().await;
    for mail in &mails {
        let expected = usize::from(!not_done.contains(&mail.as_str()));
        assert_eq!(a.invitations_to(mail).await, expected, "{mail}");
    }
    // The journal: a row found after a lost answer is done, with the note.
    let rows = a
        .call(
            "activity_list",
            json!({ "operations": ["invitations_bulk_row"], "limit": 100 }),
        )
        .await;
    let noted = rows["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["outcome"] == "done" && answer_lost_noted(e))
        .count();
    assert_eq!(noted, found);

    let second = invitations_bulk_send(&a.ctx, &req, |_, _| {}, &go)
        .await
        .unwrap();
    assert_eq!(second.sent as usize, not_done.len());
    assert!(second.all_done(), "{:?}", second.results);
    for mail in &mails {
        assert_eq!(a.invitations_to(mail).await, 1, "{mail}");
    }
}

/// The app's bulk invitation (a background job polled with `jobs_get`) through answers that
/// are all lost: every row is found invited at the service, in the same run, and marked so.
#[tokio::test]
async fn the_apps_bulk_job_finds_every_lost_answer() {
    let a = App::demo().await;
    a.posts_fail(1.0, 0.0).await;
    let csv = "lost.a@example.org\nlost.b@example.org\nlost.c@example.org\n";
    let started = a
        .call("invitations_bulk_start", json!({ "csv": csv }))
        .await;
    let job = a.wait_job(started["job_id"].as_str().unwrap()).await;
    assert_eq!(job["state"], "finished", "{job}");
    assert_eq!(job["sent"], 3);
    for r in job["results"].as_array().unwrap() {
        assert_eq!(r["outcome"], "invited", "{r}");
        assert_eq!(r["answer_lost"], true, "{r}");
    }
    a.faults_cleared().await;
    for mail in [
        "lost.a@example.org",
        "lost.b@example.org",
        "lost.c@example.org",
    ] {
        assert_eq!(a.invitations_to(mail).await, 1, "{mail}");
    }
}
