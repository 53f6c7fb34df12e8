//! Offline reading: the last answers of the list use-cases (locks, lock groups, users,
//! invitations, user groups) and of the detail reads the screens make (a lock, a group with
//! its members, a user) are kept per connection and organization in [`store`], written after
//! every successful read. When the service cannot be reached ([`unreachable`]: `transport` and
//! `timeout` only; a refusal, 401/403, a validation or a 5xx answer is the service speaking,
//! not offline; a refused certificate, `tls_certificate`, is not offline either: something
//! answered, and stale lists shown as "offline" would hide why), the read answers from what was kept, marked with [`CachedView`] (as of when).
//! Nothing kept: the read fails as it would have.
//!
//! `lockctl --cached` ([`AppContext::use_cache_only`]) reads only from here and never opens a
//! client: every other command, every change included, is refused with `cached_only`.

pub mod store;
pub(crate) mod used;

use std::future::Future;

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::app::context::AppContext;
use crate::error::{Error, ErrorCode, Result};
use crate::profiles::store::ProfileStore;
use lockdesk_api::ApiVersion;
pub use store::{OfflineStore, Scope, OFFLINE_FILE};
use used::{fetch_noting, Used};

/// Why an answer came from the offline cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CachedReason {
    /// The service could not be reached (`transport`, `timeout`).
    Unreachable,
    /// Only the cache was asked (`lockctl --cached`).
    CacheOnly,
}

/// On an answer read from the offline cache: when it was read from the service.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CachedView {
    pub as_of: DateTime<Utc>,
    pub reason: CachedReason,
    /// The error the service gave (`transport` or `timeout`); `null` with `--cached`.
    pub error: Option<ErrorCode>,
}

/// Whether an error means the service could not be reached (so the cache may answer): no
/// connection, or no answer in time. Everything the service answered is not.
pub fn unreachable(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::Transport | ErrorCode::Timeout)
}

fn store(ctx: &AppContext) -> Result<OfflineStore> {
    let dir = ctx.core().data_folder()?;
    Ok(OfflineStore::new(&dir))
}

/// The organizations `profile` was used with, as this computer knows them: the one chosen for
/// it, and those answers are kept for.
pub(crate) fn organizations_of(ctx: &AppContext, profile: &str) -> Vec<String> {
    let core = ctx.core();
    let mut orgs: Vec<String> = ProfileStore::new(&core)
        .settings(profile)
        .ok()
        .and_then(|s| s.organization_id)
        .into_iter()
        .collect();
    if let Some(o) = ctx.space().sessions.org(profile) {
        orgs.push(o.as_str().to_owned());
    }
    if let Ok(kept) = store(ctx).and_then(|s| s.organizations(profile).map_err(Into::into)) {
        orgs.extend(kept);
    }
    orgs.sort();
    orgs.dedup();
    orgs
}

/// Deletes the answers kept for `profile`: nothing a connection read outlives its sign-out. A
/// cache that cannot be opened is logged, not an error (the sign-out itself is done).
pub(crate) fn forget_connection(ctx: &AppContext, profile: &str) {
    match store(ctx).and_then(|s| s.forget(profile).map_err(Into::into)) {
        Ok(n) => tracing::info!(%profile, answers = n, "offline answers deleted"),
        Err(e) => tracing::warn!(%profile, "could not delete the offline answers: {e}"),
    }
}

/// The connection and organization in use, known without the service: for `--cached`.
fn local_scope(ctx: &AppContext) -> Result<Scope> {
    let profile = ctx.profile_for(ApiVersion::V3)?;
    let space = ctx.space();
    let org = match space.sessions.org(&profile) {
        Some(o) => Some(o.as_str().to_owned()),
        None => space.sessions.org_override(),
    };
    let org = match org {
        Some(o) => o,
        None => match ProfileStore::new(&space.core)
            .settings(&profile)?
            .organization_id
        {
            Some(o) => o,
            None => {
                let kept = store(ctx)?
                    .organizations(&profile)
                    .map_err(Error::Archive)?;
                match kept.as_slice() {
                    [only] => only.clone(),
                    [] => return Err(Error::NoOrganization),
                    many => {
                        return Err(Error::OrganizationRequired {
                            available: many.to_vec(),
                        })
                    }
                }
            }
        },
    };
    Ok(Scope {
        profile,
        organization_id: org,
    })
}

/// The scope of the reads just made online (the client and organization are known).
async fn online_scope(ctx: &AppContext) -> Result<Scope> {
    let (_, org) = ctx.org().await?;
    let profile = ctx.profile_for(ApiVersion::V3)?;
    Ok(Scope {
        profile,
        organization_id: org.as_str().to_owned(),
    })
}

fn key<R: Serialize>(request: &R) -> String {
    serde_json::to_string(request).unwrap_or_default()
}

fn decode<T: DeserializeOwned>(body: &str) -> Result<T> {
    serde_json::from_str(body).map_err(|e| {
        Error::Api(lockdesk_api::Error::Decode {
            context: "the offline cache".into(),
            field: None,
            message: e.to_string(),
        })
    })
}

/// Keeps an answer; a cache that cannot be written never fails the read (it is logged).
fn keep<T: Serialize>(ctx: &AppContext, scope: &Scope, command: &str, request: &str, answer: &T) {
    let written = serde_json::to_string(answer)
        .map_err(|e| e.to_string())
        .and_then(|body| {
            let now = ctx.core().clock.now();
            store(ctx)
                .map_err(|e| e.to_string())?
                .put(scope, command, request, now, &body)
                .map_err(|e| e.to_string())
        });
    if let Err(e) = written {
        tracing::warn!(command, "the offline cache could not be written: {e}");
    }
}

/// How a request is answered from the kept complete list when its own answer is not kept:
/// the complete request, and what narrows that list to the request (a page, some ids).
pub(crate) struct Narrow<'a, R, T> {
    pub complete: R,
    pub narrow: Box<dyn FnOnce(T) -> T + Send + 'a>,
}

/// The kept answer of `request`, else the kept complete list narrowed.
fn lookup<R: Serialize, T: DeserializeOwned>(
    ctx: &AppContext,
    scope: &Scope,
    command: &str,
    request: &str,
    narrow: Option<Narrow<'_, R, T>>,
) -> Result<Option<(T, DateTime<Utc>)>> {
    let store = store(ctx)?;
    if let Some(kept) = store.get(scope, command, request).map_err(Error::Archive)? {
        return Ok(Some((decode(&kept.body)?, kept.as_of)));
    }
    let Some(narrow) = narrow else {
        return Ok(None);
    };
    let complete = key(&narrow.complete);
    match store
        .get(scope, command, &complete)
        .map_err(Error::Archive)?
    {
        Some(kept) => Ok(Some(((narrow.narrow)(decode(&kept.body)?), kept.as_of))),
        None => Ok(None),
    }
}

/// Reads through `fetch` and keeps the answer; answers from the cache when the service cannot
/// be reached (or with `--cached`), with the [`CachedView`] saying so. `narrow` answers a
/// request whose own answer is not kept from the kept complete list.
pub(crate) async fn read<R, T, F>(
    ctx: &AppContext,
    command: &str,
    request: &R,
    narrow: Option<Narrow<'_, R, T>>,
    fetch: F,
) -> Result<(T, Option<CachedView>)>
where
    R: Serialize,
    T: Serialize + DeserializeOwned,
    F: Future<Output = Result<T>>,
{
    let request = key(request);
    if ctx.cache_only() {
        let scope = local_scope(ctx)?;
        let (answer, as_of) =
            lookup(ctx, &scope, command, &request, narrow)?.ok_or_else(|| Error::NotCached {
                command: command.to_owned(),
            })?;
        let cached = CachedView {
            as_of,
            reason: CachedReason::CacheOnly,
            error: None,
        };
        return Ok((answer, Some(cached)));
    }
    let (answer, used) = fetch_noting(fetch).await;
    match answer {
        Ok(answer) => {
            match used {
                Used::One(scope) => keep(ctx, &scope, command, &request, &answer),
                Used::Nothing | Used::Mixed => {
                    tracing::debug!(command, "not kept: no single organization was read")
                }
            }
            Ok((answer, None))
        }
        Err(e) if unreachable(e.code()) => {
            let scope = match used {
                Used::One(scope) => Some(scope),
                Used::Nothing => online_scope(ctx).await.ok(),
                Used::Mixed => None,
            };
            let kept = scope.and_then(|scope| {
                lookup(ctx, &scope, command, &request, narrow)
                    .ok()
                    .flatten()
            });
            match kept {
                Some((answer, as_of)) => Ok((
                    answer,
                    Some(CachedView {
                        as_of,
                        reason: CachedReason::Unreachable,
                        error: Some(e.code()),
                    }),
                )),
                None => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

/// A detail read (one lock, group or user) through `fetch`, kept like a list; offline it
/// answers the kept detail, else the element with `id` from a kept answer of `list_command`
/// (its array `list_key`), newest first.
pub(crate) async fn read_one<R, T, F>(
    ctx: &AppContext,
    command: &str,
    request: &R,
    (list_command, list_key, id): (&str, &str, &str),
    fetch: F,
) -> Result<T>
where
    R: Serialize,
    T: Serialize + DeserializeOwned,
    F: Future<Output = Result<T>>,
{
    let error = match read(ctx, command, request, None::<Narrow<'_, R, T>>, fetch).await {
        Ok((answer, _)) => return Ok(answer),
        Err(e) if ctx.cache_only() || unreachable(e.code()) => e,
        Err(e) => return Err(e),
    };
    let scope = if ctx.cache_only() {
        local_scope(ctx)
    } else {
        online_scope(ctx).await
    };
    let Ok(scope) = scope else {
        return Err(error);
    };
    let lists = store(ctx)
        .ok()
        .and_then(|s| s.all(&scope, list_command).ok())
        .unwrap_or_default();
    let id = id.trim();
    for kept in lists {
        let Ok(body) = serde_json::from_str::<Value>(&kept.body) else {
            continue;
        };
        let found = body
            .get(list_key)
            .and_then(Value::as_array)
            .and_then(|items| {
                items
                    .iter()
                    .find(|i| i.get("id").and_then(Value::as_str) == Some(id))
            });
        if let Some(item) = found {
            if let Ok(answer) = serde_json::from_value(item.clone()) {
                return Ok(answer);
            }
        }
    }
    Err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_no_connection_and_no_answer_in_time_are_offline() {
        let offline: Vec<_> = ErrorCode::ALL
            .iter()
            .copied()
            .filter(|c| unreachable(*c))
            .collect();
        assert_eq!(offline, [ErrorCode::Timeout, ErrorCode::Transport]);
        // What the service answered (refusals, bad input, 5xx) is not offline.
        for code in [
            ErrorCode::InsufficientScope,
            ErrorCode::InvalidToken,
            ErrorCode::NotAllowed,
            ErrorCode::Validation,
            ErrorCode::ServiceOther,
            ErrorCode::RateLimitExceeded,
            ErrorCode::TlsCertificate,
        ] {
            assert!(!unreachable(code), "{code:?}");
        }
    }

    #[test]
    fn several_programs_write_and_read_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let scope = Scope {
            profile: "work".into(),
            organization_id: "O-1".into(),
        };
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let store = OfflineStore::new(dir.path());
                let scope = scope.clone();
                std::thread::spawn(move || {
                    for i in 0..25 {
                        let body = format!("{{\"t\":{t},\"i\":{i}}}");
                        store
                            .put(&scope, "locks_list", &format!("r{t}"), Utc::now(), &body)
                            .unwrap();
                        let kept = store.get(&scope, "locks_list", &format!("r{t}")).unwrap();
                        assert_eq!(kept.unwrap().body, body);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let store = OfflineStore::new(dir.path());
        assert_eq!(store.all(&scope, "locks_list").unwrap().len(), 4);
        assert_eq!(store.organizations("work").unwrap(), ["O-1"]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(store.path())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
