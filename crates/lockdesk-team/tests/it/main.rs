//! lockdesk-team against a real PostgreSQL: a private cluster each test starts (Debian's
//! `postgresql` package, `scripts/setup`), on the loopback, with a role and a database as the
//! README tells IT to make them.

mod alerts;
mod documents;
mod journal;
mod reports;
mod schema;
mod server;
mod tls;
