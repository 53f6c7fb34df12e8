//! The words of `alerts`: destinations, a test sent, deliveries.

use lockdesk_core::team_alerts::commands::{
    AlertDeliveryPassResponse, AlertDestinationTestResponse,
};
use lockdesk_core::team_alerts::{
    AlertDestination, DeliveryState, DeliveryView, DestinationKind, MailSecurity, RuleSelection,
};
use lockdesk_core::watch::words::MessageLanguage;

use crate::output::clean;

pub const DESTINATION_HEADERS: [&str; 7] =
    ["ID", "NAME", "KIND", "RULES", "HOST", "LANG", "DIGEST"];
pub const DELIVERY_HEADERS: [&str; 8] = [
    "ALERT",
    "DESTINATION",
    "RULE",
    "LOCK",
    "STATE",
    "TRIES",
    "NEXT TRY",
    "LAST ERROR",
];
pub const WEBHOOK_PROMPT: &str = "Webhook address (not shown; one line):";
pub const TOKEN_PROMPT: &str = "Chatwork API token (not shown; one line):";
pub const SMTP_PASSWORD_PROMPT: &str = "Mail sign-in password (not shown; one line):";

fn kind(k: DestinationKind) -> &'static str {
    match k {
        DestinationKind::Slack => "Slack",
        DestinationKind::Teams => "Teams",
        DestinationKind::Chatwork => "Chatwork",
        DestinationKind::LineWorks => "LINE WORKS",
        DestinationKind::Generic => "JSON",
        DestinationKind::Email => "E-mail",
    }
}

fn rules(r: &RuleSelection) -> String {
    match r {
        RuleSelection::All => "all".into(),
        RuleSelection::Only { rules } => rules
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// Which computers send to a destination: this one (`here`: it was given the address) and
/// the team's `others`.
pub fn sent_by(here: bool, others: Option<&[String]>) -> String {
    let others = others.filter(|c| !c.is_empty()).map(|c| c.join(", "));
    match (here, others) {
        (true, None) => "only this computer".to_owned(),
        (true, Some(others)) => format!("this computer, {others}"),
        (false, Some(others)) => format!("{others} (not this one: no address here)"),
        (false, None) => "none yet: no computer has its address".to_owned(),
    }
}

pub fn destination_row(d: &AlertDestination) -> Vec<String> {
    let kind = match (&d.kind, &d.room_id, &d.mail) {
        (DestinationKind::Chatwork, Some(room), _) => format!("Chatwork room {room}"),
        (_, _, Some(mail)) => format!("E-mail to {}", mail.to.join(", ")),
        (k, _, _) => kind(*k).to_owned(),
    };
    let host = match &d.mail {
        Some(mail) => format!("{}:{} ({})", d.host, mail.port, security(mail.security)),
        None => d.host.clone(),
    };
    vec![
        d.id.clone(),
        d.name.clone(),
        kind,
        rules(&d.rules),
        host,
        match d.language {
            MessageLanguage::En => "en",
            MessageLanguage::Ja => "ja",
        }
        .to_owned(),
        d.digest
            .as_ref()
            .map_or_else(|| "-".to_owned(), |g| g.at.clone()),
    ]
}

fn security(s: MailSecurity) -> &'static str {
    match s {
        MailSecurity::Starttls => "STARTTLS",
        MailSecurity::Tls => "TLS",
        MailSecurity::None => "no encryption",
    }
}

pub fn destination_added(d: &AlertDestination) -> String {
    format!(
        "alert destination {} added: {} ({}, {}); try it with `lockctl alerts destinations test {}`",
        clean(&d.id),
        clean(&d.name),
        kind(d.kind),
        clean(&d.host),
        clean(&d.id)
    )
}

pub fn destination_secret_given(d: &AlertDestination) -> String {
    format!(
        "alert destination {} ({}) can be sent from this computer now; try it with `lockctl alerts destinations test {}`",
        clean(&d.id),
        clean(&d.name),
        clean(&d.id)
    )
}

pub fn destination_tested(t: &AlertDestinationTestResponse) -> String {
    format!(
        "test message sent to {} at {}",
        clean(&t.destination_id),
        t.sent_at.format("%Y-%m-%d %H:%M:%S UTC")
    )
}

pub fn delivery_row(d: &DeliveryView) -> Vec<String> {
    let lock = match &d.lock_name {
        Some(n) => format!("{n} ({})", d.lock_id),
        None => d.lock_id.clone(),
    };
    vec![
        d.alert_id.to_string(),
        d.destination_id.clone(),
        d.rule.as_str().to_owned(),
        lock,
        match d.state {
            DeliveryState::Pending => "pending",
            DeliveryState::Sent => "sent",
            DeliveryState::Failed => "failed",
            DeliveryState::Unknown => "may have arrived",
        }
        .to_owned(),
        d.attempts.to_string(),
        d.next_try
            .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
            .unwrap_or_else(|| "-".into()),
        d.last_error.clone().unwrap_or_else(|| "-".into()),
    ]
}

/// After a watch round whose chat deliveries did not all go through.
pub fn deliveries_warning(d: &AlertDeliveryPassResponse) -> String {
    format!(
        "warning: team alerts: {} delivery(ies) to be tried again, {} given up, {} may have arrived (not sent again); see `lockctl alerts deliveries`",
        d.retrying, d.failed, d.unknown
    )
}
