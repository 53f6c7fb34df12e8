//! The command line, as clap derive structures; each command's own arguments live beside this
//! file when they are long, and nothing here knows the code that runs them.

mod activity;
mod alerts;
mod directory;
mod history;
mod reports;
mod watch;
mod when;

pub use activity::ActivityArgs;
pub use alerts::{AlertsCmd, DestinationsCmd, KindArg, RuleArg, SecurityArg};
pub use directory::{AddSourceArgs, DirectoryCmd, ExceptionsCmd, SourcesCmd};
pub use history::{
    ArchiveArg, ArchiveFilter, ExportFormatArg, Format, HistoryCmd, LangArg, Sort, TzArg,
};
pub use reports::{ActionArg, EveryArg, ReportFormatArg, ReportsCmd, WhatArg};
pub use watch::WatchArgs;
pub use when::parse_when;

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "lockctl",
    version,
    about = "Lockdesk on the command line: locks, users, groups, invitations and entry/exit history"
)]
pub struct Cli {
    /// Profile to use (optional when only one exists).
    #[arg(long, global = true, env = "LOCKDESK_PROFILE")]
    pub profile: Option<String>,
    /// Organization id (O-xxxxx-xxxxx); remembered for the profile once given.
    #[arg(long, global = true)]
    pub org: Option<String>,
    /// Machine-readable JSON on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// Read the lists kept offline (locks, lock groups, users, invitations, user groups) without
    /// any network access; every other command, and every change, is refused.
    #[arg(long, global = true)]
    pub cached: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Manage profiles (service address and application registration).
    #[command(subcommand)]
    Profile(ProfileCmd),
    /// Sign in: prints the authorization address, then reads the address the browser was sent to.
    Login,
    /// Sign out: revokes the session at the service and forgets it here.
    Logout,
    /// What the service says about the current session.
    TokenInfo,
    /// Organizations of the signed-in account (lists them when no subcommand is given).
    Orgs {
        #[command(subcommand)]
        cmd: Option<OrgsCmd>,
    },
    /// Locks of the organization: list, show, rename, image.
    #[command(subcommand)]
    Locks(LocksCmd),
    /// Lock groups: list, show, create, update, delete, add and remove locks.
    #[command(subcommand)]
    LockGroups(LockGroupsCmd),
    /// Users of the organization: list, show, register, invite, update, remove.
    #[command(subcommand)]
    Users(UsersCmd),
    /// E-mail invitations: create, list, and import a CSV file of addresses.
    #[command(subcommand)]
    Invitations(InvitationsCmd),
    /// User groups: list, show, create, update.
    #[command(subcommand)]
    UserGroups(GroupCmd),
    /// Entry/exit history through the v2 API (needs a v2 profile).
    #[command(subcommand)]
    History(HistoryCmd),
    /// The journal of changes made through Lockdesk here (app and lockctl), newest first;
    /// --size shows how big it is, --keep DAYS how long it keeps entries.
    Activity(ActivityArgs),
    /// Sync the history and check the watch rules; prints new alerts (one JSON line each with
    /// --json). With --once: exit 0 no new alerts, 3 new alerts.
    Watch(WatchArgs),
    /// The office proxy's user name and password, for a proxy that asks for them (407).
    #[command(subcommand)]
    Proxy(ProxyCmd),
    /// Scheduled reports: the entry/exit records of each day, week or month written to a folder
    /// (Excel, CSV or JSON Lines); `reports run --due` from a scheduled task.
    #[command(subcommand)]
    Reports(ReportsCmd),
    /// Alerts where the team is: chat and e-mail destinations of the watcher's alerts (Slack,
    /// Teams, Chatwork, LINE WORKS, JSON, e-mail, each alert or a daily digest) and their
    /// deliveries.
    #[command(subcommand)]
    Alerts(AlertsCmd),
    /// The team's shared data source (PostgreSQL): connect this computer, its status (and its
    /// journal shared), disconnect.
    #[command(subcommand)]
    Team(TeamCmd),
    /// The company's directory decides who should have a door: its sources (an HR system's CSV
    /// export) and the plan of leavers, joiners and movers.
    #[command(subcommand)]
    Directory(DirectoryCmd),
    /// Try Lockdesk without an account: the built-in simulator with demo data, signed in
    /// through the real OAuth flow. Touches none of your profiles or keychain entries.
    Demo {
        /// Keep the simulator running afterwards (until Ctrl-C) and print its clients and accounts.
        #[arg(long)]
        serve: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Api {
    V3,
    V2,
}

#[derive(Debug, Subcommand)]
pub enum ProfileCmd {
    /// Add a profile. The client secret is read from LOCKDESK_CLIENT_SECRET or one line of stdin.
    Add {
        name: String,
        #[arg(long)]
        base_url: String,
        #[arg(long)]
        client_id: String,
        #[arg(long)]
        redirect_uri: String,
        #[arg(long, value_enum, default_value = "v3")]
        api: Api,
    },
    List,
    /// Remove a profile and its keychain entries.
    Remove {
        name: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum ProxyCmd {
    /// Keep the user name and password of the proxy between this computer and the profile's
    /// service in the OS keychain, once the proxy accepts them. Read from LOCKDESK_PROXY_USER
    /// and LOCKDESK_PROXY_PASSWORD, else typed (the password unseen) or one line each on stdin.
    Login,
    /// Forget the user name and password kept for the profile's proxy.
    Logout,
}

#[derive(Debug, Subcommand)]
pub enum TeamCmd {
    /// Connect this computer to the team's database, postgres://USER@HOST[:PORT]/DATABASE (no
    /// password in it). The password is read from LOCKDESK_TEAM_PASSWORD, else typed unseen
    /// or one line on stdin, and kept in the OS keychain.
    Connect { address: String },
    /// Whether the team's database answers, its schema, and this computer's journal entries
    /// that were waiting, shared now.
    Status,
    /// Forget the team's database on this computer (its address and password); what the
    /// database holds stays there.
    Disconnect,
}

#[derive(Debug, Subcommand)]
pub enum OrgsCmd {
    List,
    Show {
        id: String,
    },
    /// Remember an organization for the profile.
    Use {
        id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum LocksCmd {
    /// List locks (one page unless --all).
    List {
        /// Only these lock ids (comma-separated or repeated).
        #[arg(long, value_delimiter = ',', num_args = 1..)]
        ids: Vec<String>,
        /// Page size (1 to 1000).
        #[arg(long)]
        limit: Option<u32>,
        /// Every page.
        #[arg(long)]
        all: bool,
    },
    /// Every field of a lock.
    Show { id: String },
    /// Rename a lock (up to 50 characters).
    Rename { id: String, name: String },
    /// Set the lock image from an image file (JPEG, PNG, GIF, WebP or BMP, checked by content;
    /// larger than 1600 px downscaled, as the app does), or --reset to the default image.
    Image {
        id: String,
        #[arg(required_unless_present = "reset", conflicts_with = "reset")]
        path: Option<PathBuf>,
        #[arg(long)]
        reset: bool,
    },
}

#[derive(Debug, Args)]
pub struct GroupFields {
    #[arg(long)]
    pub name: Option<String>,
    #[arg(long)]
    pub memo: Option<String>,
}

/// What lock groups and user groups both have.
#[derive(Debug, Subcommand)]
pub enum GroupCmd {
    /// Every group of the organization.
    List,
    /// One group with its members.
    Show { id: String },
    /// A new group.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        memo: Option<String>,
    },
    /// Change the name or memo; what is not given is kept.
    Update {
        id: String,
        #[command(flatten)]
        fields: GroupFields,
    },
}

#[derive(Debug, Subcommand)]
pub enum LockGroupsCmd {
    #[command(flatten)]
    Group(GroupCmd),
    /// Delete a lock group (the locks stay).
    Delete { id: String },
    /// Add locks to a lock group.
    AddLocks {
        id: String,
        #[arg(required = true)]
        locks: Vec<String>,
    },
    /// Take locks out of a lock group.
    RemoveLocks {
        id: String,
        #[arg(required = true)]
        locks: Vec<String>,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AuthorityArg {
    Manager,
    Member,
}

#[derive(Debug, Subcommand)]
pub enum UsersCmd {
    List {
        /// Exact user code.
        #[arg(long)]
        code: Option<String>,
        /// Exact e-mail address.
        #[arg(long)]
        mail: Option<String>,
        #[arg(long)]
        limit: Option<u32>,
        #[arg(long)]
        all: bool,
        /// Include created_at and updated_at.
        #[arg(long)]
        dates: bool,
    },
    Show {
        id: String,
    },
    /// Every user as a CSV file for Excel (BOM, CRLF), written to stdout:
    /// `lockctl users export --lang ja > users.csv`.
    Export {
        /// Language of the headers and roles.
        #[arg(long, value_enum, default_value = "en")]
        lang: LangArg,
    },
    /// Register a new user.
    Register {
        #[arg(long)]
        name: String,
        #[arg(long)]
        mail: Option<String>,
        #[arg(long, value_enum)]
        authority: Option<AuthorityArg>,
        #[arg(long)]
        code: Option<String>,
        #[arg(long)]
        image: Option<PathBuf>,
    },
    /// Add a user who already exists in the service, by id.
    InviteExisting {
        user_id: String,
        #[arg(long, value_enum)]
        authority: Option<AuthorityArg>,
        #[arg(long)]
        code: Option<String>,
        #[arg(long)]
        image: Option<PathBuf>,
    },
    Update {
        id: String,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        mail: Option<String>,
        #[arg(long, value_enum)]
        authority: Option<AuthorityArg>,
        #[arg(long)]
        code: Option<String>,
        #[arg(long)]
        image: Option<PathBuf>,
    },
    /// Remove a user from the organization.
    Remove {
        id: String,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum StatusArg {
    Active,
    Expired,
}

#[derive(Debug, Subcommand)]
pub enum InvitationsCmd {
    /// Invite by e-mail.
    Create {
        #[arg(long)]
        mail: String,
        #[arg(long, value_enum)]
        authority: Option<AuthorityArg>,
        #[arg(long)]
        code: Option<String>,
    },
    List {
        #[arg(long, value_enum)]
        status: Option<StatusArg>,
        /// ISO 8601 time or date (strictly after).
        #[arg(long, value_parser = parse_when)]
        issued_after: Option<DateTime<Utc>>,
        /// ISO 8601 time or date (strictly before).
        #[arg(long, value_parser = parse_when)]
        issued_before: Option<DateTime<Utc>>,
        #[arg(long)]
        limit: Option<u32>,
        /// Every page.
        #[arg(long)]
        all: bool,
    },
    /// Invite every address of a CSV file, as the app's bulk invitation does.
    ///
    /// The file has a header row naming a `mail` (or `email`) column and optionally
    /// `authority` and `code` columns, or no header and mail, authority, code in that order.
    /// Every row is checked first (its line number is shown); addresses already invited or
    /// already users are done and never sent again, so the same file can be run again after
    /// fixing rows. Progress goes to stderr, one result per row to stdout.
    #[command(
        after_help = "Exit status: 0 when every row is done (invited now, already invited, or already a user; with --dry-run: every row is ready or done); 1 when any row is invalid, a duplicate, refused by the service or not attempted; 2 for wrong arguments."
    )]
    Import {
        /// The CSV file: UTF-8 (with or without a BOM), UTF-16 with a BOM (tab-separated
        /// "Unicode text") or Shift_JIS/CP932; English or Japanese headers; at most 5 MiB and
        /// 10,000 rows.
        file: PathBuf,
        /// Check every row and show what would happen; send nothing.
        #[arg(long)]
        dry_run: bool,
        /// Authority of rows that name none (member when not given).
        #[arg(long, value_enum)]
        authority: Option<AuthorityArg>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
