//! The people a filter names by a piece of a name or e-mail address: the archive's people
//! folded once and kept in memory between reads (a scan of 20,000 names in SQL took 3.5–5 ms
//! of a 6 ms page), loaded again once the archive changed — `PRAGMA data_version` for other
//! connections' commits, the connection's own change count for its writes.

use std::sync::Mutex;

use memchr::memmem::Finder;
use rusqlite::Connection;

use crate::error::Result;

/// What marks the end of each person's name and of their address in the folded text: never
/// in a needle, so no match runs from one person (or field) into the next.
const END: char = '\0';

#[derive(Default)]
pub(crate) struct People {
    folded: Mutex<Option<Folded>>,
}

struct Folded {
    /// The connection's `data_version` and change count when loaded.
    stamp: (i64, u64),
    /// Every person's name and e-mail address, folded, each ended by [`END`].
    text: String,
    /// Where each person's part of `text` starts (ascending), and their ref.
    starts: Vec<(usize, i64)>,
}

impl People {
    /// Refs of the people whose id is `needle`, or whose name or e-mail address contains it
    /// (ignoring case, in every script). `conn` is the archive's own connection: the kept
    /// folding is checked against its counters.
    pub fn matching(&self, conn: &Connection, needle: &str) -> Result<Vec<i64>> {
        let mut refs: Vec<i64> = conn
            .prepare_cached("SELECT id FROM users WHERE user_id = ?1")?
            .query_map([needle], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let needle = fold(needle);
        if needle.is_empty() || needle.contains(END) {
            return Ok(refs);
        }
        // Inside a transaction what is read may yet be rolled back: read it, keep nothing.
        if !conn.is_autocommit() {
            let stamp = stamp(conn)?;
            Folded::load(conn, stamp)?.find(&needle, &mut refs);
        } else {
            let mut kept = self.folded.lock().unwrap_or_else(|p| p.into_inner());
            // Read before the people: a commit in between loads them again next time.
            let stamp = stamp(conn)?;
            if kept.as_ref().is_none_or(|f| f.stamp != stamp) {
                *kept = Some(Folded::load(conn, stamp)?);
            }
            if let Some(f) = kept.as_ref() {
                f.find(&needle, &mut refs);
            }
        }
        refs.sort_unstable();
        refs.dedup();
        Ok(refs)
    }
}

impl Folded {
    fn load(conn: &Connection, stamp: (i64, u64)) -> Result<Folded> {
        let mut text = String::new();
        let mut starts = Vec::new();
        let mut stmt = conn.prepare_cached("SELECT id, name, mail FROM users")?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            starts.push((text.len(), r.get::<_, i64>(0)?));
            for field in [r.get::<_, Option<String>>(1)?, r.get(2)?] {
                text.push_str(&fold(field.as_deref().unwrap_or("")).replace(END, ""));
                text.push(END);
            }
        }
        Ok(Folded {
            stamp,
            text,
            starts,
        })
    }

    /// Adds the ref of each person whose part of the text contains `needle`.
    fn find(&self, needle: &str, refs: &mut Vec<i64>) {
        let mut last = None;
        for at in Finder::new(needle.as_bytes()).find_iter(self.text.as_bytes()) {
            let i = self.starts.partition_point(|&(start, _)| start <= at) - 1;
            if last != Some(i) {
                refs.push(self.starts[i].1);
                last = Some(i);
            }
        }
    }
}

fn fold(s: &str) -> String {
    s.to_lowercase()
}

fn stamp(conn: &Connection) -> Result<(i64, u64)> {
    let version = conn
        .prepare_cached("PRAGMA data_version")?
        .query_row([], |r| r.get(0))?;
    Ok((version, conn.total_changes()))
}
