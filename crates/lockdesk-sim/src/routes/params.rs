//! One parser for query strings, url-encoded bodies and multipart bodies into a multi-map.

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header;
use bytes::Bytes;

use crate::backend::error::{Result, SimError};
use crate::backend::images::ImageInput;
use crate::backend::paging::ListQuery;

#[derive(Debug, Clone)]
pub enum Value {
    Text(String),
    File { bytes: Bytes },
}

/// All parameters of a request; `name[]` is stored as `name`.
#[derive(Debug, Default, Clone)]
pub struct Params {
    pairs: Vec<(String, Value)>,
}

fn norm(name: &str) -> String {
    name.strip_suffix("[]").unwrap_or(name).to_string()
}

impl Params {
    pub fn parse_urlencoded(&mut self, input: &[u8]) {
        for (k, v) in form_urlencoded::parse(input) {
            self.pairs.push((norm(&k), Value::Text(v.into_owned())));
        }
    }

    pub fn from_query(q: Option<&str>) -> Self {
        let mut p = Params::default();
        p.parse_urlencoded(q.unwrap_or("").as_bytes());
        p
    }

    /// Every parameter in the order received.
    pub(crate) fn pairs(&self) -> &[(String, Value)] {
        &self.pairs
    }

    /// First text value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find_map(|(k, v)| match v {
            Value::Text(t) if k == name => Some(t.as_str()),
            _ => None,
        })
    }

    pub fn string(&self, name: &str) -> Option<String> {
        self.get(name).map(str::to_string)
    }

    /// Every text value of `name` (also `name[]`), in order; empty values skipped.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.pairs
            .iter()
            .filter(|(k, _)| k == name)
            .filter_map(|(_, v)| match v {
                Value::Text(t) if !t.is_empty() => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    /// An image field: an empty text or empty file part means "reset".
    pub fn image(&self, name: &str) -> Option<ImageInput> {
        self.pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| match v {
                Value::Text(t) if t.is_empty() => ImageInput::Reset,
                Value::Text(t) => ImageInput::Data(Bytes::from(t.clone().into_bytes())),
                Value::File { bytes } if bytes.is_empty() => ImageInput::Reset,
                Value::File { bytes } => ImageInput::Data(bytes.clone()),
            })
    }

    /// `limit` (1..=1000, default 100), `id_after`, `id_before`.
    pub fn list_query(&self) -> Result<ListQuery> {
        let limit = match self.get("limit") {
            None => 100,
            Some(s) => s
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=1000).contains(n))
                .ok_or_else(|| {
                    SimError::invalid_params("limit must be an integer from 1 to 1000")
                })?,
        };
        Ok(ListQuery {
            limit,
            id_after: self.string("id_after").filter(|s| !s.is_empty()),
            id_before: self.string("id_before").filter(|s| !s.is_empty()),
        })
    }
}

/// Extractor: bearer token plus the merged query and body parameters.
pub struct Input {
    pub bearer: Option<String>,
    pub params: Params,
}

impl<S: Send + Sync> FromRequest<S> for Input {
    type Rejection = SimError;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        let mut params = Params::from_query(req.uri().query());
        let bearer = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| {
                h.strip_prefix("Bearer ")
                    .or_else(|| h.strip_prefix("bearer "))
            })
            .map(|t| t.trim().to_string());
        let ctype = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        if ctype.starts_with("multipart/form-data") {
            let mut mp = Multipart::from_request(req, state)
                .await
                .map_err(|e| SimError::invalid_params(format!("bad multipart body: {e}")))?;
            while let Some(field) = mp
                .next_field()
                .await
                .map_err(|e| SimError::invalid_params(format!("bad multipart body: {e}")))?
            {
                let name = norm(field.name().unwrap_or(""));
                let is_file = field.file_name().is_some();
                let bytes = field
                    .bytes()
                    .await
                    .map_err(|e| SimError::invalid_params(format!("bad multipart body: {e}")))?;
                let value = if is_file {
                    Value::File { bytes }
                } else {
                    Value::Text(String::from_utf8_lossy(&bytes).into_owned())
                };
                params.pairs.push((name, value));
            }
        } else {
            let body = Bytes::from_request(req, state)
                .await
                .map_err(|e| SimError::invalid_params(format!("unreadable body: {e}")))?;
            if !body.is_empty() && !ctype.starts_with("application/json") {
                params.parse_urlencoded(&body);
            }
        }
        Ok(Input { bearer, params })
    }
}
