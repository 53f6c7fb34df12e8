use bytes::Bytes;
use futures::Stream;
use reqwest::Method;

use super::client::{org_path, Client};
use super::paging::{all_pages, PageParams};
use crate::error::{Error, Result};
use crate::ids::{LockId, OrganizationId};
use crate::models::Lock;
use crate::transport::{decode_list, decode_object, ApiRequest, Part};
use crate::validate;

#[derive(Clone, Debug, Default)]
pub struct LockQuery {
    pub page: PageParams,
    /// Only these locks (`lock_ids[]`).
    pub lock_ids: Vec<LockId>,
}

/// An image file to upload.
#[derive(Clone, Debug)]
pub struct ImageUpload {
    pub file_name: String,
    /// e.g. `image/jpeg`
    pub mime: String,
    pub bytes: Bytes,
}

#[derive(Clone, Debug)]
pub enum LockImage {
    Upload(ImageUpload),
    /// Back to the service's default image (sent as an empty string).
    Reset,
}

#[derive(Clone, Debug, Default)]
pub struct LockUpdate {
    pub name: Option<String>,
    pub image: Option<LockImage>,
}

impl ImageUpload {
    pub(crate) fn part(&self, field: &str) -> Result<Part> {
        if self.bytes.is_empty() {
            return Err(Error::validation(field, "the image file is empty"));
        }
        if !self.mime.starts_with("image/") {
            return Err(Error::validation(
                field,
                format!("{} is not an image ({})", self.file_name, self.mime),
            ));
        }
        Ok(Part::File {
            name: field.to_owned(),
            file_name: self.file_name.clone(),
            mime: self.mime.clone(),
            bytes: self.bytes.clone(),
        })
    }
}

pub struct Locks<'a> {
    client: &'a Client,
    org: &'a OrganizationId,
}

impl<'a> Locks<'a> {
    pub(crate) fn new(client: &'a Client, org: &'a OrganizationId) -> Self {
        Locks { client, org }
    }

    pub async fn list(&self, query: &LockQuery) -> Result<Vec<Lock>> {
        let mut req = query
            .page
            .apply(ApiRequest::new(Method::GET, org_path(self.org, "/locks")))?;
        for id in &query.lock_ids {
            req = req.query("lock_ids[]", id);
        }
        decode_list(&self.client.call(req).await?, "locks")
    }

    /// Every lock, page after page.
    pub fn stream(&self, query: LockQuery) -> impl Stream<Item = Result<Lock>> + 'a {
        let (client, org) = (self.client, self.org);
        let ids = query.lock_ids.clone();
        all_pages(query.page, move |page| {
            let q = LockQuery {
                page,
                lock_ids: ids.clone(),
            };
            async move { Locks { client, org }.list(&q).await }
        })
    }

    pub async fn get(&self, id: &LockId) -> Result<Lock> {
        let req = ApiRequest::new(Method::GET, org_path(self.org, &format!("/locks/{id}")));
        decode_object(&self.client.call(req).await?, "lock")
    }

    /// Renames and/or changes the image, as multipart form data.
    pub async fn update(&self, id: &LockId, update: &LockUpdate) -> Result<Lock> {
        let mut parts = Vec::new();
        if let Some(name) = &update.name {
            validate::lock_name(name)?;
            parts.push(Part::Text {
                name: "lock_name".into(),
                value: name.clone(),
            });
        }
        match &update.image {
            Some(LockImage::Upload(image)) => parts.push(image.part("lock_image")?),
            Some(LockImage::Reset) => parts.push(Part::Text {
                name: "lock_image".into(),
                value: String::new(),
            }),
            None => {}
        }
        if parts.is_empty() {
            return Err(Error::validation("lock", "nothing to change"));
        }
        let req = ApiRequest::new(Method::PUT, org_path(self.org, &format!("/locks/{id}")))
            .multipart(parts);
        decode_object(&self.client.call(req).await?, "lock")
    }
}
