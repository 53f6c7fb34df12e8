//! The schema: made on a new database, once when two computers start at once, and a newer one
//! than this Lockdesk knows leaves the computer reading only. Signing in: a wrong password is
//! refused as such, a server that is not there is unreachable.

use lockdesk_team::connect::connect;
use lockdesk_team::error::TeamError;
use lockdesk_team::schema::{current_version, known_version, prepare, SchemaState};

use crate::server::{Server, TEAM_PASSWORD};

#[tokio::test]
async fn a_new_database_gets_the_schema_once_even_from_two_computers_at_once() {
    let server = Server::start().await;
    let source = server.source();
    let mut first = connect(&source, TEAM_PASSWORD).await.unwrap();
    let mut second = connect(&source, TEAM_PASSWORD).await.unwrap();
    assert_eq!(current_version(&first).await.unwrap(), 0);
    let (a, b) = tokio::join!(prepare(&mut first), prepare(&mut second));
    let writable = SchemaState {
        version: known_version(),
        read_only: false,
    };
    assert_eq!(a.unwrap(), writable);
    assert_eq!(b.unwrap(), writable);
    assert_eq!(current_version(&first).await.unwrap(), known_version());
    let applied: i64 = first
        .query_one("SELECT count(*) FROM refinery_schema_history", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(applied, known_version(), "each migration applied once");
    // Again: nothing to do.
    assert_eq!(prepare(&mut first).await.unwrap(), writable);
}

#[tokio::test]
async fn a_newer_schema_leaves_this_computer_reading_only() {
    let server = Server::start().await;
    let mut client = connect(&server.source(), TEAM_PASSWORD).await.unwrap();
    prepare(&mut client).await.unwrap();
    let newer = known_version() + 1;
    // A newer Lockdesk's migration, as its history table records it.
    server
        .admin_of_team_db()
        .await
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES ($1, 'from_a_newer_lockdesk', '2027-01-01', '0')",
            &[&(newer as i32)],
        )
        .await
        .unwrap();
    let state = prepare(&mut client).await.unwrap();
    assert_eq!(
        state,
        SchemaState {
            version: newer,
            read_only: true
        }
    );
    match state.writable() {
        Err(TeamError::SchemaTooNew { found, known }) => {
            assert_eq!((found, known), (newer, known_version()))
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_wrong_password_is_refused_and_a_stopped_server_is_unreachable() {
    let server = Server::start().await;
    let source = server.source();
    match connect(&source, "not the password").await {
        Err(TeamError::SignInRefused { user, .. }) => assert_eq!(user, "soumu"),
        other => panic!("{other:?}"),
    }
    server.stop();
    match connect(&source, TEAM_PASSWORD).await {
        Err(TeamError::Unreachable { host, port, .. }) => {
            assert_eq!((host.as_str(), port), ("127.0.0.1", source.port))
        }
        other => panic!("{other:?}"),
    }
    server.start_again();
    connect(&source, TEAM_PASSWORD).await.unwrap();
}
