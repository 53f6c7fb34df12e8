use std::collections::HashSet;

use chrono::{DateTime, SecondsFormat, Utc};
use reqwest::Method;

use super::client::{org_path, Client};
use crate::error::Result;
use crate::ids::OrganizationId;
use crate::models::{Authority, Invitation, InvitationStatus};
use crate::transport::{decode_list, ApiRequest};
use crate::validate;

#[derive(Clone, Debug, Default)]
pub struct NewInvitation {
    pub mail: String,
    pub authority: Option<Authority>,
    pub code: Option<String>,
}

impl NewInvitation {
    /// The checks made before sending, for callers that validate a whole batch first.
    pub fn validate(&self) -> Result<()> {
        validate::mail("user_mail", self.mail.trim())?;
        if let Some(a) = &self.authority {
            Authority::parse_input(a.as_str())?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Default)]
pub struct InvitationQuery {
    pub status: Option<InvitationStatus>,
    pub limit: Option<u32>,
    /// Strictly after.
    pub issued_after: Option<DateTime<Utc>>,
    /// Strictly before.
    pub issued_before: Option<DateTime<Utc>>,
}

pub struct Invitations<'a> {
    client: &'a Client,
    org: &'a OrganizationId,
}

fn iso(t: &DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

impl<'a> Invitations<'a> {
    pub(crate) fn new(client: &'a Client, org: &'a OrganizationId) -> Self {
        Invitations { client, org }
    }

    /// Sends the invitation e-mail. The service answers 204 with no body.
    pub async fn create(&self, invitation: &NewInvitation) -> Result<()> {
        invitation.validate()?;
        let mut form = vec![("user_mail".to_owned(), invitation.mail.trim().to_owned())];
        if let Some(a) = &invitation.authority {
            form.push(("user_authority".to_owned(), a.as_str().to_owned()));
        }
        if let Some(code) = &invitation.code {
            form.push(("user_code".to_owned(), code.clone()));
        }
        let req = ApiRequest::new(Method::POST, org_path(self.org, "/user_invitations")).form(form);
        self.client.call(req).await?;
        Ok(())
    }

    pub async fn list(&self, query: &InvitationQuery) -> Result<Vec<Invitation>> {
        if let Some(l) = query.limit {
            validate::limit(l)?;
        }
        let req = ApiRequest::new(Method::GET, org_path(self.org, "/user_invitations"))
            .query_opt(
                "invitation_status",
                query.status.as_ref().map(|s| s.as_str()),
            )
            .query_opt("limit", query.limit)
            .query_opt("issued_after", query.issued_after.as_ref().map(iso))
            .query_opt("issued_before", query.issued_before.as_ref().map(iso));
        decode_list(&self.client.call(req).await?, "user_invitations")
    }

    /// Every invitation matching `query`, paging on the issue time. Issue times are compared at
    /// whole seconds, so each page restarts one second early and repeats are dropped by id.
    pub async fn list_all(&self, query: &InvitationQuery) -> Result<Vec<Invitation>> {
        let limit = query.limit.unwrap_or(1000);
        let mut seen = HashSet::new();
        let mut all = Vec::new();
        let mut q = InvitationQuery {
            limit: Some(limit),
            ..query.clone()
        };
        loop {
            let page = self.list(&q).await?;
            let full = page.len() as u32 >= limit;
            let newest = page.iter().filter_map(|i| i.issued_at).max();
            let before = all.len();
            all.extend(page.into_iter().filter(|i| seen.insert(i.id.clone())));
            match newest {
                Some(t) if full && all.len() > before => {
                    q.issued_after = Some(t - chrono::Duration::seconds(1));
                }
                _ => return Ok(all),
            }
        }
    }
}
