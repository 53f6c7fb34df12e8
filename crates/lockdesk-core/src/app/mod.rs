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
//!
//! The one kind of import that runs from a domain up to here: a use-case takes its
//! [`context::AppContext`], answers [`args::Done`] or takes [`args::NoArgs`], runs background
//! work through the job registry ([`job_registry`], [`job_results`]) and clamps numbers for views
//! ([`views::int`]). The context in turn holds what the domains keep per profile (the sign-in
//! sessions, the profile store, the chosen organization); the command table ([`commands`],
//! [`dispatch`]) names every domain's use-cases.

pub mod args;
pub mod commands;
pub mod context;
#[cfg(test)]
mod contract_doc;
pub mod dispatch;
pub mod job_kind;
pub mod job_registry;
pub mod job_results;
pub mod jobs;
#[cfg(feature = "ts")]
pub mod ts_types;
pub mod views;
