//! `alerts destinations list|add|secret|remove|test` and `alerts deliveries`: the app's team-alert
//! use-cases. A webhook address, a Chatwork token and a mail sign-in's password are secrets:
//! read from the environment or stdin (typed unseen at a terminal), never from the arguments,
//! which every user of the computer can see in the process list.

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::team_alerts::commands::{
    alert_deliveries_list, alert_destinations_add, alert_destinations_list,
    alert_destinations_remove, alert_destinations_secret, alert_destinations_test,
};
use lockdesk_core::team_alerts::commands::{
    AlertDeliveriesRequest, AlertDestinationAddRequest, AlertDestinationIdRequest,
    AlertDestinationSecretRequest, MailDestinationRequest,
};
use lockdesk_core::team_alerts::{DestinationKind, Digest, MailSecurity, RuleSelection};
use lockdesk_core::watch::words::MessageLanguage;
use lockdesk_core::watch::RuleKind;

use crate::cli::{AlertsCmd, DestinationsCmd, KindArg, LangArg, RuleArg, SecurityArg};
use crate::commands::secret_input::{non_empty_env, secret};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

pub const WEBHOOK_URL_ENV: &str = "LOCKDESK_WEBHOOK_URL";
pub const CHATWORK_TOKEN_ENV: &str = "LOCKDESK_CHATWORK_TOKEN";
pub const SMTP_PASSWORD_ENV: &str = "LOCKDESK_SMTP_PASSWORD";

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: AlertsCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        AlertsCmd::Destinations(DestinationsCmd::List) => {
            let list = alert_destinations_list(ctx, NoArgs {}).await?;
            term.show(&list, |term| {
                let mut rows: Vec<Vec<String>> = list
                    .destinations
                    .iter()
                    .map(words::destination_row)
                    .collect();
                if list.team.is_empty() && list.no_secret_here.is_empty() {
                    return output::table(term.out, &words::DESTINATION_HEADERS, &rows);
                }
                // With a team: which computers send to each one.
                for (row, d) in rows.iter_mut().zip(&list.destinations) {
                    let others = list.team.iter().find(|t| t.destination_id == d.id);
                    let here = !list.no_secret_here.contains(&d.id);
                    row.push(words::sent_by(here, others.map(|t| t.computers.as_slice())));
                }
                let mut headers = words::DESTINATION_HEADERS.to_vec();
                headers.push("SENT BY");
                output::table(term.out, &headers, &rows)
            })
        }
        AlertsCmd::Destinations(DestinationsCmd::Add {
            name,
            kind,
            rules,
            room_id,
            lang,
            smtp_host,
            smtp_port,
            smtp_security,
            smtp_user,
            from,
            to,
            digest_at,
        }) => {
            let kind = match kind {
                KindArg::Slack => DestinationKind::Slack,
                KindArg::Teams => DestinationKind::Teams,
                KindArg::Chatwork => DestinationKind::Chatwork,
                KindArg::LineWorks => DestinationKind::LineWorks,
                KindArg::Generic => DestinationKind::Generic,
                KindArg::Email => DestinationKind::Email,
            };
            let mail_given = smtp_host.is_some()
                || smtp_port.is_some()
                || smtp_security.is_some()
                || smtp_user.is_some()
                || from.is_some()
                || !to.is_empty();
            let (mut url, mut token, mut mail, mut password) = (None, None, None, None);
            if kind == DestinationKind::Email {
                let (Some(host), Some(from)) = (smtp_host, from) else {
                    return Err(Error::Usage(
                        "an e-mail destination needs --smtp-host, --from and at least one --to"
                            .into(),
                    ));
                };
                let username = smtp_user.unwrap_or_default();
                if !username.trim().is_empty() {
                    password = Some(secret(
                        term,
                        SMTP_PASSWORD_ENV,
                        words::SMTP_PASSWORD_PROMPT,
                        "mail password",
                    )?);
                }
                mail = Some(MailDestinationRequest {
                    host,
                    port: smtp_port,
                    security: smtp_security.map(|s| match s {
                        SecurityArg::Starttls => MailSecurity::Starttls,
                        SecurityArg::Tls => MailSecurity::Tls,
                        SecurityArg::None => MailSecurity::None,
                    }),
                    username,
                    from,
                    to,
                });
            } else if mail_given {
                return Err(Error::Usage(
                    "--smtp-*, --from and --to are for --kind email".into(),
                ));
            } else {
                (url, token) = chat_secrets(term, kind)?;
            }
            let rules = if rules.is_empty() {
                RuleSelection::All
            } else {
                RuleSelection::Only {
                    rules: rules.into_iter().map(rule).collect(),
                }
            };
            let added = alert_destinations_add(
                ctx,
                AlertDestinationAddRequest {
                    name,
                    kind,
                    url,
                    token,
                    room_id,
                    rules,
                    language: match lang {
                        LangArg::En => MessageLanguage::En,
                        LangArg::Ja => MessageLanguage::Ja,
                    },
                    mail,
                    password,
                    digest: digest_at.map(|at| Digest { at }),
                },
            )
            .await?;
            term.show(&added, |term| {
                writeln!(term.out, "{}", words::destination_added(&added))?;
                Ok(())
            })
        }
        AlertsCmd::Destinations(DestinationsCmd::Remove { id }) => {
            alert_destinations_remove(ctx, AlertDestinationIdRequest { id: id.clone() }).await?;
            term.show(&serde_json::json!({ "removed": id }), |term| {
                writeln!(term.out, "alert destination {} removed", output::clean(&id))?;
                Ok(())
            })
        }
        AlertsCmd::Destinations(DestinationsCmd::Secret { id }) => {
            let list = alert_destinations_list(ctx, NoArgs {}).await?;
            let Some(dest) = list.destinations.iter().find(|d| d.id == id) else {
                return Err(lockdesk_core::error::Error::DestinationNotFound(id).into());
            };
            let (mut url, mut token, mut password) = (None, None, None);
            if dest.kind == DestinationKind::Email {
                password = Some(secret(
                    term,
                    SMTP_PASSWORD_ENV,
                    words::SMTP_PASSWORD_PROMPT,
                    "mail password",
                )?);
            } else {
                (url, token) = chat_secrets(term, dest.kind)?;
            }
            let given = alert_destinations_secret(
                ctx,
                AlertDestinationSecretRequest {
                    id,
                    url,
                    token,
                    password,
                },
            )
            .await?;
            term.show(&given, |term| {
                writeln!(term.out, "{}", words::destination_secret_given(&given))?;
                Ok(())
            })
        }
        AlertsCmd::Destinations(DestinationsCmd::Test { id }) => {
            let sent = alert_destinations_test(ctx, AlertDestinationIdRequest { id }).await?;
            term.show(&sent, |term| {
                writeln!(term.out, "{}", words::destination_tested(&sent))?;
                Ok(())
            })
        }
        AlertsCmd::Deliveries { limit } => {
            let page = alert_deliveries_list(ctx, AlertDeliveriesRequest { limit }).await?;
            term.show(&page, |term| {
                let rows: Vec<Vec<String>> =
                    page.deliveries.iter().map(words::delivery_row).collect();
                output::table(term.out, &words::DELIVERY_HEADERS, &rows)
            })
        }
    }
}

fn rule(r: RuleArg) -> RuleKind {
    match r {
        RuleArg::LowBattery => RuleKind::LowBattery,
        RuleArg::UnlockedTooLong => RuleKind::UnlockedTooLong,
        RuleArg::OutsideHours => RuleKind::OutsideHours,
        RuleArg::ListedUser => RuleKind::ListedUser,
        RuleArg::SilentLock => RuleKind::SilentLock,
        RuleArg::LeaverStillUser => RuleKind::LeaverStillUser,
    }
}

/// A chat destination's address and (Chatwork) token: Chatwork's token, and its address only
/// when LOCKDESK_WEBHOOK_URL names a relay; any other kind's webhook address.
fn chat_secrets(
    term: &mut Term<'_>,
    kind: DestinationKind,
) -> Result<(Option<String>, Option<String>)> {
    if kind == DestinationKind::Chatwork {
        let token = secret(term, CHATWORK_TOKEN_ENV, words::TOKEN_PROMPT, "API token")?;
        return Ok((non_empty_env(WEBHOOK_URL_ENV), Some(token)));
    }
    let url = secret(
        term,
        WEBHOOK_URL_ENV,
        words::WEBHOOK_PROMPT,
        "webhook address",
    )?;
    Ok((Some(url), None))
}
