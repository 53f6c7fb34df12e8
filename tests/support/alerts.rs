//! Alerts as a watch round reports them, for the shell's tests: one finding of a rule on a lock.

use chrono::{TimeZone, Utc};
use lockdesk_core::watch::alerts::AlertView;
use lockdesk_core::watch::rules::{BatteryPart, Finding, RuleKind};

/// A new alert of `rule` on the lock named `lock`, by `user` where the rule names one (a
/// battery finding: the inside reader at 12%).
pub fn alert(rule: RuleKind, lock: &str, user: Option<&str>) -> AlertView {
    let battery = rule == RuleKind::LowBattery;
    AlertView {
        id: 1,
        raised_at: Utc.with_ymd_and_hms(2026, 11, 23, 0, 5, 0).unwrap(),
        acknowledged_at: None,
        muted: false,
        finding: Finding {
            key: format!("{rule:?}-{lock}"),
            rule,
            target: "A1".into(),
            lock_id: "A1".into(),
            lock_name: Some(lock.into()),
            at: Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap(),
            part: battery.then_some(BatteryPart::NfcReaderInside),
            percent: battery.then_some(12),
            user_id: user.map(|_| "U1".into()),
            user_name: user.map(Into::into),
            user_mail: None,
            locked_at: None,
            is_locked: None,
        },
    }
}
