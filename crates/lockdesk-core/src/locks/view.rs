//! A lock as data: its model, battery, the devices attached to it and its settings.

use lockdesk_api::models::{Lock, LockModel, Reader};
use serde::{Deserialize, Serialize};

use crate::app::views::int;
use crate::locks::settings_view::LockSettings;
use crate::watch::{BatteryPart, BatteryReading};

/// The lock's model: `{"kind":"pro"}` (smart lock), `{"kind":"ctl"}` (controller), or
/// `{"kind":"other","value":…}` with what the service sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum LockModelKind {
    Pro,
    Ctl,
    Other(String),
}

impl From<&LockModel> for LockModelKind {
    fn from(m: &LockModel) -> Self {
        match m {
            LockModel::Pro => LockModelKind::Pro,
            LockModel::Ctl => LockModelKind::Ctl,
            LockModel::Other(s) => LockModelKind::Other(s.clone()),
        }
    }
}

/// `ok` (30 % or more), `low` (10–29 %), `critical` (under 10 %).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum BatteryLevel {
    Ok,
    Low,
    Critical,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Battery {
    pub percent: i32,
    pub level: BatteryLevel,
}

impl Battery {
    pub fn from_percent(p: i64) -> Battery {
        let percent = p.clamp(0, 100) as i32;
        let level = if percent >= 30 {
            BatteryLevel::Ok
        } else if percent >= 10 {
            BatteryLevel::Low
        } else {
            BatteryLevel::Critical
        };
        Battery { percent, level }
    }
}

/// What a device attached to a lock is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeviceKind {
    /// IC-card reader on the inside of the door.
    NfcReaderInside,
    /// IC-card reader on the outside of the door.
    NfcReaderOutside,
    DoorSensor,
}

/// An IC-card reader or door sensor attached to a lock.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeviceView {
    pub kind: DeviceKind,
    pub id: Option<String>,
    pub battery: Option<Battery>,
    /// Only for readers of hardware that has reader sound settings (A12…/R12… or later).
    pub normal_volume: Option<i32>,
    pub warning_volume: Option<i32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockView {
    pub id: String,
    /// The lock's name, or its id when it has none.
    pub name: String,
    pub has_name: bool,
    pub model: LockModelKind,
    pub image_url: Option<String>,
    pub battery: Option<Battery>,
    /// In this order: inside reader, outside reader, door sensor; only those fitted.
    pub devices: Vec<DeviceView>,
    pub supports_reader_volumes: bool,
    /// The settings; a setting that does not apply to the model is absent (`null`).
    pub settings: LockSettings,
}

fn device(kind: DeviceKind, r: &Reader, volumes: Option<(Option<i64>, Option<i64>)>) -> DeviceView {
    let (normal, warning) = volumes.unwrap_or((None, None));
    DeviceView {
        kind,
        id: r.id.clone(),
        battery: r.battery_percentage.map(Battery::from_percent),
        normal_volume: int(normal),
        warning_volume: int(warning),
    }
}

impl From<&Lock> for LockView {
    fn from(l: &Lock) -> Self {
        let volumes = l.supports_reader_volumes();
        let mut devices = Vec::new();
        if let Some(r) = &l.nfc_reader_inside {
            let v = volumes.then_some((l.npin_normal_sound_volume, l.npin_warning_sound_volume));
            devices.push(device(DeviceKind::NfcReaderInside, r, v));
        }
        if let Some(r) = &l.nfc_reader_outside {
            let v = volumes.then_some((l.npout_normal_sound_volume, l.npout_warning_sound_volume));
            devices.push(device(DeviceKind::NfcReaderOutside, r, v));
        }
        if let Some(r) = &l.door_sensor {
            devices.push(device(DeviceKind::DoorSensor, r, None));
        }
        let name = l.name.clone().filter(|n| !n.trim().is_empty());
        LockView {
            id: l.id.clone(),
            has_name: name.is_some(),
            name: name.unwrap_or_else(|| l.id.clone()),
            model: LockModelKind::from(&l.model),
            image_url: l.image_url.clone(),
            battery: l.battery_percentage.map(Battery::from_percent),
            devices,
            supports_reader_volumes: volumes,
            settings: LockSettings::from(l),
        }
    }
}

impl From<DeviceKind> for BatteryPart {
    fn from(k: DeviceKind) -> Self {
        match k {
            DeviceKind::NfcReaderInside => BatteryPart::NfcReaderInside,
            DeviceKind::NfcReaderOutside => BatteryPart::NfcReaderOutside,
            DeviceKind::DoorSensor => BatteryPart::DoorSensor,
        }
    }
}

/// Every battery of the locks as the watcher's rules see it: each lock's own, then each device
/// that reports one.
pub fn battery_readings(locks: &[LockView]) -> Vec<BatteryReading> {
    let reading = |l: &LockView, part, percent| BatteryReading {
        lock_id: l.id.clone(),
        lock_name: l.has_name.then(|| l.name.clone()),
        part,
        percent,
    };
    locks
        .iter()
        .flat_map(|l| {
            let own = l
                .battery
                .iter()
                .map(move |b| reading(l, BatteryPart::Lock, b.percent));
            let devices = l.devices.iter().filter_map(move |d| {
                d.battery
                    .as_ref()
                    .map(|b| reading(l, BatteryPart::from(d.kind), b.percent))
            });
            own.chain(devices)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn view(v: serde_json::Value) -> LockView {
        LockView::from(&serde_json::from_value::<Lock>(v).unwrap())
    }

    #[test]
    fn battery_levels() {
        assert_eq!(Battery::from_percent(80).level, BatteryLevel::Ok);
        assert_eq!(Battery::from_percent(30).level, BatteryLevel::Ok);
        assert_eq!(Battery::from_percent(29).level, BatteryLevel::Low);
        assert_eq!(Battery::from_percent(10).level, BatteryLevel::Low);
        assert_eq!(Battery::from_percent(9).level, BatteryLevel::Critical);
        assert_eq!(Battery::from_percent(150).percent, 100);
        assert_eq!(Battery::from_percent(-5).percent, 0);
    }

    #[test]
    fn reader_volumes_only_where_supported() {
        let json = |id: &str| {
            json!({
                "id": id, "model": "Ctl", "nfc_reader_inside": {"id": "N1", "battery_percentage": 5},
                "npin_normal_sound_volume": 2, "npin_warning_sound_volume": 3
            })
        };
        let v = view(json("R1200001"));
        assert!(v.supports_reader_volumes);
        assert_eq!(v.devices[0].kind, DeviceKind::NfcReaderInside);
        assert_eq!(v.devices[0].normal_volume, Some(2));
        assert_eq!(v.devices[0].warning_volume, Some(3));
        assert_eq!(
            v.devices[0].battery.as_ref().unwrap().level,
            BatteryLevel::Critical
        );
        let v = view(json("R0900001"));
        assert!(!v.supports_reader_volumes);
        assert_eq!(v.devices[0].normal_volume, None);
        assert_eq!(v.name, "R0900001");
        assert!(!v.has_name);
        assert_eq!(v.model, LockModelKind::Ctl);
    }

    #[test]
    fn devices_in_order_and_as_kinds() {
        let v = view(json!({
            "id": "A1200001", "model": "Pro", "name": "  ",
            "door_sensor": {"id": 77, "battery_percentage": 40},
            "nfc_reader_outside": {"id": "NO1"}, "nfc_reader_inside": {"id": "NI1"},
            "npout_normal_sound_volume": 4
        }));
        let kinds: Vec<_> = v.devices.iter().map(|d| d.kind).collect();
        assert_eq!(
            kinds,
            [
                DeviceKind::NfcReaderInside,
                DeviceKind::NfcReaderOutside,
                DeviceKind::DoorSensor
            ]
        );
        assert_eq!(v.devices[1].normal_volume, Some(4));
        // A door sensor has no sound settings, whatever the hardware.
        assert_eq!(v.devices[2].normal_volume, None);
        assert_eq!(v.devices[2].id.as_deref(), Some("77"));
        assert!(!v.has_name, "a blank name is no name");
    }

    #[test]
    fn model_serializes_as_kind_and_keeps_unknown_values() {
        let pro = view(json!({"id": "A1", "model": "Pro"}));
        assert_eq!(
            serde_json::to_value(&pro.model).unwrap(),
            json!({"kind": "pro"})
        );
        let other = view(json!({"id": "X1", "model": "Pro2"}));
        assert_eq!(other.model, LockModelKind::Other("Pro2".into()));
        let j = serde_json::to_value(&other).unwrap();
        assert_eq!(j["model"], json!({"kind": "other", "value": "Pro2"}));
        assert_eq!(j["devices"], json!([]));
        assert_eq!(
            serde_json::to_value(DeviceKind::DoorSensor).unwrap(),
            "door_sensor"
        );
    }
}
