use super::bot::RuleBot;
use super::state::TribelloDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{Bot, ConfigError, DealContext, Game, GameInfo, VariantKind, VariantSpec, Variants};

/// When the phase-2 dealer names trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase2TrumpTiming {
    /// Right after seeing the dealt hand, before any exchange (the default, TRI-3).
    BeforeExchange,
    /// After the dealer's own exchange, before the others'.
    AfterDealerExchange,
}

/// Who leads the first trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstLead {
    Dealer,
    DealerLeft,
}

/// Every rule choice of a Tribello game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TribelloConfig {
    pub phase2_trump_timing: Phase2TrumpTiming,
    pub first_lead: FirstLead,
    pub widow_exchange: bool,
}

impl TribelloConfig {
    pub fn from_variants(v: &Variants) -> TribelloConfig {
        TribelloConfig {
            phase2_trump_timing: if v.get("phase2_trump_timing") == "after-dealer-exchange" {
                Phase2TrumpTiming::AfterDealerExchange
            } else {
                Phase2TrumpTiming::BeforeExchange
            },
            first_lead: if v.get("first_lead") == "dealer-left" {
                FirstLead::DealerLeft
            } else {
                FirstLead::Dealer
            },
            widow_exchange: v.get_bool("widow_exchange_enabled"),
        }
    }
}

impl Default for TribelloConfig {
    fn default() -> Self {
        TribelloConfig::from_variants(&Variants::defaults(&VARIANTS))
    }
}

static VARIANTS: [VariantSpec; 4] = [
    VariantSpec {
        key: "phase2_trump_timing",
        kind: VariantKind::Choice(&["before-exchange", "after-dealer-exchange"]),
        default: "before-exchange",
        doc: "when the phase-2 dealer names trump: on seeing the dealt hand, or after their own exchange",
        label: "Naming trumps in deals 4–6",
        explain:
            "In deals 4 to 6 the dealer names trumps on seeing the hand, or only after swapping cards with the widow.",
        choice_labels: &["On seeing the hand", "After the swap"],
        applies_when: None,
    },
    VariantSpec {
        key: "first_lead",
        kind: VariantKind::Choice(&["dealer", "dealer-left"]),
        default: "dealer",
        doc: "who leads the first trick",
        label: "First lead",
        explain: "The dealer leads to the first trick, or the player on the dealer's left does.",
        choice_labels: &["Dealer", "Dealer's left"],
        applies_when: None,
    },
    VariantSpec {
        key: "widow_exchange_enabled",
        kind: VariantKind::Bool,
        default: "true",
        doc: "whether players may exchange cards with the widow before play",
        label: "Widow exchange",
        explain:
            "Before play each player may swap cards with the face-down widow; turn it off to play the hands as dealt.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "tie_break",
        kind: VariantKind::Choice(&["shared"]),
        default: "shared",
        doc: "equal highest totals after the twelfth deal share the win",
        label: "Tie at the top",
        explain: "Players tied on the highest total after the twelfth deal share the win.",
        choice_labels: &["Share the win"],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "tribello",
    name: "Tribello",
    min_players: 3,
    max_players: 3,
    default_players: 3,
    higher_is_better: true,
    zero_sum: true,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A three-player trick-taking game over twelve deals in four phases of three: first a cut card fixes trumps, then the dealer names them, then there are none, and in the last phase, still without trumps, the aim is reversed and you try to avoid tricks. Before play each player may swap cards with a face-down widow. The best total after twelve deals wins.",
};

/// Deals in a match: four phases of three.
pub const DEALS_PER_MATCH: u32 = 12;

/// Tribello configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tribello {
    pub config: TribelloConfig,
}

impl Game for Tribello {
    type Deal = TribelloDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(_players: usize, variants: &Variants) -> Result<Tribello, ConfigError> {
        Ok(Tribello {
            config: TribelloConfig::from_variants(variants),
        })
    }

    fn players(&self) -> usize {
        3
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Standard52 { packs: 1 }
    }

    fn start_deal(
        &self,
        ctx: DealContext,
        order: &[Card],
        _: Option<&TribelloDeal>,
        rng: &mut GameRng,
    ) -> TribelloDeal {
        // The cut exposes a uniformly random card; with a scripted pack, the 26th card (the bottom
        // of the top half of an even cut), so tests can choose trump.
        let cut = if ctx.scripted { 25 } else { rng.index(order.len()) };
        TribelloDeal::new(self.config, ctx.dealer, ctx.deal_number, order, order[cut])
    }

    fn match_over(&self, _totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= DEALS_PER_MATCH
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<TribelloDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot) as Box<dyn Bot<TribelloDeal>>)
    }

    fn hard_iterations(&self) -> u32 {
        // Rule-bot rollouts here cost a few microseconds: 10,000 keep a move near 50 ms.
        10_000
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
