//! The plan: what the directory says should change in the organization, before anything does.
//!
//! People are matched by the user code (the service's lookup key) against the employee number,
//! else by e-mail (case-insensitive); a person or user that matches more than one of the other
//! side is listed as ambiguous, never guessed. Then:
//! - **leavers**: users the directory has as left or switched off, or does not have at all →
//!   removed from the organization;
//! - **joiners**: current people who are neither users nor invited → invited by e-mail with
//!   their employee number as the user code (one without an e-mail is listed, not invited);
//! - **movers**: matched users whose name, e-mail or code differ → updated.
//!
//! Super managers and managers are never removed or changed automatically (listed for a person
//! to decide), nor is anyone on the exceptions list until its expiry.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::directory::person::{DirectoryPerson, Standing};
use crate::users::view::{InvitationState, InvitationView, UserRole, UserView};

/// Someone the directory does not decide for: a contractor, the cleaning staff, a shared
/// account, until `until` (inclusive).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Exception {
    /// The user code or e-mail address it is for.
    pub who: String,
    pub reason: String,
    pub until: NaiveDate,
}

/// Why a row is in the plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// Remove the user from the organization: left (on `left`), switched off, or not in the
    /// directory.
    Remove {
        user_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        left: Option<NaiveDate>,
        in_directory: bool,
    },
    /// Invite by e-mail with the employee number as the user code.
    Invite { mail: String, code: String },
    /// Update the user's name, e-mail or code to the directory's (the fields that differ).
    Update {
        user_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        mail: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        code: Option<String>,
    },
}

/// Why a change is not made automatically.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Held {
    /// A super manager or manager: a person decides.
    Manager,
    /// On the exceptions list.
    Exception { reason: String, until: NaiveDate },
    /// A joiner without an e-mail address: cannot be invited.
    NoMail,
    /// Matches more than one user, or a user matched by more than one person.
    Ambiguous { candidates: Vec<String> },
}

/// One row of the plan: who, what would change, and whether it is held back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanRow {
    /// The name as the directory has it, else the service's.
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub employee_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<String>,
    pub change: Change,
    /// Set: listed for a person to decide, not made by `apply`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub held: Option<Held>,
}

/// The plan, counted and row by row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryPlan {
    pub leavers: Vec<PlanRow>,
    pub joiners: Vec<PlanRow>,
    pub movers: Vec<PlanRow>,
    /// People and users matched ambiguously: nothing is done for them.
    pub ambiguous: Vec<PlanRow>,
    /// People joining later: nothing to do for them yet.
    pub joining_later: u32,
}

impl DirectoryPlan {
    /// Whether nothing is to be done (held rows aside).
    pub fn is_empty(&self) -> bool {
        [&self.leavers, &self.joiners, &self.movers]
            .iter()
            .all(|rows| rows.iter().all(|r| r.held.is_some()))
    }
}

fn mail_key(mail: &str) -> String {
    mail.trim().to_lowercase()
}

fn same_mail(a: Option<&str>, b: Option<&str>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if mail_key(a) == mail_key(b))
}

/// The exception that covers `code` or `mail` on `today`.
fn exception_for<'a>(
    exceptions: &'a [Exception],
    code: Option<&str>,
    mail: Option<&str>,
    today: NaiveDate,
) -> Option<&'a Exception> {
    exceptions
        .iter()
        .find(|e| e.until >= today && (code == Some(e.who.trim()) || same_mail(Some(&e.who), mail)))
}

fn is_manager(u: &UserView) -> bool {
    matches!(
        u.authority,
        Some(UserRole::SuperManager | UserRole::Manager)
    )
}

/// The plan of `people` (the directory) against the organization's `users` and `invitations`
/// on `today`.
pub fn plan(
    people: &[DirectoryPerson],
    users: &[UserView],
    invitations: &[InvitationView],
    exceptions: &[Exception],
    today: NaiveDate,
) -> DirectoryPlan {
    let mut out = DirectoryPlan::default();
    // Each person's users: by code when the person has an employee number a user has as code,
    // else by e-mail.
    let matches: Vec<Vec<usize>> = people
        .iter()
        .map(|p| {
            let by_code: Vec<usize> = users
                .iter()
                .enumerate()
                .filter(|(_, u)| {
                    p.employee_id.is_some() && u.code.as_deref() == p.employee_id.as_deref()
                })
                .map(|(i, _)| i)
                .collect();
            if !by_code.is_empty() {
                return by_code;
            }
            users
                .iter()
                .enumerate()
                .filter(|(_, u)| same_mail(u.mail.as_deref(), p.mail.as_deref()))
                .map(|(i, _)| i)
                .collect()
        })
        .collect();
    let mut people_of_user: HashMap<usize, Vec<usize>> = HashMap::new();
    for (p, us) in matches.iter().enumerate() {
        for u in us {
            people_of_user.entry(*u).or_default().push(p);
        }
    }
    let person_row = |p: &DirectoryPerson, change: Change, held: Option<Held>| PlanRow {
        name: p.name.clone(),
        employee_id: p.employee_id.clone(),
        mail: p.mail.clone(),
        change,
        held,
    };
    for (pi, p) in people.iter().enumerate() {
        let standing = p.standing(today);
        if let Standing::Joining(_) = standing {
            out.joining_later += 1;
            continue;
        }
        let us = &matches[pi];
        let shared = us
            .iter()
            .any(|u| people_of_user.get(u).is_some_and(|ps| ps.len() > 1));
        if us.len() > 1 || shared {
            let candidates = us.iter().map(|u| users[*u].id.clone()).collect();
            let change = Change::Invite {
                mail: p.mail.clone().unwrap_or_default(),
                code: p.employee_id.clone().unwrap_or_default(),
            };
            out.ambiguous
                .push(person_row(p, change, Some(Held::Ambiguous { candidates })));
            continue;
        }
        let exception = exception_for(
            exceptions,
            p.employee_id.as_deref(),
            p.mail.as_deref(),
            today,
        );
        let held_by_exception = || {
            exception.map(|e| Held::Exception {
                reason: e.reason.clone(),
                until: e.until,
            })
        };
        match (us.first().map(|u| &users[*u]), standing) {
            (Some(u), Standing::Left) => {
                let held = held_by_exception().or(is_manager(u).then_some(Held::Manager));
                let change = Change::Remove {
                    user_id: u.id.clone(),
                    left: p.left,
                    in_directory: true,
                };
                out.leavers.push(person_row(p, change, held));
            }
            (Some(u), _) => {
                let differs = |mine: Option<&str>, theirs: Option<&str>| {
                    theirs.filter(|t| Some(*t) != mine).map(str::to_owned)
                };
                let name = (u.name != p.name).then(|| p.name.clone());
                let mail = if same_mail(u.mail.as_deref(), p.mail.as_deref()) {
                    None
                } else {
                    differs(u.mail.as_deref(), p.mail.as_deref())
                };
                let code = differs(u.code.as_deref(), p.employee_id.as_deref());
                if name.is_some() || mail.is_some() || code.is_some() {
                    let held = held_by_exception().or(is_manager(u).then_some(Held::Manager));
                    let change = Change::Update {
                        user_id: u.id.clone(),
                        name,
                        mail,
                        code,
                    };
                    out.movers.push(person_row(p, change, held));
                }
            }
            (None, Standing::Current) => {
                let invited = invitations.iter().any(|i| {
                    matches!(i.status, Some(InvitationState::Active))
                        && (same_mail(i.mail.as_deref(), p.mail.as_deref())
                            || (p.employee_id.is_some() && i.code == p.employee_id))
                });
                if invited {
                    continue;
                }
                let change = Change::Invite {
                    mail: p.mail.clone().unwrap_or_default(),
                    code: p.employee_id.clone().unwrap_or_default(),
                };
                let held = held_by_exception().or(p.mail.is_none().then_some(Held::NoMail));
                out.joiners.push(person_row(p, change, held));
            }
            (None, _) => {}
        }
    }
    // Users no person matched: not in the directory.
    for (ui, u) in users.iter().enumerate() {
        if people_of_user.contains_key(&ui) {
            continue;
        }
        let exception = exception_for(exceptions, u.code.as_deref(), u.mail.as_deref(), today);
        let held = exception
            .map(|e| Held::Exception {
                reason: e.reason.clone(),
                until: e.until,
            })
            .or(is_manager(u).then_some(Held::Manager));
        out.leavers.push(PlanRow {
            name: u.name.clone(),
            employee_id: u.code.clone(),
            mail: u.mail.clone(),
            change: Change::Remove {
                user_id: u.id.clone(),
                left: None,
                in_directory: false,
            },
            held,
        });
    }
    out
}
