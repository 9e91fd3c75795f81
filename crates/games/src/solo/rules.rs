use super::bot::RuleBot;
use super::state::SoloDeal;
use cards::{Card, DeckSpec, GameRng, Suit};
use engine::{Bot, ConfigError, DealContext, Game, GameInfo, VariantKind, VariantSpec, Variants};

/// Which ace the declarer of a simple game may call (SOL-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallAceRule {
    /// An ace the declarer does not hold and that is not the trump ace (the trump ace only when
    /// the declarer holds the three others).
    NotHeldNotTrump,
    AnyNotHeld,
    /// Any ace, even one's own (then the declarer plays alone, unknown to the others).
    Any,
}

/// Every rule choice of a Solo game (decision SOL-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloConfig {
    pub colour: Suit,
    pub call_ace_rule: CallAceRule,
    /// The asker may only name the next game up.
    pub one_step_asks: bool,
    /// Defenders pay the declaring side (false: only the declaring side's scores move).
    pub zero_sum_payments: bool,
    pub prime_bonus: bool,
    pub max_hands: u32,
    /// Ends the match when a total reaches it (0: no threshold).
    pub target: i64,
}

impl SoloConfig {
    pub fn from_variants(v: &Variants) -> SoloConfig {
        SoloConfig {
            colour: v.get("colour_suit").parse().expect("checked when parsed"),
            call_ace_rule: match v.get("call_ace_rule") {
                "any-not-held" => CallAceRule::AnyNotHeld,
                "any" => CallAceRule::Any,
                _ => CallAceRule::NotHeldNotTrump,
            },
            one_step_asks: v.get("ask_step") == "one-level",
            zero_sum_payments: v.get("scoring") == "zero-sum-payments",
            prime_bonus: v.get_bool("prime_bonus"),
            max_hands: v.get_int("max_hands") as u32,
            target: v.get_int("target"),
        }
    }

    /// The aces the declarer may call with this hand and trump (SOL-1).
    pub fn callable_aces(&self, hand: cards::CardSet, trump: Suit) -> cards::CardSet {
        let aces: cards::CardSet = Suit::ALL.iter().map(|&s| Card::new(cards::Rank::Ace, s)).collect();
        let trump_ace = cards::CardSet::single(Card::new(cards::Rank::Ace, trump));
        match self.call_ace_rule {
            CallAceRule::Any => aces,
            CallAceRule::AnyNotHeld => aces - hand,
            CallAceRule::NotHeldNotTrump => {
                let plain = aces - trump_ace;
                if plain - hand == cards::CardSet::EMPTY {
                    trump_ace - hand
                } else {
                    plain - hand
                }
            }
        }
    }
}

impl Default for SoloConfig {
    fn default() -> Self {
        SoloConfig::from_variants(&Variants::defaults(&VARIANTS))
    }
}

static VARIANTS: [VariantSpec; 7] = [
    VariantSpec {
        key: "colour_suit",
        kind: VariantKind::Choice(&["c", "d", "h", "s"]),
        default: "c",
        doc: "the colour: games with it as trump rank above the same game in another suit",
        label: "Colour suit",
        explain: "The favoured suit: a game with it as trumps outranks the same game in any other suit.",
        choice_labels: &["Clubs", "Diamonds", "Hearts", "Spades"],
        applies_when: None,
    },
    VariantSpec {
        key: "call_ace_rule",
        kind: VariantKind::Choice(&["not-held-not-trump", "any-not-held", "any"]),
        default: "not-held-not-trump",
        doc: "which ace a simple game may call",
        label: "Which ace you may call",
        explain: "In a simple game you call an ace to find your partner: one you do not hold and not of trumps, any ace you do not hold, or any ace.",
        choice_labels: &["Not held, not trumps", "Any ace not held", "Any ace"],
        applies_when: None,
    },
    VariantSpec {
        key: "ask_step",
        kind: VariantKind::Choice(&["any-higher", "one-level"]),
        default: "any-higher",
        doc: "the asker may name any higher game, or only the next one",
        label: "Raising the bid",
        explain: "A player who asks to outbid may name any higher game, or only the next game up.",
        choice_labels: &["Any higher game", "Next game only"],
        applies_when: None,
    },
    VariantSpec {
        key: "scoring",
        kind: VariantKind::Choice(&["declarer-only", "zero-sum-payments"]),
        default: "declarer-only",
        doc: "only the declaring side's scores move (the published rule), or the defenders pay and receive",
        label: "Who scores",
        explain: "Only the declaring side's scores change, or the defenders also pay and collect so every hand adds up to zero.",
        choice_labels: &["Declarers only", "Everyone pays"],
        applies_when: None,
    },
    VariantSpec {
        key: "prime_bonus",
        kind: VariantKind::Bool,
        default: "false",
        doc: "a game made with the first five tricks (or all eight) scores double",
        label: "Prime bonus",
        explain: "A game won by taking the first five tricks, or all eight, scores double.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "max_hands",
        kind: VariantKind::Int { min: 1, max: 10_000 },
        default: "12",
        doc: "the match ends after this many hands",
        label: "Hands in a match",
        explain: "The match ends after this many hands.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "target",
        kind: VariantKind::Int { min: 0, max: 100_000 },
        default: "0",
        doc: "the match also ends when a total reaches this (0: no threshold)",
        label: "Score limit",
        explain: "The match also ends as soon as someone's total reaches this; 0 means no limit.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "solo",
    name: "Solo (Spanish)",
    min_players: 4,
    max_players: 4,
    default_players: 4,
    higher_is_better: true,
    zero_sum: false,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A Spanish four-player game of bidding and tricks with a 32-card pack. In the auction players climb through six contracts: in the two lowest the declarer calls an ace and its holder, unknown to the others until the ace is played, becomes a partner; in a solo the declarer plays alone against the other three, and a tout promises all eight tricks. Points change hands on every contract made or lost.",
};

/// Solo configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solo {
    pub config: SoloConfig,
}

impl Game for Solo {
    type Deal = SoloDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(_players: usize, variants: &Variants) -> Result<Solo, ConfigError> {
        Ok(Solo {
            config: SoloConfig::from_variants(variants),
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Piquet32
    }

    fn start_deal(&self, ctx: DealContext, order: &[Card], _: Option<&SoloDeal>, _: &mut GameRng) -> SoloDeal {
        SoloDeal::new(self.config, ctx.dealer, ctx.deal_number, order)
    }

    fn match_over(&self, totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.config.max_hands
            || (self.config.target > 0 && totals.iter().any(|&t| t >= self.config.target))
    }

    fn is_zero_sum(&self) -> bool {
        self.config.zero_sum_payments
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<SoloDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot) as Box<dyn Bot<SoloDeal>>)
    }

    fn hard_iterations(&self) -> u32 {
        // Rule-bot rollouts here cost a few microseconds: 10,000 keep a move near 50 ms.
        10_000
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
