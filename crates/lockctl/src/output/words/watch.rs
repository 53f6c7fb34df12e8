//! The watcher's alerts, one line each (`lockctl watch`): the core's words for an alert, as the
//! desktop notification and the team's messages say it, in English; times in this computer's
//! zone with their offset (a scheduled job's log reads unambiguously), names cleaned for the
//! terminal.

use chrono::{Local, TimeZone};
use lockdesk_core::watch::alerts::AlertView;
use lockdesk_core::watch::words::{self, rule_title, MessageLanguage, Seg, Zone};

use super::clean;

/// One alert as a line: its number, its rule, what happened and when.
pub fn alert_line(a: &AlertView) -> String {
    let lang = MessageLanguage::En;
    let zone = Zone {
        offset: Local.offset_from_utc_datetime(&a.finding.at.naive_utc()),
        with_offset: true,
    };
    let what: String = words::alert_line(a, lang, zone)
        .iter()
        .map(|seg| match seg {
            Seg::Word(w) => w.clone(),
            Seg::Name(n) => clean(n),
        })
        .collect();
    format!("#{}  {}: {what}", a.id, rule_title(a.finding.rule, lang))
}
