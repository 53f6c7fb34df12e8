//! `directory`'s subcommands: the sources that say who should have a door, and the plan.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum DirectoryCmd {
    /// The sources of the organization in use.
    #[command(subcommand)]
    Sources(SourcesCmd),
    /// What the directory says should change: leavers to remove, joiners to invite, movers to
    /// update, and who is held back for a person to decide (managers, exceptions, ambiguous
    /// matches). Nothing changes.
    Plan,
    /// Make the plan again, show it, and after one "yes" (or with --yes) apply it: each row
    /// through the same use-cases as a person's change, journaled; a run stopped part way does
    /// what remains when run again.
    Apply {
        /// Apply without asking (a scheduled task).
        #[arg(long)]
        yes: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum SourcesCmd {
    /// Every source and exception of the organization in use.
    List,
    /// Add an HR system's CSV export (CP932 or UTF-8, Japanese or English headers). The file is
    /// read now and again at each plan; the columns are found from the headers unless named.
    Add {
        #[arg(long)]
        name: String,
        /// The CSV file.
        #[arg(long)]
        hr_csv: std::path::PathBuf,
        /// The header of the employee-number column (matched against the user code).
        #[arg(long)]
        employee_id_column: Option<String>,
        #[arg(long)]
        name_column: Option<String>,
        #[arg(long)]
        mail_column: Option<String>,
        #[arg(long)]
        joined_column: Option<String>,
        #[arg(long)]
        left_column: Option<String>,
    },
    /// Remove a source.
    Remove { id: String },
}
