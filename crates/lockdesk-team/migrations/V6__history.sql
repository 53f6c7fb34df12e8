-- The team's history archive, per service (its address: lock ids are the service's own). One
-- computer at a time syncs from the service (it holds the service's lease, renewed while it
-- syncs) and uploads what its archive took in; every
-- computer takes the records in the order they were uploaded (seq) into its own archive.
CREATE TABLE history_lease (
    service         TEXT        PRIMARY KEY,
    computer_id     TEXT        NOT NULL,
    computer        TEXT        NOT NULL,
    os_user         TEXT        NOT NULL,
    until           TIMESTAMPTZ NOT NULL,
    -- When a sync of the team's archive last finished, and on which computer.
    synced_at       TIMESTAMPTZ,
    synced_by       TEXT
);

-- A record is what it says (lock, time to the millisecond, user or '', kind, locked or
-- unlocked) plus its occurrence among identical records, as each computer's archive keeps it.
CREATE TABLE history_records (
    seq             BIGINT      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    service         TEXT        NOT NULL,
    lock_id         TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    user_id         TEXT        NOT NULL DEFAULT '',
    kind            TEXT        NOT NULL,
    is_locked       BOOLEAN     NOT NULL,
    occurrence      INTEGER     NOT NULL DEFAULT 0,
    lock_name       TEXT,
    user_name       TEXT,
    user_mail       TEXT,
    UNIQUE (service, lock_id, created_at, user_id, kind, is_locked, occurrence)
);
CREATE INDEX history_records_seq ON history_records (service, seq);
CREATE INDEX history_records_time ON history_records (service, created_at);

-- Per lock, the stretches [from_ms, til_ms) (epoch ms; from_ms NULL: from the lock's first
-- record) whose records the team's archive holds completely.
CREATE TABLE history_coverage (
    service         TEXT   NOT NULL,
    lock_id         TEXT   NOT NULL,
    from_ms         BIGINT,
    til_ms          BIGINT NOT NULL
);
CREATE INDEX history_coverage_lock ON history_coverage (service, lock_id);

-- The records as Excel or Power BI read them (GRANT SELECT ON lockdesk_history TO a reader).
CREATE VIEW lockdesk_history AS
SELECT service,
       lock_id,
       lock_name,
       created_at,
       NULLIF(user_id, '') AS user_id,
       user_name,
       user_mail,
       kind,
       CASE WHEN is_locked THEN 'lock' ELSE 'unlock' END AS action
  FROM history_records;
