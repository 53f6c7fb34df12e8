//! `dispatch`: runs one parsed command (all but `demo`) by calling its module in `commands`. Its
//! own file, apart from lib.rs, because `lockctl demo` runs the other commands through it, and
//! lib.rs in turn calls `demo`.

use crate::cli::Command;
use crate::commands;
use crate::env::Env;
use crate::error::{Error, Result};
use crate::term::Term;

/// Runs one parsed command, any but `demo`.
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
        Command::Reports(cmd) => commands::reports::run(env, term, cmd).await,
        Command::Alerts(cmd) => commands::alerts::run(env, term, cmd).await,
        Command::Directory(cmd) => commands::directory::run(env, term, cmd).await,
        Command::Proxy(cmd) => commands::proxy::run(env, term, cmd).await,
        Command::Team(cmd) => commands::team::run(env, term, cmd).await,
        Command::Demo { .. } => {
            // The tour runs the other commands through this function; a demo inside the demo
            // is not one of them (lib.rs runs `demo` before coming here).
            Err(Error::Usage("`demo` does not run inside the demo".into()))
        }
    }
}
