//! `alerts`'s subcommands: the chat destinations of the watcher's alerts and their deliveries.

use clap::{Subcommand, ValueEnum};

use super::history::LangArg;

#[derive(Debug, Subcommand)]
pub enum AlertsCmd {
    /// Team chat destinations (Slack, Teams, Chatwork, LINE WORKS, JSON) that receive each new
    /// alert of `watch` and of the app's watcher.
    #[command(subcommand)]
    Destinations(DestinationsCmd),
    /// The organization's recent alert deliveries: state, tries, next try, last error.
    Deliveries {
        /// How many, newest first (1 to 1000).
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
}

#[derive(Debug, Subcommand)]
pub enum DestinationsCmd {
    /// Every destination (the address shows only by its host).
    List,
    /// Add a destination for the organization in use. The webhook address is read from
    /// LOCKDESK_WEBHOOK_URL, else typed unseen or one line on stdin (never an argument: the
    /// process list shows arguments to every user). Chatwork: the API token likewise from
    /// LOCKDESK_CHATWORK_TOKEN or stdin, and the address is Chatwork's API unless
    /// LOCKDESK_WEBHOOK_URL names a relay.
    Add {
        #[arg(long)]
        name: String,
        #[arg(long, value_enum)]
        kind: KindArg,
        /// Only these rules' alerts (repeatable; every rule when none).
        #[arg(long = "rule", value_enum)]
        rules: Vec<RuleArg>,
        /// Chatwork: the room id (the digits after `rid` in the room's address).
        #[arg(long)]
        room_id: Option<String>,
        /// The language of the messages.
        #[arg(long, value_enum, default_value = "ja")]
        lang: LangArg,
    },
    /// Remove a destination and its keychain entry.
    Remove { id: String },
    /// Send a test message to a destination now.
    Test { id: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    Slack,
    Teams,
    Chatwork,
    LineWorks,
    Generic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    LowBattery,
    UnlockedTooLong,
    OutsideHours,
    ListedUser,
    SilentLock,
}
