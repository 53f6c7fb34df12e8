//! `alerts destinations list|add|remove|test` and `alerts deliveries`: the app's team-alert
//! use-cases. A webhook address and a Chatwork token are secrets: read from the environment or
//! stdin (typed unseen at a terminal), never from the arguments, which every user of the
//! computer can see in the process list.

use lockdesk_core::app::{
    self, AlertDeliveriesRequest, AlertDestinationAddRequest, AlertDestinationIdRequest,
    DestinationKind, MessageLanguage, NoArgs, RuleSelection,
};
use lockdesk_core::watch::RuleKind;

use crate::cli::{AlertsCmd, DestinationsCmd, KindArg, LangArg, RuleArg};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

pub const WEBHOOK_URL_ENV: &str = "LOCKDESK_WEBHOOK_URL";
pub const CHATWORK_TOKEN_ENV: &str = "LOCKDESK_CHATWORK_TOKEN";

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: AlertsCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        AlertsCmd::Destinations(DestinationsCmd::List) => {
            let list = app::alert_destinations_list(ctx, NoArgs {}).await?;
            if term.json {
                return output::json(term.out, &list);
            }
            let rows: Vec<Vec<String>> = list
                .destinations
                .iter()
                .map(words::destination_row)
                .collect();
            output::table(term.out, &words::DESTINATION_HEADERS, &rows)
        }
        AlertsCmd::Destinations(DestinationsCmd::Add {
            name,
            kind,
            rules,
            room_id,
            lang,
        }) => {
            let kind = match kind {
                KindArg::Slack => DestinationKind::Slack,
                KindArg::Teams => DestinationKind::Teams,
                KindArg::Chatwork => DestinationKind::Chatwork,
                KindArg::LineWorks => DestinationKind::LineWorks,
                KindArg::Generic => DestinationKind::Generic,
            };
            let (url, token) = if kind == DestinationKind::Chatwork {
                let token = secret(term, CHATWORK_TOKEN_ENV, words::TOKEN_PROMPT, "API token")?;
                (non_empty_env(WEBHOOK_URL_ENV), Some(token))
            } else {
                let url = secret(
                    term,
                    WEBHOOK_URL_ENV,
                    words::WEBHOOK_PROMPT,
                    "webhook address",
                )?;
                (Some(url), None)
            };
            let rules = if rules.is_empty() {
                RuleSelection::All
            } else {
                RuleSelection::Only {
                    rules: rules.into_iter().map(rule).collect(),
                }
            };
            let added = app::alert_destinations_add(
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
                },
            )
            .await?;
            if term.json {
                return output::json(term.out, &added);
            }
            writeln!(term.out, "{}", words::destination_added(&added))?;
            Ok(())
        }
        AlertsCmd::Destinations(DestinationsCmd::Remove { id }) => {
            app::alert_destinations_remove(ctx, AlertDestinationIdRequest { id: id.clone() })
                .await?;
            if term.json {
                return output::json(term.out, &serde_json::json!({ "removed": id }));
            }
            writeln!(term.out, "alert destination {} removed", output::clean(&id))?;
            Ok(())
        }
        AlertsCmd::Destinations(DestinationsCmd::Test { id }) => {
            let sent = app::alert_destinations_test(ctx, AlertDestinationIdRequest { id }).await?;
            if term.json {
                return output::json(term.out, &sent);
            }
            writeln!(term.out, "{}", words::destination_tested(&sent))?;
            Ok(())
        }
        AlertsCmd::Deliveries { limit } => {
            let page = app::alert_deliveries_list(ctx, AlertDeliveriesRequest { limit }).await?;
            if term.json {
                return output::json(term.out, &page);
            }
            let rows: Vec<Vec<String>> = page.deliveries.iter().map(words::delivery_row).collect();
            output::table(term.out, &words::DELIVERY_HEADERS, &rows)
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
    }
}

/// A secret from `env_name`, else one line typed unseen (or read from stdin).
fn secret(term: &mut Term<'_>, env_name: &str, prompt: &str, what: &str) -> Result<String> {
    if let Some(value) = non_empty_env(env_name) {
        return Ok(value);
    }
    writeln!(term.err, "{prompt}")?;
    term.read_secret_line()?
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            Error::Usage(format!(
                "no {what}: set {env_name} or give it as one line on stdin"
            ))
        })
}

fn non_empty_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|s| !s.is_empty())
}
