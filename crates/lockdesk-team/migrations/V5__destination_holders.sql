-- Which computers can send to each alert destination (by kind and name; each holds its own
-- secret): noted at every watch round, for the Watch screen to say who else can deliver.
CREATE TABLE destination_holders (
    organization_id TEXT        NOT NULL,
    destination     TEXT        NOT NULL,
    computer_id     TEXT        NOT NULL,
    computer        TEXT        NOT NULL,
    seen_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (organization_id, destination, computer_id)
);
