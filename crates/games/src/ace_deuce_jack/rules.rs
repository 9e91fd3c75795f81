use super::bot::RuleBot;
use super::state::AdjDeal;
use crate::trick::ace_high;
use cards::{Card, DeckSpec, GameRng};
use engine::{
    draw_high_card, Bot, ConfigError, DealContext, DealerDraw, Game, GameInfo, VariantKind, VariantSpec, Variants,
};

/// Every rule choice of an Ace-Deuce-Jack game (decision ADJ-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjConfig {
    /// Hands a banker deals before the bank passes left.
    pub hands_per_bank: u32,
    pub min_bet: u32,
    pub max_bet: u32,
    /// Cards removed face down from the bottom before the cuts (0 or 3).
    pub dead_bottom_cards: u8,
    /// Times the bank goes round the table in a match.
    pub bank_rounds: u32,
}

static VARIANTS: [VariantSpec; 5] = [
    VariantSpec {
        key: "hands_per_bank",
        kind: VariantKind::Int { min: 0, max: 1000 },
        default: "0",
        doc: "hands each banker deals before the bank passes left (0: as many as there are players)",
        label: "Hands per bank",
        explain: "Each banker deals this many hands before the bank moves to the player on the left; 0 means one hand for each player at the table.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "min_bet",
        kind: VariantKind::Int { min: 1, max: 1000 },
        default: "1",
        doc: "the smallest bet",
        label: "Smallest bet",
        explain: "Nobody may bet fewer chips than this on a hand.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "max_bet",
        kind: VariantKind::Int { min: 1, max: 1000 },
        default: "10",
        doc: "the largest bet",
        label: "Largest bet",
        explain: "Nobody may bet more chips than this on a hand.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "dead_bottom_cards",
        kind: VariantKind::Choice(&["0", "3"]),
        default: "0",
        doc: "cards taken face down from the bottom as dead before the cuts",
        label: "Dead cards at the bottom",
        explain: "With three, the banker puts the bottom three cards aside unseen before cutting; the odds do not change.",
        choice_labels: &["None", "Three cards"],
        applies_when: None,
    },
    VariantSpec {
        key: "bank_rounds",
        kind: VariantKind::Int { min: 1, max: 100 },
        default: "1",
        doc: "times the bank goes round the table",
        label: "Times round the table",
        explain: "The match ends once the bank has gone all the way round the table this many times.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "ace-deuce-jack",
    name: "Ace-Deuce-Jack",
    min_players: 2,
    max_players: super::state::MAX_PLAYERS,
    default_players: 4,
    higher_is_better: true,
    zero_sum: true,
    unit: "chips",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A quick banking game: each player stakes chips against the banker, who cuts the pack into three piles and turns them over. If any bottom card is an ace, a deuce or a jack, the bank takes every bet; otherwise it pays them all. The bank passes round the table, and the house edge is shown exactly.",
};

/// Ace-Deuce-Jack configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AceDeuceJack {
    pub config: AdjConfig,
    players: usize,
}

impl Game for AceDeuceJack {
    type Deal = AdjDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(players: usize, v: &Variants) -> Result<AceDeuceJack, ConfigError> {
        let (min_bet, max_bet) = (v.get_int("min_bet") as u32, v.get_int("max_bet") as u32);
        if min_bet > max_bet {
            return Err(ConfigError::new(format!(
                "min_bet ({min_bet}) is above max_bet ({max_bet})"
            )));
        }
        let hands = v.get_int("hands_per_bank") as u32;
        Ok(AceDeuceJack {
            config: AdjConfig {
                hands_per_bank: if hands == 0 { players as u32 } else { hands },
                min_bet,
                max_bet,
                dead_bottom_cards: v.get_int("dead_bottom_cards") as u8,
                bank_rounds: v.get_int("bank_rounds") as u32,
            },
            players,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Standard52 { packs: 1 }
    }

    /// The first banker by high card, aces high.
    fn draw_first_dealer(&self, rng: &mut GameRng) -> Option<DealerDraw> {
        Some(draw_high_card(self.players, self.deck(), rng, ace_high))
    }

    fn start_deal(&self, ctx: DealContext, order: &[Card], previous: Option<&AdjDeal>, rng: &mut GameRng) -> AdjDeal {
        let banker = ctx.dealer;
        let hands_with_bank = match previous {
            Some(p) if p.banker() == banker => p.hands_with_bank() + 1,
            _ => 1,
        };
        AdjDeal::new(
            self.config,
            ctx.players,
            banker,
            hands_with_bank,
            ctx.deal_number,
            order,
            ctx.scripted,
            rng,
        )
    }

    fn match_over(&self, _totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.players as u32 * self.config.hands_per_bank * self.config.bank_rounds
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<AdjDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot) as Box<dyn Bot<AdjDeal>>)
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
