//! PKCE (RFC 7636) as the simulator enforces it.
//!
//! The service's documentation does not mention PKCE; the simulator supports it the way an
//! RFC 9700 server does, so the client's PKCE is exercised end to end:
//! - An authorization request may carry `code_challenge` with `code_challenge_method=S256`.
//!   `plain` (also implied by a challenge without a method) and unknown methods are refused
//!   with `invalid_request`, as is a method without a challenge or a malformed challenge.
//! - The code issued remembers the challenge. Its token exchange must then carry a
//!   `code_verifier` whose BASE64URL(SHA-256) equals the challenge, else `invalid_grant` (the
//!   code is consumed either way).
//! - A request without a challenge is plain OAuth: its exchange needs no verifier. A
//!   verifier sent anyway is refused with `invalid_grant` (RFC 9700 section 4.8.2, the
//!   downgrade check: an attacker who stripped the challenge from the authorization request
//!   cannot have the code accepted by a client that sends its verifier). A client that uses
//!   PKCE therefore has to forward the challenge, as Lockdesk's does.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// The only method accepted.
pub const S256: &str = "S256";

/// Length of an S256 challenge: BASE64URL without padding of 32 bytes.
const S256_CHALLENGE_LEN: usize = 43;

fn unreserved(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// Checks the PKCE parameters of an authorization request (empty values count as absent) and
/// returns the challenge to bind to the code, if any. The error is the `error_description`
/// of an `invalid_request`.
pub fn check_challenge(
    challenge: Option<&str>,
    method: Option<&str>,
) -> std::result::Result<Option<String>, String> {
    let challenge = challenge.filter(|c| !c.is_empty());
    let method = method.filter(|m| !m.is_empty());
    match (challenge, method) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err("code_challenge_method was sent without a code_challenge.".into()),
        (Some(_), None | Some("plain")) => {
            Err("The code_challenge_method \"plain\" is not supported; use \"S256\".".into())
        }
        (Some(c), Some(S256)) => {
            if c.len() == S256_CHALLENGE_LEN
                && c.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                Ok(Some(c.to_owned()))
            } else {
                Err("The code_challenge is not a BASE64URL-encoded SHA-256 value.".into())
            }
        }
        (Some(_), Some(_)) => Err("Unknown code_challenge_method; use \"S256\".".into()),
    }
}

/// BASE64URL(SHA-256(verifier)), the S256 transformation.
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// May a code bound to `challenge` (if any) be exchanged with `verifier` (empty: none sent)?
/// With a challenge only its matching verifier; without one, only no verifier.
pub fn exchange_allowed(challenge: Option<&str>, verifier: &str) -> bool {
    match challenge {
        Some(c) => verifier_matches(c, verifier),
        None => verifier.is_empty(),
    }
}

/// Does `verifier` (43 to 128 unreserved characters) transform into `challenge`?
pub fn verifier_matches(challenge: &str, verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && unreserved(verifier)
        && constant_time_eq(s256(verifier).as_bytes(), challenge.as_bytes())
}

/// Compares in time that depends on the lengths only (also the control token's check, and
/// the test host's).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 7636 appendix B.
    const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    #[test]
    fn s256_is_the_rfc_example() {
        assert_eq!(s256(VERIFIER), CHALLENGE);
    }

    #[test]
    fn matching_verifier_passes_others_do_not() {
        assert!(verifier_matches(CHALLENGE, VERIFIER));
        let mut other = VERIFIER.to_owned();
        other.replace_range(0..1, "e");
        assert!(!verifier_matches(CHALLENGE, &other));
        assert!(!verifier_matches(CHALLENGE, ""));
        // The challenge itself is no verifier ("plain" downgrade).
        assert!(!verifier_matches(CHALLENGE, CHALLENGE));
        // Too short, and characters outside the unreserved set.
        assert!(!verifier_matches(&s256("abc"), "abc"));
        let spaced = format!("{VERIFIER} x");
        assert!(!verifier_matches(&s256(&spaced), &spaced));
    }

    #[test]
    fn a_verifier_needs_a_challenge_and_a_challenge_its_verifier() {
        assert!(exchange_allowed(Some(CHALLENGE), VERIFIER));
        assert!(!exchange_allowed(Some(CHALLENGE), ""));
        assert!(exchange_allowed(None, ""));
        assert!(!exchange_allowed(None, VERIFIER));
    }

    #[test]
    fn only_s256_challenges_are_accepted() {
        assert_eq!(check_challenge(None, None), Ok(None));
        assert_eq!(check_challenge(Some(""), Some("")), Ok(None));
        assert_eq!(
            check_challenge(Some(CHALLENGE), Some("S256")),
            Ok(Some(CHALLENGE.to_owned()))
        );
        assert!(check_challenge(Some(CHALLENGE), Some("plain")).is_err());
        assert!(check_challenge(Some(CHALLENGE), None).is_err());
        assert!(check_challenge(Some(CHALLENGE), Some("s256")).is_err());
        assert!(check_challenge(Some(CHALLENGE), Some("S512")).is_err());
        assert!(check_challenge(None, Some("S256")).is_err());
        assert!(check_challenge(Some("short"), Some("S256")).is_err());
        assert!(check_challenge(Some(&format!("{}=", &CHALLENGE[..42])), Some("S256")).is_err());
    }
}
