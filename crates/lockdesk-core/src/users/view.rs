//! Users, their roles in the organization, and invitations.

use chrono::{DateTime, Utc};
use lockdesk_api::models::{Authority, Invitation, InvitationStatus, User};
use serde::{Deserialize, Serialize};

/// The signed-in account's role, as far as the app has learned it: the service does not say it
/// (token information has no role), but its role rules do. Only a super manager may change a
/// user's role, and a user update is refused `insufficient_authority` only to someone who is
/// not one (a manager). So a role change that succeeds shows a super manager, and any user
/// update refused for authority shows a manager. Forgotten at every sign-in and sign-out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AccountRole {
    SuperManager,
    Manager,
}

/// A role that may be given (input): `manager` or `member`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Manager,
    Member,
}

impl From<Role> for Authority {
    fn from(r: Role) -> Self {
        match r {
            Role::Manager => Authority::Manager,
            Role::Member => Authority::Member,
        }
    }
}

/// A user's role (the service's `authority`) as shown: `{"kind":"super_manager"}`,
/// `{"kind":"manager"}`, `{"kind":"member"}`, or `{"kind":"other","value":…}` with what the
/// service sent. The service does not document its value for the super manager; one that reads
/// like it (`super…`, `owner`, `admin`) is taken for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum UserRole {
    SuperManager,
    Manager,
    Member,
    Other(String),
}

impl From<&Authority> for UserRole {
    fn from(a: &Authority) -> Self {
        match a {
            Authority::Manager => UserRole::Manager,
            Authority::Member => UserRole::Member,
            a if a.is_above_manager() => UserRole::SuperManager,
            Authority::Other(s) => UserRole::Other(s.clone()),
        }
    }
}

impl UserRole {
    /// The role as an input value, when it is one that may be given.
    pub fn as_input(&self) -> Option<Role> {
        match self {
            UserRole::Manager => Some(Role::Manager),
            UserRole::Member => Some(Role::Member),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserView {
    pub id: String,
    pub name: String,
    pub mail: Option<String>,
    pub image_url: Option<String>,
    pub authority: Option<UserRole>,
    pub code: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
    /// Each IC card's name, or its id when it has none.
    pub ic_cards: Vec<String>,
}

impl From<&User> for UserView {
    fn from(u: &User) -> Self {
        UserView {
            id: u.id.clone(),
            name: u.name.clone().unwrap_or_default(),
            mail: u.mail.clone(),
            image_url: u.image_url.clone(),
            authority: u.authority.as_ref().map(UserRole::from),
            code: u.code.clone(),
            created_at: u.created_at,
            updated_at: u.updated_at,
            ic_cards: u
                .nfcs
                .iter()
                .flatten()
                .map(|c| c.name.clone().unwrap_or_else(|| c.id.clone()))
                .collect(),
        }
    }
}

/// Where an invitation stands: `active` (waiting for the invitee), `expired`, or what the
/// service sent (`{"kind":"other","value":…}`; the status after acceptance is not documented).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum InvitationState {
    Active,
    Expired,
    Other(String),
}

impl From<&InvitationStatus> for InvitationState {
    fn from(s: &InvitationStatus) -> Self {
        match s {
            InvitationStatus::Active => InvitationState::Active,
            InvitationStatus::Expired => InvitationState::Expired,
            InvitationStatus::Other(s) => InvitationState::Other(s.clone()),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InvitationView {
    pub id: String,
    pub mail: Option<String>,
    /// The invitee has since left the service: the address is shown masked.
    pub mail_masked: bool,
    pub authority: Option<UserRole>,
    pub code: Option<String>,
    pub status: Option<InvitationState>,
    pub issued_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
}

impl From<&Invitation> for InvitationView {
    fn from(i: &Invitation) -> Self {
        let mail = i.user.as_ref().and_then(|u| u.mail.clone());
        InvitationView {
            id: i.id.clone(),
            mail_masked: mail.as_deref().is_some_and(|m| m.contains('*')),
            mail,
            authority: i
                .user
                .as_ref()
                .and_then(|u| u.authority.as_ref())
                .map(UserRole::from),
            code: i.user.as_ref().and_then(|u| u.code.clone()),
            status: i.invitation_status.as_ref().map(InvitationState::from),
            issued_at: i.issued_at,
            expires_at: i.expires_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn user(authority: &str) -> UserView {
        let u: User = serde_json::from_value(json!({"id": "U-1", "authority": authority})).unwrap();
        UserView::from(&u)
    }

    #[test]
    fn roles_are_data() {
        assert_eq!(user("manager").authority, Some(UserRole::Manager));
        assert_eq!(user("member").authority, Some(UserRole::Member));
        assert_eq!(
            user("super_manager").authority,
            Some(UserRole::SuperManager)
        );
        assert_eq!(user("owner").authority, Some(UserRole::SuperManager));
        assert_eq!(
            user("guest").authority,
            Some(UserRole::Other("guest".into()))
        );
        let j = serde_json::to_value(user("super_manager")).unwrap();
        assert_eq!(j["authority"], json!({"kind": "super_manager"}));
        assert!(j.get("authority_label").is_none());
        let j = serde_json::to_value(user("guest")).unwrap();
        assert_eq!(j["authority"], json!({"kind": "other", "value": "guest"}));
        assert_eq!(UserRole::Manager.as_input(), Some(Role::Manager));
        assert_eq!(UserRole::SuperManager.as_input(), None);
    }

    #[test]
    fn invitation_status_and_role() {
        let i: Invitation = serde_json::from_value(json!({
            "id": "I-1", "invitation_status": "active",
            "user": {"mail": "a***@example.com", "authority": "manager"}
        }))
        .unwrap();
        let v = InvitationView::from(&i);
        assert_eq!(v.status, Some(InvitationState::Active));
        assert_eq!(v.authority, Some(UserRole::Manager));
        assert!(v.mail_masked);
        let i: Invitation =
            serde_json::from_value(json!({"id": "I-2", "invitation_status": "accepted"})).unwrap();
        let j = serde_json::to_value(InvitationView::from(&i)).unwrap();
        assert_eq!(j["status"], json!({"kind": "other", "value": "accepted"}));
        assert_eq!(j["authority"], json!(null));
    }
}
