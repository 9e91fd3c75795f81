use super::bot::RuleBot;
use super::state::BeloteDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{Bot, ConfigError, DealContext, Game, GameInfo, Seat, VariantKind, VariantSpec, Variants};

/// Which way the turn (and the deal) goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// To the left, seat s to seat s+1 (the seed's text).
    Clockwise,
    /// To the right (the traditional French way).
    CounterClockwise,
}

impl Direction {
    /// The seat after `seat` in turn order.
    pub fn next(self, seat: Seat) -> Seat {
        match self {
            Direction::Clockwise => (seat + 1) % 4,
            Direction::CounterClockwise => (seat + 3) % 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclarationsMode {
    Full,
    BeloteOnly,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractBasis {
    /// Card points, last trick, valid declarations and belote.
    FullTotals,
    /// Card points and last trick only.
    TricksOnly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieRule {
    /// A tie is a failed contract.
    Fail,
    /// The takers' points are held in suspense for the winners of the next hand.
    Litige,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To a multiple of ten: units 0-5 down, 6-9 up.
    DownOnFive,
    /// Units 0-4 down, 5-9 up.
    HalfUp,
    Off,
}

/// Every rule choice of a Belote game (decision BEL-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeloteConfig {
    pub direction: Direction,
    pub declarations_mode: DeclarationsMode,
    pub contract_basis: ContractBasis,
    pub tie_rule: TieRule,
    pub capot_value: i64,
    pub rounding: Rounding,
    /// Equal best declarations from both teams: the first in playing order wins (false: neither
    /// team scores declarations).
    pub equal_declaration_first_wins: bool,
    pub card_in_multiple_declarations: bool,
    pub overtrump_on_trump_lead_when_partner_wins: bool,
    pub auto_declare: bool,
    pub target: i64,
    /// Both teams past the target in the same hand: a tie (false: the higher total wins).
    pub simultaneous_tie: bool,
    pub no_shuffle_between_hands: bool,
}

impl BeloteConfig {
    pub fn from_variants(v: &Variants) -> BeloteConfig {
        BeloteConfig {
            direction: if v.get("direction") == "counter-clockwise" {
                Direction::CounterClockwise
            } else {
                Direction::Clockwise
            },
            declarations_mode: match v.get("declarations_mode") {
                "belote-only" => DeclarationsMode::BeloteOnly,
                "none" => DeclarationsMode::None,
                _ => DeclarationsMode::Full,
            },
            contract_basis: if v.get("contract_basis") == "tricks-only" {
                ContractBasis::TricksOnly
            } else {
                ContractBasis::FullTotals
            },
            tie_rule: if v.get("tie_rule") == "litige" {
                TieRule::Litige
            } else {
                TieRule::Fail
            },
            capot_value: v.get_int("capot_value"),
            rounding: match v.get("rounding") {
                "half-up" => Rounding::HalfUp,
                "off" => Rounding::Off,
                _ => Rounding::DownOnFive,
            },
            equal_declaration_first_wins: v.get("equal_declaration_tie") == "first-in-order",
            card_in_multiple_declarations: v.get_bool("card_in_multiple_declarations"),
            overtrump_on_trump_lead_when_partner_wins: v.get_bool("overtrump_on_trump_lead_when_partner_wins"),
            auto_declare: v.get_bool("auto_declare"),
            target: v.get_int("target"),
            simultaneous_tie: v.get("simultaneous_target") == "tie",
            no_shuffle_between_hands: v.get_bool("no_shuffle_between_hands"),
        }
    }
}

impl Default for BeloteConfig {
    fn default() -> Self {
        BeloteConfig::from_variants(&Variants::defaults(&VARIANTS))
    }
}

static VARIANTS: [VariantSpec; 13] = [
    VariantSpec {
        key: "direction",
        kind: VariantKind::Choice(&["clockwise", "counter-clockwise"]),
        default: "clockwise",
        doc: "turn and deal go to the left (seat s+1), or to the right as in France", label: "Direction of play", explain: "Play and the deal move to the left, or to the right as they do in France.", choice_labels: &["To the left", "To the right"], applies_when: None,
    },
    VariantSpec {
        key: "declarations_mode",
        kind: VariantKind::Choice(&["full", "belote-only", "none"]),
        default: "full",
        doc: "which declarations score: all, only belote-rebelote, or none", label: "Declarations that score", explain: "All declarations score (sequences, fours of a kind and belote-rebelote), only the king and queen of trumps score, or nothing declared scores.", choice_labels: &["All of them", "Belote-rebelote only", "None"], applies_when: None,
    },
    VariantSpec {
        key: "contract_basis",
        kind: VariantKind::Choice(&["full-totals", "tricks-only"]),
        default: "full-totals",
        doc: "what the contract compares: card points, last trick, declarations and belote; or card points and last trick only", label: "What the contract counts", explain: "To make their contract the takers must outscore the defenders counting declarations and belote too, or counting only card points and the last trick.", choice_labels: &["Everything scored", "Cards and last trick only"], applies_when: None,
    },
    VariantSpec {
        key: "tie_rule",
        kind: VariantKind::Choice(&["fail", "litige"]),
        default: "fail",
        doc: "an exact tie fails the contract, or holds the takers' points for the next hand's winners", label: "Exact tie on the contract", explain: "On an exact tie the takers simply fail, or the defenders score theirs and the takers' points wait to go to whoever wins the next hand.", choice_labels: &["Takers fail", "Points held over (litige)"], applies_when: None,
    },
    VariantSpec {
        key: "capot_value",
        kind: VariantKind::Choice(&["252", "250"]),
        default: "252",
        doc: "what a capot (all eight tricks) is worth: 252 or 250", label: "Value of a capot", explain: "A team that takes all eight tricks scores 252 or 250 for the hand.", choice_labels: &["252 points", "250 points"], applies_when: None,
    },
    VariantSpec {
        key: "rounding",
        kind: VariantKind::Choice(&["down-on-five", "half-up", "off"]),
        default: "down-on-five",
        doc: "rounding of each team's hand total to tens: a final 5 rounds down, or up, or no rounding", label: "Rounding to tens", explain: "Each team's score for the hand is rounded to tens with a final 5 going down, or going up, or is kept exactly as it is.", choice_labels: &["Fives round down", "Fives round up", "No rounding"], applies_when: None,
    },
    VariantSpec {
        key: "equal_declaration_tie",
        kind: VariantKind::Choice(&["first-in-order", "neither-scores"]),
        default: "first-in-order",
        doc: "equal best declarations in both teams: the first in playing order wins, or neither team scores", label: "Equal best declarations", explain: "When both teams' best declarations are equal, the one held by the player first in turn wins, or neither team scores its declarations.", choice_labels: &["First in turn wins", "Neither team scores"], applies_when: None,
    },
    VariantSpec {
        key: "card_in_multiple_declarations",
        kind: VariantKind::Bool,
        default: "false",
        doc: "whether one card may count in a carre and a sequence at once", label: "Cards in two declarations", explain: "One card may count both in a four of a kind and in a sequence at the same time.", choice_labels: &[], applies_when: None,
    },
    VariantSpec {
        key: "overtrump_on_trump_lead_when_partner_wins",
        kind: VariantKind::Bool,
        default: "false",
        doc: "after a trump lead, overtrump even when your partner is winning (French standard)", label: "Overtrump even over partner", explain: "After a trump lead you must still play a higher trump if you can, even when your partner is winning the trick, as in France.", choice_labels: &[], applies_when: None,
    },
    VariantSpec {
        key: "auto_declare",
        kind: VariantKind::Bool,
        default: "true",
        doc: "declarations are made automatically; false: each player chooses to declare or not", label: "Automatic declarations", explain: "Your declarations are announced for you; turn it off to decide each time whether to declare.", choice_labels: &[], applies_when: None,
    },
    VariantSpec {
        key: "target",
        kind: VariantKind::Int { min: 1, max: 100_000 },
        default: "1000",
        doc: "the score that ends the game at the end of a hand", label: "Game score", explain: "The game ends after the hand in which a team reaches this many points.", choice_labels: &[], applies_when: None,
    },
    VariantSpec {
        key: "simultaneous_target",
        kind: VariantKind::Choice(&["tie", "higher-wins"]),
        default: "tie",
        doc: "both teams reach the target in the same hand: a tie, or the higher total wins", label: "Both teams reach it", explain: "If both teams reach the game score in the same hand, the game is a tie, or the team with more points wins.", choice_labels: &["A tie", "Higher total wins"], applies_when: None,
    },
    VariantSpec {
        key: "no_shuffle_between_hands",
        kind: VariantKind::Bool,
        default: "false",
        doc: "gather the played cards in order and only cut between hands, as tradition has it", label: "No shuffle between hands", explain: "The played cards are gathered up in order and only cut before the next deal, as tradition has it, so the hands are less random.", choice_labels: &[], applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "belote",
    name: "Belote",
    min_players: 4,
    max_players: 4,
    default_players: 4,
    higher_is_better: true,
    zero_sum: false,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "France's favourite card game: two teams of two with a 32-card pack. After a round of bidding for the trump suit, players win tricks worth card points (the jack and nine of trumps are the strongest cards) and score extra for sequences, four of a kind and the king and queen of trumps. The team that took the contract must outscore the other, or lose everything. First team to 1000 wins.",
};

/// Belote configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Belote {
    pub config: BeloteConfig,
}

impl Game for Belote {
    type Deal = BeloteDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(_players: usize, variants: &Variants) -> Result<Belote, ConfigError> {
        Ok(Belote {
            config: BeloteConfig::from_variants(variants),
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Piquet32
    }

    fn start_deal(
        &self,
        ctx: DealContext,
        order: &[Card],
        previous: Option<&BeloteDeal>,
        _: &mut GameRng,
    ) -> BeloteDeal {
        let suspended = previous.map_or(0, |p| p.suspended_after());
        BeloteDeal::new(self.config, ctx.dealer, ctx.deal_number, order, suspended)
    }

    fn next_order(&self, finished: &BeloteDeal, rng: &mut GameRng) -> Option<Vec<Card>> {
        self.config.no_shuffle_between_hands.then(|| {
            let mut pack = finished.gathered();
            let cut = rng.index(pack.len());
            pack.rotate_left(cut);
            pack
        })
    }

    /// The match ends after a hand in which a team reaches the target.
    fn match_over(&self, totals: &[i64], _deals_completed: u32) -> bool {
        totals.iter().any(|&t| t >= self.config.target)
    }

    fn winners(&self, totals: &[i64]) -> Vec<Seat> {
        let (a, b) = (totals[0], totals[1]);
        let both = a >= self.config.target && b >= self.config.target;
        if a == b || (both && self.config.simultaneous_tie) {
            vec![0, 1, 2, 3]
        } else if a > b {
            vec![0, 2]
        } else {
            vec![1, 3]
        }
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<BeloteDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot) as Box<dyn Bot<BeloteDeal>>)
    }

    fn hard_iterations(&self) -> u32 {
        // Rule-bot rollouts here cost a few microseconds: 10,000 keep a move near 50 ms.
        10_000
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
