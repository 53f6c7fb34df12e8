use lockdesk_core::sessions;

use crate::error::{Error, Result};
use crate::output;
use crate::{Env, Term};

pub async fn login(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let profile = env.profile()?;
    let pending = sessions::begin_sign_in(env.ctx, &profile).await?;
    writeln!(
        term.err,
        "Open this address in a browser and sign in with a manager account:"
    )?;
    writeln!(term.out, "{}", pending.url)?;
    term.out.flush()?;
    writeln!(
        term.err,
        "Then paste the whole address the browser was sent to (it starts with the redirect URI):"
    )?;
    let redirected = term
        .read_line()?
        .filter(|l| !l.trim().is_empty())
        .ok_or_else(|| Error::Usage("no redirected address was given on stdin".into()))?;
    let signed_in = sessions::complete_sign_in(env.ctx, &profile, &pending, &redirected).await?;
    if term.json {
        output::json(term.out, &signed_in)
    } else {
        writeln!(
            term.out,
            "Signed in (profile {}); the access token is valid until {}{}",
            signed_in.profile,
            signed_in.expires_at.to_rfc3339(),
            if signed_in.renewable {
                " and is renewed automatically"
            } else {
                ""
            }
        )?;
        Ok(())
    }
}

pub async fn logout(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let profile = env.profile()?;
    let out = sessions::sign_out(env.ctx, &profile).await?;
    if term.json {
        output::json(term.out, &out)
    } else {
        writeln!(term.out, "Profile {}: {}", out.profile, out.note)?;
        Ok(())
    }
}

pub async fn token_info(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let profile = env.profile()?;
    let status = sessions::token_info(env.ctx, &profile).await?;
    if term.json {
        output::json(term.out, &status)
    } else {
        output::record(term.out, &status)
    }
}
