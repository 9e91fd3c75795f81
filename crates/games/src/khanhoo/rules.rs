use super::bot::RuleBot;
use super::lookahead::LookaheadBot;
use super::state::KhanhooDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{Bot, ConfigError, DealContext, Game, GameInfo, HardSearch, VariantKind, VariantSpec, Variants};

/// Every rule choice of a Khanhoo game (decision KHA-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KhanhooConfig {
    pub aces_exactly_three: bool,
    pub aces_can_form_triplet: bool,
    pub challenger_must_expose: bool,
    /// Discards after which a hand nobody has gone out of ends in a stalemate (KHA-3); `auto`
    /// is resolved here for the table size.
    pub max_turns: u32,
    /// A stalemate scores every hand as it stands (false: the hand is void).
    pub stalemate_scores: bool,
    pub target: i64,
    /// Equal top totals past the target: play another hand (false: share the win).
    pub tie_plays_on: bool,
}

static VARIANTS: [VariantSpec; 8] = [
    VariantSpec {
        key: "aces_meld_sizes",
        kind: VariantKind::Choice(&["3", "3-5"]),
        default: "3",
        doc: "an aces meld is exactly three aces, or three to five",
        label: "Size of an aces meld",
        explain: "An aces meld is exactly three aces, or any three to five.",
        choice_labels: &["Exactly three", "Three to five"],
        applies_when: None,
    },
    VariantSpec {
        key: "aces_can_form_triplet",
        kind: VariantKind::Bool,
        default: "false",
        doc: "whether three aces of different suits also make a triplet (2)",
        label: "Aces make a triplet",
        explain: "Three aces of different suits may also count as a triplet, worth 2.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "challenger_must_expose",
        kind: VariantKind::Bool,
        default: "true",
        doc: "a successful challenger lays the declared meld face up and frozen",
        label: "Challenger shows the meld",
        explain: "A player who wins a challenge for a discard must lay that meld face up, and it stays fixed for the rest of the hand.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "bump_priority",
        kind: VariantKind::Choice(&["highest-then-nearest"]),
        default: "highest-then-nearest",
        doc: "several bumps: the highest meld wins, then the claimant nearest after the discarder",
        label: "Competing bumps",
        explain: "When several players bump the same discard, the highest meld gets it, then the player nearest after the discarder.",
        choice_labels: &["Highest meld, then nearest"],
        applies_when: None,
    },
    VariantSpec {
        key: "max_turns",
        kind: VariantKind::Text(check_max_turns),
        default: "auto",
        doc: "a hand with no one out after this many discards (10 to 10000) ends in a stalemate; auto: 15 per player (30, 45 or 60)",
        label: "Discard limit per hand",
        explain: "A hand in which nobody has gone out after this many discards ends in a stalemate. Auto allows fifteen discards per player: 30 with two players, 45 with three, 60 with four.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "stalemate",
        kind: VariantKind::Choice(&["score", "void"]),
        default: "score",
        doc: "a stalemate scores every hand as it stands (no going-out bonus), or makes the hand void",
        label: "Hand nobody goes out of",
        explain: "When the discard limit is reached with nobody out, everyone scores the melds they hold (nobody gets the 5 for going out), or the hand is void and nobody scores.",
        choice_labels: &["Score the hands as they stand", "Void: nobody scores"],
        applies_when: None,
    },
    VariantSpec {
        key: "target",
        kind: VariantKind::Int { min: 1, max: 10_000 },
        default: "50",
        doc: "the score that ends the game at the end of a hand",
        label: "Winning score",
        explain: "The game ends after a hand in which someone has reached this score, and the highest total wins.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "tie_break",
        kind: VariantKind::Choice(&["play-on", "shared"]),
        default: "play-on",
        doc: "equal top scores past the target: play another hand, or share the win",
        label: "Tie at the top",
        explain: "If the highest totals are equal when the game ends, play another hand, or the tied players share the win.",
        choice_labels: &["Play another hand", "Share the win"],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "khanhoo",
    name: "Khanhoo",
    min_players: 2,
    max_players: 4,
    default_players: 3,
    higher_is_better: true,
    zero_sum: false,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "An old Chinese-origin rummy game with a 61-card pack of doubled cards and one joker. You draw and discard to build your sixteen cards into sets and sequences; the first to go out scores, and the game goes to whoever first reaches 50 points.",
};

/// Discards per player allowed by `max_turns=auto` (decision KHA-3).
pub const TURNS_PER_PLAYER: u32 = 15;

fn check_max_turns(v: &str) -> Result<(), String> {
    if v.eq_ignore_ascii_case("auto") {
        return Ok(());
    }
    match v.parse::<u32>() {
        Ok(n) if (10..=10_000).contains(&n) => Ok(()),
        _ => Err("give auto or a number of discards from 10 to 10000".into()),
    }
}

/// The discard limit for `players` under the variant text (`auto`: 15 per player).
pub fn max_turns_for(players: usize, text: &str) -> u32 {
    text.parse().unwrap_or(TURNS_PER_PLAYER * players as u32)
}

/// Khanhoo configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Khanhoo {
    pub config: KhanhooConfig,
    players: usize,
}

impl Game for Khanhoo {
    type Deal = KhanhooDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(players: usize, v: &Variants) -> Result<Khanhoo, ConfigError> {
        Ok(Khanhoo {
            config: KhanhooConfig {
                aces_exactly_three: v.get("aces_meld_sizes") == "3",
                aces_can_form_triplet: v.get_bool("aces_can_form_triplet"),
                challenger_must_expose: v.get_bool("challenger_must_expose"),
                max_turns: max_turns_for(players, v.get("max_turns")),
                stalemate_scores: v.get("stalemate") == "score",
                target: v.get_int("target"),
                tie_plays_on: v.get("tie_break") == "play-on",
            },
            players,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Khanhoo61
    }

    fn start_deal(&self, ctx: DealContext, order: &[Card], _: Option<&KhanhooDeal>, rng: &mut GameRng) -> KhanhooDeal {
        KhanhooDeal::new(
            self.config,
            ctx.players,
            ctx.dealer,
            ctx.deal_number,
            order,
            rng.next_u64(),
        )
    }

    fn match_over(&self, totals: &[i64], _deals_completed: u32) -> bool {
        let top = totals.iter().copied().max().unwrap_or(0);
        top >= self.config.target && (!self.config.tie_plays_on || totals.iter().filter(|&&t| t == top).count() == 1)
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<KhanhooDeal>>> {
        match name {
            "rule" => Some(Box::new(RuleBot { cfg: self.config })),
            "lookahead" => Some(Box::new(LookaheadBot { cfg: self.config })),
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
