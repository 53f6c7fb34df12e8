//! The `/_sim/` control API (JSON in and out).

use axum::extract::{Path, State as AxState};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::backend::clock::iso_millis;
use crate::backend::faults::Faults;
use crate::backend::state::{Api, Config};
use crate::backend::{Sim, SimError};
use crate::sim_info::{client_info, sim_info};

pub fn router() -> Router<Sim> {
    Router::new()
        .route("/_sim/info", get(info))
        .route("/_sim/reset", post(reset))
        .route("/_sim/clock", get(clock_get).post(clock_advance))
        .route("/_sim/outbox", get(outbox))
        .route("/_sim/clients", post(add_client))
        .route("/_sim/invitations/{id}/accept", post(accept))
        .route("/_sim/invitations/{id}/expiry", post(expiry))
        .route("/_sim/scopes", post(scopes))
        .route("/_sim/accounts/delete", post(delete_account))
        .route("/_sim/history", post(history))
        .route("/_sim/history/records", post(history_records))
        .route("/_sim/battery", post(battery))
        .route("/_sim/faults", get(faults_get).post(faults_set))
        .route("/_sim/config", get(config_get).post(config_set))
        .route("/_sim/images/{name}", get(image))
}

type Res = Result<Response, SimError>;

fn ok(v: Value) -> Res {
    Ok(Json(v).into_response())
}

fn bad(m: impl Into<String>) -> SimError {
    SimError::new(StatusCode::BAD_REQUEST, "invalid_params", m)
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, SimError> {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| bad(format!("invalid JSON body: {e}")))
}

async fn info(AxState(sim): AxState<Sim>) -> Res {
    ok(serde_json::to_value(sim_info(&sim.lock())).unwrap_or_default())
}

async fn reset(AxState(sim): AxState<Sim>) -> Res {
    sim.lock().reset();
    ok(json!({ "ok": true }))
}

async fn clock_get(AxState(sim): AxState<Sim>) -> Res {
    ok(json!({ "now": iso_millis(sim.lock().now()) }))
}

#[derive(Deserialize)]
struct Advance {
    #[serde(default)]
    advance_seconds: i64,
}

async fn clock_advance(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let a: Advance = parse(&body)?;
    let mut st = sim.lock();
    st.clock.advance(a.advance_seconds);
    ok(json!({ "now": iso_millis(st.now()) }))
}

async fn outbox(AxState(sim): AxState<Sim>) -> Res {
    ok(json!({ "mails": sim.lock().outbox }))
}

#[derive(Deserialize)]
struct NewClient {
    api: String,
    redirect_uri: Option<String>,
    scopes: Option<Vec<String>>,
}

async fn add_client(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let c: NewClient = parse(&body)?;
    let api = match c.api.as_str() {
        "v3" => Api::V3,
        "v2" => Api::V2,
        _ => return Err(bad("api must be v3 or v2")),
    };
    let redirect = c
        .redirect_uri
        .unwrap_or_else(|| crate::backend::demo::REDIRECT_URI.to_string());
    let scopes = c.scopes.unwrap_or_else(|| match api {
        Api::V3 => crate::backend::oauth::V3_SCOPES
            .iter()
            .map(|s| s.to_string())
            .collect(),
        Api::V2 => Vec::new(),
    });
    let client = sim.lock().register_client(api, redirect, scopes);
    ok(serde_json::to_value(client_info(&client)).unwrap_or_default())
}

#[derive(Deserialize, Default)]
struct Accept {
    name: Option<String>,
}

async fn accept(
    AxState(sim): AxState<Sim>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Res {
    let a: Accept = parse(&body)?;
    ok(sim.lock().accept_invitation(&id, a.name.as_deref())?)
}

#[derive(Deserialize)]
struct Expiry {
    /// RFC 3339 with a zone.
    expires_at: String,
}

/// `POST /_sim/invitations/{id}/expiry`: an invitation's expiry, at a chosen time.
async fn expiry(
    AxState(sim): AxState<Sim>,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Res {
    let e: Expiry = parse(&body)?;
    let at = crate::backend::clock::parse_iso(&e.expires_at)
        .ok_or_else(|| bad(format!("invalid time {}", e.expires_at)))?;
    ok(sim.lock().set_invitation_expiry(&id, at)?)
}

#[derive(Deserialize)]
struct ScopeSwitch {
    mail: String,
    scope: String,
    enabled: bool,
}

async fn scopes(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let s: ScopeSwitch = parse(&body)?;
    let mut st = sim.lock();
    let uid = st
        .user_by_mail(&s.mail)
        .map(|u| u.id.clone())
        .ok_or_else(|| SimError::not_found("account_not_found", "No account with that mail"))?;
    let set = st.disabled_scopes.entry(uid.clone()).or_default();
    if s.enabled {
        set.remove(&s.scope);
    } else {
        set.insert(s.scope.clone());
    }
    let disabled: Vec<String> = set.iter().cloned().collect();
    ok(json!({ "mail": s.mail, "disabled_scopes": disabled }))
}

#[derive(Deserialize)]
struct Mail {
    mail: String,
}

async fn delete_account(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let m: Mail = parse(&body)?;
    let mut st = sim.lock();
    let uid = st
        .user_by_mail(&m.mail)
        .map(|u| u.id.clone())
        .ok_or_else(|| SimError::not_found("account_not_found", "No account with that mail"))?;
    if let Some(u) = st.users.get_mut(&uid) {
        u.deleted = true;
    }
    for o in &mut st.orgs {
        o.members.retain(|m| m.user_id != uid);
        for g in &mut o.user_groups {
            g.member_ids.retain(|u| *u != uid);
        }
    }
    ok(json!({ "deleted": uid }))
}

#[derive(Deserialize)]
struct AppendHistory {
    lock_id: String,
    count: usize,
}

async fn history(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let h: AppendHistory = parse(&body)?;
    let mut st = sim.lock();
    let total = st.append_history(&h.lock_id, h.count)?;
    ok(
        json!({ "lock_id": h.lock_id, "appended": h.count, "total": total, "now": iso_millis(st.now()) }),
    )
}

#[derive(Deserialize)]
struct CraftedRecord {
    /// RFC 3339 with a zone.
    at: String,
    #[serde(default)]
    user_id: Option<String>,
    client_type: String,
    is_locked: bool,
}

#[derive(Deserialize)]
struct CraftedHistory {
    lock_id: String,
    records: Vec<CraftedRecord>,
}

/// `POST /_sim/history/records`: records at chosen times (for the watcher's rule tests).
async fn history_records(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    use crate::backend::clock::parse_iso;
    use crate::backend::state::{Access, CLIENT_TYPES};
    let h: CraftedHistory = parse(&body)?;
    let mut records = Vec::with_capacity(h.records.len());
    for r in h.records {
        let at = parse_iso(&r.at).ok_or_else(|| bad(format!("invalid time {}", r.at)))?;
        let client_type = CLIENT_TYPES
            .iter()
            .position(|c| *c == r.client_type)
            .ok_or_else(|| bad(format!("unknown client_type {}", r.client_type)))?
            as u8;
        records.push(Access {
            at,
            is_locked: r.is_locked,
            client_type,
            user_id: r.user_id.map(Into::into),
        });
    }
    let added = records.len();
    let total = sim.lock().add_history_records(&h.lock_id, records)?;
    ok(json!({ "lock_id": h.lock_id, "added": added, "total": total }))
}

#[derive(Deserialize)]
struct SetBattery {
    lock_id: String,
    /// `lock`, `nfc_reader_inside`, `nfc_reader_outside` or `door_sensor`.
    part: String,
    percent: u8,
}

/// `POST /_sim/battery`: one battery of a lock.
async fn battery(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let b: SetBattery = parse(&body)?;
    sim.lock().set_battery(&b.lock_id, &b.part, b.percent)?;
    ok(json!({ "lock_id": b.lock_id, "part": b.part, "percent": b.percent }))
}

async fn faults_get(AxState(sim): AxState<Sim>) -> Res {
    ok(serde_json::to_value(&sim.lock().faults).unwrap_or_default())
}

async fn faults_set(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let f: Faults = parse(&body)?;
    let mut st = sim.lock();
    st.faults = f;
    ok(serde_json::to_value(&st.faults).unwrap_or_default())
}

async fn config_get(AxState(sim): AxState<Sim>) -> Res {
    ok(serde_json::to_value(&sim.lock().config).unwrap_or_default())
}

/// Partial update: only the given keys change.
async fn config_set(AxState(sim): AxState<Sim>, body: axum::body::Bytes) -> Res {
    let patch: Value = parse(&body)?;
    let mut st = sim.lock();
    let mut current = serde_json::to_value(&st.config).unwrap_or_default();
    let (Some(obj), Some(cur)) = (patch.as_object(), current.as_object_mut()) else {
        return Err(bad("body must be a JSON object"));
    };
    for (k, v) in obj {
        if !cur.contains_key(k) {
            return Err(bad(format!("unknown config key {k}")));
        }
        cur.insert(k.clone(), v.clone());
    }
    let config: Config =
        serde_json::from_value(current).map_err(|e| bad(format!("invalid config: {e}")))?;
    st.config = config;
    ok(serde_json::to_value(&st.config).unwrap_or_default())
}

async fn image(AxState(sim): AxState<Sim>, Path(name): Path<String>) -> Res {
    let st = sim.lock();
    let img = st
        .images
        .get(&name)
        .ok_or_else(|| SimError::not_found("image_not_found", "No such image"))?;
    Ok((
        [(header::CONTENT_TYPE, img.content_type)],
        img.bytes.clone(),
    )
        .into_response())
}
