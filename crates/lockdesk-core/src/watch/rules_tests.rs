use crate::locks::view::{battery_readings, DeviceKind, LockView};
use chrono::NaiveDate;

use super::*;

fn t(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn rec(at: &str, lock: &str, user: Option<&str>, locked: bool) -> HistoryRow {
    HistoryRow {
        created_at: t(at),
        lock_id: lock.into(),
        lock_name: Some(format!("{lock} door")),
        user_id: user.map(Into::into),
        user_name: user.map(|u| format!("name of {u}")),
        user_mail: user.map(|u| format!("{}@example.jp", u.to_lowercase())),
        client_type: if user.is_some() {
            "mobile_app"
        } else {
            "autolock"
        }
        .into(),
        is_locked: locked,
    }
}

fn lock(id: &str, body: Option<i64>, devices: &[(DeviceKind, i64)]) -> LockView {
    let mut v = serde_json::json!({"id": id, "model": "Pro", "name": format!("{id} door")});
    if let Some(p) = body {
        v["battery_percentage"] = p.into();
    }
    for (kind, p) in devices {
        let field = match kind {
            DeviceKind::NfcReaderInside => "nfc_reader_inside",
            DeviceKind::NfcReaderOutside => "nfc_reader_outside",
            DeviceKind::DoorSensor => "door_sensor",
        };
        v[field] = serde_json::json!({"id": "D1", "battery_percentage": p});
    }
    LockView::from(&serde_json::from_value::<lockdesk_api::models::Lock>(v).unwrap())
}

#[test]
fn low_battery_fires_below_the_threshold_only() {
    let now = t("2026-11-24T03:00:00Z");
    let locks = [
        lock("A1", Some(19), &[(DeviceKind::DoorSensor, 20)]),
        lock("A2", Some(20), &[(DeviceKind::NfcReaderOutside, 5)]),
    ];
    let f = low_battery(&battery_readings(&locks), 20, now);
    let keys: Vec<&str> = f.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(
        keys,
        ["low_battery:A1/lock", "low_battery:A2/nfc_reader_outside"]
    );
    assert_eq!(f[0].percent, Some(19));
    assert_eq!(f[1].part, Some(BatteryPart::NfcReaderOutside));
    assert_eq!(f[1].target, "A2/nfc_reader_outside");
    // The same batteries a round later: the same keys.
    let again = low_battery(&battery_readings(&locks), 20, now + Duration::hours(1));
    assert_eq!(again[0].key, f[0].key);
    assert!(low_battery(&battery_readings(&locks), 5, now).is_empty());
}

#[test]
fn a_battery_has_recovered_only_well_above_the_threshold() {
    let locks = [
        // 29 % is above 20 % but within the margin: still the same low-battery episode.
        lock("A1", Some(29), &[(DeviceKind::DoorSensor, 30)]),
        lock("A2", Some(100), &[(DeviceKind::NfcReaderInside, 12)]),
    ];
    assert_eq!(
        recovered_batteries(&battery_readings(&locks), 20),
        ["low_battery:A1/door_sensor", "low_battery:A2/lock"]
    );
    // The keys are the low-battery findings' own.
    let low = low_battery(&battery_readings(&locks), 101, t("2026-11-24T03:00:00Z"));
    assert!(recovered_batteries(&battery_readings(&locks), 20)
        .iter()
        .all(|k| low.iter().any(|f| &f.key == k)));
}

#[test]
fn unlocked_too_long_judges_the_limit_to_the_second() {
    let now = t("2026-11-24T12:00:00Z");
    let records = [
        // A1: locked again 10 minutes less one second later: in time.
        rec("2026-11-24T01:00:00Z", "A1", Some("U-a"), false),
        rec("2026-11-24T01:09:59Z", "A1", None, true),
        // A2: locked again exactly 10 minutes later: in time.
        rec("2026-11-24T02:00:00Z", "A2", Some("U-a"), false),
        rec("2026-11-24T02:10:00Z", "A2", None, true),
        // A3: one second too late; the second unlocking of the run is the same finding.
        rec("2026-11-24T03:00:00Z", "A3", Some("U-b"), false),
        rec("2026-11-24T03:05:00Z", "A3", Some("U-c"), false),
        rec("2026-11-24T03:10:01Z", "A3", None, true),
    ];
    let f = unlocked_too_long(&records, &whole(&records, now), 10, now);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(
        f[0].key,
        format!(
            "unlocked_too_long:A3:{}",
            t("2026-11-24T03:00:00Z").timestamp_millis()
        )
    );
    assert_eq!(f[0].locked_at, Some(t("2026-11-24T03:10:01Z")));
    assert_eq!(f[0].user_id.as_deref(), Some("U-b"));

    // Still unlocked: only once `now` is past the limit.
    let open = [rec("2026-11-24T11:50:00Z", "A4", Some("U-a"), false)];
    let held = whole(&open, t("2026-11-25T00:00:00Z"));
    assert!(unlocked_too_long(&open, &held, 10, t("2026-11-24T11:59:59Z")).is_empty());
    assert!(unlocked_too_long(&open, &held, 10, t("2026-11-24T12:00:00Z")).is_empty());
    let late = unlocked_too_long(&open, &held, 10, t("2026-11-24T12:00:01Z"));
    assert_eq!(late.len(), 1);
    assert_eq!(late[0].locked_at, None);
}

/// Every lock of `records` held completely up to `until`.
fn whole(records: &[HistoryRow], until: DateTime<Utc>) -> HashMap<String, Completeness> {
    records
        .iter()
        .map(|r| (r.lock_id.clone(), Completeness::Whole { until }))
        .collect()
}

#[test]
fn unlocked_too_long_judges_only_what_the_archive_holds() {
    let now = t("2026-11-24T12:30:00Z");
    // The locking of 11:52 has not been fetched yet: the archive holds A4 up to 11:55 only.
    let open = [rec("2026-11-24T11:50:00Z", "A4", Some("U-a"), false)];
    let to_1155 = HashMap::from([(
        "A4".to_owned(),
        Completeness::Whole {
            until: t("2026-11-24T11:55:00Z"),
        },
    )]);
    assert!(unlocked_too_long(&open, &to_1155, 10, now).is_empty());
    // Not fetched at all: not judged.
    assert!(unlocked_too_long(&open, &HashMap::new(), 10, now).is_empty());
    // The unlocking lies before the stretch held (the locking of 03:05 may be missing before
    // it): it is not paired with the locking after.
    let records = [
        rec("2026-11-24T03:00:00Z", "A3", Some("U-b"), false),
        rec("2026-11-24T03:30:00Z", "A3", None, true),
    ];
    let since = HashMap::from([(
        "A3".to_owned(),
        Completeness::Since {
            since: t("2026-11-24T03:10:00Z"),
            until: now,
        },
    )]);
    assert!(unlocked_too_long(&records, &since, 10, now).is_empty());
    assert_eq!(
        unlocked_too_long(&records, &whole(&records, now), 10, now).len(),
        1
    );
}

fn office() -> OfficeHours {
    OfficeHours {
        days: vec![1, 2, 3, 4, 5],
        start_minute: 9 * 60,
        end_minute: 18 * 60,
        holidays_off: true,
        utc_offset_minutes: 540,
    }
}

#[test]
fn outside_hours_on_the_minute_and_on_holidays() {
    // 2026-11-24 is a Tuesday; 2026-11-23 a Monday and 勤労感謝の日. Times in JST (+09:00).
    let records = [
        rec("2026-11-24T08:59:00+09:00", "A1", Some("U-early"), false),
        rec("2026-11-24T09:00:00+09:00", "A1", Some("U-nine"), false),
        rec("2026-11-24T17:59:59+09:00", "A1", Some("U-late-ok"), false),
        rec("2026-11-24T18:00:00+09:00", "A1", Some("U-six"), false),
        rec("2026-11-23T09:00:00+09:00", "A1", Some("U-holiday"), false),
        rec("2026-11-28T10:00:00+09:00", "A1", Some("U-saturday"), false),
        // Not entries: a locking by a person, an unlocking without a person.
        rec("2026-11-24T03:00:00+09:00", "A1", Some("U-lock"), true),
        rec("2026-11-24T03:00:00+09:00", "A1", None, false),
    ];
    let users: Vec<_> = outside_hours(&records, &office())
        .into_iter()
        .map(|f| f.user_id.unwrap())
        .collect();
    assert_eq!(users, ["U-early", "U-six", "U-holiday", "U-saturday"]);
    let mut work_on_holidays = office();
    work_on_holidays.holidays_off = false;
    let users: Vec<_> = outside_hours(&records, &work_on_holidays)
        .into_iter()
        .map(|f| f.user_id.unwrap())
        .collect();
    assert_eq!(users, ["U-early", "U-six", "U-saturday"]);
    assert!(office().contains(t("2026-11-24T00:00:00Z")));
    assert!(!office().contains(t("2026-11-23T00:00:00Z")));
}

#[test]
fn japanese_holidays_of_2026_from_the_crate() {
    // The Cabinet Office's list for 2026 (国民の祝日・休日), substitute and citizens' holidays
    // included.
    let expected = [
        (1, 1),
        (1, 12),
        (2, 11),
        (2, 23),
        (3, 20),
        (4, 29),
        (5, 3),
        (5, 4),
        (5, 5),
        (5, 6),
        (7, 20),
        (8, 11),
        (9, 21),
        (9, 22),
        (9, 23),
        (10, 12),
        (11, 3),
        (11, 23),
    ];
    let mut found = Vec::new();
    let mut d = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    while d.year() == 2026 {
        if is_japanese_holiday(d) {
            found.push((d.month(), d.day()));
        }
        d = d.succ_opt().unwrap();
    }
    assert_eq!(found, expected);
}

#[test]
fn listed_users_by_id_or_mail() {
    let records = [
        rec("2026-11-24T01:00:00Z", "A1", Some("U-x"), false),
        rec("2026-11-24T01:05:00Z", "A1", Some("U-x"), true),
        rec("2026-11-24T01:06:00Z", "A2", Some("U-y"), false),
        rec("2026-11-24T01:07:00Z", "A2", Some("U-z"), false),
    ];
    let f = listed_users(&records, &["U-x".into(), "U-Y@EXAMPLE.JP".into()]);
    assert_eq!(f.len(), 3);
    assert_eq!(f[0].target, "U-x");
    assert_ne!(f[0].key, f[1].key);
    assert_eq!(f[1].is_locked, Some(true));
    assert_eq!(f[2].user_id.as_deref(), Some("U-y"));
    assert!(listed_users(&records, &[]).is_empty());
    assert!(listed_users(&records, &["U-w".into()]).is_empty());
}

#[test]
fn silent_locks_from_n_days_on() {
    let now = t("2026-11-24T12:00:00Z");
    let act = |id: &str, last: Option<DateTime<Utc>>| LockActivity {
        lock_id: id.into(),
        lock_name: None,
        last_record_at: last,
        complete: Completeness::Whole {
            until: now + Duration::days(30),
        },
    };
    let locks = [
        act("A1", Some(now - Duration::days(7))),
        act("A2", Some(now - Duration::days(7) + Duration::seconds(1))),
        act("A3", None),
    ];
    let f = silent_locks(&locks, 7, now);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].lock_id, "A1");
    // Still silent a day later: the same key; spoken and silent again: a new one.
    let later = silent_locks(&locks, 7, now + Duration::days(1));
    assert_eq!(later[0].key, f[0].key);
    let spoke = [act("A1", Some(now))];
    let again = silent_locks(&spoke, 7, now + Duration::days(8));
    assert_ne!(again[0].key, f[0].key);
}

#[test]
fn a_lock_is_not_silent_because_its_records_have_not_arrived() {
    let now = t("2026-11-24T12:00:00Z");
    let act = |complete: Completeness| LockActivity {
        lock_id: "A1".into(),
        lock_name: None,
        last_record_at: Some(now - Duration::days(8)),
        complete,
    };
    // Only the last day is fetched: the 8-day-old record is not known to be the newest.
    let day = act(Completeness::Since {
        since: now - Duration::days(1),
        until: now,
    });
    assert!(silent_locks(&[day], 7, now).is_empty());
    // Held completely, but only up to two days ago: silent for 6 days as far as is known.
    let stale = act(Completeness::Whole {
        until: now - Duration::days(2),
    });
    assert!(silent_locks(&[stale], 7, now).is_empty());
    // Nothing held: not judged.
    assert!(silent_locks(&[act(Completeness::Nothing)], 7, now).is_empty());
    // Held from before the record up to now: silent.
    let known = act(Completeness::Since {
        since: now - Duration::days(9),
        until: now,
    });
    assert_eq!(silent_locks(&[known], 7, now).len(), 1);
}
