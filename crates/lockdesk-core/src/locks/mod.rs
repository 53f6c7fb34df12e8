//! Locks: the commands that list, show and rename them (`commands`), what a lock shows
//! (`view`: devices and batteries) and its settings and schedules (`settings_view`). Images of
//! locks are in `images`, lock groups in `groups`.

pub mod commands;
pub mod settings_view;
pub mod view;
