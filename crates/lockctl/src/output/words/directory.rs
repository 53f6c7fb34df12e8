//! The directory's words: its sources, exceptions and the plan, row by row.

use std::io::Write;

use lockdesk_core::directory::apply::{ApplyOutcome, ApplyResult};
use lockdesk_core::directory::commands::{DirectoryApplyResponse, DirectoryPlanResponse};
use lockdesk_core::directory::entra_device::DeviceSignIn;
use lockdesk_core::directory::{Change, DirectorySource, Exception, Held, PlanRow, SourceKind};

use super::clean;
use crate::error::Result;
use crate::output;

pub const ENTRA_SECRET_PROMPT: &str = "The app's client secret (not shown; one line): ";
pub const LDAP_PASSWORD_PROMPT: &str =
    "The password of the account Lockdesk signs in as (not shown; one line): ";
pub const SOURCE_HEADERS: [&str; 4] = ["ID", "NAME", "KIND", "WHERE"];
pub const EXCEPTION_HEADERS: [&str; 3] = ["WHO", "REASON", "UNTIL"];
const PLAN_HEADERS: [&str; 5] = ["CHANGE", "NAME", "EMPLOYEE NO.", "E-MAIL", "HELD"];

pub fn source_row(s: &DirectorySource) -> Vec<String> {
    match &s.source {
        SourceKind::HrCsv { path, columns } => vec![
            s.id.clone(),
            s.name.clone(),
            "HR CSV".into(),
            format!(
                "{path} (employee no.: {}, name: {})",
                columns.employee_id, columns.name
            ),
        ],
        SourceKind::EntraId(e) => vec![
            s.id.clone(),
            s.name.clone(),
            "Entra ID".into(),
            format!(
                "tenant {}, app {}{}, {}",
                e.tenant,
                e.client_id,
                if e.certificate_thumbprint.is_some() {
                    " (certificate)"
                } else {
                    ""
                },
                match &e.group_id {
                    Some(g) => format!("group {g}"),
                    None => "every user".to_owned(),
                }
            ),
        ],
        SourceKind::GoogleWorkspace(g) => vec![
            s.id.clone(),
            s.name.clone(),
            "Google Workspace".into(),
            match &g.query {
                Some(q) => format!("as {} by {}, users found by {q}", g.admin, g.client_email),
                None => format!("as {} by {}, every user", g.admin, g.client_email),
            },
        ],
        SourceKind::Ldap(l) => vec![
            s.id.clone(),
            s.name.clone(),
            "LDAP".into(),
            format!(
                "{} as {}, under {} {}",
                l.url,
                l.bind_dn,
                l.base_dn,
                l.filter
                    .as_deref()
                    .unwrap_or(lockdesk_core::directory::ldap::AD_FILTER)
            ),
        ],
    }
}

/// What to do to let Lockdesk read Entra ID as oneself (the code from Microsoft, cleaned).
pub fn entra_sign_in(s: &DeviceSignIn) -> String {
    format!(
        "To let Lockdesk read Entra ID as you, open {} in a browser and enter the code {} (within {} minutes). Waiting for you to sign in…",
        clean(&s.verification_uri),
        clean(&s.user_code),
        s.expires_in_seconds.div_ceil(60)
    )
}

pub fn exception_row(e: &Exception) -> Vec<String> {
    vec![e.who.clone(), e.reason.clone(), e.until.to_string()]
}

pub fn source_added(s: &DirectorySource) -> String {
    format!(
        "directory source {} added: {}; see what it says with `lockctl directory plan`",
        clean(&s.id),
        clean(&s.name)
    )
}

fn change_words(c: &Change) -> String {
    match c {
        Change::Remove {
            left: Some(day), ..
        } => format!("remove (left {day})"),
        Change::Remove {
            in_directory: true, ..
        } => "remove (switched off)".into(),
        Change::Remove { .. } => "remove (not in the directory)".into(),
        Change::Invite { .. } => "invite".into(),
        Change::Update {
            name, mail, code, ..
        } => {
            let what: Vec<&str> = [(name, "name"), (mail, "e-mail"), (code, "code")]
                .iter()
                .filter(|(v, _)| v.is_some())
                .map(|(_, w)| *w)
                .collect();
            format!("update {}", what.join(", "))
        }
    }
}

fn held_words(h: &Option<Held>) -> String {
    match h {
        None => String::new(),
        Some(Held::Manager) => "a manager: decide yourself".into(),
        Some(Held::Exception { reason, until }) => format!("exception until {until}: {reason}"),
        Some(Held::NoMail) => "no e-mail address in the directory".into(),
        Some(Held::Ambiguous { candidates }) => {
            format!("ambiguous: matches {}", candidates.join(", "))
        }
    }
}

fn plan_row(r: &PlanRow) -> Vec<String> {
    vec![
        change_words(&r.change),
        r.name.clone(),
        r.employee_id.clone().unwrap_or_default(),
        r.mail.clone().unwrap_or_default(),
        held_words(&r.held),
    ]
}

/// The plan: what was read, the counts, then every row.
pub fn write_plan(out: &mut dyn Write, p: &DirectoryPlanResponse) -> Result<()> {
    let people: u32 = p.sources.iter().map(|s| s.people).sum();
    let plan = &p.plan;
    let todo = |rows: &[PlanRow]| rows.iter().filter(|r| r.held.is_none()).count();
    let held = |rows: &[PlanRow]| rows.iter().filter(|r| r.held.is_some()).count();
    writeln!(
        out,
        "directory plan for {} ({} people in {} source(s), {} users in the organization, today {}):",
        clean(&p.organization_id),
        people,
        p.sources.len(),
        p.users,
        p.today
    )?;
    writeln!(
        out,
        "{} to remove, {} to invite, {} to update; {} held for you to decide, {} ambiguous, {} joining later",
        todo(&plan.leavers),
        todo(&plan.joiners),
        todo(&plan.movers),
        held(&plan.leavers) + held(&plan.joiners) + held(&plan.movers),
        plan.ambiguous.len(),
        plan.joining_later
    )?;
    let rows: Vec<Vec<String>> = [&plan.leavers, &plan.joiners, &plan.movers, &plan.ambiguous]
        .iter()
        .flat_map(|rows| rows.iter().map(plan_row))
        .collect();
    if plan.is_empty() {
        let held = if rows.is_empty() {
            ""
        } else {
            " (but for the rows below, held for you to decide)"
        };
        writeln!(
            out,
            "nothing to change: the organization is as the directory says{held}"
        )?;
    }
    if rows.is_empty() {
        return Ok(());
    }
    output::table(out, &PLAN_HEADERS, &rows)
}

pub fn apply_question(rows: usize) -> String {
    format!("Apply these {rows} change(s) to the organization? Type yes to apply: ")
}

pub fn applied_row(r: &ApplyResult, n: usize, total: usize) -> String {
    let what = format!("{} {}", change_words(&r.row.change), clean(&r.row.name));
    match (&r.outcome, &r.error) {
        (ApplyOutcome::Done, _) => format!("[{n}/{total}] done: {what}"),
        (ApplyOutcome::Failed, Some(e)) => {
            format!(
                "[{n}/{total}] failed: {what}: {} [{}]",
                clean(&e.message),
                e.code.as_str()
            )
        }
        (ApplyOutcome::Failed, None) => format!("[{n}/{total}] failed: {what}"),
        (ApplyOutcome::NotAttempted, _) => format!("[{n}/{total}] not tried: {what}"),
    }
}

pub fn applied_summary(a: &DirectoryApplyResponse) -> String {
    let mut line = format!("applied: {} done, {} failed", a.done, a.failed);
    if a.not_attempted > 0 {
        line.push_str(&format!(
            ", {} not tried (run `lockctl directory apply` again once the cause is fixed)",
            a.not_attempted
        ));
    }
    line
}
