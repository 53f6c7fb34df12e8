-- The team's journal: every computer's entries, each once (the computer's id and its own entry
-- number), with who made it on which computer.
CREATE TABLE journal_entries (
    computer_id     TEXT        NOT NULL,
    local_id        BIGINT      NOT NULL,
    computer        TEXT        NOT NULL,
    os_user         TEXT        NOT NULL,
    at              TIMESTAMPTZ NOT NULL,
    organization_id TEXT,
    operation       TEXT        NOT NULL,
    outcome         TEXT        NOT NULL,
    entry           JSONB       NOT NULL,
    uploaded_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (computer_id, local_id)
);
CREATE INDEX journal_entries_at ON journal_entries (at DESC);
