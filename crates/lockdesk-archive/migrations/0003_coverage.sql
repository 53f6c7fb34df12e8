-- Schema 3: which stretches of each lock's history the archive holds completely, so screens and
-- rules can tell "no records" from "records not fetched yet" while a first sync still runs.

-- Disjoint stretches [from_ms, til_ms) per lock, merged as pages commit; from_ms NULL: back to
-- the lock's first record.
CREATE TABLE coverage (
    lock_id TEXT NOT NULL,
    from_ms INTEGER,
    til_ms  INTEGER NOT NULL,
    PRIMARY KEY (lock_id, til_ms)
) WITHOUT ROWID;

-- A running run (newest first) holds everything from its oldest committed record up to its
-- end: that record's time.
ALTER TABLE sync_runs ADD COLUMN reached_ms INTEGER;

-- The stretches of the runs finished before this schema are filled in by db.rs (a merge of
-- ranges is simpler in Rust than in SQL).
