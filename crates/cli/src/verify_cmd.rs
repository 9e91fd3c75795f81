//! `cardroom verify`: checks a finished server table's record against the seed commitment the
//! table published before its first card (see `docs/fairness.md`).

use clap::Args;
use engine::GameRecord;
use std::process::ExitCode;

#[derive(Args)]
pub struct VerifyArgs {
    /// The record file (what `GET /api/tables/{id}/record` answers once the match is over), or
    /// `-` for standard input.
    #[arg(value_name = "RECORD")]
    file: String,
    /// The commitment the table showed at its start (its page, `welcome`, or the creation
    /// answer): the record must open this one, not merely its own.
    #[arg(long, value_name = "HEX")]
    commitment: Option<String>,
    /// One JSON object instead of sentences.
    #[arg(long)]
    json: bool,
}

fn read(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

/// Exit 0 when the record verifies, 1 when it does not (with the reason), 2 when the file
/// cannot be read or is not a record.
pub fn run(a: &VerifyArgs) -> ExitCode {
    let record = match read(&a.file).and_then(|t| GameRecord::from_json(&t)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match tables::fairness::verify(&record, a.commitment.as_deref()) {
        Ok(v) => {
            if a.json {
                let mut out = serde_json::to_value(&v).expect("serialises");
                out["verified"] = serde_json::json!(true);
                println!("{out}");
            } else {
                println!(
                    "verified: sha256(\"{}:{}\") = {}, the commitment published at the start;",
                    v.seed,
                    record.salt.as_deref().unwrap_or_default(),
                    v.seed_commitment
                );
                println!(
                    "the record replays from that seed: {} actions, {} deal(s), {}; totals {:?}, winners (seats) {:?}.",
                    v.actions,
                    v.deals_completed,
                    if v.over {
                        "the match is over"
                    } else {
                        "the match is NOT over"
                    },
                    v.totals,
                    v.winners
                );
                if v.chosen_seed {
                    println!("note: a person chose this table's seed, so its deals were known beforehand; it was never a fair table.");
                }
                if a.commitment.is_none() {
                    println!(
                        "(pass --commitment HEX with the value you saw at the start to check it is the same one.)"
                    );
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            if a.json {
                println!("{}", serde_json::json!({ "verified": false, "reason": e }));
            } else {
                eprintln!("NOT verified: {e}");
            }
            ExitCode::from(1)
        }
    }
}
