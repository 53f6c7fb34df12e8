//! The proxy that asks for a sign-in: the commands that set and clear its user name and
//! password (`commands`), where they are kept (`logins`), and the client for services other
//! than the door service that goes through it (`outside`).

pub mod commands;
pub mod logins;
pub mod outside;
