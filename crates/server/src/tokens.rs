//! Seat tokens: 128 random bits, given once in an invite link and stored only as a SHA-256
//! hash, so a stolen database holds no usable token.

use sha2::{Digest, Sha256};

/// A new token: 32 hex digits from the operating system's random source.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes).expect("the operating system gives random bytes");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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
}
