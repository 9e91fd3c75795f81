//! Provably fair deals: a server commits to a table's secret seed before the first card, by
//! publishing `sha256("{seed}:{salt}")`, and gives out the seed and salt with the record once
//! the match is over. [`verify`] checks both halves of the promise: the commitment opens to
//! the record's seed, and the record replays from that seed, every action legal.

use engine::GameRecord;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The commitment to `seed` with `salt`: lowercase hex SHA-256 of the ASCII text
/// `"{seed}:{salt}"` (the seed in decimal).
pub fn commitment(seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(format!("{seed}:{salt}").as_bytes()))
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn is_hex(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// What a verified record showed.
#[derive(Clone, Debug, Serialize)]
pub struct Verified {
    pub game: String,
    pub seed: u64,
    pub seed_commitment: String,
    /// The seed was chosen by a person: the commitment holds, but the match is not fair play.
    pub chosen_seed: bool,
    pub actions: usize,
    pub deals_completed: u32,
    pub over: bool,
    pub totals: Vec<i64>,
    pub winners: Vec<usize>,
}

/// Checks a record from a server's finished table against its commitment (and against
/// `expected`, the commitment a player noted at the start, when given), then replays it.
pub fn verify(record: &GameRecord, expected: Option<&str>) -> Result<Verified, String> {
    let (Some(salt), Some(published)) = (&record.salt, &record.seed_commitment) else {
        return Err("this record carries no seed commitment (salt and seed_commitment): \
                    only a finished table's record from a cardroom server has one"
            .to_string());
    };
    if !is_hex(salt, 32) {
        return Err(format!(
            "the salt '{}' is not 32 lowercase hex digits",
            engine::cut_short(salt, 80)
        ));
    }
    if !is_hex(published, 64) {
        return Err(format!(
            "the seed_commitment '{}' is not 64 lowercase hex digits",
            engine::cut_short(published, 80)
        ));
    }
    let computed = commitment(record.seed, salt);
    if &computed != published {
        return Err(format!(
            "the commitment does not open: sha256(\"{}:{salt}\") is {computed}, but the record says {published}",
            record.seed
        ));
    }
    if let Some(expected) = expected {
        let expected = expected.trim().to_ascii_lowercase();
        if expected != computed {
            return Err(format!(
                "the record's seed and salt give the commitment {computed}, not the {expected} published at the start"
            ));
        }
    }
    let table = crate::open_record(record).map_err(|e| format!("the record does not replay: {e}"))?;
    Ok(Verified {
        game: record.game.clone(),
        seed: record.seed,
        seed_commitment: computed,
        chosen_seed: record.chosen_seed,
        actions: record.actions.len(),
        deals_completed: table.deals_completed(),
        over: table.is_over(),
        totals: table.totals(),
        winners: table.winners(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_seed_colon_salt() {
        // sha256("1:00000000000000000000000000000000"), worked out independently with
        // `printf '1:00000000000000000000000000000000' | sha256sum`.
        assert_eq!(
            commitment(1, "00000000000000000000000000000000"),
            "f1625f7065ae34651374956929cee39102fe44dcc5f9900407bed5c6490c3792"
        );
    }

    fn finished_record() -> GameRecord {
        let opts = crate::TableOptions {
            seed: 77,
            deals: Some(1),
            bots: vec![Some("random".to_string()); 4],
            ..Default::default()
        };
        let mut table = crate::open_table("hearts", &opts).unwrap();
        table.run_bots().unwrap();
        let mut record = table.record();
        let salt = "0123456789abcdef0123456789abcdef".to_string();
        record.seed_commitment = Some(commitment(77, &salt));
        record.salt = Some(salt);
        record
    }

    #[test]
    fn a_finished_record_verifies_and_tampering_is_caught() {
        let record = finished_record();
        let ok = verify(&record, record.seed_commitment.as_deref()).unwrap();
        assert!(ok.over);
        assert_eq!(ok.totals.iter().sum::<i64>() % 26, 0);
        // Through JSON, as a downloaded record file.
        let again = GameRecord::from_json(&record.to_json()).unwrap();
        assert!(verify(&again, None).is_ok());
        // Another seed: the commitment no longer opens.
        let mut other = record.clone();
        other.seed = 78;
        assert!(verify(&other, None).unwrap_err().contains("does not open"));
        // A commitment noted at the start that differs.
        let wrong = "0".repeat(64);
        assert!(verify(&record, Some(&wrong))
            .unwrap_err()
            .contains("published at the start"));
        // An action changed: the record no longer replays.
        let mut bad = record.clone();
        bad.actions[20] = "AS".to_string();
        bad.actions[21] = "AS".to_string();
        assert!(verify(&bad, None).unwrap_err().contains("does not replay"));
        // No commitment at all.
        let mut bare = record.clone();
        bare.salt = None;
        assert!(verify(&bare, None).unwrap_err().contains("no seed commitment"));
    }
}
