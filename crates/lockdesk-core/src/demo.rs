//! "Try the demo": the simulator in process with its seeded data, and a sign-in through the
//! real OAuth flow (authorization page, redirect with `state`, code exchange) as the demo
//! super manager, so a newcomer sees everything without credentials.

use lockdesk_api::ApiVersion;
use lockdesk_sim::{ClientInfo, SimHandle, SimOptions};

use crate::core_context::Context;
use crate::error::{Error, Result};
use crate::profiles::store::ProfileStore;
use crate::sessions::sign_in;
use crate::sessions::sign_in::AddProfile;

pub const DEMO_PROFILE: &str = "demo";
pub const DEMO_HISTORY_PROFILE: &str = "demo-history";
const DEMO_ACCOUNT: &str = "admin@example.com";

/// A running demo: the simulator lives as long as this value.
pub struct Demo {
    pub sim: SimHandle,
    /// v3 profile, signed in.
    pub profile: String,
    /// v2 (history) profile, signed in.
    pub history_profile: String,
}

/// Starts the simulator and signs both demo profiles in. Existing demo profiles in `ctx` are
/// replaced; nothing else in `ctx` is touched.
pub async fn start_demo(ctx: &Context, options: SimOptions) -> Result<Demo> {
    let sim = lockdesk_sim::spawn(options)
        .await
        .map_err(|e| Error::Demo(format!("the simulator did not start: {e}")))?;
    let info = sim.info().clone();
    let password = info
        .accounts
        .iter()
        .find(|a| a.mail == DEMO_ACCOUNT)
        .map(|a| a.password.clone())
        .ok_or_else(|| Error::Demo("the simulator has no demo account".into()))?;
    for (name, api) in [(DEMO_PROFILE, "v3"), (DEMO_HISTORY_PROFILE, "v2")] {
        let client = info
            .clients
            .iter()
            .find(|c| c.api == api)
            .ok_or_else(|| Error::Demo(format!("the simulator has no {api} client")))?;
        if ProfileStore::new(ctx).get(name).is_ok() {
            sign_in::remove_profile(ctx, name)?;
        }
        sign_in::add_profile(
            ctx,
            AddProfile {
                name: name.to_owned(),
                base_url: sim.base_url().to_owned(),
                client_id: client.client_id.clone(),
                redirect_uri: client.redirect_uri.clone(),
                api: if api == "v2" {
                    ApiVersion::V2
                } else {
                    ApiVersion::V3
                },
                client_secret: client.client_secret.clone(),
            },
        )
        .await?;
        let pending = sign_in::begin_sign_in(ctx, name).await?;
        let redirected = log_in(&sim, client, &pending, &password).await?;
        sign_in::complete_sign_in(ctx, name, &pending, &redirected).await?;
    }
    Ok(Demo {
        sim,
        profile: DEMO_PROFILE.to_owned(),
        history_profile: DEMO_HISTORY_PROFILE.to_owned(),
    })
}

/// The login form as the authorization page posts it: every parameter of the sign-in address
/// (client, redirect URI, state, PKCE challenge), then the demo account's credentials.
fn login_form(
    client: &ClientInfo,
    pending: &sign_in::PendingSignIn,
    password: &str,
) -> Vec<(String, String)> {
    let mut form: Vec<(String, String)> = pending.url.query_pairs().into_owned().collect();
    for (name, value) in [
        ("client_id", client.client_id.as_str()),
        ("redirect_uri", client.redirect_uri.as_str()),
        ("response_type", "code"),
    ] {
        if !form.iter().any(|(k, _)| k == name) {
            form.push((name.to_owned(), value.to_owned()));
        }
    }
    form.push(("mail".to_owned(), DEMO_ACCOUNT.to_owned()));
    form.push(("password".to_owned(), password.to_owned()));
    form
}

/// Submits the simulator's login form as the demo account would, and returns the address the
/// service redirects to (never followed).
async fn log_in(
    sim: &SimHandle,
    client: &ClientInfo,
    pending: &sign_in::PendingSignIn,
    password: &str,
) -> Result<String> {
    let http = lockdesk_api::tls::client_builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| Error::Demo(e.to_string()))?;
    let resp = http
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&login_form(client, pending, password))
        .send()
        .await
        .map_err(|e| Error::Demo(format!("demo login failed: {e}")))?;
    resp.headers()
        .get(reqwest::header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .ok_or_else(|| Error::Demo(format!("demo login answered {}", resp.status())))
}
