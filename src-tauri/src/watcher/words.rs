//! The shell's few sentences, in English and Japanese: the tray menu's labels, the macOS menu
//! bar's ([`MenuEntry`]) and the desktop notification of a new alert, whose words are the
//! core's (`lockdesk_core::watch::words`, as the team's messages and `lockctl` say it). They
//! are shown from Rust while the window may be closed, so they cannot come from the UI's
//! TypeScript catalogues; the UI tells the shell its language instead (`shell_settings_set`,
//! kept in `shell.json`). A `match` per sentence with one arm per language: a sentence without
//! its Japanese (or English) wording does not compile.

use chrono::{Local, TimeZone};
use lockdesk_core::watch::alerts::AlertView;
use lockdesk_core::watch::words::{alert_line, rule_title, MessageLanguage, Seg};
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

impl From<Lang> for MessageLanguage {
    fn from(lang: Lang) -> MessageLanguage {
        match lang {
            Lang::En => MessageLanguage::En,
            Lang::Ja => MessageLanguage::Ja,
        }
    }
}

/// One desktop notification, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub title: String,
    pub body: String,
}

/// An alert as a notification: the core's words for it (as the team's messages and `lockctl`
/// say it), times in this computer's zone, names cleaned for the notification server
/// ([`clean`]).
pub fn notice(lang: Lang, alert: &AlertView) -> Notice {
    let lang = MessageLanguage::from(lang);
    let zone = Local.offset_from_utc_datetime(&alert.finding.at.naive_utc());
    let body = alert_line(alert, lang, zone)
        .iter()
        .map(|seg| match seg {
            Seg::Word(w) => w.clone(),
            Seg::Name(n) => clean(n),
        })
        .collect();
    Notice {
        title: rule_title(alert.finding.rule, lang).to_owned(),
        body,
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
#[path = "../../../tests/support/alerts.rs"]
mod sample;

#[cfg(test)]
mod tests {
    use super::sample::alert;
    use super::*;
    use lockdesk_core::watch::rules::BatteryPart;

    fn every_alert() -> Vec<AlertView> {
        use lockdesk_core::watch::rules::RuleKind as R;
        let mut v = vec![
            alert(R::UnlockedTooLong, "Front door", None),
            alert(R::OutsideHours, "Front door", Some("Sato")),
            alert(R::OutsideHours, "Front door", None),
            alert(R::ListedUser, "Front door", Some("Sato")),
            alert(R::SilentLock, "Front door", None),
        ];
        for part in [
            BatteryPart::Lock,
            BatteryPart::NfcReaderInside,
            BatteryPart::NfcReaderOutside,
            BatteryPart::DoorSensor,
        ] {
            let mut low = alert(R::LowBattery, "Front door", None);
            low.finding.part = Some(part);
            v.push(low);
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
        let mut a = alert(
            lockdesk_core::watch::rules::RuleKind::ListedUser,
            "<b>Door</b> & co\nline\u{202e}",
            Some("<a href=\"x\">x</a>"),
        );
        a.finding.is_locked = Some(true);
        let n = notice(Lang::En, &a);
        assert!(
            n.body.starts_with(
                "&lt;b&gt;Door&lt;/b&gt; &amp; co line : &lt;a href=\"x\"&gt;x&lt;/a&gt; locked at 2026-11-23 "
            ),
            "{}",
            n.body
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
