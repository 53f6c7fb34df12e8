//! What the charts count, filled from the rollups (`rollup.rs`) or record by record
//! (`aggregate.rs`).

use std::collections::HashMap;

use crate::days::{weekday_of_day, DAY_MS, HOUR_MS};

/// What the charts count, before names are attached.
#[derive(Default)]
pub(crate) struct Counts {
    pub per_day: HashMap<i64, u64>,
    pub how: Vec<u64>,
    /// By user ref (0: no user).
    pub per_user: Vec<u64>,
    /// By kind ref.
    pub per_kind: Vec<u64>,
    pub total: u64,
}

impl Counts {
    /// Counts `n` records at wall-clock time `local` (ms since 1970 in the zone).
    pub fn add_time(&mut self, local: i64, n: u64) {
        let d = local.div_euclid(DAY_MS);
        *self.per_day.entry(d).or_default() += n;
        self.add_hour_of_week(d, local, n);
    }

    pub fn add_hour_of_week(&mut self, day: i64, local: i64, n: u64) {
        if self.how.is_empty() {
            self.how = vec![0; 168];
        }
        let hour = local.rem_euclid(DAY_MS) / HOUR_MS;
        self.how[weekday_of_day(day) as usize * 24 + hour as usize] += n;
    }

    pub fn bump(v: &mut Vec<u64>, i: usize, n: u64) {
        if v.len() <= i {
            v.resize(i + 1, 0);
        }
        v[i] += n;
    }

    /// Takes away `part`, counts of some of the records these counts hold (never below zero,
    /// should a damaged archive's rollups hold fewer).
    pub fn subtract(&mut self, part: &Counts) {
        for (day, n) in &part.per_day {
            if let Some(have) = self.per_day.get_mut(day) {
                *have = have.saturating_sub(*n);
                if *have == 0 {
                    self.per_day.remove(day);
                }
            }
        }
        for (mine, theirs) in [
            (&mut self.how, &part.how),
            (&mut self.per_user, &part.per_user),
            (&mut self.per_kind, &part.per_kind),
        ] {
            for (have, n) in mine.iter_mut().zip(theirs) {
                *have = have.saturating_sub(*n);
            }
        }
        self.total = self.total.saturating_sub(part.total);
    }
}
