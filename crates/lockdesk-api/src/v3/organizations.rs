use futures::Stream;
use reqwest::Method;

use super::client::Client;
use super::paging::{all_pages, PageParams};
use crate::error::Result;
use crate::ids::OrganizationId;
use crate::models::Organization;
use crate::transport::{decode_list, decode_object, ApiRequest};

pub struct Organizations<'a> {
    client: &'a Client,
}

impl<'a> Organizations<'a> {
    pub(crate) fn new(client: &'a Client) -> Self {
        Organizations { client }
    }

    /// Organizations the token owner belongs to, in the order they joined.
    pub async fn list(&self, page: &PageParams) -> Result<Vec<Organization>> {
        let req = page.apply(ApiRequest::new(Method::GET, "/v3/organizations"))?;
        decode_list(&self.client.call(req).await?, "organizations")
    }

    pub fn stream(&self, page: PageParams) -> impl Stream<Item = Result<Organization>> + 'a {
        let this = Organizations {
            client: self.client,
        };
        all_pages(page, move |p| {
            let this = Organizations {
                client: this.client,
            };
            async move { this.list(&p).await }
        })
    }

    pub async fn get(&self, id: &OrganizationId) -> Result<Organization> {
        let req = ApiRequest::new(Method::GET, format!("/v3/organizations/{id}"));
        decode_object(&self.client.call(req).await?, "organization")
    }
}
