//! Real `lockctl` processes against the simulator serving HTTPS on loopback, with a private CA
//! made for the test. lockctl trusts what the computer trusts; on Linux `SSL_CERT_FILE` names
//! the certificates to trust instead of the system's CA bundle (rustls-native-certs replaces,
//! it does not add), so a bundle with only the test CA, set for each child process, plays "IT
//! installed the company's root certificate". Linux only: on Windows and macOS the OS
//! verifier does not read `SSL_CERT_FILE`.

use std::path::PathBuf;

use lockdesk_sim::test_pki::{TestCa, Validity};
use lockdesk_sim::{SimOptions, TlsIdentity};
use serde_json::Value;

use crate::procs::{Done, Home};
use crate::support::start_sim_with;

fn https_home(identity: TlsIdentity) -> Home {
    let info = start_sim_with(SimOptions {
        tls: Some(identity),
        ..SimOptions::small()
    });
    assert!(
        info.base_url.starts_with("https://127.0.0.1:"),
        "{}",
        info.base_url
    );
    Home::new(info)
}

/// The children trust `ca` only (a bundle in the test's home).
fn trust(home: &mut Home, ca: &TestCa) {
    let bundle: PathBuf = home.dir.path().join("company-roots.pem");
    std::fs::write(&bundle, &ca.cert_pem).unwrap();
    home.env.push(("SSL_CERT_FILE".into(), bundle));
    home.trust_pem = Some(ca.cert_pem.clone());
}

/// `profile add` and a `login` that fails at the code exchange (the first request lockctl
/// makes itself), with its output.
async fn refused_login(home: &Home) -> Done {
    home.add_profile("work", 0).await;
    let login = home.login_answering("work", false).await;
    assert_eq!(login.code, 1, "{}{}", login.stdout, login.stderr);
    login
}

#[tokio::test]
async fn a_certificate_from_an_unknown_authority_is_refused_with_its_code_and_what_to_do() {
    let ca = TestCa::new();
    let home = https_home(ca.loopback());
    let login = refused_login(&home).await;
    assert!(
        login.stderr.contains(
            "error: the certificate of 127.0.0.1 is not trusted: it is issued by an authority this computer does not trust [tls_certificate]"
        ),
        "{}",
        login.stderr
    );
    assert!(
        login
            .stderr
            .contains("if your company inspects HTTPS, ask IT to install its root certificate on this computer"),
        "{}",
        login.stderr
    );
}

#[tokio::test]
async fn with_the_company_root_trusted_the_whole_walk_works_over_https() {
    let ca = TestCa::new();
    let mut home = https_home(ca.loopback());
    trust(&mut home, &ca);
    home.add_and_login("work", 0).await;

    let orgs = home.run(&["--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();

    let locks = home
        .run(&["--org", &org, "--json", "locks", "list", "--all"])
        .await;
    assert_eq!(locks.code, 0, "{}", locks.stderr);
    let locks: Value = serde_json::from_str(&locks.stdout).unwrap();
    assert!(!locks["locks"].as_array().unwrap().is_empty(), "{locks}");

    let logout = home.run(&["logout"]).await;
    assert_eq!(logout.code, 0, "{}", logout.stderr);
    let after = home.run(&["--org", &org, "locks", "list"]).await;
    assert_ne!(after.code, 0);
    assert!(after.stderr.contains("[not_signed_in]"), "{}", after.stderr);
}

#[tokio::test]
async fn a_certificate_for_another_host_is_refused_as_the_wrong_name() {
    let ca = TestCa::new();
    let mut home = https_home(ca.server(&["lockdesk.invalid"], Validity::Current));
    trust(&mut home, &ca);
    let login = refused_login(&home).await;
    assert!(
        login
            .stderr
            .contains("the certificate of 127.0.0.1 is not trusted: it is for another host name [tls_certificate]"),
        "{}",
        login.stderr
    );
    assert!(
        login.stderr.contains("check the profile's base URL"),
        "{}",
        login.stderr
    );
}

#[tokio::test]
async fn an_expired_certificate_is_refused_as_expired() {
    let ca = TestCa::new();
    let mut home = https_home(ca.server(&["127.0.0.1"], Validity::Expired));
    trust(&mut home, &ca);
    let login = refused_login(&home).await;
    assert!(
        login
            .stderr
            .contains("the certificate of 127.0.0.1 is not trusted: it has expired (or this computer's clock is wrong) [tls_certificate]"),
        "{}",
        login.stderr
    );
    assert!(
        login.stderr.contains("check this computer's date and time"),
        "{}",
        login.stderr
    );
}
