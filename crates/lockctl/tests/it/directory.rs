//! `lockctl directory` against lockdesk-sim: an HR system's CSV export (CP932, Japanese headers,
//! as Japanese Excel saves it) added as the organization's source, and the plan: a current
//! employee matched by e-mail gets their employee number as the user code, one who left is to be
//! removed, users missing from the export are to be removed unless they are managers (held), a
//! new employee is to be invited with their number, one joining next year waits; nothing
//! changes at the service. Applied (the invitation's answer lost and found out at the service),
//! every change is journaled and a second plan has nothing left to do but the managers, held;
//! apply asks first (refused without a terminal or --yes). A file with a bad row is refused
//! naming its line, and nothing is kept.

use serde_json::Value;

use crate::support::{world, World};

/// The simulator's lost answers for POST requests (`rate` 1: every answer lost).
async fn faults(w: &World, rate: f64) {
    reqwest::Client::new()
        .post(format!("{}/_sim/faults", w.sim.base_url))
        .json(&serde_json::json!({ "lose_answer_rate": rate, "drop_rate": 0.0, "methods": ["POST"], "path_prefix": "/v3/" }))
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
}

/// How many of `users` are managers or super managers.
fn managers(users: &[Value]) -> usize {
    users
        .iter()
        .filter(|u| {
            matches!(
                u["authority"]["kind"].as_str(),
                Some("manager" | "super_manager")
            )
        })
        .count()
}

/// A CSV cell, quoted.
fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_hr_export_in_cp932_plans_leavers_joiners_and_movers() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    let listed = w
        .run(&["--org", &org, "--json", "users", "list"], "")
        .await
        .ok()
        .json();
    let users = listed["users"].as_array().unwrap().clone();
    let role = |u: &Value| u["authority"]["kind"].as_str().unwrap_or("").to_owned();
    let members: Vec<&Value> = users
        .iter()
        .filter(|u| role(u) == "member" && u["mail"].is_string() && u["code"].is_null())
        .collect();
    let (stays, left) = (members[0], members[1]);
    let text = |u: &Value, k: &str| u[k].as_str().unwrap().to_owned();
    let csv = format!(
        "社員番号,氏名,メールアドレス,入社日,退職日\r\n\
         E001,{},{},2020/04/01,\r\n\
         E002,{},{},2019/04/01,2020/03/31\r\n\
         E003,新入 社員,newcomer@example.jp,2020年4月1日,\r\n\
         E004,来年 入社,later@example.jp,2099/04/01,\r\n",
        q(&text(stays, "name")),
        q(&text(stays, "mail")),
        q(&text(left, "name")),
        q(&text(left, "mail")),
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("社員一覧.csv");
    std::fs::write(&file, encoding_rs::SHIFT_JIS.encode(&csv).0).unwrap();
    let added = w
        .run(
            &[
                "--json",
                "directory",
                "sources",
                "add",
                "--name",
                "人事 CSV",
                "--hr-csv",
                file.to_str().unwrap(),
            ],
            "",
        )
        .await
        .ok()
        .json();
    assert_eq!(
        added["source"]["columns"]["employee_id"], "社員番号",
        "{added}"
    );

    let planned = w
        .run(&["--json", "directory", "plan"], "")
        .await
        .ok()
        .json();
    let plan = &planned["plan"];
    assert_eq!(planned["sources"][0]["people"], 4, "{planned}");
    // The one matched by e-mail: the code set, nothing else.
    let movers = plan["movers"].as_array().unwrap();
    assert_eq!(movers.len(), 1, "{plan}");
    assert_eq!(movers[0]["change"]["user_id"], stays["id"]);
    assert_eq!(movers[0]["change"]["code"], "E001");
    assert!(movers[0]["change"].get("name").is_none(), "{plan}");
    // Leavers: the one who left, and everyone the export does not have; managers held.
    let leavers = plan["leavers"].as_array().unwrap();
    assert_eq!(leavers.len(), users.len() - 1, "{plan}");
    let row_of = |id: &Value| {
        leavers
            .iter()
            .find(|r| &r["change"]["user_id"] == id)
            .unwrap()
    };
    assert_eq!(row_of(&left["id"])["change"]["left"], "2020-03-31");
    for u in &users {
        if u["id"] == stays["id"] {
            continue;
        }
        let held = row_of(&u["id"])["held"]["kind"].as_str().map(str::to_owned);
        let manager = matches!(role(u).as_str(), "manager" | "super_manager");
        assert_eq!(held.as_deref() == Some("manager"), manager, "{u}");
    }
    let joiners = plan["joiners"].as_array().unwrap();
    assert_eq!(joiners.len(), 1, "{plan}");
    assert_eq!(joiners[0]["change"]["mail"], "newcomer@example.jp");
    assert_eq!(joiners[0]["change"]["code"], "E003");
    assert_eq!(plan["joining_later"], 1);

    // In words: the counts first, then every row.
    let words = w.run(&["directory", "plan"], "").await.ok().out();
    assert!(words.contains("1 to invite, 1 to update"), "{words}");
    assert!(words.contains("1 joining later"), "{words}");
    assert!(words.contains("remove (left 2020-03-31)"), "{words}");
    assert!(words.contains("a manager: decide yourself"), "{words}");

    // Nothing changed at the service.
    let after = w
        .run(&["--org", &org, "--json", "users", "list"], "")
        .await
        .ok()
        .json();
    assert_eq!(after["users"], listed["users"]);

    // An exception holds one of those missing back (a past day is refused).
    let other = users
        .iter()
        .find(|u| {
            role(u) == "member"
                && u["mail"].is_string()
                && u["id"] != stays["id"]
                && u["id"] != left["id"]
        })
        .unwrap();
    let contractor = text(other, "mail");
    let past = w
        .run(
            &[
                "directory",
                "exceptions",
                "add",
                &contractor,
                "--reason",
                "派遣",
                "--until",
                "2020-01-01",
            ],
            "",
        )
        .await;
    assert_eq!(past.code, 1, "{}", past.stderr);
    w.run(
        &[
            "directory",
            "exceptions",
            "add",
            &contractor,
            "--reason",
            "派遣契約",
            "--until",
            "2099-12-31",
        ],
        "",
    )
    .await
    .ok();
    let held = w.run(&["directory", "plan"], "").await.ok().out();
    assert!(
        held.contains("exception until 2099-12-31: 派遣契約"),
        "{held}"
    );

    // Removing most of the organization is refused unless asked for on purpose (a source cut
    // short would do that), and nothing changes.
    let mass = w.run(&["directory", "apply", "--yes"], "").await;
    assert_eq!(mass.code, 1, "{}", mass.stderr);
    assert!(mass.stderr.contains("check the source"), "{}", mass.stderr);
    let same = w
        .run(&["--org", &org, "--json", "users", "list"], "")
        .await
        .ok()
        .json();
    assert_eq!(same["users"], listed["users"]);

    // Applied, with the invitation's answer lost at the service: found out there, sent once.
    faults(&w, 1.0).await;
    let applied = w
        .run(
            &[
                "--json",
                "directory",
                "apply",
                "--yes",
                "--allow-mass-removal",
            ],
            "",
        )
        .await
        .ok()
        .json();
    faults(&w, 0.0).await;
    let to_do = users.len() - managers(&users) - 1;
    assert_eq!(applied["done"], to_do + 1, "{applied}");
    assert_eq!(applied["failed"], 0, "{applied}");
    // A second plan has nothing left to do: only the managers and the exception, held.
    let again = w
        .run(&["--json", "directory", "plan"], "")
        .await
        .ok()
        .json();
    let again = &again["plan"];
    assert_eq!(again["movers"], serde_json::json!([]), "{again}");
    assert_eq!(again["joiners"], serde_json::json!([]), "{again}");
    let left_rows = again["leavers"].as_array().unwrap();
    assert_eq!(left_rows.len(), managers(&users) + 1, "{again}");
    assert!(left_rows
        .iter()
        .all(|r| r["held"]["kind"] == "manager" || r["mail"] == contractor.as_str()));
    let invited = w
        .run(&["--json", "invitations", "list"], "")
        .await
        .ok()
        .json();
    let newcomer = invited["invitations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["mail"] == "newcomer@example.jp")
        .count();
    assert_eq!(newcomer, 1, "{invited}");
    // Each change is in the journal, as a person's would be.
    let activity = w.run(&["--json", "activity"], "").await.ok().out();
    assert!(activity.contains("users_remove"), "{activity}");
    assert!(activity.contains("users_update"), "{activity}");
    // And the apply itself, with how it ended.
    assert!(activity.contains("directory_apply"), "{activity}");
    // Nothing to do: applying changes nothing and says so.
    let nothing = w.run(&["directory", "apply"], "").await.ok().out();
    assert!(nothing.contains("nothing to change"), "{nothing}");

    // A new joiner, and apply without a terminal nor --yes: refused, nothing changed.
    let csv2 = format!("{csv}E005,次の 社員,next@example.jp,2020/04/01,\r\n");
    std::fs::write(&file, encoding_rs::SHIFT_JIS.encode(&csv2).0).unwrap();
    let asked = w.run(&["directory", "apply"], "yes\n").await;
    assert_eq!(asked.code, 2, "{}", asked.stderr);
    assert!(asked.stderr.contains("--yes"), "{}", asked.stderr);

    // A file with a bad row is refused naming its line; nothing is kept.
    let bad = dir.path().join("bad.csv");
    std::fs::write(
        &bad,
        "社員番号,氏名,メールアドレス\nE9,誰か,not-an-address\n",
    )
    .unwrap();
    let refused = w
        .run(
            &[
                "directory",
                "sources",
                "add",
                "--name",
                "x",
                "--hr-csv",
                bad.to_str().unwrap(),
            ],
            "",
        )
        .await;
    assert_eq!(refused.code, 1);
    assert!(refused.stderr.contains("line 2"), "{}", refused.stderr);
    let sources = w
        .run(&["--json", "directory", "sources", "list"], "")
        .await
        .ok()
        .json();
    assert_eq!(
        sources["sources"].as_array().map(Vec::len),
        Some(1),
        "{sources}"
    );
}
