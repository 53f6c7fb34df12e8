//! The parts of Today, each on its own: a part that fails names what is missing and the others
//! still answer. The conditions are the watcher's rule functions; only the windows are Today's.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use lockdesk_api::ApiVersion;
use lockdesk_archive::{Archive, Completeness, HistoryFilter, HistoryRow};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::Error;
use crate::history::store::{archive_unless_updating, UPDATE_WAIT};
use crate::invitations::{invitations_list, InvitationsListRequest};
use crate::locks::commands::{locks_list, LocksListRequest};
use crate::locks::view::{battery_readings, LockView};
use crate::today::parts::{
    AfterHoursReason, TodayAfterHours, TodayAfterHoursEntry, TodayBatteries, TodayBattery,
    TodayHealth, TodayInvitation, TodayInvitations, TodayLockDay, TodayMissing, TodaySilent,
    TodaySilentLock, TodayYesterday,
};
use crate::users::view::InvitationState;
use crate::watch::{
    is_japanese_holiday, lock_activity, low_battery, outside_hours, silent_locks, OfficeHours,
    WatchRules,
};

type Part<T> = std::result::Result<T, TodayMissing>;

fn failed(e: &Error) -> TodayMissing {
    TodayMissing::Failed {
        code: e.code().as_str().to_owned(),
    }
}

/// `date` at `minute` after local midnight in the office's zone (1,440 is the next midnight).
fn local_instant(hours: &OfficeHours, date: NaiveDate, minute: u32) -> DateTime<Utc> {
    let midnight = date.and_hms_opt(0, 0, 0).expect("midnight");
    let local = hours
        .zone()
        .from_local_datetime(&midnight)
        .single()
        .expect("fixed offsets are unambiguous");
    (local + Duration::minutes(i64::from(minute))).with_timezone(&Utc)
}

/// Where "last night" starts: the close of the last office day before today (weekends and
/// holidays in between included), at most 7 days back (then midnight 7 days ago).
pub fn after_hours_window_start(now: DateTime<Utc>, hours: &OfficeHours) -> DateTime<Utc> {
    let today = now.with_timezone(&hours.zone()).date_naive();
    for back in 1..=7 {
        let day = today - Duration::days(back);
        if hours.is_office_day(day) {
            return local_instant(hours, day, hours.end_minute);
        }
    }
    local_instant(hours, today - Duration::days(7), 0)
}

/// Yesterday differs from the average by half of it or more, and by 5 records or more.
pub fn is_unusual(yesterday: u32, average: f64) -> bool {
    let diff = (f64::from(yesterday) - average).abs();
    diff >= (average * 0.5).max(5.0)
}

fn reason(hours: &OfficeHours, at: DateTime<Utc>) -> AfterHoursReason {
    let date = at.with_timezone(&hours.zone()).date_naive();
    let weekday = date.weekday().num_days_from_sunday() as u8;
    if !hours.days.contains(&weekday) {
        AfterHoursReason::DayOff
    } else if hours.holidays_off && is_japanese_holiday(date) {
        AfterHoursReason::Holiday
    } else {
        AfterHoursReason::Night
    }
}

pub(crate) async fn locks(ctx: &AppContext) -> Part<Vec<LockView>> {
    locks_list(ctx, LocksListRequest::default())
        .await
        .map(|l| l.locks)
        .map_err(|e| failed(&e))
}

/// The archive, the end of its newest sync, and how far back it holds every lock completely.
pub(crate) struct Source {
    archive: Arc<Archive>,
    synced_at: Option<DateTime<Utc>>,
    complete: Completeness,
}

pub(crate) async fn archive(ctx: &AppContext) -> Part<Source> {
    if ctx.archive_override().is_none() && ctx.profile_for(ApiVersion::V2).is_err() {
        return Err(TodayMissing::HistoryConnection);
    }
    let archive = match archive_unless_updating(ctx, UPDATE_WAIT).await {
        Ok(Some(archive)) => archive,
        Ok(None) => return Err(TodayMissing::ArchiveUpdating),
        Err(e) => return Err(failed(&e)),
    };
    let stats = archive.stats().map_err(|e| failed(&Error::from(e)))?;
    let synced_at = stats.locks.iter().filter_map(|l| l.synced_until).max();
    let complete = Completeness::all_synced(stats.locks.iter().map(|l| &l.complete));
    Ok(Source {
        archive,
        synced_at,
        complete,
    })
}

pub(crate) fn batteries(
    locks: &Part<Vec<LockView>>,
    rules: &WatchRules,
    now: DateTime<Utc>,
) -> TodayBatteries {
    let threshold_percent = rules.low_battery.threshold_percent;
    let (items, missing) = match locks {
        Ok(locks) => {
            let mut items: Vec<TodayBattery> =
                low_battery(&battery_readings(locks), threshold_percent, now)
                    .into_iter()
                    .filter_map(|f| {
                        Some(TodayBattery {
                            lock_id: f.lock_id,
                            lock_name: f.lock_name,
                            part: f.part?,
                            percent: f.percent?,
                        })
                    })
                    .collect();
            items.sort_by_key(|b| b.percent);
            (items, None)
        }
        Err(m) => (Vec::new(), Some(m.clone())),
    };
    TodayBatteries {
        threshold_percent,
        items,
        missing,
    }
}

struct ArchiveParts {
    silent: Vec<TodaySilentLock>,
    after_hours: Vec<TodayAfterHoursEntry>,
    yesterday: Vec<TodayLockDay>,
}

fn read_archive(
    archive: &Archive,
    lock_ids: Vec<(String, Option<String>)>,
    rules: &WatchRules,
    hours: &OfficeHours,
    from: DateTime<Utc>,
    now: DateTime<Utc>,
    yesterday: NaiveDate,
) -> lockdesk_archive::Result<ArchiveParts> {
    let names: HashMap<String, Option<String>> = lock_ids.iter().cloned().collect();
    let activity = lock_activity(archive, &lock_ids, now)?;
    let mut silent: Vec<TodaySilentLock> = silent_locks(&activity, rules.silent_lock.days, now)
        .into_iter()
        .map(|f| TodaySilentLock {
            lock_id: f.lock_id,
            lock_name: f.lock_name,
            last_record_at: f.at,
        })
        .collect();
    silent.sort_by_key(|s| s.last_record_at);

    // One pass over the 8 days before today and last night.
    let (week_start, today_start) = week_of(hours, yesterday);
    let yesterday_start = local_instant(hours, yesterday, 0);
    let mut night: Vec<HistoryRow> = Vec::new();
    let mut per_day: BTreeMap<String, (u32, u32, Option<String>)> = BTreeMap::new();
    let filter = HistoryFilter {
        from: Some(from.min(week_start)),
        til: Some(now),
        ..Default::default()
    };
    archive.scan(&filter, |r| {
        if !names.contains_key(&r.lock_id) {
            return;
        }
        if r.created_at >= week_start && r.created_at < today_start {
            let e = per_day
                .entry(r.lock_id.clone())
                .or_insert((0, 0, r.lock_name.clone()));
            if r.created_at >= yesterday_start {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
        if r.created_at >= from {
            night.push(r);
        }
    })?;
    let after_hours = outside_hours(&night, hours)
        .into_iter()
        .map(|f| TodayAfterHoursEntry {
            reason: reason(hours, f.at),
            at: f.at,
            lock_id: f.lock_id,
            lock_name: f.lock_name,
            user_id: f.user_id,
            user_name: f.user_name,
            user_mail: f.user_mail,
        })
        .collect();
    let mut days: Vec<TodayLockDay> = per_day
        .into_iter()
        .map(|(lock_id, (y, week, archived_name))| {
            let average = f64::from(week) / 7.0;
            TodayLockDay {
                lock_name: names.get(&lock_id).cloned().flatten().or(archived_name),
                lock_id,
                yesterday: y,
                average,
                unusual: is_unusual(y, average),
            }
        })
        .collect();
    let diff = |d: &TodayLockDay| (f64::from(d.yesterday) - d.average).abs();
    days.sort_by(|a, b| {
        b.unusual
            .cmp(&a.unusual)
            .then(diff(b).total_cmp(&diff(a)))
            .then(a.lock_name.cmp(&b.lock_name))
    });
    Ok(ArchiveParts {
        silent,
        after_hours,
        yesterday: days,
    })
}

/// Where the 7 days before yesterday start, and where today starts.
fn week_of(hours: &OfficeHours, yesterday: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    (
        local_instant(hours, yesterday - Duration::days(7), 0),
        local_instant(hours, yesterday + Duration::days(1), 0),
    )
}

pub(crate) async fn from_archive(
    source: &Part<Source>,
    locks: &Part<Vec<LockView>>,
    rules: &WatchRules,
    hours: &OfficeHours,
    now: DateTime<Utc>,
) -> (TodaySilent, TodayAfterHours, TodayYesterday) {
    let from = after_hours_window_start(now, hours);
    let yesterday = now.with_timezone(&hours.zone()).date_naive() - Duration::days(1);
    // A part that needs records the archive does not hold yet (a first sync still fetching
    // older history) says so instead of counting part of them.
    let held = |from: DateTime<Utc>, til: DateTime<Utc>| match source {
        Ok(s) if !s.complete.covers(from, til) => Some(TodayMissing::ArchiveIncomplete {
            complete: s.complete.clone(),
        }),
        _ => None,
    };
    let (week_start, today_start) = week_of(hours, yesterday);
    let night_missing = held(from, from);
    let week_missing = held(week_start, today_start);
    let answer = |parts: Option<ArchiveParts>, missing: Option<TodayMissing>| {
        let p = parts.unwrap_or(ArchiveParts {
            silent: Vec::new(),
            after_hours: Vec::new(),
            yesterday: Vec::new(),
        });
        let (night, week) = match &missing {
            Some(_) => (missing.clone(), missing.clone()),
            None => (night_missing.clone(), week_missing.clone()),
        };
        (
            TodaySilent {
                days: rules.silent_lock.days,
                items: p.silent,
                missing: missing.clone(),
            },
            TodayAfterHours {
                from,
                til: now,
                items: if night.is_some() {
                    Vec::new()
                } else {
                    p.after_hours
                },
                missing: night,
            },
            TodayYesterday {
                date: yesterday,
                locks: if week.is_some() {
                    Vec::new()
                } else {
                    p.yesterday
                },
                missing: week,
            },
        )
    };
    let source = match source {
        Ok(s) if s.synced_at.is_some() => s,
        Ok(_) => return answer(None, Some(TodayMissing::ArchiveSync)),
        Err(m) => return answer(None, Some(m.clone())),
    };
    // The organization's locks; without them (the service did not answer), the archived ones.
    let lock_ids: Vec<(String, Option<String>)> = match locks {
        Ok(locks) => locks
            .iter()
            .map(|l| (l.id.clone(), l.has_name.then(|| l.name.clone())))
            .collect(),
        Err(_) => match source.archive.stats() {
            Ok(s) => s.locks.into_iter().map(|l| (l.lock_id, l.name)).collect(),
            Err(e) => return answer(None, Some(failed(&Error::from(e)))),
        },
    };
    let archive = source.archive.clone();
    let (rules, hours) = (rules.clone(), hours.clone());
    let read = tokio::task::spawn_blocking(move || {
        read_archive(&archive, lock_ids, &rules, &hours, from, now, yesterday)
    })
    .await;
    match read {
        Ok(Ok(parts)) => answer(Some(parts), None),
        Ok(Err(e)) => answer(None, Some(failed(&Error::from(e)))),
        Err(e) => answer(
            None,
            Some(failed(&Error::Archive(lockdesk_archive::Error::Export(
                e.to_string(),
            )))),
        ),
    }
}

pub(crate) async fn invitations(ctx: &AppContext, now: DateTime<Utc>) -> TodayInvitations {
    let list = match invitations_list(ctx, InvitationsListRequest::default()).await {
        Ok(l) => l.invitations,
        Err(e) => {
            return TodayInvitations {
                items: Vec::new(),
                missing: Some(failed(&e)),
            }
        }
    };
    let soon = now + Duration::hours(24);
    let lapsed = now - Duration::days(7);
    let mut items: Vec<TodayInvitation> = list
        .into_iter()
        .filter_map(|i| {
            let expires_at = i.expires_at?;
            let expired = expires_at <= now || i.status == Some(InvitationState::Expired);
            let waiting = i.status.is_none() || i.status == Some(InvitationState::Active);
            let shown = if expired {
                expires_at > lapsed
            } else {
                waiting && expires_at <= soon
            };
            shown.then_some(TodayInvitation {
                id: i.id,
                mail: i.mail,
                mail_masked: i.mail_masked,
                authority: i.authority,
                code: i.code,
                expires_at,
                expired,
            })
        })
        .collect();
    items.sort_by(|a, b| {
        a.expired.cmp(&b.expired).then(if a.expired {
            b.expires_at.cmp(&a.expires_at)
        } else {
            a.expires_at.cmp(&b.expires_at)
        })
    });
    TodayInvitations {
        items,
        missing: None,
    }
}

pub(crate) async fn health(ctx: &AppContext, source: &Part<Source>) -> TodayHealth {
    let history = crate::sessions::status::status(ctx)
        .ok()
        .and_then(|s| s.history);
    let watch = crate::watch::commands::watch_status(ctx, NoArgs {})
        .await
        .ok();
    TodayHealth {
        history_profile: history.as_ref().map(|h| h.name.clone()),
        history_signed_in: history.as_ref().is_some_and(|h| h.signed_in),
        history_expires_at: history.and_then(|h| h.expires_at),
        archive_synced_at: source.as_ref().ok().and_then(|s| s.synced_at),
        archive_updating: matches!(source, Err(TodayMissing::ArchiveUpdating)),
        watch_last_round: watch
            .as_ref()
            .and_then(|w| w.last_round.as_ref().map(|r| r.at)),
        watch_unacknowledged: watch.map_or(0, |w| w.unacknowledged),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hours() -> OfficeHours {
        crate::watch::WatchRules::default().office_hours().unwrap()
    }

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn last_night_starts_at_the_close_of_the_last_office_day() {
        // Tuesday 2026-11-24 after 勤労感謝の日 (Monday): Friday's close.
        assert_eq!(
            after_hours_window_start(t("2026-11-24T10:00:00+09:00"), &hours()),
            t("2026-11-20T20:00:00+09:00")
        );
        // Wednesday: Tuesday's close.
        assert_eq!(
            after_hours_window_start(t("2026-11-25T07:00:00+09:00"), &hours()),
            t("2026-11-24T20:00:00+09:00")
        );
        // Without holidays off, Monday 2026-11-23 is an office day.
        let mut h = hours();
        h.holidays_off = false;
        assert_eq!(
            after_hours_window_start(t("2026-11-24T10:00:00+09:00"), &h),
            t("2026-11-23T20:00:00+09:00")
        );
    }

    #[test]
    fn unusual_means_half_the_average_and_five_records() {
        assert!(is_unusual(15, 10.0));
        assert!(!is_unusual(14, 10.0));
        assert!(is_unusual(5, 10.0));
        assert!(!is_unusual(6, 10.0));
        // Few records: a difference under 5 is never unusual.
        assert!(!is_unusual(4, 0.0));
        assert!(is_unusual(5, 0.0));
    }

    #[test]
    fn reasons_name_day_off_holiday_and_night() {
        let h = hours();
        assert_eq!(
            reason(&h, t("2026-11-21T14:00:00+09:00")),
            AfterHoursReason::DayOff
        );
        assert_eq!(
            reason(&h, t("2026-11-23T10:00:00+09:00")),
            AfterHoursReason::Holiday
        );
        assert_eq!(
            reason(&h, t("2026-11-24T07:59:00+09:00")),
            AfterHoursReason::Night
        );
    }
}
