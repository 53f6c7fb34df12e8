//! `limit` / `id_after` / `id_before` paging of v3 lists (bounds are exclusive).

use std::ops::Range;

use super::error::{Result, SimError};

#[derive(Debug, Clone)]
pub struct ListQuery {
    pub limit: usize,
    pub id_after: Option<String>,
    pub id_before: Option<String>,
}

impl Default for ListQuery {
    fn default() -> Self {
        Self {
            limit: 100,
            id_after: None,
            id_before: None,
        }
    }
}

/// Positions strictly after `id_after` and strictly before `id_before` in join order.
pub fn window<'a>(
    ids: impl Iterator<Item = &'a str> + Clone,
    q: &ListQuery,
    not_found: impl Fn() -> SimError,
) -> Result<Range<usize>> {
    let pos = |id: &str| ids.clone().position(|x| x == id);
    let len = ids.clone().count();
    let start = match &q.id_after {
        Some(a) => pos(a).ok_or_else(&not_found)? + 1,
        None => 0,
    };
    let end = match &q.id_before {
        Some(b) => pos(b).ok_or_else(&not_found)?,
        None => len,
    };
    Ok(start..end.max(start))
}
