//! Alerts where the team is: each watcher alert also posted to team chat destinations (Slack,
//! Microsoft Teams, Chatwork, LINE WORKS, or JSON to any address) or mailed through the office's
//! SMTP server, never flooding, and for a destination that asks for it as one digest in the
//! morning of the next office day. A chat message is never sent twice to a destination (one
//! whose answer was lost "may have arrived"); a mail whose end-of-data answer was lost is sent
//! again (`smtp.rs`). Without a UI framework: the destinations and their keychain entries
//! (`destinations.rs`; e-mail's server and addresses and the mail itself in `mail.rs`), a
//! message's own words (`words.rs`; the alerts' are `watch::words`) and each service's form
//! (`messages.rs`), the delivery store that decides what is sent once and when
//! (`deliveries.rs`), the post itself (`send.rs`) and the SMTP session (`smtp.rs`); the
//! use-cases (`commands.rs`) and the delivery pass at the end of each watch round (`pass.rs`).

pub mod commands;
pub mod deliveries;
pub mod destinations;
pub mod mail;
pub mod messages;
pub mod pass;
pub mod send;
pub mod smtp;
#[cfg(test)]
pub(crate) mod test_fixtures;
pub mod words;

pub use deliveries::{DeliveryState, DeliveryStore, DeliveryView, DELIVERIES_FILE};
pub use destinations::{
    destinations_path, load_destinations, save_destinations, webhook_url, AlertDestination,
    AlertDestinations, DestinationKind, DestinationSecret, Digest, RuleSelection, CHATWORK_API,
    DESTINATIONS_MAX, DESTINATION_NAME_MAX,
};
pub use mail::{MailSecurity, MailSettings, MAIL_TO_MAX};
