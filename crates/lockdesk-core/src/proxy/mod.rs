//! The proxy that asks for a sign-in: the commands that set and clear its user name and
//! password (`commands`) and where they are kept (`logins`).

pub mod commands;
pub mod logins;
