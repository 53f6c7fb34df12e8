//! The time card: per user per day (in the chosen zone), the first entry and the last exit.
//!
//! v2 records do not say which side of the door a person was on, so:
//! * an **entry** is an unlock by the person that did not come from the inside reader
//!   (`nfc_inside`): a card from outside, the app, the web console or a URL key;
//! * an **exit** is a record by the person from the inside reader, or a lock by the person
//!   (locking up on the way out).
//!
//! Records without a user (autolock, hand, button) are not counted. Each row also carries the
//! first and last record of the person that day, whatever its kind.
//!
//! Read from the per-user rollups where they answer (`timecard_rollups.rs`), else from the
//! records one by one.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use rusqlite::Connection;

use crate::accesses::where_clause;
use crate::aggregate::date_of_day;
use crate::archive::{Archive, Names};
use crate::error::Result;
use crate::model::*;
use crate::timecard_rollups;
use crate::zone::ZoneMapper;

const DAY_MS: i64 = 86_400_000;

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

impl Archive {
    pub fn timecard(&self, req: &TimecardRequest) -> Result<Vec<TimecardRow>> {
        let conn = self.conn();
        let names = Names::load(&conn)?;
        let inside = names
            .kinds
            .iter()
            .position(|k| k.as_deref() == Some("nfc_inside"))
            .map_or(-1, |p| p as i64);
        let cards = match timecard_rollups::cards(&conn, &req.filter, req.zone, inside)? {
            Some(cards) => cards,
            None => {
                let mut cards = Cards::default();
                scan(&conn, &req.filter, req.zone, inside, &mut cards)?;
                cards
            }
        };
        drop(conn);
        // Sorted by day and each user's place in (name, id) order: integers, not strings.
        let place = places(&names);
        let mut cards: Vec<((i64, i64), Card)> = cards.into_iter().collect();
        cards.sort_unstable_by_key(|((user, day), _)| (*day, place_of(&place, *user)));
        let out = cards
            .into_iter()
            .map(|((user, day), c)| {
                let u = names.user(user);
                TimecardRow {
                    date: date_of_day(day),
                    user_id: u.map(|u| u.0.clone()).unwrap_or_default(),
                    user_name: u.and_then(|u| u.1.clone()),
                    user_mail: u.and_then(|u| u.2.clone()),
                    first_entry: c.first_entry.map(from_ms),
                    last_exit: c.last_exit.map(from_ms),
                    first_seen: from_ms(c.first),
                    last_seen: from_ms(c.last),
                    records: c.records,
                }
            })
            .collect();
        Ok(out)
    }
}

/// Adds the matching records with a user to `cards`, one by one. `inside` is the ref of
/// `nfc_inside`.
pub(crate) fn scan(
    conn: &Connection,
    filter: &HistoryFilter,
    zone: Zone,
    inside: i64,
    cards: &mut Cards,
) -> Result<()> {
    let w = where_clause(conn, filter)?;
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

/// Each user ref's place in (name, id) order, as rows are sorted within a day; refs without a
/// user sort as an empty id without a name.
fn places(names: &Names) -> Vec<usize> {
    let key = |r: usize| {
        let u = names.user(r as i64);
        (
            u.and_then(|u| u.1.as_deref()),
            u.map_or("", |u| u.0.as_str()),
        )
    };
    let mut refs: Vec<usize> = (0..names.users.len()).collect();
    refs.sort_by(|a, b| key(*a).cmp(&key(*b)));
    let mut place = vec![0; refs.len()];
    for (i, r) in refs.iter().enumerate() {
        // Equal keys share a place.
        place[*r] = if i > 0 && key(refs[i - 1]) == key(*r) {
            place[refs[i - 1]]
        } else {
            i
        };
    }
    place
}

fn place_of(place: &[usize], user: i64) -> usize {
    let none = place.first().copied().unwrap_or(0);
    usize::try_from(user)
        .ok()
        .and_then(|u| place.get(u).copied())
        .unwrap_or(none)
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
