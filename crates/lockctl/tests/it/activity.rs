//! `lockctl activity`: what lockctl changed is journaled (through the same use-cases as the
//! app), and shown as a table with every cell cleaned, or as JSON.

use chrono::{Duration, Utc};
use lockdesk_core::journal::{FieldChange, Journal, NewEntry, Operation, Target, DONE};
use serde_json::json;

use crate::support::world;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lockctl_changes_show_in_activity() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    let locks = w
        .run(&["--json", "--org", &org, "locks", "list"], "")
        .await
        .ok()
        .json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    w.run(
        &[
            "--org",
            &org,
            "locks",
            "rename",
            &lock,
            "Side\u{1b}[31m door",
        ],
        "",
    )
    .await
    .ok();
    let refused = w
        .run(&["--org", &org, "users", "remove", "no-such-user"], "")
        .await;
    assert_eq!(refused.code, 1);

    let table = w.run(&["activity"], "").await.ok();
    let out = table.out();
    assert!(out.starts_with("TIME (UTC)"), "{out}");
    assert!(
        out.contains("locks_rename") && out.contains("users_remove"),
        "{out}"
    );
    assert!(out.contains("session_complete_sign_in"), "{out}");
    assert!(out.contains("Side[31m door"), "{out}");
    assert!(
        !out.contains('\u{1b}'),
        "control characters are cleaned: {out:?}"
    );

    let json = w
        .run(&["--json", "activity", "--op", "users_remove"], "")
        .await
        .ok()
        .json();
    assert_eq!(json["total"], 1);
    let e = &json["entries"][0];
    assert_eq!(e["connection"], "work");
    assert_eq!(e["organization_id"], org.as_str());
    assert_ne!(e["outcome"], "done");
    let later = w
        .run(&["--json", "activity", "--since", "2999-01-01"], "")
        .await
        .ok()
        .json();
    assert_eq!(later["total"], 0);
    assert_eq!(w.run(&["activity", "--op", "bogus"], "").await.code, 2);
}

/// An entry `days_ago` days old, written into the journal as another program would.
fn plant(data: &std::path::Path, days_ago: i64, name: &str, changes: Vec<FieldChange>) {
    Journal::new(data)
        .record(&NewEntry {
            at: Utc::now() - Duration::days(days_ago),
            connection: Some("work".into()),
            account: None,
            organization_id: None,
            operation: Operation::InvitationsCreate,
            target: Target {
                id: None,
                name: Some(name.into()),
                changes,
            },
            outcome: DONE.into(),
        })
        .unwrap();
}

/// `activity --size` and `activity --keep DAYS`: the size and retention shown, entries past the
/// new retention removed at once, newer ones kept; bad values refused with nothing changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn activity_keep_sets_the_retention_and_removes_older_entries() {
    let w = world();
    let data = w.app.core().data_folder().unwrap();
    plant(&data, 400, "a year ago", Vec::new());
    plant(&data, 100, "in the summer", Vec::new());
    plant(&data, 1, "yesterday", Vec::new());

    let size = w.run(&["activity", "--size"], "").await.ok().out();
    assert!(size.contains("entries") && size.contains('3'), "{size}");
    assert!(size.contains("365 days"), "a year unless set: {size}");
    assert!(size.contains("bytes"), "{size}");
    let json = w
        .run(&["--json", "activity", "--size"], "")
        .await
        .ok()
        .json();
    assert_eq!(
        (&json["keep_days"], &json["entries"]),
        (&json!(365), &json!(3))
    );
    assert!(json["bytes"].as_u64().unwrap() > 0, "{json}");

    let kept = w.run(&["activity", "--keep", "30"], "").await.ok().out();
    assert!(
        kept.starts_with("The journal now keeps 30 days; removed 2 older entries"),
        "{kept}"
    );
    let listed = w.run(&["activity"], "").await.ok().out();
    assert!(listed.contains("yesterday"), "{listed}");
    assert!(
        !listed.contains("a year ago") && !listed.contains("in the summer"),
        "{listed}"
    );

    // Refused: the usage (exit 2) or the value (exit 1, the code and the bounds); nothing
    // changes either way.
    for (args, code) in [
        (&["activity", "--keep", "0"][..], 1),
        (&["activity", "--keep", "3651"][..], 1),
        (&["activity", "--keep", "abc"][..], 2),
        (&["activity", "--keep", "-1"][..], 2),
        (&["activity", "--keep", "30", "--op", "users_remove"][..], 2),
        (&["activity", "--size", "--text", "x"][..], 2),
    ] {
        let refused = w.run(args, "").await;
        assert_eq!(refused.code, code, "{args:?}: {}", refused.stderr);
        if code == 1 {
            assert!(
                refused.stderr.contains("[invalid_input]"),
                "{}",
                refused.stderr
            );
            assert!(refused.stderr.contains("1 to 3650"), "{}", refused.stderr);
        }
    }
    let after = w.run(&["activity", "--size"], "").await.ok().out();
    assert!(after.contains("30 days"), "{after}");
    assert_eq!(w.run(&["activity"], "").await.ok().out(), listed);
}

/// The journal's note that a create's answer was lost and the result found at the service is
/// printed in words, not as the stored `answer: lost_found`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_found_at_the_service_is_worded() {
    let w = world();
    let set = |field: &str, new: &str| FieldChange {
        field: field.into(),
        old: None,
        new: Some(new.into()),
    };
    let changes = vec![
        set("mail", "lost.one@example.com"),
        set("answer", "lost_found"),
    ];
    let data = w.app.core().data_folder().unwrap();
    plant(&data, 0, "lost.one@example.com", changes);
    let out = w.run(&["activity"], "").await.ok().out();
    assert!(
        out.contains("mail:  → lost.one@example.com; the answer was lost; found at the service"),
        "{out}"
    );
    assert!(!out.contains("lost_found"), "{out}");
    // JSON keeps the data as stored.
    let json = w.run(&["--json", "activity"], "").await.ok().json();
    assert_eq!(json["entries"][0]["changes"][1]["new"], "lost_found");
}
