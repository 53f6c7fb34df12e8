//! `proxy login | logout`: the user name and password of a proxy that asks for them (407),
//! through the app's use-cases (checked against the proxy, kept in the OS keychain).

use lockdesk_core::proxy::commands::{proxy_credentials_clear, proxy_credentials_set};
use lockdesk_core::proxy::commands::{
    ProxyCredentialsClearRequest, ProxyCredentialsSetRequest, ProxyCredentialsView,
};

use crate::cli::ProxyCmd;
use crate::commands::secret_input::non_empty_env;
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::words;
use crate::term::Term;

pub const USER_ENV: &str = "LOCKDESK_PROXY_USER";
pub const PASSWORD_ENV: &str = "LOCKDESK_PROXY_PASSWORD";

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: ProxyCmd) -> Result<()> {
    match cmd {
        ProxyCmd::Login => {
            let kept = keep_login(env, term).await?;
            term.show(&kept, |term| {
                writeln!(term.out, "{}", words::proxy_login_done(&kept))?;
                Ok(())
            })
        }
        ProxyCmd::Logout => {
            let profile = env.profile()?;
            let done = proxy_credentials_clear(
                env.app()?,
                ProxyCredentialsClearRequest {
                    profile: Some(profile),
                },
            )
            .await?;
            term.show(&done, |term| {
                writeln!(term.out, "{}", words::proxy_login_done(&done))?;
                Ok(())
            })
        }
    }
}

/// [`keep_login`] before a command is run again: what was done goes to stderr, so the command's
/// own output (JSON included) stays alone on stdout.
pub async fn login(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let kept = keep_login(env, term).await?;
    writeln!(term.err, "{}", words::proxy_login_done(&kept))?;
    Ok(())
}

/// Reads the user name and password (the environment, else typed with the password unseen, or
/// one line each on stdin), has the proxy check them and keeps them.
async fn keep_login(env: &Env<'_>, term: &mut Term<'_>) -> Result<ProxyCredentialsView> {
    let profile = env.profile()?;
    let user = match non_empty_env(USER_ENV) {
        Some(user) => user,
        None => {
            writeln!(term.err, "{}", words::PROXY_USER_PROMPT)?;
            term.read_line()?
                .filter(|s| !s.trim().is_empty())
                .ok_or_else(|| missing("user name", USER_ENV))?
        }
    };
    let password = match non_empty_env(PASSWORD_ENV) {
        Some(password) => password,
        None => {
            writeln!(term.err, "{}", words::PROXY_PASSWORD_PROMPT)?;
            term.read_secret_line()?
                .filter(|s| !s.is_empty())
                .ok_or_else(|| missing("password", PASSWORD_ENV))?
        }
    };
    Ok(proxy_credentials_set(
        env.app()?,
        ProxyCredentialsSetRequest {
            profile: Some(profile),
            user,
            password,
        },
    )
    .await?)
}

fn missing(what: &str, env: &str) -> Error {
    Error::Usage(format!(
        "no proxy {what}: set {env} or give it as one line on stdin"
    ))
}
