//! E-mail invitations: issue, list, accept (control API), outbox.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

use super::clock::iso_secs;
use super::error::{Result, SimError};
use super::ids;
use super::state::{Authority, Invitation, Mail, State, User};
use super::users::valid_mail;

pub const INVITATION_LIFETIME_DAYS: i64 = 7;

#[derive(Debug, Default)]
pub struct InvitationFilter {
    pub status: Option<String>,
    pub limit: usize,
    pub issued_after: Option<DateTime<Utc>>,
    pub issued_before: Option<DateTime<Utc>>,
}

/// `taro@example.com` → `t***@example.com`
fn mask(mail: &str) -> String {
    match mail.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".into(),
    }
}

impl State {
    fn invitation_status(&self, i: &Invitation) -> &'static str {
        if self.now() < i.expires_at {
            "active"
        } else {
            "expired"
        }
    }

    fn invitation_json(&self, i: &Invitation) -> Value {
        let left = self
            .users
            .values()
            .any(|u| u.deleted && u.mail.as_deref() == Some(i.mail.as_str()))
            && self.user_by_mail(&i.mail).is_none();
        json!({
            "id": i.id,
            "issued_at": iso_secs(i.issued_at),
            "expires_at": iso_secs(i.expires_at),
            "invitation_status": self.invitation_status(i),
            "user": {
                "mail": if left { mask(&i.mail) } else { i.mail.clone() },
                "authority": i.authority.as_str(),
                "code": i.code,
            },
        })
    }

    pub fn create_invitation(
        &mut self,
        org: usize,
        mail: Option<&str>,
        authority: Option<&str>,
        code: Option<&str>,
    ) -> Result<()> {
        let mail = mail
            .map(str::trim)
            .filter(|m| valid_mail(m))
            .ok_or_else(|| {
                SimError::invalid_params("user_mail is required and must be a valid e-mail address")
            })?;
        let authority = match authority {
            None => Authority::Member,
            Some(a) => Authority::parse_input(a).ok_or_else(|| {
                SimError::invalid_params("user_authority must be manager or member")
            })?,
        };
        let o = &self.orgs[org];
        if o.members
            .iter()
            .any(|m| self.user(&m.user_id).and_then(|u| u.mail.as_deref()) == Some(mail))
        {
            return Err(SimError::new(
                StatusCode::BAD_REQUEST,
                "registered_mail",
                "A user with this e-mail address already belongs to the organization",
            ));
        }
        let active: Vec<&Invitation> = o
            .invitations
            .iter()
            .filter(|i| !i.accepted && self.invitation_status(i) == "active")
            .collect();
        if active.iter().any(|i| i.mail == mail) {
            return Err(SimError::new(
                StatusCode::BAD_REQUEST,
                "exist_invitation",
                "An invitation to this address is awaiting acceptance",
            ));
        }
        if active.len() >= self.config.max_active_invitations {
            return Err(SimError::new(
                StatusCode::BAD_REQUEST,
                "invitation_limit_exceeded",
                "The number of active invitations reached its maximum",
            ));
        }
        let now = self.now();
        let inv = Invitation {
            id: ids::invitation_id(&mut self.rng),
            mail: mail.to_string(),
            authority,
            code: code.filter(|c| !c.is_empty()).map(str::to_string),
            issued_at: now,
            expires_at: now + Duration::days(INVITATION_LIFETIME_DAYS),
            accepted: false,
        };
        let o = &mut self.orgs[org];
        self.outbox.push(Mail {
            to: inv.mail.clone(),
            organization_id: o.id.clone(),
            invitation_id: inv.id.clone(),
            subject: format!("Invitation to {}", o.name),
            sent_at: iso_secs(now),
        });
        o.invitations.push(inv);
        Ok(())
    }

    pub fn list_invitations(&self, org: usize, f: &InvitationFilter) -> Vec<Value> {
        self.orgs[org]
            .invitations
            .iter()
            .filter(|i| !i.accepted)
            .filter(|i| {
                f.status
                    .as_deref()
                    .is_none_or(|s| self.invitation_status(i) == s)
            })
            .filter(|i| f.issued_after.is_none_or(|t| i.issued_at > t))
            .filter(|i| f.issued_before.is_none_or(|t| i.issued_at < t))
            .take(f.limit)
            .map(|i| self.invitation_json(i))
            .collect()
    }

    /// Control API: the invitee accepts; they become a user of the organization.
    /// Control API: sets an invitation's expiry (Today's tests craft invitations that expire
    /// soon, just too late, or expired some time ago). Its status follows the clock as usual.
    pub fn set_invitation_expiry(
        &mut self,
        invitation_id: &str,
        at: DateTime<Utc>,
    ) -> Result<Value> {
        let inv = self
            .orgs
            .iter_mut()
            .flat_map(|o| o.invitations.iter_mut())
            .find(|i| i.id == invitation_id)
            .ok_or_else(|| SimError::not_found("invitation_not_found", "No such invitation"))?;
        inv.expires_at = at;
        let inv = inv.clone();
        Ok(self.invitation_json(&inv))
    }

    pub fn accept_invitation(&mut self, invitation_id: &str, name: Option<&str>) -> Result<Value> {
        let (org, idx) = self
            .orgs
            .iter()
            .enumerate()
            .find_map(|(o, org)| {
                org.invitations
                    .iter()
                    .position(|i| i.id == invitation_id)
                    .map(|i| (o, i))
            })
            .ok_or_else(|| SimError::not_found("invitation_not_found", "No such invitation"))?;
        let inv = self.orgs[org].invitations[idx].clone();
        if inv.accepted {
            return Err(SimError::new(
                StatusCode::CONFLICT,
                "invitation_accepted",
                "Already accepted",
            ));
        }
        if self.invitation_status(&inv) != "active" {
            return Err(SimError::new(
                StatusCode::GONE,
                "invitation_expired",
                "The invitation has expired",
            ));
        }
        let user_id = match self.user_by_mail(&inv.mail) {
            Some(u) => u.id.clone(),
            None => {
                let id = ids::user_id(&mut self.rng);
                let name = name
                    .filter(|n| !n.trim().is_empty())
                    .map(str::to_string)
                    .unwrap_or_else(|| inv.mail.split('@').next().unwrap_or("Invitee").to_string());
                self.users.insert(
                    id.clone(),
                    User {
                        id: id.clone(),
                        name,
                        mail: Some(inv.mail.clone()),
                        image_url: None,
                        password: None,
                        nfcs: Vec::new(),
                        deleted: false,
                    },
                );
                id
            }
        };
        if self.orgs[org].member(&user_id).is_some() {
            return Err(SimError::new(
                StatusCode::CONFLICT,
                "registered_mail",
                "Already a member",
            ));
        }
        self.orgs[org].invitations[idx].accepted = true;
        Ok(self.add_member(org, &user_id, inv.authority, inv.code))
    }
}
