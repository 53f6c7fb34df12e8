//! What a report is: what it holds, for which organization, when, in which format and where it
//! goes. Kept in `<config>/reports.json` through `settings_file.rs` (validated on load and on
//! set, private and atomic).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::settings_file::{self, Refused, SettingsFile};

/// The longest report name, in characters.
pub const REPORT_NAME_MAX: usize = 100;
/// The most reports kept.
pub const REPORTS_MAX: usize = 100;

/// What a report holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReportKind {
    /// The entry/exit records of the period (of these locks; every lock when empty).
    History {
        #[serde(default)]
        lock_ids: Vec<String>,
        /// Only this person, as History's filter takes it: a user id, or a piece of a name or
        /// e-mail address.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        user: Option<String>,
        /// Only these methods (`client_type`: `nfc_outside`, `mobile_app`, …); every one when
        /// absent or empty.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        kinds: Option<Vec<String>>,
        /// `true`: lockings only; `false`: unlockings only; both when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        is_locked: Option<bool>,
    },
    /// Each person's first entry and last exit per day of the period (of these locks; every
    /// lock when empty): the time card, typically monthly.
    Timecard {
        #[serde(default)]
        lock_ids: Vec<String>,
    },
    /// The watcher's alerts raised in the period.
    Alerts,
    /// The batteries below the watcher's threshold when the report runs (the replacement list).
    Batteries,
    /// The journal of changes made through Lockdesk on this computer in the period.
    Journal,
    /// Every user and open invitation of the organization when the report runs, with role,
    /// groups, last record and what the directory says, for a reviewer's sign-off.
    AccessReview,
}

impl ReportKind {
    /// Written from the history archive (synced first when the history sign-in allows).
    pub fn reads_archive(&self) -> bool {
        matches!(
            self,
            ReportKind::History { .. } | ReportKind::Timecard { .. } | ReportKind::AccessReview
        )
    }
}

/// When a report is due, in the organization's time zone (its office hours' offset). Each is
/// about the period that ended: the day before, the seven days before, the month before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "every", rename_all = "snake_case")]
pub enum Schedule {
    /// Every day at `at` (`HH:MM`), about the day before.
    Daily { at: String },
    /// Every week on `weekday` (0 = Sunday … 6 = Saturday) at `at`, about the 7 days before.
    Weekly { weekday: u8, at: String },
    /// Every month on `day` (1 to 28) at `at`, about the month before.
    Monthly { day: u8, at: String },
    /// Every month on its first office day (office days and Japanese public holidays from the
    /// watch settings) at `at`, about the month before.
    MonthlyFirstOfficeDay { at: String },
}

impl Schedule {
    pub fn at(&self) -> &str {
        match self {
            Schedule::Daily { at }
            | Schedule::Weekly { at, .. }
            | Schedule::Monthly { at, .. }
            | Schedule::MonthlyFirstOfficeDay { at } => at,
        }
    }

    /// `at` as minutes after midnight.
    pub fn minute(&self) -> Result<u32> {
        time_of_day("schedule.at", self.at())
    }
}

/// A time of day `HH:MM` (00:00 to 23:59) as minutes after midnight; an `invalid_input` naming
/// `field` otherwise. A report's `at`, and an alert digest's.
pub fn time_of_day(field: &str, at: &str) -> Result<u32> {
    let bad = || Error::invalid(field, "give the time as HH:MM, 00:00 to 23:59");
    let (h, m) = at.split_once(':').ok_or_else(bad)?;
    if h.len() != 2 || m.len() != 2 {
        return Err(bad());
    }
    let (h, m): (u32, u32) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if h > 23 || m > 59 {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReportFormat {
    /// CSV for Excel (UTF-8 with a byte-order mark).
    Csv,
    /// JSON Lines.
    Jsonl,
    /// An Excel workbook.
    #[default]
    Xlsx,
}

/// The language of the file's headers, words and name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReportLanguage {
    En,
    #[default]
    Ja,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportDefinition {
    /// Made when the report is added; names it in `lockctl reports run --id`.
    pub id: String,
    pub name: String,
    pub organization_id: String,
    pub what: ReportKind,
    pub schedule: Schedule,
    pub format: ReportFormat,
    pub language: ReportLanguage,
    /// Where the file goes: a folder (often a shared folder of the office's file server).
    pub folder: PathBuf,
}

impl ReportDefinition {
    pub fn validate(&self) -> Result<()> {
        let name = self.name.trim();
        if name.is_empty()
            || name.chars().count() > REPORT_NAME_MAX
            || name.chars().any(char::is_control)
        {
            return Err(Error::invalid(
                "name",
                format!("give the report a name of 1 to {REPORT_NAME_MAX} characters"),
            ));
        }
        if self.organization_id.trim().is_empty() {
            return Err(Error::invalid("organization_id", "choose an organization"));
        }
        if !self.folder.is_absolute() {
            return Err(Error::invalid(
                "folder",
                "choose the folder by its full path",
            ));
        }
        if let ReportKind::History { user, kinds, .. } = &self.what {
            if user
                .as_deref()
                .is_some_and(|u| u.chars().count() > 200 || u.chars().any(char::is_control))
            {
                return Err(Error::invalid(
                    "what.user",
                    "give the person as at most 200 characters",
                ));
            }
            let bad_kind = |k: &String| {
                k.is_empty()
                    || k.len() > 40
                    || !k.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            };
            if kinds.iter().flatten().any(bad_kind) {
                return Err(Error::invalid(
                    "what.kinds",
                    "name each method as the service does (nfc_outside, mobile_app, …)",
                ));
            }
        }
        self.schedule.minute()?;
        match &self.schedule {
            Schedule::Weekly { weekday, .. } if *weekday > 6 => Err(Error::invalid(
                "schedule.weekday",
                "choose a weekday from 0 (Sunday) to 6 (Saturday)",
            )),
            Schedule::Monthly { day, .. } if !(1..=28).contains(day) => Err(Error::invalid(
                "schedule.day",
                "choose a day from 1 to 28 (every month has it), or the first office day",
            )),
            _ => Ok(()),
        }
    }
}

/// Every report of this computer's user.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reports {
    pub reports: Vec<ReportDefinition>,
}

impl SettingsFile for Reports {
    fn validate(&self) -> Result<()> {
        if self.reports.len() > REPORTS_MAX {
            return Err(Error::invalid(
                "reports",
                format!("keep at most {REPORTS_MAX} reports"),
            ));
        }
        for (i, r) in self.reports.iter().enumerate() {
            one_report(r, &self.reports[..i])?;
        }
        Ok(())
    }

    fn check(&self) -> std::result::Result<(), Refused> {
        settings_file::check_each("reports", &self.reports, one_report)?;
        SettingsFile::validate(self).map_err(Refused::at_field)
    }
}

/// A report of the list, after `before`.
fn one_report(r: &ReportDefinition, before: &[ReportDefinition]) -> Result<()> {
    r.validate()?;
    if before.iter().any(|o| o.id == r.id) {
        return Err(Error::invalid("id", "two reports have the same id"));
    }
    Ok(())
}

pub fn reports_path(config_dir: &Path) -> PathBuf {
    config_dir.join("reports.json")
}

/// The reports stored at `path`, none when there is no file.
pub fn load_reports(path: &Path) -> Result<Reports> {
    settings_file::load(path)
}

/// Checks `reports`, then writes them (0600, atomically); nothing changes on an error.
pub fn save_reports(path: &Path, reports: &Reports) -> Result<()> {
    settings_file::save(path, reports)
}
