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
