//! Profiles: the connections to the service this computer knows, their settings file
//! (`store`), the commands that add, choose and remove them (`commands`) and their views
//! (`view`).

pub mod commands;
pub mod store;
pub mod view;
