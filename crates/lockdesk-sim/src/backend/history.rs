//! v2 entry/exit history and the v2 rate limit.

use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use serde_json::{json, Value};

use super::clock::iso_millis;
use super::error::Result;
use super::locks::{lock_brief, lock_not_found};
use super::state::{Access, Authority, State, CLIENT_TYPES};

#[derive(Debug)]
pub struct AccessQuery {
    pub lock_id: String,
    pub offset: usize,
    pub limit: usize,
    pub from: Option<DateTime<Utc>>,
    pub til: Option<DateTime<Utc>>,
}

/// Whether a client type carries a user.
pub fn has_user(client_type: u8) -> bool {
    client_type < 4
}

impl State {
    /// Locks of every organization where the account is manager or higher, in join order.
    pub fn v2_lock_ids(&self, user_id: &str) -> Vec<String> {
        self.orgs
            .iter()
            .filter(|o| {
                o.member(user_id)
                    .is_some_and(|m| m.authority >= Authority::Manager)
            })
            .flat_map(|o| o.lock_ids.iter().cloned())
            .collect()
    }

    pub fn v2_locks(&self, user_id: &str) -> Vec<Value> {
        self.v2_lock_ids(user_id)
            .iter()
            .filter_map(|id| self.locks.get(id))
            .map(lock_brief)
            .collect()
    }

    pub fn v2_accesses(&self, user_id: &str, q: &AccessQuery) -> Result<Vec<Value>> {
        if !self.v2_lock_ids(user_id).contains(&q.lock_id) {
            return Err(lock_not_found(&q.lock_id));
        }
        let lock = self
            .locks
            .get(&q.lock_id)
            .ok_or_else(|| lock_not_found(&q.lock_id))?;
        let lock_v = lock_brief(lock);
        let empty = Vec::new();
        let recs = self.history.get(&q.lock_id).unwrap_or(&empty);
        let lo = q.from.map_or(0, |f| recs.partition_point(|r| r.at < f));
        let hi = q
            .til
            .map_or(recs.len(), |t| recs.partition_point(|r| r.at < t));
        let slice = if lo < hi { &recs[lo..hi] } else { &recs[0..0] };
        Ok(slice
            .iter()
            .rev()
            .skip(q.offset)
            .take(q.limit)
            .map(|r| {
                let user = r.user_id.as_deref().and_then(|u| self.users.get(u)).map(|u| {
                    json!({ "id": u.id, "full_name": u.name, "mail": u.mail, "image_url": u.image_url })
                });
                json!({
                    "is_locked": r.is_locked,
                    "client_type": CLIENT_TYPES[r.client_type as usize],
                    "created_at": iso_millis(r.at),
                    "user": user,
                    "lock": lock_v,
                })
            })
            .collect())
    }

    /// Counts a v2 request; `Err(seconds)` when over the limit.
    pub fn v2_rate(&mut self, token: &str) -> std::result::Result<(), u64> {
        let now = self.now();
        let window = Duration::milliseconds((self.config.v2_rate_window_seconds * 1000.0) as i64);
        let limit = self.config.v2_rate_limit as usize;
        let hits = self.v2_hits.entry(token.to_string()).or_default();
        while hits.front().is_some_and(|t| *t + window <= now) {
            hits.pop_front();
        }
        if hits.len() >= limit {
            let wait = hits
                .front()
                .map(|t| *t + window - now)
                .unwrap_or_else(Duration::zero);
            let secs = (wait.num_milliseconds() as f64 / 1000.0).ceil().max(1.0) as u64;
            return Err(secs);
        }
        hits.push_back(now);
        Ok(())
    }

    /// Control API: appends `count` records at the current virtual time.
    pub fn append_history(&mut self, lock_id: &str, count: usize) -> Result<usize> {
        let org_id = self
            .locks
            .get(lock_id)
            .ok_or_else(|| lock_not_found(lock_id))?
            .org_id
            .clone();
        let members: Vec<std::sync::Arc<str>> = self
            .org_index(&org_id)
            .map(|o| {
                self.orgs[o]
                    .members
                    .iter()
                    .map(|m| m.user_id.as_str().into())
                    .collect()
            })
            .unwrap_or_default();
        let now = self.now();
        let mut new = Vec::with_capacity(count);
        for i in 0..count {
            let ct = self.rng.gen_range(0..CLIENT_TYPES.len() as u8);
            let user = (has_user(ct) && !members.is_empty())
                .then(|| members[self.rng.gen_range(0..members.len())].clone());
            // Strictly increasing, ending at "now".
            let at = now - Duration::milliseconds((count - 1 - i) as i64);
            new.push(Access {
                at,
                is_locked: ct == 4 || self.rng.gen_bool(0.5),
                client_type: ct,
                user_id: user,
            });
        }
        let recs = self.history.entry(lock_id.to_string()).or_default();
        recs.extend(new);
        recs.sort_by_key(|r| r.at);
        Ok(recs.len())
    }

    /// Control API: adds crafted records (any time, any user of the lock's organization, or
    /// none) to a lock's history, kept in time order.
    pub fn add_history_records(&mut self, lock_id: &str, records: Vec<Access>) -> Result<usize> {
        let org_id = self
            .locks
            .get(lock_id)
            .ok_or_else(|| lock_not_found(lock_id))?
            .org_id
            .clone();
        for r in &records {
            if let Some(u) = &r.user_id {
                let member = self
                    .org_index(&org_id)
                    .is_some_and(|o| self.orgs[o].members.iter().any(|m| *m.user_id == **u));
                if !member {
                    return Err(super::error::SimError::invalid_params(format!(
                        "{u} is not a member of the lock's organization"
                    )));
                }
            }
        }
        let recs = self.history.entry(lock_id.to_string()).or_default();
        recs.extend(records);
        recs.sort_by_key(|r| r.at);
        Ok(recs.len())
    }

    /// Control API: sets one battery of a lock (`lock`, `nfc_reader_inside`,
    /// `nfc_reader_outside`, `door_sensor`).
    pub fn set_battery(&mut self, lock_id: &str, part: &str, percent: u8) -> Result<()> {
        let lock = self
            .locks
            .get_mut(lock_id)
            .ok_or_else(|| lock_not_found(lock_id))?;
        let percent = percent.min(100);
        match part {
            "lock" => lock.battery_percentage = Some(percent),
            "nfc_reader_inside" => lock.nfc_reader_inside.battery_percentage = percent,
            "nfc_reader_outside" => lock.nfc_reader_outside.battery_percentage = percent,
            "door_sensor" => match &mut lock.door_sensor {
                Some(d) => d.battery_percentage = percent,
                None => {
                    return Err(super::error::SimError::invalid_params(
                        "the lock has no door sensor",
                    ))
                }
            },
            _ => {
                return Err(super::error::SimError::invalid_params(format!(
                    "unknown battery part {part}"
                )))
            }
        }
        Ok(())
    }
}
