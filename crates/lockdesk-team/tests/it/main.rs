//! lockdesk-team against a real PostgreSQL: a private cluster each test starts (Debian's
//! `postgresql` package, `scripts/setup`), on the loopback, with a role and a database as the
//! README tells IT to make them.

mod alert_store;
mod alerts;
mod documents;
mod history;
mod journal;
mod reports;
mod schema;
mod server;
mod tls;

/// A computer of the team as the core names it.
fn computer(id: &str, name: &str, os_user: &str) -> lockdesk_team::Computer {
    lockdesk_team::Computer {
        id: id.to_owned(),
        name: name.to_owned(),
        os_user: os_user.to_owned(),
    }
}

/// A fresh team database (stopped when the server is dropped) with two computers connected to
/// it, its schema prepared.
async fn two_computers() -> (
    server::Server,
    tokio_postgres::Client,
    tokio_postgres::Client,
    lockdesk_team::schema::SchemaState,
) {
    let server = server::Server::start().await;
    let source = server.source();
    let connect = || lockdesk_team::connect::connect(&source, server::TEAM_PASSWORD);
    let mut a = connect().await.unwrap();
    let b = connect().await.unwrap();
    let schema = lockdesk_team::schema::prepare(&mut a).await.unwrap();
    (server, a, b, schema)
}
