-- Alerts sent once for the team: a computer that raised an alert claims its delivery to each
-- of its destinations (by kind and name: the same destination set up on several computers) and
-- sends it only when its claim was the first. An alert that is over (a battery replaced) frees
-- its claims, so the same condition coming back is sent again.
CREATE TABLE alert_deliveries (
    organization_id TEXT        NOT NULL,
    alert_key       TEXT        NOT NULL,
    destination     TEXT        NOT NULL,
    computer_id     TEXT        NOT NULL,
    computer        TEXT        NOT NULL,
    claimed_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (organization_id, alert_key, destination)
);
