//! Today's parts as data (the overview and each of its sections), apart from the command in
//! `mod.rs` and the sections that compute them (`sections.rs`).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::watch::BatteryPart;

/// Why a part of Today is empty: the step that is missing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TodayMissing {
    /// No history (v2) connection is chosen: add one and sign in.
    HistoryConnection,
    /// The archive holds nothing synced yet: sync it on History.
    ArchiveSync,
    /// The archive is being rewritten for this version of Lockdesk (once, after an update):
    /// the part shows once it is done.
    ArchiveUpdating,
    /// The archive does not hold the records this part needs yet (a first sync brings the last
    /// day of every lock first, older history after): how far back it is complete.
    ArchiveIncomplete {
        complete: lockdesk_archive::Completeness,
    },
    /// The service or the archive refused or failed (the error's code).
    Failed { code: String },
}

/// One battery below the watcher's threshold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayBattery {
    pub lock_id: String,
    /// Absent when the lock has no name (show its id).
    pub lock_name: Option<String>,
    pub part: BatteryPart,
    pub percent: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayBatteries {
    pub threshold_percent: u8,
    /// Lowest first.
    pub items: Vec<TodayBattery>,
    pub missing: Option<TodayMissing>,
}

/// A lock with no record for the watcher's number of days.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodaySilentLock {
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub last_record_at: DateTime<Utc>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodaySilent {
    pub days: u32,
    /// Longest silent first.
    pub items: Vec<TodaySilentLock>,
    pub missing: Option<TodayMissing>,
}

/// Why an entry is outside office hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AfterHoursReason {
    /// An office day, before the start or from the end on.
    Night,
    /// A day that is not an office day (a weekend in the default settings).
    DayOff,
    /// A Japanese public holiday (when holidays are days off).
    Holiday,
}

/// An unlocking by a person outside office hours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayAfterHoursEntry {
    pub at: DateTime<Utc>,
    pub reason: AfterHoursReason,
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub user_id: Option<String>,
    pub user_name: Option<String>,
    pub user_mail: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayAfterHours {
    /// The window: from the close of the last office day before today, to now.
    pub from: DateTime<Utc>,
    pub til: DateTime<Utc>,
    /// Oldest first.
    pub items: Vec<TodayAfterHoursEntry>,
    pub missing: Option<TodayMissing>,
}

/// One lock's records yesterday against its daily average of the 7 days before.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayLockDay {
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub yesterday: u32,
    /// Records of the 7 days before yesterday, divided by 7.
    pub average: f64,
    /// Yesterday differs from the average by half of it or more, and by 5 records or more.
    pub unusual: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayYesterday {
    /// Yesterday's local date (the office's zone).
    pub date: NaiveDate,
    /// Unusual ones first (largest difference first), then by lock name.
    pub locks: Vec<TodayLockDay>,
    pub missing: Option<TodayMissing>,
}

/// An invitation that expires within 24 hours or has expired in the last 7 days, not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayInvitation {
    pub id: String,
    pub mail: Option<String>,
    pub mail_masked: bool,
    pub authority: Option<crate::users::view::UserRole>,
    pub code: Option<String>,
    pub expires_at: DateTime<Utc>,
    pub expired: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayInvitations {
    /// Expired ones (newest first) after the ones still waiting (soonest first).
    pub items: Vec<TodayInvitation>,
    pub missing: Option<TodayMissing>,
}

/// The health line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayHealth {
    /// The history (v2) connection in use, if any.
    pub history_profile: Option<String>,
    pub history_signed_in: bool,
    /// When the history sign-in expires (past: expired).
    pub history_expires_at: Option<DateTime<Utc>>,
    /// The end of the archive's newest completed sync.
    pub archive_synced_at: Option<DateTime<Utc>>,
    /// The archive is being rewritten for this version of Lockdesk (once, after an update).
    pub archive_updating: bool,
    /// The watcher's last round of this organization (any program on this computer).
    pub watch_last_round: Option<DateTime<Utc>>,
    pub watch_unacknowledged: u64,
}

/// Today of the organization in use.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayOverview {
    pub organization_id: String,
    pub now: DateTime<Utc>,
    /// The office's zone (the watcher's office hours), minutes east of UTC.
    pub utc_offset_minutes: i32,
    pub batteries: TodayBatteries,
    pub silent: TodaySilent,
    pub after_hours: TodayAfterHours,
    pub yesterday: TodayYesterday,
    pub invitations: TodayInvitations,
    pub health: TodayHealth,
    pub reports: TodayReports,
    /// The settings files Today reads that cannot be used (`config_invalid`, naming the file,
    /// line and column): the parts that need them are missing.
    pub unusable_settings: Vec<crate::error::ErrorPayload>,
}

/// A scheduled report's last run to look at: it failed (retried at the next tick), or it was
/// written from an archive that did not reach the period's end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayReportRun {
    pub report_id: String,
    pub name: String,
    pub period: String,
    /// The error code of a failed run.
    pub error: Option<String>,
    /// A written run's file holds the records up to this moment only.
    pub archive_until: Option<DateTime<Utc>>,
    pub at: DateTime<Utc>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TodayReports {
    /// The organization's reports whose last run failed or is incomplete.
    pub runs: Vec<TodayReportRun>,
    /// The organization has reports and the history sign-in is not valid: the next one would
    /// be written from the archive as it stands.
    pub sign_in_needed: bool,
}
