//! The watcher's rules settings, one file per organization in the config folder
//! (`<config>/watch/<organization id>.json`), validated on load and on set; written privately
//! and atomically. A missing file means the defaults; a bad one is `config_invalid` and is left
//! as it is; a bad value to set is `invalid_input` and changes nothing.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::settings_file::{self, SettingsFile};
use crate::watch::rules::OfficeHours;

/// How often a round runs (the app's background loop, `lockctl watch` without `--once`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct WatchRules {
    /// Minutes between rounds, 1 to 1,440.
    pub interval_minutes: u32,
    pub low_battery: LowBatteryRule,
    pub unlocked_too_long: UnlockedTooLongRule,
    pub outside_hours: OutsideHoursRule,
    pub listed_users: ListedUsersRule,
    pub silent_lock: SilentLockRule,
    /// Checked once a day against the organization's directory sources (none: nothing to do).
    #[serde(default)]
    pub leaver_still_user: LeaverStillUserRule,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LowBatteryRule {
    pub enabled: bool,
    /// A battery below this (1 to 100 %) is low.
    pub threshold_percent: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct UnlockedTooLongRule {
    pub enabled: bool,
    /// Not locked again within this many minutes (1 to 1,440).
    pub minutes: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct OutsideHoursRule {
    pub enabled: bool,
    /// Office days, 0 = Sunday … 6 = Saturday (at least one).
    pub days: Vec<u8>,
    /// `HH:MM`, start inclusive, end exclusive, start before end.
    pub start: String,
    pub end: String,
    /// Japanese public holidays are days off.
    pub holidays_off: bool,
    /// The office's zone, minutes east of UTC (Japan: 540), -720 to 840.
    pub utc_offset_minutes: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ListedUsersRule {
    pub enabled: bool,
    /// User ids or e-mail addresses (at most 500).
    pub users: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SilentLockRule {
    pub enabled: bool,
    /// No record for this many days (1 to 365).
    pub days: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LeaverStillUserRule {
    pub enabled: bool,
}

impl Default for LeaverStillUserRule {
    fn default() -> Self {
        LeaverStillUserRule { enabled: true }
    }
}

impl Default for WatchRules {
    fn default() -> Self {
        WatchRules {
            interval_minutes: 10,
            low_battery: LowBatteryRule {
                enabled: true,
                threshold_percent: 20,
            },
            unlocked_too_long: UnlockedTooLongRule {
                enabled: true,
                minutes: 30,
            },
            outside_hours: OutsideHoursRule {
                enabled: true,
                days: vec![1, 2, 3, 4, 5],
                start: "08:00".into(),
                end: "20:00".into(),
                holidays_off: true,
                utc_offset_minutes: 540,
            },
            listed_users: ListedUsersRule {
                enabled: true,
                users: Vec::new(),
            },
            silent_lock: SilentLockRule {
                enabled: true,
                days: 7,
            },
            leaver_still_user: LeaverStillUserRule::default(),
        }
    }
}

/// `HH:MM` to minutes after midnight (`24:00` allowed as an end).
fn minutes(field: &str, s: &str) -> Result<u32> {
    let bad = || Error::invalid(field, "use a time as HH:MM (00:00 to 24:00)");
    let (h, m) = s.split_once(':').ok_or_else(bad)?;
    if h.len() != 2 || m.len() != 2 {
        return Err(bad());
    }
    let (h, m): (u32, u32) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if m > 59 || h > 24 || (h == 24 && m != 0) {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

/// The bounds of the rules (the UI checks the same as the person types: generated into LIMITS).
pub const INTERVAL_MINUTES: (i64, i64) = (1, 1440);
pub const THRESHOLD_PERCENT: (i64, i64) = (1, 100);
pub const UNLOCKED_MINUTES: (i64, i64) = (1, 1440);
pub const SILENT_DAYS: (i64, i64) = (1, 365);
pub const LISTED_USERS_MAX: usize = 500;

fn range(field: &str, v: i64, (lo, hi): (i64, i64)) -> Result<()> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(Error::invalid(field, format!("use {lo} to {hi}")))
    }
}

impl SettingsFile for WatchRules {
    fn validate(&self) -> Result<()> {
        WatchRules::validate(self)
    }
}

impl WatchRules {
    /// Checks every value; the first problem is an `invalid_input` naming its field.
    pub fn validate(&self) -> Result<()> {
        range(
            "interval_minutes",
            self.interval_minutes.into(),
            INTERVAL_MINUTES,
        )?;
        range(
            "low_battery.threshold_percent",
            self.low_battery.threshold_percent.into(),
            THRESHOLD_PERCENT,
        )?;
        range(
            "unlocked_too_long.minutes",
            self.unlocked_too_long.minutes.into(),
            UNLOCKED_MINUTES,
        )?;
        self.office_hours()?;
        let users = &self.listed_users.users;
        if users.len() > LISTED_USERS_MAX {
            return Err(Error::invalid(
                "listed_users.users",
                format!("list at most {LISTED_USERS_MAX} users"),
            ));
        }
        let too_long = lockdesk_api::validate::MAIL_MAX_BYTES;
        if users
            .iter()
            .any(|u| u.trim().is_empty() || u.len() > too_long || u.chars().any(char::is_control))
        {
            return Err(Error::invalid(
                "listed_users.users",
                "each entry is a user id or an e-mail address",
            ));
        }
        range(
            "silent_lock.days",
            self.silent_lock.days.into(),
            SILENT_DAYS,
        )?;
        Ok(())
    }

    /// The office hours of the outside-hours rule, checked.
    pub fn office_hours(&self) -> Result<OfficeHours> {
        let o = &self.outside_hours;
        if o.days.is_empty() || o.days.iter().any(|d| *d > 6) {
            return Err(Error::invalid(
                "outside_hours.days",
                "choose office days from 0 (Sunday) to 6 (Saturday)",
            ));
        }
        let start = minutes("outside_hours.start", &o.start)?;
        let end = minutes("outside_hours.end", &o.end)?;
        if start >= end {
            return Err(Error::invalid(
                "outside_hours.end",
                "the end must be after the start",
            ));
        }
        range(
            "outside_hours.utc_offset_minutes",
            o.utc_offset_minutes.into(),
            (-720, 840),
        )?;
        let mut days = o.days.clone();
        days.sort_unstable();
        days.dedup();
        Ok(OfficeHours {
            days,
            start_minute: start,
            end_minute: end,
            holidays_off: o.holidays_off,
            utc_offset_minutes: o.utc_offset_minutes,
        })
    }
}

/// The settings file of `organization_id` under `config_dir`. The id comes from the service:
/// only its letters, digits and dashes make the name.
pub fn rules_path(config_dir: &Path, organization_id: &str) -> PathBuf {
    let safe: String = organization_id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(64)
        .collect();
    let name = if safe.is_empty() { "_".into() } else { safe };
    config_dir.join("watch").join(format!("{name}.json"))
}

/// The rules stored at `path`, the defaults when there is no file.
pub fn load_rules(path: &Path) -> Result<WatchRules> {
    settings_file::load(path)
}

/// Checks `rules`, then writes them (0600, atomically); nothing changes on an error.
pub fn save_rules(path: &Path, rules: &WatchRules) -> Result<()> {
    settings_file::save(path, rules)
}
