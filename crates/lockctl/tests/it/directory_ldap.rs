//! `lockctl directory` with Active Directory as the source: a real OpenLDAP server (`slapd`)
//! shaped like AD (`slapd.rs`), reached as its read-only service account over `ldaps://` and
//! `ldap://` with StartTLS, its certificate from the office's own root. Refused while that root
//! is not trusted (nothing kept), refused with a wrong password (saying so), then read in pages
//! (more entries than the server gives one search); the password only in the keychain; a
//! disabled account (`userAccountControl` 514) is a leaver, a new one a joiner, a renamed one a
//! mover. Real processes, Linux only: the OS verifier reads `SSL_CERT_FILE` only there.

use lockdesk_sim::test_pki::TestCa;
use serde_json::Value;

use crate::procs::{Done, Home};
use crate::slapd::{Entry, Slapd, PEOPLE, READER, READER_PASSWORD};

/// More people than one unpaged search gives (the server's limit is 1,000).
const CROWD: usize = 1_100;

/// `lockctl --json ARGS` for the organization, which must succeed.
async fn ok(home: &Home, org: &str, args: &[&str]) -> Value {
    let all: Vec<&str> = ["--profile", "work", "--org", org, "--json"]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    let done = home.run(&all).await;
    assert_eq!(done.code, 0, "{args:?}: {}", done.stderr);
    serde_json::from_str(&done.stdout).unwrap_or(Value::Null)
}

/// `directory sources add` for the server at `url`, the password given on stdin.
async fn add(home: &Home, org: &str, url: &str, password: &str) -> Done {
    let args = [
        "--profile",
        "work",
        "--org",
        org,
        "--json",
        "directory",
        "sources",
        "add",
        "--name",
        "本社 AD",
        "--ldap-url",
        url,
        "--ldap-bind-dn",
        READER,
        "--ldap-base-dn",
        PEOPLE,
        "--ldap-filter",
        "(objectClass=user)",
    ];
    home.run_with_stdin(&args, &format!("{password}\n")).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn active_directory_over_ldaps_and_starttls_plans_leavers_joiners_and_movers() {
    let mut home = Home::new(crate::support::start_sim_with(
        lockdesk_sim::SimOptions::small(),
    ));
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--profile", "work", "--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let users = ok(&home, &org, &["users", "list"]).await;
    let members: Vec<&Value> = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["authority"]["kind"] == "member" && u["code"].is_string())
        .collect();
    let s = |u: &Value, k: &str| u[k].as_str().map(str::to_owned);
    let (stays, off, renamed) = (members[0], members[1], members[2]);
    let crowd: Vec<String> = (0..CROWD).map(|i| format!("L{i:05}")).collect();
    let mut people = Vec::new();
    let (stays_name, stays_code, stays_mail) = (
        s(stays, "name").unwrap(),
        s(stays, "code").unwrap(),
        s(stays, "mail"),
    );
    let (off_name, off_code, off_mail) = (
        s(off, "name").unwrap(),
        s(off, "code").unwrap(),
        s(off, "mail"),
    );
    let (renamed_code, renamed_mail) = (s(renamed, "code").unwrap(), s(renamed, "mail"));
    people.push(Entry {
        cn: "stays",
        display_name: &stays_name,
        employee_id: Some(&stays_code),
        mail: stays_mail.as_deref(),
        account_control: 512,
    });
    people.push(Entry {
        cn: "off",
        display_name: &off_name,
        employee_id: Some(&off_code),
        mail: off_mail.as_deref(),
        account_control: 514,
    });
    people.push(Entry {
        cn: "renamed",
        display_name: "改名 した人",
        employee_id: Some(&renamed_code),
        mail: renamed_mail.as_deref(),
        account_control: 66048,
    });
    people.push(Entry {
        cn: "newcomer",
        display_name: "新入 社員",
        employee_id: Some("N-0001"),
        mail: Some("newcomer@example.co.jp"),
        account_control: 512,
    });
    for id in &crowd {
        people.push(Entry {
            cn: id,
            display_name: id,
            employee_id: Some(id),
            mail: None,
            account_control: 512,
        });
    }
    let ca = TestCa::new();
    let server = Slapd::start(&ca, &people);
    let ldaps = format!("ldaps://127.0.0.1:{}", server.tls_port);
    let starttls = format!("ldap://127.0.0.1:{}", server.port);
    let listed = |home: &Home| {
        std::fs::read_to_string(home.config().join("directory.json")).unwrap_or_default()
    };

    // The office's root is not trusted yet: refused at the handshake, nothing kept.
    let untrusted = add(&home, &org, &ldaps, READER_PASSWORD).await;
    assert_eq!(untrusted.code, 1, "{}", untrusted.stderr);
    assert!(
        untrusted.stderr.contains("[directory_source_failed]")
            && untrusted.stderr.contains("certificate"),
        "{}",
        untrusted.stderr
    );
    assert!(!listed(&home).contains("ldap"), "{}", listed(&home));

    // IT installs the root: a wrong password is refused, saying so.
    let bundle = home.dir.path().join("company-roots.pem");
    std::fs::write(&bundle, &ca.cert_pem).unwrap();
    home.env.push(("SSL_CERT_FILE".into(), bundle));
    let wrong = add(&home, &org, &ldaps, "not-the-password").await;
    assert_eq!(wrong.code, 1, "{}", wrong.stderr);
    assert!(
        wrong.stderr.contains("invalid credentials"),
        "{}",
        wrong.stderr
    );
    assert!(!listed(&home).contains("ldap"));

    // Both ways in read every person, past the server's 1,000 a search.
    for url in [&ldaps, &starttls] {
        let added = add(&home, &org, url, READER_PASSWORD).await;
        assert_eq!(added.code, 0, "{}", added.stderr);
        let added: Value = serde_json::from_str(&added.stdout).unwrap();
        assert_eq!(added["source"]["kind"], "ldap", "{added}");
        let config = listed(&home);
        assert!(!config.contains(READER_PASSWORD), "{config}");

        let planned = ok(&home, &org, &["directory", "plan"]).await;
        assert_eq!(planned["sources"][0]["people"], 4 + CROWD, "{url}");
        let plan = &planned["plan"];
        let leaver = plan["leavers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["change"]["user_id"] == off["id"])
            .expect("the disabled account is a leaver");
        assert_eq!(leaver["change"]["in_directory"], true, "{leaver}");
        let joiner = plan["joiners"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["employee_id"] == "N-0001")
            .expect("the new account is a joiner");
        assert_eq!(
            joiner["change"],
            serde_json::json!({ "kind": "invite", "mail": "newcomer@example.co.jp", "code": "N-0001" })
        );
        let mover = plan["movers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["change"]["user_id"] == renamed["id"])
            .expect("the renamed account is a mover");
        assert_eq!(mover["change"]["name"], "改名 した人", "{mover}");
        for group in ["leavers", "movers"] {
            assert!(
                !plan[group]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|r| r["change"]["user_id"] == stays["id"]),
                "{group}: {plan}"
            );
        }
        // The crowd has no e-mail: held for a person, never invited.
        let held = plan["joiners"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["held"]["kind"] == "no_mail")
            .count();
        assert_eq!(held, CROWD);

        let id = added["id"].as_str().unwrap().to_owned();
        ok(&home, &org, &["directory", "sources", "remove", &id]).await;
    }
}
