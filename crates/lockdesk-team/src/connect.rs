//! Reaching the team's database: TLS with the system's trust store (the verifier the service's
//! connections use, `lockdesk_api::tls`), checking the certificate and the host name, to any
//! other computer; plain only to this one. A server that does not answer within
//! [`CONNECT_TIMEOUT`] is unreachable.

use std::time::Duration;

use tokio_postgres::config::SslMode;
use tokio_postgres::error::SqlState;
use tokio_postgres::tls::MakeTlsConnect;
use tokio_postgres::{Client, NoTls, Socket};

use crate::error::{Result, TeamError};
use crate::source::TeamSource;

/// How long a connection may take before the server counts as unreachable.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection to the team's database, signed in as the source's user with `password`.
pub async fn connect(source: &TeamSource, password: &str) -> Result<Client> {
    let mut cfg = config(source, password);
    if source.is_this_computer() {
        cfg.ssl_mode(SslMode::Disable);
        connect_with(&cfg, NoTls, source).await
    } else {
        tls_connect(cfg, source, lockdesk_api::tls::client_config()).await
    }
}

/// [`connect`] over TLS whatever the host, trusting what `tls` trusts (tests give their own
/// authority; [`connect`] the system's).
pub async fn connect_over_tls(
    source: &TeamSource,
    password: &str,
    tls: rustls::ClientConfig,
) -> Result<Client> {
    let mut cfg = config(source, password);
    cfg.ssl_mode(SslMode::Require);
    tls_connect(cfg, source, tls).await
}

async fn tls_connect(
    mut cfg: tokio_postgres::Config,
    source: &TeamSource,
    mut tls: rustls::ClientConfig,
) -> Result<Client> {
    cfg.ssl_mode(SslMode::Require);
    // PostgreSQL's own protocol name: a server from version 17 refuses any other.
    tls.alpn_protocols = vec![b"postgresql".to_vec()];
    let tls = tokio_postgres_rustls::MakeRustlsConnect::new(tls);
    connect_with(&cfg, tls, source).await
}

fn config(source: &TeamSource, password: &str) -> tokio_postgres::Config {
    let mut cfg = tokio_postgres::Config::new();
    cfg.host(&source.host)
        .port(source.port)
        .user(&source.user)
        .dbname(&source.database)
        .password(password)
        .application_name("lockdesk")
        .connect_timeout(CONNECT_TIMEOUT);
    cfg
}

/// Connects with `tls` (none to this computer), its connection driven by a task of its own.
async fn connect_with<T>(
    cfg: &tokio_postgres::Config,
    tls: T,
    source: &TeamSource,
) -> Result<Client>
where
    T: MakeTlsConnect<Socket>,
    T::Stream: Send + 'static,
{
    let (client, connection) = tokio::time::timeout(CONNECT_TIMEOUT, cfg.connect(tls))
        .await
        .map_err(|_| TeamError::Unreachable {
            host: source.host.clone(),
            port: source.port,
            reason: format!("no answer within {} s", CONNECT_TIMEOUT.as_secs()),
        })?
        .map_err(|e| refused(e, source))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::debug!("team data source connection ended: {e}");
        }
    });
    Ok(client)
}

/// An error with what caused it ("error connecting to server: Connection refused").
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

/// A failed connection: the server's refusal of the sign-in, or the server not reached.
fn refused(e: tokio_postgres::Error, source: &TeamSource) -> TeamError {
    match e.as_db_error() {
        Some(db)
            if [
                SqlState::INVALID_PASSWORD,
                SqlState::INVALID_AUTHORIZATION_SPECIFICATION,
            ]
            .contains(db.code()) =>
        {
            TeamError::SignInRefused {
                user: source.user.clone(),
                reason: db.message().to_owned(),
            }
        }
        Some(_) => e.into(),
        None => TeamError::Unreachable {
            host: source.host.clone(),
            port: source.port,
            reason: with_causes(&e),
        },
    }
}
