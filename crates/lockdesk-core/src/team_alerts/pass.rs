//! The delivery pass: a watch round's new alerts are queued for every destination of their
//! organization whose rules take them ([`queue_alerts`]), due at once or, for a destination
//! with a digest, at the digest's time on the next office day; then each destination's pending
//! deliveries whose time has come are claimed (never by two programs at once) and sent
//! ([`deliver_pending`]): one message per alert, or one message for them all when more than
//! [`messages::BURST_OVER`] are due at once or the destination takes a digest. A message is
//! posted to a chat service or mailed (`smtp.rs`). How each try ended is recorded for the next
//! pass (`crate::team_alerts::deliveries`).

use chrono::{DateTime, FixedOffset, Utc};
use lockdesk_team::alerts::Delivery;
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::{Error, ErrorCategory, ErrorCode, Result};
use crate::reports::schedule::next_office_morning;
use crate::team::alerts::{claim_deliveries, team_name};
use crate::team_alerts::deliveries::{Claimed, Settle, Target};
use crate::team_alerts::destinations::{can_send_here, secret_of, DestinationSecret};
use crate::team_alerts::messages::{self, Body, Content, BURST_OVER};
use crate::team_alerts::send::{self, Sent};
use crate::team_alerts::{
    destinations_path, load_destinations, mail, smtp, AlertDestination, DeliveryStore,
    DestinationKind,
};
use crate::watch::{load_rules, rules_path, AlertView, OfficeHours, WatchRules};

/// What one pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDeliveryPassResponse {
    /// Deliveries queued by this round (alerts × destinations).
    pub queued: u32,
    /// Messages posted successfully (a burst is one message for several alerts).
    pub messages: u32,
    /// Deliveries sent.
    pub sent: u32,
    /// Deliveries that failed this time and wait for their next try.
    pub retrying: u32,
    /// Deliveries given up (refused, or failing for a day).
    pub failed: u32,
    /// Deliveries sent whose answer was lost: they may have arrived, and are not sent again.
    pub unknown: u32,
}

/// Queues `alerts` of `organization_id` for each of its destinations whose rules take them
/// (once per alert and destination, whichever program queues it); how many deliveries. With a
/// team, only the deliveries this computer claimed first (the claims of the `ended` alerts
/// freed first) of the destinations it can send to; an unreachable team database is an error,
/// and the alerts wait.
pub async fn queue_alerts(
    ctx: &AppContext,
    organization_id: &str,
    alerts: &[AlertView],
    ended: &[String],
) -> Result<u32> {
    crate::team::destinations::sync_quietly(ctx, organization_id).await;
    let mut all = load_destinations(&destinations_path(&ctx.core().config_dir))?;
    // A destination of the team's whose address this computer was not given is sent by one
    // that was (one of this computer's own fails visibly, in the deliveries).
    let secrets = ctx.core().secrets.clone();
    all.destinations
        .retain(|d| !d.shared || can_send_here(secrets.as_ref(), d));
    let now = ctx.core().clock.now();
    let office = office_of(ctx, organization_id);
    let mut items: Vec<(AlertView, Vec<(Target, String)>)> = alerts
        .iter()
        .map(|a| {
            let to = all
                .destinations
                .iter()
                .filter(|d| {
                    d.organization_id == organization_id && d.rules.includes(a.finding.rule)
                })
                .map(|d| {
                    let target = Target {
                        destination_id: d.id.clone(),
                        due: first_try(d, &office, now),
                    };
                    (target, team_name(d))
                })
                .collect();
            (a.clone(), to)
        })
        .collect();
    let wanted: Vec<Delivery> = items
        .iter()
        .flat_map(|(a, to)| {
            to.iter().map(|(_, name)| Delivery {
                alert_key: a.finding.key.clone(),
                destination: name.clone(),
            })
        })
        .collect();
    let held: Vec<String> = all
        .destinations
        .iter()
        .filter(|d| d.organization_id == organization_id)
        .map(team_name)
        .collect();
    if let Some(mine) = claim_deliveries(ctx, organization_id, &held, ended, &wanted).await? {
        for (a, to) in &mut items {
            to.retain(|(_, name)| {
                mine.contains(&Delivery {
                    alert_key: a.finding.key.clone(),
                    destination: name.clone(),
                })
            });
        }
    }
    let items: Vec<(AlertView, Vec<Target>)> = items
        .into_iter()
        .map(|(a, to)| (a, to.into_iter().map(|(t, _)| t).collect()))
        .collect();
    let n = deliveries(ctx)?
        .enqueue(organization_id, &items, now)
        .map_err(Error::from)?;
    Ok(n as u32)
}

/// When an alert raised `now` is first sent to `dest`: at once, or with the digest of its day.
fn first_try(dest: &AlertDestination, office: &OfficeHours, now: DateTime<Utc>) -> DateTime<Utc> {
    match dest.digest.as_ref().map(|d| d.minute()) {
        Some(Ok(minute)) => next_office_morning(office, minute, now),
        // Checked when the file was read; a time that no longer reads sends at once.
        Some(Err(_)) | None => now,
    }
}

/// The organization's office days, hours and zone (the watch rules' defaults, Japan's, when
/// its rules cannot be read).
fn office_of(ctx: &AppContext, organization_id: &str) -> OfficeHours {
    load_rules(&rules_path(&ctx.core().config_dir, organization_id))
        .and_then(|r| r.office_hours())
        .or_else(|_| WatchRules::default().office_hours())
        .expect("the default rules have valid office hours")
}

/// The delivery pass alone (the watch round runs it after each round).
pub async fn alert_deliveries_run(
    ctx: &AppContext,
    _req: NoArgs,
) -> Result<AlertDeliveryPassResponse> {
    deliver_pending(ctx).await
}

/// The organization's zone for the words' times (its office hours' offset; Japan's when the
/// rules cannot be read).
fn zone_of(ctx: &AppContext, organization_id: &str) -> FixedOffset {
    office_of(ctx, organization_id).zone()
}

/// Posts every destination's deliveries whose time has come.
pub async fn deliver_pending(ctx: &AppContext) -> Result<AlertDeliveryPassResponse> {
    let all = load_destinations(&destinations_path(&ctx.core().config_dir))?;
    let store = deliveries(ctx)?;
    let mut answer = AlertDeliveryPassResponse::default();
    for dest in &all.destinations {
        let claimed = store
            .claim_due(&dest.id, ctx.core().clock.now())
            .map_err(Error::from)?;
        if claimed.is_empty() {
            continue;
        }
        let groups: Vec<Vec<Claimed>> = if claimed.len() > BURST_OVER || dest.digest.is_some() {
            vec![claimed]
        } else {
            claimed.into_iter().map(|c| vec![c]).collect()
        };
        let secret = secret_of(ctx.core().secrets.as_ref(), dest);
        let zone = zone_of(ctx, &dest.organization_id);
        for group in groups {
            let outcome = match &secret {
                Ok(secret) => {
                    let alerts: Vec<AlertView> = group.iter().map(|c| c.alert.clone()).collect();
                    let content = messages::alerts_content(dest, &alerts, zone);
                    // Marked before the post: stopped after this, they are never sent again.
                    store
                        .sending(&dest.id, &group, ctx.core().clock.now())
                        .map_err(Error::from)?;
                    match post(ctx, dest, secret, &content).await {
                        Ok(sent) => settle_of(sent),
                        // The proxy's login could not be read: the keychain may be back later.
                        Err(e) if e.category() == ErrorCategory::Keychain => Settle::Retry {
                            code: e.code().as_str().to_owned(),
                            retry_after: None,
                        },
                        Err(e) => Settle::Failed {
                            code: e.code().as_str().to_owned(),
                        },
                    }
                }
                // Not in the keychain, or kept for another server: waiting will not help.
                Err(
                    e @ (Error::WebhookSecretMissing(_) | Error::MailPasswordBoundElsewhere(_)),
                ) => Settle::Failed {
                    code: e.code().as_str().to_owned(),
                },
                // The keychain locked or away: perhaps later.
                Err(e) => Settle::Retry {
                    code: e.code().as_str().to_owned(),
                    retry_after: None,
                },
            };
            let n = group.len() as u32;
            store
                .settle(&dest.id, &group, &outcome, ctx.core().clock.now())
                .map_err(Error::from)?;
            match outcome {
                Settle::Sent => {
                    answer.messages += 1;
                    answer.sent += n;
                }
                Settle::Retry { .. } => answer.retrying += n,
                Settle::Failed { .. } => answer.failed += n,
                Settle::Unknown { .. } => answer.unknown += n,
            }
        }
    }
    // A retry given up after its day is counted as retrying here; the list shows it failed.
    Ok(answer)
}

fn settle_of(sent: Sent) -> Settle {
    match sent {
        Sent::Delivered => Settle::Sent,
        // Sent, and no answer: it may have arrived, and is never sent twice.
        Sent::Retry {
            code: code @ ErrorCode::WebhookAnswerLost,
            ..
        } => Settle::Unknown {
            code: code.as_str().to_owned(),
        },
        Sent::Refused { code, .. } => Settle::Failed {
            code: code.as_str().to_owned(),
        },
        Sent::Retry {
            code, retry_after, ..
        } => Settle::Retry {
            code: code.as_str().to_owned(),
            retry_after,
        },
    }
}

/// Posts `content` to `dest` in its service's form, or mails it.
pub(crate) async fn post(
    ctx: &AppContext,
    dest: &AlertDestination,
    secret: &DestinationSecret,
    content: &Content,
) -> Result<Sent> {
    let body = messages::body(dest.kind, dest.language, content);
    if let (Some(settings), Body::Mail { subject, text }) = (&dest.mail, &body) {
        // Told apart by the destination and its first alert (a test: none).
        let unique = format!("{}.{}", dest.id, content.alerts.first().map_or(0, |a| a.id));
        let message = mail::build(settings, subject, text, ctx.core().clock.now(), &unique)?;
        let server = smtp::Server {
            host: &dest.host,
            settings,
            password: secret.password.as_deref(),
        };
        return Ok(smtp::send(&server, &message).await);
    }
    if dest.kind == DestinationKind::Email {
        return Err(Error::invalid("mail", "give the mail server and addresses"));
    }
    let url = secret.endpoint(dest)?;
    let client = crate::proxy::outside::client_for(ctx, &url)?;
    let mut headers = Vec::new();
    if dest.kind == DestinationKind::Chatwork {
        if let Some(token) = &secret.token {
            headers.push(("X-ChatWorkToken", token.clone()));
        }
    }
    Ok(send::post(&client, &url, &headers, &body).await)
}

pub(crate) fn deliveries(ctx: &AppContext) -> Result<DeliveryStore> {
    Ok(DeliveryStore::new(&ctx.core().data_folder()?))
}
