//! Organizations: which organization a command works on (`choose`) and the commands that list
//! and choose them (`commands`).

pub mod choose;
pub mod commands;
