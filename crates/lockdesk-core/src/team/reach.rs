//! Reaching the team's database from a use-case: this computer's data source and password,
//! the connection with its schema brought up to date, this computer as the team names it,
//! and a bound on how long a use-case waits for it.

use std::time::Duration;

use lockdesk_team::error::TeamError;
use lockdesk_team::schema::{prepare, SchemaState};
use lockdesk_team::source::TeamSource;
use lockdesk_team::Computer;
use tokio_postgres::Client;

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::secrets::team_password_key;
use crate::team::computer::this_computer;
use crate::team::reachability::note_reached;
use crate::team::settings::{load_team, TeamSettings};

/// `work`, or the team database's unreachable error (noted) when it takes longer than `within`.
pub(crate) async fn within_time<T>(
    ctx: &AppContext,
    source: &TeamSource,
    within: Duration,
    work: impl std::future::Future<Output = Result<T>>,
) -> Result<T> {
    match tokio::time::timeout(within, work).await {
        Ok(done) => done,
        Err(_) => {
            note_reached(&ctx.core().data_folder()?, false, ctx.core().clock.now());
            Err(Error::Team(TeamError::Unreachable {
                host: source.host.clone(),
                port: source.port,
                reason: format!("no answer within {} s", within.as_secs()),
            }))
        }
    }
}

/// The team's database as a use-case finds it: connected, its schema, and this computer as
/// the team names it.
pub(crate) struct Reached {
    pub client: Client,
    pub schema: SchemaState,
    pub me: Computer,
}

/// This computer's team database, reached with its schema brought up to date (or found
/// newer); `None` when this computer works alone. Whether it answered is noted (for
/// "unreachable since …").
pub(crate) async fn reach(ctx: &AppContext) -> Result<Option<Reached>> {
    let Some((source, password)) = team_of(ctx)? else {
        return Ok(None);
    };
    let opened = open(&source, &password).await;
    let core = ctx.core();
    let data = core.data_folder()?;
    note_reached(&data, opened.is_ok(), core.clock.now());
    let (client, schema) = opened?;
    Ok(Some(Reached {
        client,
        schema,
        me: this_computer(&data)?,
    }))
}

pub(crate) async fn open(source: &TeamSource, password: &str) -> Result<(Client, SchemaState)> {
    let mut client = lockdesk_team::connect::connect(source, password)
        .await
        .map_err(Error::Team)?;
    let schema = prepare(&mut client).await.map_err(Error::Team)?;
    Ok((client, schema))
}

/// This computer's team settings; none in the demo, whose made-up changes and alerts never
/// reach a team (not even one IT set in the policy file).
pub(crate) fn team_settings(ctx: &AppContext) -> Result<TeamSettings> {
    if ctx.in_demo_space() {
        return Ok(TeamSettings::default());
    }
    load_team(&ctx.core().config_dir)
}

/// The data source and its password, when this computer has one.
fn team_of(ctx: &AppContext) -> Result<Option<(TeamSource, String)>> {
    let core = ctx.core();
    let Some(source) = team_settings(ctx)?.source()? else {
        return Ok(None);
    };
    let password = core
        .secrets
        .get(&team_password_key(&source.address()))?
        .ok_or(Error::TeamPasswordMissing)?;
    Ok(Some((source, password)))
}
