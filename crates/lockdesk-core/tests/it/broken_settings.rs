//! Settings files broken on disk (cut short, not JSON, a value of the wrong kind or out of its
//! range), through the real use-cases: each is `config_invalid` naming the file, the line and
//! column of the problem and what is wrong; it is never replaced (a change is refused with the
//! same error); what does not read it goes on (Locks, Today's other parts); a good save keeps
//! the version it replaced as `<name>.bak`; no file is the defaults.

use std::path::{Path, PathBuf};

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::ErrorPayload;
use serde_json::{json, Value};

use crate::sim_world::{call, fail, SimWorld};

/// One settings file: where it is, a command that reads it, one that would write it, and a
/// value in it (as written by Lockdesk) with a replacement Lockdesk refuses.
struct Setting {
    name: &'static str,
    path: PathBuf,
    read: (&'static str, Value),
    write: (&'static str, Value),
    value: String,
    refused_value: &'static str,
    /// The JSON path `config_invalid` names for the refused value.
    field: &'static str,
}

/// Where `marker` (once in `text`) ends: its line and the column of its last character, both
/// from 1, the column in characters.
fn end_of(text: &str, marker: &str) -> (u32, u32) {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {text}"))
        + marker.len();
    position(&text[..at])
}

/// The line and column of the last character of `before`.
fn position(before: &str) -> (u32, u32) {
    let line = before.matches('\n').count() as u32 + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() as u32;
    (line, column.max(1))
}

/// Asserts `e` is the `config_invalid` of `path` at `place`, `kind`, naming `field`.
fn assert_names(e: &ErrorPayload, path: &Path, kind: &str, place: (u32, u32), field: Option<&str>) {
    let d = &e.details;
    let context = format!("{} {kind}: {e:?}", path.display());
    assert_eq!(
        serde_json::to_value(e.code).unwrap(),
        "config_invalid",
        "{context}"
    );
    assert_eq!(d.path.as_deref(), Some(path.to_str().unwrap()), "{context}");
    assert_eq!(
        (d.line, d.column),
        (Some(place.0), Some(place.1)),
        "{context}"
    );
    assert_eq!(
        serde_json::to_value(d.config_problem).unwrap(),
        kind,
        "{context}"
    );
    assert_eq!(d.field.as_deref(), field, "{context}");
    let at = format!("line {}, column {}", place.0, place.1);
    assert!(e.message.contains(&at), "{context}");
    assert!(e.message.contains(path.to_str().unwrap()), "{context}");
}

/// The organization in use ([`SimWorld::app`] chooses the first).
async fn org_of(ctx: &AppContext) -> String {
    call(ctx, "orgs_list", json!({})).await["organizations"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn settings(w: &SimWorld, ctx: &AppContext, folder: &Path) -> Vec<Setting> {
    let config = w.dir.path().to_owned();
    let org = org_of(ctx).await;
    let mut rules = call(ctx, "watch_rules_get", json!({})).await;
    rules["interval_minutes"] = json!(17);
    let report = json!({
        "name": "Monthly", "what": { "kind": "history" },
        "schedule": { "every": "monthly", "day": 1, "at": "08:00" },
        "format": "csv", "language": "en", "folder_handle": ctx.grant_folder(folder),
    });
    let destination = json!({
        "name": "Team", "kind": "generic", "url": "http://127.0.0.1:9/hook", "language": "en",
    });
    vec![
        Setting {
            name: "watch rules",
            path: lockdesk_core::watch::rules_path(&config, &org),
            read: ("watch_rules_get", json!({})),
            write: ("watch_rules_set", json!({ "rules": rules })),
            value: "\"interval_minutes\": 17".into(),
            refused_value: "\"interval_minutes\": 0",
            field: "interval_minutes",
        },
        Setting {
            name: "reports",
            path: config.join("reports.json"),
            read: ("reports_list", json!({})),
            write: ("reports_add", report),
            value: "\"at\": \"08:00\"".into(),
            refused_value: "\"at\": \"25:00\"",
            field: "reports[0].schedule.at",
        },
        Setting {
            name: "alert destinations",
            path: config.join("alert_destinations.json"),
            read: ("alert_destinations_list", json!({})),
            write: ("alert_destinations_add", destination),
            value: "\"language\": \"en\"".into(),
            refused_value: "\"language\": \"fr\"",
            field: "destinations[0].language",
        },
        Setting {
            name: "journal",
            path: config.join("journal.json"),
            read: ("activity_storage_get", json!({})),
            write: ("activity_retention_set", json!({ "keep_days": 30 })),
            value: "\"keep_days\": 30".into(),
            refused_value: "\"keep_days\": 99999",
            field: "keep_days",
        },
        Setting {
            name: "profiles",
            path: config.join("profiles.json"),
            read: ("profiles_list", json!({})),
            write: ("profiles_remove", json!({ "profile": "org" })),
            value: "\"api\": \"v3\"".into(),
            refused_value: "\"api\": \"v9\"",
            field: "profiles[0].api",
        },
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_broken_settings_file_is_named_with_its_line_and_column_and_never_replaced() {
    let w = SimWorld::start().await;
    w.sign_in("org", ApiVersion::V3).await;
    let ctx = w.app().await;
    let folder = tempfile::tempdir().unwrap();
    for s in settings(&w, &ctx, folder.path()).await {
        // A good file, written through its use-case (profiles.json is there since sign-in).
        if s.name != "profiles" {
            call(&ctx, s.write.0, s.write.1.clone()).await;
        }
        let good = std::fs::read_to_string(&s.path).unwrap();
        let (line, _) = end_of(&good, &s.value);
        let start = good.find(&s.value).unwrap();
        let value_start = start + s.value.find(": ").unwrap() + 2;

        let cut = &good[..value_start + 2];
        let garbage = good.replacen(&s.value[s.value.find(": ").unwrap()..], ": oops", 1);
        let wrong = good.replacen(&s.value, s.refused_value, 1);
        let broken = [
            ("cut_short", cut.to_owned(), position(cut), None),
            (
                "not_json",
                garbage.clone(),
                (line, position(&garbage[..value_start + 1]).1),
                None,
            ),
            (
                "wrong_value",
                wrong.clone(),
                end_of(&wrong, s.refused_value),
                Some(s.field),
            ),
        ];
        for (kind, text, place, field) in broken {
            std::fs::write(&s.path, &text).unwrap();
            let read = fail(&ctx, s.read.0, s.read.1.clone()).await;
            assert_names(&read, &s.path, kind, place, field);
            // A change while it is broken is refused with the same error and replaces nothing.
            let write = fail(&ctx, s.write.0, s.write.1.clone()).await;
            assert_eq!(write.details, read.details, "{} {kind}", s.name);
            assert_eq!(
                std::fs::read_to_string(&s.path).unwrap(),
                text,
                "{}",
                s.name
            );
            // Locks do not read it: they are shown.
            call(&ctx, "locks_list", json!({})).await;
        }
        std::fs::write(&s.path, &good).unwrap();
        call(&ctx, s.read.0, s.read.1.clone()).await;
    }
}

/// A save writes the whole file and keeps the version it replaced as `<name>.bak`, private like
/// it; no file at all is the defaults.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_save_keeps_the_version_it_replaced_and_no_file_is_the_defaults() {
    let w = SimWorld::start().await;
    w.sign_in("org", ApiVersion::V3).await;
    let ctx = w.app().await;
    let path = w.dir.path().join("journal.json");
    assert_eq!(
        call(&ctx, "activity_storage_get", json!({})).await["keep_days"],
        365
    );
    assert!(!path.exists(), "reading writes nothing");
    call(&ctx, "activity_retention_set", json!({ "keep_days": 30 })).await;
    let first = std::fs::read_to_string(&path).unwrap();
    let backup = lockdesk_core::settings_file::backup_path(&path);
    assert!(!backup.exists(), "nothing was replaced");
    call(&ctx, "activity_retention_set", json!({ "keep_days": 90 })).await;
    assert_eq!(std::fs::read_to_string(&backup).unwrap(), first);
    assert!(std::fs::read_to_string(&path).unwrap().contains("90"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&backup).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    // No temporary file is left beside them.
    let names: Vec<String> = std::fs::read_dir(w.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(names.is_empty(), "{names:?}");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        call(&ctx, "activity_storage_get", json!({})).await["keep_days"],
        365
    );
}

/// Today reads the watch settings and the reports: a broken one is named on Today, the parts
/// judged by the watch rules are missing, the others are there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn today_names_a_broken_settings_file_and_shows_the_rest() {
    let w = SimWorld::start().await;
    w.sign_in("org", ApiVersion::V3).await;
    let ctx = w.app().await;
    let org = org_of(&ctx).await;
    let rules = lockdesk_core::watch::rules_path(w.dir.path(), &org);
    std::fs::create_dir_all(rules.parent().unwrap()).unwrap();
    std::fs::write(&rules, "{\n  \"interval_minutes\": 15,\n").unwrap();
    std::fs::write(w.dir.path().join("reports.json"), "[1, 2").unwrap();

    let o = call(&ctx, "today_overview", json!({})).await;
    let unusable: Vec<ErrorPayload> =
        serde_json::from_value(o["unusable_settings"].clone()).unwrap();
    assert_eq!(unusable.len(), 2, "{o}");
    assert_names(&unusable[0], &rules, "cut_short", (3, 1), None);
    assert_eq!(unusable[1].details.line, Some(1), "{:?}", unusable[1]);
    for part in ["batteries", "silent", "after_hours", "yesterday"] {
        assert_eq!(
            o[part]["missing"],
            json!({ "kind": "failed", "code": "config_invalid" }),
            "{part}: {o}"
        );
    }
    assert_eq!(o["invitations"]["missing"], Value::Null, "{o}");
    assert!(o["health"].is_object());
}
