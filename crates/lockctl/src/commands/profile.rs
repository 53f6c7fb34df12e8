//! `profile add | list | remove`: the app's profile use-cases.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::profiles::commands::{
    profiles_add, profiles_list, profiles_remove, ProfilesAddRequest,
};
use lockdesk_core::profiles::store::Profile;
use lockdesk_core::sessions::status::ProfileNameRequest;

use crate::cli::{Api, ProfileCmd};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

pub const SECRET_ENV: &str = "LOCKDESK_CLIENT_SECRET";

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: ProfileCmd) -> Result<()> {
    let ctx = env.app_without_profile();
    match cmd {
        ProfileCmd::Add {
            name,
            base_url,
            client_id,
            redirect_uri,
            api,
        } => {
            let api = match api {
                Api::V3 => ApiVersion::V3,
                Api::V2 => ApiVersion::V2,
            };
            // Check the profile before asking for the secret.
            let profile = Profile {
                name,
                base_url,
                client_id,
                redirect_uri,
                api,
            }
            .validated()?;
            let secret = match std::env::var(SECRET_ENV).ok().filter(|s| !s.is_empty()) {
                Some(s) => s,
                None => {
                    writeln!(term.err, "{}", words::SECRET_PROMPT)?;
                    term.read_secret_line()?
                        .filter(|s| !s.trim().is_empty())
                        .ok_or_else(|| {
                            Error::Usage(format!(
                                "no client secret: set {SECRET_ENV} or give it as one line on stdin"
                            ))
                        })?
                }
            };
            let added = profiles_add(
                ctx,
                ProfilesAddRequest {
                    name: profile.name,
                    base_url: profile.base_url,
                    client_id: profile.client_id,
                    redirect_uri: profile.redirect_uri,
                    api: profile.api.into(),
                    client_secret: secret,
                },
            )
            .await?;
            term.show(&added, |term| {
                writeln!(term.out, "{}", words::profile_added(&added))?;
                Ok(())
            })
        }
        ProfileCmd::List => {
            let list = profiles_list(ctx, NoArgs {}).await?;
            term.show(&list, |term| {
                let rows: Vec<Vec<String>> = list.profiles.iter().map(words::profile_row).collect();
                output::table(term.out, &words::PROFILE_HEADERS, &rows)
            })
        }
        ProfileCmd::Remove { name } => {
            let done = profiles_remove(
                ctx,
                ProfileNameRequest {
                    profile: name.clone(),
                },
            )
            .await?;
            term.show(&done, |term| {
                writeln!(term.out, "{}", words::profile_removed(&name))?;
                if let Some(e) = &done.revoke_error {
                    writeln!(
                        term.err,
                        "{}",
                        words::profile_not_revoked(&e.message, e.code)
                    )?;
                }
                Ok(())
            })
        }
    }
}
