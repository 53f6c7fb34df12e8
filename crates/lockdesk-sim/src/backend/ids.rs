//! Identifier shapes of the service.

use rand::Rng;

const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_DIGITS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";

pub fn chunk(rng: &mut impl Rng, len: usize, alphabet: &[u8]) -> String {
    (0..len)
        .map(|_| alphabet[rng.gen_range(0..alphabet.len())] as char)
        .collect()
}

fn shaped(rng: &mut impl Rng, prefix: &str, chunks: usize) -> String {
    let mut s = prefix.to_string();
    for _ in 0..chunks {
        s.push('-');
        s.push_str(&chunk(rng, 5, ALNUM));
    }
    s
}

/// `O-xxxxx-xxxxx`
pub fn org_id(rng: &mut impl Rng) -> String {
    shaped(rng, "O", 2)
}
/// `U-xxxxx-xxxxx`
pub fn user_id(rng: &mut impl Rng) -> String {
    shaped(rng, "U", 2)
}
/// `AG-xxxxx-xxxxx-xxxxx`
pub fn lock_group_id(rng: &mut impl Rng) -> String {
    shaped(rng, "AG", 3)
}
/// `UG-xxxxx-xxxxx-xxxxx`
pub fn user_group_id(rng: &mut impl Rng) -> String {
    shaped(rng, "UG", 3)
}
/// `UI-xxxxx-xxxxx-xxxxx`
pub fn invitation_id(rng: &mut impl Rng) -> String {
    shaped(rng, "UI", 3)
}

/// `A` or `R` + two-digit generation + five characters, e.g. `A12K3J9Q`.
pub fn lock_id(rng: &mut impl Rng, model_letter: char, generation: u32) -> String {
    format!(
        "{model_letter}{generation:02}{}",
        chunk(rng, 5, UPPER_DIGITS)
    )
}

/// Whether a lock id is of generation 12 or later (`A12…`, `R12…`).
pub fn supports_reader_volume(lock_id: &str) -> bool {
    lock_id
        .get(1..3)
        .and_then(|g| g.parse::<u32>().ok())
        .is_some_and(|g| g >= 12)
}

/// Opaque secret of `len` URL-safe characters.
pub fn secret(rng: &mut impl Rng, len: usize) -> String {
    const URLSAFE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    chunk(rng, len, URLSAFE)
}
