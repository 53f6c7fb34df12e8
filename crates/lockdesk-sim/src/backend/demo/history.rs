//! Demo entry/exit history: a year of records spread over the locks.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::Rng;

use super::super::state::{Access, CLIENT_TYPES};

pub(super) fn generate_history(
    rng: &mut StdRng,
    now: DateTime<Utc>,
    locks: &[(String, usize)],
    members: &[Vec<String>; 2],
    count: usize,
) -> HashMap<String, Vec<Access>> {
    let mut per_lock: Vec<Vec<Access>> =
        vec![Vec::with_capacity(count / locks.len().max(1) + 8); locks.len()];
    let span_ms = 365 * 24 * 3600 * 1000i64;
    for i in 0..count {
        let li = rng.gen_range(0..locks.len());
        // Every client type appears at least once when there are enough records.
        let ct = if i < CLIENT_TYPES.len() {
            i as u8
        } else {
            rng.gen_range(0..CLIENT_TYPES.len() as u8)
        };
        let org_members = &members[locks[li].1];
        let user = super::super::history::has_user(ct)
            .then(|| org_members[rng.gen_range(0..org_members.len())].clone());
        let at = now - Duration::milliseconds(rng.gen_range(1..span_ms));
        let is_locked = ct == 4 || rng.gen_bool(0.5);
        per_lock[li].push(Access {
            at,
            is_locked,
            client_type: ct,
            user_id: user,
        });
    }
    locks
        .iter()
        .zip(per_lock)
        .map(|((id, _), mut recs)| {
            recs.sort_by_key(|r| r.at);
            (id.clone(), recs)
        })
        .collect()
}
