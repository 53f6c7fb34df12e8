//! The directory's use-cases: its sources (`directory_sources_list/add/remove`, local: nothing
//! changes at the service), the plan (`directory_plan`, read: every source read again, and the
//! organization's users and invitations from the service, never from the offline copy) and
//! applying it (`directory_apply`: each row through the users' and invitations' use-cases,
//! each journaled as a person's change is).

use std::path::Path;

use chrono::{Local, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::app::args::{Done, NoArgs};
use crate::app::context::AppContext;
use crate::directory::apply::{apply_rows, fingerprint, to_apply, ApplyOutcome, ApplyResult};
use crate::directory::hr_csv::{self, Columns};
use crate::directory::person::DirectoryPerson;
use crate::directory::plan::{plan, DirectoryPlan};
use crate::directory::settings::{load_directory, save_directory, DirectorySource, SourceKind};
use crate::error::{Error, Result};
use crate::invitations::{invitations_list, InvitationsListRequest};
use crate::users::commands::{users_list, UsersListRequest};

/// The directory sources and exceptions of the organization in use.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySourcesResponse {
    pub sources: Vec<DirectorySource>,
    pub exceptions: Vec<crate::directory::plan::Exception>,
}

/// A new HR CSV source for the organization in use: the file is read now (its columns found from
/// the headers unless named) and read again at each plan.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySourceAddRequest {
    pub name: String,
    /// The CSV file's path on this computer.
    pub path: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub columns: Option<Columns>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySourceIdRequest {
    pub id: String,
}

/// What one source gave the plan.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceRead {
    pub id: String,
    pub name: String,
    pub people: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryPlanResponse {
    pub organization_id: String,
    /// The day the plan is for (this computer's date): leaving and joining dates count from it.
    pub today: NaiveDate,
    pub sources: Vec<SourceRead>,
    pub users: u32,
    pub plan: DirectoryPlan,
    /// What the plan would do, in short: `directory_apply` refuses when it changed since.
    pub fingerprint: String,
}

/// Apply the plan the person saw.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryApplyRequest {
    /// The `fingerprint` of the plan shown.
    pub fingerprint: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryApplyResponse {
    pub done: u32,
    pub failed: u32,
    pub not_attempted: u32,
    pub results: Vec<ApplyResult>,
}

pub async fn directory_sources_list(
    ctx: &AppContext,
    _req: NoArgs,
) -> Result<DirectorySourcesResponse> {
    let (_, org) = ctx.org().await?;
    let all = load_directory(&ctx.core().config_dir)?;
    Ok(DirectorySourcesResponse {
        sources: all
            .sources
            .into_iter()
            .filter(|s| s.organization_id == org.as_str())
            .collect(),
        exceptions: all
            .exceptions
            .into_iter()
            .filter(|e| e.organization_id == org.as_str())
            .map(|e| e.exception)
            .collect(),
    })
}

fn read_file(path: &str) -> Result<Vec<u8>> {
    let unreadable = |e: std::io::Error| Error::FileUnreadable {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    crate::invitations::check_csv_size(meta.len())?;
    std::fs::read(path).map_err(unreadable)
}

/// Adds an HR CSV source: the file must read (every row), else nothing is kept.
pub async fn directory_sources_add(
    ctx: &AppContext,
    req: DirectorySourceAddRequest,
) -> Result<DirectorySource> {
    let (_, org) = ctx.org().await?;
    let path = req.path.trim().to_owned();
    if !Path::new(&path).is_absolute() {
        return Err(Error::invalid("path", "give the CSV file's full path"));
    }
    let (_, columns) = hr_csv::read(&read_file(&path)?, req.columns.as_ref())?;
    let core = ctx.core();
    let mut all = load_directory(&core.config_dir)?;
    let mut id = format!("s{:x}", core.clock.now().timestamp_millis());
    while all.sources.iter().any(|s| s.id == id) {
        id.push('x');
    }
    let source = DirectorySource {
        id,
        name: req.name.trim().to_owned(),
        organization_id: org.as_str().to_owned(),
        source: SourceKind::HrCsv { path, columns },
    };
    all.sources.push(source.clone());
    save_directory(&core.config_dir, &all)?;
    Ok(source)
}

pub async fn directory_sources_remove(
    ctx: &AppContext,
    req: DirectorySourceIdRequest,
) -> Result<Done> {
    let core = ctx.core();
    let mut all = load_directory(&core.config_dir)?;
    let before = all.sources.len();
    all.sources.retain(|s| s.id != req.id);
    if all.sources.len() == before {
        return Err(Error::invalid("id", "no directory source has this id"));
    }
    save_directory(&core.config_dir, &all)?;
    Ok(Done::ok())
}

/// The people of one source, read now.
fn people_of(source: &DirectorySource) -> Result<Vec<DirectoryPerson>> {
    match &source.source {
        SourceKind::HrCsv { path, columns } => {
            Ok(hr_csv::read(&read_file(path)?, Some(columns))?.0)
        }
    }
}

/// The plan of the organization in use: every source read, then the users and invitations
/// from the service. Nothing changes.
pub async fn directory_plan(ctx: &AppContext, _req: NoArgs) -> Result<DirectoryPlanResponse> {
    let (_, org) = ctx.org().await?;
    let all = load_directory(&ctx.core().config_dir)?;
    let sources: Vec<&DirectorySource> = all
        .sources
        .iter()
        .filter(|s| s.organization_id == org.as_str())
        .collect();
    if sources.is_empty() {
        return Err(Error::invalid(
            "sources",
            "add a directory source first (an HR system's CSV export)",
        ));
    }
    let mut people = Vec::new();
    let mut read = Vec::new();
    for s in sources {
        let found = people_of(s)?;
        read.push(SourceRead {
            id: s.id.clone(),
            name: s.name.clone(),
            people: found.len() as u32,
        });
        people.extend(found);
    }
    let users = users_list(ctx, UsersListRequest::default()).await?;
    let invitations = invitations_list(ctx, InvitationsListRequest::default()).await?;
    // A plan from the copy kept offline could remove someone who joined since.
    if users.cached.is_some() || invitations.cached.is_some() {
        return Err(Error::CachedOnly {
            what: "directory plan".to_owned(),
        });
    }
    let exceptions: Vec<_> = all
        .exceptions
        .iter()
        .filter(|e| e.organization_id == org.as_str())
        .map(|e| e.exception.clone())
        .collect();
    let today = ctx.core().clock.now().with_timezone(&Local).date_naive();
    let plan = plan(
        &people,
        &users.users,
        &invitations.invitations,
        &exceptions,
        today,
    );
    Ok(DirectoryPlanResponse {
        organization_id: org.as_str().to_owned(),
        today,
        sources: read,
        users: users.users.len() as u32,
        fingerprint: fingerprint(&plan),
        plan,
    })
}

/// Applies the plan of the organization in use, made again now and refused unless it is the one
/// shown (`fingerprint`); `on_row` hears each row as it ends.
pub async fn apply_plan(
    ctx: &AppContext,
    req: DirectoryApplyRequest,
    on_row: impl FnMut(&ApplyResult, usize, usize),
) -> Result<DirectoryApplyResponse> {
    let now = directory_plan(ctx, NoArgs {}).await?;
    if now.fingerprint != req.fingerprint.trim() {
        return Err(Error::invalid(
            "fingerprint",
            "the plan changed since it was shown (the directory or the organization changed): look at it again",
        ));
    }
    let results = apply_rows(ctx, to_apply(&now.plan), on_row).await;
    let count = |o: ApplyOutcome| results.iter().filter(|r| r.outcome == o).count() as u32;
    Ok(DirectoryApplyResponse {
        done: count(ApplyOutcome::Done),
        failed: count(ApplyOutcome::Failed),
        not_attempted: count(ApplyOutcome::NotAttempted),
        results,
    })
}

/// [`apply_plan`] as one command.
pub async fn directory_apply(
    ctx: &AppContext,
    req: DirectoryApplyRequest,
) -> Result<DirectoryApplyResponse> {
    apply_plan(ctx, req, |_, _, _| {}).await
}
