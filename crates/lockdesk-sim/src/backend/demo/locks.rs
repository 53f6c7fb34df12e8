//! Demo locks: names and a seeded lock of either model.

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::Rng;

use super::super::ids;
use super::super::state::{Button1, Device, Lock, LockRemote, Schedule};
use super::pick::pick;

pub(super) const ORG1_LOCKS: [&str; 32] = [
    "正面玄関",
    "通用口",
    "会議室A",
    "会議室B",
    "会議室C",
    "倉庫",
    "社長室",
    "給湯室",
    "更衣室(男性)",
    "更衣室(女性)",
    "3F 執務室",
    "4F 執務室",
    "Server Room",
    "Back Door",
    "Lobby",
    "Meeting Room 1",
    "Meeting Room 2",
    "Storage",
    "Rooftop",
    "Parking Gate",
    "Mail Room",
    "Lab",
    "応接室",
    "書庫",
    "非常口",
    "駐輪場ゲート",
    "IT Closet",
    "Reception",
    "Training Room",
    "経理部",
    "人事部",
    "Loading Dock",
];
pub(super) const ORG2_LOCKS: [&str; 8] = [
    "Entrance",
    "支店 正面入口",
    "Office",
    "Meeting Room",
    "金庫室",
    "Back Door",
    "Storage",
    "休憩室",
];

fn hhmm(h: u32, m: u32) -> String {
    format!("{h:02}:{m:02}+09:00")
}

fn weekdays(rng: &mut StdRng) -> Vec<u8> {
    if rng.gen_bool(0.7) {
        vec![1, 2, 3, 4, 5]
    } else {
        let mut d: Vec<u8> = (0..7).filter(|_| rng.gen_bool(0.5)).collect();
        if d.is_empty() {
            d.push(6);
        }
        d
    }
}

fn device(rng: &mut StdRng, prefix: &str) -> Device {
    let battery = if rng.gen_bool(0.12) {
        rng.gen_range(3..20)
    } else {
        rng.gen_range(20..=100)
    };
    Device {
        id: format!("{prefix}{}", ids::chunk(rng, 8, b"0123456789ABCDEF")),
        battery_percentage: battery,
    }
}

pub(super) fn make_lock(
    rng: &mut StdRng,
    org_id: &str,
    name: &str,
    pro: bool,
    taken: &BTreeMap<String, Lock>,
) -> Lock {
    let id = loop {
        let id = if pro {
            let generation = *pick(rng, &[9, 10, 11, 12, 12, 13]);
            ids::lock_id(rng, 'A', generation)
        } else {
            let generation = *pick(rng, &[10, 11, 12, 12]);
            ids::lock_id(rng, 'R', generation)
        };
        if !taken.contains_key(&id) {
            break id;
        }
    };
    let gen12 = ids::supports_reader_volume(&id);
    let vol = |rng: &mut StdRng| Some(*pick(rng, &[0u8, 20, 40, 50, 60, 80, 100]));
    let autolock = rng.gen_bool(0.7);
    let schedule = (autolock && rng.gen_bool(0.4)).then(|| Schedule {
        days_of_week: weekdays(rng),
        start_time: hhmm(rng.gen_range(7..10), *pick(rng, &[0, 30])),
        end_time: hhmm(rng.gen_range(17..21), *pick(rng, &[0, 30])),
        is_holiday_enabled: rng.gen_bool(0.5),
    });
    let (npin_n, npin_w, npout_n, npout_w) = if gen12 {
        (vol(rng), vol(rng), vol(rng), vol(rng))
    } else {
        (None, None, None, None)
    };
    let mut lock = Lock {
        id,
        model: if pro { "Pro" } else { "Ctl" }.to_string(),
        name: name.to_string(),
        image_url: None,
        autolock,
        seconds_till_autolock: None,
        autolock_off_schedule: schedule,
        open_door_alert: None,
        open_door_alert_second: None,
        push_button: None,
        normal_sound_volume: None,
        alert_sound_volume: None,
        battery_percentage: None,
        lock_type: None,
        unlock_signal_duration: None,
        button1: None,
        lock_remote: LockRemote {
            id: rng.gen_range(100_000..1_000_000),
        },
        nfc_reader_inside: device(rng, "NI"),
        npin_normal_sound_volume: npin_n,
        npin_warning_sound_volume: npin_w,
        nfc_reader_outside: device(rng, "NO"),
        npout_normal_sound_volume: npout_n,
        npout_warning_sound_volume: npout_w,
        door_sensor: None,
        org_id: org_id.to_string(),
    };
    if pro {
        lock.open_door_alert = Some(rng.gen_bool(0.5));
        lock.open_door_alert_second = Some(*pick(rng, &[30, 60, 180]));
        lock.push_button = Some(rng.gen_bool(0.6));
        lock.normal_sound_volume = vol(rng);
        lock.alert_sound_volume = vol(rng);
        lock.battery_percentage = Some(if rng.gen_bool(0.15) {
            rng.gen_range(2..20)
        } else {
            rng.gen_range(20..=100)
        });
        lock.door_sensor = rng.gen_bool(0.7).then(|| device(rng, "DS"));
    } else {
        lock.seconds_till_autolock = Some(*pick(rng, &[3, 5, 10, 30, 60, 180, 600]));
        let lock_type = *pick(
            rng,
            &[
                "lock_in_energizing",
                "unlock_in_energizing",
                "electric_mortise",
                "instant_current_flow",
                "electromagnetic",
                "automatic_door",
                "form_a_contact",
            ],
        );
        if lock_type == "form_a_contact" {
            lock.unlock_signal_duration = Some(*pick(rng, &[300, 500, 1000, 1500, 2000]));
        }
        lock.lock_type = Some(lock_type.to_string());
        lock.button1 = rng.gen_bool(0.8).then(|| Button1 {
            enabled: rng.gen_bool(0.7),
            days_of_week: weekdays(rng),
            start_time: hhmm(rng.gen_range(6..10), 0),
            end_time: hhmm(rng.gen_range(17..23), 0),
            holiday_enabled: rng.gen_bool(0.3),
        });
    }
    lock
}
