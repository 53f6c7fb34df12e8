//! The words of an alert, in English and Japanese, written once: the desktop notification
//! (the shell), the team's chat messages and mails (`team_alerts::messages`), reports and
//! `lockctl watch` all say an alert with [`rule_title`] and [`alert_line`]. A line is
//! [`Text`]: Lockdesk's own words apart from names, which come from the service (lock and user
//! names) or from the person and are hostile, so each output escapes names its own way
//! (markup for chat and mail, a notification server's markup, a terminal's control
//! characters).

use chrono::{DateTime, FixedOffset, Utc};
use serde::{Deserialize, Serialize};

use crate::watch::alerts::AlertView;
use crate::watch::rules::{BatteryPart, Finding, RuleKind};

/// The language of an alert's words (and of a team destination's messages).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MessageLanguage {
    En,
    #[default]
    Ja,
}

/// A piece of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// Lockdesk's own words: no markup in them.
    Word(String),
    /// A name from the service or the person: escaped by each format.
    Name(String),
}

/// One line of a message.
pub type Text = Vec<Seg>;

pub(crate) fn w(s: impl Into<String>) -> Seg {
    Seg::Word(s.into())
}

pub(crate) fn n(s: impl Into<String>) -> Seg {
    Seg::Name(s.into())
}

/// The line as plain text, names as they are (the generic JSON's `text`, tests).
pub fn plain(text: &Text) -> String {
    text.iter()
        .map(|s| match s {
            Seg::Word(s) | Seg::Name(s) => s.as_str(),
        })
        .collect()
}

/// A rule's title.
pub fn rule_title(rule: RuleKind, lang: MessageLanguage) -> &'static str {
    use MessageLanguage::{En, Ja};
    match (rule, lang) {
        (RuleKind::LowBattery, En) => "Low battery",
        (RuleKind::LowBattery, Ja) => "電池残量の低下",
        (RuleKind::UnlockedTooLong, En) => "Door left unlocked",
        (RuleKind::UnlockedTooLong, Ja) => "解錠のまま",
        (RuleKind::OutsideHours, En) => "Entry outside hours",
        (RuleKind::OutsideHours, Ja) => "時間外の入室",
        (RuleKind::ListedUser, En) => "Activity by a watched user",
        (RuleKind::ListedUser, Ja) => "指定ユーザーの入退室",
        (RuleKind::SilentLock, En) => "No history from a lock",
        (RuleKind::SilentLock, Ja) => "入退室履歴がない錠",
        (RuleKind::LeaverStillUser, En) => "Someone who left still has access",
        (RuleKind::LeaverStillUser, Ja) => "退職者がまだ利用できる状態",
    }
}

/// A battery's device in words.
pub fn part_word(part: BatteryPart, lang: MessageLanguage) -> &'static str {
    use MessageLanguage::{En, Ja};
    match (part, lang) {
        (BatteryPart::Lock, En) => "lock body",
        (BatteryPart::Lock, Ja) => "錠本体",
        (BatteryPart::NfcReaderInside, En) => "inside reader",
        (BatteryPart::NfcReaderInside, Ja) => "室内側リーダー",
        (BatteryPart::NfcReaderOutside, En) => "outside reader",
        (BatteryPart::NfcReaderOutside, Ja) => "室外側リーダー",
        (BatteryPart::DoorSensor, En) => "door sensor",
        (BatteryPart::DoorSensor, Ja) => "ドアセンサー",
    }
}

/// Where an alert's times are told: in which zone, and whether the offset is written
/// (`2026-11-24 10:00` for a team and a notification, `2026-11-24 10:00 +09:00` in a log).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone {
    pub offset: FixedOffset,
    pub with_offset: bool,
}

impl From<FixedOffset> for Zone {
    fn from(offset: FixedOffset) -> Zone {
        Zone {
            offset,
            with_offset: false,
        }
    }
}

fn when(t: DateTime<Utc>, zone: Zone) -> String {
    let format = if zone.with_offset {
        "%Y-%m-%d %H:%M %:z"
    } else {
        "%Y-%m-%d %H:%M"
    };
    t.with_timezone(&zone.offset).format(format).to_string()
}

fn lock(f: &Finding) -> Seg {
    n(f.lock_name.clone().unwrap_or_else(|| f.lock_id.clone()))
}

fn user(f: &Finding) -> Option<Seg> {
    f.user_name
        .clone()
        .or_else(|| f.user_id.clone())
        .map(Seg::Name)
}

/// One alert in one line: the lock, what happened and when, in the organization's zone.
pub fn alert_line(alert: &AlertView, lang: MessageLanguage, zone: impl Into<Zone>) -> Text {
    use MessageLanguage::{En, Ja};
    let zone = zone.into();
    let f = &alert.finding;
    let at = when(f.at, zone);
    let colon = w(if lang == Ja { "：" } else { ": " });
    // About a person, not a lock.
    if f.rule == RuleKind::LeaverStillUser {
        let mut line: Text = user(f).into_iter().collect();
        line.push(w(match lang {
            En => " left the company (so the directory says) and is still a user of the organization: remove them on the Directory screen",
            Ja => "さんは退職済み（ディレクトリによる）ですが、まだ組織のユーザーです。ディレクトリ画面で削除してください",
        }));
        return line;
    }
    let mut line = vec![lock(f), colon];
    match (f.rule, lang) {
        (RuleKind::LowBattery, En) => line.push(w(format!(
            "{} battery at {}% ({at})",
            part_word(f.part.unwrap_or(BatteryPart::Lock), En),
            f.percent.unwrap_or_default()
        ))),
        (RuleKind::LowBattery, Ja) => line.push(w(format!(
            "{}の電池残量が{}%です（{at}）",
            part_word(f.part.unwrap_or(BatteryPart::Lock), Ja),
            f.percent.unwrap_or_default()
        ))),
        (RuleKind::UnlockedTooLong, En) => line.push(w(match f.locked_at {
            Some(l) => format!("unlocked at {at}, locked again only at {}", when(l, zone)),
            None => format!("unlocked at {at} and not locked again"),
        })),
        (RuleKind::UnlockedTooLong, Ja) => line.push(w(match f.locked_at {
            Some(l) => format!("{at}に解錠され、{}まで施錠されませんでした", when(l, zone)),
            None => format!("{at}に解錠されたまま施錠されていません"),
        })),
        (RuleKind::OutsideHours, En) => match user(f) {
            Some(u) => line.extend([u, w(format!(" entered at {at}, outside office hours"))]),
            None => line.push(w(format!("an entry at {at}, outside office hours"))),
        },
        (RuleKind::OutsideHours, Ja) => match user(f) {
            Some(u) => line.extend([u, w(format!("さんが営業時間外（{at}）に入室しました"))]),
            None => line.push(w(format!("営業時間外（{at}）の入室がありました"))),
        },
        (RuleKind::ListedUser, En) => {
            line.extend(user(f));
            let what = if f.is_locked == Some(true) {
                "locked"
            } else {
                "unlocked"
            };
            line.push(w(format!(" {what} at {at}")));
        }
        (RuleKind::ListedUser, Ja) => {
            line.extend(user(f));
            let what = if f.is_locked == Some(true) {
                "施錠"
            } else {
                "解錠"
            };
            line.push(w(format!("さんが{at}に{what}しました")));
        }
        (RuleKind::SilentLock, En) => line.push(w(format!("no history since {at}"))),
        (RuleKind::SilentLock, Ja) => line.push(w(format!("{at}以降、入退室履歴がありません"))),
        (RuleKind::LeaverStillUser, _) => {}
    }
    line
}
