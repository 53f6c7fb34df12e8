//! A private OpenLDAP server (Debian's `slapd`) shaped like Active Directory, started by a test:
//! its own folder, schema (`ldap/ad-lite.schema`: AD's user attributes with matching rules),
//! certificate from the test's CA, both `ldap://` (StartTLS) and `ldaps://` on free loopback
//! ports, a read-only service account, and the entries loaded with `slapadd` before it starts.
//! Like AD, a search without paging stops at 1,000 entries; a paged one reads them all.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use lockdesk_sim::test_pki::TestCa;

pub const SUFFIX: &str = "dc=example,dc=co,dc=jp";
pub const PEOPLE: &str = "ou=people,dc=example,dc=co,dc=jp";
pub const READER: &str = "cn=lockdesk-reader,ou=service,dc=example,dc=co,dc=jp";
pub const READER_PASSWORD: &str = "reader-Pa55";

pub struct Slapd {
    pub port: u16,
    pub tls_port: u16,
    child: Child,
    _dir: tempfile::TempDir,
}

impl Drop for Slapd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One AD-shaped person.
pub struct Entry<'a> {
    pub cn: &'a str,
    pub display_name: &'a str,
    pub employee_id: Option<&'a str>,
    pub mail: Option<&'a str>,
    /// `userAccountControl`: 512 enabled, 514 disabled.
    pub account_control: u32,
}

fn slapd_bin(name: &str) -> PathBuf {
    let path = Path::new("/usr/sbin").join(name);
    assert!(
        path.exists(),
        "{} is missing: install Debian's slapd package (scripts/setup does)",
        path.display()
    );
    path
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Every value base64 (`attr:: …`): names from the service may hold anything.
fn ldif_value(attr: &str, value: &str) -> String {
    use base64::Engine;
    format!(
        "{attr}:: {}\n",
        base64::engine::general_purpose::STANDARD.encode(value)
    )
}

fn ldif(people: &[Entry<'_>]) -> String {
    let mut out = format!(
        "dn: {SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n\n\
         dn: {PEOPLE}\nobjectClass: organizationalUnit\nou: people\n\n\
         dn: ou=service,{SUFFIX}\nobjectClass: organizationalUnit\nou: service\n\n\
         dn: {READER}\nobjectClass: applicationProcess\nobjectClass: simpleSecurityObject\n\
         cn: lockdesk-reader\nuserPassword: {READER_PASSWORD}\n\n"
    );
    for (i, p) in people.iter().enumerate() {
        out.push_str(&format!("dn: cn=person{i},{PEOPLE}\n"));
        out.push_str("objectClass: person\nobjectClass: organizationalPerson\nobjectClass: user\n");
        out.push_str(&format!("cn: person{i}\n"));
        out.push_str(&ldif_value("sn", p.cn));
        out.push_str(&ldif_value("description", p.cn));
        out.push_str(&ldif_value("displayName", p.display_name));
        if let Some(id) = p.employee_id {
            out.push_str(&ldif_value("employeeID", id));
        }
        if let Some(mail) = p.mail {
            out.push_str(&ldif_value("mail", mail));
        }
        out.push_str(&format!("userAccountControl: {}\n\n", p.account_control));
    }
    out
}

impl Slapd {
    /// Starts a server holding `people`, its certificate issued by `ca` for 127.0.0.1.
    pub fn start(ca: &TestCa, people: &[Entry<'_>]) -> Slapd {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let tls = ca.loopback();
        std::fs::write(d.join("ca.pem"), &ca.cert_pem).unwrap();
        std::fs::write(d.join("server.pem"), &tls.cert_pem).unwrap();
        std::fs::write(d.join("server.key"), &tls.key_pem).unwrap();
        std::fs::write(
            d.join("ad-lite.schema"),
            include_str!("ldap/ad-lite.schema"),
        )
        .unwrap();
        std::fs::create_dir(d.join("db")).unwrap();
        let dir_s = d.display();
        let conf = format!(
            "include /etc/ldap/schema/core.schema\n\
             include /etc/ldap/schema/cosine.schema\n\
             include /etc/ldap/schema/inetorgperson.schema\n\
             include {dir_s}/ad-lite.schema\n\
             pidfile {dir_s}/slapd.pid\n\
             argsfile {dir_s}/slapd.args\n\
             modulepath /usr/lib/ldap\n\
             moduleload back_mdb\n\
             TLSCACertificateFile {dir_s}/ca.pem\n\
             TLSCertificateFile {dir_s}/server.pem\n\
             TLSCertificateKeyFile {dir_s}/server.key\n\
             database mdb\n\
             suffix \"{SUFFIX}\"\n\
             rootdn \"cn=admin,{SUFFIX}\"\n\
             rootpw admin-only-in-tests\n\
             directory {dir_s}/db\n\
             maxsize 104857600\n\
             dbnosync\n\
             index objectClass eq\n\
             limits dn.exact=\"{READER}\" size.soft=1000 size.hard=1000 size.prtotal=unlimited\n\
             access to attrs=userPassword\n    by anonymous auth\n    by * none\n\
             access to *\n    by dn.exact=\"{READER}\" read\n    by * none\n"
        );
        let conf_path = d.join("slapd.conf");
        std::fs::write(&conf_path, conf).unwrap();
        let ldif_path = d.join("people.ldif");
        std::fs::write(&ldif_path, ldif(people)).unwrap();
        let loaded = Command::new(slapd_bin("slapadd"))
            .arg("-q")
            .arg("-f")
            .arg(&conf_path)
            .arg("-l")
            .arg(&ldif_path)
            .output()
            .unwrap();
        assert!(
            loaded.status.success(),
            "slapadd: {}",
            String::from_utf8_lossy(&loaded.stderr)
        );
        // A port taken between choosing and binding: slapd exits; try other ports.
        for _ in 0..5 {
            let (port, tls_port) = (free_port(), free_port());
            let mut child = Command::new(slapd_bin("slapd"))
                .arg("-f")
                .arg(&conf_path)
                .arg("-h")
                .arg(format!(
                    "ldap://127.0.0.1:{port}/ ldaps://127.0.0.1:{tls_port}/"
                ))
                .args(["-d", "none"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let started = Instant::now();
            while started.elapsed() < Duration::from_secs(20) {
                if child.try_wait().unwrap().is_some() {
                    break;
                }
                if TcpStream::connect(("127.0.0.1", port)).is_ok()
                    && TcpStream::connect(("127.0.0.1", tls_port)).is_ok()
                {
                    return Slapd {
                        port,
                        tls_port,
                        child,
                        _dir: dir,
                    };
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            eprintln!(
                "slapd did not start: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        panic!("slapd did not start on free ports five times");
    }
}
