use serde::{Deserialize, Serialize};

/// Everything needed to reproduce a match exactly: (game, seats, variants, seed or deck order,
/// first dealer, deal limit, actions). A saved game is a record; loading it is a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub game: String,
    pub players: usize,
    #[serde(default)]
    pub variants: Vec<String>,
    pub seed: u64,
    /// The first deal's pack order, top first, when given instead of the first shuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    #[serde(default)]
    pub dealer: usize,
    /// The match ends after this many deals, if set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deals: Option<u32>,
    pub actions: Vec<String>,
    /// Provenance, not needed to replay: the salt of the seed commitment a server published
    /// when the table was created (lowercase hex), given out with the record once the match is
    /// over so that anyone can check the commitment (`cardroom verify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// Provenance: the commitment published at the start, `sha256("{seed}:{salt}")` in hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_commitment: Option<String>,
    /// Provenance: the seed was chosen by a person, not drawn secretly by the server, so the
    /// deals were known to whoever chose it and the match does not count as fair.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chosen_seed: bool,
}

impl GameRecord {
    /// Parses a record from JSON, naming what is wrong with a corrupt one.
    pub fn from_json(text: &str) -> Result<GameRecord, String> {
        serde_json::from_str(text).map_err(|e| format!("not a valid game record: {e}"))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }
}
