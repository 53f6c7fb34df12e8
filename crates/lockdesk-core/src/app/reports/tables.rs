//! The tables of the reports that are not the history's records: the time card of the period
//! (each person's first entry and last exit per day, from the archive) and the watcher's alerts
//! raised in the period (from the alert store), with headers in the report's language. Written
//! by `lockdesk_archive::table` as CSV, JSON Lines or a workbook.

use chrono::{DateTime, FixedOffset, Utc};
use lockdesk_archive::table::{Cell, Column, Table};
use lockdesk_archive::{Language, TimecardRow, Zone};

use crate::app::AppContext;
use crate::error::{Error, Result};
use crate::team_alerts::words::{alert_line, plain, rule_title};
use crate::team_alerts::MessageLanguage;
use crate::watch::{AlertQuery, AlertStore, AlertView};

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
pub(super) fn timecard(rows: Vec<TimecardRow>, lang: Language, zone: Zone) -> Table {
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
    }
}

/// The organization's alerts raised from `start` (inclusive) to `end` (exclusive), oldest
/// first; muted ones are left out, as they were never raised.
pub(super) fn alerts_of_period(
    ctx: &AppContext,
    org: &str,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Result<Vec<AlertView>> {
    let store = AlertStore::new(&ctx.core().data_folder()?);
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
pub(super) fn alerts(
    alerts: &[AlertView],
    lang: Language,
    zone: Zone,
    offset_minutes: i32,
) -> Table {
    let words = match lang {
        Language::En => MessageLanguage::En,
        Language::Ja => MessageLanguage::Ja,
    };
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
    }
}
