-- Settings the team shares (a document per kind and key: an organization's watch rules), each
-- with its version and who changed it last: a save names the version it was made from, and is
-- refused when another administrator saved since.
CREATE TABLE team_documents (
    kind        TEXT        NOT NULL,
    key         TEXT        NOT NULL,
    body        JSONB       NOT NULL,
    version     BIGINT      NOT NULL,
    computer    TEXT        NOT NULL,
    os_user     TEXT        NOT NULL,
    changed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, key)
);
