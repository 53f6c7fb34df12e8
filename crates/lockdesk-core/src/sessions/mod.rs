//! Signing in and staying signed in: adding a connection and the browser sign-in
//! (`sign_in`), the tokens in the keychain and their renewal (`token_store`, `secret_binding`),
//! the session commands of the UI (`commands`), what the status bar shows (`status`) and the
//! account screen (`account`).

pub mod account;
pub mod commands;
pub mod secret_binding;
pub mod sign_in;
pub mod status;
pub mod token_store;
