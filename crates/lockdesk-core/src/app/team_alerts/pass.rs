//! The delivery pass: a watch round's new alerts are queued for every destination of their
//! organization whose rules take them ([`queue_alerts`]); then each destination's pending
//! deliveries whose time has come are claimed (never by two programs at once) and posted
//! ([`deliver_pending`]): one message per alert, or one message for them all when more than
//! [`messages::BURST_OVER`] are due at once. How each post ended is recorded for the next pass
//! (`crate::team_alerts::deliveries`).

use chrono::FixedOffset;
use serde::{Deserialize, Serialize};

use crate::app::{AppContext, NoArgs};
use crate::error::{Error, ErrorCategory, ErrorCode, Result};
use crate::team_alerts::deliveries::{Claimed, Settle};
use crate::team_alerts::destinations::{load_secret, DestinationSecret};
use crate::team_alerts::messages::{self, Content, BURST_OVER};
use crate::team_alerts::send::{self, Sent};
use crate::team_alerts::{
    destinations_path, load_destinations, AlertDestination, DeliveryStore, DestinationKind,
};
use crate::watch::{load_rules, rules_path, AlertView};

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
}

/// Queues `alerts` of `organization_id` for each of its destinations whose rules take them
/// (once per alert and destination, whichever program queues it); how many deliveries.
pub fn queue_alerts(ctx: &AppContext, organization_id: &str, alerts: &[AlertView]) -> Result<u32> {
    if alerts.is_empty() {
        return Ok(0);
    }
    let all = load_destinations(&destinations_path(&ctx.core().config_dir))?;
    let items: Vec<(AlertView, Vec<String>)> = alerts
        .iter()
        .map(|a| {
            let to = all
                .destinations
                .iter()
                .filter(|d| {
                    d.organization_id == organization_id && d.rules.includes(a.finding.rule)
                })
                .map(|d| d.id.clone())
                .collect();
            (a.clone(), to)
        })
        .collect();
    let n = deliveries(ctx)?
        .enqueue(organization_id, &items, ctx.core().clock.now())
        .map_err(Error::from)?;
    Ok(n as u32)
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
    let minutes = load_rules(&rules_path(&ctx.core().config_dir, organization_id))
        .ok()
        .and_then(|r| r.office_hours().ok())
        .map_or(540, |o| o.utc_offset_minutes);
    FixedOffset::east_opt(minutes * 60).unwrap_or_else(|| FixedOffset::east_opt(9 * 3600).unwrap())
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
        let groups: Vec<Vec<Claimed>> = if claimed.len() > BURST_OVER {
            vec![claimed]
        } else {
            claimed.into_iter().map(|c| vec![c]).collect()
        };
        let secret = load_secret(ctx.core().secrets.as_ref(), &dest.id);
        let zone = zone_of(ctx, &dest.organization_id);
        for group in groups {
            let outcome = match &secret {
                Ok(secret) => {
                    let alerts: Vec<AlertView> = group.iter().map(|c| c.alert.clone()).collect();
                    let content = messages::alerts_content(dest, &alerts, zone);
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
                // Not in the keychain: it will not come back by waiting.
                Err(Error::WebhookSecretMissing(_)) => Settle::Failed {
                    code: ErrorCode::WebhookSecretMissing.as_str().to_owned(),
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
            }
        }
    }
    // A retry given up after its day is counted as retrying here; the list shows it failed.
    Ok(answer)
}

fn settle_of(sent: Sent) -> Settle {
    match sent {
        Sent::Delivered => Settle::Sent,
        Sent::Refused { .. } => Settle::Failed {
            code: ErrorCode::WebhookRefused.as_str().to_owned(),
        },
        Sent::Retry {
            code, retry_after, ..
        } => Settle::Retry {
            code: code.as_str().to_owned(),
            retry_after,
        },
    }
}

/// Posts `content` to `dest` in its service's form.
pub(super) async fn post(
    ctx: &AppContext,
    dest: &AlertDestination,
    secret: &DestinationSecret,
    content: &Content,
) -> Result<Sent> {
    let url = secret.endpoint(dest)?;
    let client = client_for(ctx, &url)?;
    let mut headers = Vec::new();
    if dest.kind == DestinationKind::Chatwork {
        if let Some(token) = &secret.token {
            headers.push(("X-ChatWorkToken", token.clone()));
        }
    }
    let body = messages::body(dest.kind, dest.language, content);
    Ok(send::post(&client, &url, &headers, &body).await)
}

pub(super) fn deliveries(ctx: &AppContext) -> Result<DeliveryStore> {
    Ok(DeliveryStore::new(&ctx.core().data_folder()?))
}

/// The webhook client of `url`: the system's proxy, with the login kept for it.
fn client_for(ctx: &AppContext, url: &url::Url) -> Result<reqwest::Client> {
    let login = match lockdesk_api::proxy::proxy_host_port(url) {
        Some(proxy) => crate::proxy_logins::load(ctx.core().secrets.as_ref(), &proxy)?,
        None => None,
    };
    Ok(send::client(login.as_ref()))
}
