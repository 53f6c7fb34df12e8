//! A message in each chat service's own form. Names (locks, users from the service; the
//! destination's name from the person) are hostile: each form escapes them so that a name never
//! becomes markup, a link or a mention (`<!channel>`, `[toall]`, `<m userId="all">`), and `@`
//! in a name is written as the full-width `＠`, so `@all` / `@channel` in a name mention no one
//! whatever the service does with plain text. An address in a name is written the way security
//! notices write addresses that must not be followed (`http[:]//evil[.]example/x`,
//! `evil[.]example`): chat services and mail programs make links of addresses and bare domain
//! names in plain text, and a lock named like one would become a link to wherever it says.
//!
//! The forms, as each service documents them:
//! - Slack incoming webhook: `{"text", "blocks"}` with `mrkdwn` section blocks; `&`, `<`, `>`
//!   in names become `&amp;`, `&lt;`, `&gt;` (Slack's "Escaping text": the only characters
//!   it parses as control characters). `text` is the notification's fallback.
//! - Microsoft Teams (Workflows "when a Teams webhook request is received", and the older
//!   incoming webhooks): `{"type": "message", "attachments": [{"contentType":
//!   "application/vnd.microsoft.card.adaptive", "content": <AdaptiveCard 1.4>}]}`. Every text is
//!   a `TextRun` of a `RichTextBlock`, which Adaptive Cards never read as Markdown (TextBlock
//!   would), and a mention needs `msteams.entities`, which Lockdesk never sends; `<` and `>`
//!   in names still become `＜` and `＞`, so no `<at>` shows even to a reader.
//! - Chatwork: `POST {api}/rooms/{room_id}/messages` with the `X-ChatWorkToken` header and the
//!   form field `body`, in Chatwork's message notation (`[info][title]…[/title]…[/info]`);
//!   `[` and `]` in names become `［` and `］`, so no tag (`[toall]`, `[To:…]`) can form.
//! - LINE WORKS "Incoming Webhook" app: `{"title": …, "body": {"text": …}}` (its request
//!   form: a title and a text, no richer message kinds); `<` and `>` in names become `＜`
//!   and `＞` (a bot message's mention is an `<m …>` tag). The Bot API's message form, which
//!   needs a bot, its token and a channel id, is not used.
//! - Generic: the alerts as JSON data (`source`, `organization_id`, `test`, `title`, `text`
//!   and every alert: id, rule, lock, user, times, battery), names as they are (JSON-encoded):
//!   for an office's own relay or script.
//! - E-mail: a subject (the title: Lockdesk's words only) and a plain-text body (the title, a
//!   line per alert, where it was sent); names have their control characters (line breaks)
//!   made spaces and are otherwise as they are: plain text has no markup. A mail lists up to
//!   [`MAIL_LISTED`] alerts.
//!
//! A destination with a digest receives its day's alerts as one message, whatever their
//! number, titled with the count and the days.

use chrono::FixedOffset;
use serde_json::{json, Value};

use crate::team_alerts::destinations::{AlertDestination, DestinationKind};
use crate::team_alerts::words;
use crate::watch::words::{alert_line, plain, MessageLanguage, Seg, Text};
use crate::watch::AlertView;

/// More alerts than this for one destination in one delivery pass become one message.
pub const BURST_OVER: usize = 3;
/// The alerts a burst message lists; it says how many more there are.
pub const BURST_LISTED: usize = 10;
/// The alerts a mail lists (a burst or a digest); it says how many more there are.
pub const MAIL_LISTED: usize = 200;

/// What is posted.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Json(Value),
    /// `application/x-www-form-urlencoded` fields (Chatwork).
    Form(Vec<(String, String)>),
    /// A mail's subject and plain-text body.
    Mail {
        subject: String,
        text: String,
    },
}

/// A message before it takes a service's form.
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    pub title: Text,
    pub lines: Vec<Text>,
    pub organization_id: String,
    /// Every alert it is about (a test message: none).
    pub alerts: Vec<AlertView>,
    pub test: bool,
    /// The destination's name (a mail's last line).
    pub destination: String,
}

/// The message for these alerts: one line each, or for a burst its first
/// [`BURST_LISTED`] ([`MAIL_LISTED`] in a mail) and how many more; a digest's title counts
/// them and names their days.
pub fn alerts_content(dest: &AlertDestination, alerts: &[AlertView], zone: FixedOffset) -> Content {
    let lang = dest.language;
    let listed = if dest.kind == DestinationKind::Email {
        MAIL_LISTED
    } else {
        BURST_LISTED
    };
    let mut lines: Vec<Text> = alerts
        .iter()
        .take(listed)
        .map(|a| alert_line(a, lang, zone))
        .collect();
    if alerts.len() > listed {
        lines.push(words::more(alerts.len() - listed, lang));
    }
    Content {
        title: match dest.digest {
            Some(_) => words::digest_title(alerts, lang, zone),
            None => words::title(alerts, lang),
        },
        lines,
        organization_id: dest.organization_id.clone(),
        alerts: alerts.to_vec(),
        test: false,
        destination: dest.name.clone(),
    }
}

/// "Send a test": says where alerts will arrive.
pub fn test_content(dest: &AlertDestination) -> Content {
    let (title, line) = words::test_message(&dest.name, dest.language);
    Content {
        title,
        lines: vec![line],
        organization_id: dest.organization_id.clone(),
        alerts: Vec::new(),
        test: true,
        destination: dest.name.clone(),
    }
}

/// `text` with names escaped by `escape`.
fn render(text: &Text, escape: fn(&str) -> String) -> String {
    text.iter()
        .map(|s| match s {
            Seg::Word(s) => s.clone(),
            Seg::Name(s) => escape(s),
        })
        .collect()
}

fn no_mention(s: &str) -> String {
    no_link(s).replace('@', "＠")
}

/// `s` with every address shape broken: `://` written `[:]//`, and a dot between a letter or
/// digit and a letter (a domain name's, `evil.example`) written `[.]`; the full-width and
/// ideographic full stops too, which international domain names read as dots. `1.5F` and
/// `Ver.2` stay as they are.
fn no_link(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let dot = matches!(c, '.' | '．' | '｡' | '。')
            && i > 0
            && chars[i - 1].is_alphanumeric()
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        if dot {
            out.push('[');
            out.push(c);
            out.push(']');
        } else if c == ':' && chars[i + 1..].starts_with(&['/', '/']) {
            out.push_str("[:]");
        } else {
            out.push(c);
        }
    }
    out
}

/// Slack's escaping: `&`, `<` and `>` (and `@`, see the module).
pub fn slack_escape(s: &str) -> String {
    no_mention(
        &s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;"),
    )
}

/// Chatwork: no tag can form from a name.
pub fn chatwork_escape(s: &str) -> String {
    no_mention(&s.replace('[', "［").replace(']', "］"))
}

/// LINE WORKS and Teams: no `<m …>` or `<at>` tag can form from a name.
pub fn angle_escape(s: &str) -> String {
    no_mention(&s.replace('<', "＜").replace('>', "＞"))
}

/// A mail's plain text: a name stays on its line, and is no link.
pub fn mail_escape(s: &str) -> String {
    no_link(&crate::team_alerts::mail::one_line(s))
}

fn lines(content: &Content, escape: fn(&str) -> String) -> String {
    content
        .lines
        .iter()
        .map(|l| render(l, escape))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The body of `content` in the form of `kind`.
pub fn body(kind: DestinationKind, lang: MessageLanguage, content: &Content) -> Body {
    match kind {
        DestinationKind::Slack => {
            let title = render(&content.title, slack_escape);
            let text = lines(content, slack_escape);
            Body::Json(json!({
                "text": format!("{title}\n{text}"),
                "blocks": [
                    { "type": "section", "text": { "type": "mrkdwn", "text": format!("*{title}*") } },
                    { "type": "section", "text": { "type": "mrkdwn", "text": text } },
                ],
            }))
        }
        DestinationKind::Teams => {
            let run = |text: &Text, bold: bool| {
                let mut run = json!({ "type": "TextRun", "text": render(text, angle_escape) });
                if bold {
                    run["weight"] = json!("bolder");
                    run["size"] = json!("medium");
                }
                json!({ "type": "RichTextBlock", "inlines": [run] })
            };
            let mut body = vec![run(&content.title, true)];
            body.extend(content.lines.iter().map(|l| run(l, false)));
            Body::Json(json!({
                "type": "message",
                "attachments": [{
                    "contentType": "application/vnd.microsoft.card.adaptive",
                    "contentUrl": null,
                    "content": {
                        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
                        "type": "AdaptiveCard",
                        "version": "1.4",
                        "lang": match lang { MessageLanguage::En => "en", MessageLanguage::Ja => "ja" },
                        "body": body,
                    },
                }],
            }))
        }
        DestinationKind::Chatwork => Body::Form(vec![(
            "body".to_owned(),
            format!(
                "[info][title]{}[/title]{}[/info]",
                render(&content.title, chatwork_escape),
                lines(content, chatwork_escape)
            ),
        )]),
        DestinationKind::LineWorks => Body::Json(json!({
            "title": render(&content.title, angle_escape),
            "body": { "text": lines(content, angle_escape) },
        })),
        DestinationKind::Generic => Body::Json(json!({
            "source": "lockdesk",
            "organization_id": content.organization_id,
            "test": content.test,
            "title": plain(&content.title),
            "text": content.lines.iter().map(plain).collect::<Vec<_>>().join("\n"),
            "alerts": content.alerts.iter().map(alert_data).collect::<Vec<_>>(),
        })),
        DestinationKind::Email => Body::Mail {
            subject: render(&content.title, mail_escape),
            text: format!(
                "{}\n\n{}\n\n-- \n{}\n",
                render(&content.title, mail_escape),
                lines(content, mail_escape),
                render(&words::mail_footer(&content.destination, lang), mail_escape)
            ),
        },
    }
}

/// One alert as data (generic destinations).
fn alert_data(a: &AlertView) -> Value {
    let f = &a.finding;
    json!({
        "id": a.id,
        "rule": f.rule.as_str(),
        "lock_id": f.lock_id,
        "lock_name": f.lock_name,
        "user_id": f.user_id,
        "user_name": f.user_name,
        "at": f.at,
        "raised_at": a.raised_at,
        "part": f.part.map(|p| p.as_str()),
        "percent": f.percent,
        "locked_at": f.locked_at,
        "is_locked": f.is_locked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_alerts::test_fixtures::{alert, destination as dest};

    const HOSTILE: &str = "<!channel> @all <b> [toall] &";

    fn jst() -> FixedOffset {
        FixedOffset::east_opt(9 * 3600).unwrap()
    }

    fn all_text(body: &Body) -> String {
        match body {
            Body::Json(v) => v.to_string(),
            Body::Form(f) => f.iter().map(|(_, v)| v.as_str()).collect(),
            Body::Mail { subject, text } => format!("{subject}\n{text}"),
        }
    }

    #[test]
    fn a_hostile_name_never_becomes_markup_or_a_mention_in_any_form() {
        let alerts = [alert(1, HOSTILE)];
        for kind in DestinationKind::ALL {
            let d = dest(kind, MessageLanguage::Ja);
            let text = all_text(&body(kind, d.language, &alerts_content(&d, &alerts, jst())));
            if kind == DestinationKind::Generic {
                assert!(text.contains("<!channel> @all"), "{text}");
                continue;
            }
            if kind == DestinationKind::Email {
                // Plain text has no markup: the name as it is, on its line.
                assert!(text.contains("\n<!channel> @all <b> [toall] &："), "{text}");
                continue;
            }
            // Each form's own markup: tags in angle brackets, Chatwork's in square ones.
            let markup: &[&str] = if kind == DestinationKind::Chatwork {
                &["[toall]", "@all"]
            } else {
                &["<!channel>", "<b>", "@all"]
            };
            for bad in markup {
                assert!(!text.contains(bad), "{kind:?}: {bad} in {text}");
            }
        }
        let d = dest(DestinationKind::Slack, MessageLanguage::En);
        let Body::Json(v) = body(d.kind, d.language, &alerts_content(&d, &alerts, jst())) else {
            panic!()
        };
        let section = v["blocks"][1]["text"]["text"].as_str().unwrap();
        assert_eq!(
            section,
            "&lt;!channel&gt; ＠all &lt;b&gt; [toall] &amp;: lock body battery at 9% (2026-11-24 10:00)"
        );
    }

    /// A lock or user named like an address becomes no link in any chat form or the mail:
    /// the scheme and the domain's dots are broken (the generic JSON keeps names as data).
    #[test]
    fn a_leaver_is_said_by_name_and_no_lock() {
        let mut a = alert(1, "正面玄関");
        a.finding.rule = crate::watch::RuleKind::LeaverStillUser;
        a.finding.lock_id = String::new();
        a.finding.lock_name = None;
        a.finding.user_name = Some("山田 太郎".into());
        for (lang, said) in [
            (MessageLanguage::Ja, "山田 太郎さんは退職済み"),
            (MessageLanguage::En, "山田 太郎 left the company"),
        ] {
            let d = dest(DestinationKind::Slack, lang);
            let text = all_text(&body(
                DestinationKind::Slack,
                lang,
                &alerts_content(&d, &[a.clone()], jst()),
            ));
            assert!(text.contains(said), "{text}");
            assert!(!text.contains("正面玄関"), "{text}");
        }
    }

    #[test]
    fn an_address_in_a_name_becomes_no_link_in_any_form() {
        for (name, broken) in [
            ("http://evil.example/x", "evil[.]example"),
            ("evil.example", "evil[.]example"),
            ("https://ＥＶＩＬ．example", "ＥＶＩＬ[．]example"),
        ] {
            let mut a = alert(1, name);
            a.finding.user_name = Some("www.evil.example".into());
            a.finding.rule = crate::watch::RuleKind::OutsideHours;
            for kind in DestinationKind::ALL {
                let d = dest(kind, MessageLanguage::En);
                let text = all_text(&body(
                    kind,
                    d.language,
                    &alerts_content(&d, &[a.clone()], jst()),
                ))
                // The card's own schema, not a name.
                .replace("http://adaptivecards.io/schemas/adaptive-card.json", "");
                if kind == DestinationKind::Generic {
                    assert!(text.contains(name), "{kind:?}: {text}");
                    continue;
                }
                for shape in ["://", "evil.example", "ＥＶＩＬ．example", "www.evil"] {
                    assert!(!text.contains(shape), "{kind:?}: {shape} in {text}");
                }
                assert!(text.contains(broken), "{kind:?}: {text}");
            }
        }
        // Numbers and abbreviations are not addresses.
        assert_eq!(no_link("3.5F 会議室 Ver.2"), "3.5F 会議室 Ver.2");
        assert_eq!(no_link("http://a.b/c"), "http[:]//a[.]b/c");
    }

    #[test]
    fn each_form_has_its_documented_shape() {
        let alerts = [alert(1, "正面玄関")];
        let content = |kind| alerts_content(&dest(kind, MessageLanguage::Ja), &alerts, jst());
        let Body::Json(teams) = body(
            DestinationKind::Teams,
            MessageLanguage::Ja,
            &content(DestinationKind::Teams),
        ) else {
            panic!()
        };
        assert_eq!(teams["type"], "message");
        let card = &teams["attachments"][0];
        assert_eq!(
            card["contentType"],
            "application/vnd.microsoft.card.adaptive"
        );
        assert_eq!(card["content"]["type"], "AdaptiveCard");
        assert_eq!(
            card["content"]["body"][1]["inlines"][0]["text"],
            "正面玄関：錠本体の電池残量が9%です（2026-11-24 10:00）"
        );
        let Body::Form(form) = body(
            DestinationKind::Chatwork,
            MessageLanguage::Ja,
            &content(DestinationKind::Chatwork),
        ) else {
            panic!()
        };
        assert_eq!(form[0].0, "body");
        assert!(form[0]
            .1
            .starts_with("[info][title]Lockdesk：電池残量の低下[/title]"));
        let Body::Json(lw) = body(
            DestinationKind::LineWorks,
            MessageLanguage::Ja,
            &content(DestinationKind::LineWorks),
        ) else {
            panic!()
        };
        assert_eq!(lw["title"], "Lockdesk：電池残量の低下");
        assert!(lw["body"]["text"]
            .as_str()
            .unwrap()
            .starts_with("正面玄関："));
        let Body::Json(g) = body(
            DestinationKind::Generic,
            MessageLanguage::Ja,
            &content(DestinationKind::Generic),
        ) else {
            panic!()
        };
        assert_eq!(g["alerts"][0]["rule"], "low_battery");
        assert_eq!(g["alerts"][0]["lock_name"], "正面玄関");
        assert_eq!(g["organization_id"], "O-1");
    }

    #[test]
    fn a_burst_lists_its_first_ten_and_says_how_many_more() {
        let alerts: Vec<AlertView> = (1..=13).map(|i| alert(i, &format!("錠{i}"))).collect();
        let d = dest(DestinationKind::LineWorks, MessageLanguage::En);
        let c = alerts_content(&d, &alerts, jst());
        assert_eq!(c.lines.len(), 11);
        assert_eq!(plain(&c.title), "Lockdesk: 13 new alerts");
        assert!(plain(&c.lines[10]).starts_with("…and 3 more"));
    }

    #[test]
    fn a_mail_is_plain_text_with_names_on_their_lines_and_a_digest_counts_its_days() {
        let mut names = alert(1, "正面\r\nBcc: x@evil.example");
        names.finding.lock_name = Some("正面\r\nBcc: x@evil.example".into());
        let mut later = alert(2, "裏口");
        later.raised_at += chrono::Duration::days(3);
        let mut d = dest(DestinationKind::Email, MessageLanguage::Ja);
        d.name = "総務\n部".into();
        let Body::Mail { subject, text } = body(
            d.kind,
            d.language,
            &alerts_content(&d, &[names.clone()], jst()),
        ) else {
            panic!()
        };
        assert_eq!(subject, "Lockdesk：電池残量の低下");
        assert_eq!(
            text,
            "Lockdesk：電池残量の低下\n\n正面  Bcc: x@evil[.]example：錠本体の電池残量が9%です（2026-11-24 10:00）\n\n-- \nLockdesk の見守りから送信先「総務 部」に送信しました。\n"
        );
        d.digest = Some(crate::team_alerts::destinations::Digest { at: "08:00".into() });
        d.language = MessageLanguage::En;
        let c = alerts_content(&d, &[names, later], jst());
        assert_eq!(
            plain(&c.title),
            "Lockdesk: daily digest, 2 alerts (2026-11-24 – 2026-11-27)"
        );
        assert_eq!(c.lines.len(), 2);
    }
}
