//! Bulk invitations, before anything is sent: the CSV file read into rows (with their line
//! numbers) and every row checked against the organization's users and pending invitations.

use std::collections::{HashMap, HashSet};

use futures::TryStreamExt;
use lockdesk_api::models::InvitationStatus;
use lockdesk_api::v3::{InvitationQuery, NewInvitation, PageParams, UserQuery};
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::invitations::csv_decode;
use crate::invitations::csv_decode::{CsvEncoding, MAX_CSV_ROWS};
use crate::invitations::outcomes::{InviteProblem, InviteProblemCode};
use crate::invitations::{headers, INVITATION_LIMIT, READ};
use crate::users::view::Role;

/// A bulk-invitation file: its bytes (`file_base64`, the encoding detected: UTF-8 with or
/// without a BOM, UTF-16 with a BOM, Shift_JIS/CP932) or its text (`csv`); exactly one.
/// A header row names a mail column (`mail`, `email`, `メールアドレス`…) and optionally an
/// authority (`authority`, `role`, `権限`) and a code column (`code`, `ユーザーコード`); without a
/// header the columns are mail, authority, code. Comma-separated, or tab-separated when the
/// first line has tabs and no commas. At most 5 MiB and 10,000 rows.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BulkInviteRequest {
    /// The file's bytes in base64 (what the app sends, so that CP932 survives).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub file_base64: Option<String>,
    /// The file as text (already decoded).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub csv: Option<String>,
    /// For rows without an authority; `member` when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub default_authority: Option<Role>,
}

impl BulkInviteRequest {
    /// A request for a file's bytes (lockctl reads the file; check its size first with
    /// [`check_csv_size`](crate::invitations::check_csv_size)).
    pub fn from_bytes(bytes: &[u8], default_authority: Option<Role>) -> BulkInviteRequest {
        use base64::Engine;
        BulkInviteRequest {
            file_base64: Some(base64::engine::general_purpose::STANDARD.encode(bytes)),
            csv: None,
            default_authority,
        }
    }

    /// The file's text and its encoding.
    fn text(&self) -> Result<(String, CsvEncoding)> {
        match (&self.file_base64, &self.csv) {
            (Some(b64), None) => csv_decode::decode_base64(b64),
            (None, Some(text)) => {
                let encoding = csv_decode::text_encoding(text)?;
                Ok((text.clone(), encoding))
            }
            _ => Err(Error::invalid(
                "csv",
                "give the file as exactly one of file_base64 and csv",
            )),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BulkInvitePreview {
    /// How the file was encoded (detected from its bytes).
    pub encoding: CsvEncoding,
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

#[derive(Debug)]
struct Parsed {
    line: u32,
    mail: String,
    /// `Err` holds the cell as written when it names no role.
    authority: std::result::Result<Role, String>,
    code: Option<String>,
}

/// The line a record starts on. The reader's position is where it began reading: before the
/// line ends it skipped (blank lines, and the `\n` of a `\r\n` that ended the previous record),
/// so those are counted here.
fn start_line(text: &str, p: &csv::Position) -> u32 {
    let skipped = text.as_bytes()[(p.byte() as usize).min(text.len())..]
        .iter()
        .take_while(|b| matches!(b, b'\r' | b'\n'))
        .filter(|&&b| b == b'\n')
        .count();
    (p.line() as usize + skipped) as u32
}

/// The rows of the file's text, each with the line it starts on (1-based, counting the lines
/// inside quoted cells). Blank lines are skipped; more than [`MAX_CSV_ROWS`] rows are refused.
fn parse_csv(text: &str, default: Role) -> Result<Vec<Parsed>> {
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .delimiter(csv_decode::delimiter(text))
        .from_reader(text.as_bytes());
    let mut cols: Option<(usize, Option<usize>, Option<usize>)> = None;
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| Error::Csv(e.to_string()))?;
        if record.iter().all(|c| headers::normalize(c).is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| start_line(text, p));
        let (mail_col, auth_col, code_col) = match cols {
            Some(c) => c,
            None => {
                let found = headers::columns(&record);
                cols = Some(found.unwrap_or((0, Some(1), Some(2))));
                match found {
                    Some(_) => continue,
                    None => (0, Some(1), Some(2)),
                }
            }
        };
        if out.len() as u32 >= MAX_CSV_ROWS {
            return Err(Error::CsvTooManyRows {
                limit: MAX_CSV_ROWS,
            });
        }
        let cell = |i: Option<usize>| {
            i.and_then(|i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_owned()
        };
        let raw = cell(auth_col);
        let authority = if headers::normalize(&raw).is_empty() {
            Ok(default)
        } else {
            headers::role(&raw).ok_or(raw)
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

pub(crate) async fn preview(
    ctx: &AppContext,
    req: &BulkInviteRequest,
) -> Result<BulkInvitePreview> {
    let (text, encoding) = req.text()?;
    let parsed = parse_csv(&text, req.default_authority.unwrap_or(Role::Member))?;
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
        encoding,
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

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
