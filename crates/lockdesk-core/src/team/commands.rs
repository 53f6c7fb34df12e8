//! The team data source's use-cases, for `lockctl team` (and the app's Account screen):
//! connect this computer (the address checked, the server reached, its schema brought up to
//! date or found newer, the password kept in the keychain), its status, disconnect, and
//! sharing this computer's journal.

use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_team::source::TeamSource;
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::journal::Journal;
use crate::secrets::team_password_key;
use crate::team::computer::this_computer;
use crate::team::reach::{open, reach, team_settings, within_time, Reached};
use crate::team::reachability::unreachable_since;
use crate::team::settings::{policy_team_address, save_team, TeamSettings};
use crate::team::upload::upload_journal;

/// The team data source to connect to, and its password (never shown in debug output).
#[derive(Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamConnectRequest {
    /// `postgres://USER@HOST[:PORT]/DATABASE`, without a password.
    pub address: String,
    pub password: String,
}

impl std::fmt::Debug for TeamConnectRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamConnectRequest")
            .field("address", &self.address)
            .field("password", &"[redacted]")
            .finish()
    }
}

/// Where this computer stands with its team.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamStatusView {
    /// The data source's address; none: this computer works alone (SQLite only).
    pub address: Option<String>,
    /// The database answered now.
    pub reachable: bool,
    /// Why it did not (an error code and its message), when it did not.
    pub problem: Option<TeamProblem>,
    /// The database's schema version, and whether it is newer than this Lockdesk knows
    /// (then this computer only reads).
    pub schema_version: Option<i64>,
    pub read_only: bool,
    /// Since when this computer has not reached the database, when it does not now.
    pub unreachable_since: Option<DateTime<Utc>>,
    /// IT set the address in the policy file: it cannot be changed or disconnected here.
    pub managed: bool,
    /// Entries of this computer's journal shared by this call (0: nothing was waiting).
    pub uploaded: u64,
    /// Entries of the whole team's journal.
    pub team_entries: Option<i64>,
}

/// Why the team's database did not answer as it should.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamProblem {
    pub code: String,
    pub message: String,
}

/// The address as Lockdesk keeps it, or why it is refused (before a password is asked for).
pub fn checked_address(address: &str) -> Result<String> {
    Ok(TeamSource::parse(address).map_err(Error::Team)?.address())
}

/// Checks the address and the password against the server, brings its schema up to date (or
/// finds it newer: this computer then only reads), keeps the password in the keychain and the
/// address in `team.json`, and shares this computer's journal. Nothing is kept when any step
/// fails.
pub async fn team_connect(ctx: &AppContext, req: TeamConnectRequest) -> Result<TeamStatusView> {
    if ctx.in_demo_space() {
        // The demo's changes are made up: they never reach a real team's journal.
        return Err(Error::invalid(
            "address",
            "leave the demo first: a team data source is connected to your own data only",
        ));
    }
    let source = TeamSource::parse(&req.address).map_err(Error::Team)?;
    let managed = policy_team_address();
    if let Some(theirs) = &managed {
        if TeamSource::parse(theirs).map(|s| s.address()).ok() != Some(source.address()) {
            return Err(Error::invalid(
                "address",
                format!("IT set this computer's team data source to {theirs}: connect to it"),
            ));
        }
    }
    if req.password.is_empty() {
        return Err(Error::invalid(
            "password",
            "give the team data source's password",
        ));
    }
    let (client, schema) = open(&source, &req.password).await?;
    let core = ctx.core();
    let address = source.address();
    core.secrets
        .set(&team_password_key(&address), &req.password)?;
    // A managed computer's address is in the policy file, never in `team.json`.
    let is_managed = managed.is_some();
    let kept = match managed {
        Some(_) => Ok(()),
        None => save_team(
            &core.config_dir,
            &TeamSettings {
                address: Some(address.clone()),
                managed: false,
            },
        ),
    };
    if let Err(e) = kept {
        let _ = core.secrets.delete(&team_password_key(&address));
        return Err(e);
    }
    let mut team = Reached {
        client,
        schema,
        me: this_computer(&core.data_folder()?)?,
    };
    let view = shared_status(ctx, address, &mut team).await?;
    Ok(TeamStatusView {
        managed: is_managed,
        ..view
    })
}

/// This computer's team data source, reached now: its schema, the team's journal, and this
/// computer's entries that were waiting, shared. Unreachable is an answer, not an error: the
/// work goes on locally and the entries wait.
pub async fn team_status(ctx: &AppContext, _: NoArgs) -> Result<TeamStatusView> {
    let settings = team_settings(ctx)?;
    let managed = settings.managed;
    let source = match settings.source() {
        Ok(Some(source)) => source,
        Ok(None) => return Ok(TeamStatusView::default()),
        // IT's address does not read: said as the status' problem.
        Err(e) if managed => {
            return Ok(TeamStatusView {
                address: settings.address,
                managed,
                problem: Some(TeamProblem {
                    code: e.code().as_str().to_owned(),
                    message: e.to_string(),
                }),
                ..TeamStatusView::default()
            })
        }
        Err(e) => return Err(e),
    };
    let address = source.address();
    let reached = async {
        let mut team = reach(ctx).await?.ok_or(Error::TeamPasswordMissing)?;
        shared_status(ctx, address.clone(), &mut team).await
    };
    match reached.await {
        Ok(view) => Ok(TeamStatusView { managed, ..view }),
        Err(e) => Ok(TeamStatusView {
            address: Some(address),
            managed,
            problem: Some(TeamProblem {
                code: e.code().as_str().to_owned(),
                message: e.to_string(),
            }),
            unreachable_since: unreachable_since(&ctx.core().data_folder()?),
            ..TeamStatusView::default()
        }),
    }
}

/// Forgets the team data source on this computer: `team.json` and the password. What the
/// team's database holds stays there.
pub async fn team_disconnect(ctx: &AppContext, _: NoArgs) -> Result<TeamStatusView> {
    let core = ctx.core();
    let settings = team_settings(ctx)?;
    if settings.managed {
        return Err(Error::invalid(
            "address",
            "IT set this computer's team data source in the policy file: it cannot be disconnected here",
        ));
    }
    if let Some(source) = settings.source()? {
        core.secrets.delete(&team_password_key(&source.address()))?;
    }
    save_team(&core.config_dir, &TeamSettings::default())?;
    Ok(TeamStatusView::default())
}

/// How long a command waits, once done, to share its journal entries with the team.
pub const SHARE_WITHIN: Duration = Duration::from_secs(5);

/// Where this computer's journal stands (its last entry's number), when it has a team data
/// source; `None` when it works alone. A command compares it before and after.
pub fn journal_mark(ctx: &AppContext) -> Option<i64> {
    let core = ctx.core();
    team_settings(ctx).ok()?.address?;
    let data = core.data_folder().ok()?;
    Some(Journal::new(&data).last_id().ok().flatten().unwrap_or(0))
}

/// This computer's journal entries the team does not have, shared within `within`; `Ok(None)`
/// when this computer has no team data source. On an error the entries wait in the journal.
pub async fn share_journal(ctx: &AppContext, within: Duration) -> Result<Option<u64>> {
    let Some(source) = team_settings(ctx)?.source()? else {
        return Ok(None);
    };
    let share = async {
        let Some(mut team) = reach(ctx).await? else {
            return Ok(0);
        };
        if team.schema.read_only {
            return Ok(0);
        }
        let core = ctx.core();
        let journal = Journal::new(&core.data_folder()?).with_clock(core.clock.clone());
        upload_journal(&mut team, &journal).await
    };
    within_time(ctx, &source, within, share).await.map(Some)
}

async fn shared_status(
    ctx: &AppContext,
    address: String,
    team: &mut Reached,
) -> Result<TeamStatusView> {
    let core = ctx.core();
    let uploaded = if team.schema.read_only {
        0
    } else {
        let journal = Journal::new(&core.data_folder()?).with_clock(core.clock.clone());
        upload_journal(team, &journal).await?
    };
    let (_, total) = lockdesk_team::journal::list(&team.client, 0, 0)
        .await
        .map_err(Error::Team)?;
    Ok(TeamStatusView {
        address: Some(address),
        reachable: true,
        problem: None,
        schema_version: Some(team.schema.version),
        read_only: team.schema.read_only,
        unreachable_since: None,
        managed: false,
        uploaded,
        team_entries: Some(total),
    })
}
