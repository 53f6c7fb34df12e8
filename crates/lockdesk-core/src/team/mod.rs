//! The team's data source: this computer connected to the one PostgreSQL database its team
//! shares (`lockdesk-team`), or not (the default: everything stays in this computer's SQLite
//! files). Which database (`settings`: `team.json`, never the password, which the keychain
//! keeps), who this computer is to the team (`computer`), and the use-cases (`commands`):
//! connect, status, disconnect, and sharing this computer's journal (`upload`); alerts raised
//! and acknowledged once for the team (`alert_store`), sent once (`alerts`), and the
//! destinations' definitions shared (`destinations`);
//! settings the team shares (`documents`); report periods written once (`reports`); the
//! history archive synced once for the team and taken in by every computer (`archive`); the
//! team's journal read (`journal_read`); since when the database has not answered
//! (`reachability`); how a use-case reaches it (`reach`).

pub mod alert_store;
pub mod alerts;
pub mod archive;
pub mod commands;
pub mod computer;
pub mod destinations;
pub mod documents;
pub mod journal_read;
pub mod merge;
pub mod reach;
pub mod reachability;
pub mod reports;
pub mod settings;
pub mod upload;
