//! `alerts`'s subcommands: the chat and e-mail destinations of the watcher's alerts and their
//! deliveries.

use clap::{Subcommand, ValueEnum};

use super::history::LangArg;

#[derive(Debug, Subcommand)]
pub enum AlertsCmd {
    /// Team chat and e-mail destinations (Slack, Teams, Chatwork, LINE WORKS, JSON, e-mail)
    /// that receive each new alert of `watch` and of the app's watcher.
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
    /// LOCKDESK_WEBHOOK_URL names a relay. E-mail: the server and addresses as options, the
    /// sign-in's password (with --smtp-user) from LOCKDESK_SMTP_PASSWORD or stdin likewise.
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
        /// E-mail: the SMTP server's name or address.
        #[arg(long)]
        smtp_host: Option<String>,
        /// E-mail: the server's port (587 for STARTTLS, 465 for TLS when not given).
        #[arg(long)]
        smtp_port: Option<u16>,
        /// E-mail: starttls (the default; tls on port 465), tls, or none (a server on this
        /// computer only: nothing goes unencrypted over the network).
        #[arg(long, value_enum)]
        smtp_security: Option<SecurityArg>,
        /// E-mail: the sign-in's user name (none: the server takes mail without a sign-in).
        #[arg(long)]
        smtp_user: Option<String>,
        /// E-mail: the address the mails come from.
        #[arg(long)]
        from: Option<String>,
        /// E-mail: an address to send the alerts to (repeatable, up to 20).
        #[arg(long = "to")]
        to: Vec<String>,
        /// One message a day instead of one per alert: the alerts of a day go out at this time
        /// (HH:MM, the organization's zone) on the next office day.
        #[arg(long)]
        digest_at: Option<String>,
    },
    /// Give a destination its webhook address (Chatwork: the API token; e-mail: the sign-in's
    /// password) on this computer: one another computer of the team added, or to replace the
    /// one kept. Read like `add`'s: LOCKDESK_WEBHOOK_URL, LOCKDESK_CHATWORK_TOKEN or
    /// LOCKDESK_SMTP_PASSWORD, else typed unseen or one line on stdin.
    Secret { id: String },
    /// Remove a destination and its keychain entry (with a team: for the whole team).
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
    Email,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SecurityArg {
    Starttls,
    Tls,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    LowBattery,
    UnlockedTooLong,
    OutsideHours,
    ListedUser,
    SilentLock,
    LeaverStillUser,
}
