//! A lock's settings as the service has them: on/off, seconds, milliseconds, volumes, the lock
//! type, and schedules (days of the week as numbers, times as the service's `HH:MM+HH:MM`).

use lockdesk_api::models::Lock;
use serde::{Deserialize, Serialize};

use crate::app::views::int;

/// A time window on some days of the week (0 = Sunday … 6 = Saturday).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScheduleView {
    /// Only for the exit button (`button1`); the auto-lock pause has no switch of its own.
    pub enabled: Option<bool>,
    pub days_of_week: Vec<u8>,
    /// `HH:MM` with the service's UTC offset, e.g. `09:00+09:00`.
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    /// Auto-lock pause: `true` = auto-lock stays on on public holidays, even in the window.
    /// Exit button: `true` = the input port setting is off on public holidays.
    pub holidays: Option<bool>,
}

/// What a controller (`Ctl`) drives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum LockType {
    LockInEnergizing,
    UnlockInEnergizing,
    ElectricMortise,
    InstantCurrentFlow,
    Electromagnetic,
    /// Automatic door (contact pulse signal).
    AutomaticDoor,
    /// A-contact output.
    FormAContact,
    /// A value the service sent that is not documented.
    Other(String),
}

impl LockType {
    pub fn from_service(s: &str) -> LockType {
        match s {
            "lock_in_energizing" => LockType::LockInEnergizing,
            "unlock_in_energizing" => LockType::UnlockInEnergizing,
            "electric_mortise" => LockType::ElectricMortise,
            "instant_current_flow" => LockType::InstantCurrentFlow,
            "electromagnetic" => LockType::Electromagnetic,
            "automatic_door" => LockType::AutomaticDoor,
            "form_a_contact" => LockType::FormAContact,
            other => LockType::Other(other.to_owned()),
        }
    }
}

/// A remote device paired with the lock; the service may leave out its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockRemoteView {
    pub id: Option<String>,
}

/// Every setting of a lock; `null` where the model does not have it (or the service sent none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockSettings {
    pub autolock: Option<bool>,
    pub seconds_till_autolock: Option<i32>,
    /// When auto-lock is paused.
    pub autolock_off_schedule: Option<ScheduleView>,
    pub open_door_alert: Option<bool>,
    pub open_door_alert_second: Option<i32>,
    pub push_button: Option<bool>,
    /// 0–100 (what the service sends).
    pub normal_sound_volume: Option<i32>,
    pub alert_sound_volume: Option<i32>,
    pub lock_type: Option<LockType>,
    /// Milliseconds (300, 500, 1000, 1500 or 2000).
    pub unlock_signal_duration: Option<i32>,
    /// The input port (exit button).
    pub button1: Option<ScheduleView>,
    pub lock_remote: Option<LockRemoteView>,
}

impl From<&Lock> for LockSettings {
    fn from(l: &Lock) -> Self {
        LockSettings {
            autolock: l.autolock,
            seconds_till_autolock: int(l.seconds_till_autolock),
            autolock_off_schedule: l.autolock_off_schedule.as_ref().map(|s| ScheduleView {
                enabled: None,
                days_of_week: s.days_of_week.clone(),
                start_time: s.start_time.clone(),
                end_time: s.end_time.clone(),
                holidays: s.is_holiday_enabled,
            }),
            open_door_alert: l.open_door_alert,
            open_door_alert_second: int(l.open_door_alert_second),
            push_button: l.push_button,
            normal_sound_volume: int(l.normal_sound_volume),
            alert_sound_volume: int(l.alert_sound_volume),
            lock_type: l.lock_type.as_deref().map(LockType::from_service),
            unlock_signal_duration: int(l.unlock_signal_duration),
            button1: l.button1.as_ref().map(|b| ScheduleView {
                enabled: b.enabled,
                days_of_week: b.days_of_week.clone(),
                start_time: b.start_time.clone(),
                end_time: b.end_time.clone(),
                holidays: b.holiday_enabled,
            }),
            lock_remote: l
                .lock_remote
                .as_ref()
                .map(|r| LockRemoteView { id: r.id.clone() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lock_types_from_the_service() {
        for (s, t) in [
            ("lock_in_energizing", LockType::LockInEnergizing),
            ("unlock_in_energizing", LockType::UnlockInEnergizing),
            ("electric_mortise", LockType::ElectricMortise),
            ("instant_current_flow", LockType::InstantCurrentFlow),
            ("electromagnetic", LockType::Electromagnetic),
            ("automatic_door", LockType::AutomaticDoor),
            ("form_a_contact", LockType::FormAContact),
        ] {
            assert_eq!(LockType::from_service(s), t);
            // The kind on the wire is the service's own value.
            assert_eq!(serde_json::to_value(&t).unwrap(), json!({ "kind": s }));
        }
        let odd = LockType::from_service("pneumatic");
        assert_eq!(
            serde_json::to_value(&odd).unwrap(),
            json!({"kind": "other", "value": "pneumatic"})
        );
    }

    #[test]
    fn a_remote_without_id_is_still_a_remote() {
        let l: Lock =
            serde_json::from_value(json!({"id": "R1", "model": "Ctl", "lock_remote": {}})).unwrap();
        assert_eq!(
            LockSettings::from(&l).lock_remote,
            Some(LockRemoteView { id: None })
        );
        let l: Lock = serde_json::from_value(json!({"id": "R1", "model": "Ctl"})).unwrap();
        assert_eq!(LockSettings::from(&l).lock_remote, None);
    }
}
