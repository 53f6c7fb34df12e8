//! The alerts and destinations the unit tests of `team_alerts` share.

use chrono::{DateTime, Utc};

use crate::team_alerts::destinations::{AlertDestination, DestinationKind, RuleSelection};
use crate::watch::words::MessageLanguage;
use crate::watch::{AlertView, BatteryPart, Finding, RuleKind};

/// Alert `id`: the lock `L1` (named `lock_name`) at 9 % on 2026-11-24 10:00 in Japan.
pub fn alert(id: i64, lock_name: &str) -> AlertView {
    let at: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
    let mut finding = Finding::new(
        RuleKind::LowBattery,
        format!("k{id}"),
        "L1/lock".into(),
        "L1",
        at,
    );
    finding.lock_name = Some(lock_name.into());
    finding.part = Some(BatteryPart::Lock);
    finding.percent = Some(9);
    AlertView {
        id,
        raised_at: at,
        acknowledged_at: None,
        muted: false,
        finding,
    }
}

/// Destination `d1` of organization `O-1`, named 総務; a Chatwork one in room 1.
pub fn destination(kind: DestinationKind, language: MessageLanguage) -> AlertDestination {
    AlertDestination {
        id: "d1".into(),
        name: "総務".into(),
        organization_id: "O-1".into(),
        kind,
        rules: RuleSelection::All,
        room_id: (kind == DestinationKind::Chatwork).then(|| "1".to_owned()),
        language,
        host: "hooks.example.jp".into(),
        mail: None,
        digest: None,
        connection: None,
        shared: false,
    }
}
