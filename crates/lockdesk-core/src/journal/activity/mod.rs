//! Reading the journal: the Activity screen's page of entries and its CSV export, and
//! `lockctl activity`; its retention and size in `retention.rs`. The journal is the one of the
//! space in use (the demo has its own).

mod retention;

use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use lockdesk_archive::model::Language;
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::excel_csv::excel_csv;
use crate::journal::{FieldChange, Journal, JournalEntry, JournalQuery, Operation};
use crate::team::commands::SHARE_WITHIN;
use crate::team::journal_read::{read_team_journal, TeamRead};
pub use retention::{
    activity_prune_when_due, activity_retention_set, activity_storage_get,
    ActivityRetentionRequest, ActivityRetentionResponse, ActivityStorageView,
};

/// Which entries: every filter is optional. Newest first.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityQuery {
    /// From this time (inclusive).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub since: Option<DateTime<Utc>>,
    /// Before this time.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub until: Option<DateTime<Utc>>,
    /// Only these operations (all when absent or empty).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub operations: Option<Vec<Operation>>,
    /// `done`, `failed` (any error), or one error code.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub outcome: Option<String>,
    /// Found in the connection, organization, target, changes, operation or outcome.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub offset: Option<u32>,
    /// 1 to 1,000; 100 when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
    /// A journal set aside because it was damaged (one of [`ActivityPage::set_aside`]), read
    /// as far as it can be; the journal in use when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub file: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityPage {
    pub entries: Vec<JournalEntry>,
    /// How many entries match in all.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
    pub offset: u32,
    pub limit: u32,
    /// The journals set aside beside this one because they were damaged (file names, oldest
    /// first): each can still be read with [`ActivityQuery::file`].
    pub set_aside: Vec<String>,
    /// With a team data source: whether the page is the team's journal, or this computer's
    /// because the database did not answer (why, and since when). None: this computer works
    /// alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub team: Option<ActivityTeam>,
}

/// Where a page of the journal came from, for a computer of a team.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityTeam {
    /// The page is the team's journal (every computer's entries, with who made them).
    pub shared: bool,
    /// Why the database did not answer (an error code), when it did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub problem: Option<String>,
    /// Since when it has not answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub unreachable_since: Option<DateTime<Utc>>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityExportRequest {
    #[serde(flatten)]
    pub query: ActivityQuery,
    /// The language of the column headers (`en` when absent).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub language: Option<Language>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityExportResponse {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub entries: u64,
    /// A file name to offer.
    pub file_name: String,
    /// The CSV text: UTF-8 with a byte-order mark, CRLF, every cell guarded against formulas.
    pub content: String,
}

/// How long an export waits for the team's journal.
const EXPORT_WITHIN: Duration = Duration::from_secs(120);

/// At most this many entries go into one export.
pub const MAX_EXPORT_ENTRIES: u32 = 1_000_000;

fn journal(ctx: &AppContext) -> Result<Journal> {
    Ok(Journal::new(&ctx.core().data_folder()?).with_clock(ctx.core().clock.clone()))
}

fn query(q: &ActivityQuery, limit: u32) -> JournalQuery {
    JournalQuery {
        since: q.since,
        until: q.until,
        operations: q.operations.clone().unwrap_or_default(),
        outcome: q.outcome.clone(),
        text: q.text.clone(),
        offset: q.offset.unwrap_or(0),
        limit,
    }
}

pub async fn activity_list(ctx: &AppContext, req: ActivityQuery) -> Result<ActivityPage> {
    let limit = req.limit.unwrap_or(100);
    if !(1..=1000).contains(&limit) {
        return Err(Error::invalid("limit", "the limit is 1 to 1000"));
    }
    let q = query(&req, limit);
    let journal = journal(ctx)?;
    let (team, shared) = team_page(ctx, req.file.as_deref(), &q, SHARE_WITHIN).await?;
    let (entries, total) = match shared {
        Some(page) => page,
        None => read(&journal, req.file.as_deref(), &q)?,
    };
    Ok(ActivityPage {
        entries,
        total,
        offset: q.offset,
        limit,
        team,
        set_aside: journal
            .set_aside()
            .iter()
            .filter_map(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .collect(),
    })
}

/// For a computer of a team, reading the journal in use: the team's page, or why not (then
/// this computer's journal is read).
async fn team_page(
    ctx: &AppContext,
    file: Option<&str>,
    q: &JournalQuery,
    within: Duration,
) -> Result<(Option<ActivityTeam>, Option<(Vec<JournalEntry>, u64)>)> {
    if file.is_some() {
        return Ok((None, None));
    }
    Ok(match read_team_journal(ctx, q, within).await? {
        TeamRead::Alone => (None, None),
        TeamRead::Page(entries, total) => {
            let team = ActivityTeam {
                shared: true,
                problem: None,
                unreachable_since: None,
            };
            (Some(team), Some((entries, total)))
        }
        TeamRead::Unreachable { problem, since } => {
            let team = ActivityTeam {
                shared: false,
                problem: Some(problem.code),
                unreachable_since: since,
            };
            (Some(team), None)
        }
    })
}

/// The entries of the journal in use, or of a journal set aside (named by its file name only:
/// nothing else on the disk can be named).
fn read(
    journal: &Journal,
    file: Option<&str>,
    q: &JournalQuery,
) -> Result<(Vec<JournalEntry>, u64)> {
    match file {
        None => Ok(journal.list(q)?),
        Some(name) => journal
            .list_set_aside(name, q)?
            .ok_or_else(|| Error::invalid("file", "no journal set aside has this name")),
    }
}

pub async fn activity_export_csv(
    ctx: &AppContext,
    req: ActivityExportRequest,
) -> Result<ActivityExportResponse> {
    let q = query(&req.query, MAX_EXPORT_ENTRIES);
    // A whole journal takes longer than a page.
    let (team, shared) = team_page(ctx, req.query.file.as_deref(), &q, EXPORT_WITHIN).await?;
    let (entries, _) = match shared {
        Some(page) => page,
        None => read(&journal(ctx)?, req.query.file.as_deref(), &q)?,
    };
    let made_by = team.is_some_and(|t| t.shared);
    let content = to_csv(&entries, req.language.unwrap_or_default(), made_by)?;
    Ok(ActivityExportResponse {
        entries: entries.len() as u64,
        file_name: "lockdesk-activity.csv".into(),
        content,
    })
}

/// The journal's columns in the export's language (the activity export and the journal report).
pub(crate) fn headers(lang: Language) -> [&'static str; 9] {
    match lang {
        Language::En => [
            "Time (UTC)",
            "Connection",
            "Account",
            "Organization ID",
            "Operation",
            "Target ID",
            "Target",
            "Changes",
            "Outcome",
        ],
        Language::Ja => [
            "日時 (UTC)",
            "接続",
            "アカウント",
            "組織ID",
            "操作",
            "対象ID",
            "対象",
            "変更内容",
            "結果",
        ],
    }
}

/// The changed fields as `field: old → new`, `;`-separated (`field: → new` when the old
/// value is not known).
pub fn changes_text(e: &JournalEntry) -> String {
    e.changes
        .iter()
        .map(change_text)
        .collect::<Vec<_>>()
        .join("; ")
}

/// One changed field as `field: old → new`.
pub fn change_text(c: &FieldChange) -> String {
    format!(
        "{}: {} → {}",
        c.field,
        c.old.as_deref().unwrap_or(""),
        c.new.as_deref().unwrap_or("")
    )
}

/// The columns of who made each entry, in a team's export.
fn made_by_headers(lang: Language) -> [&'static str; 2] {
    match lang {
        Language::En => ["Computer", "OS user"],
        Language::Ja => ["コンピューター", "OSユーザー"],
    }
}

fn to_csv(entries: &[JournalEntry], lang: Language, made_by: bool) -> Result<String> {
    let mut header: Vec<&str> = headers(lang).to_vec();
    if made_by {
        header.extend(made_by_headers(lang));
    }
    let rows = entries.iter().map(|e| {
        let mut row = vec![
            e.at.to_rfc3339_opts(SecondsFormat::Secs, true),
            e.connection.clone().unwrap_or_default(),
            e.account.clone().unwrap_or_default(),
            e.organization_id.clone().unwrap_or_default(),
            e.operation.as_str().to_owned(),
            e.target_id.clone().unwrap_or_default(),
            e.target_name.clone().unwrap_or_default(),
            changes_text(e),
            e.outcome.clone(),
        ];
        if made_by {
            let by = e.made_by.as_ref();
            row.push(by.map(|b| b.computer.clone()).unwrap_or_default());
            row.push(by.map(|b| b.os_user.clone()).unwrap_or_default());
        }
        row
    });
    excel_csv(&header, rows)
}
