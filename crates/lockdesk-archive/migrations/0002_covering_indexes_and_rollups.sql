-- Schema 2: covering indexes matched to the History screen's filter + sort shapes, and two small
-- rollups (per UTC hour and per user) kept by triggers in the same transaction as every change to
-- `accesses`, so whole-archive chart aggregates never scan the records.

-- Each index ends in (created_at_ms, id, ...): with its leading column fixed (or none), it
-- walks in exactly the ORDER BY of a page (time, then id), and holds every column a filter or a
-- page reads, so filtering and paging never touch the table. (lock_ref, created_at_ms, ...) is
-- already covered by the UNIQUE index.
DROP INDEX accesses_time;
DROP INDEX accesses_user_time;
CREATE INDEX accesses_time ON accesses (created_at_ms, id, lock_ref, user_ref, kind_ref, is_locked);
CREATE INDEX accesses_user_time ON accesses (user_ref, created_at_ms, id, lock_ref, kind_ref, is_locked);
CREATE INDEX accesses_kind_time ON accesses (kind_ref, created_at_ms, id, lock_ref, user_ref, is_locked);

-- Records per UTC hour (floor(created_at_ms / 3600000)), kind and action.
CREATE TABLE access_hours (
    hour      INTEGER NOT NULL,
    kind_ref  INTEGER NOT NULL,
    is_locked INTEGER NOT NULL,
    records   INTEGER NOT NULL,
    PRIMARY KEY (hour, kind_ref, is_locked)
) WITHOUT ROWID;

-- Records per user (0 = no user), kind and action.
CREATE TABLE access_users (
    user_ref  INTEGER NOT NULL,
    kind_ref  INTEGER NOT NULL,
    is_locked INTEGER NOT NULL,
    records   INTEGER NOT NULL,
    PRIMARY KEY (user_ref, kind_ref, is_locked)
) WITHOUT ROWID;

-- Backfill from the records already archived.
INSERT INTO access_hours (hour, kind_ref, is_locked, records)
    SELECT (created_at_ms - (created_at_ms % 3600000 + 3600000) % 3600000) / 3600000,
           kind_ref, is_locked, count(*)
    FROM accesses GROUP BY 1, 2, 3;
INSERT INTO access_users (user_ref, kind_ref, is_locked, records)
    SELECT user_ref, kind_ref, is_locked, count(*) FROM accesses GROUP BY 1, 2, 3;

CREATE TRIGGER accesses_rollup_insert AFTER INSERT ON accesses BEGIN
    INSERT INTO access_hours (hour, kind_ref, is_locked, records)
        VALUES ((NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000,
                NEW.kind_ref, NEW.is_locked, 1)
        ON CONFLICT (hour, kind_ref, is_locked) DO UPDATE SET records = records + 1;
    INSERT INTO access_users (user_ref, kind_ref, is_locked, records)
        VALUES (NEW.user_ref, NEW.kind_ref, NEW.is_locked, 1)
        ON CONFLICT (user_ref, kind_ref, is_locked) DO UPDATE SET records = records + 1;
END;

CREATE TRIGGER accesses_rollup_delete AFTER DELETE ON accesses BEGIN
    UPDATE access_hours SET records = records - 1
        WHERE hour = (OLD.created_at_ms - (OLD.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000
          AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    DELETE FROM access_hours WHERE records <= 0
        AND hour = (OLD.created_at_ms - (OLD.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000
        AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    UPDATE access_users SET records = records - 1
        WHERE user_ref = OLD.user_ref AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    DELETE FROM access_users WHERE records <= 0
        AND user_ref = OLD.user_ref AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
END;

CREATE TRIGGER accesses_rollup_update
AFTER UPDATE OF created_at_ms, user_ref, kind_ref, is_locked ON accesses BEGIN
    UPDATE access_hours SET records = records - 1
        WHERE hour = (OLD.created_at_ms - (OLD.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000
          AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    DELETE FROM access_hours WHERE records <= 0
        AND hour = (OLD.created_at_ms - (OLD.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000
        AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    UPDATE access_users SET records = records - 1
        WHERE user_ref = OLD.user_ref AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    DELETE FROM access_users WHERE records <= 0
        AND user_ref = OLD.user_ref AND kind_ref = OLD.kind_ref AND is_locked = OLD.is_locked;
    INSERT INTO access_hours (hour, kind_ref, is_locked, records)
        VALUES ((NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000,
                NEW.kind_ref, NEW.is_locked, 1)
        ON CONFLICT (hour, kind_ref, is_locked) DO UPDATE SET records = records + 1;
    INSERT INTO access_users (user_ref, kind_ref, is_locked, records)
        VALUES (NEW.user_ref, NEW.kind_ref, NEW.is_locked, 1)
        ON CONFLICT (user_ref, kind_ref, is_locked) DO UPDATE SET records = records + 1;
END;
