//! The schema of the team's database: versioned migrations (`migrations/`, run by refinery),
//! applied by the first computer of a newer Lockdesk, one computer at a time (an advisory
//! lock). A database whose schema is newer than this Lockdesk's is left as it is: this
//! computer then only reads.

use tokio_postgres::Client;

use crate::error::{Result, TeamError};

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The advisory lock the migrations run under (any number that no other program uses).
const MIGRATION_LOCK: i64 = 0x4c6f_636b_6465_736b; // "Lockdesk"

/// The schema version this Lockdesk writes: its newest migration.
pub fn known_version() -> i64 {
    embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .max()
        .unwrap_or(0)
}

/// The schema as this computer found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemaState {
    /// The database's schema version after any migration this computer ran.
    pub version: i64,
    /// The schema is newer than this Lockdesk knows: read, never write.
    pub read_only: bool,
}

impl SchemaState {
    /// `Ok` when this computer may write; else the error that says why not.
    pub fn writable(self) -> Result<()> {
        if self.read_only {
            return Err(TeamError::SchemaTooNew {
                found: self.version,
                known: known_version(),
            });
        }
        Ok(())
    }
}

/// Brings the schema up to this Lockdesk's version, or finds it newer.
pub async fn prepare(client: &mut Client) -> Result<SchemaState> {
    let known = known_version();
    let found = current_version(client).await?;
    if found > known {
        return Ok(SchemaState {
            version: found,
            read_only: true,
        });
    }
    if found < known {
        client
            .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
            .await?;
        let ran = embedded::migrations::runner().run_async(client).await;
        client
            .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
            .await?;
        ran.map_err(|e| TeamError::Database(format!("the schema could not be updated: {e}")))?;
    }
    Ok(SchemaState {
        version: known,
        read_only: false,
    })
}

/// The database's schema version: 0 for a database Lockdesk never used.
pub async fn current_version(client: &Client) -> Result<i64> {
    let table: Option<String> = client
        .query_one("SELECT to_regclass('refinery_schema_history')::text", &[])
        .await?
        .get(0);
    if table.is_none() {
        return Ok(0);
    }
    let version: Option<i32> = client
        .query_one("SELECT max(version) FROM refinery_schema_history", &[])
        .await?
        .get(0);
    Ok(i64::from(version.unwrap_or(0)))
}
