//! Alerts where the team is (issue 20 §2): each watcher alert also posted to team chat
//! destinations (Slack, Microsoft Teams, Chatwork, LINE WORKS, or JSON to any address), at
//! least once, never twice per destination, never flooding. Without a UI framework: the
//! destinations and their keychain entries (`destinations.rs`), the words (`words.rs`) and
//! each service's form (`messages.rs`), the delivery store that decides what is sent once
//! (`deliveries.rs`) and the post itself (`send.rs`). The use-cases, and the delivery pass at
//! the end of each watch round, are the app's (`app/team_alerts/`).

pub mod deliveries;
pub mod destinations;
pub mod messages;
pub mod send;
#[cfg(test)]
mod test_fixtures;
pub mod words;

pub use deliveries::{DeliveryState, DeliveryStore, DeliveryView, DELIVERIES_FILE};
pub use destinations::{
    destinations_path, load_destinations, save_destinations, webhook_url, AlertDestination,
    AlertDestinations, DestinationKind, DestinationSecret, MessageLanguage, RuleSelection,
    CHATWORK_API, DESTINATIONS_MAX, DESTINATION_NAME_MAX,
};
