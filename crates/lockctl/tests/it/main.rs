//! Integration tests of lockctl: `lockctl::run` driven like a user, against the in-process
//! simulator, with a temporary config dir and a memory keychain; `procs` runs the real binary
//! (several processes on one sign-in, file modes) with a temporary home.

mod activity;
mod alerts;
mod alerts_mail;
#[cfg(target_os = "linux")]
mod auth_proxy;
mod broken_settings;
mod cached;
mod directory;
mod directory_entra;
#[cfg(not(windows))]
mod directory_google;
#[cfg(target_os = "linux")]
mod directory_ldap;
mod flow;
mod history;
mod import;
mod import_excel;
mod journal_procs;
mod kill_campaign;
mod local_faults;
mod lost_answers;
mod parity;
mod pipes;
#[cfg(unix)]
mod private_files;
#[cfg(windows)]
mod private_files_windows;
mod procs;
mod proxy;
mod proxy_script;
mod renewal;
mod reports;
#[cfg(target_os = "linux")]
mod slapd;
mod support;
#[cfg(target_os = "linux")]
mod team;
#[cfg(target_os = "linux")]
mod team_alerts;
#[cfg(target_os = "linux")]
mod team_history;
#[cfg(target_os = "linux")]
mod team_reports;
#[cfg(target_os = "linux")]
#[path = "../../../lockdesk-team/tests/it/server.rs"]
mod team_server;
mod terminal;
#[cfg(target_os = "linux")]
mod tls;
mod watch;
