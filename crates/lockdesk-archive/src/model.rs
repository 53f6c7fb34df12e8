//! The plain request and answer types of the archive, serde both ways, so the desktop app can
//! forward its commands to them unchanged and the CLI can print them as JSON.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// Which records: every field narrows; empty lists and `None` mean "any".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct HistoryFilter {
    pub lock_ids: Vec<String>,
    /// Inclusive.
    pub from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub til: Option<DateTime<Utc>>,
    /// A user id (exact), or a piece of a name or e-mail address (case-insensitive for ASCII).
    pub user: Option<String>,
    /// `client_type` values (`mobile_app`, `nfc_outside`, ...).
    pub kinds: Vec<String>,
    /// `Some(true)`: locked only; `Some(false)`: unlocked only.
    pub is_locked: Option<bool>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SortOrder {
    #[default]
    NewestFirst,
    OldestFirst,
    /// By user name, then newest first.
    User,
    /// By lock name, then newest first.
    Lock,
}

/// A page of records.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct HistoryQuery {
    #[serde(flatten)]
    pub filter: HistoryFilter,
    pub sort: SortOrder,
    pub limit: u32,
    pub offset: u64,
    /// Also count every matching record (costs a few ms on large archives).
    pub with_total: bool,
}

impl Default for HistoryQuery {
    fn default() -> Self {
        HistoryQuery {
            filter: HistoryFilter::default(),
            sort: SortOrder::NewestFirst,
            limit: 100,
            offset: 0,
            with_total: false,
        }
    }
}

/// One archived record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryRow {
    pub created_at: DateTime<Utc>,
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub user_id: Option<String>,
    pub user_name: Option<String>,
    pub user_mail: Option<String>,
    pub client_type: String,
    pub is_locked: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryPage {
    pub rows: Vec<HistoryRow>,
    pub total: Option<u64>,
    pub limit: u32,
    pub offset: u64,
}

/// The zone days and hours are counted in, and times exported in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// The computer's zone (daylight saving included).
    #[default]
    Local,
    Utc,
    /// A fixed offset east of UTC, in minutes (Japan: 540).
    Offset {
        minutes: i32,
    },
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct AggregateRequest {
    #[serde(flatten)]
    pub filter: HistoryFilter,
    pub zone: Zone,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DayCount {
    pub date: NaiveDate,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HourOfWeekCount {
    /// 0 = Sunday through 6 = Saturday (as the service numbers days).
    pub weekday: u8,
    pub hour: u8,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserCount {
    /// `None`: records without a user (autolock, hand, button).
    pub user_id: Option<String>,
    pub name: Option<String>,
    pub mail: Option<String>,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KindCount {
    pub client_type: String,
    pub count: u64,
}

/// How many of the people with most records `Aggregates` names: the chart shows ten, and an
/// office of 20,000 would otherwise get every one of them, named, with each chart.
pub const BUSIEST_USERS: usize = 50;

/// Everything the History charts show, from one pass over the matching records.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Aggregates {
    pub total: u64,
    /// Days with records, oldest first.
    pub per_day: Vec<DayCount>,
    /// All 168 hours of the week, Sunday 0:00 first.
    pub per_hour_of_week: Vec<HourOfWeekCount>,
    /// The `BUSIEST_USERS` people with most records, most first.
    pub per_user: Vec<UserCount>,
    /// Most records first.
    pub per_kind: Vec<KindCount>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct TimecardRequest {
    #[serde(flatten)]
    pub filter: HistoryFilter,
    pub zone: Zone,
}

/// One user's day: first entry and last exit (see `timecard.rs` for what counts as which).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimecardRow {
    pub date: NaiveDate,
    pub user_id: String,
    pub user_name: Option<String>,
    pub user_mail: Option<String>,
    pub first_entry: Option<DateTime<Utc>>,
    pub last_exit: Option<DateTime<Utc>>,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    pub records: u64,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// UTF-8 with a byte-order mark, CRLF line ends: Excel opens it with the right characters.
    #[default]
    Csv,
    /// One JSON object per line.
    Jsonl,
    /// An Excel workbook: times as Excel date-times, a frozen header row with filters, widths
    /// that fit, a font with Japanese; a sheet per 1,048,575 records (Excel's limit).
    Xlsx,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Language {
    #[default]
    En,
    Ja,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct ExportRequest {
    #[serde(flatten)]
    pub filter: HistoryFilter,
    pub format: ExportFormat,
    pub zone: Zone,
    pub language: Language,
    /// Oldest first when false (the default), as a spreadsheet is read.
    pub newest_first: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExportSummary {
    pub records: u64,
    pub bytes: u64,
}

/// What the archive holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArchiveStats {
    pub records: u64,
    pub oldest: Option<DateTime<Utc>>,
    pub newest: Option<DateTime<Utc>>,
    pub locks: Vec<ArchivedLock>,
    pub users: u64,
    pub file_bytes: u64,
}

/// How many records of one lock the archive holds, and its newest.
#[derive(Clone, Debug, PartialEq)]
pub struct LockRecords {
    pub records: u64,
    pub newest: Option<DateTime<Utc>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArchivedLock {
    pub lock_id: String,
    pub name: Option<String>,
    /// Where the stretch of this lock's history the archive holds completely ends (its newest
    /// stretch; older ones are in `complete`).
    pub synced_until: Option<DateTime<Utc>>,
    pub complete: Completeness,
}

/// How far back history is complete in the archive (of one lock, or of every lock of a set: the
/// stretch all of them hold). Outside it records may exist that have not been fetched yet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Completeness {
    /// Nothing is held completely yet (a lock never synced).
    #[default]
    Nothing,
    /// Complete from `since` to `until`; older records are still to be fetched.
    Since {
        since: DateTime<Utc>,
        until: DateTime<Utc>,
    },
    /// Complete from the first record to `until`.
    Whole { until: DateTime<Utc> },
}

impl Completeness {
    /// Of one lock, from its newest stretch.
    pub(crate) fn of(stretch: Option<&crate::coverage::Stretch>) -> Completeness {
        match stretch {
            None => Completeness::Nothing,
            Some(s) => match s.from_ms {
                None => Completeness::Whole {
                    until: from_ms(s.til_ms),
                },
                Some(f) => Completeness::Since {
                    since: from_ms(f),
                    until: from_ms(s.til_ms),
                },
            },
        }
    }

    /// What every one of `parts` holds: the latest start, the earliest end (`Nothing` when
    /// one holds nothing or there are none).
    pub fn all<'a>(parts: impl IntoIterator<Item = &'a Completeness>) -> Completeness {
        let mut acc: Option<(Option<DateTime<Utc>>, DateTime<Utc>)> = None;
        for p in parts {
            let (since, until) = match p {
                Completeness::Nothing => return Completeness::Nothing,
                Completeness::Since { since, until } => (Some(*since), *until),
                Completeness::Whole { until } => (None, *until),
            };
            acc = Some(match acc {
                None => (since, until),
                Some((s, u)) => (s.max(since), u.min(until)),
            });
        }
        match acc {
            None => Completeness::Nothing,
            Some((None, until)) => Completeness::Whole { until },
            Some((Some(since), until)) => Completeness::Since { since, until },
        }
    }

    /// [`Completeness::all`] over the locks still synced: a lock whose stretch ends more than a
    /// day before the newest one's is no longer in the syncs (removed from the organization, or
    /// its history no longer readable), and must not hold the others back for ever.
    pub fn all_synced<'a>(parts: impl IntoIterator<Item = &'a Completeness>) -> Completeness {
        let parts: Vec<&Completeness> = parts.into_iter().collect();
        let newest = parts.iter().filter_map(|p| p.until()).max();
        let stale = |p: &&Completeness| matches!((p.until(), newest), (Some(u), Some(n)) if n - u > chrono::TimeDelta::days(1));
        Completeness::all(parts.into_iter().filter(|p| !stale(p)))
    }

    /// Whether every record in `[from, til)` is held (to the millisecond, the archive's unit).
    pub fn covers(&self, from: DateTime<Utc>, til: DateTime<Utc>) -> bool {
        let (from, til) = (to_ms(&from), to_ms(&til));
        match self {
            Completeness::Nothing => false,
            Completeness::Since { since, until } => to_ms(since) <= from && til <= to_ms(until),
            Completeness::Whole { until } => til <= to_ms(until),
        }
    }

    /// Where the complete stretch starts (`None`: at the first record, or nothing held).
    pub fn since(&self) -> Option<DateTime<Utc>> {
        match self {
            Completeness::Since { since, .. } => Some(*since),
            _ => None,
        }
    }

    pub fn until(&self) -> Option<DateTime<Utc>> {
        match self {
            Completeness::Nothing => None,
            Completeness::Since { until, .. } | Completeness::Whole { until } => Some(*until),
        }
    }
}

/// A person seen in the history (for filter pickers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArchivedUser {
    pub user_id: String,
    pub name: Option<String>,
    pub mail: Option<String>,
}

pub(crate) fn to_ms(t: &DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

pub(crate) fn from_ms(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000 + h * 3600, 0).unwrap()
    }

    #[test]
    fn a_lock_no_longer_synced_does_not_hold_the_others_back() {
        let whole = Completeness::Whole { until: at(100) };
        let since = Completeness::Since {
            since: at(10),
            until: at(99),
        };
        // Removed a week ago: its stretch ends long before the others'.
        let gone = Completeness::Whole {
            until: at(100 - 7 * 24),
        };
        assert_eq!(
            Completeness::all_synced([&whole, &since, &gone]),
            Completeness::Since {
                since: at(10),
                until: at(99)
            }
        );
        assert_eq!(
            Completeness::all([&whole, &gone]),
            Completeness::Whole {
                until: at(100 - 7 * 24)
            }
        );
        // A lock not reached yet still holds them back.
        assert_eq!(
            Completeness::all_synced([&whole, &Completeness::Nothing]),
            Completeness::Nothing
        );
    }
}
