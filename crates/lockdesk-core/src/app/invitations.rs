//! E-mail invitations: list, one invitation, and bulk invitations from a CSV file with a
//! preview (per-row validation against the organization's users and pending invitations) and
//! a background run that is safe to repeat: an address already invited or already a user
//! counts as done and is never sent twice; `invitation_limit_exceeded` stops the run clearly.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;

use chrono::{DateTime, Utc};
use futures::TryStreamExt;
use lockdesk_api::models::{Authority, InvitationStatus};
use lockdesk_api::v3::{InvitationQuery, NewInvitation, PageParams, UserQuery};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::jobs::{JobStarted, JobState};
use super::{AppContext, InvitationView, Role};
use crate::error::{Error, ErrorCode, Result};

const READ: &str = "organization:user:read";
const WRITE: &str = "organization:user:write";
/// Active invitations allowed per organization (service limit).
pub const INVITATION_LIMIT: u32 = 500;

#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
pub struct InvitationsListRequest {
    /// `active` or `expired`; all when absent.
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<String>,
    /// Only invitations issued strictly after this instant (RFC 3339), sent to the service.
    #[serde(default)]
    #[ts(optional)]
    pub issued_after: Option<String>,
    /// Only invitations issued strictly before this instant (RFC 3339), sent to the service.
    #[serde(default)]
    #[ts(optional)]
    pub issued_before: Option<String>,
}

fn instant(field: &str, value: Option<&str>) -> Result<Option<DateTime<Utc>>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => DateTime::parse_from_rfc3339(v)
            .map(|t| Some(t.with_timezone(&Utc)))
            .map_err(|_| Error::invalid(field, format!("{v:?} is not an RFC 3339 date and time"))),
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct InvitationsListResponse {
    pub invitations: Vec<InvitationView>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct InvitationsCreateRequest {
    pub mail: String,
    /// `member` when absent.
    #[serde(default)]
    #[ts(optional)]
    pub authority: Option<Role>,
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct InvitationsCreateResponse {
    pub mail: String,
}

pub async fn invitations_list(
    ctx: &AppContext,
    req: InvitationsListRequest,
) -> Result<InvitationsListResponse> {
    let (client, org) = ctx.org().await?;
    let status = match req.status.as_deref().map(str::trim) {
        None | Some("") | Some("all") => None,
        Some("active") => Some(InvitationStatus::Active),
        Some("expired") => Some(InvitationStatus::Expired),
        Some(other) => {
            return Err(Error::invalid(
                "status",
                format!("{other:?}: use active or expired"),
            ))
        }
    };
    let list = client
        .org(&org)
        .invitations()
        .list_all(&InvitationQuery {
            status,
            issued_after: instant("issued_after", req.issued_after.as_deref())?,
            issued_before: instant("issued_before", req.issued_before.as_deref())?,
            ..Default::default()
        })
        .await
        .map_err(ctx.scoped(READ))?;
    Ok(InvitationsListResponse {
        invitations: list.iter().map(Into::into).collect(),
    })
}

pub async fn invitations_create(
    ctx: &AppContext,
    req: InvitationsCreateRequest,
) -> Result<InvitationsCreateResponse> {
    let (client, org) = ctx.org().await?;
    let new = NewInvitation {
        mail: req.mail.trim().to_owned(),
        authority: req.authority.map(Into::into),
        code: req.code.filter(|c| !c.trim().is_empty()),
    };
    new.validate()?;
    client
        .org(&org)
        .invitations()
        .create(&new)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok(InvitationsCreateResponse { mail: new.mail })
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct BulkInviteRequest {
    /// The CSV text: a header row naming a `mail` (or `email`) column and optionally
    /// `authority` and `code` columns; or no header, with mail, authority, code in that order.
    pub csv: String,
    /// For rows without an authority; `member` when absent.
    #[serde(default)]
    #[ts(optional)]
    pub default_authority: Option<Role>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum InviteRowStatus {
    /// Will be invited.
    Ready,
    /// Refused before sending (`message` says why).
    Invalid,
    /// The same address appears earlier in the file.
    Duplicate,
    /// An invitation to this address is already pending: counts as done.
    AlreadyInvited,
    /// A user with this address is already in the organization: counts as done.
    AlreadyUser,
}

/// Why a CSV row is refused before sending, for the UI to word in its language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum InviteProblemCode {
    /// The mail cell is empty.
    MailMissing,
    /// The mail cell is not an e-mail address (`value`).
    MailInvalid,
    /// The authority cell is neither `manager` nor `member` (`value`).
    AuthorityInvalid,
    /// The same address appears earlier in the file (`first_line`).
    DuplicateInFile,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct InviteProblem {
    pub code: InviteProblemCode,
    /// The CSV column concerned: `mail` or `authority`.
    pub column: String,
    /// The cell as written in the file, when there is one.
    pub value: Option<String>,
    /// For `duplicate_in_file`: the line where the address first appears.
    pub first_line: Option<u32>,
}

impl InviteProblem {
    fn new(code: InviteProblemCode, column: &str, value: Option<&str>) -> InviteProblem {
        InviteProblem {
            code,
            column: column.to_owned(),
            value: value.map(str::to_owned),
            first_line: None,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct InviteRow {
    /// Line in the CSV file (1-based).
    pub line: u32,
    pub mail: String,
    pub authority: Role,
    pub code: Option<String>,
    pub status: InviteRowStatus,
    /// English description (logs, CLI); the UI words `problem` instead.
    pub message: Option<String>,
    /// Set for `invalid` and `duplicate` rows.
    pub problem: Option<InviteProblem>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct BulkInvitePreview {
    pub rows: Vec<InviteRow>,
    pub ready: u32,
    pub invalid: u32,
    pub duplicate: u32,
    pub already_invited: u32,
    pub already_user: u32,
    /// Invitations pending in the organization now.
    pub active_invitations: u32,
    pub invitation_limit: u32,
    /// Sending every ready row would pass the limit: the run will stop at the limit.
    pub exceeds_limit: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum InviteOutcome {
    /// Sent now.
    Invited,
    /// Pending already (before or found while sending): done, not sent again.
    AlreadyInvited,
    /// Already a user of the organization: done.
    AlreadyUser,
    Invalid,
    Duplicate,
    /// The service refused this row (`code`, `message`).
    Failed,
    /// The service's invitation limit was reached at this row.
    LimitReached,
    /// The run stopped before this row.
    NotAttempted,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct InviteResult {
    pub line: u32,
    pub mail: String,
    pub outcome: InviteOutcome,
    /// The service's error code for `failed` / `limit_reached` rows.
    pub code: Option<String>,
    pub message: Option<String>,
    /// The row's problem for `invalid` and `duplicate` outcomes.
    pub problem: Option<InviteProblem>,
}

struct Parsed {
    line: u32,
    mail: String,
    /// `Err` holds the cell as written when it names no role.
    authority: std::result::Result<Role, String>,
    code: Option<String>,
}

fn parse_csv(text: &str, default: Role) -> Result<Vec<Parsed>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    let mut cols: Option<(usize, Option<usize>, Option<usize>)> = None;
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| Error::Csv(e.to_string()))?;
        if record.iter().all(|c| c.is_empty()) {
            continue;
        }
        let line = record.position().map(|p| p.line() as u32).unwrap_or(0);
        let (mail_col, auth_col, code_col) = match cols {
            Some(c) => c,
            None => {
                let lower: Vec<String> = record.iter().map(|c| c.to_ascii_lowercase()).collect();
                let find = |names: &[&str]| lower.iter().position(|c| names.contains(&c.as_str()));
                let mail = find(&[
                    "mail",
                    "email",
                    "e-mail",
                    "user_mail",
                    "address",
                    "e-mail address",
                    "email address",
                ]);
                match mail {
                    Some(m) => {
                        cols = Some((
                            m,
                            find(&["authority", "role", "user_authority"]),
                            find(&["code", "user_code"]),
                        ));
                        continue;
                    }
                    None => {
                        cols = Some((0, Some(1), Some(2)));
                        (0, Some(1), Some(2))
                    }
                }
            }
        };
        let cell = |i: Option<usize>| {
            i.and_then(|i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_owned()
        };
        let auth = cell(auth_col).to_ascii_lowercase();
        let authority = match auth.as_str() {
            "" => Ok(default),
            "manager" => Ok(Role::Manager),
            "member" => Ok(Role::Member),
            _ => Err(cell(auth_col)),
        };
        let code = Some(cell(code_col)).filter(|c| !c.is_empty());
        out.push(Parsed {
            line,
            mail: cell(Some(mail_col)),
            authority,
            code,
        });
    }
    Ok(out)
}

/// Addresses (lower case) of pending invitations and of the organization's users.
async fn existing(ctx: &AppContext) -> Result<(HashSet<String>, HashSet<String>)> {
    let (client, org) = ctx.org().await?;
    let invitations = client
        .org(&org)
        .invitations()
        .list_all(&InvitationQuery {
            status: Some(InvitationStatus::Active),
            ..Default::default()
        })
        .await
        .map_err(ctx.scoped(READ))?;
    let users: Vec<_> = client
        .org(&org)
        .users()
        .stream(UserQuery {
            page: PageParams::limit(1000),
            ..Default::default()
        })
        .try_collect()
        .await
        .map_err(ctx.scoped(READ))?;
    let invited = invitations
        .iter()
        .filter(|i| i.invitation_status.as_ref() != Some(&InvitationStatus::Expired))
        .filter_map(|i| i.user.as_ref()?.mail.as_ref())
        .map(|m| m.to_ascii_lowercase())
        .collect();
    let members = users
        .iter()
        .filter_map(|u| u.mail.as_ref())
        .map(|m| m.to_ascii_lowercase())
        .collect();
    Ok((invited, members))
}

async fn preview(ctx: &AppContext, req: &BulkInviteRequest) -> Result<BulkInvitePreview> {
    let parsed = parse_csv(&req.csv, req.default_authority.unwrap_or(Role::Member))?;
    let (invited, members) = existing(ctx).await?;
    let mut seen: HashMap<String, u32> = HashMap::new();
    let mut rows = Vec::with_capacity(parsed.len());
    for p in parsed {
        let key = p.mail.to_ascii_lowercase();
        let mail_check = NewInvitation {
            mail: p.mail.clone(),
            authority: None,
            code: None,
        }
        .validate();
        use InviteProblemCode as P;
        let (status, message, problem, authority) = match (&p.authority, mail_check) {
            (_, Err(e)) => {
                let problem = if p.mail.is_empty() {
                    InviteProblem::new(P::MailMissing, "mail", None)
                } else {
                    InviteProblem::new(P::MailInvalid, "mail", Some(&p.mail))
                };
                let status = InviteRowStatus::Invalid;
                (status, Some(e.to_string()), Some(problem), Role::Member)
            }
            (Err(raw), _) => (
                InviteRowStatus::Invalid,
                Some(format!("{raw:?} is not a role; use manager or member")),
                Some(InviteProblem::new(
                    P::AuthorityInvalid,
                    "authority",
                    Some(raw),
                )),
                Role::Member,
            ),
            (Ok(a), Ok(())) => {
                if let Some(&first) = seen.get(&key) {
                    let mut problem = InviteProblem::new(P::DuplicateInFile, "mail", Some(&p.mail));
                    problem.first_line = Some(first);
                    let message = format!("the same address as line {first}");
                    (InviteRowStatus::Duplicate, Some(message), Some(problem), *a)
                } else {
                    seen.insert(key.clone(), p.line);
                    let status = if members.contains(&key) {
                        InviteRowStatus::AlreadyUser
                    } else if invited.contains(&key) {
                        InviteRowStatus::AlreadyInvited
                    } else {
                        InviteRowStatus::Ready
                    };
                    (status, None, None, *a)
                }
            }
        };
        rows.push(InviteRow {
            line: p.line,
            mail: p.mail,
            authority,
            code: p.code,
            status,
            message,
            problem,
        });
    }
    let count = |s: InviteRowStatus| rows.iter().filter(|r| r.status == s).count() as u32;
    let ready = count(InviteRowStatus::Ready);
    let active = invited.len() as u32;
    Ok(BulkInvitePreview {
        ready,
        invalid: count(InviteRowStatus::Invalid),
        duplicate: count(InviteRowStatus::Duplicate),
        already_invited: count(InviteRowStatus::AlreadyInvited),
        already_user: count(InviteRowStatus::AlreadyUser),
        active_invitations: active,
        invitation_limit: INVITATION_LIMIT,
        exceeds_limit: active + ready > INVITATION_LIMIT,
        rows,
    })
}

/// Reads the CSV and checks every row against the organization, sending nothing.
pub async fn invitations_bulk_preview(
    ctx: &AppContext,
    req: BulkInviteRequest,
) -> Result<BulkInvitePreview> {
    preview(ctx, &req).await
}

fn result(row: &InviteRow, outcome: InviteOutcome) -> InviteResult {
    InviteResult {
        line: row.line,
        mail: row.mail.clone(),
        outcome,
        code: None,
        message: row.message.clone(),
        problem: row.problem.clone(),
    }
}

/// Checks the rows again (fresh from the service) and sends the ready ones in the background;
/// poll `jobs_get` with the job id.
pub async fn invitations_bulk_start(
    ctx: &AppContext,
    req: BulkInviteRequest,
) -> Result<JobStarted> {
    let plan = preview(ctx, &req).await?;
    let (job_id, cancel) = ctx.jobs().start("bulk_invite", plan.rows.len() as u32);
    let job = ctx.jobs().get(&job_id)?;
    let ctx2 = ctx.clone();
    let id = job_id.clone();
    tokio::spawn(async move {
        run(&ctx2, &id, plan.rows, &cancel).await;
    });
    Ok(JobStarted { job_id, job })
}

async fn run(
    ctx: &AppContext,
    id: &str,
    rows: Vec<InviteRow>,
    cancel: &std::sync::atomic::AtomicBool,
) {
    let jobs = ctx.jobs();
    let (client, org) = match ctx.org().await {
        Ok(v) => v,
        Err(e) => {
            jobs.update(id, |j| {
                j.state = JobState::Failed;
                j.message = e.to_string();
                j.error = Some(e.payload());
            });
            return;
        }
    };
    let invitations = client.org(&org).invitations();
    let mut stop: Option<(JobState, Error)> = None;
    let mut sent = 0u32;
    for row in &rows {
        if stop.is_none() && cancel.load(Ordering::Relaxed) {
            stop = Some((JobState::Cancelled, Error::invalid("job", "cancelled")));
        }
        let res = if stop.is_some() {
            result(row, InviteOutcome::NotAttempted)
        } else {
            match row.status {
                InviteRowStatus::Invalid => result(row, InviteOutcome::Invalid),
                InviteRowStatus::Duplicate => result(row, InviteOutcome::Duplicate),
                InviteRowStatus::AlreadyInvited => result(row, InviteOutcome::AlreadyInvited),
                InviteRowStatus::AlreadyUser => result(row, InviteOutcome::AlreadyUser),
                InviteRowStatus::Ready => {
                    let new = NewInvitation {
                        mail: row.mail.clone(),
                        authority: Some(Authority::from(row.authority)),
                        code: row.code.clone(),
                    };
                    match invitations.create(&new).await.map_err(ctx.scoped(WRITE)) {
                        Ok(()) => {
                            sent += 1;
                            result(row, InviteOutcome::Invited)
                        }
                        Err(e) => {
                            let outcome = match e.code() {
                                ErrorCode::ExistInvitation => InviteOutcome::AlreadyInvited,
                                ErrorCode::RegisteredMail => InviteOutcome::AlreadyUser,
                                ErrorCode::InvitationLimitExceeded => InviteOutcome::LimitReached,
                                _ => InviteOutcome::Failed,
                            };
                            let mut r = result(row, outcome);
                            r.code = Some(e.code().as_str().to_owned());
                            r.message = Some(e.to_string());
                            let fatal = matches!(
                                e.code(),
                                ErrorCode::InsufficientScope
                                    | ErrorCode::InsufficientAuthority
                                    | ErrorCode::NotInOrganization
                            ) || e.is_not_signed_in();
                            if outcome == InviteOutcome::LimitReached {
                                stop = Some((JobState::Stopped, e));
                            } else if fatal {
                                stop = Some((JobState::Failed, e));
                            }
                            r
                        }
                    }
                }
            }
        };
        jobs.update(id, |j| {
            j.results.push(res);
            j.done += 1;
            j.message = format!("{} of {} rows handled, {sent} sent", j.done, j.total);
        });
    }
    jobs.update(id, |j| match stop {
        None => {
            j.state = JobState::Finished;
            j.message = format!("finished: {sent} invitations sent, {} rows handled", j.total);
        }
        Some((state, e)) => {
            j.state = state;
            j.message = match state {
                JobState::Cancelled => format!("cancelled after {sent} invitations were sent"),
                JobState::Stopped => format!(
                    "stopped: the organization reached its limit of {INVITATION_LIMIT} pending invitations after {sent} were sent; rows not attempted can be sent again later"
                ),
                _ => format!("stopped after {sent} invitations were sent: {e}"),
            };
            if state != JobState::Cancelled {
                j.error = Some(e.payload());
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_with_header_and_without() {
        let rows = parse_csv(
            "\u{feff}Name,E-mail,Role\nAna,ana@example.com,manager\n\nBo,bo@example.com,\n",
            Role::Member,
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].mail, "ana@example.com");
        assert_eq!(rows[0].authority, Ok(Role::Manager));
        assert_eq!(rows[0].line, 2);
        assert_eq!(rows[1].authority, Ok(Role::Member));
        let rows = parse_csv("x@example.com,boss,C1\ny@example.com", Role::Manager).unwrap();
        assert_eq!(rows.len(), 2);
        assert!(rows[0].authority.is_err());
        assert_eq!(rows[0].code.as_deref(), Some("C1"));
        assert_eq!(rows[1].authority, Ok(Role::Manager));
    }

    #[test]
    fn authority_error_keeps_the_cell() {
        let rows = parse_csv("mail,role\nx@example.com,Boss\n", Role::Member).unwrap();
        assert_eq!(rows[0].authority, Err("Boss".to_owned()));
    }
}
