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

use crate::archive::{Archive, Names};
use crate::cards::{scan, Card, Cards};
use crate::days::{date_of_day, Times};
use crate::error::Result;
use crate::filter_sql::every_lock_as_none;
use crate::model::*;
use crate::timecard_rollups;

impl Archive {
    /// Every row, by day and then by name.
    pub fn timecard(&self, req: &TimecardRequest) -> Result<Vec<TimecardRow>> {
        Ok(self.timecard_page(req, 0, usize::MAX)?.0)
    }

    /// Up to `limit` rows from the `offset`th, and how many rows there are in all: a month of
    /// a big office is hundreds of thousands of rows, while a screen shows a few hundred.
    pub fn timecard_page(
        &self,
        req: &TimecardRequest,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<TimecardRow>, usize)> {
        let conn = self.conn();
        let names = Names::load(&conn)?;
        let inside = names
            .kinds
            .iter()
            .position(|k| k.as_deref() == Some("nfc_inside"))
            .map_or(-1, |p| p as i64);
        let filter = every_lock_as_none(&conn, &req.filter)?;
        let cards = match timecard_rollups::cards(&conn, &self.people, &filter, req.zone, inside)? {
            Some(cards) => cards,
            None => {
                let mut cards = Cards::default();
                scan(&conn, &self.people, &filter, req.zone, inside, &mut cards)?;
                cards
            }
        };
        drop(conn);
        // Sorted by day and each user's place in (name, id) order: integers, not strings.
        let place = places(&names);
        let cards: Vec<((i64, i64), Card)> = cards.into_iter().collect();
        // Each card's (day, place) in one integer beside its index: what the sort moves is
        // small (the days of one answer span far less than 2^32).
        let first_day = cards.iter().map(|((_, day), _)| *day).min().unwrap_or(0);
        let mut order: Vec<(u64, u32)> = cards
            .iter()
            .enumerate()
            .map(|(i, ((user, day), _))| {
                let key = ((day - first_day) as u64) << 32 | place_of(&place, *user) as u64;
                (key, i as u32)
            })
            .collect();
        order.sort_unstable();
        let total = order.len();
        // Rows come day by day: each day's date is worked out once.
        let mut date = (i64::MIN, date_of_day(0));
        let mut times = Times::default();
        let out = order
            .into_iter()
            .skip(offset)
            .take(limit)
            .map(|(_, i)| {
                let ((user, day), c) = &cards[i as usize];
                let (user, day) = (*user, *day);
                let u = names.user(user);
                if date.0 != day {
                    date = (day, date_of_day(day));
                }
                TimecardRow {
                    date: date.1,
                    user_id: u.map(|u| u.0.clone()).unwrap_or_default(),
                    user_name: u.and_then(|u| u.1.clone()),
                    user_mail: u.and_then(|u| u.2.clone()),
                    first_entry: c.first_entry.map(|ms| times.at(ms)),
                    last_exit: c.last_exit.map(|ms| times.at(ms)),
                    first_seen: times.at(c.first),
                    last_seen: times.at(c.last),
                    records: c.records,
                }
            })
            .collect();
        Ok((out, total))
    }
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
