use std::collections::HashSet;

use serde_json::json;

use super::*;

#[test]
fn every_code_has_a_unique_snake_case_name_and_a_category() {
    let mut seen = HashSet::new();
    for &code in ErrorCode::ALL {
        let name = code.as_str();
        assert!(seen.insert(name), "{name} twice");
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit()),
            "{name}"
        );
        // The wire name is the printed name, and it reads back.
        assert_eq!(serde_json::to_value(code).unwrap(), json!(name));
        assert_eq!(
            serde_json::from_value::<ErrorCode>(json!(name)).unwrap(),
            code
        );
        assert_eq!(ErrorCode::parse(name), Some(code));
        let category = serde_json::to_value(code.category()).unwrap();
        assert!(category.as_str().is_some_and(|c| !c.is_empty()));
    }
    assert_eq!(ErrorCode::parse("brand_new"), None);
}

#[test]
fn sign_in_codes_are_one_list() {
    let sign_in: Vec<_> = ErrorCode::ALL
        .iter()
        .filter(|c| c.needs_sign_in())
        .map(|c| c.as_str())
        .collect();
    for code in [
        "not_signed_in",
        "invalid_token",
        "invalid_grant",
        "v2_session_expired",
    ] {
        assert!(sign_in.contains(&code), "{code}");
    }
    assert_eq!(
        ErrorCode::V2SessionExpired.category(),
        ErrorCategory::SignInAgainHistory
    );
    assert!(!ErrorCode::InsufficientScope.needs_sign_in());
}

/// Every service code the client knows has its own ErrorCode with the same name.
#[test]
fn service_codes_keep_their_names() {
    for known in lockdesk_api::ServiceCode::KNOWN.iter() {
        let code = ErrorCode::from_service(known);
        assert_ne!(code, ErrorCode::ServiceOther, "{known}");
        assert_eq!(code.as_str(), known.as_str());
    }
}

/// The client's and the archive's own code strings are the ErrorCode names.
#[test]
fn client_and_archive_codes_agree() {
    let samples = vec![
        lockdesk_api::Error::Validation {
            field: "f".into(),
            message: "m".into(),
        },
        lockdesk_api::Error::BaseUrl {
            url: "u".into(),
            reason: "r".into(),
        },
        lockdesk_api::Error::StateMismatch,
        lockdesk_api::Error::Authorization("x".into()),
        lockdesk_api::Error::V2SessionExpired,
        lockdesk_api::Error::NotSignedIn("x".into()),
        lockdesk_api::Error::TokenStore("x".into()),
        lockdesk_api::Error::RenewalBusy { waited_secs: 60 },
        lockdesk_api::Error::RenewalInterrupted,
        lockdesk_api::Error::Timeout {
            base_url: "https://a".into(),
            route: lockdesk_api::proxy::Route::Straight,
        },
        lockdesk_api::Error::Transport {
            base_url: "https://a".into(),
            reason: "r".into(),
            route: lockdesk_api::proxy::Route::Straight,
        },
        lockdesk_api::Error::Decode {
            context: "c".into(),
            field: None,
            message: "m".into(),
        },
        lockdesk_api::Error::Cancelled,
        lockdesk_api::Error::AnswerTooLarge {
            base_url: "https://a".into(),
            limit_bytes: 1,
        },
        lockdesk_api::Error::TooManyPages { pages: 2 },
    ];
    for e in &samples {
        assert_eq!(ErrorCode::from_api(e).as_str(), e.code(), "{e:?}");
    }
    let archive = vec![
        lockdesk_archive::Error::Open {
            path: "/a".into(),
            reason: "r".into(),
        },
        lockdesk_archive::Error::SchemaTooNew {
            path: "/a".into(),
            found: 9,
            known: 1,
        },
        lockdesk_archive::Error::NoDataDir,
        lockdesk_archive::Error::Export("x".into()),
        lockdesk_archive::Error::SyncRunning,
    ];
    for e in &archive {
        assert_eq!(ErrorCode::from_archive(e).as_str(), e.code(), "{e:?}");
    }
}

#[test]
fn codes_and_messages() {
    let e = Error::KeychainUnavailable {
        reason: "no dbus".into(),
    };
    assert_eq!(e.code(), ErrorCode::KeychainUnavailable);
    assert_eq!(e.category(), ErrorCategory::Keychain);
    assert!(e.to_string().contains("gnome-keyring"));
    let e = Error::ConfigInvalid {
        path: "/x/profiles.json".into(),
        kind: crate::error::ConfigProblem::CutShort,
        line: Some(3),
        column: Some(17),
        field: None,
        problem: "it ends in the middle".into(),
    };
    assert_eq!(e.code(), ErrorCode::ConfigInvalid);
    assert!(e.to_string().contains("/x/profiles.json"));
    assert!(e.to_string().contains("at line 3, column 17"), "{e}");
    let d = e.details();
    assert_eq!(d.path.as_deref(), Some("/x/profiles.json"));
    assert_eq!((d.line, d.column), (Some(3), Some(17)));
    assert_eq!(
        d.config_problem,
        Some(crate::error::ConfigProblem::CutShort)
    );
    let api = lockdesk_api::Error::Service {
        status: 403,
        code: lockdesk_api::ServiceCode::InsufficientScope,
        message: "no".into(),
    };
    let e = Error::from(api);
    assert_eq!(e.code(), ErrorCode::InsufficientScope);
    assert_eq!(e.details().status, Some(403));
}

#[test]
fn payload_json_shape() {
    let e = Error::MissingScope {
        scope: "organization:lock:write".into(),
    };
    let wire = serde_json::to_value(e.payload()).unwrap();
    assert_eq!(wire["code"], "insufficient_scope");
    assert_eq!(wire["category"], "missing_scope");
    assert!(wire["message"]
        .as_str()
        .unwrap()
        .contains("organization:lock:write"));
    assert_eq!(
        wire["details"],
        json!({ "scope": "organization:lock:write", "status": 403 })
    );
    let e = Error::invalid("lock_name", "too long");
    let wire = serde_json::to_value(e.payload()).unwrap();
    assert_eq!(
        wire,
        json!({
            "code": "invalid_input",
            "category": "bad_input",
            "message": "lock_name: too long",
            "details": { "field": "lock_name" },
        })
    );
    // Details are always an object, empty when there is nothing to say.
    let wire = serde_json::to_value(Error::NoOrganization.payload()).unwrap();
    assert_eq!(wire["details"], json!({}));
    let back: ErrorPayload = serde_json::from_value(wire).unwrap();
    assert_eq!(back, Error::NoOrganization.payload());
}

#[test]
fn an_unknown_service_code_maps_and_keeps_the_raw_code() {
    let api = lockdesk_api::Error::from_service_answer(
        409,
        br#"{"code":"brand_new_rule","message":"refused"}"#,
    );
    let e = Error::from(api);
    assert_eq!(e.code(), ErrorCode::ServiceOther);
    assert_eq!(e.category(), ErrorCategory::ServiceError);
    let d = e.details();
    assert_eq!(d.service_code.as_deref(), Some("brand_new_rule"));
    assert_eq!(d.status, Some(409));
    // An error status without any code.
    let e = Error::from(lockdesk_api::Error::from_service_answer(502, b"<html>"));
    assert_eq!(e.code(), ErrorCode::ServiceOther);
    assert_eq!(e.details().status, Some(502));
}

#[test]
fn a_retried_failure_reads_as_the_last_one() {
    let e = Error::from(lockdesk_api::Error::RetriesExhausted {
        attempts: 4,
        last_wait: std::time::Duration::ZERO,
        last: Box::new(lockdesk_api::Error::Transport {
            base_url: "https://api.example".into(),
            reason: "Connection refused (os error 111)".into(),
            route: lockdesk_api::proxy::Route::Straight,
        }),
    });
    assert_eq!(e.code(), ErrorCode::Transport);
    assert_eq!(e.category(), ErrorCategory::ServiceUnreachable);
    assert_eq!(e.details().base_url.as_deref(), Some("https://api.example"));
    let message = e.to_string();
    assert!(message.contains("https://api.example"), "{message}");
    for internal in ["retries", "attempts", "0ns", "core"] {
        assert!(!message.contains(internal), "{message}");
    }
}

#[test]
fn the_invitation_limit_is_in_the_details() {
    let e = Error::from(lockdesk_api::Error::from_service_answer(
        400,
        br#"{"code":"invitation_limit_exceeded","message":"limit"}"#,
    ));
    assert_eq!(e.category(), ErrorCategory::Limit);
    assert_eq!(e.details().limit, Some(INVITATION_LIMIT));
}

#[test]
fn codes_kept_as_text_map_back() {
    let p = ErrorPayload::from_code_text("v2_session_expired", "expired");
    assert_eq!(p.code, ErrorCode::V2SessionExpired);
    assert_eq!(p.category, ErrorCategory::SignInAgainHistory);
    let p = ErrorPayload::from_code_text("http_500", "boom");
    assert_eq!(p.code, ErrorCode::ServiceOther);
    assert_eq!(p.details.service_code.as_deref(), Some("http_500"));
}

#[test]
fn a_refused_certificate_has_its_own_code_with_host_and_problem_as_data() {
    let e = Error::from(lockdesk_api::Error::Tls {
        base_url: "https://api.example".into(),
        host: "api.example".into(),
        problem: lockdesk_api::TlsProblem::UnknownIssuer,
    });
    assert_eq!(e.code(), ErrorCode::TlsCertificate);
    assert_eq!(e.category(), ErrorCategory::Certificate);
    let p = e.payload();
    assert_eq!(p.code.as_str(), "tls_certificate");
    assert_eq!(p.details.host.as_deref(), Some("api.example"));
    assert_eq!(
        p.details.tls_problem,
        Some(crate::error::TlsProblem::UnknownIssuer)
    );
    assert_eq!(p.details.base_url.as_deref(), Some("https://api.example"));
    let json = serde_json::to_value(&p).unwrap();
    assert_eq!(json["category"], "certificate");
    assert_eq!(json["details"]["tls_problem"], "unknown_issuer");
    assert_eq!(json["details"]["host"], "api.example");
}

#[test]
fn an_unreachable_service_tells_the_proxy_or_the_setup_script_it_went_by() {
    let through = |route| {
        Error::from(lockdesk_api::Error::Transport {
            base_url: "https://api.example".into(),
            reason: "Connection refused".into(),
            route,
        })
        .details()
    };
    let proxy = through(lockdesk_api::proxy::Route::Proxy(
        "http://proxy.corp.example:8080".into(),
    ));
    assert_eq!(
        proxy.proxy.as_deref(),
        Some("http://proxy.corp.example:8080")
    );
    assert_eq!(proxy.base_url.as_deref(), Some("https://api.example"));
    assert_eq!(proxy.proxy_script, None);
    let script = through(lockdesk_api::proxy::Route::ScriptFailed {
        script: "http://wpad.corp.example/proxy.pac".into(),
        problem: "Connection refused".into(),
    });
    assert_eq!(
        script.proxy_script.as_deref(),
        Some("http://wpad.corp.example/proxy.pac")
    );
    assert_eq!(script.proxy, None);
    let straight = through(lockdesk_api::proxy::Route::Straight);
    assert_eq!((straight.proxy, straight.proxy_script), (None, None));
}

#[test]
fn a_service_that_did_not_answer_in_time_tells_the_setup_script_it_could_not_use() {
    let script = "http://wpad.corp.example/proxy.pac";
    let e = Error::from(lockdesk_api::Error::Timeout {
        base_url: "https://api.example".into(),
        route: lockdesk_api::proxy::Route::ScriptFailed {
            script: script.into(),
            problem: "Connection refused".into(),
        },
    });
    assert_eq!(e.code(), ErrorCode::Timeout);
    let details = e.details();
    assert_eq!(details.proxy_script.as_deref(), Some(script));
    assert_eq!(details.base_url.as_deref(), Some("https://api.example"));
    let words = e.to_string();
    assert!(
        words.contains(&format!(
            "the automatic proxy configuration script {script} could not be used"
        )) && words.contains("did not answer in time"),
        "{words}"
    );
    let through = Error::from(lockdesk_api::Error::Timeout {
        base_url: "https://api.example".into(),
        route: lockdesk_api::proxy::Route::Proxy("http://proxy.corp.example:8080".into()),
    });
    assert_eq!(
        through.details().proxy.as_deref(),
        Some("http://proxy.corp.example:8080")
    );
}
