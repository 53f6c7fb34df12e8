use futures::Stream;
use reqwest::Method;

use super::client::{org_path, Client};
use super::locks::ImageUpload;
use super::paging::{all_pages, PageParams};
use crate::error::{Error, Result};
use crate::ids::{OrganizationId, UserId};
use crate::models::{Authority, User};
use crate::transport::{decode_list, decode_object, ApiRequest, Part};
use crate::validate;

#[derive(Clone, Debug, Default)]
pub struct UserQuery {
    pub page: PageParams,
    /// Exact match.
    pub user_code: Option<String>,
    /// Exact match.
    pub user_mail: Option<String>,
    /// Adds `created_at` and `updated_at`.
    pub include_datetime: bool,
}

#[derive(Clone, Debug, Default)]
pub struct NewUser {
    pub name: String,
    /// Required for a manager.
    pub mail: Option<String>,
    pub image: Option<ImageUpload>,
    /// `member` when absent.
    pub authority: Option<Authority>,
    pub code: Option<String>,
}

/// Adds a user who already exists in the service (by id) to the organization.
#[derive(Clone, Debug)]
pub struct ExistingUserInvite {
    pub user_id: UserId,
    pub image: Option<ImageUpload>,
    pub authority: Option<Authority>,
    pub code: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct UserUpdate {
    pub name: Option<String>,
    pub mail: Option<String>,
    pub image: Option<ImageUpload>,
    pub authority: Option<Authority>,
    pub code: Option<String>,
}

fn text(name: &str, value: &str) -> Part {
    Part::Text {
        name: name.to_owned(),
        value: value.to_owned(),
    }
}

fn authority_part(authority: &Option<Authority>, parts: &mut Vec<Part>) -> Result<()> {
    if let Some(a) = authority {
        // Only the two documented input values may be sent.
        let a = Authority::parse_input(a.as_str())?;
        parts.push(text("user_authority", a.as_str()));
    }
    Ok(())
}

impl NewUser {
    fn parts(&self) -> Result<Vec<Part>> {
        validate::non_empty("user_name", &self.name)?;
        let mut parts = vec![text("user_name", &self.name)];
        match self.mail.as_deref().filter(|m| !m.trim().is_empty()) {
            Some(mail) => {
                validate::mail("user_mail", mail)?;
                parts.push(text("user_mail", mail));
            }
            None if self.authority == Some(Authority::Manager) => {
                return Err(Error::validation(
                    "user_mail",
                    "a manager needs an e-mail address",
                ))
            }
            None => {}
        }
        authority_part(&self.authority, &mut parts)?;
        if let Some(code) = &self.code {
            parts.push(text("user_code", code));
        }
        if let Some(image) = &self.image {
            parts.push(image.part("user_image")?);
        }
        Ok(parts)
    }
}

impl ExistingUserInvite {
    fn parts(&self) -> Result<Vec<Part>> {
        let mut parts = vec![text("user_id", self.user_id.as_str())];
        authority_part(&self.authority, &mut parts)?;
        if let Some(code) = &self.code {
            parts.push(text("user_code", code));
        }
        if let Some(image) = &self.image {
            parts.push(image.part("user_image")?);
        }
        Ok(parts)
    }
}

impl UserUpdate {
    fn parts(&self) -> Result<Vec<Part>> {
        let mut parts = Vec::new();
        if let Some(name) = &self.name {
            validate::non_empty("user_name", name)?;
            parts.push(text("user_name", name));
        }
        if let Some(mail) = &self.mail {
            validate::mail("user_mail", mail)?;
            parts.push(text("user_mail", mail));
        }
        authority_part(&self.authority, &mut parts)?;
        if let Some(code) = &self.code {
            parts.push(text("user_code", code));
        }
        if let Some(image) = &self.image {
            parts.push(image.part("user_image")?);
        }
        if parts.is_empty() {
            return Err(Error::validation("user", "nothing to change"));
        }
        Ok(parts)
    }
}

pub struct Users<'a> {
    client: &'a Client,
    org: &'a OrganizationId,
}

impl<'a> Users<'a> {
    pub(crate) fn new(client: &'a Client, org: &'a OrganizationId) -> Self {
        Users { client, org }
    }

    fn path(&self, rest: &str) -> String {
        org_path(self.org, &format!("/users{rest}"))
    }

    pub async fn list(&self, query: &UserQuery) -> Result<Vec<User>> {
        let req = query
            .page
            .apply(ApiRequest::new(Method::GET, self.path("")))?
            .query_opt("user_code", query.user_code.as_deref())
            .query_opt("user_mail", query.user_mail.as_deref())
            .query_opt("include_datetime", query.include_datetime.then_some("true"));
        decode_list(&self.client.call(req).await?, "users")
    }

    pub fn stream(&self, query: UserQuery) -> impl Stream<Item = Result<User>> + 'a {
        let (client, org) = (self.client, self.org);
        let template = query.clone();
        all_pages(query.page, move |page| {
            let q = UserQuery {
                page,
                ..template.clone()
            };
            async move { Users { client, org }.list(&q).await }
        })
    }

    pub async fn get(&self, id: &UserId) -> Result<User> {
        let req = ApiRequest::new(Method::GET, self.path(&format!("/{id}")));
        decode_object(&self.client.call(req).await?, "user")
    }

    pub async fn register(&self, user: &NewUser) -> Result<User> {
        let req = ApiRequest::new(Method::POST, self.path("")).multipart(user.parts()?);
        decode_object(&self.client.call(req).await?, "user")
    }

    pub async fn invite_existing(&self, invite: &ExistingUserInvite) -> Result<User> {
        let req = ApiRequest::new(Method::POST, self.path("")).multipart(invite.parts()?);
        decode_object(&self.client.call(req).await?, "user")
    }

    pub async fn update(&self, id: &UserId, update: &UserUpdate) -> Result<User> {
        let req =
            ApiRequest::new(Method::PUT, self.path(&format!("/{id}"))).multipart(update.parts()?);
        decode_object(&self.client.call(req).await?, "user")
    }

    /// Removes the user from the organization.
    pub async fn remove(&self, id: &UserId) -> Result<()> {
        let req = ApiRequest::new(Method::DELETE, self.path(&format!("/{id}")));
        self.client.call(req).await?;
        Ok(())
    }
}
