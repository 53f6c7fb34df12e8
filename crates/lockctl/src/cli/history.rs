//! `history`: the v2 history commands and the local archive's arguments.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use clap::{Args, Subcommand, ValueEnum};

use super::when::parse_when;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Csv,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum HistoryCmd {
    /// Locks whose history the account may read.
    Locks,
    /// Every entry/exit record of a lock in a time range.
    Accesses {
        #[arg(long)]
        lock: String,
        /// Start (ISO 8601 time, or a date meaning its midnight in this computer's time zone).
        #[arg(long, value_parser = parse_when)]
        from: Option<DateTime<Utc>>,
        /// End (ISO 8601 time, or a date).
        #[arg(long, value_parser = parse_when)]
        til: Option<DateTime<Utc>>,
        /// csv (UTF-8 with BOM, for Excel) unless --json is given.
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// The CSV's times in the computer's zone (with its offset) or in UTC; JSON keeps UTC.
        #[arg(long, value_enum, default_value = "local")]
        tz: TzArg,
        /// Write to this file instead of stdout.
        #[arg(long)]
        output: Option<PathBuf>,
    },
    /// Bring the local archive up to date (incremental), or fetch a range (--from and --til).
    /// Progress on stderr, a summary on stdout. Resumes an interrupted sync.
    Sync {
        /// Only these locks (default: every lock with history permission).
        #[arg(long = "lock")]
        locks: Vec<String>,
        /// Backfill start (with --til).
        #[arg(long, value_parser = parse_when, requires = "til")]
        from: Option<DateTime<Utc>>,
        /// Backfill end (with --from).
        #[arg(long, value_parser = parse_when, requires = "from")]
        til: Option<DateTime<Utc>>,
        #[command(flatten)]
        archive: ArchiveArg,
    },
    /// Records from the local archive (no network).
    Query {
        #[command(flatten)]
        filter: ArchiveFilter,
        #[arg(long, default_value_t = 50)]
        limit: u32,
        #[arg(long, default_value_t = 0)]
        offset: u64,
        #[arg(long, value_enum, default_value = "newest")]
        sort: Sort,
        #[command(flatten)]
        archive: ArchiveArg,
    },
    /// Export the local archive: CSV for Excel, JSON Lines or an Excel workbook, streamed to a file.
    Export {
        #[command(flatten)]
        filter: ArchiveFilter,
        #[arg(long, value_enum, default_value = "csv")]
        format: ExportFormatArg,
        /// Times in the computer's zone or in UTC.
        #[arg(long, value_enum, default_value = "local")]
        tz: TzArg,
        /// Language of the CSV headers.
        #[arg(long, value_enum, default_value = "en")]
        lang: LangArg,
        #[arg(long)]
        output: PathBuf,
        #[command(flatten)]
        archive: ArchiveArg,
    },
}

/// Where the archive is: the profile's own unless given.
#[derive(Debug, Args)]
pub struct ArchiveArg {
    /// Archive file (default: <data dir>/lockdesk/archive/<profile>/v2.sqlite).
    #[arg(long = "archive")]
    pub path: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ArchiveFilter {
    #[arg(long = "lock")]
    pub locks: Vec<String>,
    #[arg(long, value_parser = parse_when)]
    pub from: Option<DateTime<Utc>>,
    #[arg(long, value_parser = parse_when)]
    pub til: Option<DateTime<Utc>>,
    /// User id, or part of a name or e-mail address.
    #[arg(long)]
    pub user: Option<String>,
    /// client_type (repeatable): mobile_app, manager, nfc_outside, nfc_inside, autolock, hand, button.
    #[arg(long = "kind")]
    pub kinds: Vec<String>,
    #[arg(long, conflicts_with = "unlocked")]
    pub locked: bool,
    #[arg(long)]
    pub unlocked: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Sort {
    Newest,
    Oldest,
    User,
    Lock,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ExportFormatArg {
    Csv,
    Jsonl,
    /// An Excel workbook.
    Xlsx,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TzArg {
    Local,
    Utc,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LangArg {
    En,
    Ja,
}
