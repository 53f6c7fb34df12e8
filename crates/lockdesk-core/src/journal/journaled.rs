//! The journal's one entry point in the command layer: every write command of the command
//! table (`lockdesk_commands::WRITE_COMMANDS`) is the use-case wrapped here, so the app, the
//! test host and `lockctl` (which all call `app::<name>`) journal it alike: done or the error
//! code, also when the change is refused before reaching the service.
//!
//! Journal first (`journal_entry.rs`): the entry is written as pending before the use-case
//! runs, and a change is refused, unsent, when that write fails; the outcome is written after.
//! Signing in and out only are journaled after the fact ([`AFTER_THE_FACT`]).
//!
//! What an entry says about its target comes from [`Journaled`], written per request type
//! with named fields only: never a whole request (a sign-in's redirect carries the code, an
//! image or CSV its bytes). Old values are noted by the use-case while it runs
//! (`journal_notes::note_old`), where it knows them.

use serde::Serialize;

use crate::groups::commands::{GroupInputRequest, LockGroupIdRequest};
use crate::invitations::{BulkInviteRequest, InvitationsCreateRequest};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use crate::app::context::AppContext;
use crate::error::Result;
use crate::groups::commands::{LockGroupsUpdateRequest, UserGroupsUpdateRequest};
use crate::groups::lock_members::LockGroupLocksRequest;
use crate::journal::entry::{begin, complete, record, role};
use crate::journal::notes::NOTES;
use crate::journal::{FieldChange, Operation, Target};
use crate::locks::commands::{LockIdRequest, LocksRenameRequest, LocksSetImageRequest};
use crate::sessions::commands::{SessionCompleteSignInRequest, SessionSignOutRequest};
use crate::users::commands::{
    UserIdRequest, UsersInviteRequest, UsersRegisterRequest, UsersUpdateRequest,
};

/// What a write request says about its target, from named fields only.
pub(crate) trait Journaled {
    fn target(&self) -> Target;
    /// The connection the request names (sign-in and sign-out), else the v3 one in use.
    fn connection(&self) -> Option<String> {
        None
    }
}

/// The target's name from an answer (`name`, or `lock.name`), when the request had none.
fn answer_name<T: Serialize>(answer: &T) -> Option<String> {
    let v = serde_json::to_value(answer).ok()?;
    let name = v
        .get("name")
        .or_else(|| v.get("lock").and_then(|l| l.get("name")));
    name.and_then(|n| n.as_str()).map(str::to_owned)
}

fn merge_notes(target: &mut Target, notes: Vec<FieldChange>) {
    for note in notes {
        match target.changes.iter_mut().find(|c| c.field == note.field) {
            Some(c) => {
                c.old = note.old.or(c.old.take());
                c.new = note.new.or(c.new.take());
            }
            None => target.changes.push(note),
        }
    }
}

/// The operations journaled after the fact rather than refused when the journal cannot be
/// written: signing in changes nothing at the service, and a full disk must never keep a
/// person from signing out (which removes the connection's secrets from this computer).
const AFTER_THE_FACT: &[Operation] = &[Operation::SessionCompleteSignIn, Operation::SessionSignOut];

/// One write command, journal first, around `work` (the use-case, boxed: the wrappers stay
/// small however large the use-case's future, which a test thread's stack polls).
pub(crate) async fn journal_around<T: Serialize>(
    ctx: &AppContext,
    name: &'static str,
    mut target: Target,
    connection: Option<String>,
    work: Pin<Box<dyn Future<Output = Result<T>> + Send + '_>>,
) -> Result<T> {
    // The command table makes an operation of each write command under its name.
    let operation = Operation::parse(name).expect("a write command is a journal operation");
    let pending = if AFTER_THE_FACT.contains(&operation) {
        None
    } else {
        Some(begin(ctx, operation, connection.clone(), &target)?)
    };
    let (result, notes) = NOTES
        .scope(RefCell::new(Vec::new()), async {
            // Nothing is changed from the offline cache (`lockctl --cached`).
            let result = if ctx.cache_only() {
                Err(crate::error::Error::CachedOnly {
                    what: name.replace('_', " "),
                })
            } else {
                work.await
            };
            (result, NOTES.with(|v| v.take()))
        })
        .await;
    merge_notes(&mut target, notes);
    if let Ok(answer) = &result {
        if target.name.is_none() {
            target.name = answer_name(answer);
        }
    }
    let outcome = result.as_ref().map(|_| ()).map_err(|e| e.code());
    match pending {
        Some(pending) => complete(ctx, pending, &target, outcome),
        None => record(ctx, operation, connection, target, outcome),
    }
    result
}

macro_rules! journaled {
    ($($name:ident($req:ty) -> $resp:ty = $path:path;)*) => {
        $(
            pub async fn $name(ctx: &AppContext, req: $req) -> Result<$resp> {
                let (target, connection) = (req.target(), req.connection());
                journal_around(
                    ctx,
                    stringify!($name),
                    target,
                    connection,
                    Box::pin($path(ctx, req)),
                )
                .await
            }
        )*

        /// The commands journaled here (a test checks that with [`JOURNALED_ELSEWHERE`] they
        /// are the table's write commands).
        #[cfg(test)]
        pub(crate) const JOURNALED: &[&str] = &[$(stringify!($name)),*];
    };
}

use crate::app::args::Done;
use crate::app::job_results::JobStarted;
use crate::groups::view::{LockGroupView, UserGroupView};
use crate::groups::{commands as groups, lock_members as lock_groups};
use crate::invitations;
use crate::invitations::InvitationsCreateResponse;
use crate::locks::commands as locks;
use crate::locks::commands::LocksSetImageResponse;
use crate::locks::view::LockView;
use crate::sessions::commands as session;
use crate::sessions::commands::{SignedInView, SignedOutView};
use crate::users::commands as users;
use crate::users::view::UserView;

journaled! {
    session_complete_sign_in(SessionCompleteSignInRequest) -> SignedInView
        = session::session_complete_sign_in;
    session_sign_out(SessionSignOutRequest) -> SignedOutView
        = session::session_sign_out;
    locks_rename(LocksRenameRequest) -> LockView = locks::locks_rename;
    locks_set_image(LocksSetImageRequest) -> LocksSetImageResponse
        = locks::locks_set_image;
    locks_reset_image(LockIdRequest) -> LockView = locks::locks_reset_image;
    lock_groups_create(GroupInputRequest) -> LockGroupView
        = groups::lock_groups_create;
    lock_groups_update(LockGroupsUpdateRequest) -> LockGroupView
        = groups::lock_groups_update;
    lock_groups_delete(LockGroupIdRequest) -> Done
        = lock_groups::lock_groups_delete;
    lock_groups_add_locks(LockGroupLocksRequest) -> LockGroupView
        = lock_groups::lock_groups_add_locks;
    lock_groups_remove_locks(LockGroupLocksRequest) -> LockGroupView
        = lock_groups::lock_groups_remove_locks;
    users_register(UsersRegisterRequest) -> UserView = users::users_register;
    users_invite(UsersInviteRequest) -> UserView = users::users_invite;
    users_update(UsersUpdateRequest) -> UserView = users::users_update;
    users_remove(UserIdRequest) -> Done = users::users_remove;
    invitations_create(InvitationsCreateRequest) -> InvitationsCreateResponse
        = invitations::invitations_create;
    invitations_bulk_start(BulkInviteRequest) -> JobStarted
        = invitations::invitations_bulk_start;
    user_groups_create(GroupInputRequest) -> UserGroupView
        = groups::user_groups_create;
    user_groups_update(UserGroupsUpdateRequest) -> UserGroupView
        = groups::user_groups_update;
}

fn image_kind(source: &crate::images::upload::ImageSource) -> &'static str {
    match source {
        crate::images::upload::ImageSource::Path { .. } => "file",
        crate::images::upload::ImageSource::Bytes { .. } => "upload",
    }
}

/// Write commands whose use-case calls [`journal_around`] itself, as its domain would otherwise
/// be imported here while it uses the commands journaled here: applying the directory's plan
/// (`directory::commands::apply_plan`), whose rows are users' and invitations' changes.
#[cfg(test)]
const JOURNALED_ELSEWHERE: &[&str] = &["directory_apply"];

impl Journaled for SessionCompleteSignInRequest {
    fn target(&self) -> Target {
        // Only the profile: the redirected address carries the authorization code.
        Target::id(self.profile.clone())
    }
    fn connection(&self) -> Option<String> {
        Some(self.profile.clone())
    }
}

impl Journaled for SessionSignOutRequest {
    fn target(&self) -> Target {
        self.profile.clone().map(Target::id).unwrap_or_default()
    }
    fn connection(&self) -> Option<String> {
        self.profile.clone()
    }
}

impl Journaled for LocksRenameRequest {
    fn target(&self) -> Target {
        Target::id(self.lock_id.trim()).set("name", Some(self.name.trim()))
    }
}

impl Journaled for LocksSetImageRequest {
    fn target(&self) -> Target {
        Target::id(self.lock_id.trim()).set("image", Some(image_kind(&self.source)))
    }
}

impl Journaled for LockIdRequest {
    fn target(&self) -> Target {
        Target::id(self.lock_id.trim()).set("image", Some("default"))
    }
}

impl Journaled for GroupInputRequest {
    fn target(&self) -> Target {
        Target::default()
            .name(self.name.trim())
            .set("name", Some(self.name.trim()))
            .set("memo", self.memo.as_ref().filter(|m| !m.is_empty()))
    }
}

impl Journaled for LockGroupsUpdateRequest {
    fn target(&self) -> Target {
        Target::id(self.lock_group_id.trim())
            .set("name", self.name.as_ref())
            .set("memo", self.memo.as_ref())
    }
}

impl Journaled for UserGroupsUpdateRequest {
    fn target(&self) -> Target {
        Target::id(self.user_group_id.trim())
            .set("name", self.name.as_ref())
            .set("memo", self.memo.as_ref())
    }
}

impl Journaled for LockGroupIdRequest {
    fn target(&self) -> Target {
        Target::id(self.lock_group_id.trim())
    }
}

impl Journaled for LockGroupLocksRequest {
    fn target(&self) -> Target {
        Target::id(self.lock_group_id.trim()).set("locks", Some(self.lock_ids.join(" ")))
    }
}

impl Journaled for UsersRegisterRequest {
    fn target(&self) -> Target {
        Target::default()
            .name(self.name.trim())
            .set("name", Some(self.name.trim()))
            .set("mail", self.mail.as_ref())
            .set("authority", role(self.authority))
            .set("user_code", self.code.as_ref())
            .set("image", self.image.as_ref().map(image_kind))
    }
}

impl Journaled for UsersInviteRequest {
    fn target(&self) -> Target {
        Target::id(self.user_id.trim())
            .set("authority", role(self.authority))
            .set("user_code", self.code.as_ref())
            .set("image", self.image.as_ref().map(image_kind))
    }
}

impl Journaled for UsersUpdateRequest {
    fn target(&self) -> Target {
        Target::id(self.user_id.trim())
            .set("name", self.name.as_ref())
            .set("mail", self.mail.as_ref())
            .set("authority", role(self.authority))
            .set("user_code", self.code.as_ref())
            .set("image", self.image.as_ref().map(image_kind))
    }
}

impl Journaled for UserIdRequest {
    fn target(&self) -> Target {
        Target::id(self.user_id.trim())
    }
}

impl Journaled for InvitationsCreateRequest {
    fn target(&self) -> Target {
        Target::id(self.mail.trim())
            .set("authority", role(self.authority))
            .set("user_code", self.code.as_ref())
    }
}

impl Journaled for BulkInviteRequest {
    fn target(&self) -> Target {
        // Not the file: each row sent is an entry of its own (`invitations_bulk_row`).
        Target::default()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_journaled_commands_are_the_tables_write_commands() {
        let mut journaled = super::JOURNALED.to_vec();
        journaled.extend(super::JOURNALED_ELSEWHERE);
        let mut writes = lockdesk_commands::WRITE_COMMANDS.to_vec();
        journaled.sort();
        writes.sort();
        assert_eq!(journaled, writes);
        for name in writes {
            assert!(crate::journal::Operation::parse(name).is_some(), "{name}");
        }
    }
}
