//! `limit` + `id_after` cursors, and a stream over all pages that does not care whether the
//! service repeats the boundary element and stops a listing that never ends.

use std::collections::HashSet;
use std::future::Future;

use futures::stream::{self, Stream, TryStreamExt};

use crate::error::{Error, Result};
use crate::transport::ApiRequest;
use crate::validate;

/// The most elements one listing (v3 `stream`, v2 `accesses_stream`) reads. The spec states
/// no organization size; 100,000 locks or users is far past any office, and reads 100 pages of
/// the largest page size (1,000) or 1,000 of the default (100). A service that keeps
/// announcing more is stopped with [`Error::TooManyPages`] instead of being read forever.
pub const MAX_LISTING_ITEMS: u32 = 100_000;

/// Pages one listing may read at page size `limit`: enough for [`MAX_LISTING_ITEMS`] and a last
/// short page.
pub fn max_pages(limit: u32) -> u32 {
    MAX_LISTING_ITEMS.div_ceil(limit.max(1)) + 1
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageParams {
    /// 1 to 1,000; the service's default (100) when absent.
    pub limit: Option<u32>,
    pub id_after: Option<String>,
    pub id_before: Option<String>,
}

impl PageParams {
    pub fn limit(limit: u32) -> Self {
        PageParams {
            limit: Some(limit),
            ..Default::default()
        }
    }

    pub(crate) fn apply(&self, req: ApiRequest) -> Result<ApiRequest> {
        if let Some(l) = self.limit {
            validate::limit(l)?;
        }
        Ok(req
            .query_opt("limit", self.limit)
            .query_opt("id_after", self.id_after.as_deref())
            .query_opt("id_before", self.id_before.as_deref()))
    }
}

pub(crate) trait HasId {
    fn id(&self) -> &str;
}

macro_rules! has_id {
    ($($t:ty),*) => {$(impl HasId for $t { fn id(&self) -> &str { &self.id } })*};
}
has_id!(
    crate::models::Lock,
    crate::models::User,
    crate::models::Organization
);

/// Fetches pages with `fetch(params)` until a short page, following `id_after`.
pub(crate) fn all_pages<'a, T, F, Fut>(
    first: PageParams,
    fetch: F,
) -> impl Stream<Item = Result<T>> + 'a
where
    T: HasId + 'a,
    F: Fn(PageParams) -> Fut + 'a,
    Fut: Future<Output = Result<Vec<T>>> + 'a,
{
    let limit = first.limit.unwrap_or(100);
    let first = PageParams {
        limit: Some(limit),
        ..first
    };
    // Every id seen so far: a repeated boundary element is dropped, and a page with nothing
    // new ends the walk instead of looping.
    let state = (fetch, Some(first), HashSet::<String>::new(), 0u32);
    stream::try_unfold(state, move |(fetch, params, mut seen, pages)| async move {
        let Some(params) = params else {
            return Ok(None);
        };
        if pages >= max_pages(limit) {
            return Err(Error::TooManyPages { pages });
        }
        let page = fetch(params.clone()).await?;
        let full = page.len() as u32 >= limit;
        let last = page.last().map(|t| t.id().to_owned());
        let fresh: Vec<T> = page
            .into_iter()
            .filter(|t| seen.insert(t.id().to_owned()))
            .collect();
        let next = match (full && !fresh.is_empty(), last) {
            (true, Some(last)) => Some(PageParams {
                id_after: Some(last),
                ..params
            }),
            _ => None,
        };
        Ok(Some((fresh, (fetch, next, seen, pages + 1))))
    })
    .map_ok(|page| stream::iter(page.into_iter().map(Ok)))
    .try_flatten()
}
