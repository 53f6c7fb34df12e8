//! Lock groups and user groups: list, create and update (`commands`), a lock group's locks
//! (`lock_members`) and what a group shows (`view`).

pub mod commands;
pub mod lock_members;
pub mod view;
