-- Schema 6: the records kept in time order. `accesses` becomes a table keyed by
-- (created_at_ms, id): the time index of schema 2 *is* the table now, and the other indexes
-- end in the key instead of a row id, about 38 bytes a record less in all. `id` numbers records
-- in the order stored; accesses.rs gives it (a table without row ids numbers nothing). What was
-- stored after a given number (what a team has not been given yet) is found through
-- `access_batches`: an index on `id` alone would cost 15 of the 38 bytes back.
--
-- The records already stored are numbered anew here, in time order, so that a run of numbers
-- is a run of the table. time_order.rs moves the marks of what each team was given to the new
-- numbers, and reads the triggers on `accesses` before this runs (they go with the old table)
-- to create them again after, unchanged. The views over `accesses` name it and stay.

CREATE TABLE accesses_by_time (
    id            INTEGER NOT NULL,
    lock_ref      INTEGER NOT NULL REFERENCES locks(id),
    created_at_ms INTEGER NOT NULL,
    user_ref      INTEGER NOT NULL DEFAULT 0,
    kind_ref      INTEGER NOT NULL REFERENCES kinds(id),
    is_locked     INTEGER NOT NULL,
    occurrence    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (created_at_ms, id)
) WITHOUT ROWID;

INSERT INTO accesses_by_time
        (id, lock_ref, created_at_ms, user_ref, kind_ref, is_locked, occurrence)
    SELECT row_number() OVER (ORDER BY created_at_ms, id),
           lock_ref, created_at_ms, user_ref, kind_ref, is_locked, occurrence
    FROM accesses ORDER BY created_at_ms, id;

-- One row per lock of each stored batch: its records are numbered first_id..=last_id among
-- those of the batch's other locks, and lie within from_ms..=til_ms. Lock 0 stands for every
-- lock: the records numbered here, in blocks of 65,536 (a block is a stretch of the table).
CREATE TABLE access_batches (
    last_id  INTEGER NOT NULL,
    lock_ref INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    from_ms  INTEGER NOT NULL,
    til_ms   INTEGER NOT NULL,
    PRIMARY KEY (last_id, lock_ref)
) WITHOUT ROWID;

INSERT INTO access_batches (last_id, lock_ref, first_id, from_ms, til_ms)
    SELECT max(id), 0, min(id), min(created_at_ms), max(created_at_ms)
    FROM accesses_by_time GROUP BY (id - 1) / 65536;

DROP TABLE accesses;
-- Renamed as in SQLite's own recipe for changing a table: with the legacy rename, the views
-- that name `accesses` are left as they are and read the new table.
PRAGMA legacy_alter_table = ON;
ALTER TABLE accesses_by_time RENAME TO accesses;
PRAGMA legacy_alter_table = OFF;

-- What recognises a record again (see accesses.rs), then the indexes of schema 2 without the
-- time index (the table's own order) and without the row id each used to end in. The first is
-- an index of its own, not the table's UNIQUE constraint: SQLite reads `id` from the index made
-- for a constraint of a table without row ids in the table, one lookup a record.
CREATE UNIQUE INDEX accesses_identity
    ON accesses (lock_ref, created_at_ms, user_ref, kind_ref, is_locked, occurrence);
CREATE INDEX accesses_user_time ON accesses (user_ref, created_at_ms, id, lock_ref, kind_ref, is_locked);
CREATE INDEX accesses_kind_time ON accesses (kind_ref, created_at_ms, id, lock_ref, user_ref, is_locked);
