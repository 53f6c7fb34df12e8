//! Integration tests of the archive: real SQLite files in temporary directories, the simulator
//! in process, and a real sync process killed with SIGKILL.

mod dataset;
mod dedup;
mod export;
mod fast_paths;
mod first_minute;
mod kill;
mod many_locks;
mod people_filter;
mod queries;
mod rollup;
mod shared_open;
mod support;
mod sync;
mod team_share;
mod time_order;
