//! `reports list|add|remove|run`: the app's report use-cases, for a scheduled task (`reports
//! run --due` from cron or the Windows Task Scheduler) as much as by hand.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::error::{ErrorCode, ErrorPayload};
use lockdesk_core::reports::commands::{reports_add, reports_list, reports_remove, reports_run};
use lockdesk_core::reports::commands::{
    ReportAddRequest, ReportIdRequest, ReportOutcome, ReportsRunRequest,
};
use lockdesk_core::reports::{ReportFormat, ReportKind, ReportLanguage, Schedule};

use crate::cli::{ActionArg, EveryArg, LangArg, ReportFormatArg, ReportsCmd, WhatArg};
use crate::env::Env;
use crate::error::Result;
use crate::output::{self, words};
use crate::term::Term;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: ReportsCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        ReportsCmd::List => {
            let list = reports_list(ctx, NoArgs {}).await?;
            term.show(&list, |term| {
                let rows: Vec<Vec<String>> = list.reports.iter().map(words::report_row).collect();
                output::table(term.out, &words::REPORT_HEADERS, &rows)
            })
        }
        ReportsCmd::Add {
            name,
            what,
            user,
            methods,
            action,
            every,
            at,
            weekday,
            day,
            locks,
            format,
            lang,
            folder,
        } => {
            let schedule = match every {
                EveryArg::Daily => Schedule::Daily { at },
                EveryArg::Weekly => Schedule::Weekly {
                    weekday: weekday.unwrap_or_default(),
                    at,
                },
                EveryArg::Monthly => Schedule::Monthly {
                    day: day.unwrap_or_default(),
                    at,
                },
                EveryArg::FirstOfficeDay => Schedule::MonthlyFirstOfficeDay { at },
            };
            let report = reports_add(
                ctx,
                ReportAddRequest {
                    name,
                    what: match what {
                        WhatArg::History => ReportKind::History {
                            lock_ids: locks,
                            user,
                            kinds: (!methods.is_empty()).then_some(methods),
                            is_locked: action.map(|a| matches!(a, ActionArg::Locked)),
                        },
                        WhatArg::Timecard => ReportKind::Timecard { lock_ids: locks },
                        WhatArg::Alerts => ReportKind::Alerts,
                        WhatArg::Batteries => ReportKind::Batteries,
                        WhatArg::Journal => ReportKind::Journal,
                        WhatArg::AccessReview => ReportKind::AccessReview,
                    },
                    schedule,
                    format: match format {
                        ReportFormatArg::Csv => ReportFormat::Csv,
                        ReportFormatArg::Jsonl => ReportFormat::Jsonl,
                        ReportFormatArg::Xlsx => ReportFormat::Xlsx,
                    },
                    language: match lang {
                        LangArg::En => ReportLanguage::En,
                        LangArg::Ja => ReportLanguage::Ja,
                    },
                    // A path on the command line is the user's own choice.
                    folder_handle: ctx.grant_folder(folder),
                },
            )
            .await?;
            term.show(&report, |term| {
                writeln!(term.out, "{}", words::report_added(&report))?;
                Ok(())
            })
        }
        ReportsCmd::Remove { id } => {
            reports_remove(ctx, ReportIdRequest { id: id.clone() }).await?;
            term.show(&serde_json::json!({ "removed": id }), |term| {
                writeln!(term.out, "report {} removed", output::clean(&id))?;
                Ok(())
            })
        }
        ReportsCmd::Run {
            id,
            again,
            history_profile,
            ..
        } => {
            if let Some(h) = &history_profile {
                ctx.use_profile(ApiVersion::V2, h);
            }
            let answer = reports_run(ctx, ReportsRunRequest { id, again }).await?;
            term.show(&answer, |term| {
                for r in &answer.runs {
                    writeln!(term.out, "{}", words::report_run_line(r))?;
                }
                Ok(())
            })?;
            // A scheduled task sees a failed report in its exit status.
            match answer.runs.iter().find_map(|r| match &r.outcome {
                ReportOutcome::Failed { code, message } => Some((code, message)),
                _ => None,
            }) {
                Some((code, message)) => Err(ErrorPayload::new(
                    ErrorCode::parse(code).unwrap_or(ErrorCode::Internal),
                    message.clone(),
                )
                .into()),
                None => Ok(()),
            }
        }
    }
}
