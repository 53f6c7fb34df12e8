//! `team connect | status | disconnect`: this computer and its team's shared data source
//! (PostgreSQL), through the core's use-cases.

use lockdesk_core::app::args::NoArgs;
use std::io::Write;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::team::commands::{
    checked_address, journal_mark, share_journal, team_connect, team_disconnect, team_status,
    TeamConnectRequest, SHARE_WITHIN,
};

use crate::cli::TeamCmd;
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::words;
use crate::term::Term;

pub const PASSWORD_ENV: &str = "LOCKDESK_TEAM_PASSWORD";

/// After a command that journaled changes: those entries shared with the team within a few
/// seconds; when the team's database cannot be reached, one line on stderr says they wait.
pub async fn share_after(app: &AppContext, err: &mut dyn Write, before: i64) {
    if journal_mark(app).is_none_or(|now| now <= before) {
        return;
    }
    if let Err(e) = share_journal(app, SHARE_WITHIN).await {
        let _ = writeln!(
            err,
            "{}",
            words::team_share_waits(&e.to_string(), e.code().as_str())
        );
    }
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: TeamCmd) -> Result<()> {
    let app = env.app_without_profile();
    let status = match cmd {
        TeamCmd::Connect { address } => {
            let address = checked_address(&address)?;
            let password = match std::env::var(PASSWORD_ENV).ok().filter(|p| !p.is_empty()) {
                Some(p) => p,
                None => {
                    writeln!(term.err, "{}", words::TEAM_PASSWORD_PROMPT)?;
                    term.read_secret_line()?
                        .filter(|s| !s.is_empty())
                        .ok_or_else(|| {
                            Error::Usage(format!(
                                "no password: set {PASSWORD_ENV} or give it as one line on stdin"
                            ))
                        })?
                }
            };
            team_connect(app, TeamConnectRequest { address, password }).await?
        }
        TeamCmd::Status => team_status(app, NoArgs {}).await?,
        TeamCmd::Disconnect => team_disconnect(app, NoArgs {}).await?,
    };
    term.show(&status, |term| {
        for line in words::team_status(&status) {
            writeln!(term.out, "{line}")?;
        }
        Ok(())
    })?;
    // A scheduled `team status` sees an unreachable database in its exit status.
    match &status.problem {
        Some(p) => Err(Error::Payload(lockdesk_core::error::ErrorPayload::new(
            lockdesk_core::error::ErrorCode::parse(&p.code)
                .unwrap_or(lockdesk_core::error::ErrorCode::TeamUnreachable),
            p.message.clone(),
        ))),
        None => Ok(()),
    }
}
