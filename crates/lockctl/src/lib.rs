//! `lockctl`: command-line front end over lockdesk-core's use-cases (`lockdesk_core::app`, the
//! same functions the desktop app calls). [`run`] is the whole program, with its streams and
//! app context passed in, so tests drive it like a user would. lockctl parses arguments, calls
//! the use-cases and prints their typed answers (`--json`: as they are; else in English, see
//! `output::words`).

pub mod cli;
mod commands;
mod dispatch;
mod env;
pub mod error;
mod output;
mod term;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::Parser;
use lockdesk_core::app::context::AppContext;

use crate::cli::{Cli, Command};
pub use crate::env::Env;
pub use crate::error::{Error, Result};
pub use crate::term::Term;

/// Runs one command line. Returns the exit status: 0 success, 1 failure, 2 usage error, 3
/// new alerts (`watch --once`).
pub async fn run<I, T>(
    args: I,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    app: &AppContext,
) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with(args, stdin, stdout, stderr, app, Terminals::default()).await
}

/// Which of the standard streams are the process's terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terminals {
    /// A secret is then typed unseen.
    pub stdin: bool,
    /// Cells printed raw elsewhere are cleaned of control characters.
    pub stdout: bool,
}

/// [`run`], told which streams are the process's terminal.
pub async fn run_with<I, T>(
    args: I,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    app: &AppContext,
    terminals: Terminals,
) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            let text = e.render().to_string();
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = write!(stdout, "{text}");
                    0
                }
                _ => {
                    let _ = write!(stderr, "{text}");
                    2
                }
            };
        }
    };
    let env = Env::new(app, cli.profile.clone(), cli.org.clone());
    app.use_cache_only(cli.cached);
    app.without_background_upkeep();
    let mut term = Term {
        stdin,
        out: stdout,
        err: stderr,
        json: cli.json,
        terminal: terminals.stdin,
        out_terminal: terminals.stdout,
        status: 0,
    };
    let asks_proxy_login = !matches!(cli.command, Command::Proxy(_));
    // A command's journal entries go to the team's database (when this computer has one) as
    // soon as the command is done; `team` commands share them themselves.
    let shares_journal = !matches!(cli.command, Command::Team(_) | Command::Demo { .. });
    let journal_before = shares_journal
        .then(|| lockdesk_core::team::commands::journal_mark(app))
        .flatten();
    let mut result = run_command(&env, &mut term, cli.command).await;
    // A proxy that asks for a user name and password, at a terminal: ask them once, keep them,
    // and run the command again (the proxy refused the first one before the service saw it).
    if let Err(e) = &result {
        if e.code() == lockdesk_core::error::ErrorCode::ProxyAuthRequired
            && term.terminal
            && asks_proxy_login
        {
            let _ = writeln!(term.err, "{}", output::clean(&e.to_string()));
            result = match commands::proxy::login(&env, &mut term).await {
                Ok(()) => match Cli::try_parse_from(&args) {
                    Ok(again) => run_command(&env, &mut term, again.command).await,
                    Err(e) => Err(Error::Usage(e.to_string())),
                },
                Err(e) => Err(e),
            };
        }
    }
    if let Some(before) = journal_before {
        commands::team::share_after(app, &mut *term.err, before).await;
    }
    let status = match result {
        Ok(()) => {
            let _ = term.out.flush();
            term.status
        }
        // `lockctl … | head`: the reader had enough; quiet, like the shell's own tools.
        Err(Error::OutputClosed) => 0,
        Err(e) => {
            let _ = term.out.flush();
            let profile = env.profile().ok();
            let _ = report(term.err, &e, profile.as_deref());
            e.exit_status()
        }
    };
    // A renewal the keychain refused: the new sign-in lived in this run only.
    for (profile, reason) in app.unsaved_sign_ins() {
        let _ = writeln!(
            term.err,
            "{}",
            output::words::sign_in_not_stored(&profile, &reason)
        );
    }
    status
}

/// Runs one parsed command: `demo` here, the others through [`dispatch::dispatch`] (which the
/// demo's tour calls too).
async fn run_command(env: &Env<'_>, term: &mut Term<'_>, command: Command) -> Result<()> {
    match command {
        Command::Demo { serve } => commands::demo::run(term, serve).await,
        other => dispatch::dispatch(env, term, other).await,
    }
}

/// The error and its hint on stderr. A service's error text is anyone's text, like its names:
/// control characters are taken out.
fn report(err: &mut dyn Write, e: &Error, profile: Option<&str>) -> std::io::Result<()> {
    writeln!(
        err,
        "error: {} [{}]",
        output::clean(&e.to_string()),
        e.code()
    )?;
    if let Some(hint) = e.hint(profile) {
        writeln!(err, "hint: {}", output::clean(&hint))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_carry_no_control_characters() {
        let mut err = Vec::new();
        let e = Error::Usage("bad \u{1b}]0;owned\u{7}name\u{1b}[2J".into());
        report(&mut err, &e, None).unwrap();
        let text = String::from_utf8(err).unwrap();
        assert!(text.starts_with("error: bad ]0;ownedname[2J"), "{text:?}");
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
    }
}
