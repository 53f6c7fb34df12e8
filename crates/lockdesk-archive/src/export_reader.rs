//! An export's records read on a thread of their own and handed over in batches, so reading
//! SQLite and encoding and writing the output run on two cores at once.

use std::sync::mpsc;

use rusqlite::types::Value;
use rusqlite::Connection;

use crate::error::Result;

/// `created_at_ms, lock_ref, user_ref, kind_ref, is_locked` of one record.
pub(crate) type Record = (i64, i64, i64, i64, bool);

const BATCH: usize = 4096;

/// Runs `sql` (which selects a [`Record`]'s columns) on `conn` in a thread and calls `f` with
/// each batch of records, in order. An error of `f` stops the reading.
pub(crate) fn for_each_batch(
    conn: Connection,
    sql: &str,
    params: Vec<Value>,
    mut f: impl FnMut(&[Record]) -> Result<()>,
) -> Result<()> {
    let (send, batches) = mpsc::sync_channel::<Vec<Record>>(4);
    std::thread::scope(|s| {
        let reader = s.spawn(move || -> Result<()> {
            let mut stmt = conn.prepare(sql)?;
            let mut rows = stmt.query(rusqlite::params_from_iter(params.iter()))?;
            let mut batch = Vec::with_capacity(BATCH);
            while let Some(r) = rows.next()? {
                batch.push((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?));
                if batch.len() == BATCH {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                    if send.send(full).is_err() {
                        // The writer stopped; its error is the one to report.
                        return Ok(());
                    }
                }
            }
            if !batch.is_empty() {
                let _ = send.send(batch);
            }
            Ok(())
        });
        let written = batches.iter().try_for_each(|batch| f(&batch));
        drop(batches);
        let read = reader.join().expect("export reader panicked");
        written.and(read)
    })
}
