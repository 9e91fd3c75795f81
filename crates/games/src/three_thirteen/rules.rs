use super::bot::RuleBot;
use super::lookahead::LookaheadBot;
use super::state::TtDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{Bot, ConfigError, DealContext, Game, GameInfo, HardSearch, VariantKind, VariantSpec, Variants};

/// Every rule choice of a Three Thirteen game (decision TTR-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtConfig {
    pub packs: u8,
    /// What an unmelded wild counts; `None`: its face value.
    pub wild_value: Option<i32>,
    pub rounds: u32,
    /// A round nobody has gone out of after this many discards ends there (house rule).
    pub max_turns: u32,
}

fn check_decks(t: &str) -> Result<(), String> {
    match t {
        "formula" => Ok(()),
        n if n.parse::<u8>().is_ok_and(|k| (1..=8).contains(&k)) => Ok(()),
        _ => Err("write formula (one pack per two players, rounded up) or a number of packs from 1 to 8".into()),
    }
}

fn check_wild_value(t: &str) -> Result<(), String> {
    match t {
        "face-value" => Ok(()),
        n if n.parse::<i32>().is_ok_and(|k| (0..=50).contains(&k)) => Ok(()),
        _ => Err("write face-value or a number from 0 to 50".into()),
    }
}

static VARIANTS: [VariantSpec; 4] = [
    VariantSpec {
        key: "decks",
        kind: VariantKind::Text(check_decks),
        default: "formula",
        doc: "packs: formula (one per two players, rounded up) or a fixed number 1-8",
        label: "Number of packs",
        explain: "One pack for every two players (rounded up), or a fixed number of packs from 1 to 8.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "wild_deadwood_value",
        kind: VariantKind::Text(check_wild_value),
        default: "face-value",
        doc: "what an unmelded wild card counts: its face value, or a fixed number",
        label: "Unmelded wild card value",
        explain: "A wild card left unmelded at the end of a round counts its face value against you, or a fixed number of points.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "rounds",
        kind: VariantKind::Int { min: 1, max: 11 },
        default: "11",
        doc: "rounds to play (hands of 3, 4, ... cards)",
        label: "Rounds to play",
        explain: "The game lasts this many rounds, starting with 3 cards each and adding one card every round.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "max_turns",
        kind: VariantKind::Int { min: 10, max: 100_000 },
        default: "300",
        doc: "a round nobody goes out of ends after this many discards, everyone scoring their deadwood",
        label: "Discard limit per round",
        explain: "A round nobody goes out of ends after this many discards, and everyone scores the unmelded cards they hold.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "three-thirteen",
    name: "Three Thirteen Rummy",
    min_players: 2,
    max_players: 8,
    default_players: 4,
    higher_is_better: false,
    zero_sum: false,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A rummy game in eleven rounds: three cards each in the first round, up to thirteen in the last, and the rank matching the hand size is wild each round. Draw, discard and arrange your hand into sets and runs; when someone goes out, everyone else counts the cards they could not meld. Lowest total after eleven rounds wins.",
};

/// Three Thirteen configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreeThirteen {
    pub config: TtConfig,
    players: usize,
}

impl Game for ThreeThirteen {
    type Deal = TtDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(players: usize, v: &Variants) -> Result<ThreeThirteen, ConfigError> {
        let packs = match v.get("decks") {
            "formula" => players.div_ceil(2).max(1) as u8,
            n => n.parse().expect("checked when parsed"),
        };
        let wild_value = match v.get("wild_deadwood_value") {
            "face-value" => None,
            n => Some(n.parse().expect("checked when parsed")),
        };
        let rounds = v.get_int("rounds") as usize;
        let largest_hand = 2 + rounds;
        if players * largest_hand + 1 > 52 * packs as usize {
            return Err(ConfigError::new(format!(
                "{packs} pack(s) hold too few cards for {players} players: round {rounds} needs {} (use decks=formula or more packs)",
                players * largest_hand + 1
            )));
        }
        Ok(ThreeThirteen {
            config: TtConfig {
                packs,
                wild_value,
                rounds: v.get_int("rounds") as u32,
                max_turns: v.get_int("max_turns") as u32,
            },
            players,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Standard52 {
            packs: self.config.packs,
        }
    }

    fn start_deal(&self, ctx: DealContext, order: &[Card], _: Option<&TtDeal>, rng: &mut GameRng) -> TtDeal {
        TtDeal::new(
            self.config,
            ctx.players,
            ctx.dealer,
            ctx.deal_number,
            order,
            rng.next_u64(),
        )
    }

    fn match_over(&self, _totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.config.rounds
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<TtDeal>>> {
        match name {
            "rule" => Some(Box::new(RuleBot)),
            "lookahead" => Some(Box::new(LookaheadBot {
                packs: self.config.packs,
                wild_value: self.config.wild_value,
            })),
            _ => None,
        }
    }

    fn hard_search() -> HardSearch {
        HardSearch::GameBot("lookahead")
    }

    fn rule_bot_suits_rollouts() -> bool {
        false // it runs the meld solver on every move
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule", "lookahead"]
    }
}
