//! The time card from `access_user_hours` (schema 4): whole UTC hours from the rollup, the
//! partial hours at either end of the range from the records. Like the chart rollups, exact
//! when the zone's offset is a whole number of hours and constant within each hour; otherwise,
//! or when the filter names locks, kinds or an action (not rollup columns), `None`.

use rusqlite::Connection;

use crate::error::Result;
use crate::model::{HistoryFilter, Zone};
use crate::rollup::HOUR_MS;
use crate::rollup_range::cut;
use crate::timecard::{scan, Card, Cards};
use crate::zone::ZoneMapper;

const DAY_MS: i64 = 86_400_000;

pub(crate) fn cards(
    conn: &Connection,
    f: &HistoryFilter,
    zone: Zone,
    inside: i64,
) -> Result<Option<Cards>> {
    if !f.lock_ids.is_empty() || !f.kinds.is_empty() || f.is_locked.is_some() {
        return Ok(None);
    }
    let Some(hours) = cut(f, HOUR_MS) else {
        return Ok(None);
    };
    let mut cards = Cards::default();
    let Some(cond) = hours.rollup_where(conn, f, "hour")? else {
        return Ok(Some(cards));
    };
    let sql = format!(
        "SELECT a.hour, a.user_ref, a.records, a.first_ms, a.last_ms, a.first_entry_ms,
                a.last_exit_ms
         FROM access_user_hours a {cond}"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query([])?;
    let mut mapper = ZoneMapper::new(zone);
    let (mut hour, mut day) = (i64::MIN, 0);
    while let Some(r) = rows.next()? {
        let h: i64 = r.get(0)?;
        if h != hour {
            let start = h * HOUR_MS;
            let offset = mapper.offset_ms(start);
            if offset % HOUR_MS != 0 || mapper.offset_ms(start + HOUR_MS - 1) != offset {
                return Ok(None);
            }
            hour = h;
            day = (start + offset).div_euclid(DAY_MS);
        }
        let part = Card {
            records: r.get::<_, i64>(2)? as u64,
            first: r.get(3)?,
            last: r.get(4)?,
            first_entry: r.get(5)?,
            last_exit: r.get(6)?,
        };
        cards.entry((r.get(1)?, day)).or_default().merge(&part);
    }
    for edge in &hours.edges {
        scan(conn, edge, zone, inside, &mut cards)?;
    }
    Ok(Some(cards))
}
