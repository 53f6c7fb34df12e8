//! A private PostgreSQL cluster for one test: `initdb` in a temporary folder, the server on a
//! free loopback port, an administrator role for the test and the team's role and database.
//! PostgreSQL refuses to run as root, so when the tests do (CI), the cluster's commands run as
//! the `postgres` user the package made, in a folder given to it.

use std::path::PathBuf;
use std::process::Command;

use lockdesk_team::source::TeamSource;
use tempfile::TempDir;

pub const TEAM_USER: &str = "soumu";
pub const TEAM_PASSWORD: &str = "team-password-正しい";
const ADMIN: &str = "lockdesk_test_admin";
const ADMIN_PASSWORD: &str = "admin-password";

pub struct Server {
    dir: TempDir,
    pub port: u16,
    bin: PathBuf,
    as_postgres: bool,
}

/// The folder of PostgreSQL's programs: Debian keeps them out of PATH.
fn bin_dir() -> PathBuf {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.flatten().map(|e| e.path().join("bin")).collect())
        .unwrap_or_default();
    versions.sort();
    versions.pop().filter(|b| b.join("initdb").exists()).expect(
        "PostgreSQL is needed for these tests (Debian: postgresql; scripts/setup installs it)",
    )
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

impl Server {
    /// A new cluster, started, with the team's role and database.
    pub async fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let as_postgres = is_root();
        let server = Server {
            port: free_port(),
            dir,
            bin: bin_dir(),
            as_postgres,
        };
        let pwfile = server.dir.path().join("pw");
        std::fs::write(&pwfile, ADMIN_PASSWORD).unwrap();
        if as_postgres {
            let ok = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(server.dir.path())
                .status()
                .unwrap()
                .success();
            assert!(ok, "chown of the cluster's folder");
        }
        server.run(
            "initdb",
            &[
                "-D".as_ref(),
                server.data().as_os_str(),
                "-U".as_ref(),
                ADMIN.as_ref(),
                "--pwfile".as_ref(),
                pwfile.as_os_str(),
                "--auth=scram-sha-256".as_ref(),
                "-E".as_ref(),
                "UTF8".as_ref(),
                "--locale=C".as_ref(),
                "--no-sync".as_ref(),
            ],
        );
        server.start_again();
        let admin = server.admin().await;
        // As the README tells IT to: a role with no other right, owning its database.
        for statement in [
            format!("CREATE ROLE {TEAM_USER} LOGIN PASSWORD '{TEAM_PASSWORD}'"),
            format!("CREATE DATABASE lockdesk OWNER {TEAM_USER}"),
            "REVOKE ALL ON DATABASE lockdesk FROM PUBLIC".to_owned(),
        ] {
            admin.batch_execute(&statement).await.unwrap();
        }
        server
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn run(&self, program: &str, args: &[&std::ffi::OsStr]) {
        let exe = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = cmd.args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{program} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts the server (again, after [`Server::stop`]) and waits until it answers.
    pub fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("log");
        self.run(
            "pg_ctl",
            &[
                "-D".as_ref(),
                self.data().as_os_str(),
                "-l".as_ref(),
                log.as_os_str(),
                "-o".as_ref(),
                options.as_ref(),
                "-w".as_ref(),
                "start".as_ref(),
            ],
        );
    }

    /// Serves TLS from now on with this certificate and key, as IT turns `ssl = on`.
    #[allow(dead_code)]
    pub async fn serve_tls(&self, cert_pem: &str, key_pem: &str) {
        for (name, text) in [("server.crt", cert_pem), ("server.key", key_pem)] {
            let path = self.data().join(name);
            std::fs::write(&path, text).unwrap();
            // The server refuses a key others may read.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
            }
            if self.as_postgres {
                let ok = Command::new("chown")
                    .arg("postgres:postgres")
                    .arg(&path)
                    .status()
                    .unwrap()
                    .success();
                assert!(ok, "chown of {name}");
            }
        }
        let loaded = || async {
            let row = self
                .admin()
                .await
                .query_one("SELECT pg_conf_load_time(), current_setting('ssl')", &[])
                .await
                .unwrap();
            (
                row.get::<_, std::time::SystemTime>(0),
                row.get::<_, String>(1),
            )
        };
        let (before, _) = loaded().await;
        let admin = self.admin().await;
        admin
            .batch_execute("ALTER SYSTEM SET ssl = on")
            .await
            .unwrap();
        admin
            .batch_execute("SELECT pg_reload_conf()")
            .await
            .unwrap();
        // The server takes the reload up shortly after: a new connection then shows it.
        for _ in 0..50 {
            let (at, ssl) = loaded().await;
            if at > before && ssl == "on" {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the server did not take up its TLS settings");
    }

    /// Stops the server at once, as a crash or a pulled cable would.
    pub fn stop(&self) {
        self.run(
            "pg_ctl",
            &[
                "-D".as_ref(),
                self.data().as_os_str(),
                "-m".as_ref(),
                "immediate".as_ref(),
                "-w".as_ref(),
                "stop".as_ref(),
            ],
        );
    }

    /// The team's data source as an administrator would give it to Lockdesk.
    pub fn source(&self) -> TeamSource {
        TeamSource::parse(&format!(
            "postgres://{TEAM_USER}@127.0.0.1:{}/lockdesk",
            self.port
        ))
        .unwrap()
    }

    /// The test's own administrator connection (to look at or to spoil the database).
    pub async fn admin(&self) -> tokio_postgres::Client {
        self.admin_of("postgres").await
    }

    /// The team's database, as its administrator.
    pub async fn admin_of_team_db(&self) -> tokio_postgres::Client {
        self.admin_of("lockdesk").await
    }

    async fn admin_of(&self, database: &str) -> tokio_postgres::Client {
        let (client, conn) = tokio_postgres::connect(
            &format!(
                "host=127.0.0.1 port={} user={ADMIN} password={ADMIN_PASSWORD} dbname={database}",
                self.port
            ),
            tokio_postgres::NoTls,
        )
        .await
        .unwrap();
        tokio::spawn(conn);
        client
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let pg_ctl = self.bin.join("pg_ctl");
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&pg_ctl);
            c
        } else {
            Command::new(&pg_ctl)
        };
        let _ = cmd
            .arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "stop"])
            .output();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
