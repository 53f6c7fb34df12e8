//! The tables of the reports that are not the history's records: the time card of the period
//! (each person's first entry and last exit per day, from the archive), the watcher's alerts
//! raised in the period (from the alert store), the batteries to replace (from the locks, now)
//! and the journal of the period, with headers in the report's language. Written by
//! `lockdesk_archive::table` as CSV, JSON Lines or a workbook.

use chrono::{DateTime, FixedOffset, Utc};
use lockdesk_archive::table::{Cell, Column, Table};
use lockdesk_archive::{Language, TimecardRow, Zone};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::journal::activity::{changes_text, headers as activity_headers};
use crate::journal::{Journal, JournalQuery};
use crate::locks::commands::{locks_list, LocksListRequest};
use crate::locks::view::battery_readings;
use crate::watch::words::{alert_line, part_word, plain, rule_title, MessageLanguage};
use crate::watch::{load_rules, low_battery, rules_path, AlertQuery, AlertStore, AlertView};

fn message_language(lang: Language) -> MessageLanguage {
    match lang {
        Language::En => MessageLanguage::En,
        Language::Ja => MessageLanguage::Ja,
    }
}

fn columns(lang: Language, spec: &[(&'static str, &str, &str, f64)]) -> Vec<Column> {
    spec.iter()
        .map(|&(key, en, ja, width)| Column {
            key,
            title: match lang {
                Language::En => en,
                Language::Ja => ja,
            }
            .to_owned(),
            width,
        })
        .collect()
}

/// The time card: a row per person per day, in the order the archive gives (day, then name).
pub(crate) fn timecard(rows: Vec<TimecardRow>, lang: Language, zone: Zone) -> Table {
    Table {
        sheet: match lang {
            Language::En => "Time card",
            Language::Ja => "タイムカード",
        }
        .to_owned(),
        columns: columns(
            lang,
            &[
                ("date", "Date", "日付", 12.0),
                ("user_id", "User ID", "ユーザーID", 24.0),
                ("user_name", "User", "ユーザー名", 22.0),
                ("user_mail", "E-mail", "メールアドレス", 30.0),
                ("first_entry", "First entry", "最初の入室", 20.0),
                ("last_exit", "Last exit", "最後の退室", 20.0),
                ("records", "Records", "記録数", 10.0),
            ],
        ),
        rows: rows
            .into_iter()
            .map(|r| {
                vec![
                    Cell::Date(r.date),
                    Cell::Text(r.user_id),
                    r.user_name.into(),
                    r.user_mail.into(),
                    r.first_entry.into(),
                    r.last_exit.into(),
                    Cell::Count(r.records),
                ]
            })
            .collect(),
        zone,
        note: None,
        language: lang,
    }
}

/// The organization's alerts raised from `start` (inclusive) to `end` (exclusive), oldest
/// first; muted ones are left out, as they were never raised.
pub(crate) fn alerts_of_period(
    ctx: &AppContext,
    org: &str,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Result<Vec<AlertView>> {
    let store = AlertStore::new(&ctx.core().data_folder()?).with_clock(ctx.core().clock.clone());
    let mut found = Vec::new();
    let mut query = AlertQuery {
        limit: 1000,
        ..Default::default()
    };
    // Newest raised first: pages until one reaches before the period.
    loop {
        let (page, _) = store.list(org, &query).map_err(Error::from)?;
        let last = page.len() < query.limit as usize;
        let before = page.last().is_some_and(|a| a.raised_at < start);
        found.extend(
            page.into_iter()
                .filter(|a| a.raised_at >= start && a.raised_at < end),
        );
        if last || before {
            break;
        }
        query.offset += query.limit;
    }
    found.reverse();
    Ok(found)
}

/// The alerts: when raised, what happened and when, the lock, the person, and when it was
/// acknowledged; the details in words as a chat message gives them.
pub(crate) fn alerts(
    alerts: &[AlertView],
    lang: Language,
    zone: Zone,
    offset_minutes: i32,
) -> Table {
    let words = message_language(lang);
    let fixed = FixedOffset::east_opt(offset_minutes * 60)
        .unwrap_or(FixedOffset::east_opt(0).expect("UTC"));
    Table {
        sheet: match lang {
            Language::En => "Alerts",
            Language::Ja => "見守りの通知",
        }
        .to_owned(),
        columns: columns(
            lang,
            &[
                ("raised_at", "Raised", "通知日時", 20.0),
                ("rule", "Alert", "種類", 24.0),
                ("at", "Happened", "発生日時", 20.0),
                ("lock_id", "Lock ID", "錠ID", 16.0),
                ("lock_name", "Lock", "錠名", 24.0),
                ("user", "User", "ユーザー", 24.0),
                ("details", "Details", "内容", 60.0),
                ("acknowledged_at", "Acknowledged", "確認日時", 20.0),
            ],
        ),
        rows: alerts
            .iter()
            .map(|a| {
                let f = &a.finding;
                vec![
                    Cell::Time(a.raised_at),
                    Cell::Text(rule_title(f.rule, words).to_owned()),
                    Cell::Time(f.at),
                    Cell::Text(f.lock_id.clone()),
                    f.lock_name.clone().into(),
                    f.user_name.clone().or_else(|| f.user_mail.clone()).into(),
                    Cell::Text(plain(&alert_line(a, words, fixed))),
                    a.acknowledged_at.into(),
                ]
            })
            .collect(),
        zone,
        note: None,
        language: lang,
    }
}

/// The batteries below the organization's threshold now, lowest first: the replacement list.
pub(crate) async fn batteries(
    ctx: &AppContext,
    org: &str,
    lang: Language,
    zone: Zone,
) -> Result<Table> {
    let rules = load_rules(&rules_path(&ctx.core().config_dir, org))?;
    let locks = locks_list(ctx, LocksListRequest::default()).await?.locks;
    let now = ctx.core().clock.now();
    let mut low: Vec<_> = low_battery(
        &battery_readings(&locks),
        rules.low_battery.threshold_percent,
        now,
    )
    .into_iter()
    .filter(|f| f.part.is_some() && f.percent.is_some())
    .collect();
    low.sort_by_key(|f| f.percent);
    let words = message_language(lang);
    Ok(Table {
        sheet: match lang {
            Language::En => "Batteries",
            Language::Ja => "電池交換",
        }
        .to_owned(),
        columns: columns(
            lang,
            &[
                ("lock_id", "Lock ID", "錠ID", 16.0),
                ("lock_name", "Lock", "錠名", 24.0),
                ("part", "Device", "部位", 18.0),
                ("percent", "Battery (%)", "電池残量（%）", 14.0),
                ("seen_at", "Read at", "確認日時", 20.0),
            ],
        ),
        rows: low
            .into_iter()
            .map(|f| {
                vec![
                    Cell::Text(f.lock_id.clone()),
                    f.lock_name.clone().into(),
                    f.part
                        .map(|p| Cell::Text(part_word(p, words).to_owned()))
                        .unwrap_or(Cell::Empty),
                    Cell::Count(f.percent.unwrap_or_default().clamp(0, 100) as u64),
                    Cell::Time(f.at),
                ]
            })
            .collect(),
        zone,
        note: None,
        language: lang,
    })
}

/// The journal's entries of the organization from `start` to `end`, oldest first, with the
/// activity export's columns.
pub(crate) fn journal(
    ctx: &AppContext,
    org: &str,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    lang: Language,
    zone: Zone,
) -> Result<Table> {
    let journal = Journal::new(&ctx.core().data_folder()?).with_clock(ctx.core().clock.clone());
    let mut query = JournalQuery {
        since: Some(start),
        until: Some(end),
        operations: Vec::new(),
        outcome: None,
        text: None,
        offset: 0,
        limit: 1000,
    };
    let mut entries = Vec::new();
    loop {
        let (page, total) = journal.list(&query).map_err(Error::from)?;
        let n = page.len() as u32;
        entries.extend(page);
        query.offset += n;
        if n == 0 || u64::from(query.offset) >= total {
            break;
        }
    }
    entries.retain(|e| e.organization_id.as_deref().is_none_or(|o| o == org) && e.at < end);
    entries.sort_by_key(|e| (e.at, e.id));
    let keys = [
        "at",
        "connection",
        "account",
        "organization_id",
        "operation",
        "target_id",
        "target_name",
        "changes",
        "outcome",
    ];
    let widths = [20.0, 16.0, 24.0, 18.0, 22.0, 18.0, 24.0, 50.0, 14.0];
    let titles = activity_headers(lang);
    Ok(Table {
        sheet: match lang {
            Language::En => "Activity",
            Language::Ja => "操作履歴",
        }
        .to_owned(),
        columns: keys
            .iter()
            .zip(titles)
            .zip(widths)
            .map(|((key, title), width)| Column {
                key,
                // The time is shown in the organization's zone, not UTC as the export says.
                title: title.replace(" (UTC)", "").to_owned(),
                width,
            })
            .collect(),
        rows: entries
            .iter()
            .map(|e| {
                vec![
                    Cell::Time(e.at),
                    e.connection.clone().into(),
                    e.account.clone().into(),
                    e.organization_id.clone().into(),
                    Cell::Text(e.operation.as_str().to_owned()),
                    e.target_id.clone().into(),
                    e.target_name.clone().into(),
                    Cell::Text(changes_text(e)),
                    Cell::Text(e.outcome.clone()),
                ]
            })
            .collect(),
        zone,
        note: None,
        language: lang,
    })
}
