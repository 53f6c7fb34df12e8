//! Users of the organization: list, register, update and remove (`commands`) and what a user
//! shows (`view`: roles, invitation states). Invitations are in `invitations`.

pub mod commands;
pub mod view;
