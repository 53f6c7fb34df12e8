-- The team's alert store: each alert raised once for the team (the first computer to find it
-- writes it; the others find it here and do not raise it again), acknowledged once for the
-- team, and ended when its condition is over (a battery replaced), so the same finding later is
-- a new alert.
CREATE TABLE team_alerts (
    id              BIGSERIAL   PRIMARY KEY,
    organization_id TEXT        NOT NULL,
    alert_key       TEXT        NOT NULL,
    finding         JSONB       NOT NULL,
    raised_at       TIMESTAMPTZ NOT NULL,
    computer        TEXT        NOT NULL,
    os_user         TEXT        NOT NULL,
    acknowledged_at TIMESTAMPTZ,
    acknowledged_by TEXT,
    acknowledged_user TEXT,
    ended_at        TIMESTAMPTZ
);
-- One open alert per finding.
CREATE UNIQUE INDEX team_alerts_open ON team_alerts (organization_id, alert_key)
    WHERE ended_at IS NULL;
CREATE INDEX team_alerts_raised ON team_alerts (organization_id, raised_at);
