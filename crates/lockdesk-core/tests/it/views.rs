//! Views are data: every lock, user and record the commands return carries kinds, numbers and
//! schedules, never interface text, and each model's view has exactly that model's settings.
//! Through `dispatch` against the demo simulator (a child of `app` to share its helpers).

use serde_json::{json, Value};

use super::App;

/// Every string in a view, with the key it sits under (array items take the array's key).
fn strings<'a>(v: &'a Value, key: &'a str, out: &mut Vec<(&'a str, &'a str)>) {
    match v {
        Value::String(s) => out.push((key, s)),
        Value::Array(a) => a.iter().for_each(|x| strings(x, key, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| strings(x, k, out)),
        _ => {}
    }
}

fn snake_case(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == '_')
}

/// `HH:MM+HH:MM`, the service's clock times.
fn clock(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11
        && b[2] == b':'
        && (b[5] == b'+' || b[5] == b'-')
        && b[8] == b':'
        && [0, 1, 3, 4, 6, 7, 9, 10]
            .iter()
            .all(|&i| b[i].is_ascii_digit())
}

/// Strings only where data is: ids, names and addresses as the service has them, clock times,
/// and kinds/levels as snake_case values.
fn assert_no_text(view: &Value, data_keys: &[&str]) {
    let mut all = Vec::new();
    strings(view, "", &mut all);
    for (key, s) in all {
        match key {
            "kind" | "level" | "action" => assert!(snake_case(s), "{key}: {s:?} in {view}"),
            "start_time" | "end_time" => assert!(clock(s), "{key}: {s:?}"),
            k if data_keys.contains(&k) => {}
            k => panic!("text {s:?} under {k:?} in {view}"),
        }
    }
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<_> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn check_days(s: &Value) {
    let days = s["days_of_week"].as_array().unwrap();
    assert!(!days.is_empty());
    assert!(
        days.iter().all(|d| d.as_u64().is_some_and(|d| d <= 6)),
        "{s}"
    );
}

fn check_battery(b: &Value) {
    let p = b["percent"].as_i64().unwrap();
    let level = if p >= 30 {
        "ok"
    } else if p >= 10 {
        "low"
    } else {
        "critical"
    };
    assert_eq!(b["level"], level, "{b}");
}

#[tokio::test]
async fn a_lock_view_of_each_model_carries_its_data_and_no_text() {
    let a = App::demo().await;
    let list = a.call("locks_list", json!({})).await;
    let locks = list["locks"].as_array().unwrap();
    let (mut pros, mut ctls) = (0, 0);
    for l in locks {
        assert_eq!(
            keys(l),
            [
                "battery",
                "devices",
                "has_name",
                "id",
                "image_url",
                "model",
                "name",
                "settings",
                "supports_reader_volumes"
            ],
            "{l}"
        );
        assert_no_text(l, &["id", "name", "image_url"]);
        let id = l["id"].as_str().unwrap();
        let st = &l["settings"];
        let generation: u32 = id[1..3].parse().unwrap();
        assert_eq!(l["supports_reader_volumes"], generation >= 12, "{id}");
        // The demo pairs a remote with every lock; its id is numeric.
        assert!(st["lock_remote"]["id"]
            .as_str()
            .unwrap()
            .chars()
            .all(|c| c.is_ascii_digit()));
        assert!(st["autolock"].is_boolean());
        if let Some(s) = st["autolock_off_schedule"].as_object() {
            check_days(&st["autolock_off_schedule"]);
            assert!(s["enabled"].is_null() && s["holidays"].is_boolean());
        }

        let devices = l["devices"].as_array().unwrap();
        let kinds: Vec<&str> = devices
            .iter()
            .map(|d| d["kind"].as_str().unwrap())
            .collect();
        assert_eq!(
            kinds[..2],
            ["nfc_reader_inside", "nfc_reader_outside"],
            "{id}"
        );
        for d in devices {
            check_battery(&d["battery"]);
            let reader = d["kind"] != "door_sensor";
            let volumes = reader && generation >= 12;
            assert_eq!(d["normal_volume"].is_number(), volumes, "{id}: {d}");
            assert_eq!(d["warning_volume"].is_number(), volumes, "{id}: {d}");
        }

        match l["model"]["kind"].as_str().unwrap() {
            "pro" => {
                pros += 1;
                assert_eq!(l["model"], json!({ "kind": "pro" }));
                assert!(id.starts_with('A'));
                check_battery(&l["battery"]);
                assert!(st["open_door_alert"].is_boolean());
                assert!([30, 60, 180].contains(&st["open_door_alert_second"].as_i64().unwrap()));
                assert!(st["push_button"].is_boolean());
                assert!(st["normal_sound_volume"].as_i64().unwrap() <= 100);
                assert!(st["alert_sound_volume"].as_i64().unwrap() <= 100);
                // Controller settings are absent.
                for k in [
                    "seconds_till_autolock",
                    "lock_type",
                    "unlock_signal_duration",
                    "button1",
                ] {
                    assert!(st[k].is_null(), "{id}: {k} on a Pro");
                }
                assert!(kinds.len() == 2 || kinds[2] == "door_sensor");
            }
            "ctl" => {
                ctls += 1;
                assert_eq!(l["model"], json!({ "kind": "ctl" }));
                assert!(id.starts_with('R'));
                assert!(l["battery"].is_null());
                assert!(st["seconds_till_autolock"].as_i64().unwrap() > 0);
                let lock_type = st["lock_type"]["kind"].as_str().unwrap();
                assert_ne!(lock_type, "other");
                // Milliseconds, only for an A-contact output.
                assert_eq!(
                    st["unlock_signal_duration"].is_number(),
                    lock_type == "form_a_contact",
                    "{id}"
                );
                if let Some(ms) = st["unlock_signal_duration"].as_i64() {
                    assert!([300, 500, 1000, 1500, 2000].contains(&ms));
                }
                if st["button1"].is_object() {
                    check_days(&st["button1"]);
                    assert!(st["button1"]["enabled"].is_boolean());
                    assert!(st["button1"]["holidays"].is_boolean());
                }
                // Pro settings are absent, and so is a door sensor.
                for k in [
                    "open_door_alert",
                    "open_door_alert_second",
                    "push_button",
                    "normal_sound_volume",
                    "alert_sound_volume",
                ] {
                    assert!(st[k].is_null(), "{id}: {k} on a controller");
                }
                assert_eq!(kinds.len(), 2);
            }
            other => panic!("model {other}"),
        }
    }
    assert!(pros > 0 && ctls > 0, "{pros} Pro, {ctls} controllers");

    // One lock, as `locks_get` answers: the same data.
    let id = locks[0]["id"].as_str().unwrap();
    let one = a.call("locks_get", json!({ "lock_id": id })).await;
    assert_eq!(one, locks[0]);
}

#[tokio::test]
async fn users_invitations_and_records_are_data() {
    let a = App::demo().await;
    let users = a.call("users_list", json!({})).await;
    let mut roles = Vec::new();
    for u in users["users"].as_array().unwrap() {
        assert!(u.get("authority_label").is_none());
        assert_no_text(
            u,
            &[
                "id",
                "name",
                "mail",
                "image_url",
                "code",
                "ic_cards",
                "created_at",
                "updated_at",
            ],
        );
        let kind = u["authority"]["kind"].as_str().unwrap();
        assert!(
            ["super_manager", "manager", "member"].contains(&kind),
            "{u}"
        );
        roles.push(kind.to_owned());
    }
    for r in ["super_manager", "manager", "member"] {
        assert!(roles.iter().any(|k| k == r), "no {r} among the demo users");
    }

    a.call(
        "invitations_create",
        json!({ "mail": "views@example.org", "authority": "manager" }),
    )
    .await;
    let inv = a.call("invitations_list", json!({})).await;
    let inv = inv["invitations"].as_array().unwrap();
    let sent = inv
        .iter()
        .find(|i| i["mail"] == "views@example.org")
        .unwrap();
    assert_eq!(sent["authority"], json!({ "kind": "manager" }));
    assert_eq!(sent["status"], json!({ "kind": "active" }));
    for i in inv {
        assert_no_text(i, &["id", "mail", "code", "issued_at", "expires_at"]);
    }

    let hl = a.call("history_locks", json!({})).await;
    let hid = hl["locks"][0]["id"].as_str().unwrap();
    let page = a
        .call("history_accesses", json!({ "lock_id": hid, "limit": 100 }))
        .await;
    let records = page["accesses"].as_array().unwrap();
    assert!(!records.is_empty());
    for r in records {
        assert!(r.get("client_label").is_none());
        let action = if r["is_locked"] == true {
            "locked"
        } else {
            "unlocked"
        };
        assert_eq!(r["action"], action);
        let kind = r["client_type"]["kind"].as_str().unwrap();
        assert_ne!(kind, "other", "{r}");
        assert_no_text(
            r,
            &[
                "created_at",
                "user_id",
                "user_name",
                "user_mail",
                "lock_id",
                "lock_name",
            ],
        );
    }
}
