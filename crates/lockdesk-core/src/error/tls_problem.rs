//! What was wrong with a refused secure connection (`tls_certificate`), as data for the
//! front ends: the client's [`lockdesk_api::TlsProblem`] with a TypeScript type.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TlsProblem {
    /// Issued by an authority this computer does not trust (often a company's HTTPS
    /// inspection whose root certificate is not installed on this computer).
    UnknownIssuer,
    Expired,
    NotYetValid,
    /// The certificate is for another host name.
    WrongName,
    Revoked,
    /// Any other TLS failure.
    Other,
}

impl From<lockdesk_api::TlsProblem> for TlsProblem {
    fn from(p: lockdesk_api::TlsProblem) -> Self {
        use lockdesk_api::TlsProblem as P;
        match p {
            P::UnknownIssuer => TlsProblem::UnknownIssuer,
            P::Expired => TlsProblem::Expired,
            P::NotYetValid => TlsProblem::NotYetValid,
            P::WrongName => TlsProblem::WrongName,
            P::Revoked => TlsProblem::Revoked,
            P::Other => TlsProblem::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_problem_keeps_its_name() {
        for p in lockdesk_api::TlsProblem::ALL {
            let ours = serde_json::to_value(TlsProblem::from(p)).unwrap();
            assert_eq!(ours, p.as_str());
        }
    }
}
