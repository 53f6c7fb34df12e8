//! Entry points for the decoder fuzz test and bench (`tests/it/fuzz.rs`,
//! `benches/decode_fuzz.rs`): every body the client decodes, through the client's own decoding
//! code, from raw bytes. Not part of the client's API.

use chrono::{DateTime, Utc};
use reqwest::StatusCode;

use crate::error::service_error;
use crate::models::{Access, Invitation, Lock, LockGroup, Organization, User, UserGroup, V2Lock};
use crate::oauth::{token_set_at, ApiVersion, ServiceErrorResponse, ServiceTokenResponse};
use crate::transport::{decode_list, decode_object, decode_object_root, ApiResponse};

/// One kind of answer the client decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoder {
    /// `POST /oauth/token` (both grants), then turned into a `TokenSet` as v3 and as v2.
    TokenResponse,
    /// The token endpoint's error body.
    TokenError,
    TokenInfo,
    Organizations,
    Organization,
    Locks,
    Lock,
    LockGroups,
    LockGroup,
    UserGroups,
    UserGroup,
    Users,
    User,
    Invitations,
    V2Locks,
    V2Accesses,
    /// An error answer (`{code,message}` or `{error,error_description}`) at 400/401/404/429/503.
    ErrorBody,
}

impl Decoder {
    pub const ALL: [Decoder; 17] = [
        Decoder::TokenResponse,
        Decoder::TokenError,
        Decoder::TokenInfo,
        Decoder::Organizations,
        Decoder::Organization,
        Decoder::Locks,
        Decoder::Lock,
        Decoder::LockGroups,
        Decoder::LockGroup,
        Decoder::UserGroups,
        Decoder::UserGroup,
        Decoder::Users,
        Decoder::User,
        Decoder::Invitations,
        Decoder::V2Locks,
        Decoder::V2Accesses,
        Decoder::ErrorBody,
    ];
}

fn ok(body: &[u8]) -> ApiResponse {
    ApiResponse {
        status: StatusCode::OK,
        body: bytes::Bytes::copy_from_slice(body),
    }
}

fn done<T: serde::Serialize>(r: crate::Result<T>) -> Result<(), String> {
    // What is decoded is also written back (the app serializes views and the keychain entry).
    r.map(|v| drop(serde_json::to_vec(&v)))
        .map_err(|e| e.to_string())
}

/// Decodes `body` as `decoder`'s answer, the way the client does; `now` is the clock for the
/// token answer. Errors are expected for bad bodies; a panic is a bug.
pub fn decode(decoder: Decoder, body: &[u8], now: DateTime<Utc>) -> Result<(), String> {
    let resp = ok(body);
    match decoder {
        Decoder::TokenResponse => {
            // What the oauth2 crate does with the token endpoint's body.
            let parsed: ServiceTokenResponse =
                serde_json::from_slice(body).map_err(|e| e.to_string())?;
            for api in [ApiVersion::V3, ApiVersion::V2] {
                let set = token_set_at(parsed.clone(), api, now);
                let _ = set.is_expired_at(now);
                serde_json::to_vec(&set).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        Decoder::TokenError => {
            let parsed: ServiceErrorResponse =
                serde_json::from_slice(body).map_err(|e| e.to_string())?;
            let _ = parsed.to_string();
            Ok(())
        }
        Decoder::TokenInfo => done(decode_object_root::<crate::models::TokenInfo>(
            &resp,
            "token info",
        )),
        Decoder::Organizations => done(decode_list::<Organization>(&resp, "organizations")),
        Decoder::Organization => done(decode_object::<Organization>(&resp, "organization")),
        Decoder::Locks => done(decode_list::<Lock>(&resp, "locks").inspect(|locks| {
            locks.iter().for_each(|l| {
                let _ = l.supports_reader_volumes();
            });
        })),
        Decoder::Lock => done(decode_object::<Lock>(&resp, "lock")),
        Decoder::LockGroups => done(decode_list::<LockGroup>(&resp, "lock_groups")),
        Decoder::LockGroup => done(decode_object::<LockGroup>(&resp, "lock_group")),
        Decoder::UserGroups => done(decode_list::<UserGroup>(&resp, "user_groups")),
        Decoder::UserGroup => done(decode_object::<UserGroup>(&resp, "user_group")),
        Decoder::Users => done(decode_list::<User>(&resp, "users")),
        Decoder::User => done(decode_object::<User>(&resp, "user")),
        Decoder::Invitations => done(decode_list::<Invitation>(&resp, "user_invitations")),
        Decoder::V2Locks => done(crate::v2::decode_v2::<V2Lock>(&resp, "locks")),
        Decoder::V2Accesses => {
            let accesses = crate::v2::decode_v2::<Access>(&resp, "accesses");
            for a in accesses.iter().flatten() {
                let _ = crate::v2::format_time(&a.created_at);
            }
            done(accesses)
        }
        Decoder::ErrorBody => {
            for status in [400, 401, 404, 429, 503] {
                let status = StatusCode::from_u16(status).expect("a valid status");
                let e = service_error(status, body);
                let _ = (e.to_string(), e.code().to_owned());
            }
            Ok(())
        }
    }
}
