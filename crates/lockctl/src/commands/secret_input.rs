//! Secrets given to lockctl: from an environment variable (scheduled runs), else typed unseen
//! at a terminal or one line on stdin. Never from an argument (it would be in the shell's
//! history and the process list).

use crate::error::{Error, Result};
use crate::term::Term;

/// `name`'s value when set and not empty.
pub fn non_empty_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|s| !s.trim().is_empty())
}

/// The secret from `env_name`, else asked with `prompt` and read unseen (or one line of stdin).
pub fn secret(term: &mut Term<'_>, env_name: &str, prompt: &str, what: &str) -> Result<String> {
    if let Some(value) = non_empty_env(env_name) {
        return Ok(value);
    }
    writeln!(term.err, "{prompt}")?;
    term.read_secret_line()?
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            Error::Usage(format!(
                "no {what}: set {env_name} or give it as one line on stdin"
            ))
        })
}
