//! Page-size discovery: the largest page the service accepts, found by halving on
//! `invalid_params` and a search between the last accepted and the first refused size.

/// Page-size discovery shared by every lock of a sync.
#[derive(Debug)]
pub(super) struct PageSize {
    pub(super) current: u32,
    /// Largest size accepted so far.
    pub(super) good: u32,
    /// Smallest size refused so far.
    pub(super) bad: Option<u32>,
}

impl PageSize {
    pub(super) fn accepted(&mut self, size: u32) -> bool {
        self.good = self.good.max(size);
        match self.bad {
            Some(bad) if bad > self.good + 1 => {
                self.current = (self.good + bad) / 2;
                false
            }
            Some(_) => {
                self.current = self.good;
                true
            }
            None => false,
        }
    }

    pub(super) fn refused(&mut self, size: u32) -> bool {
        self.bad = Some(self.bad.map_or(size, |b| b.min(size)));
        if size <= 1 {
            return false;
        }
        self.current = if self.good > 0 {
            (self.good + size) / 2
        } else {
            size / 2
        }
        .max(1);
        if self.current <= self.good {
            self.current = self.good;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_size_search_settles_on_the_largest_accepted() {
        for max_accepted in [1u32, 7, 20, 30, 50, 64, 99] {
            let mut s = PageSize {
                current: 100,
                good: 0,
                bad: None,
            };
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(steps < 30, "no convergence for {max_accepted}");
                let size = s.current;
                if size <= max_accepted {
                    if s.accepted(size) {
                        break;
                    }
                    if s.bad.is_none() {
                        break;
                    }
                } else {
                    assert!(s.refused(size));
                }
            }
            assert_eq!(s.current, max_accepted, "for {max_accepted}");
        }
    }
}
