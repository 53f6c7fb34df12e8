//! Entry/exit history (v2): the locks it covers and its records.

use chrono::{DateTime, Utc};
use lockdesk_api::models::{Access, ClientType, V2Lock};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryLockView {
    pub id: String,
    /// The lock's name, or its id when it has none.
    pub name: String,
    pub image_url: Option<String>,
}

impl From<&V2Lock> for HistoryLockView {
    fn from(l: &V2Lock) -> Self {
        HistoryLockView {
            id: l.id.clone(),
            name: l.name.clone().unwrap_or_else(|| l.id.clone()),
            image_url: l.image_url.clone(),
        }
    }
}

/// How a door was locked or unlocked (the service's `client_type`): by the phone app, the web
/// console or a URL key (`manager`), an IC card outside or inside, auto-lock, by hand, the
/// button, or `{"kind":"other","value":…}` with what the service sent.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum ClientKind {
    MobileApp,
    Manager,
    NfcOutside,
    NfcInside,
    Autolock,
    Hand,
    Button,
    Other(String),
}

impl From<&ClientType> for ClientKind {
    fn from(c: &ClientType) -> Self {
        match c {
            ClientType::MobileApp => ClientKind::MobileApp,
            ClientType::Manager => ClientKind::Manager,
            ClientType::NfcOutside => ClientKind::NfcOutside,
            ClientType::NfcInside => ClientKind::NfcInside,
            ClientType::Autolock => ClientKind::Autolock,
            ClientType::Hand => ClientKind::Hand,
            ClientType::Button => ClientKind::Button,
            ClientType::Other(s) => ClientKind::Other(s.clone()),
        }
    }
}

impl ClientKind {
    /// From the service's value, e.g. an archived record's `client_type`.
    pub fn from_service(s: &str) -> ClientKind {
        ClientKind::from(&ClientType::parse(s))
    }

    /// The service's value (`nfc_inside`, …), e.g. for a filter or a CSV column.
    pub fn as_service(&self) -> &str {
        match self {
            ClientKind::MobileApp => "mobile_app",
            ClientKind::Manager => "manager",
            ClientKind::NfcOutside => "nfc_outside",
            ClientKind::NfcInside => "nfc_inside",
            ClientKind::Autolock => "autolock",
            ClientKind::Hand => "hand",
            ClientKind::Button => "button",
            ClientKind::Other(s) => s,
        }
    }
}

/// What a record did to the door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AccessAction {
    Locked,
    Unlocked,
}

/// One entry/exit record.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccessView {
    pub created_at: DateTime<Utc>,
    pub is_locked: bool,
    /// The same as `is_locked`, as a kind.
    pub action: AccessAction,
    pub client_type: ClientKind,
    pub user_id: Option<String>,
    pub user_name: Option<String>,
    pub user_mail: Option<String>,
    pub lock_id: Option<String>,
    pub lock_name: Option<String>,
}

impl From<&Access> for AccessView {
    fn from(a: &Access) -> Self {
        AccessView {
            created_at: a.created_at,
            is_locked: a.is_locked,
            action: if a.is_locked {
                AccessAction::Locked
            } else {
                AccessAction::Unlocked
            },
            client_type: ClientKind::from(&a.client_type),
            user_id: a.user.as_ref().and_then(|u| u.id.clone()),
            user_name: a.user.as_ref().and_then(|u| u.full_name.clone()),
            user_mail: a.user.as_ref().and_then(|u| u.mail.clone()),
            lock_id: a.lock.as_ref().and_then(|l| l.id.clone()),
            lock_name: a.lock.as_ref().and_then(|l| l.name.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn how_a_door_was_opened_is_a_kind() {
        for c in ClientType::ALL.iter() {
            let k = ClientKind::from(c);
            assert_eq!(k.as_service(), c.as_str());
            assert_eq!(ClientKind::from_service(c.as_str()), k);
            assert_eq!(
                serde_json::to_value(&k).unwrap(),
                json!({ "kind": c.as_str() })
            );
        }
        let odd = ClientKind::from_service("face_id");
        assert_eq!(odd.as_service(), "face_id");
        assert_eq!(
            serde_json::to_value(&odd).unwrap(),
            json!({"kind": "other", "value": "face_id"})
        );
    }

    #[test]
    fn a_record_as_data() {
        let a: Access = serde_json::from_value(json!({
            "is_locked": false, "client_type": "nfc_outside",
            "created_at": "2024-05-01T09:00:00.000Z",
            "user": {"id": 5, "full_name": "佐藤 太郎"}, "lock": {"id": "A1", "name": "正面玄関"}
        }))
        .unwrap();
        let v = AccessView::from(&a);
        assert_eq!(v.action, AccessAction::Unlocked);
        assert_eq!(v.client_type, ClientKind::NfcOutside);
        let j = serde_json::to_value(&v).unwrap();
        assert_eq!(j["action"], "unlocked");
        assert_eq!(j["client_type"], json!({"kind": "nfc_outside"}));
        assert!(j.get("client_label").is_none());
    }
}
