//! Integration tests of lockdesk-core: one binary, one module per subject.

mod app;
mod broken_settings;
mod clock;
mod damaged_stores;
mod demo_sandbox;
mod disk_full;
mod errors;
mod groups;
mod history_archive;
mod jobs_space;
mod journal;
mod journal_retention;
mod keychain;
mod offline;
mod profiles;
mod renewal;
mod reports;
mod sign_in;
mod sim_world;
mod support;
#[cfg(target_os = "linux")]
mod team_alert_store;
mod team_alerts;
mod team_mail;
#[cfg(target_os = "linux")]
mod team_rules;
#[cfg(target_os = "linux")]
#[path = "../../../lockdesk-team/tests/it/server.rs"]
mod team_server;
mod today;
mod watch;
mod webhook_receiver;
