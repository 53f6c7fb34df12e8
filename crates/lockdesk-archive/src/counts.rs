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
}
