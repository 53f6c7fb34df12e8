//! The words of a team-alert message, in English or Japanese, as [`Text`]: Lockdesk's own words
//! apart from names, which come from the service (lock and user names) or from the person
//! (the destination's name) and are hostile. Each chat format and the mail (`messages.rs`)
//! writes words as they are and escapes names its own way. The titles are the desktop
//! notifications' words (`src-tauri/src/watcher/words.rs`), so a team reads what the
//! administrator's screen shows.

use chrono::{DateTime, FixedOffset, Utc};

use crate::team_alerts::destinations::MessageLanguage;
use crate::watch::{AlertView, BatteryPart, Finding, RuleKind};

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

fn w(s: impl Into<String>) -> Seg {
    Seg::Word(s.into())
}

fn n(s: impl Into<String>) -> Seg {
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

/// A time in the organization's zone, `2026-11-24 10:00`.
fn when(t: DateTime<Utc>, zone: FixedOffset) -> String {
    t.with_timezone(&zone).format("%Y-%m-%d %H:%M").to_string()
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
pub fn alert_line(alert: &AlertView, lang: MessageLanguage, zone: FixedOffset) -> Text {
    use MessageLanguage::{En, Ja};
    let f = &alert.finding;
    let at = when(f.at, zone);
    let colon = w(if lang == Ja { "：" } else { ": " });
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
    }
    line
}

/// A message's title: the rule of one alert, or how many alerts a burst holds.
pub fn title(alerts: &[AlertView], lang: MessageLanguage) -> Text {
    match (alerts, lang) {
        ([one], MessageLanguage::En) => vec![w(format!(
            "Lockdesk: {}",
            rule_title(one.finding.rule, lang)
        ))],
        ([one], MessageLanguage::Ja) => vec![w(format!(
            "Lockdesk：{}",
            rule_title(one.finding.rule, lang)
        ))],
        (all, MessageLanguage::En) => vec![w(format!("Lockdesk: {} new alerts", all.len()))],
        (all, MessageLanguage::Ja) => vec![w(format!("Lockdesk：新しいアラート{}件", all.len()))],
    }
}

/// A digest's title: how many alerts, and the days they were raised on (the organization's
/// zone).
pub fn digest_title(alerts: &[AlertView], lang: MessageLanguage, zone: FixedOffset) -> Text {
    let day = |t: DateTime<Utc>| t.with_timezone(&zone).format("%Y-%m-%d").to_string();
    let first = alerts.iter().map(|a| a.raised_at).min().map(day);
    let last = alerts.iter().map(|a| a.raised_at).max().map(day);
    let days = match (first, last) {
        (Some(f), Some(l)) if f != l => match lang {
            MessageLanguage::En => format!("{f} – {l}"),
            MessageLanguage::Ja => format!("{f}〜{l}"),
        },
        (Some(f), _) => f,
        _ => String::new(),
    };
    let n = alerts.len();
    vec![w(match lang {
        MessageLanguage::En if n == 1 => format!("Lockdesk: daily digest, 1 alert ({days})"),
        MessageLanguage::En => format!("Lockdesk: daily digest, {n} alerts ({days})"),
        MessageLanguage::Ja => format!("Lockdesk：アラートのまとめ {n}件（{days}）"),
    })]
}

/// The last line of a mail: where it comes from and which destination it was sent to.
pub fn mail_footer(destination: &str, lang: MessageLanguage) -> Text {
    match lang {
        MessageLanguage::En => vec![
            w("Sent by Lockdesk's watcher to the alert destination "),
            n(destination),
            w("."),
        ],
        MessageLanguage::Ja => vec![
            w("Lockdesk の見守りから送信先「"),
            n(destination),
            w("」に送信しました。"),
        ],
    }
}

/// The last line of a burst listing only its first alerts.
pub fn more(count: usize, lang: MessageLanguage) -> Text {
    vec![w(match lang {
        MessageLanguage::En => format!("…and {count} more (see Watch in Lockdesk)"),
        MessageLanguage::Ja => format!("ほか{count}件（Lockdesk の見守り画面をご覧ください）"),
    })]
}

/// The test message's title and line.
pub fn test_message(destination: &str, lang: MessageLanguage) -> (Text, Text) {
    match lang {
        MessageLanguage::En => (
            vec![w("Lockdesk: test message")],
            vec![
                w("Alerts of Lockdesk's watch rules will arrive here (destination "),
                n(destination),
                w(")."),
            ],
        ),
        MessageLanguage::Ja => (
            vec![w("Lockdesk：テスト送信")],
            vec![
                w("Lockdesk の見守りのアラートがここに届きます（送信先："),
                n(destination),
                w("）。"),
            ],
        ),
    }
}
