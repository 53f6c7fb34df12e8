//! Words of an export in the chosen language: the column headers, the action and the kind
//! (`client_type`) of a record.

use crate::model::{Language, Zone};
use crate::zone::label;

pub(crate) fn action(lang: Language, locked: bool) -> &'static str {
    match (lang, locked) {
        (Language::En, true) => "locked",
        (Language::En, false) => "unlocked",
        (Language::Ja, true) => "施錠",
        (Language::Ja, false) => "解錠",
    }
}

/// The label of a `client_type` in the UI language (unknown ones as they are).
pub fn kind_label(lang: Language, kind: &str) -> &str {
    let (en, ja) = match kind {
        "mobile_app" => ("Mobile app", "アプリ"),
        "manager" => ("Web console / URL key", "管理画面・URLキー"),
        "nfc_outside" => ("IC card (outside)", "ICカード（外側）"),
        "nfc_inside" => ("IC card (inside)", "ICカード（内側）"),
        "autolock" => ("Autolock", "オートロック"),
        "hand" => ("By hand", "手動"),
        "button" => ("Button", "ボタン"),
        other => return other,
    };
    match lang {
        Language::En => en,
        Language::Ja => ja,
    }
}

pub(crate) fn headers(lang: Language, zone: Zone) -> [String; 8] {
    let z = label(zone);
    match lang {
        Language::En => [
            format!("Time ({z})"),
            "Action".into(),
            "Method".into(),
            "User ID".into(),
            "User".into(),
            "E-mail".into(),
            "Lock ID".into(),
            "Lock".into(),
        ],
        Language::Ja => [
            format!(
                "日時 ({})",
                if z == "local" {
                    "現地時刻".to_owned()
                } else {
                    z
                }
            ),
            "操作".into(),
            "方法".into(),
            "ユーザーID".into(),
            "ユーザー名".into(),
            "メールアドレス".into(),
            "錠ID".into(),
            "錠名".into(),
        ],
    }
}
