//! Making a table: the request as sent, checked into the rows to store, with the tokens of
//! the reserved seats. Everything here runs without a socket, so the checks are unit-tested.

use crate::protocol::{ErrorCode, Refusal};
use crate::store::{SeatRow, Status, TableRow};
use crate::tokens;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Variants as a list of `key=value` or an object.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum VariantList {
    List(Vec<String>),
    Map(HashMap<String, Value>),
}

impl VariantList {
    /// As `key=value` items (an object's in key order).
    fn items(self) -> Vec<String> {
        match self {
            VariantList::List(l) => l,
            VariantList::Map(m) => {
                let mut v: Vec<String> = m
                    .into_iter()
                    .map(|(k, v)| match v {
                        Value::String(s) => format!("{k}={s}"),
                        other => format!("{k}={other}"),
                    })
                    .collect();
                v.sort();
                v
            }
        }
    }
}

/// `POST /api/tables`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    pub game: String,
    pub players: Option<usize>,
    pub variants: Option<VariantList>,
    /// Per seat: `you` (the creator's, at most one), `invite` (kept for whoever has its
    /// link; `human` is the older name), `open` (anyone may take it from the lobby), or a bot.
    /// Default: `you` in seat 0, `medium` elsewhere.
    pub seats: Option<Vec<String>>,
    /// A chosen seed (practice, teaching): the table is marked `chosen_seed`, never fair.
    pub seed: Option<u64>,
    pub deals: Option<u32>,
    pub clock_seconds: Option<u32>,
}

/// Who sits in a seat of a table being created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// The creator's seat: reserved, its token given in the answer.
    You,
    /// Reserved for whoever holds its invite link (given to the creator to pass on).
    Invite,
    /// Anyone may take it from the lobby.
    Open,
    Bot(String),
}

impl SeatPlan {
    fn parse(word: &str) -> SeatPlan {
        match word {
            "you" => SeatPlan::You,
            "invite" | "human" => SeatPlan::Invite,
            "open" => SeatPlan::Open,
            bot => SeatPlan::Bot(bot.to_string()),
        }
    }

    fn word(&self) -> &str {
        match self {
            SeatPlan::You => "you",
            SeatPlan::Invite => "invite",
            SeatPlan::Open => "open",
            SeatPlan::Bot(_) => "bot",
        }
    }

    fn bot(&self) -> Option<String> {
        match self {
            SeatPlan::Bot(b) => Some(b.clone()),
            _ => None,
        }
    }
}

/// A checked request: what to store, and the reserved seats' tokens (given once, in the
/// answer; the store keeps only their hashes).
#[derive(Clone, Debug)]
pub struct NewTable {
    pub row: TableRow,
    pub seats: Vec<SeatRow>,
    pub plans: Vec<SeatPlan>,
    pub tokens: Vec<Option<String>>,
}

/// A person's link to a seat.
pub fn seat_link(id: &str, seat: usize, token: &str) -> String {
    format!("/play/{id}?seat={seat}&token={token}")
}

fn bad(reason: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadTable, reason)
}

impl CreateRequest {
    /// Checks everything the engine and the seat plan require, with the engine's own words for
    /// variants and bots, and draws the table's secrets.
    pub fn validate(self) -> Result<NewTable, Refusal> {
        let info = games::registry::resolve(&self.game).map_err(|e| Refusal::new(ErrorCode::UnknownGame, e))?;
        let players = self.players.unwrap_or(info.default_players);
        info.check_players(players).map_err(|e| bad(e.to_string()))?;
        let plans: Vec<SeatPlan> = match &self.seats {
            Some(words) => words.iter().map(|w| SeatPlan::parse(w)).collect(),
            None => (0..players)
                .map(|s| {
                    if s == 0 {
                        SeatPlan::You
                    } else {
                        SeatPlan::Bot("medium".into())
                    }
                })
                .collect(),
        };
        if plans.iter().filter(|s| **s == SeatPlan::You).count() > 1 {
            return Err(bad("only one seat can be 'you'"));
        }
        if plans.len() != players {
            return Err(bad(format!("{} seats described for {players} players", plans.len())));
        }
        if self.deals == Some(0) {
            return Err(bad("deals must be at least 1"));
        }
        if self.clock_seconds.is_some_and(|c| !(5..=3600).contains(&c)) {
            return Err(bad("clock_seconds must be 5 to 3600"));
        }
        let variants = self.variants.map(VariantList::items).unwrap_or_default();
        let mut row = TableRow::fresh(info.id, players, variants, self.seed);
        row.deals = self.deals;
        row.clock_seconds = self.clock_seconds;
        let bots: Vec<Option<String>> = plans.iter().map(SeatPlan::bot).collect();
        if bots.iter().all(Option::is_some) {
            row.status = Status::Playing;
        }
        // Opening it once checks the variants and bot names with the engine's own messages.
        let opts = tables::TableOptions {
            players: Some(players),
            seed: row.seed,
            variants: row.variants.clone(),
            deals: row.deals,
            bots: bots.clone(),
            ..Default::default()
        };
        tables::open_table(info.id, &opts).map_err(bad)?;
        // Reserved seats get their tokens now (the creator passes the invites on); open seats
        // get one when somebody joins.
        let tokens: Vec<Option<String>> = plans
            .iter()
            .map(|s| matches!(s, SeatPlan::You | SeatPlan::Invite).then(tokens::new_token))
            .collect();
        let seats = plans
            .iter()
            .zip(&tokens)
            .enumerate()
            .map(|(seat, (plan, token))| SeatRow {
                seat,
                bot: plan.bot(),
                name: None,
                token_hash: token.as_deref().map(tokens::hash),
                claimed: false,
                open: *plan == SeatPlan::Open,
            })
            .collect();
        Ok(NewTable {
            row,
            seats,
            plans,
            tokens,
        })
    }
}

impl NewTable {
    /// The creation answer: the id, the commitment, and per seat its kind, with the token and
    /// link of each reserved seat. Never the seed.
    pub fn answer(&self) -> Value {
        let id = &self.row.public_id;
        let seats: Vec<Value> = self
            .plans
            .iter()
            .zip(&self.tokens)
            .enumerate()
            .map(|(seat, (plan, token))| {
                let mut v = json!({ "seat": seat, "kind": plan.word() });
                if let SeatPlan::Bot(b) = plan {
                    v["bot"] = json!(b);
                }
                if let Some(t) = token {
                    v["invite"] = json!(seat_link(id, seat, t));
                    v["token"] = json!(t);
                }
                v
            })
            .collect();
        json!({
            "id": id,
            "seed_commitment": self.row.seed_commitment(),
            "chosen_seed": self.row.chosen_seed,
            "seats": seats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(v: Value) -> CreateRequest {
        serde_json::from_value(v).unwrap()
    }

    fn refused(v: Value) -> Refusal {
        request(v).validate().expect_err("refused")
    }

    #[test]
    fn the_defaults_make_a_fair_table_for_the_creator_and_bots() {
        let t = request(json!({"game": "Hearts"})).validate().unwrap();
        assert_eq!(t.row.game, "hearts");
        assert_eq!(t.plans[0], SeatPlan::You);
        assert!(t.plans[1..].iter().all(|p| *p == SeatPlan::Bot("medium".into())));
        assert!(!t.row.chosen_seed && t.row.status == Status::Waiting);
        assert!(t.tokens[0].is_some() && t.tokens[1].is_none());
        let answer = t.answer();
        assert!(answer.get("seed").is_none(), "{answer}");
        assert_eq!(answer["seats"][0]["kind"], "you");
        assert_eq!(answer["seed_commitment"].as_str().unwrap().len(), 64);
        // Two tables never share a seed or an id.
        let u = request(json!({"game": "hearts"})).validate().unwrap();
        assert_ne!((t.row.seed, &t.row.public_id), (u.row.seed, &u.row.public_id));
    }

    #[test]
    fn seat_plans_and_chosen_seeds() {
        let t = request(json!({"game": "jewel", "players": 4, "seats": ["you", "human", "open", "easy"], "seed": 9}))
            .validate()
            .unwrap();
        assert_eq!(t.row.seed, 9);
        assert!(t.row.chosen_seed);
        let kinds: Vec<&str> = t.plans.iter().map(SeatPlan::word).collect();
        assert_eq!(kinds, ["you", "invite", "open", "bot"]);
        assert_eq!(
            t.seats
                .iter()
                .map(|s| (s.open, s.token_hash.is_some()))
                .collect::<Vec<_>>(),
            [(false, true), (false, true), (true, false), (false, false)]
        );
        let all_bots = request(json!({"game": "hearts", "seats": ["easy", "easy", "easy", "easy"]}))
            .validate()
            .unwrap();
        assert_eq!(all_bots.row.status, Status::Playing);
    }

    #[test]
    fn bad_requests_are_refused_with_the_reason() {
        for (v, code, words) in [
            (json!({"game": "heartz"}), ErrorCode::UnknownGame, "hearts"),
            (json!({"game": "hearts", "players": 5}), ErrorCode::BadTable, "5"),
            (
                json!({"game": "hearts", "variants": ["omnibus=maybe"]}),
                ErrorCode::BadTable,
                "omnibus",
            ),
            (
                json!({"game": "hearts", "seats": ["you", "genius", "easy", "easy"]}),
                ErrorCode::BadTable,
                "genius",
            ),
            (
                json!({"game": "hearts", "seats": ["you", "you", "easy", "easy"]}),
                ErrorCode::BadTable,
                "one seat",
            ),
            (
                json!({"game": "hearts", "seats": ["you"]}),
                ErrorCode::BadTable,
                "1 seats",
            ),
            (json!({"game": "hearts", "deals": 0}), ErrorCode::BadTable, "deals"),
            (
                json!({"game": "hearts", "clock_seconds": 1}),
                ErrorCode::BadTable,
                "clock_seconds",
            ),
        ] {
            let r = refused(v.clone());
            assert_eq!(r.code, code, "{v}: {r:?}");
            assert!(r.reason.contains(words), "{v}: {}", r.reason);
        }
        assert!(serde_json::from_value::<CreateRequest>(json!({"game": "hearts", "surprise": 1})).is_err());
    }
}
