use super::bot::RuleBot;
use super::state::BigThreeDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{
    draw_high_card, Bot, ConfigError, DealContext, DealerDraw, Game, GameInfo, Seat, VariantKind, VariantSpec, Variants,
};

/// Every rule choice of a Big Three game (decision BIG-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BigThreeConfig {
    /// Turn order goes to the left (seat s+1); false: to the right.
    pub clockwise: bool,
    /// Each bid may be any higher value (false: exactly one more).
    pub any_higher_bid: bool,
    pub pass_is_final: bool,
    pub show_widow: bool,
    pub min_run_groups: u8,
    pub quads_are_bombs: bool,
    pub max_hands: u32,
}

impl BigThreeConfig {
    pub fn from_variants(v: &Variants) -> BigThreeConfig {
        BigThreeConfig {
            clockwise: v.get("direction") == "clockwise",
            any_higher_bid: v.get("bid_step") == "any-higher",
            pass_is_final: v.get_bool("pass_is_final"),
            show_widow: v.get_bool("show_widow"),
            min_run_groups: v.get_int("min_run_groups") as u8,
            quads_are_bombs: v.get_bool("quads_are_bombs"),
            max_hands: v.get_int("max_hands") as u32,
        }
    }

    /// The seat after `seat` in turn order.
    pub fn next(&self, seat: Seat) -> Seat {
        if self.clockwise {
            (seat + 1) % 3
        } else {
            (seat + 2) % 3
        }
    }
}

impl Default for BigThreeConfig {
    fn default() -> Self {
        BigThreeConfig::from_variants(&Variants::defaults(&VARIANTS))
    }
}

static VARIANTS: [VariantSpec; 7] = [
    VariantSpec {
        key: "direction",
        kind: VariantKind::Choice(&["clockwise", "counter-clockwise"]),
        default: "clockwise",
        doc: "turn order: to the left, or to the right",
        label: "Direction of play",
        explain: "The deal and the turns go to the left, or to the right.",
        choice_labels: &["To the left", "To the right"],
        applies_when: None,
    },
    VariantSpec {
        key: "bid_step",
        kind: VariantKind::Choice(&["any-higher", "exactly-one"]),
        default: "any-higher",
        doc: "each bid may be any higher value up to 3, or exactly one more",
        label: "How bids go up",
        explain: "Each bid may jump to any higher value up to 3, or must be exactly one more than the last.",
        choice_labels: &["Any higher bid", "One more each time"],
        applies_when: None,
    },
    VariantSpec {
        key: "pass_is_final",
        kind: VariantKind::Bool,
        default: "true",
        doc: "a pass drops out of the bidding (false: two passes in a row end it)",
        label: "A pass is final",
        explain: "Once you pass you are out of the bidding; turn it off to let players bid again later, the bidding ending after two passes in a row.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "show_widow",
        kind: VariantKind::Bool,
        default: "false",
        doc: "the solo player shows the widow before taking it",
        label: "Show the widow",
        explain: "The solo player turns the four widow cards face up for everyone before taking them.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "min_run_groups",
        kind: VariantKind::Int { min: 2, max: 5 },
        default: "3",
        doc: "the fewest consecutive pairs, trips or quads in a run",
        label: "Shortest run of pairs",
        explain: "A run of pairs, threes or fours of consecutive ranks must cover at least this many ranks.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "quads_are_bombs",
        kind: VariantKind::Bool,
        default: "false",
        doc: "four of a kind beats any combination except higher quads",
        label: "Four of a kind bombs",
        explain: "Four of a kind may be played on any combination and is beaten only by a higher four of a kind.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "max_hands",
        kind: VariantKind::Int { min: 1, max: 10_000 },
        default: "10",
        doc: "hands in a match",
        label: "Hands in a match",
        explain: "The match lasts this many hands.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "big-three",
    name: "Big Three (Dig a Hole)",
    min_players: 3,
    max_players: 3,
    default_players: 3,
    higher_is_better: true,
    zero_sum: true,
    unit: "chips",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A Chinese climbing game for three (also called Dig a Hole). Threes are the highest cards and fours the lowest. Players bid one to three chips for the right to play alone against the other two; then each in turn beats the last play with a higher single, pair, triple, straight or run of the same shape, or passes. If the lone player empties their hand first they collect the bid from each opponent; if an opponent does, the lone player pays each of them.",
};

/// Big Three configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigThree {
    pub config: BigThreeConfig,
}

impl Game for BigThree {
    type Deal = BigThreeDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(_players: usize, v: &Variants) -> Result<BigThree, ConfigError> {
        Ok(BigThree {
            config: BigThreeConfig::from_variants(v),
        })
    }

    fn players(&self) -> usize {
        3
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Standard52 { packs: 1 }
    }

    /// The first dealer is drawn: highest number card (ace 1, courts 0).
    fn draw_first_dealer(&self, rng: &mut GameRng) -> Option<DealerDraw> {
        let number = |c: Card| match c.face() {
            f @ 1..=10 => f,
            _ => 0,
        };
        Some(draw_high_card(3, self.deck(), rng, number))
    }

    /// The winner of each hand deals the next (the outcome names them).
    fn start_deal(
        &self,
        ctx: DealContext,
        order: &[Card],
        _previous: Option<&BigThreeDeal>,
        _rng: &mut GameRng,
    ) -> BigThreeDeal {
        BigThreeDeal::new(self.config, ctx.dealer, ctx.deal_number, order)
    }

    fn match_over(&self, _totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.config.max_hands
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<BigThreeDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot) as Box<dyn Bot<BigThreeDeal>>)
    }

    fn hard_iterations(&self) -> u32 {
        // Chosen when rule-bot rollouts cost about 17 µs (3,000 kept a move near 50 ms); they
        // now cost about 6.5 µs, and the count stays so that `hard` plays the same games.
        3000
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
