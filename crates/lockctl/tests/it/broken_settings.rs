//! Settings files broken on disk, read by real `lockctl` processes: each run exits with status
//! 1 and names the file with the line and column of the problem; a command that would write
//! the file is refused the same way and the file is left exactly as it was.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::procs::{Done, Home};
use crate::support::start_sim;

/// The line and column (from 1, in characters) of the last character of `before`.
fn position(before: &str) -> (u32, u32) {
    let line = before.matches('\n').count() as u32 + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() as u32;
    (line, column.max(1))
}

/// What the three ways of breaking a file look like for one setting: `head` up to a value,
/// `good` that value and `refused` one Lockdesk does not take (wrong kind or out of range).
fn broken(head: &str, good: &str, refused: &str, tail: &str) -> Vec<(String, (u32, u32))> {
    let cut = format!("{head}{}", &good[..good.len() / 2]);
    let garbage = format!("{head}oops{tail}");
    let wrong = format!("{head}{refused}{tail}");
    vec![
        (cut.clone(), position(&cut)),
        (garbage, position(&format!("{head}o"))),
        (wrong, position(&format!("{head}{refused}"))),
    ]
}

fn assert_named(d: &Done, path: &Path, place: (u32, u32), what: &str) {
    assert_eq!(d.code, 1, "{what}: {}{}", d.stdout, d.stderr);
    assert!(
        d.stderr.contains("[config_invalid]"),
        "{what}: {}",
        d.stderr
    );
    assert!(
        d.stderr.contains(path.to_str().unwrap()),
        "{what}: {}",
        d.stderr
    );
    let at = format!("at line {}, column {}", place.0, place.1);
    assert!(d.stderr.contains(&at), "{what}: {at} in {}", d.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_settings_file_exits_1_naming_its_line_and_column() {
    let home = Home::new(start_sim());
    home.add_and_login("org", 0).await;
    let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let with_org = |more: &[&str]| -> Vec<String> {
        ["--profile", "org", "--org", &org]
            .iter()
            .chain(more)
            .map(|s| s.to_string())
            .collect()
    };
    let config = home.config();
    let report = "{\n  \"reports\": [\n    {\n      \"id\": \"r1\",\n      \"name\": \"入退室の月報\",\n      \"organization_id\": \"ORG\",\n      \"what\": { \"kind\": \"history\" },\n      \"schedule\": { \"every\": \"monthly\", \"day\": 1, \"at\": ".replace("ORG", &org);
    // A folder as this platform writes a full path.
    let folder = home.dir.path().display().to_string();
    let folder_json = serde_json::to_string(&folder).unwrap();
    // The watch settings as Lockdesk writes them, split around the check interval.
    let rules = serde_json::to_string_pretty(&lockdesk_core::watch::WatchRules::default()).unwrap();
    let value_at = rules.find("\"interval_minutes\": ").unwrap() + "\"interval_minutes\": ".len();
    let value_end = value_at + rules[value_at..].find([',', '\n']).unwrap();
    type Case = (
        PathBuf,
        String,
        String,
        &'static str,
        String,
        Vec<String>,
        Option<Vec<String>>,
    );
    let files: Vec<Case> = vec![
        (
            config.join("reports.json"),
            report,
            "\"08:00\"".into(),
            "\"25:00\"",
            format!(" }},\n      \"format\": \"csv\",\n      \"language\": \"ja\",\n      \"folder\": {folder_json}\n    }}\n  ]\n}}\n"),
            with_org(&["reports", "list"]),
            Some(with_org(&[
                "reports", "add", "--name", "x", "--every", "daily", "--folder", folder.as_str(),
            ])),
        ),
        (
            config.join("journal.json"),
            "{\n  \"keep_days\": ".into(),
            "30".into(),
            "99999",
            "\n}\n".into(),
            vec!["activity".into(), "--size".into()],
            Some(vec!["activity".into(), "--keep".into(), "30".into()]),
        ),
        (
            config.join("alert_destinations.json"),
            "{\n  \"destinations\": ".into(),
            "[]".into(),
            // A number where a list goes: one character, where serde_json's own message
            // about the wrong kind points.
            "7",
            "\n}\n".into(),
            with_org(&["alerts", "destinations", "list"]),
            None,
        ),
        (
            config.join("watch").join(format!("{org}.json")),
            rules[..value_at].to_owned(),
            rules[value_at..value_end].to_owned(),
            "0",
            rules[value_end..].to_owned(),
            with_org(&["watch", "--once"]),
            None,
        ),
    ];
    for (path, head, good, refused, tail, read, write) in files {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for (text, place) in broken(&head, &good, refused, &tail) {
            std::fs::write(&path, &text).unwrap();
            let args: Vec<&str> = read.iter().map(String::as_str).collect();
            assert_named(&home.run(&args).await, &path, place, &read.join(" "));
            if let Some(write) = &write {
                let args: Vec<&str> = write.iter().map(String::as_str).collect();
                assert_named(&home.run(&args).await, &path, place, &write.join(" "));
            }
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                text,
                "{}",
                path.display()
            );
        }
        std::fs::remove_file(&path).unwrap();
    }

    // profiles.json: every command reads it first.
    let path = config.join("profiles.json");
    let good = std::fs::read_to_string(&path).unwrap();
    let head = &good[..good.find("\"api\": ").unwrap() + "\"api\": ".len()];
    let tail = &good[head.len() + "\"v3\"".len()..];
    for (text, place) in broken(head, "\"v3\"", "\"v9\"", tail) {
        std::fs::write(&path, &text).unwrap();
        assert_named(
            &home.run(&["profile", "list"]).await,
            &path,
            place,
            "profile list",
        );
        let remove = home.run(&["profile", "remove", "org"]).await;
        assert_named(&remove, &path, place, "profile remove");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}
