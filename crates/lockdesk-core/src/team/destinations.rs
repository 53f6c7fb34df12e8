//! Alert destinations the team shares (`lockdesk_team::documents`, kind
//! [`ALERT_DESTINATIONS`], one document per organization): their definitions only (kind, name,
//! rules, language, digest, a Chatwork room, an e-mail destination's server, sign-in name and
//! addresses). Never a webhook address, a token or a password: each computer that is to send
//! gives its own, kept in its keychain; a destination this computer has no secret for shows
//! here and is sent by a computer that has one.
//!
//! The team is the same destination by kind and name ([`team_name`]). Bringing this computer's
//! list in line with the team's ([`sync`]): a destination the team has and this computer lacks
//! is added (without its secret); one this computer shared before and the team no longer has
//! was removed by another computer, and goes here too (its secret and deliveries with it); one
//! never shared is shared. Each change is made on the team's newest version (a change of another
//! computer in between is read and the change made again on it), so no one's destination is
//! lost.

use lockdesk_team::documents::{get, save, Saved};
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, ErrorCode, Result};
use crate::team::alerts::team_name;
use crate::team::reach::{reach, Reached};
use crate::team_alerts::deliveries::DeliveryStore;
use crate::team_alerts::destinations::forget_secret;
use crate::team_alerts::mail::MailSettings;
use crate::team_alerts::{
    destinations_path, load_destinations, save_destinations, AlertDestination, DestinationKind,
    Digest, RuleSelection,
};
use crate::watch::words::MessageLanguage;

/// The kind of an organization's alert destinations (keyed by the organization's id).
pub const ALERT_DESTINATIONS: &str = "alert_destinations";

/// How often a change is made again on a newer version before giving up (another computer
/// saving at the same moment each time).
const TRIES: usize = 5;

/// A destination as the team keeps it: no id (each computer has its own), no secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedDestination {
    pub name: String,
    pub kind: DestinationKind,
    pub rules: RuleSelection,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room_id: Option<String>,
    #[serde(default)]
    pub language: MessageLanguage,
    /// The host shown: an e-mail destination's server; a chat destination's host where it was
    /// added (each computer shows its own once it has the address).
    pub host: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mail: Option<MailSettings>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<Digest>,
}

/// The team's document of an organization's destinations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedDestinations {
    pub destinations: Vec<SharedDestination>,
}

impl SharedDestination {
    fn of(d: &AlertDestination) -> SharedDestination {
        SharedDestination {
            name: d.name.clone(),
            kind: d.kind,
            rules: d.rules.clone(),
            room_id: d.room_id.clone(),
            language: d.language,
            host: d.host.clone(),
            mail: d.mail.clone(),
            digest: d.digest.clone(),
        }
    }

    fn team_name(&self) -> String {
        format!("{}:{}", self.kind.as_str(), self.name)
    }
}

/// This computer's destinations and the team's, brought in line.
#[derive(Debug, PartialEq)]
pub struct Reconciled {
    /// This computer's list (every organization's).
    pub local: Vec<AlertDestination>,
    /// The team's list of the organization.
    pub team: Vec<SharedDestination>,
    /// This computer's destinations the team removed (their secrets and deliveries go too).
    pub gone: Vec<AlertDestination>,
}

/// Brings `local` (this computer's destinations, of every organization) in line with `team`
/// (the team's of `organization_id`), removing `removing` (a [`team_name`]) from both.
/// `new_id` names a destination added from the team's list.
pub fn reconcile(
    local: Vec<AlertDestination>,
    team: &[SharedDestination],
    organization_id: &str,
    removing: Option<&str>,
    mut new_id: impl FnMut() -> String,
) -> Reconciled {
    let mut shared: Vec<SharedDestination> = team
        .iter()
        .filter(|s| Some(s.team_name().as_str()) != removing)
        .cloned()
        .collect();
    let (mut kept, mut gone) = (Vec::new(), Vec::new());
    for mut d in local {
        if d.organization_id != organization_id {
            kept.push(d);
            continue;
        }
        let name = team_name(&d);
        if Some(name.as_str()) == removing {
            gone.push(d);
        } else if let Some(s) = shared.iter().find(|s| s.team_name() == name) {
            take_definition(&mut d, s);
            kept.push(d);
        } else if d.shared {
            gone.push(d);
        } else {
            d.shared = true;
            shared.push(SharedDestination::of(&d));
            kept.push(d);
        }
    }
    for s in &shared {
        let name = s.team_name();
        let here = kept
            .iter()
            .any(|d| d.organization_id == organization_id && team_name(d) == name);
        if !here {
            kept.push(AlertDestination {
                id: new_id(),
                name: s.name.clone(),
                organization_id: organization_id.to_owned(),
                kind: s.kind,
                rules: s.rules.clone(),
                room_id: s.room_id.clone(),
                language: s.language,
                host: s.host.clone(),
                mail: s.mail.clone(),
                digest: s.digest.clone(),
                connection: None,
                shared: true,
            });
        }
    }
    Reconciled {
        local: kept,
        team: shared,
        gone,
    }
}

/// The team's definition on this computer's destination. A chat destination keeps the host of
/// the address this computer was given.
fn take_definition(d: &mut AlertDestination, s: &SharedDestination) {
    d.rules = s.rules.clone();
    d.room_id = s.room_id.clone();
    d.language = s.language;
    d.mail = s.mail.clone();
    d.digest = s.digest.clone();
    if d.kind == DestinationKind::Email {
        d.host = s.host.clone();
    }
    d.shared = true;
}

/// Brings this computer's destinations of `organization_id` in line with the team's, removing
/// `removing` (a [`team_name`]) from the team's. `Ok(false)`: this computer works alone.
/// Nothing is changed on an error (the database not answering: `team_shared_unreachable`).
pub(crate) async fn sync(
    ctx: &AppContext,
    organization_id: &str,
    removing: Option<&str>,
) -> Result<bool> {
    let unreachable = |e: Error| Error::TeamSharedUnreachable {
        reason: e.to_string(),
    };
    let Some(Reached {
        mut client,
        schema,
        me,
    }) = reach(ctx).await.map_err(unreachable)?
    else {
        return Ok(false);
    };
    let core = ctx.core();
    let path = destinations_path(&core.config_dir);
    let mut last_conflict = None;
    for _ in 0..TRIES {
        let doc = get(&client, ALERT_DESTINATIONS, organization_id)
            .await
            .map_err(|e| unreachable(Error::Team(e)))?;
        let team: SharedDestinations = match &doc {
            Some(doc) => serde_json::from_value(doc.body.clone()).map_err(|e| {
                Error::invalid(
                    "team",
                    format!("the team's alert destinations do not read: {e}"),
                )
            })?,
            None => SharedDestinations::default(),
        };
        let mut all = load_destinations(&path)?;
        let stamp = core.clock.now().timestamp_millis();
        let mut n = 0;
        let taken: Vec<String> = all.destinations.iter().map(|d| d.id.clone()).collect();
        let r = reconcile(
            std::mem::take(&mut all.destinations),
            &team.destinations,
            organization_id,
            removing,
            || loop {
                n += 1;
                let id = format!("a{stamp:x}t{n}");
                if !taken.contains(&id) {
                    return id;
                }
            },
        );
        all.destinations = r.local;
        crate::settings_file::SettingsFile::validate(&all)?;
        if r.team != team.destinations && !schema.read_only {
            let body = serde_json::to_value(SharedDestinations {
                destinations: r.team,
            })
            .map_err(|e| Error::invalid("team", e.to_string()))?;
            let from = doc.as_ref().map(|d| d.version);
            let saved = save(
                &mut client,
                schema,
                ALERT_DESTINATIONS,
                organization_id,
                &body,
                from,
                &me,
            )
            .await
            .map_err(|e| unreachable(Error::Team(e)))?;
            if let Saved::Conflict(doc) = saved {
                last_conflict = Some(doc);
                continue;
            }
        }
        save_destinations(&path, &all)?;
        forget(ctx, &r.gone);
        return Ok(true);
    }
    let doc = last_conflict.expect("every try ends in a return or a conflict");
    Err(Error::TeamConflict {
        computer: doc.computer,
        os_user: doc.os_user,
        at: doc.changed_at,
    })
}

/// The secrets and deliveries of destinations the team removed. Housekeeping: a problem is
/// logged (a secret left behind names no destination and is never used).
fn forget(ctx: &AppContext, gone: &[AlertDestination]) {
    let core = ctx.core();
    let store = core.data_folder().map(|data| DeliveryStore::new(&data));
    for d in gone {
        if let Err(e) = forget_secret(core.secrets.as_ref(), &d.id) {
            tracing::warn!(code = %e.code(), "a removed destination's secret stays: {e}");
        }
        if let Ok(store) = &store {
            let dropped = store.drop_destination(
                &d.id,
                ErrorCode::DestinationNotFound.as_str(),
                core.clock.now(),
            );
            if let Err(e) = dropped {
                tracing::warn!("a removed destination's deliveries stay: {e}");
            }
        }
    }
}

/// [`sync`] for a screen or a round that reads the list: a failure is logged, never raised
/// (this computer's list is read as it is).
pub(crate) async fn sync_quietly(ctx: &AppContext, organization_id: &str) {
    // A screen waits for this: a database that drops the packets costs seconds, not the
    // connection's whole timeout (this computer's list is read meanwhile).
    match tokio::time::timeout(SYNC_WITHIN, sync(ctx, organization_id, None)).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => {
            tracing::warn!(code = %e.code(), "the team's alert destinations not read; this computer's are used: {e}")
        }
        Err(_) => tracing::warn!(
            "the team's alert destinations not read in time; this computer's are used"
        ),
    }
}

/// How long a list or a round waits for the team's destinations.
const SYNC_WITHIN: std::time::Duration = std::time::Duration::from_secs(3);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_alerts::test_fixtures;

    fn local(id: &str, name: &str, shared: bool) -> AlertDestination {
        let mut d = test_fixtures::destination(DestinationKind::Slack, MessageLanguage::Ja);
        d.id = id.into();
        d.name = name.into();
        d.shared = shared;
        d
    }

    fn team_of(ds: &[AlertDestination]) -> Vec<SharedDestination> {
        ds.iter().map(SharedDestination::of).collect()
    }

    fn ids(ds: &[AlertDestination]) -> Vec<&str> {
        ds.iter().map(|d| d.id.as_str()).collect()
    }

    fn counter() -> impl FnMut() -> String {
        let mut n = 0;
        move || {
            n += 1;
            format!("new{n}")
        }
    }

    #[test]
    fn a_destination_never_shared_is_shared_and_one_the_team_has_is_added_without_a_secret() {
        let mine = local("a1", "総務", false);
        let mut theirs = local("x9", "警備", true);
        theirs.host = "hooks.slack.com".into();
        let r = reconcile(vec![mine], &team_of(&[theirs]), "O-1", None, counter());
        assert_eq!(ids(&r.local), ["a1", "new1"]);
        assert!(r.local.iter().all(|d| d.shared));
        assert_eq!(r.local[1].name, "警備");
        assert_eq!(r.local[1].host, "hooks.slack.com");
        assert_eq!(r.local[1].connection, None);
        let names: Vec<&str> = r.team.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["警備", "総務"]);
        assert!(r.gone.is_empty());
    }

    #[test]
    fn one_shared_before_and_gone_from_the_team_was_removed_there_and_goes_here() {
        let kept = local("a1", "総務", true);
        let removed = local("a2", "警備", true);
        let r = reconcile(
            vec![kept.clone(), removed],
            &team_of(&[kept]),
            "O-1",
            None,
            counter(),
        );
        assert_eq!(ids(&r.local), ["a1"]);
        assert_eq!(ids(&r.gone), ["a2"]);
        assert_eq!(r.team.len(), 1);
    }

    #[test]
    fn removing_takes_it_from_both_and_other_organizations_are_left_alone() {
        let mine = local("a1", "総務", true);
        let mut other_org = local("b1", "総務", false);
        other_org.organization_id = "O-2".into();
        let r = reconcile(
            vec![mine.clone(), other_org],
            &team_of(&[mine]),
            "O-1",
            Some("slack:総務"),
            counter(),
        );
        assert_eq!(ids(&r.local), ["b1"]);
        assert!(!r.local[0].shared);
        assert_eq!(ids(&r.gone), ["a1"]);
        assert!(r.team.is_empty());
    }

    #[test]
    fn the_teams_definition_wins_but_a_chat_destination_keeps_its_own_host() {
        let mut mine = local("a1", "総務", true);
        mine.host = "relay.office.example".into();
        let mut theirs = mine.clone();
        theirs.host = "hooks.slack.com".into();
        theirs.rules = RuleSelection::Only {
            rules: vec![crate::watch::RuleKind::LowBattery],
        };
        theirs.language = MessageLanguage::En;
        let r = reconcile(
            vec![mine],
            &team_of(&[theirs.clone()]),
            "O-1",
            None,
            counter(),
        );
        assert_eq!(r.local[0].rules, theirs.rules);
        assert_eq!(r.local[0].language, MessageLanguage::En);
        assert_eq!(r.local[0].host, "relay.office.example");
        assert_eq!(r.team, team_of(&[theirs]));
    }

    #[test]
    fn in_line_already_nothing_changes() {
        let a = local("a1", "総務", true);
        let b = local("a2", "警備", true);
        let team = team_of(&[a.clone(), b.clone()]);
        let r = reconcile(vec![a.clone(), b.clone()], &team, "O-1", None, counter());
        assert_eq!(r.local, vec![a, b]);
        assert_eq!(r.team, team);
        assert!(r.gone.is_empty());
    }
}
