//! Lockdesk's use-cases, written once and shared by the desktop app, `lockctl` and the tests.
//! No UI framework here. Every use-case takes an [`app::context::AppContext`] (no global state)
//! and answers data or an [`error::Error`] with a code.
//!
//! One folder per domain, each holding its model, its store and its use-cases (`commands`):
//! `sessions` and `profiles` (connecting), `organizations`, `locks`, `users`, `invitations`,
//! `groups`, `images`, `history`, `watch` (the rules and their alerts), `team_alerts` (chat and
//! mail), `reports`, `journal` (what Lockdesk did, and the Activity screen), `offline` (the
//! last answers, when the service cannot be reached), `today`, `proxy`, `demo`, `team` (the
//! team's shared PostgreSQL data source), `directory` (who should have a door, as the company's
//! directory says). Below them: the
//! error type, the keychain (`secrets`), settings files and this process's identity; `app`
//! holds the command plumbing.
//!
//! How the domains use each other: a domain's use-cases (its `commands.rs`, and what they run:
//! `today`, the reports' tables, the team alerts' delivery pass, `journal::journaled`, which
//! wraps every write command in its journal entry) may call any domain's model, store or
//! use-cases; a model or a store never calls a use-case. So two domains may use each other at
//! different levels (the profiles' commands sign in through `sessions`, whose stores read the
//! profile store; a watch round posts through `team_alerts`, which words alerts with
//! `watch::words`), and no two files import each other (`scripts/check-import-cycles`). Every
//! use-case takes the context and answers through `app` (see its module doc).

pub mod app;
pub mod core_context;
#[cfg(feature = "demo")]
pub mod demo;
pub mod directory;
pub mod error;
pub mod excel_csv;
pub mod groups;
pub mod history;
pub mod images;
pub mod invitations;
pub mod journal;
pub mod locks;
pub mod offline;
pub mod organizations;
pub mod policy_file;
pub mod profiles;
pub mod proxy;
pub mod reports;
pub mod secrets;
pub mod sessions;
pub mod settings_file;
pub mod team;
pub mod team_alerts;
pub mod this_process;
pub mod today;
pub mod users;
pub mod watch;

/// The rule for service addresses, for the shell's sign-in window.
pub use lockdesk_api::is_loopback;
pub use lockdesk_archive::private_fs;
pub use lockdesk_commands::{lockdesk_commands, lockdesk_desktop_commands};
