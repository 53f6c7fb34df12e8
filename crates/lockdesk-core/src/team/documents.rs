//! Settings the team shares (`lockdesk_team::documents`): an organization's watch rules, the
//! report definitions. This computer keeps its copy (the settings file, read whenever the
//! database does not answer) and, beside it, the version of the team's document the copy came
//! from (`FILE.team-version`). Reading brings a newer team version down (and shares a copy the
//! team does not have yet: a computer's rules become the team's when it is the first to have
//! them); saving sends the change made from the copy's version. Another computer saved since:
//! a change of other parts (other rules, other reports) is put together with it
//! (`team::merge`); a change of the same part is refused with who and when. Refused too while
//! the database cannot be reached (nothing is saved then, so two administrators never
//! overwrite each other unknowingly).

use std::path::{Path, PathBuf};

use lockdesk_archive::private_fs;
use lockdesk_team::documents::{get, save, Document, Saved};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::settings_file::{self, SettingsFile};
use crate::team::merge::three_way;
use crate::team::reach::{reach, Reached};

/// How long a read waits for the team's version before it reads this computer's copy.
const PULL_WITHIN: std::time::Duration = std::time::Duration::from_secs(3);

/// The kind of an organization's watch rules (keyed by the organization's id).
pub const WATCH_RULES: &str = "watch_rules";
/// The kind of the report definitions (one document, key [`REPORTS`]).
pub const REPORTS: &str = "reports";

/// Brings the team's document `kind`/`key` to this computer's copy at `path` when the team's
/// version differs from the copy's. A copy never shared is shared first: as the team's when it
/// has none, else `merge(team's, copy)` (what only this computer had, added; safe to repeat).
/// Working alone, or the database not answering: the copy stays as it is (a failure is
/// logged, never raised: the copy is what is read).
pub(crate) async fn pull<T: SettingsFile>(
    ctx: &AppContext,
    kind: &str,
    key: &str,
    path: &Path,
    merge: fn(T, T) -> T,
) {
    // A screen waits for this: a database that drops the packets costs seconds, not the
    // connection's whole timeout (the copy is read meanwhile).
    match tokio::time::timeout(PULL_WITHIN, try_pull::<T>(ctx, kind, key, path, merge)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            tracing::warn!(code = %e.code(), "the team's {kind} not read; this computer's copy is used: {e}")
        }
        Err(_) => {
            tracing::warn!("the team's {kind} not read in time; this computer's copy is used")
        }
    }
}

async fn try_pull<T: SettingsFile>(
    ctx: &AppContext,
    kind: &str,
    key: &str,
    path: &Path,
    merge: fn(T, T) -> T,
) -> Result<()> {
    let Some(Reached {
        mut client,
        schema,
        me,
    }) = reach(ctx).await?
    else {
        return Ok(());
    };
    let team = get(&client, kind, key).await.map_err(Error::Team)?;
    let shared_before = copy_version(path);
    if let Some(doc) = &team {
        if Some(doc.version) == shared_before {
            return Ok(());
        }
        // A copy shared before, or none: the team's is the copy now.
        if shared_before.is_some() || !path.exists() || schema.read_only {
            return adopt::<T>(path, doc);
        }
    } else if !path.exists() || schema.read_only {
        return Ok(());
    }
    // A copy never shared: the team's (if any) with what only this computer had.
    let copy: T = settings_file::load(path)?;
    let joined = match &team {
        Some(doc) => merge(from_team(doc)?, copy),
        None => copy,
    };
    let body = as_json(&joined)?;
    if team.as_ref().is_some_and(|doc| doc.body == body) {
        return adopt::<T>(path, team.as_ref().expect("checked above"));
    }
    let by = &me;
    let from = team.as_ref().map(|doc| doc.version);
    match save(&mut client, schema, kind, key, &body, from, by)
        .await
        .map_err(Error::Team)?
    {
        Saved::Kept(version) => {
            settings_file::save(path, &joined)?;
            note_version(path, version)
        }
        // Another computer saved meanwhile: the next read shares what is still missing.
        Saved::Conflict(doc) => adopt::<T>(path, &doc),
    }
}

/// How often a change is put together with a newer version of the team's and saved again
/// before giving up (other computers saving at the same moment each time).
const MERGES: usize = 3;

/// Saves `value` as the team's `kind`/`key` (made from the version of this computer's copy),
/// then as the copy at `path`; working alone, as the copy only. What was saved is returned:
/// when another computer saved since, a change of other parts is put together with its
/// ([`three_way`]: other rules, other reports) and saved on its version. Nothing is saved on
/// an error: `team_conflict` (the same part changed there: the team's newer version is then
/// the copy, for the next read) or `team_shared_unreachable`.
pub(crate) async fn push<T: SettingsFile + Clone>(
    ctx: &AppContext,
    kind: &str,
    key: &str,
    path: &Path,
    value: &T,
) -> Result<T> {
    value.validate()?;
    let reached = match reach(ctx).await {
        Ok(reached) => reached,
        Err(e) => {
            return Err(Error::TeamSharedUnreachable {
                reason: e.to_string(),
            })
        }
    };
    let Some(Reached {
        mut client,
        schema,
        me,
    }) = reached
    else {
        settings_file::save(path, value)?;
        return Ok(value.clone());
    };
    let ours = as_json(value)?;
    // What the change was made from: this computer's copy of the version it names.
    let base = match copy_version(path) {
        Some(_) => Some(as_json(&settings_file::load::<T>(path)?)?),
        None => None,
    };
    let (mut body, mut from) = (ours.clone(), copy_version(path));
    for tries in 0.. {
        let saved = save(&mut client, schema, kind, key, &body, from, &me)
            .await
            .map_err(|e| match e {
                lockdesk_team::error::TeamError::Unreachable { .. } => {
                    Error::TeamSharedUnreachable {
                        reason: e.to_string(),
                    }
                }
                e => Error::Team(e),
            })?;
        let doc = match saved {
            Saved::Kept(version) => {
                let kept: T = serde_json::from_value(body)
                    .map_err(|e| Error::invalid("team", e.to_string()))?;
                settings_file::save(path, &kept)?;
                note_version(path, version)?;
                return Ok(kept);
            }
            Saved::Conflict(doc) => doc,
        };
        let merged = base
            .as_ref()
            .filter(|_| tries < MERGES)
            .and_then(|base| three_way(base, &ours, &doc.body))
            .and_then(|m| serde_json::from_value::<T>(m).ok())
            .filter(|m| m.validate().is_ok());
        match merged {
            Some(m) => {
                body = as_json(&m)?;
                from = Some(doc.version);
            }
            None => {
                // The screen reads again what the team has: the copy becomes the team's.
                let _ = adopt::<T>(path, &doc);
                return Err(Error::TeamConflict {
                    computer: doc.computer,
                    os_user: doc.os_user,
                    at: doc.changed_at,
                });
            }
        }
    }
    unreachable!("the loop returns")
}

fn as_json<T: SettingsFile>(value: &T) -> Result<serde_json::Value> {
    serde_json::to_value(value).map_err(|e| Error::invalid("team", e.to_string()))
}

/// The team's document as this computer's copy, checked as the settings file is.
fn adopt<T: SettingsFile>(path: &Path, doc: &Document) -> Result<()> {
    settings_file::save(path, &from_team::<T>(doc)?)?;
    note_version(path, doc.version)
}

fn from_team<T: SettingsFile>(doc: &Document) -> Result<T> {
    serde_json::from_value(doc.body.clone())
        .map_err(|e| Error::invalid("team", format!("the team's settings do not read: {e}")))
}

fn version_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".team-version");
    path.with_file_name(name)
}

/// The team's version this computer's copy came from; none when it was never shared (or the
/// note does not read: the next save is then checked as a first one, and refused if the team
/// has one).
fn copy_version(path: &Path) -> Option<i64> {
    std::fs::read_to_string(version_path(path))
        .ok()?
        .trim()
        .parse()
        .ok()
}

fn note_version(path: &Path, version: i64) -> Result<()> {
    let at = version_path(path);
    private_fs::write_private_atomic(&at, version.to_string().as_bytes()).map_err(|e| {
        Error::FileUnwritable {
            path: at.display().to_string(),
            reason: e.to_string(),
        }
    })
}
