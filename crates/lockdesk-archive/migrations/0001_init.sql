-- History archive, schema 1. Times are integer epoch milliseconds (UTC).

CREATE TABLE locks (
    id        INTEGER PRIMARY KEY,
    lock_id   TEXT NOT NULL UNIQUE,
    name      TEXT,
    image_url TEXT,
    -- time of the newest record this row's name was taken from (ms)
    seen_ms   INTEGER NOT NULL DEFAULT 0
);

-- People seen in records. user_ref 0 in accesses means "no user" (autolock, hand, button).
CREATE TABLE users (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT NOT NULL UNIQUE,
    name      TEXT,
    mail      TEXT,
    image_url TEXT,
    seen_ms   INTEGER NOT NULL DEFAULT 0
);

-- client_type values, as small numbers in accesses.
CREATE TABLE kinds (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO kinds (name) VALUES ('mobile_app'), ('manager'), ('nfc_outside'), ('nfc_inside'),
    ('autolock'), ('hand'), ('button');

-- v2 records carry no id: a record is identified by what it says, plus its occurrence among
-- identical records within one answer page (see accesses.rs).
CREATE TABLE accesses (
    id            INTEGER PRIMARY KEY,
    lock_ref      INTEGER NOT NULL REFERENCES locks(id),
    created_at_ms INTEGER NOT NULL,
    user_ref      INTEGER NOT NULL DEFAULT 0,
    kind_ref      INTEGER NOT NULL REFERENCES kinds(id),
    is_locked     INTEGER NOT NULL,
    occurrence    INTEGER NOT NULL DEFAULT 0,
    UNIQUE (lock_ref, created_at_ms, user_ref, kind_ref, is_locked, occurrence)
);
CREATE INDEX accesses_time ON accesses (created_at_ms);
CREATE INDEX accesses_user_time ON accesses (user_ref, created_at_ms);

-- One row per (lock, run): the run's pinned range and how far it got. Updated in the same
-- transaction as the page it describes.
CREATE TABLE sync_runs (
    id          INTEGER PRIMARY KEY,
    lock_id     TEXT NOT NULL,
    mode        TEXT NOT NULL,          -- 'incremental' | 'backfill'
    from_ms     INTEGER,                -- inclusive; NULL = from the beginning
    til_ms      INTEGER NOT NULL,       -- exclusive, pinned when the run starts
    next_offset INTEGER NOT NULL DEFAULT 0,
    records     INTEGER NOT NULL DEFAULT 0,
    new_records INTEGER NOT NULL DEFAULT 0,
    pages       INTEGER NOT NULL DEFAULT 0,
    status      TEXT NOT NULL DEFAULT 'running', -- 'running' | 'done'
    started_ms  INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL
);
CREATE INDEX sync_runs_open ON sync_runs (status, lock_id);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
