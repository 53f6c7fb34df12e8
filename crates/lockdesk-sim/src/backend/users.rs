//! Users of an organization (global people plus per-organization membership).

use serde_json::{json, Value};

use super::clock::iso_secs;
use super::error::{Result, SimError};
use super::ids;
use super::images::ImageInput;
use super::oauth::Caller;
use super::paging::{window, ListQuery};
use super::state::{Authority, Member, State, User};

pub fn user_not_found(id: &str) -> SimError {
    SimError::not_found(
        "user_not_found",
        format!("User {id} is not in the organization"),
    )
}

/// A plausible e-mail address: `local@domain.tld`, no spaces.
pub fn valid_mail(m: &str) -> bool {
    let Some((local, domain)) = m.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !m.chars().any(|c| c.is_whitespace())
        && m.len() <= 254
}

/// Fields of register / invite-by-id / update.
#[derive(Debug, Default)]
pub struct UserInput {
    pub user_id: Option<String>,
    pub name: Option<String>,
    pub mail: Option<String>,
    pub image: Option<ImageInput>,
    pub authority: Option<String>,
    pub code: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct UserFilter {
    pub code: Option<String>,
    pub mail: Option<String>,
    pub include_datetime: bool,
}

impl State {
    pub fn user_json(&self, m: &Member, include_datetime: bool) -> Value {
        let u = self.users.get(&m.user_id);
        let nfcs = u.filter(|u| !u.nfcs.is_empty()).map(|u| {
            u.nfcs
                .iter()
                .map(|(id, name)| json!({ "id": id, "name": name }))
                .collect::<Vec<_>>()
        });
        let mut v = json!({
            "id": m.user_id,
            "name": u.map(|u| u.name.clone()),
            "mail": u.and_then(|u| u.mail.clone()),
            "image_url": u.and_then(|u| u.image_url.clone()),
            "authority": m.authority.as_str(),
            "code": m.code,
            "nfcs": nfcs,
        });
        if include_datetime {
            v["created_at"] = json!(iso_secs(m.created_at));
            v["updated_at"] = json!(iso_secs(m.updated_at));
        }
        v
    }

    fn member_index(&self, org: usize, user_id: &str) -> Result<usize> {
        self.orgs[org]
            .members
            .iter()
            .position(|m| m.user_id == user_id)
            .ok_or_else(|| user_not_found(user_id))
    }

    pub fn list_users(&self, org: usize, q: &ListQuery, f: &UserFilter) -> Result<Vec<Value>> {
        let members = &self.orgs[org].members;
        let range = window(members.iter().map(|m| m.user_id.as_str()), q, || {
            user_not_found(
                q.id_after
                    .as_deref()
                    .or(q.id_before.as_deref())
                    .unwrap_or(""),
            )
        })?;
        Ok(members[range]
            .iter()
            .filter(|m| f.code.as_ref().is_none_or(|c| m.code.as_ref() == Some(c)))
            .filter(|m| {
                f.mail.as_ref().is_none_or(|mail| {
                    self.user(&m.user_id).and_then(|u| u.mail.as_ref()) == Some(mail)
                })
            })
            .take(q.limit)
            .map(|m| self.user_json(m, f.include_datetime))
            .collect())
    }

    pub fn user_detail(&self, org: usize, user_id: &str) -> Result<Value> {
        let m = &self.orgs[org].members[self.member_index(org, user_id)?];
        Ok(json!({ "user": self.user_json(m, false) }))
    }

    fn code_taken(&self, org: usize, code: &str, except: Option<&str>) -> bool {
        self.orgs[org]
            .members
            .iter()
            .any(|m| m.code.as_deref() == Some(code) && Some(m.user_id.as_str()) != except)
    }

    fn parse_authority(s: Option<&str>) -> Result<Option<Authority>> {
        match s {
            None => Ok(None),
            Some(a) => Authority::parse_input(a).map(Some).ok_or_else(|| {
                SimError::invalid_params("user_authority must be manager or member")
            }),
        }
    }

    /// `POST /users`: register a new user, or invite an existing one when `user_id` is given.
    pub fn register_user(&mut self, org: usize, input: &UserInput) -> Result<Value> {
        let authority =
            Self::parse_authority(input.authority.as_deref())?.unwrap_or(Authority::Member);
        let code = input.code.clone().filter(|c| !c.is_empty());
        if let Some(uid) = &input.user_id {
            let user = self.user(uid).ok_or_else(|| user_not_found(uid))?;
            let has_mail = user.mail.is_some();
            if self.orgs[org].member(uid).is_some() {
                return Err(SimError::not_allowed(
                    "The user already belongs to the organization",
                ));
            }
            if authority == Authority::Manager && !has_mail {
                return Err(SimError::invalid_params(
                    "A manager needs an e-mail address",
                ));
            }
            if code
                .as_deref()
                .is_some_and(|c| self.code_taken(org, c, None))
            {
                return Err(SimError::invalid_params(
                    "user_code is already used in the organization",
                ));
            }
            if let Some(img) = &input.image {
                let url = self.store_image("user_image", img)?;
                if let Some(u) = self.users.get_mut(uid) {
                    u.image_url = url;
                }
            }
            return Ok(self.add_member(org, uid, authority, code));
        }
        let name = input
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .ok_or_else(|| SimError::invalid_params("user_name is required"))?
            .to_string();
        let mail = input.mail.clone().filter(|m| !m.is_empty());
        if authority == Authority::Manager && mail.is_none() {
            return Err(SimError::invalid_params(
                "user_mail is required for a manager",
            ));
        }
        if mail.as_deref().is_some_and(|m| !valid_mail(m)) {
            return Err(SimError::invalid_params(
                "user_mail is not a valid e-mail address",
            ));
        }
        if code
            .as_deref()
            .is_some_and(|c| self.code_taken(org, c, None))
        {
            return Err(SimError::invalid_params(
                "user_code is already used in the organization",
            ));
        }
        if mail
            .as_deref()
            .is_some_and(|m| self.user_by_mail(m).is_some())
        {
            return Err(SimError::new(
                axum::http::StatusCode::BAD_REQUEST,
                "registered_mail",
                "A user with this e-mail address already exists",
            ));
        }
        let image_url = match &input.image {
            Some(img) => self.store_image("user_image", img)?,
            None => None,
        };
        let id = ids::user_id(&mut self.rng);
        self.users.insert(
            id.clone(),
            User {
                id: id.clone(),
                name,
                mail,
                image_url,
                password: None,
                nfcs: Vec::new(),
                deleted: false,
            },
        );
        Ok(self.add_member(org, &id, authority, code))
    }

    pub fn add_member(
        &mut self,
        org: usize,
        user_id: &str,
        authority: Authority,
        code: Option<String>,
    ) -> Value {
        let now = self.now();
        let m = Member {
            user_id: user_id.to_string(),
            authority,
            code,
            created_at: now,
            updated_at: now,
        };
        let v = json!({ "user": self.user_json(&m, false) });
        self.orgs[org].members.push(m);
        v
    }

    /// `PUT /users/{user_id}`
    pub fn update_user(
        &mut self,
        org: usize,
        caller: &Caller,
        caller_role: Authority,
        user_id: &str,
        input: &UserInput,
    ) -> Result<Value> {
        let mi = self.member_index(org, user_id)?;
        let target = self.orgs[org].members[mi].clone();
        if target.authority == Authority::SuperManager {
            return Err(SimError::not_allowed("The super manager cannot be updated"));
        }
        let new_auth = Self::parse_authority(input.authority.as_deref())?;
        if new_auth.is_some() {
            if caller_role != Authority::SuperManager {
                return Err(SimError::insufficient_authority(
                    "Only the super manager can change authority",
                ));
            }
            if caller.user_id == user_id {
                return Err(SimError::not_allowed(
                    "You cannot change your own authority",
                ));
            }
        }
        if caller_role == Authority::Manager
            && target.authority == Authority::Manager
            && caller.user_id != user_id
        {
            return Err(SimError::insufficient_authority(
                "A manager cannot update another manager",
            ));
        }
        let user = self
            .users
            .get(user_id)
            .cloned()
            .ok_or_else(|| user_not_found(user_id))?;
        let name = input.name.as_deref().map(str::trim);
        if name.is_some_and(str::is_empty) {
            return Err(SimError::invalid_params("user_name must not be empty"));
        }
        if let Some(m) = input.mail.as_deref() {
            if !valid_mail(m) {
                return Err(SimError::invalid_params(
                    "user_mail is not a valid e-mail address",
                ));
            }
            if self.user_by_mail(m).is_some_and(|u| u.id != user_id) {
                return Err(SimError::new(
                    axum::http::StatusCode::BAD_REQUEST,
                    "registered_mail",
                    "A user with this e-mail address already exists",
                ));
            }
        }
        let code = input.code.as_deref();
        if code.is_some_and(|c| !c.is_empty() && self.code_taken(org, c, Some(user_id))) {
            return Err(SimError::invalid_params(
                "user_code is already used in the organization",
            ));
        }
        if new_auth == Some(Authority::Manager) && input.mail.is_none() && user.mail.is_none() {
            return Err(SimError::invalid_params(
                "A manager needs an e-mail address",
            ));
        }
        let image_url = match &input.image {
            Some(img) => Some(self.store_image("user_image", img)?),
            None => None,
        };
        let mut changed = false;
        let now = self.now();
        let u = self
            .users
            .get_mut(user_id)
            .ok_or_else(|| user_not_found(user_id))?;
        if let Some(n) = name {
            changed |= u.name != n;
            u.name = n.to_string();
        }
        if let Some(m) = input.mail.as_deref() {
            changed |= u.mail.as_deref() != Some(m);
            u.mail = Some(m.to_string());
        }
        if let Some(url) = image_url {
            u.image_url = url;
        }
        let member = &mut self.orgs[org].members[mi];
        if let Some(c) = code {
            let c = (!c.is_empty()).then(|| c.to_string());
            changed |= member.code != c;
            member.code = c;
        }
        if changed {
            member.updated_at = now;
        }
        let demoted = new_auth == Some(Authority::Member) && member.authority > Authority::Member;
        if let Some(a) = new_auth {
            member.authority = a;
        }
        let member = member.clone();
        if demoted {
            self.revoke_account_tokens(user_id);
        }
        Ok(json!({ "user": self.user_json(&member, false) }))
    }

    /// `DELETE /users/{user_id}`
    pub fn remove_user(&mut self, org: usize, caller: &Caller, user_id: &str) -> Result<()> {
        let mi = self.member_index(org, user_id)?;
        if caller.user_id == user_id {
            return Err(SimError::not_allowed("You cannot remove yourself"));
        }
        if self.orgs[org].members[mi].authority == Authority::SuperManager {
            return Err(SimError::not_allowed("The super manager cannot be removed"));
        }
        let o = &mut self.orgs[org];
        o.members.remove(mi);
        for g in &mut o.user_groups {
            g.member_ids.retain(|u| u != user_id);
        }
        Ok(())
    }
}
