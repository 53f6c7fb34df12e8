//! `watch`'s arguments.

use clap::Args;

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// One round, then exit: 0 no new alerts, 3 new alerts (with a team: new to the team, not
    /// raised by another computer first), anything else an error.
    #[arg(long)]
    pub once: bool,
    /// The history (v2) profile whose archive is synced and checked, when `--profile` is the
    /// organization (v3) profile.
    #[arg(long)]
    pub history_profile: Option<String>,
}
