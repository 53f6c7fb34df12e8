-- Schema 5: records per person (user_ref 0: no user), what the charts' busiest people read
-- when no kind or action is chosen. The user rollup of schema 2 holds a row per person, kind
-- and action: about eight times as many rows to sum for an office of 20,000. Inserts are added
-- by accesses.rs a page at a time (rollup_insert.rs), deletes and updates by these triggers.

CREATE TABLE access_user_totals (
    user_ref INTEGER PRIMARY KEY,
    records  INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO access_user_totals (user_ref, records)
    SELECT user_ref, sum(records) FROM access_users GROUP BY user_ref;

CREATE TRIGGER access_user_totals_delete AFTER DELETE ON accesses BEGIN
    UPDATE access_user_totals SET records = records - 1 WHERE user_ref = OLD.user_ref;
    DELETE FROM access_user_totals WHERE user_ref = OLD.user_ref AND records <= 0;
END;

CREATE TRIGGER access_user_totals_update AFTER UPDATE OF user_ref ON accesses
WHEN OLD.user_ref != NEW.user_ref BEGIN
    UPDATE access_user_totals SET records = records - 1 WHERE user_ref = OLD.user_ref;
    DELETE FROM access_user_totals WHERE user_ref = OLD.user_ref AND records <= 0;
    INSERT INTO access_user_totals (user_ref, records) VALUES (NEW.user_ref, 1)
        ON CONFLICT (user_ref) DO UPDATE SET records = records + 1;
END;
