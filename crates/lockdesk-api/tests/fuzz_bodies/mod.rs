//! Fuzz bodies for the decoders, shared by the test (`tests/it/fuzz.rs`, a few thousand cases)
//! and the bench (`benches/decode_fuzz.rs`, a million): arbitrary JSON, the documented bodies
//! of the spec with values swapped, keys dropped or added, and the bytes of those bodies cut,
//! flipped or spliced. Numbers lean to the edges (i64/u64 limits, 10^13 s, the last second
//! chrono can hold) and strings to timestamps, role and status names.

#![allow(dead_code)]

use lockdesk_api::fuzz::Decoder;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// A documented body of each answer (field tables of `service-api.md`).
pub fn documented(decoder: Decoder) -> Value {
    let lock = json!({
        "id": "A1234567", "model": "Pro", "name": "Front door",
        "image_url": "https://img.example.com/locks/a.png", "autolock": true,
        "seconds_till_autolock": 10,
        "autolock_off_schedule": {"days_of_week": [0, 1, 6], "start_time": "09:00+09:00",
            "end_time": "18:00+09:00", "is_holiday_enabled": false},
        "open_door_alert": true, "open_door_alert_second": 60, "push_button": false,
        "normal_sound_volume": 50, "alert_sound_volume": 100, "battery_percentage": 80,
        "lock_type": "form_a_contact", "unlock_signal_duration": 500,
        "button1": {"enabled": true, "days_of_week": [1, 2], "start_time": "08:00+09:00",
            "end_time": "20:00+09:00", "holiday_enabled": true},
        "lock_remote": {"id": 123456}, "nfc_reader_inside": {"id": "N1", "battery_percentage": 70},
        "npin_normal_sound_volume": 3, "npin_warning_sound_volume": 3,
        "nfc_reader_outside": {"id": "N2", "battery_percentage": 60},
        "npout_normal_sound_volume": 2, "npout_warning_sound_volume": 2,
        "door_sensor": {"id": "D1", "battery_percentage": 90}
    });
    let user = json!({
        "id": "U-ABCDE-12345", "name": "山田 太郎", "mail": "yamada@example.com",
        "image_url": null, "authority": "manager", "code": "E001",
        "created_at": "2017-09-08T13:52:48.000Z", "updated_at": 1504878768,
        "nfcs": [{"id": "C1", "name": "card"}]
    });
    let lock_group = json!({"id": "LG1", "name": "1F", "memo": "lobby",
        "locks": [{"id": "A1234567", "name": "Front door", "image_url": null}]});
    let user_group = json!({"id": "UG1", "name": "Staff", "memo": null,
        "users": [{"id": "U1", "name": "Yamada", "image_url": "https://img.example.com/u.png"}]});
    let invitation = json!({"id": "I1", "issued_at": "2024-04-01T09:00:00+09:00",
        "expires_at": 1712102400, "invitation_status": "active",
        "user": {"mail": "new@example.com", "authority": "member", "code": "E9"}});
    let access = json!({"is_locked": false, "client_type": "nfc_outside",
        "created_at": "2017-09-08T13:52:48.123Z",
        "user": {"id": 42, "full_name": "Yamada", "mail": "y@example.com", "image_url": null},
        "lock": {"id": "A1234567", "name": "Front door", "image_url": "https://img.example.com/a.png"}});
    match decoder {
        Decoder::TokenResponse => json!({"access_token": "abc", "token_type": "bearer",
            "refresh_token": "def", "expires_in": 7776000, "created_at": 1504878768}),
        Decoder::TokenError => json!({"error": "invalid_grant", "error_description": "expired"}),
        Decoder::TokenInfo => json!({"application_name": "Lockdesk", "token": "abc",
            "refresh_token": "def", "created_at": 1504878768, "expires_at": "2017-12-07T13:52:48Z"}),
        Decoder::Organizations => json!({"organizations": [{"id": "O-ABCDE-12345"}]}),
        Decoder::Organization => json!({"organization": {"id": "O-ABCDE-12345", "name": "HQ"}}),
        Decoder::Locks => json!({"locks": [lock.clone(), {"id": "R1200001", "model": "Ctl",
            "lock_type": "electromagnetic", "button1": null, "door_sensor": null}]}),
        Decoder::Lock => json!({ "lock": lock }),
        Decoder::LockGroups => json!({ "lock_groups": [lock_group] }),
        Decoder::LockGroup => json!({ "lock_group": lock_group }),
        Decoder::UserGroups => json!({ "user_groups": [user_group] }),
        Decoder::UserGroup => json!({ "user_group": user_group }),
        Decoder::Users => json!({ "users": [user] }),
        Decoder::User => json!({ "user": user }),
        Decoder::Invitations => json!({ "user_invitations": [invitation] }),
        Decoder::V2Locks => json!({"success": true, "locks": [{"id": "A1234567",
            "name": "Front door", "image_url": "https://img.example.com/a.png"}]}),
        Decoder::V2Accesses => json!({"success": true, "accesses": [access]}),
        Decoder::ErrorBody => json!({"code": "lock_not_found", "message": "no such lock"}),
    }
}

/// Field names of the documented bodies: random objects use them, so they reach the models.
const KEYS: &[&str] = &[
    "id",
    "name",
    "model",
    "image_url",
    "created_at",
    "updated_at",
    "expires_at",
    "issued_at",
    "expires_in",
    "access_token",
    "refresh_token",
    "token",
    "token_type",
    "code",
    "message",
    "error",
    "error_description",
    "success",
    "locks",
    "lock",
    "users",
    "user",
    "accesses",
    "organizations",
    "organization",
    "lock_groups",
    "lock_group",
    "user_groups",
    "user_group",
    "user_invitations",
    "authority",
    "invitation_status",
    "is_locked",
    "client_type",
    "lock_remote",
    "days_of_week",
    "battery_percentage",
    "seconds_till_autolock",
    "nfcs",
    "memo",
];

const STRINGS: &[&str] = &[
    "",
    " ",
    "2017-09-08T13:52:48Z",
    "2017-09-08T13:52:48.123+09:00",
    "9999-12-31T23:59:59Z",
    "+262143-12-31T23:59:59Z",
    "-262144-01-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e400",
    "NaN",
    "10000000000000",
    "-1",
    "Pro",
    "Ctl",
    "manager",
    "member",
    "active",
    "expired",
    "bearer",
    "nfc_outside",
    "super_manager",
    "\u{0}",
    "\u{202e}evil",
    "ＡＢＣ",
    "😀",
];

/// Numbers at the edges: of i64/u64, of chrono's range (its last second, `TimeDelta`'s
/// largest second count), of the four-digit years, and 10^13 s.
fn edge_json_number() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!(0),
        json!(-1),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(10_000_000_000_000i64),
        json!(8_210_298_412_799i64),
        json!(-8_334_632_851_200i64),
        json!(9_223_372_036_854_775i64),
        json!(253_402_300_799i64),
        json!(-62_135_596_800i64),
        json!(1e308),
        json!(-1e308),
        json!(0.5),
    ])
}

fn edge_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => edge_json_number(),
        1 => any::<i64>().prop_map(|n| json!(n)),
        1 => any::<u64>().prop_map(|n| json!(n)),
        1 => any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        3 => edge_number(),
        2 => prop::sample::select(STRINGS).prop_map(|s| json!(s)),
        1 => any::<String>().prop_map(Value::String),
        2 => edge_number().prop_map(|n| Value::String(n.to_string())),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(KEYS).prop_map(str::to_owned),
        1 => any::<String>(),
    ]
}

/// Any JSON value, objects mostly with the documented field names.
pub fn arb_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// One change to a value tree, at the node picked by `at` (modulo the node count).
#[derive(Clone, Debug)]
pub enum Mutation {
    Replace(Value),
    Remove,
    Insert(String, Value),
    Wrap,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => leaf().prop_map(Mutation::Replace),
        1 => arb_json().prop_map(Mutation::Replace),
        2 => Just(Mutation::Remove),
        1 => (key(), leaf()).prop_map(|(k, v)| Mutation::Insert(k, v)),
        1 => Just(Mutation::Wrap),
    ]
}

fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(o) => o.values().map(count).sum(),
        _ => 0,
    }
}

/// Applies `m` at the `n`-th node (pre-order); returns true when applied.
fn apply(v: &mut Value, n: &mut usize, m: &Mutation) -> bool {
    if *n == 0 {
        match m {
            Mutation::Replace(new) => *v = new.clone(),
            Mutation::Wrap => *v = Value::Array(vec![v.take()]),
            Mutation::Insert(k, new) => match v {
                Value::Object(o) => {
                    o.insert(k.clone(), new.clone());
                }
                Value::Array(a) => a.push(new.clone()),
                _ => *v = new.clone(),
            },
            Mutation::Remove => *v = Value::Null,
        }
        return true;
    }
    *n -= 1;
    match v {
        Value::Array(a) => {
            for i in 0..a.len() {
                if *n == 0 && matches!(m, Mutation::Remove) {
                    a.remove(i);
                    return true;
                }
                if apply(&mut a[i], n, m) {
                    return true;
                }
            }
        }
        Value::Object(o) => {
            let keys: Vec<String> = o.keys().cloned().collect();
            for k in keys {
                if *n == 0 && matches!(m, Mutation::Remove) {
                    o.remove(&k);
                    return true;
                }
                if apply(o.get_mut(&k).expect("a key just listed"), n, m) {
                    return true;
                }
            }
        }
        _ => {}
    }
    false
}

/// `decoder`'s documented body with 1 to 4 mutations.
pub fn mutated(decoder: Decoder) -> impl Strategy<Value = Value> {
    prop::collection::vec((any::<usize>(), mutation()), 1..5).prop_map(move |ms| {
        let mut v = documented(decoder);
        for (at, m) in ms {
            let mut n = at % count(&v);
            apply(&mut v, &mut n, &m);
        }
        v
    })
}

/// One edit of the bytes of a body.
#[derive(Clone, Debug)]
pub enum ByteEdit {
    Truncate(usize),
    Flip(usize, u8),
    Splice(usize, Vec<u8>),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    prop_oneof![
        any::<usize>().prop_map(ByteEdit::Truncate),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| ByteEdit::Flip(i, b)),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, b)| ByteEdit::Splice(i, b)),
    ]
}

fn edit_bytes(mut bytes: Vec<u8>, edits: &[ByteEdit]) -> Vec<u8> {
    for e in edits {
        let len = bytes.len().max(1);
        match e {
            ByteEdit::Truncate(i) => bytes.truncate(i % len),
            ByteEdit::Flip(i, b) if !bytes.is_empty() => bytes[i % len] ^= b | 1,
            ByteEdit::Flip(..) => {}
            ByteEdit::Splice(i, b) => {
                let at = (i % len).min(bytes.len());
                bytes.splice(at..at, b.iter().copied());
            }
        }
    }
    bytes
}

/// A body for `decoder`: arbitrary JSON, the documented body mutated, its bytes edited, or
/// random bytes.
pub fn body(decoder: Decoder) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => arb_json().prop_map(|v| serde_json::to_vec(&v).expect("JSON")),
        5 => mutated(decoder).prop_map(|v| serde_json::to_vec(&v).expect("JSON")),
        2 => (mutated(decoder), prop::collection::vec(byte_edit(), 1..3)).prop_map(|(v, e)| {
            edit_bytes(serde_json::to_vec(&v).expect("JSON"), &e)
        }),
        1 => prop::collection::vec(any::<u8>(), 0..64),
    ]
}

/// A decoder and a body for it.
pub fn case() -> impl Strategy<Value = (Decoder, Vec<u8>)> {
    prop::sample::select(Decoder::ALL.to_vec()).prop_flat_map(|d| (Just(d), body(d)))
}

/// Cases per decoder in the test: `PROPTEST_CASES`, else `default`.
pub fn cases_from_env(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
