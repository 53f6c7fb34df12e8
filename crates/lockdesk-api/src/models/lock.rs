use serde::{Deserialize, Serialize};

use crate::serde_util::id_as_string;

/// `Pro` (ids starting with `A`) or `Ctl`, the controller (ids starting with `R`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LockModel {
    Pro,
    Ctl,
    #[serde(untagged)]
    Other(String),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lock {
    pub id: String,
    pub model: LockModel,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
    #[serde(default)]
    pub autolock: Option<bool>,
    #[serde(default)]
    pub seconds_till_autolock: Option<i64>,
    #[serde(default)]
    pub autolock_off_schedule: Option<AutolockOffSchedule>,
    #[serde(default)]
    pub open_door_alert: Option<bool>,
    #[serde(default)]
    pub open_door_alert_second: Option<i64>,
    #[serde(default)]
    pub push_button: Option<bool>,
    #[serde(default)]
    pub normal_sound_volume: Option<i64>,
    #[serde(default)]
    pub alert_sound_volume: Option<i64>,
    #[serde(default)]
    pub battery_percentage: Option<i64>,
    #[serde(default)]
    pub lock_type: Option<String>,
    #[serde(default)]
    pub unlock_signal_duration: Option<i64>,
    #[serde(default)]
    pub button1: Option<Button1>,
    #[serde(default)]
    pub lock_remote: Option<LockRemote>,
    #[serde(default)]
    pub nfc_reader_inside: Option<Reader>,
    #[serde(default)]
    pub npin_normal_sound_volume: Option<i64>,
    #[serde(default)]
    pub npin_warning_sound_volume: Option<i64>,
    #[serde(default)]
    pub nfc_reader_outside: Option<Reader>,
    #[serde(default)]
    pub npout_normal_sound_volume: Option<i64>,
    #[serde(default)]
    pub npout_warning_sound_volume: Option<i64>,
    #[serde(default)]
    pub door_sensor: Option<DoorSensor>,
}

impl Lock {
    /// Reader sound settings exist only on a Pro `A12…` or later and a controller `R12…` or later.
    pub fn supports_reader_volumes(&self) -> bool {
        let digits: String = self.id.chars().skip(1).take(2).collect();
        digits.len() == 2 && digits.chars().all(|c| c.is_ascii_digit()) && digits.as_str() >= "12"
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AutolockOffSchedule {
    #[serde(default)]
    pub days_of_week: Vec<u8>,
    #[serde(default)]
    pub start_time: Option<String>,
    #[serde(default)]
    pub end_time: Option<String>,
    #[serde(default)]
    pub is_holiday_enabled: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Button1 {
    #[serde(default)]
    pub enabled: Option<bool>,
    #[serde(default)]
    pub days_of_week: Vec<u8>,
    #[serde(default)]
    pub start_time: Option<String>,
    #[serde(default)]
    pub end_time: Option<String>,
    #[serde(default)]
    pub holiday_enabled: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LockRemote {
    /// Documented as Integer; kept as text so either form decodes.
    #[serde(default, deserialize_with = "id_as_string")]
    pub id: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reader {
    #[serde(default, deserialize_with = "id_as_string")]
    pub id: Option<String>,
    #[serde(default)]
    pub battery_percentage: Option<i64>,
}

pub type DoorSensor = Reader;

#[cfg(test)]
mod tests {
    use super::*;

    fn lock(id: &str) -> Lock {
        serde_json::from_value(serde_json::json!({"id": id, "model": "Pro"})).unwrap()
    }

    #[test]
    fn reader_volumes_from_a12_and_r12() {
        assert!(lock("A1234567").supports_reader_volumes());
        assert!(lock("A2034567").supports_reader_volumes());
        assert!(!lock("A1134567").supports_reader_volumes());
        assert!(lock("R12ABCDE").supports_reader_volumes());
        assert!(!lock("R0999999").supports_reader_volumes());
        assert!(!lock("RX").supports_reader_volumes());
    }

    #[test]
    fn remote_id_as_number_or_string_and_unknown_model() {
        let l: Lock = serde_json::from_value(serde_json::json!({
            "id": "R1200001", "model": "Ctl2", "lock_remote": {"id": 12345678901234567890u64},
            "nfc_reader_inside": {"id": "N1", "battery_percentage": 80}, "extra": true
        }))
        .unwrap();
        assert_eq!(l.model, LockModel::Other("Ctl2".into()));
        assert_eq!(
            l.lock_remote.unwrap().id.as_deref(),
            Some("12345678901234567890")
        );
        let l: Lock = serde_json::from_value(
            serde_json::json!({"id": "A1", "model": "Pro", "lock_remote": {"id": "77"}}),
        )
        .unwrap();
        assert_eq!(l.lock_remote.unwrap().id.as_deref(), Some("77"));
    }
}
