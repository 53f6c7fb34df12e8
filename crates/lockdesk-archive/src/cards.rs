//! A person's day on the time card (`Card`), kept per (user ref, day) in `Cards`, and filled
//! record by record (`scan`) or from the rollups (`timecard_rollups.rs`).

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use rusqlite::Connection;

use crate::days::DAY_MS;
use crate::error::Result;
use crate::filter_sql::where_clause;
use crate::model::{HistoryFilter, Zone};
use crate::people::People;
use crate::zone::ZoneMapper;

/// One user's day so far.
#[derive(Default)]
pub(crate) struct Card {
    pub first_entry: Option<i64>,
    pub last_exit: Option<i64>,
    pub first: i64,
    pub last: i64,
    pub records: u64,
}

impl Card {
    pub fn merge(&mut self, other: &Card) {
        if self.records == 0 {
            self.first = other.first;
            self.last = other.last;
        }
        self.records += other.records;
        self.first = self.first.min(other.first);
        self.last = self.last.max(other.last);
        self.first_entry = min_of(self.first_entry, other.first_entry);
        self.last_exit = self.last_exit.max(other.last_exit);
    }
}

fn min_of(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        _ => a.or(b),
    }
}

/// Cards by (user ref, day in the zone).
pub(crate) type Cards = HashMap<(i64, i64), Card, Fast>;

/// Adds the matching records with a user to `cards`, one by one. `inside` is the ref of
/// `nfc_inside`.
pub(crate) fn scan(
    conn: &Connection,
    people: &People,
    filter: &HistoryFilter,
    zone: Zone,
    inside: i64,
    cards: &mut Cards,
) -> Result<()> {
    let w = where_clause(conn, people, filter)?;
    if w.empty {
        return Ok(());
    }
    let cond = if w.sql.is_empty() {
        "WHERE a.user_ref != 0".to_owned()
    } else {
        format!("{} AND a.user_ref != 0", w.sql)
    };
    let sql = format!(
        "SELECT a.created_at_ms, a.user_ref, a.kind_ref, a.is_locked FROM accesses a {cond}"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(rusqlite::params_from_iter(w.params.iter()))?;
    let mut zone = ZoneMapper::new(zone);
    while let Some(r) = rows.next()? {
        let ms: i64 = r.get(0)?;
        let user: i64 = r.get(1)?;
        let kind: i64 = r.get(2)?;
        let locked: bool = r.get(3)?;
        let day = (ms + zone.offset_ms(ms)).div_euclid(DAY_MS);
        let exit = locked || kind == inside;
        let record = Card {
            first_entry: (!locked && kind != inside).then_some(ms),
            last_exit: exit.then_some(ms),
            first: ms,
            last: ms,
            records: 1,
        };
        cards.entry((user, day)).or_default().merge(&record);
    }
    Ok(())
}

/// A multiplicative hash for the (user, day) keys: SipHash's resistance to chosen keys buys
/// nothing for keys from the archive and costs a third of the time card.
#[derive(Default, Clone, Copy)]
pub(crate) struct Fast;

#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl BuildHasher for Fast {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0)
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
