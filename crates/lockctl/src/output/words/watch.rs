//! The watcher's alerts in English, one line each (`lockctl watch`).

use chrono::Local;
use lockdesk_core::watch::{AlertView, BatteryPart, Finding, RuleKind};

use super::clean;

fn part(p: Option<BatteryPart>) -> &'static str {
    match p {
        Some(BatteryPart::Lock) | None => "lock body",
        Some(BatteryPart::NfcReaderInside) => "inside reader",
        Some(BatteryPart::NfcReaderOutside) => "outside reader",
        Some(BatteryPart::DoorSensor) => "door sensor",
    }
}

fn lock(f: &Finding) -> String {
    match &f.lock_name {
        Some(n) => format!("{} ({})", clean(n), clean(&f.lock_id)),
        None => clean(&f.lock_id),
    }
}

fn user(f: &Finding) -> String {
    let id = clean(f.user_id.as_deref().unwrap_or("?"));
    match &f.user_name {
        Some(n) => format!("{} ({id})", clean(n)),
        None => id,
    }
}

/// One alert as a line: time of the event, rule, what happened.
pub fn alert_line(a: &AlertView) -> String {
    let f = &a.finding;
    // This computer's local time, with its offset: a scheduled job's log reads unambiguously.
    let at = f.at.with_timezone(&Local).format("%Y-%m-%d %H:%M:%S %:z");
    let what = match f.rule {
        RuleKind::LowBattery => format!(
            "low battery: {} {} at {}%",
            lock(f),
            part(f.part),
            f.percent.unwrap_or_default()
        ),
        RuleKind::UnlockedTooLong => match f.locked_at {
            Some(l) => format!(
                "unlocked too long: {} unlocked by {}, locked again at {}",
                lock(f),
                user(f),
                l.with_timezone(&Local).format("%H:%M:%S")
            ),
            None => format!(
                "unlocked too long: {} unlocked by {}, not locked again",
                lock(f),
                user(f)
            ),
        },
        RuleKind::OutsideHours => {
            format!("entry outside office hours: {} at {}", user(f), lock(f))
        }
        RuleKind::ListedUser => format!(
            "listed user: {} {} {}",
            user(f),
            if f.is_locked == Some(true) {
                "locked"
            } else {
                "unlocked"
            },
            lock(f)
        ),
        RuleKind::SilentLock => format!("silent lock: {} (no record since then)", lock(f)),
    };
    format!("{at}  #{}  {what}", a.id)
}
