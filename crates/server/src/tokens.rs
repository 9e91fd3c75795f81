//! The server's secrets and unguessable names, all from the operating system's random source:
//! seat tokens (128 bits, given once in an invite link and stored only as a SHA-256 hash, so a
//! stolen database holds no usable token), table ids for links (80 bits), and each table's
//! secret seed, commitment salt and bots' seed.

use sha2::{Digest, Sha256};

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).expect("the operating system gives random bytes");
    bytes
}

/// A new token: 32 hex digits.
pub fn new_token() -> String {
    tables::fairness::hex(&random_bytes::<16>())
}

/// A table's id in links and messages: 20 hex digits (80 bits), so ids cannot be guessed or
/// counted through.
pub fn new_public_id() -> String {
    tables::fairness::hex(&random_bytes::<10>())
}

/// Whether `text` could be a table id (checked before any lookup).
pub fn is_public_id(text: &str) -> bool {
    text.len() == 20 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The salt of a seed commitment: 32 hex digits (128 bits).
pub fn new_salt() -> String {
    tables::fairness::hex(&random_bytes::<16>())
}

/// A secret seed: 63 random bits (so it fits the database's signed integers). The deal is
/// ChaCha8 keyed by it, so seeing cards tells nothing usable about it short of trying about
/// 2^62 seeds.
pub fn new_seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>()) >> 1
}

pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Compares two hashes in time that does not depend on where they differ.
pub fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_distinct() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert!(same(&hash(&a), &hash(&a)));
        assert!(!same(&hash(&a), &hash(&b)));
    }

    #[test]
    fn public_ids_and_salts_have_their_shapes() {
        let id = new_public_id();
        assert!(is_public_id(&id), "{id}");
        assert_ne!(id, new_public_id());
        assert!(!is_public_id("1"));
        assert!(!is_public_id("0123456789ABCDEF0123"));
        assert_eq!(new_salt().len(), 32);
        assert!(new_seed() < 1 << 63);
    }
}
