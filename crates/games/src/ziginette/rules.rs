use super::bot::RuleBot;
use super::state::ZiginetteDeal;
use crate::trick::ace_high;
use cards::{Card, DeckSpec, GameRng};
use engine::{
    draw_high_card, Bot, ConfigError, DealContext, DealerDraw, Game, GameInfo, VariantKind, VariantSpec, Variants,
};

/// What happens when the opening cards pair (ZIG-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playette {
    /// Any pair among the two board cards and the banker's card: reshuffle and redeal.
    Redeal,
    /// The banker's card comes after the first bets; if it pairs a board card, the bank takes
    /// the bets on it (a board pair is still redealt).
    BankerWinsPairedCard,
}

/// Every rule choice of a Ziginette game (decision ZIG-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZiginetteConfig {
    pub playette: Playette,
    /// Bets may be added after every card (false: only on a new board card, when it appears).
    pub bet_after_every_card: bool,
    pub min_bet: u32,
    pub max_bet: u32,
    pub house_cut_pct: u32,
    /// The bank passes to the right (false: to the left).
    pub bank_passes_right: bool,
    pub max_hands: u32,
}

static VARIANTS: [VariantSpec; 7] = [
    VariantSpec {
        key: "playette_rule",
        kind: VariantKind::Choice(&["redeal", "banker-wins-paired-card"]),
        default: "redeal",
        doc: "a pair among the opening cards: redeal; or the banker's card, dealt after the first bets, wins the bets on a board card it pairs", label: "Pair in the opening cards", explain: "A pair among the first cards dealt means a redeal; or the banker's card comes after the first bets and wins the bets on any board card it pairs.", choice_labels: &["Redeal", "Banker's card wins"], applies_when: None,
    },
    VariantSpec {
        key: "bet_window",
        kind: VariantKind::Choice(&["after-every-card", "only-on-new-board-card"]),
        default: "after-every-card",
        doc: "bets may be added on any live board card after every dealt card, or only on a new board card when it appears", label: "When bets may be added", explain: "Bets may be added on any live board card after every card dealt, or only on a new board card when it appears.", choice_labels: &["After every card", "On new board cards only"], applies_when: None,
    },
    VariantSpec { key: "min_bet", kind: VariantKind::Int { min: 1, max: 1000 }, default: "1", doc: "the banker's opening minimum bet", label: "Smallest bet", explain: "The banker's starting minimum for every bet.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "max_bet", kind: VariantKind::Int { min: 1, max: 1000 }, default: "10", doc: "the banker's opening maximum stake per player on one card", label: "Largest bet", explain: "The banker's starting maximum that one player may stake on one card.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "house_cut_pct", kind: VariantKind::Int { min: 0, max: 50 }, default: "0", doc: "the house takes this percentage of the banker's positive net for each hand", label: "House cut", explain: "The house keeps this percentage of whatever the banker wins on each hand.", choice_labels: &[], applies_when: None, },
    VariantSpec {
        key: "direction_of_bank_pass",
        kind: VariantKind::Choice(&["right", "left"]),
        default: "right",
        doc: "where the bank goes when it passes", label: "Bank passes to", explain: "When the bank changes hands it goes to the player on the right, or on the left.", choice_labels: &["The right", "The left"], applies_when: None,
    },
    VariantSpec { key: "max_hands", kind: VariantKind::Int { min: 1, max: 10_000 }, default: "20", doc: "hands in a match", label: "Hands in a match", explain: "The match lasts this many hands.", choice_labels: &[], applies_when: None, },
];

static INFO: GameInfo = GameInfo {
    id: "ziginette",
    name: "Ziginette",
    min_players: 2,
    max_players: super::state::MAX_PLAYERS,
    default_players: 4,
    higher_is_better: true,
    zero_sum: true,
    unit: "chips",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "An Italian banking game with a 40-card pack. Two board cards and the banker's own card are turned up; players bet chips on board cards, then the banker turns cards one at a time. A card matching a board card wins the bets on it for the bank; a card matching the banker's card ends the hand and the bank pays every bet still standing. A pure race between ranks, with the exact odds shown.",
};

/// Ziginette configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ziginette {
    pub config: ZiginetteConfig,
    players: usize,
}

impl Game for Ziginette {
    type Deal = ZiginetteDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(players: usize, v: &Variants) -> Result<Ziginette, ConfigError> {
        let (min_bet, max_bet) = (v.get_int("min_bet") as u32, v.get_int("max_bet") as u32);
        if min_bet > max_bet {
            return Err(ConfigError::new(format!(
                "min_bet ({min_bet}) is above max_bet ({max_bet})"
            )));
        }
        Ok(Ziginette {
            config: ZiginetteConfig {
                playette: if v.get("playette_rule") == "banker-wins-paired-card" {
                    Playette::BankerWinsPairedCard
                } else {
                    Playette::Redeal
                },
                bet_after_every_card: v.get("bet_window") == "after-every-card",
                min_bet,
                max_bet,
                house_cut_pct: v.get_int("house_cut_pct") as u32,
                bank_passes_right: v.get("direction_of_bank_pass") == "right",
                max_hands: v.get_int("max_hands") as u32,
            },
            players,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Stripped40 {
            packs: 1,
            drop_one_spade_suit: false,
        }
    }

    /// The first banker by high card, aces high.
    fn draw_first_dealer(&self, rng: &mut GameRng) -> Option<DealerDraw> {
        Some(draw_high_card(self.players, self.deck(), rng, ace_high))
    }

    fn start_deal(
        &self,
        ctx: DealContext,
        order: &[Card],
        previous: Option<&ZiginetteDeal>,
        rng: &mut GameRng,
    ) -> ZiginetteDeal {
        let banker = ctx.dealer;
        let limits = previous.map_or((self.config.min_bet, self.config.max_bet), |p| p.next_limits());
        ZiginetteDeal::new(self.config, ctx.players, banker, limits, ctx.deal_number, order, rng)
    }

    fn match_over(&self, _totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.config.max_hands
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<ZiginetteDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot::for_rules(&self.config)) as Box<dyn Bot<ZiginetteDeal>>)
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
