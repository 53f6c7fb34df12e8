//! `reports`'s subcommands: the scheduled reports kept on this computer.

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};

use super::history::LangArg;

#[derive(Debug, Subcommand)]
pub enum ReportsCmd {
    /// The reports, with the period due last and how its last run went.
    List,
    /// Add a report of the organization in use: what it holds of each period.
    Add {
        #[arg(long)]
        name: String,
        /// history (the entry/exit records), timecard (each person's first entry and last exit
        /// per day), alerts (the watcher's alerts raised), batteries (those to replace, when it
        /// runs), journal (the changes made through Lockdesk) or access-review (every user with
        /// role, groups, last record and what the directory says, for a reviewer's sign-off;
        /// typically monthly as a workbook).
        #[arg(long, value_enum, default_value = "history")]
        what: WhatArg,
        /// daily (the day before), weekly (the 7 days before), monthly (the month before) or
        /// first-office-day (the month before, on the month's first office day).
        #[arg(long, value_enum)]
        every: EveryArg,
        /// The time it is due, HH:MM in the organization's zone (its office hours').
        #[arg(long, default_value = "08:00")]
        at: String,
        /// weekly: 0 (Sunday) to 6 (Saturday).
        #[arg(long, required_if_eq("every", "weekly"))]
        weekday: Option<u8>,
        /// monthly: 1 to 28.
        #[arg(long, required_if_eq("every", "monthly"))]
        day: Option<u8>,
        /// history: only this person (a user id, or a piece of a name or e-mail address).
        #[arg(long)]
        user: Option<String>,
        /// history: only these methods (repeatable: nfc_outside, nfc_inside, mobile_app, manager,
        /// autolock, hand, button).
        #[arg(long = "method")]
        methods: Vec<String>,
        /// history: only lockings, or only unlockings.
        #[arg(long, value_enum)]
        action: Option<ActionArg>,
        /// history, timecard: only these locks (repeatable; every lock when none).
        #[arg(long = "lock")]
        locks: Vec<String>,
        #[arg(long, value_enum, default_value = "xlsx")]
        format: ReportFormatArg,
        /// Language of the headers and words.
        #[arg(long, value_enum, default_value = "ja")]
        lang: LangArg,
        /// The folder the files go to (e.g. a shared folder of the file server).
        #[arg(long)]
        folder: PathBuf,
    },
    /// Remove a report (the files it wrote stay).
    Remove { id: String },
    /// Write the due period of each report of the organization in use (`--due`: each period
    /// once, also when the app or another lockctl runs at the same moment), or of the report
    /// named; `--again` writes a period written before once more. Exit status 0 when every
    /// report is written or was before.
    Run {
        /// Every report that is due.
        #[arg(long, conflicts_with = "id")]
        due: bool,
        #[arg(required_unless_present = "due")]
        id: Option<String>,
        #[arg(long, requires = "id")]
        again: bool,
        /// The history (v2) profile whose archive the reports are written from, when
        /// `--profile` is the organization (v3) profile.
        #[arg(long)]
        history_profile: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EveryArg {
    Daily,
    Weekly,
    Monthly,
    FirstOfficeDay,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ActionArg {
    Locked,
    Unlocked,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum WhatArg {
    History,
    Timecard,
    Alerts,
    Batteries,
    Journal,
    AccessReview,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ReportFormatArg {
    Csv,
    Jsonl,
    Xlsx,
}
