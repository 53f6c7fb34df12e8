//! A team's shared data source: one PostgreSQL database that the Lockdesk computers of a team
//! use together, beside each computer's own SQLite files. What it is (`source`: the address,
//! never the password, which the keychain keeps), how a computer reaches it (`connect`: TLS
//! with the system's trust store to any other computer, plain only on this one), its schema
//! (`schema`: versioned migrations; a Lockdesk older than the schema reads and never writes)
//! and what it holds (`journal`: every computer's journal entries, each once; `alert_store`:
//! each alert raised and acknowledged once for the team; `alerts`: which computer sends each
//! alert to each destination, once for the team; `documents`: settings the
//! team shares, each save refused when another computer saved since; `reports`: each report
//! period written by one computer; `history`: the team's history archive, synced by one
//! computer at a time and taken in by every computer).
//!
//! Every claim, save and lease names who acts (`computer`).
//!
//! No Lockdesk types here: the core gives plain data and decides when to call.

pub mod alert_store;
pub mod alerts;
pub mod computer;
pub mod connect;
pub mod documents;
pub mod error;
pub mod history;
pub mod journal;
pub mod reports;
pub mod schema;
pub mod source;

pub use computer::Computer;
