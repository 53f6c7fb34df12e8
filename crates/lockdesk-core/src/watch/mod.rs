//! The watcher, without any UI framework: the rules as pure functions
//! ([`rules`]), their settings per organization ([`settings`]) and the alert store that decides
//! what is new ([`alerts`]). The round that ties them to the sync and the locks is the command
//! `app::watch_round`.

pub mod activity;
pub mod alerts;
pub mod commands;
pub mod rules;
pub mod settings;
pub mod words;

pub use activity::lock_activity;
pub use alerts::{AlertQuery, AlertStore, AlertView, MuteView, ALERTS_FILE};
pub use rules::{
    is_japanese_holiday, listed_users, low_battery, outside_hours, recovered_batteries,
    silent_locks, unlocked_too_long, BatteryPart, BatteryReading, Finding, LockActivity,
    OfficeHours, RuleKind, BATTERY_RECOVERY_MARGIN,
};
pub use settings::{
    load_rules, rules_path, save_rules, LeaverStillUserRule, ListedUsersRule, LowBatteryRule,
    OutsideHoursRule, SilentLockRule, UnlockedTooLongRule, WatchRules,
};
