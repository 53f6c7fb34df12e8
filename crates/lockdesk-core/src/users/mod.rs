//! Users of the organization: list, register, update and remove (`commands`), the list as a
//! CSV file (`export`) and what a user shows (`view`: roles, invitation states). Invitations are
//! in `invitations`.

pub mod commands;
pub mod export;
pub mod view;
