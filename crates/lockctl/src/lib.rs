//! `lockctl`: command-line front end over lockdesk-core's use-cases (`lockdesk_core::app`, the
//! same functions the desktop app calls). [`run`] is the whole program, with its streams and
//! app context passed in, so tests drive it like a user would. lockctl parses arguments, calls
//! the use-cases and prints their typed answers (`--json`: as they are; else in English, see
//! `output::words`).

pub mod cli;
mod commands;
pub mod error;
mod output;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::Parser;
use lockdesk_api::ApiVersion;
use lockdesk_core::app::AppContext;
use lockdesk_core::{Context, ProfileStore};

use crate::cli::{Cli, Command};
pub use crate::error::{Error, Result};

/// The program's streams and output mode.
pub struct Term<'a> {
    pub stdin: &'a mut dyn BufRead,
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
    pub json: bool,
    /// Stdin is the process's terminal: a secret is then read with echo off.
    pub terminal: bool,
    /// Stdout is a terminal: what is printed raw elsewhere (CSV cells) is cleaned of control
    /// characters there.
    pub out_terminal: bool,
    /// The exit status of a command that succeeded (`watch --once` with new alerts: 3).
    pub status: i32,
}

impl Term<'_> {
    /// One line from stdin without its line ending; `None` at end of input.
    pub fn read_line(&mut self) -> Result<Option<String>> {
        let mut line = String::new();
        let n = self
            .stdin
            .read_line(&mut line)
            .map_err(|e| Error::Usage(format!("could not read stdin: {e}")))?;
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim_end_matches(['\r', '\n']).to_owned()))
    }

    /// One line that must not appear on screen: typed with echo off at a terminal, else read
    /// from stdin like any line (a pipe echoes nothing).
    pub fn read_secret_line(&mut self) -> Result<Option<String>> {
        if !self.terminal {
            return self.read_line();
        }
        rpassword::read_password()
            .map(Some)
            .map_err(|e| Error::Usage(format!("could not read the terminal: {e}")))
    }
}

/// The global options and the app context, for the commands. Every command calls the app's
/// use-cases (`lockdesk_core::app`) on [`Env::app`]; lockctl itself only parses and prints.
pub struct Env<'a> {
    app: &'a AppContext,
    pub profile: Option<String>,
    pub org: Option<String>,
}

impl<'a> Env<'a> {
    pub fn new(app: &'a AppContext, profile: Option<String>, org: Option<String>) -> Env<'a> {
        app.use_organization(org.clone());
        app.use_archive(None);
        Env { app, profile, org }
    }

    pub fn ctx(&self) -> std::sync::Arc<Context> {
        self.app.core()
    }

    /// The app context without a profile (profile management).
    pub fn app_without_profile(&self) -> &AppContext {
        self.app
    }

    /// The profile given, or the only one there is.
    pub fn profile(&self) -> Result<String> {
        if let Some(p) = &self.profile {
            return Ok(p.clone());
        }
        let profiles = ProfileStore::new(&self.ctx()).list()?;
        match profiles.as_slice() {
            [] => Err(Error::NoProfile),
            [only] => Ok(only.name.clone()),
            many => Err(Error::ProfileRequired(
                many.iter().map(|p| p.name.clone()).collect(),
            )),
        }
    }

    /// The app context working with the profile, for organization work and history alike (a
    /// command of the other API then says `wrong_api`).
    pub fn app(&self) -> Result<&AppContext> {
        let profile = self.profile()?;
        self.app.use_profile(ApiVersion::V3, &profile);
        self.app.use_profile(ApiVersion::V2, &profile);
        Ok(self.app)
    }
}

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
    let mut result = dispatch(&env, &mut term, cli.command).await;
    // A proxy that asks for a user name and password, at a terminal: ask them once, keep them,
    // and run the command again (the proxy refused the first one before the service saw it).
    if let Err(e) = &result {
        if e.code() == lockdesk_core::ErrorCode::ProxyAuthRequired
            && term.terminal
            && asks_proxy_login
        {
            let _ = writeln!(term.err, "{}", output::clean(&e.to_string()));
            result = match commands::proxy::login(&env, &mut term).await {
                Ok(()) => match Cli::try_parse_from(&args) {
                    Ok(again) => dispatch(&env, &mut term, again.command).await,
                    Err(e) => Err(Error::Usage(e.to_string())),
                },
                Err(e) => Err(e),
            };
        }
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

pub(crate) async fn dispatch(env: &Env<'_>, term: &mut Term<'_>, command: Command) -> Result<()> {
    match command {
        Command::Profile(cmd) => commands::profile::run(env, term, cmd).await,
        Command::Login => commands::session::login(env, term).await,
        Command::Logout => commands::session::logout(env, term).await,
        Command::TokenInfo => commands::session::token_info(env, term).await,
        Command::Orgs { cmd } => commands::orgs::run(env, term, cmd).await,
        Command::Locks(cmd) => commands::locks::run(env, term, cmd).await,
        Command::LockGroups(cmd) => commands::groups::run_lock_groups(env, term, cmd).await,
        Command::Users(cmd) => commands::users::run(env, term, cmd).await,
        Command::Invitations(cmd) => commands::invitations::run(env, term, cmd).await,
        Command::UserGroups(cmd) => {
            commands::groups::run::<commands::groups::UserGroups>(env, term, cmd).await
        }
        Command::History(cmd) => commands::history::run(env, term, cmd).await,
        Command::Activity(args) => commands::activity::run(env, term, args).await,
        Command::Watch(args) => commands::watch::run(env, term, args).await,
        Command::Proxy(cmd) => commands::proxy::run(env, term, cmd).await,
        Command::Demo { serve } => commands::demo::run(term, serve).await,
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
