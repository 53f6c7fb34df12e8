//! The command plumbing: the context every use-case receives, the command table's namespace
//! and its dispatch by name, background jobs, the conventions of view models and the TypeScript
//! types generated from them. The use-cases themselves live in their domains (`locks`,
//! `users`, `history`, …), one `async fn name(ctx: &AppContext, req: NameRequest) ->
//! Result<NameResponse>` each, used by the Tauri shell (one thin `#[tauri::command]` each), by
//! the loopback HTTP test host (through [`dispatch`]) and by `lockctl`.
//!
//! The list of commands lives in one place, the `lockdesk-commands` crate; everything that needs
//! the list (dispatch, the Tauri handlers, the TS command map, the capability file) expands it
//! over the names in [`commands`].

pub mod args;
pub mod commands;
pub mod context;
#[cfg(test)]
mod contract_doc;
pub mod dispatch;
pub mod job_kind;
pub mod job_registry;
pub mod jobs;
#[cfg(feature = "ts")]
pub mod ts_types;
pub mod views;
