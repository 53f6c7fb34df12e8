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

/// The label of a `client_type` in the UI language (unknown ones as they are): the words of the
/// UI's catalogues (`clientType.*`), so an export reads like the screen it came from (tested).
pub fn kind_label(lang: Language, kind: &str) -> &str {
    let (en, ja) = match kind {
        "mobile_app" => ("Phone app", "スマートフォンアプリ"),
        "manager" => ("Web console / URL key", "Web 管理画面 / URL キー"),
        "nfc_outside" => ("IC card (outside)", "IC カード（室外）"),
        "nfc_inside" => ("IC card (inside)", "IC カード（室内）"),
        "autolock" => ("Auto-lock", "オートロック"),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The `'clientType.<kind>': '<label>'` lines of one of the UI's catalogues.
    fn catalogue(text: &str) -> Vec<(&str, &str)> {
        text.lines()
            .filter_map(|l| l.trim().strip_prefix("'clientType."))
            .map(|l| {
                let (kind, rest) = l.split_once("': '").unwrap();
                (kind, rest.trim_end_matches("',"))
            })
            .collect()
    }

    #[test]
    fn exports_name_each_method_as_the_screen_does() {
        let catalogues = [
            (include_str!("../../../ui/src/lib/i18n/en.ts"), Language::En),
            (include_str!("../../../ui/src/lib/i18n/ja.ts"), Language::Ja),
        ];
        for (text, lang) in catalogues {
            let kinds = catalogue(text);
            assert_eq!(kinds.len(), 7, "{lang:?}: {kinds:?}");
            for (kind, label) in kinds {
                assert_eq!(kind_label(lang, kind), label, "{lang:?}: {kind}");
            }
        }
    }
}
