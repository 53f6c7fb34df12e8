//! The watcher's five rules as pure functions over their inputs: the locks' batteries as
//! [`BatteryReading`]s (the app makes them from its lock views), archived records ([`HistoryRow`], oldest first, as
//! [`lockdesk_archive::Archive::scan`] gives them) and the clock passed in. No store, no network:
//! the watch round and the Today overview call the same functions with their own windows.
//!
//! Every [`Finding`] has a stable `key` (rule, target and the event or time that makes it
//! unique), so the alert store can tell a new finding from one already raised.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, FixedOffset, NaiveDate, Timelike, Utc};
use lockdesk_archive::{Completeness, HistoryRow};
use serde::{Deserialize, Serialize};

/// The five kinds of rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    LowBattery,
    UnlockedTooLong,
    OutsideHours,
    ListedUser,
    SilentLock,
    /// Someone the company's directory says left (or does not list) is still a user.
    LeaverStillUser,
}

impl RuleKind {
    pub const ALL: [RuleKind; 6] = [
        RuleKind::LowBattery,
        RuleKind::UnlockedTooLong,
        RuleKind::OutsideHours,
        RuleKind::ListedUser,
        RuleKind::SilentLock,
        RuleKind::LeaverStillUser,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleKind::LowBattery => "low_battery",
            RuleKind::UnlockedTooLong => "unlocked_too_long",
            RuleKind::OutsideHours => "outside_hours",
            RuleKind::ListedUser => "listed_user",
            RuleKind::SilentLock => "silent_lock",
            RuleKind::LeaverStillUser => "leaver_still_user",
        }
    }

    pub fn parse(s: &str) -> Option<RuleKind> {
        RuleKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// Which part of a lock a battery belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BatteryPart {
    /// The lock itself.
    Lock,
    NfcReaderInside,
    NfcReaderOutside,
    DoorSensor,
}

impl BatteryPart {
    pub fn as_str(self) -> &'static str {
        match self {
            BatteryPart::Lock => "lock",
            BatteryPart::NfcReaderInside => "nfc_reader_inside",
            BatteryPart::NfcReaderOutside => "nfc_reader_outside",
            BatteryPart::DoorSensor => "door_sensor",
        }
    }
}

/// One battery as the rules see it: a lock's own, or one of its devices'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatteryReading {
    pub lock_id: String,
    /// `None` when the lock has no name of its own.
    pub lock_name: Option<String>,
    pub part: BatteryPart,
    pub percent: i32,
}

/// One thing a rule found, as data (each front end words it). Names come from the service and
/// are hostile: print them through Svelte text bindings or lockctl's `clean()` only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Finding {
    /// Stable identity: the same condition found again gives the same key.
    pub key: String,
    pub rule: RuleKind,
    /// What a mute names with the rule: the lock id (`lock_id/part` for a battery), or the
    /// user id for a listed user.
    pub target: String,
    pub lock_id: String,
    pub lock_name: Option<String>,
    /// The time of the event: the record's time; for a battery, when it was seen; for a
    /// silent lock, its last record.
    pub at: DateTime<Utc>,
    /// The low battery's part and percentage.
    pub part: Option<BatteryPart>,
    pub percent: Option<i32>,
    /// The person of the record (outside hours, listed user).
    pub user_id: Option<String>,
    pub user_name: Option<String>,
    pub user_mail: Option<String>,
    /// Unlocked too long: when it was locked again (absent: not yet). Listed user: the record
    /// was a locking.
    pub locked_at: Option<DateTime<Utc>>,
    pub is_locked: Option<bool>,
}

impl Finding {
    /// A finding with the fields every rule sets; the rest are the rule's to fill.
    pub fn new(
        rule: RuleKind,
        key: String,
        target: String,
        lock_id: &str,
        at: DateTime<Utc>,
    ) -> Self {
        Finding {
            key,
            rule,
            target,
            lock_id: lock_id.to_owned(),
            lock_name: None,
            at,
            part: None,
            percent: None,
            user_id: None,
            user_name: None,
            user_mail: None,
            locked_at: None,
            is_locked: None,
        }
    }

    fn from_record(rule: RuleKind, key: String, target: String, r: &HistoryRow) -> Self {
        let mut f = Finding::new(rule, key, target, &r.lock_id, r.created_at);
        f.lock_name = r.lock_name.clone();
        f.user_id = r.user_id.clone();
        f.user_name = r.user_name.clone();
        f.user_mail = r.user_mail.clone();
        f
    }
}

fn battery_target(r: &BatteryReading) -> String {
    format!("{}/{}", r.lock_id, r.part.as_str())
}

fn battery_key(target: &str) -> String {
    format!("low_battery:{target}")
}

/// Low battery: every part of every lock (the lock itself, inside and outside readers, door
/// sensor) whose battery is below `threshold_percent` (20 means 19 % fires, 20 % does not).
/// The key is rule, lock and part: a battery that stays low is one alert (until it has
/// recovered, [`recovered_batteries`]).
pub fn low_battery(
    readings: &[BatteryReading],
    threshold_percent: u8,
    now: DateTime<Utc>,
) -> Vec<Finding> {
    readings
        .iter()
        .filter(|r| r.percent < i32::from(threshold_percent))
        .map(|r| {
            let target = battery_target(r);
            let mut f = Finding::new(
                RuleKind::LowBattery,
                battery_key(&target),
                target,
                &r.lock_id,
                now,
            );
            f.lock_name = r.lock_name.clone();
            f.part = Some(r.part);
            f.percent = Some(r.percent);
            f
        })
        .collect()
}

/// How far above the threshold a battery must read before its low-battery alert is over: a
/// replaced battery reads far above it, a reading wavering around the threshold does not, so
/// it is not raised again at every dip.
pub const BATTERY_RECOVERY_MARGIN: i32 = 10;

/// The low-battery keys of the parts that read at least `threshold_percent` +
/// [`BATTERY_RECOVERY_MARGIN`] now (a battery replaced): their alert is over, and the same part
/// running low again later is a new alert.
pub fn recovered_batteries(readings: &[BatteryReading], threshold_percent: u8) -> Vec<String> {
    let recovered = i32::from(threshold_percent) + BATTERY_RECOVERY_MARGIN;
    readings
        .iter()
        .filter(|r| r.percent >= recovered)
        .map(|r| battery_key(&battery_target(r)))
        .collect()
}

/// Unlocked too long: an unlocking (the first of a run of unlockings of one lock) not followed
/// by a locking of that lock within `minutes` (locked again exactly `minutes` later is in
/// time). Still unlocked counts once the limit has passed within what the archive holds of the
/// lock (up to `now`). `records` oldest first.
///
/// Only the stretch of each lock the archive holds completely (`complete`, per lock id) is
/// judged: a locking not fetched yet must not make an unlocking look endless, nor pair it with a
/// later one. A lock not in `complete` is not judged.
pub fn unlocked_too_long(
    records: &[HistoryRow],
    complete: &HashMap<String, Completeness>,
    minutes: u32,
    now: DateTime<Utc>,
) -> Vec<Finding> {
    let limit = Duration::minutes(i64::from(minutes));
    let held = |r: &HistoryRow| {
        complete
            .get(&r.lock_id)
            .is_some_and(|c| c.covers(r.created_at, r.created_at))
    };
    // Per lock: the unlocking that opened the current run.
    let mut open: HashMap<&str, &HistoryRow> = HashMap::new();
    let mut out = Vec::new();
    let finding = |r: &HistoryRow, locked_at: Option<DateTime<Utc>>| {
        let mut f = Finding::from_record(
            RuleKind::UnlockedTooLong,
            format!(
                "unlocked_too_long:{}:{}",
                r.lock_id,
                r.created_at.timestamp_millis()
            ),
            r.lock_id.clone(),
            r,
        );
        f.locked_at = locked_at;
        f
    };
    for r in records.iter().filter(|r| held(r)) {
        if r.is_locked {
            if let Some(u) = open.remove(r.lock_id.as_str()) {
                if r.created_at - u.created_at > limit {
                    out.push(finding(u, Some(r.created_at)));
                }
            }
        } else {
            open.entry(r.lock_id.as_str()).or_insert(r);
        }
    }
    let mut still: Vec<&HistoryRow> = open.into_values().collect();
    still.sort_by_key(|r| (r.created_at, r.lock_id.clone()));
    for u in still {
        let known_until = complete[&u.lock_id]
            .until()
            .map_or(now, |until| until.min(now));
        if known_until - u.created_at > limit {
            out.push(finding(u, None));
        }
    }
    out
}

/// When entries are expected: days of the week, a daily time span (local to `utc_offset_minutes`),
/// and whether Japanese public holidays are days off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfficeHours {
    /// 0 = Sunday … 6 = Saturday.
    pub days: Vec<u8>,
    /// Minutes after midnight: entries from `start` (inclusive) to `end` (exclusive) are in hours.
    pub start_minute: u32,
    pub end_minute: u32,
    pub holidays_off: bool,
    pub utc_offset_minutes: i32,
}

impl OfficeHours {
    /// Whether `at` falls in office hours.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        let local = at.with_timezone(&self.zone());
        let weekday = local.weekday().num_days_from_sunday() as u8;
        if !self.days.contains(&weekday)
            || (self.holidays_off && is_japanese_holiday(local.date_naive()))
        {
            return false;
        }
        let minute = local.hour() * 60 + local.minute();
        (self.start_minute..self.end_minute).contains(&minute)
    }

    /// Whether the local `date` is an office day: one of `days`, and not a Japanese public
    /// holiday when holidays are off (Today's "last night" starts at the last one's close).
    pub fn is_office_day(&self, date: NaiveDate) -> bool {
        let weekday = date.weekday().num_days_from_sunday() as u8;
        self.days.contains(&weekday) && !(self.holidays_off && is_japanese_holiday(date))
    }

    /// The office's zone.
    pub fn zone(&self) -> FixedOffset {
        FixedOffset::east_opt(self.utc_offset_minutes * 60)
            .unwrap_or_else(|| FixedOffset::east_opt(0).expect("zero offset"))
    }
}

/// Whether `date` is a Japanese public holiday (substitute and citizens' holidays included),
/// from the `jpholiday` crate's rules (a port of the Python `jpholiday`: the Act on National
/// Holidays as rules, so later years need no list). Callers over many records cache per date.
pub fn is_japanese_holiday(date: NaiveDate) -> bool {
    jpholiday::jpholiday::JPHoliday::new().is_holiday(&date)
}

/// An entry: an unlocking by a person (a record with a user).
fn is_entry(r: &HistoryRow) -> bool {
    !r.is_locked && r.user_id.is_some()
}

/// Entries outside office hours: every unlocking by a person at a time `hours` does not
/// contain (another day, before the start, from the end on, a holiday when holidays are off).
pub fn outside_hours(records: &[HistoryRow], hours: &OfficeHours) -> Vec<Finding> {
    // Holidays are looked up once per local date.
    let mut days: HashMap<NaiveDate, bool> = HashMap::new();
    let zone = hours.zone();
    records
        .iter()
        .filter(|r| is_entry(r))
        .filter(|r| {
            let local = r.created_at.with_timezone(&zone);
            let date = local.date_naive();
            let weekday = local.weekday().num_days_from_sunday() as u8;
            let workday = hours.days.contains(&weekday)
                && !(hours.holidays_off
                    && *days
                        .entry(date)
                        .or_insert_with(|| is_japanese_holiday(date)));
            let minute = local.hour() * 60 + local.minute();
            !(workday && (hours.start_minute..hours.end_minute).contains(&minute))
        })
        .map(|r| {
            let user = r.user_id.clone().unwrap_or_default();
            Finding::from_record(
                RuleKind::OutsideHours,
                format!(
                    "outside_hours:{}:{}:{}",
                    r.lock_id,
                    user,
                    r.created_at.timestamp_millis()
                ),
                r.lock_id.clone(),
                r,
            )
        })
        .collect()
}

/// Activity by listed users: every record (locking or unlocking) whose user id, or e-mail
/// address (any case), is in `users`.
pub fn listed_users(records: &[HistoryRow], users: &[String]) -> Vec<Finding> {
    if users.is_empty() {
        return Vec::new();
    }
    let wanted: Vec<String> = users.iter().map(|u| u.trim().to_lowercase()).collect();
    let listed = |r: &HistoryRow| -> Option<String> {
        let id = r.user_id.as_deref()?;
        let by_id = wanted.iter().any(|w| w == &id.to_lowercase());
        let by_mail = r
            .user_mail
            .as_deref()
            .is_some_and(|m| wanted.iter().any(|w| w == &m.to_lowercase()));
        (by_id || by_mail).then(|| id.to_owned())
    };
    records
        .iter()
        .filter_map(|r| {
            let user = listed(r)?;
            let mut f = Finding::from_record(
                RuleKind::ListedUser,
                format!(
                    "listed_user:{user}:{}:{}:{}",
                    r.lock_id,
                    r.created_at.timestamp_millis(),
                    if r.is_locked { "locked" } else { "unlocked" }
                ),
                user,
                r,
            );
            f.is_locked = Some(r.is_locked);
            Some(f)
        })
        .collect()
}

/// A lock, its newest archived record (absent: none archived) and how far back the archive
/// holds its history completely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockActivity {
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub last_record_at: Option<DateTime<Utc>>,
    pub complete: Completeness,
}

/// Silent locks: every lock whose newest record is `days` days old or older at `now`, as far as
/// the archive knows: only when it holds everything from that record on, and counted to where
/// it holds the lock's history (a lock is not silent because its records have not arrived). A
/// lock with no archived record is not judged (its silence has no start). The key holds the
/// last record's time: a lock that speaks and falls silent again is a new finding.
pub fn silent_locks(locks: &[LockActivity], days: u32, now: DateTime<Utc>) -> Vec<Finding> {
    let limit = Duration::days(i64::from(days));
    locks
        .iter()
        .filter_map(|l| {
            let last = l.last_record_at?;
            let until = l.complete.until()?.min(now);
            let known = l.complete.covers(last, until);
            (known && until - last >= limit).then(|| {
                let mut f = Finding::new(
                    RuleKind::SilentLock,
                    format!("silent_lock:{}:{}", l.lock_id, last.timestamp_millis()),
                    l.lock_id.clone(),
                    &l.lock_id,
                    last,
                );
                f.lock_name = l.lock_name.clone();
                f
            })
        })
        .collect()
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
