-- Schema 4: more rollups, kept in the same transaction as every change to `accesses` (inserts
-- by accesses.rs a page at a time, deletes and updates by triggers), so a page's total count,
-- the whole-archive chart and the time card never walk the records: records per UTC day (floor
-- of created_at_ms / 86400000), kind and action; the same per lock; records per UTC hour; and
-- per user and UTC hour, and per user and day in each zone time cards were asked in, what the
-- time card reads.

CREATE TABLE access_days (
    day       INTEGER NOT NULL,
    kind_ref  INTEGER NOT NULL,
    is_locked INTEGER NOT NULL,
    records   INTEGER NOT NULL,
    PRIMARY KEY (day, kind_ref, is_locked)
) WITHOUT ROWID;

-- Lock first: a count of a few locks reads only their rows.
CREATE TABLE access_lock_days (
    lock_ref  INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    kind_ref  INTEGER NOT NULL,
    is_locked INTEGER NOT NULL,
    records   INTEGER NOT NULL,
    PRIMARY KEY (lock_ref, day, kind_ref, is_locked)
) WITHOUT ROWID;

CREATE TABLE access_hour_totals (
    hour    INTEGER PRIMARY KEY,
    records INTEGER NOT NULL
) WITHOUT ROWID;

-- Per user (never 0) and UTC hour: records, the first and last, and the first entry and last
-- exit as timecard.rs defines them (an entry: an unlock not from the inside reader; an exit: a
-- lock or anything from the inside reader).
CREATE TABLE access_user_hours (
    hour           INTEGER NOT NULL,
    user_ref       INTEGER NOT NULL,
    records        INTEGER NOT NULL,
    first_ms       INTEGER NOT NULL,
    last_ms        INTEGER NOT NULL,
    first_entry_ms INTEGER,
    last_exit_ms   INTEGER,
    PRIMARY KEY (hour, user_ref)
) WITHOUT ROWID;

-- The same per user and day `shift` whole hours east of UTC (the day of a time: floor((ms +
-- shift * 3600000) / 86400000)), for each shift in access_user_day_shifts. A shift is added,
-- and its rows filled from access_user_hours, the first time a time card is asked in it.
CREATE TABLE access_user_day_shifts (shift INTEGER PRIMARY KEY);
CREATE TABLE access_user_days (
    shift          INTEGER NOT NULL,
    day            INTEGER NOT NULL,
    user_ref       INTEGER NOT NULL,
    records        INTEGER NOT NULL,
    first_ms       INTEGER NOT NULL,
    last_ms        INTEGER NOT NULL,
    first_entry_ms INTEGER,
    last_exit_ms   INTEGER,
    PRIMARY KEY (shift, day, user_ref)
) WITHOUT ROWID;

INSERT INTO access_days (day, kind_ref, is_locked, records)
    SELECT (created_at_ms - (created_at_ms % 86400000 + 86400000) % 86400000) / 86400000,
           kind_ref, is_locked, count(*)
    FROM accesses GROUP BY 1, 2, 3;
INSERT INTO access_lock_days (lock_ref, day, kind_ref, is_locked, records)
    SELECT lock_ref,
           (created_at_ms - (created_at_ms % 86400000 + 86400000) % 86400000) / 86400000,
           kind_ref, is_locked, count(*)
    FROM accesses GROUP BY 1, 2, 3, 4;
INSERT INTO access_hour_totals (hour, records)
    SELECT hour, sum(records) FROM access_hours GROUP BY hour;

-- Every change to `accesses` is written to this view as +1 for the new row and -1 for the old
-- one; its trigger adds that to the three rollups and removes rows that reach 0 (one body for
-- inserts, deletes and updates).
CREATE VIEW access_day_changes AS
    SELECT lock_ref, created_at_ms, kind_ref, is_locked, 0 AS delta FROM accesses WHERE 0;

CREATE TRIGGER access_day_changes_apply INSTEAD OF INSERT ON access_day_changes BEGIN
    INSERT INTO access_days (day, kind_ref, is_locked, records)
        VALUES ((NEW.created_at_ms - (NEW.created_at_ms % 86400000 + 86400000) % 86400000) / 86400000,
                NEW.kind_ref, NEW.is_locked, NEW.delta)
        ON CONFLICT (day, kind_ref, is_locked) DO UPDATE SET records = records + excluded.records;
    DELETE FROM access_days WHERE records <= 0
        AND day = (NEW.created_at_ms - (NEW.created_at_ms % 86400000 + 86400000) % 86400000) / 86400000
        AND kind_ref = NEW.kind_ref AND is_locked = NEW.is_locked;
    INSERT INTO access_lock_days (lock_ref, day, kind_ref, is_locked, records)
        VALUES (NEW.lock_ref,
                (NEW.created_at_ms - (NEW.created_at_ms % 86400000 + 86400000) % 86400000) / 86400000,
                NEW.kind_ref, NEW.is_locked, NEW.delta)
        ON CONFLICT (lock_ref, day, kind_ref, is_locked)
        DO UPDATE SET records = records + excluded.records;
    DELETE FROM access_lock_days WHERE records <= 0 AND lock_ref = NEW.lock_ref
        AND day = (NEW.created_at_ms - (NEW.created_at_ms % 86400000 + 86400000) % 86400000) / 86400000
        AND kind_ref = NEW.kind_ref AND is_locked = NEW.is_locked;
    INSERT INTO access_hour_totals (hour, records)
        VALUES ((NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000, NEW.delta)
        ON CONFLICT (hour) DO UPDATE SET records = records + excluded.records;
    DELETE FROM access_hour_totals WHERE records <= 0
        AND hour = (NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000;
END;

-- A (user, hour) written here is counted again from its records (a minimum or maximum cannot
-- be taken back by a delete).
CREATE VIEW access_user_hour_changes AS SELECT user_ref, created_at_ms FROM accesses WHERE 0;

CREATE TRIGGER access_user_hour_changes_apply INSTEAD OF INSERT ON access_user_hour_changes
WHEN NEW.user_ref != 0 BEGIN
    DELETE FROM access_user_hours
        WHERE hour = (NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000
          AND user_ref = NEW.user_ref;
    INSERT INTO access_user_hours
        SELECT (NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000,
               NEW.user_ref, count(*), min(created_at_ms), max(created_at_ms),
               min(CASE WHEN is_locked = 0 AND kind_ref IS NOT inside THEN created_at_ms END),
               max(CASE WHEN is_locked = 1 OR kind_ref IS inside THEN created_at_ms END)
        FROM accesses, (SELECT (SELECT id FROM kinds WHERE name = 'nfc_inside') AS inside)
        WHERE user_ref = NEW.user_ref
          AND created_at_ms >= (NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000 * 3600000
          AND created_at_ms < (NEW.created_at_ms - (NEW.created_at_ms % 3600000 + 3600000) % 3600000) / 3600000 * 3600000 + 3600000
        HAVING count(*) > 0;
    DELETE FROM access_user_days
        WHERE user_ref = NEW.user_ref
          AND (shift, day) IN (SELECT shift, ((NEW.created_at_ms + shift * 3600000) - ((NEW.created_at_ms + shift * 3600000) % 86400000 + 86400000) % 86400000) / 86400000 FROM access_user_day_shifts);
    INSERT INTO access_user_days
        SELECT d.shift, d.day, NEW.user_ref, count(*), min(created_at_ms), max(created_at_ms),
               min(CASE WHEN is_locked = 0 AND kind_ref IS NOT inside THEN created_at_ms END),
               max(CASE WHEN is_locked = 1 OR kind_ref IS inside THEN created_at_ms END)
        FROM (SELECT shift, ((NEW.created_at_ms + shift * 3600000) - ((NEW.created_at_ms + shift * 3600000) % 86400000 + 86400000) % 86400000) / 86400000 AS day
              FROM access_user_day_shifts) d
        JOIN accesses a ON a.user_ref = NEW.user_ref
             AND a.created_at_ms >= d.day * 86400000 - d.shift * 3600000
             AND a.created_at_ms < d.day * 86400000 - d.shift * 3600000 + 86400000,
             (SELECT (SELECT id FROM kinds WHERE name = 'nfc_inside') AS inside)
        GROUP BY d.shift, d.day;
END;

INSERT INTO access_user_hour_changes
    SELECT DISTINCT user_ref, created_at_ms - (created_at_ms % 3600000 + 3600000) % 3600000
    FROM accesses WHERE user_ref != 0;

-- Inserts are added by accesses.rs, a page at a time (rollup_insert.rs): a trigger's statements
-- for each record cost a page of 100 records ~7 ms more, on the sync's critical path.

CREATE TRIGGER accesses_rollups_delete AFTER DELETE ON accesses BEGIN
    INSERT INTO access_day_changes
        VALUES (OLD.lock_ref, OLD.created_at_ms, OLD.kind_ref, OLD.is_locked, -1);
    INSERT INTO access_user_hour_changes VALUES (OLD.user_ref, OLD.created_at_ms);
END;

CREATE TRIGGER accesses_rollups_update
AFTER UPDATE OF created_at_ms, lock_ref, user_ref, kind_ref, is_locked ON accesses BEGIN
    INSERT INTO access_day_changes
        VALUES (OLD.lock_ref, OLD.created_at_ms, OLD.kind_ref, OLD.is_locked, -1);
    INSERT INTO access_day_changes
        VALUES (NEW.lock_ref, NEW.created_at_ms, NEW.kind_ref, NEW.is_locked, 1);
    INSERT INTO access_user_hour_changes VALUES (OLD.user_ref, OLD.created_at_ms);
    INSERT INTO access_user_hour_changes VALUES (NEW.user_ref, NEW.created_at_ms);
END;
