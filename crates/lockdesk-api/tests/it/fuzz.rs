//! Decoders fed arbitrary and mutated bodies: errors are fine, panics are not. CI runs 2,000
//! cases per decoder (`PROPTEST_CASES` overrides); `benches/decode_fuzz.rs` runs a million.

use chrono::{DateTime, Utc};
use lockdesk_api::fuzz::{decode, Decoder};
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::json;

use crate::fuzz_bodies::{body, cases_from_env, documented};

fn now() -> DateTime<Utc> {
    "2026-01-01T00:00:00Z".parse().unwrap()
}

#[test]
fn the_documented_bodies_decode() {
    for d in Decoder::ALL {
        let bytes = serde_json::to_vec(&documented(d)).unwrap();
        assert_eq!(decode(d, &bytes, now()), Ok(()), "{d:?}");
    }
}

#[test]
fn no_decoder_panics_on_arbitrary_or_mutated_bodies() {
    let cases = cases_from_env(2_000);
    for d in Decoder::ALL {
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&body(d), |bytes| {
                let _ = decode(d, &bytes, now());
                Ok::<(), TestCaseError>(())
            })
            .unwrap_or_else(|e| panic!("{d:?}: {e}"));
    }
}

/// Values at the edge, each of which panicked or overflowed before.
#[test]
fn absurd_lifetimes_and_timestamps_are_errors_or_clamped_never_panics() {
    use lockdesk_api::oauth::{token_set_at, MAX_TOKEN_LIFETIME};
    use lockdesk_api::ApiVersion;
    let token = |v: serde_json::Value| serde_json::from_value(v).unwrap();
    // 10^13 s: past chrono's range once added to now.
    let set = token_set_at(
        token(json!({"access_token": "a", "expires_in": 10_000_000_000_000i64})),
        ApiVersion::V3,
        now(),
    );
    assert_eq!(
        set.expires_at - set.created_at,
        chrono::Duration::from_std(MAX_TOKEN_LIFETIME).unwrap()
    );
    // A created_at at the end of chrono's date range: refused as out of range.
    let last_hour = (DateTime::<Utc>::MAX_UTC - chrono::Duration::hours(1)).timestamp();
    let far = serde_json::from_value::<lockdesk_api::oauth::ServiceTokenResponse>(
        json!({"access_token": "a", "expires_in": 7200, "created_at": last_hour}),
    )
    .unwrap_err();
    assert!(far.to_string().contains("out of range"), "{far}");
    // The last second decoded, 9999's: the lifetime past it counted from now instead.
    let set = token_set_at(
        token(json!({"access_token": "a", "expires_in": 7200, "created_at": 253_402_300_799i64})),
        ApiVersion::V3,
        now(),
    );
    assert_eq!(set.created_at, now());
    assert_eq!(set.expires_at, now() + chrono::Duration::hours(2));
    for (d, body) in [
        (
            Decoder::TokenResponse,
            json!({"access_token": "a", "expires_in": "9223372036854775807", "created_at": 8_210_298_412_799i64}),
        ),
        (
            Decoder::TokenResponse,
            json!({"access_token": "a", "expires_in": 1e300, "created_at": -8_334_632_851_200i64}),
        ),
        (
            Decoder::User,
            json!({"user": {"id": "u", "created_at": i64::MAX, "updated_at": i64::MIN}}),
        ),
        (
            Decoder::Invitations,
            json!({"user_invitations": [{"id": "i", "issued_at": "-9223372036854775808", "expires_at": 1e308}]}),
        ),
        (
            Decoder::V2Accesses,
            json!({"accesses": [{"is_locked": true, "client_type": "hand", "created_at": "+262143-12-31T23:59:59.999Z"}]}),
        ),
        (
            Decoder::TokenInfo,
            json!({"created_at": u64::MAX, "expires_at": "9999-12-31T23:59:59-23:59"}),
        ),
    ] {
        let _ = decode(d, &serde_json::to_vec(&body).unwrap(), now());
    }
}

/// What is kept in the keychain reads back, with dates at the edges of what is decoded; dates
/// beyond them are refused when the answer is decoded.
#[test]
fn token_sets_at_the_edges_read_back() {
    use lockdesk_api::oauth::{token_set_at, ServiceTokenResponse};
    use lockdesk_api::{ApiVersion, TokenSet};
    for beyond in [
        json!((DateTime::<Utc>::MIN_UTC + chrono::Duration::days(1)).timestamp()),
        json!(-62_135_596_800i64),
        json!((DateTime::<Utc>::MAX_UTC - chrono::Duration::days(3650 * 2)).timestamp()),
    ] {
        let answer = json!({"access_token": "a", "expires_in": 7_776_000, "created_at": beyond});
        assert!(serde_json::from_value::<ServiceTokenResponse>(answer).is_err());
    }
    let edges = [json!(0), json!(253_402_300_799i64)];
    for created_at in edges {
        let response = serde_json::from_value(
            json!({"access_token": "a", "expires_in": 7_776_000, "created_at": created_at}),
        )
        .unwrap();
        let set = token_set_at(response, ApiVersion::V3, now());
        let text = serde_json::to_string(&set).unwrap();
        let back: TokenSet = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            (back.created_at, back.expires_at),
            (set.created_at, set.expires_at)
        );
    }
}
