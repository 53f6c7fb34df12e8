//! The words of `invitations import` (bulk invitations from a CSV file).

use lockdesk_core::app::job_registry::JobState;
use lockdesk_core::invitations::{
    BulkInvitePreview, BulkInviteReport, BulkProgress, InviteOutcome, InviteProblem,
    InviteProblemCode, InviteResult, InviteRow, InviteRowStatus,
};
use lockdesk_core::users::view::Role;

use crate::output::cells::{clean, opt};

fn role(r: Role) -> &'static str {
    match r {
        Role::Manager => "manager",
        Role::Member => "member",
    }
}

pub const PREVIEW_HEADERS: [&str; 5] = ["LINE", "MAIL", "AUTHORITY", "STATUS", "NOTE"];
pub const RESULT_HEADERS: [&str; 4] = ["LINE", "MAIL", "RESULT", "NOTE"];

fn problem(p: &InviteProblem) -> String {
    let value = p.value.as_deref().map(clean).unwrap_or_default();
    match p.code {
        InviteProblemCode::MailMissing => "no e-mail address".to_owned(),
        InviteProblemCode::MailInvalid => format!("{value:?} is not an e-mail address"),
        InviteProblemCode::AuthorityInvalid => {
            format!("{value:?} is not an authority; use manager or member")
        }
        InviteProblemCode::DuplicateInFile => match p.first_line {
            Some(l) => format!("the same address as line {l}"),
            None => "the same address as an earlier line".to_owned(),
        },
    }
}

fn row_status(s: InviteRowStatus) -> &'static str {
    match s {
        InviteRowStatus::Ready => "ready",
        InviteRowStatus::Invalid => "invalid",
        InviteRowStatus::Duplicate => "duplicate",
        InviteRowStatus::AlreadyInvited => "already invited",
        InviteRowStatus::AlreadyUser => "already a user",
    }
}

pub fn preview_row(r: &InviteRow) -> Vec<String> {
    vec![
        r.line.to_string(),
        r.mail.clone(),
        role(r.authority).to_owned(),
        row_status(r.status).to_owned(),
        r.problem.as_ref().map(problem).unwrap_or_default(),
    ]
}

pub fn preview_summary(p: &BulkInvitePreview) -> String {
    let mut s = format!(
        "Read as {}. {} row(s): {} to invite, {} already invited, {} already users, {} invalid, {} duplicate; nothing was sent",
        p.encoding.label(),
        p.rows.len(),
        p.ready,
        p.already_invited,
        p.already_user,
        p.invalid,
        p.duplicate
    );
    if p.exceeds_limit {
        s.push_str(&format!(
            "\nThe organization has {} pending invitation(s) of at most {}: the run would stop at the limit",
            p.active_invitations, p.invitation_limit
        ));
    }
    s
}

fn outcome(o: InviteOutcome) -> &'static str {
    match o {
        InviteOutcome::Invited => "invited",
        InviteOutcome::AlreadyInvited => "already invited",
        InviteOutcome::AlreadyUser => "already a user",
        InviteOutcome::Invalid => "invalid",
        InviteOutcome::Duplicate => "duplicate",
        InviteOutcome::Failed => "failed",
        InviteOutcome::LimitReached => "limit reached",
        InviteOutcome::NotAttempted => "not attempted",
    }
}

fn result_note(r: &InviteResult) -> String {
    if let Some(p) = &r.problem {
        return problem(p);
    }
    match (&r.code, r.outcome) {
        (Some(code), InviteOutcome::Failed | InviteOutcome::LimitReached) => {
            format!("{} [{code}]", opt(&r.message))
        }
        _ if r.answer_lost => ANSWER_LOST_FOUND.to_owned(),
        _ => String::new(),
    }
}

const ANSWER_LOST_FOUND: &str = "the answer was lost; found invited at the service";

pub fn result_row(r: &InviteResult) -> Vec<String> {
    vec![
        r.line.to_string(),
        r.mail.clone(),
        outcome(r.outcome).to_owned(),
        result_note(r),
    ]
}

/// One progress line for stderr, e.g. `12/40 line 13 invited ana@example.com`.
pub fn import_progress(r: &InviteResult, p: BulkProgress) -> String {
    let mut line = format!(
        "{}/{} line {} {} {}",
        p.done,
        p.total,
        r.line,
        outcome(r.outcome),
        clean(&r.mail)
    );
    if r.answer_lost {
        line.push_str(&format!(" ({ANSWER_LOST_FOUND})"));
    }
    line
}

pub fn report_summary(r: &BulkInviteReport) -> String {
    let count = |o: InviteOutcome| r.results.iter().filter(|x| x.outcome == o).count();
    let how = match r.state {
        JobState::Finished | JobState::Running => "finished",
        JobState::Stopped => "stopped at the invitation limit",
        JobState::Failed => "failed",
        JobState::Cancelled => "cancelled",
    };
    let mut s = format!(
        "{how}: {} invited now, {} already invited, {} already users, {} invalid, {} duplicate, {} failed, {} not attempted",
        r.sent,
        count(InviteOutcome::AlreadyInvited),
        count(InviteOutcome::AlreadyUser),
        count(InviteOutcome::Invalid),
        count(InviteOutcome::Duplicate),
        count(InviteOutcome::Failed) + count(InviteOutcome::LimitReached),
        count(InviteOutcome::NotAttempted),
    );
    if let Some(e) = &r.error {
        s.push_str(&format!("\n{} [{}]", clean(&e.message), e.code));
    }
    if !r.all_done() {
        s.push_str("\nRows not done can be fixed and the same file run again: rows already invited are not sent twice");
    }
    s
}
