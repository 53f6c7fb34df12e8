use lockdesk_api::ApiVersion;
use lockdesk_core::sessions::{self, AddProfile};
use lockdesk_core::Profile;

use crate::cli::{Api, ProfileCmd};
use crate::error::{Error, Result};
use crate::output;
use crate::{Env, Term};

pub const SECRET_ENV: &str = "LOCKDESK_CLIENT_SECRET";

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: ProfileCmd) -> Result<()> {
    match cmd {
        ProfileCmd::Add {
            name,
            base_url,
            client_id,
            redirect_uri,
            api,
        } => {
            // Check the profile before asking for the secret.
            let api = match api {
                Api::V3 => ApiVersion::V3,
                Api::V2 => ApiVersion::V2,
            };
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
                    writeln!(term.err, "Client secret (one line, from the registration):")?;
                    term.read_line()?
                        .filter(|s| !s.trim().is_empty())
                        .ok_or_else(|| {
                            Error::Usage(format!(
                                "no client secret: set {SECRET_ENV} or give it as one line on stdin"
                            ))
                        })?
                }
            };
            let profile = sessions::add_profile(
                env.ctx,
                AddProfile {
                    name: profile.name,
                    base_url: profile.base_url,
                    client_id: profile.client_id,
                    redirect_uri: profile.redirect_uri,
                    api: profile.api,
                    client_secret: secret,
                },
            )
            .await?;
            if term.json {
                output::json(term.out, &profile)
            } else {
                writeln!(
                    term.out,
                    "Added profile {}; sign in with `lockctl --profile {} login`",
                    profile.name, profile.name
                )?;
                Ok(())
            }
        }
        ProfileCmd::List => {
            let profiles = sessions::list_profiles(env.ctx)?;
            if term.json {
                return output::json(term.out, &profiles);
            }
            let rows: Vec<Vec<String>> = profiles
                .iter()
                .map(|p| {
                    vec![
                        p.name.clone(),
                        format!("{:?}", p.api).to_lowercase(),
                        p.base_url.clone(),
                        p.client_id.clone(),
                    ]
                })
                .collect();
            output::table(term.out, &["NAME", "API", "BASE URL", "CLIENT ID"], &rows)
        }
        ProfileCmd::Remove { name } => {
            let removed = sessions::remove_profile(env.ctx, &name)?;
            if term.json {
                output::json(term.out, &removed)
            } else {
                writeln!(term.out, "Removed profile {name} and its keychain entries")?;
                Ok(())
            }
        }
    }
}
