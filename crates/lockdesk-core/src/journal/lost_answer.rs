//! After a lost answer ([`lockdesk_api::Error::AnswerLost`]: a create was sent and the
//! connection dropped or timed out before the service answered), the create use-cases ask the
//! service what happened instead of guessing:
//! - found: done, with what the service made (the journal notes that the answer was lost);
//! - not there: not done, an error that says so (sending it again is safe);
//! - no way to tell (a user registered by name only, or the check failed too): the lost answer
//!   itself, whose words say the outcome is not known and to check before trying again.
//!
//! Nothing is ever sent again from here.

use std::future::Future;

use chrono::{DateTime, Duration, Utc};
use lockdesk_api::ids::UserId;
use lockdesk_api::models::{InvitationStatus, User};
use lockdesk_api::v3::{
    GroupKind, Groups, InvitationQuery, Invitations, NewInvitation, UserQuery, Users,
};
use lockdesk_api::Error as ApiError;

use crate::journal::notes::note_change;

/// The journal's field and value for a change confirmed at the service after a lost answer.
pub const ANSWER_FIELD: &str = "answer";
pub const LOST_FOUND: &str = "lost_found";

/// How far before the request an invitation found afterwards may have been issued: the
/// service's clock and this computer's may differ.
const CLOCK_SLACK_MINUTES: i64 = 15;

/// What asking the service found.
pub(crate) enum Checked<T> {
    Done(T),
    NotDone,
}

/// The create's result, settled: a lost answer is checked by awaiting `check` (`None`: the
/// service cannot tell); a future does nothing until awaited, so no check runs otherwise.
/// Other results pass unchanged.
pub(crate) async fn settle<T, F>(
    sent: Result<T, ApiError>,
    what: &str,
    check: Option<F>,
) -> Result<T, ApiError>
where
    F: Future<Output = Result<Checked<T>, ApiError>>,
{
    let lost = match sent {
        Err(e) if e.is_answer_lost() => e,
        other => return other,
    };
    let Some(check) = check else {
        tracing::warn!(
            what,
            "answer lost; the service cannot tell whether it acted"
        );
        return Err(lost);
    };
    match check.await {
        Ok(Checked::Done(found)) => {
            tracing::info!(what, "answer lost; found done at the service");
            note_change(ANSWER_FIELD, LOST_FOUND);
            Ok(found)
        }
        Ok(Checked::NotDone) => {
            tracing::info!(what, "answer lost; the service shows it was not done");
            Err(not_done(&lost))
        }
        Err(e) => {
            tracing::warn!(what, "answer lost, and checking failed too: {e}");
            Err(lost)
        }
    }
}

/// The service was checked after a lost answer and had not acted: as a connection that failed
/// (sending again is safe).
pub(crate) fn not_done(lost: &ApiError) -> ApiError {
    ApiError::Transport {
        base_url: lost.base_url().unwrap_or_default().to_owned(),
        reason: "the answer was lost, and the service shows the change was not made".to_owned(),
        route: lockdesk_api::proxy::Route::Straight,
    }
}

/// Sends one invitation (at `now`, by this computer's clock); a lost answer is checked at the
/// service. `Ok(true)`: done, found there after the answer was lost.
pub(crate) async fn send_invitation(
    invitations: &Invitations<'_>,
    new: &NewInvitation,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    let sent = invitations.create(new).await;
    let lost = sent.as_ref().is_err_and(ApiError::is_answer_lost);
    let since = now - Duration::minutes(CLOCK_SLACK_MINUTES);
    let check = invitation_issued(invitations, &new.mail, since);
    settle(sent, "invitation", Some(check)).await.map(|()| lost)
}

/// Whether an active invitation for `mail` issued since `since` exists. Callers send only to
/// addresses without a pending invitation, so such an invitation is the one just sent.
async fn invitation_issued(
    invitations: &Invitations<'_>,
    mail: &str,
    since: DateTime<Utc>,
) -> Result<Checked<()>, ApiError> {
    let query = InvitationQuery {
        status: Some(InvitationStatus::Active),
        issued_after: Some(since),
        ..InvitationQuery::default()
    };
    let found = invitations.list_all(&query).await?.iter().any(|i| {
        i.user
            .as_ref()
            .and_then(|u| u.mail.as_deref())
            .is_some_and(|m| m.trim().eq_ignore_ascii_case(mail.trim()))
    });
    Ok(if found {
        Checked::Done(())
    } else {
        Checked::NotDone
    })
}

/// The user just registered, looked up by its code or e-mail address (the exact matches the
/// service offers) and its name. The caller passes `None` to [`settle`] when the request had
/// neither: the service cannot tell.
pub(crate) async fn registered_user(
    users: &Users<'_>,
    name: &str,
    code: Option<&str>,
    mail: Option<&str>,
) -> Result<Checked<User>, ApiError> {
    let query = UserQuery {
        user_code: code.map(str::to_owned),
        user_mail: code.is_none().then(|| mail.map(str::to_owned)).flatten(),
        ..UserQuery::default()
    };
    let found = users
        .list(&query)
        .await?
        .into_iter()
        .find(|u| u.name.as_deref().map(str::trim) == Some(name.trim()));
    Ok(found.map_or(Checked::NotDone, Checked::Done))
}

/// The existing user just added to the organization: a member now means it was done (before
/// the request it was not one, or the service would have refused it).
pub(crate) async fn member_now(users: &Users<'_>, id: &UserId) -> Result<Checked<User>, ApiError> {
    match users.get(id).await {
        Ok(u) => Ok(Checked::Done(u)),
        Err(e) if e.is(&lockdesk_api::ServiceCode::UserNotFound) => Ok(Checked::NotDone),
        Err(e) => Err(e),
    }
}

/// The ids of the groups named `name` (taken before a create, to tell the new one apart).
pub(crate) async fn group_ids_named<K: GroupKind>(
    groups: &Groups<'_, K>,
    name: &str,
) -> Result<Vec<String>, ApiError> {
    Ok(groups
        .list()
        .await?
        .iter()
        .filter(|g| K::name_and_memo(g).0.map(str::trim) == Some(name))
        .map(|g| K::id_of(g).to_owned())
        .collect())
}

/// The group named `name` that was not there before: done when exactly one is new.
pub(crate) async fn group_created<K: GroupKind>(
    groups: &Groups<'_, K>,
    name: &str,
    before: &[String],
) -> Result<Checked<K::Group>, ApiError> {
    let mut new: Vec<K::Group> = groups
        .list()
        .await?
        .into_iter()
        .filter(|g| {
            K::name_and_memo(g).0.map(str::trim) == Some(name)
                && !before.iter().any(|id| id == K::id_of(g))
        })
        .collect();
    match new.len() {
        0 => Ok(Checked::NotDone),
        1 => Ok(Checked::Done(new.remove(0))),
        // Someone else made one of that name meanwhile: which is ours is not known.
        _ => Err(ApiError::Decode {
            context: K::PLURAL.to_owned(),
            field: None,
            message: format!("{} new groups named {name:?}", new.len()),
        }),
    }
}
