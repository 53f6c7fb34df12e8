//! `login`, `logout`, `token-info`: the app's sign-in use-cases, with the redirected address
//! pasted on stdin instead of intercepted by a window.

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::journal::journaled::{session_complete_sign_in, session_sign_out};
use lockdesk_core::profiles::view::Api;
use lockdesk_core::sessions::account::account_info;
use lockdesk_core::sessions::commands::{
    session_begin_sign_in, SessionCompleteSignInRequest, SessionSignOutRequest,
};
use lockdesk_core::sessions::status::ProfileNameRequest;

use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

pub async fn login(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let profile = env.profile()?;
    let ctx = env.app_without_profile();
    let begun = session_begin_sign_in(
        ctx,
        ProfileNameRequest {
            profile: profile.clone(),
        },
    )
    .await?;
    writeln!(term.err, "{}", words::SIGN_IN_OPEN)?;
    writeln!(term.out, "{}", begun.url)?;
    term.out.flush()?;
    writeln!(term.err, "{}", words::SIGN_IN_PASTE)?;
    let redirected = term
        .read_line()?
        .filter(|l| !l.trim().is_empty())
        .ok_or_else(|| Error::Usage("no redirected address was given on stdin".into()))?;
    let signed_in = session_complete_sign_in(
        ctx,
        SessionCompleteSignInRequest {
            profile,
            redirected_url: redirected,
        },
    )
    .await?;
    term.show(&signed_in, |term| {
        writeln!(term.out, "{}", words::signed_in(&signed_in))?;
        Ok(())
    })
}

pub async fn logout(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let profile = env.profile()?;
    let out = session_sign_out(
        env.app_without_profile(),
        SessionSignOutRequest {
            profile: Some(profile),
        },
    )
    .await?;
    term.show(&out, |term| {
        writeln!(term.out, "{}", words::signed_out(&out))?;
        Ok(())
    })
}

/// The account screen's answer; the session of the profile in use is the one shown (its
/// error is this command's error).
pub async fn token_info(env: &Env<'_>, term: &mut Term<'_>) -> Result<()> {
    let profile = env.profile()?;
    let api = lockdesk_core::profiles::store::ProfileStore::new(&env.ctx())
        .get(&profile)?
        .api;
    let ctx = env.app_without_profile();
    ctx.use_profile(api, &profile);
    let info = account_info(ctx, NoArgs {}).await?;
    let (session, error) = match Api::from(api) {
        Api::V3 => (&info.session, &info.session_error),
        Api::V2 => (&info.history_session, &info.history_error),
    };
    let session = match (session, error) {
        (Some(s), _) => s,
        (None, Some(e)) => return Err(Error::Payload(e.clone())),
        (None, None) => return Err(lockdesk_core::error::Error::NotSignedIn(profile).into()),
    };
    term.show(&info, |term| {
        output::pairs(term.out, &words::token(session, &info.missing_scopes))
    })
}
