//! Tests only (feature `test-pki`): a private certificate authority made at test time, and
//! server certificates it issues for the simulator's HTTPS.

use rcgen::{
    date_time_ymd, BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa,
    Issuer, KeyPair, KeyUsagePurpose,
};

use crate::TlsIdentity;

/// A private CA: its certificate (PEM, for a trust bundle) and what signs with its key.
pub struct TestCa {
    pub cert_pem: String,
    issuer: Issuer<'static, KeyPair>,
}

/// When a server certificate is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validity {
    /// From 1975 to 4096 (rcgen's defaults).
    Current,
    /// Throughout 2020 only.
    Expired,
}

impl TestCa {
    pub fn new() -> TestCa {
        let mut params = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(DnType::CommonName, "Lockdesk test root CA");
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::CrlSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        let key = KeyPair::generate().expect("CA key");
        let cert = params.self_signed(&key).expect("CA certificate");
        TestCa {
            cert_pem: cert.pem(),
            issuer: Issuer::new(params, key),
        }
    }

    /// A server certificate for `names` (host names or IP addresses) signed by this CA.
    pub fn server(&self, names: &[&str], validity: Validity) -> TlsIdentity {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let mut params = CertificateParams::new(names).expect("server params");
        params
            .distinguished_name
            .push(DnType::CommonName, "Lockdesk test service");
        params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        if validity == Validity::Expired {
            params.not_before = date_time_ymd(2020, 1, 1);
            params.not_after = date_time_ymd(2020, 12, 31);
        }
        let key = KeyPair::generate().expect("server key");
        let cert = params
            .signed_by(&key, &self.issuer)
            .expect("server certificate");
        TlsIdentity {
            cert_pem: cert.pem(),
            key_pem: key.serialize_pem(),
        }
    }

    /// A server certificate for the simulator on 127.0.0.1 (and `localhost`).
    pub fn loopback(&self) -> TlsIdentity {
        self.server(&["127.0.0.1", "localhost"], Validity::Current)
    }
}

impl Default for TestCa {
    fn default() -> Self {
        TestCa::new()
    }
}
