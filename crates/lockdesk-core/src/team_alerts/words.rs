//! The words a team message adds around its alerts, in English or Japanese: its title, a
//! digest's title, "and N more", the mail's footer and the test message. The alerts themselves
//! are worded by `watch::words`, as the desktop notification and `lockctl` word them. Names
//! (the destination's) are hostile: each chat format and the mail escape them their own way.

use chrono::{DateTime, FixedOffset, Utc};

use crate::watch::alerts::AlertView;
use crate::watch::words::{n, rule_title, w, MessageLanguage, Text};

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
