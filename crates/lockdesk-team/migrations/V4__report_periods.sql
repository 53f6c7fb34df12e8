-- Report periods written once for the team: a computer claims a report's period before it
-- writes it, and notes the file when written. A claim of a computer that stopped (never
-- written, older than the run's bound) is taken over by the next.
CREATE TABLE report_periods (
    report_id   TEXT        NOT NULL,
    period      TEXT        NOT NULL,
    computer_id TEXT        NOT NULL,
    computer    TEXT        NOT NULL,
    claimed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    written_at  TIMESTAMPTZ,
    file        TEXT,
    PRIMARY KEY (report_id, period)
);
