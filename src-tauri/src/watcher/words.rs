//! The shell's few sentences, in English and Japanese: the desktop notifications raised for new
//! alerts, the tray menu's labels and the macOS menu bar's ([`MenuEntry`]). They are raised from Rust while the window may be closed,
//! so they cannot come from the UI's TypeScript catalogues; the UI tells the shell its language
//! instead (`shell_settings_set`, kept in `shell.json`) and every word the shell shows is made
//! here, from data, in one place. A `match` per sentence with one arm per language: a sentence
//! without its Japanese (or English) wording does not compile.

use serde::{Deserialize, Serialize};

/// The languages of the UI (ui/src/lib/i18n), as the UI names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The UI's locale code (`en`, `ja`, also `ja-JP`); anything else is English.
    pub fn from_code(code: &str) -> Lang {
        match code.split(['-', '_']).next().unwrap_or("") {
            c if c.eq_ignore_ascii_case("ja") => Lang::Ja,
            _ => Lang::En,
        }
    }
}

pub use lockdesk_core::watch::BatteryPart;

/// A new alert as data, as a watch round reports it. Names come from the service and are
/// hostile: they are cleaned when worded ([`notice`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchAlert {
    LowBattery {
        lock: String,
        part: BatteryPart,
        percent: u8,
    },
    LeftUnlocked {
        lock: String,
        minutes: u32,
    },
    OutsideHours {
        lock: String,
        user: Option<String>,
    },
    WatchedUser {
        lock: String,
        user: String,
    },
    NoHistory {
        lock: String,
        days: u32,
    },
}

/// One desktop notification, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub title: String,
    pub body: String,
}

/// The one place where an alert becomes words.
pub fn notice(lang: Lang, alert: &WatchAlert) -> Notice {
    use Lang::{En, Ja};
    use WatchAlert as A;
    let (title, body) = match (alert, lang) {
        (
            A::LowBattery {
                lock,
                part,
                percent,
            },
            En,
        ) => (
            "Low battery".to_owned(),
            format!("{}: {} at {percent}%", clean(lock), part_word(*part, En)),
        ),
        (
            A::LowBattery {
                lock,
                part,
                percent,
            },
            Ja,
        ) => (
            "電池残量の低下".to_owned(),
            format!(
                "{}：{}の電池残量が{percent}%です",
                clean(lock),
                part_word(*part, Ja)
            ),
        ),
        (A::LeftUnlocked { lock, minutes }, En) => (
            "Door left unlocked".to_owned(),
            format!("{}: not locked again for {minutes} minutes", clean(lock)),
        ),
        (A::LeftUnlocked { lock, minutes }, Ja) => (
            "解錠のまま".to_owned(),
            format!("{}：解錠から{minutes}分間施錠されていません", clean(lock)),
        ),
        (A::OutsideHours { lock, user }, En) => (
            "Entry outside hours".to_owned(),
            match user {
                Some(u) => format!("{}: {} entered outside office hours", clean(lock), clean(u)),
                None => format!("{}: an entry outside office hours", clean(lock)),
            },
        ),
        (A::OutsideHours { lock, user }, Ja) => (
            "時間外の入室".to_owned(),
            match user {
                Some(u) => format!(
                    "{}：{}さんが営業時間外に入室しました",
                    clean(lock),
                    clean(u)
                ),
                None => format!("{}：営業時間外の入室がありました", clean(lock)),
            },
        ),
        (A::WatchedUser { lock, user }, En) => (
            "Activity by a watched user".to_owned(),
            format!("{}: {}", clean(lock), clean(user)),
        ),
        (A::WatchedUser { lock, user }, Ja) => (
            "指定ユーザーの入退室".to_owned(),
            format!("{}：{}さん", clean(lock), clean(user)),
        ),
        (A::NoHistory { lock, days }, En) => (
            "No history from a lock".to_owned(),
            format!("{}: no history for {days} days", clean(lock)),
        ),
        (A::NoHistory { lock, days }, Ja) => (
            "入退室履歴がない錠".to_owned(),
            format!("{}：{days}日間入退室履歴がありません", clean(lock)),
        ),
    };
    Notice { title, body }
}

fn part_word(part: BatteryPart, lang: Lang) -> &'static str {
    match (part, lang) {
        (BatteryPart::Lock, Lang::En) => "lock body",
        (BatteryPart::Lock, Lang::Ja) => "錠本体",
        (BatteryPart::NfcReaderInside, Lang::En) => "inside reader",
        (BatteryPart::NfcReaderInside, Lang::Ja) => "室内側リーダー",
        (BatteryPart::NfcReaderOutside, Lang::En) => "outside reader",
        (BatteryPart::NfcReaderOutside, Lang::Ja) => "室外側リーダー",
        (BatteryPart::DoorSensor, Lang::En) => "door sensor",
        (BatteryPart::DoorSensor, Lang::Ja) => "ドアセンサー",
    }
}

/// The tray menu's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayEntry {
    Open,
    SyncNow,
    /// "Pause watching", or "Resume watching" while paused.
    Pause {
        paused: bool,
    },
    Quit,
}

pub fn tray_label(lang: Lang, entry: TrayEntry) -> &'static str {
    use TrayEntry as T;
    match (entry, lang) {
        (T::Open, Lang::En) => "Open Lockdesk",
        (T::Open, Lang::Ja) => "Lockdesk を開く",
        (T::SyncNow, Lang::En) => "Sync now",
        (T::SyncNow, Lang::Ja) => "今すぐ同期",
        (T::Pause { paused: false }, Lang::En) => "Pause watching",
        (T::Pause { paused: false }, Lang::Ja) => "見守りを一時停止",
        (T::Pause { paused: true }, Lang::En) => "Resume watching",
        (T::Pause { paused: true }, Lang::Ja) => "見守りを再開",
        (T::Quit, Lang::En) => "Quit",
        (T::Quit, Lang::Ja) => "終了",
    }
}

/// The tray icon's tooltip.
pub fn tray_tooltip(lang: Lang, paused: bool) -> &'static str {
    match (paused, lang) {
        (false, Lang::En) => "Lockdesk: watching",
        (false, Lang::Ja) => "Lockdesk：見守り中",
        (true, Lang::En) => "Lockdesk: watching paused",
        (true, Lang::Ja) => "Lockdesk：見守りを一時停止中",
    }
}

/// The entries of the application menu (macOS menu bar: the Lockdesk, Edit and Window menus),
/// named as macOS names them in each language, so they read like every other Mac app's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    /// The application menu's title (macOS shows the app's name there whatever it says).
    App,
    About,
    Settings,
    Services,
    Hide,
    HideOthers,
    ShowAll,
    Quit,
    Edit,
    Undo,
    Redo,
    Cut,
    Copy,
    Paste,
    SelectAll,
    Window,
    Minimize,
    Zoom,
    CloseWindow,
}

impl MenuEntry {
    pub const ALL: [MenuEntry; 19] = {
        use MenuEntry::*;
        [
            App,
            About,
            Settings,
            Services,
            Hide,
            HideOthers,
            ShowAll,
            Quit,
            Edit,
            Undo,
            Redo,
            Cut,
            Copy,
            Paste,
            SelectAll,
            Window,
            Minimize,
            Zoom,
            CloseWindow,
        ]
    };
}

pub fn menu_label(lang: Lang, entry: MenuEntry) -> &'static str {
    use Lang::{En, Ja};
    use MenuEntry as M;
    match (entry, lang) {
        (M::App, _) => "Lockdesk",
        (M::About, En) => "About Lockdesk",
        (M::About, Ja) => "Lockdesk について",
        (M::Settings, En) => "Settings…",
        (M::Settings, Ja) => "設定…",
        (M::Services, En) => "Services",
        (M::Services, Ja) => "サービス",
        (M::Hide, En) => "Hide Lockdesk",
        (M::Hide, Ja) => "Lockdesk を隠す",
        (M::HideOthers, En) => "Hide Others",
        (M::HideOthers, Ja) => "ほかを隠す",
        (M::ShowAll, En) => "Show All",
        (M::ShowAll, Ja) => "すべてを表示",
        (M::Quit, En) => "Quit Lockdesk",
        (M::Quit, Ja) => "Lockdesk を終了",
        (M::Edit, En) => "Edit",
        (M::Edit, Ja) => "編集",
        (M::Undo, En) => "Undo",
        (M::Undo, Ja) => "取り消す",
        (M::Redo, En) => "Redo",
        (M::Redo, Ja) => "やり直す",
        (M::Cut, En) => "Cut",
        (M::Cut, Ja) => "カット",
        (M::Copy, En) => "Copy",
        (M::Copy, Ja) => "コピー",
        (M::Paste, En) => "Paste",
        (M::Paste, Ja) => "ペースト",
        (M::SelectAll, En) => "Select All",
        (M::SelectAll, Ja) => "すべてを選択",
        (M::Window, En) => "Window",
        (M::Window, Ja) => "ウインドウ",
        (M::Minimize, En) => "Minimize",
        (M::Minimize, Ja) => "しまう",
        (M::Zoom, En) => "Zoom",
        (M::Zoom, Ja) => "拡大/縮小",
        (M::CloseWindow, En) => "Close Window",
        (M::CloseWindow, Ja) => "ウインドウを閉じる",
    }
}

/// Service text as plain text for a notification: control characters (line breaks included)
/// become spaces, and `&`, `<`, `>` are escaped, since freedesktop notification servers may
/// read the body as markup (`body-markup`); at most 100 characters.
pub fn clean(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(100) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c if c.is_control()
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') =>
            {
                out.push(' ')
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_alert() -> Vec<WatchAlert> {
        let lock = "Front door".to_owned();
        let mut v = vec![
            WatchAlert::LeftUnlocked {
                lock: lock.clone(),
                minutes: 15,
            },
            WatchAlert::OutsideHours {
                lock: lock.clone(),
                user: Some("Sato".into()),
            },
            WatchAlert::OutsideHours {
                lock: lock.clone(),
                user: None,
            },
            WatchAlert::WatchedUser {
                lock: lock.clone(),
                user: "Sato".into(),
            },
            WatchAlert::NoHistory {
                lock: lock.clone(),
                days: 7,
            },
        ];
        for part in [
            BatteryPart::Lock,
            BatteryPart::NfcReaderInside,
            BatteryPart::NfcReaderOutside,
            BatteryPart::DoorSensor,
        ] {
            v.push(WatchAlert::LowBattery {
                lock: lock.clone(),
                part,
                percent: 12,
            });
        }
        v
    }

    fn has_japanese(s: &str) -> bool {
        s.chars().any(|c| {
            ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c)
        })
    }

    #[test]
    fn every_notice_and_label_has_both_languages() {
        for alert in every_alert() {
            let (en, ja) = (notice(Lang::En, &alert), notice(Lang::Ja, &alert));
            assert!(
                !has_japanese(&en.title) && !has_japanese(&en.body),
                "{en:?}"
            );
            assert!(has_japanese(&ja.title) && has_japanese(&ja.body), "{ja:?}");
            assert!(en.body.contains("Front door") && ja.body.contains("Front door"));
            assert!(!ja.body.contains("あなた"));
        }
        for entry in [
            TrayEntry::Open,
            TrayEntry::SyncNow,
            TrayEntry::Pause { paused: false },
            TrayEntry::Pause { paused: true },
            TrayEntry::Quit,
        ] {
            assert!(!has_japanese(tray_label(Lang::En, entry)));
            assert!(has_japanese(tray_label(Lang::Ja, entry)), "{entry:?}");
        }
        for paused in [false, true] {
            assert!(has_japanese(tray_tooltip(Lang::Ja, paused)));
        }
        for entry in MenuEntry::ALL {
            assert!(!has_japanese(menu_label(Lang::En, entry)));
            // The application menu's title is the app's name in every language.
            if entry != MenuEntry::App {
                assert!(has_japanese(menu_label(Lang::Ja, entry)), "{entry:?}");
            }
        }
    }

    #[test]
    fn service_names_cannot_mark_up_or_break_a_notification() {
        let alert = WatchAlert::WatchedUser {
            lock: "<b>Door</b> & co\nline\u{202e}".into(),
            user: "<a href=\"x\">x</a>".into(),
        };
        let n = notice(Lang::En, &alert);
        assert_eq!(
            n.body,
            "&lt;b&gt;Door&lt;/b&gt; &amp; co line : &lt;a href=\"x\"&gt;x&lt;/a&gt;"
        );
        assert_eq!(clean(&"x".repeat(500)).len(), 100);
    }

    #[test]
    fn the_ui_locale_code_picks_the_language() {
        assert_eq!(Lang::from_code("ja"), Lang::Ja);
        assert_eq!(Lang::from_code("ja-JP"), Lang::Ja);
        assert_eq!(Lang::from_code("en"), Lang::En);
        assert_eq!(Lang::from_code("fr"), Lang::En);
    }
}
