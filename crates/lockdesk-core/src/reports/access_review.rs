//! The access review: every user of the organization (and every invitation still open) with
//! role, user groups, when registered or invited, the last record at one of its locks (from the
//! archive) and the days since, and what the company's directory says, with empty columns for
//! the reviewer's sign-off (confirmed by, date, remark); rows to look at are flagged: a leaver
//! still present, no record in 90 days, a manager. The periodic review of access rights that
//! ISO/IEC 27001 (A.5.18) and Japan's P-mark audits ask for.
//!
//! Which locks a user may open (their keys) is not in the service's API: the review lists the
//! user groups, and the last record shows the access actually used.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use lockdesk_archive::table::{Cell, Column, Table};
use lockdesk_archive::{Language, Zone};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::directory::commands::directory_plan;
use crate::directory::plan::Change;
use crate::error::{Error, Result};
use crate::groups::commands::{user_groups_get, user_groups_list, UserGroupIdRequest};
use crate::invitations::{invitations_list, InvitationsListRequest};
use crate::users::commands::{users_list, UsersListRequest};
use crate::users::view::{InvitationState, UserRole};

/// Without a record for this long, a user is flagged.
pub const IDLE_DAYS: i64 = 90;

/// What the directory says of a user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectoryStatus {
    /// The organization has no directory source.
    NoSource,
    /// Current in the directory.
    Current,
    /// Switched off, or past the leaving day.
    Left,
    /// Not found in the directory.
    Missing,
    /// The directory could not be read when the review was written (its note says why).
    Unknown,
}

/// One row before it is worded.
#[derive(Clone, Debug)]
pub struct ReviewRow {
    pub user_id: Option<String>,
    pub name: String,
    pub mail: Option<String>,
    pub code: Option<String>,
    pub role: Option<UserRole>,
    pub invited: bool,
    pub groups: Vec<String>,
    pub since: Option<DateTime<Utc>>,
    pub directory: DirectoryStatus,
}

/// The organization's users and open invitations, their groups and what the directory says, read
/// from the service now (never the offline copy: a review must be of today's access), and the
/// directory's note when it could not be read.
pub async fn gather(ctx: &AppContext) -> Result<(Vec<ReviewRow>, Option<String>)> {
    let users = users_list(ctx, UsersListRequest::default()).await?;
    let invitations = invitations_list(ctx, InvitationsListRequest::default()).await?;
    let groups = user_groups_list(ctx, NoArgs {}).await?;
    if users.cached.is_some() || invitations.cached.is_some() || groups.cached.is_some() {
        return Err(Error::CachedOnly {
            what: "access review".to_owned(),
        });
    }
    let mut member_of: HashMap<String, Vec<String>> = HashMap::new();
    for g in &groups.user_groups {
        let detail = user_groups_get(
            ctx,
            UserGroupIdRequest {
                user_group_id: g.id.clone(),
            },
        )
        .await?;
        for m in detail.users.unwrap_or_default() {
            member_of.entry(m.id).or_default().push(g.name.clone());
        }
    }
    let (status, note) = directory_status(ctx).await;
    let mut rows: Vec<ReviewRow> = users
        .users
        .iter()
        .map(|u| ReviewRow {
            user_id: Some(u.id.clone()),
            name: u.name.clone(),
            mail: u.mail.clone(),
            code: u.code.clone(),
            role: u.authority.clone(),
            invited: false,
            groups: member_of.remove(&u.id).unwrap_or_default(),
            since: u.created_at,
            directory: status(&u.id),
        })
        .collect();
    rows.sort_by(|a, b| (&a.name, &a.user_id).cmp(&(&b.name, &b.user_id)));
    let open = invitations
        .invitations
        .iter()
        .filter(|i| i.status.as_ref() != Some(&InvitationState::Expired));
    rows.extend(open.map(|i| ReviewRow {
        user_id: None,
        name: String::new(),
        mail: i.mail.clone(),
        code: i.code.clone(),
        role: i.authority.clone(),
        invited: true,
        groups: Vec::new(),
        since: i.issued_at,
        directory: DirectoryStatus::Unknown,
    }));
    Ok((rows, note))
}

/// What the directory says of each user id, from the directory's plan (sources read now).
async fn directory_status(
    ctx: &AppContext,
) -> (Box<dyn Fn(&str) -> DirectoryStatus + Send>, Option<String>) {
    let (_, org) = match ctx.org().await {
        Ok(o) => o,
        Err(e) => return (Box::new(|_| DirectoryStatus::Unknown), Some(e.to_string())),
    };
    let has_source = crate::directory::settings::load_directory(&ctx.core().config_dir)
        .map(|d| d.sources.iter().any(|s| s.organization_id == org.as_str()));
    match has_source {
        Ok(false) => return (Box::new(|_| DirectoryStatus::NoSource), None),
        Err(e) => return (Box::new(|_| DirectoryStatus::Unknown), Some(e.to_string())),
        Ok(true) => {}
    }
    match directory_plan(ctx, NoArgs {}).await {
        Ok(planned) => {
            let mut gone: HashMap<String, DirectoryStatus> = HashMap::new();
            for row in &planned.plan.leavers {
                if let Change::Remove {
                    user_id,
                    in_directory,
                    ..
                } = &row.change
                {
                    let status = if *in_directory {
                        DirectoryStatus::Left
                    } else {
                        DirectoryStatus::Missing
                    };
                    gone.insert(user_id.clone(), status);
                }
            }
            let ambiguous: HashSet<String> = planned
                .plan
                .ambiguous
                .iter()
                .filter_map(|r| match &r.change {
                    Change::Remove { user_id, .. } | Change::Update { user_id, .. } => {
                        Some(user_id.clone())
                    }
                    Change::Invite { .. } => None,
                })
                .collect();
            let status = move |id: &str| match gone.get(id) {
                Some(s) => *s,
                None if ambiguous.contains(id) => DirectoryStatus::Unknown,
                None => DirectoryStatus::Current,
            };
            (Box::new(status), None)
        }
        Err(e) => (Box::new(|_| DirectoryStatus::Unknown), Some(e.to_string())),
    }
}

fn role_word(role: &Option<UserRole>, lang: Language) -> String {
    let (en, ja) = match role {
        Some(UserRole::SuperManager) => ("Super manager", "スーパーマネージャー"),
        Some(UserRole::Manager) => ("Manager", "マネージャー"),
        Some(UserRole::Member) => ("Member", "メンバー"),
        Some(UserRole::Other(v)) => return v.clone(),
        None => ("", ""),
    };
    pick(lang, en, ja).to_owned()
}

fn pick<'a>(lang: Language, en: &'a str, ja: &'a str) -> &'a str {
    match lang {
        Language::En => en,
        Language::Ja => ja,
    }
}

fn status_word(s: DirectoryStatus, lang: Language) -> &'static str {
    match s {
        DirectoryStatus::NoSource => pick(lang, "no directory source", "ディレクトリ未設定"),
        DirectoryStatus::Current => pick(lang, "current", "在籍"),
        DirectoryStatus::Left => pick(lang, "left or switched off", "退職・無効"),
        DirectoryStatus::Missing => pick(lang, "not in the directory", "ディレクトリにない"),
        DirectoryStatus::Unknown => pick(lang, "unknown", "不明"),
    }
}

/// The flags of a row: what a reviewer should look at.
pub fn flags(row: &ReviewRow, last: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Vec<Flag> {
    let mut out = Vec::new();
    if !row.invited
        && matches!(
            row.directory,
            DirectoryStatus::Left | DirectoryStatus::Missing
        )
    {
        out.push(Flag::LeaverPresent);
    }
    if !row.invited && last.is_none_or(|t| now - t > chrono::TimeDelta::days(IDLE_DAYS)) {
        out.push(Flag::Idle);
    }
    if matches!(row.role, Some(UserRole::SuperManager | UserRole::Manager)) {
        out.push(Flag::Manager);
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    LeaverPresent,
    Idle,
    Manager,
}

fn flag_word(f: Flag, lang: Language) -> &'static str {
    match f {
        Flag::LeaverPresent => pick(lang, "left but still a user", "退職者が残っている"),
        Flag::Idle => pick(lang, "no record in 90 days", "90日間記録なし"),
        Flag::Manager => pick(lang, "manager", "管理者"),
    }
}

/// The review as a table; `last` is each user's last record at one of the organization's locks.
pub fn table(
    rows: &[ReviewRow],
    last: &HashMap<String, DateTime<Utc>>,
    now: DateTime<Utc>,
    note: Option<String>,
    lang: Language,
    zone: Zone,
) -> Table {
    let spec: [(&'static str, &str, &str, f64); 16] = [
        ("flags", "Look at", "要確認", 28.0),
        ("user_id", "User ID", "ユーザーID", 24.0),
        ("name", "Name", "氏名", 22.0),
        ("mail", "E-mail", "メールアドレス", 30.0),
        ("code", "User code", "ユーザーコード", 14.0),
        ("role", "Role", "権限", 16.0),
        ("state", "State", "状態", 12.0),
        ("user_groups", "User groups", "ユーザーグループ", 28.0),
        ("since", "Registered / invited", "登録・招待日時", 20.0),
        ("last_record", "Last record", "最終利用日時", 20.0),
        ("days_since", "Days since", "経過日数", 10.0),
        ("directory", "Directory", "ディレクトリ", 18.0),
        ("confirmed_by", "Confirmed by", "確認者", 16.0),
        ("confirmed_on", "Date", "確認日", 12.0),
        ("remark", "Remark", "備考", 30.0),
        ("decision", "Keep / remove", "継続・削除", 14.0),
    ];
    Table {
        sheet: pick(lang, "Access review", "アクセス権の棚卸し").to_owned(),
        columns: spec
            .iter()
            .map(|&(key, en, ja, width)| Column {
                key,
                title: pick(lang, en, ja).to_owned(),
                width,
            })
            .collect(),
        rows: rows
            .iter()
            .map(|r| {
                let seen = r.user_id.as_ref().and_then(|id| last.get(id)).copied();
                let flags: Vec<&str> = flags(r, seen, now)
                    .into_iter()
                    .map(|f| flag_word(f, lang))
                    .collect();
                vec![
                    Cell::Text(flags.join(pick(lang, "; ", "、"))),
                    r.user_id.clone().into(),
                    Cell::Text(r.name.clone()),
                    r.mail.clone().into(),
                    r.code.clone().into(),
                    Cell::Text(role_word(&r.role, lang)),
                    Cell::Text(
                        if r.invited {
                            pick(lang, "invited", "招待中")
                        } else {
                            pick(lang, "user", "登録済み")
                        }
                        .to_owned(),
                    ),
                    Cell::Text(r.groups.join("; ")),
                    r.since.into(),
                    seen.into(),
                    seen.map_or(Cell::Empty, |t| {
                        Cell::Count((now - t).num_days().max(0) as u64)
                    }),
                    Cell::Text(if r.invited {
                        String::new()
                    } else {
                        status_word(r.directory, lang).to_owned()
                    }),
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Empty,
                ]
            })
            .collect(),
        zone,
        note: note.map(|n| match lang {
            Language::En => format!("The directory could not be read: {n}"),
            Language::Ja => format!("ディレクトリを読めませんでした: {n}"),
        }),
        language: lang,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(role: UserRole, directory: DirectoryStatus) -> ReviewRow {
        ReviewRow {
            user_id: Some("u1".into()),
            name: "=HYPERLINK(\"x\")".into(),
            mail: None,
            code: None,
            role: Some(role),
            invited: false,
            groups: vec![],
            since: None,
            directory,
        }
    }

    #[test]
    fn a_leaver_an_idle_user_and_a_manager_are_flagged() {
        let now = Utc::now();
        let recent = Some(now - chrono::TimeDelta::days(3));
        let old = Some(now - chrono::TimeDelta::days(IDLE_DAYS + 1));
        assert_eq!(
            flags(
                &row(UserRole::Member, DirectoryStatus::Current),
                recent,
                now
            ),
            vec![]
        );
        assert_eq!(
            flags(&row(UserRole::Member, DirectoryStatus::Left), recent, now),
            vec![Flag::LeaverPresent]
        );
        assert_eq!(
            flags(&row(UserRole::Member, DirectoryStatus::Missing), old, now),
            vec![Flag::LeaverPresent, Flag::Idle]
        );
        assert_eq!(
            flags(
                &row(UserRole::Manager, DirectoryStatus::NoSource),
                None,
                now
            ),
            vec![Flag::Idle, Flag::Manager]
        );
    }
}
