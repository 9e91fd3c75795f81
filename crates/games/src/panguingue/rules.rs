use super::bot::RuleBot;
use super::melds::{position, MeldRules};
use super::state::PanDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{
    draw_high_card, Bot, ConfigError, DealContext, DealerDraw, Game, GameInfo, HardSearch, VariantKind, VariantSpec,
    Variants,
};

/// Which discard may be taken (PAN-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeRule {
    /// Only a stock card the previous player drew and threw away (and the first upcard).
    StockRejectOnly,
    /// Any top discard.
    AnyTop,
}

/// When a player may be forced to take the top discard (PAN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    LayOffOnly,
    AnyMeld,
    Off,
}

/// The ten-melded protection (PAN-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    Mandatory,
    Optional,
    Off,
}

/// What the winner collects again for conditions (PAN-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    FullEntitlement,
    BaseValuesOnly,
}

/// Who deals next (PAN-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextDealer {
    WinnerIsEldest,
    RotateRight,
}

/// Every rule choice of a Panguingue game (decision PAN-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanConfig {
    pub packs: u8,
    pub drop_one_spade_suit: bool,
    pub ante: i64,
    pub forfeit: i64,
    pub take_rule: TakeRule,
    pub forcing: Forcing,
    pub melds: MeldRules,
    pub repeat: Repeat,
    pub protect: Protection,
    pub meld_when_rejecting: bool,
    pub retired_pay: bool,
    pub no_meld_penalty: i64,
    pub next_dealer: NextDealer,
    pub max_deals: u32,
    pub bankroll: i64,
    pub max_turns: u32,
}

static VARIANTS: [VariantSpec; 18] = [
    VariantSpec {
        key: "packs",
        kind: VariantKind::Int { min: 5, max: 11 },
        default: "8",
        doc: "40-card packs shuffled together (8 = 320 cards)",
        label: "Number of packs",
        explain: "How many 40-card packs are shuffled together; 8 packs make 320 cards.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "remove_one_spade_suit",
        kind: VariantKind::Bool,
        default: "false",
        doc: "take one suit of spades out of the pack (8 packs: 310 cards)",
        label: "Remove one spade suit",
        explain: "One set of ten spades is taken out of the combined pack (310 cards with 8 packs).",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "ante",
        kind: VariantKind::Int { min: 0, max: 100 },
        default: "1",
        doc: "chips each player puts in the pot before the deal",
        label: "Ante",
        explain: "Every player puts this many chips in the pot before each deal.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "retire_forfeit",
        kind: VariantKind::Int { min: 0, max: 100 },
        default: "2",
        doc: "chips a player pays into the pot to retire (go on top)",
        label: "Cost to retire",
        explain: "A player who drops out of a deal (goes on top) pays this many chips into the pot.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "discard_take_rule",
        kind: VariantKind::Choice(&["stock-reject-only", "any-top"]),
        default: "stock-reject-only",
        doc: "which top discard may be taken (always only to meld it at once)",
        label: "Taking the discard",
        explain: "You may take only a card the previous player drew from the stock and threw away, or any top discard; either way you must meld it at once.",
        choice_labels: &["Thrown stock card only", "Any top discard"],
        applies_when: None,
    },
    VariantSpec {
        key: "forcing_scope",
        kind: VariantKind::Choice(&["lay-off-only", "any-meld", "off"]),
        default: "lay-off-only",
        doc: "when the others may force the player in turn to take the top discard",
        label: "Forcing the discard",
        explain: "The others can make you take the top discard when it lays off on your melds, when it makes any meld, or never.",
        choice_labels: &["Only to lay it off", "For any meld", "No forcing"],
        applies_when: None,
    },
    VariantSpec {
        key: "valle_same_suit_increase",
        kind: VariantKind::Choice(&["reduced", "full"]),
        default: "reduced",
        doc: "each card added to a same-suit valle set pays 2 in spades / 1 (reduced) or 4 / 2 (full)",
        label: "Extra cards in one-suit valle",
        explain: "Each card beyond three in a one-suit set of 3s, 5s or 7s pays 2 in spades and 1 in other suits, or the full 4 and 2.",
        choice_labels: &["Reduced (2 or 1)", "Full (4 or 2)"],
        applies_when: None,
    },
    VariantSpec {
        key: "rope_upgrade_payment",
        kind: VariantKind::Choice(&["full-entitlement", "base-only"]),
        default: "full-entitlement",
        doc: "a rope that gains its ace or king pays its whole entitlement, or only the base value",
        label: "Rope gaining ace or king",
        explain: "When a sequence gains its ace or king it pays its whole value, extra cards included, or only its base value.",
        choice_labels: &["Whole value", "Base value only"],
        applies_when: None,
    },
    VariantSpec {
        key: "going_out_condition_repeat",
        kind: VariantKind::Choice(&["full-entitlement", "base-values-only"]),
        default: "full-entitlement",
        doc: "what the winner collects again for each condition held",
        label: "Conditions paid on going out",
        explain: "When you go out you collect again for each condition you have, at its whole value or only its base value.",
        choice_labels: &["Whole value", "Base value only"],
        applies_when: None,
    },
    VariantSpec {
        key: "protect_ten_melded",
        kind: VariantKind::Choice(&["mandatory", "optional", "off"]),
        default: "mandatory",
        doc: "do not feed the next player a card that puts them out when they have 10 melded",
        label: "Protect ten melded",
        explain: "When the next player has ten cards melded you must not discard a card that lets them go out, may choose to hold it back, or need not care.",
        choice_labels: &["Required", "Optional", "Off"],
        applies_when: None,
    },
    VariantSpec {
        key: "meld_from_hand_when_rejecting_draw",
        kind: VariantKind::Bool,
        default: "true",
        doc: "a player who throws away the stock card drawn may still meld from hand that turn",
        label: "Meld after throwing the draw",
        explain: "A player who throws away the card drawn from the stock may still meld from hand that turn.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "aces_kings_same_suit_set_accepts_any_suit",
        kind: VariantKind::Bool,
        default: "false",
        doc: "a same-suit set of aces or kings takes an ace or king of another suit",
        label: "Any suit joins A or K sets",
        explain: "A one-suit set of aces or kings may take an ace or king of another suit, though it then stops being a condition.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "retired_players_pay_conditions",
        kind: VariantKind::Bool,
        default: "false",
        doc: "retired players also pay conditions, the going-out chip and the no-meld penalty",
        label: "Retired players pay too",
        explain: "Players who dropped out still pay for conditions, for going out and the no-meld penalty.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "no_meld_penalty",
        kind: VariantKind::Int { min: 0, max: 100 },
        default: "0",
        doc: "chips a player with no meld on the table pays the winner",
        label: "No-meld penalty",
        explain: "A player with nothing melded when someone goes out pays the winner this many chips.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "next_dealer",
        kind: VariantKind::Choice(&["winner-is-eldest", "rotate-right"]),
        default: "winner-is-eldest",
        doc: "the winner plays first next deal (the player on their left deals), or the deal passes right",
        label: "Next deal",
        explain: "The winner plays first in the next deal (the player on their left deals), or the deal simply passes to the right.",
        choice_labels: &["Winner plays first", "Deal passes right"],
        applies_when: None,
    },
    VariantSpec {
        key: "max_deals",
        kind: VariantKind::Int { min: 1, max: 10_000 },
        default: "10",
        doc: "deals in a session (it also ends when a player cannot pay the ante)",
        label: "Deals in a session",
        explain: "The session lasts this many deals, or ends sooner when a player cannot pay the ante.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "bankroll",
        kind: VariantKind::Int { min: 1, max: 1_000_000 },
        default: "200",
        doc: "chips each player brings; a player whose chips fall below the ante ends the session",
        label: "Starting chips",
        explain: "Each player starts with this many chips; the session ends when anyone has fewer than the ante.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "max_turns",
        kind: VariantKind::Int { min: 20, max: 100_000 },
        default: "2000",
        doc: "house limit: a deal nobody has gone out of after this many discards is void (antes and forfeits back)",
        label: "Discard limit per deal",
        explain: "A deal nobody has gone out of after this many discards is void, and antes and forfeits are given back.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "panguingue",
    name: "Panguingue",
    min_players: 2,
    max_players: 15,
    default_players: 6,
    higher_is_better: true,
    zero_sum: true,
    unit: "chips",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A rummy game from the card rooms of California and Nevada, for two to fifteen players with eight packs. You draw and meld to be the first with eleven cards down; along the way, certain melds called conditions collect chips from every other player the moment you show them. Players may stay in or drop out of each hand.",
};

/// Panguingue configured for a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panguingue {
    pub config: PanConfig,
    players: usize,
}

impl Panguingue {
    pub fn config_from(v: &Variants) -> PanConfig {
        PanConfig {
            packs: v.get_int("packs") as u8,
            drop_one_spade_suit: v.get_bool("remove_one_spade_suit"),
            ante: v.get_int("ante"),
            forfeit: v.get_int("retire_forfeit"),
            take_rule: match v.get("discard_take_rule") {
                "any-top" => TakeRule::AnyTop,
                _ => TakeRule::StockRejectOnly,
            },
            forcing: match v.get("forcing_scope") {
                "any-meld" => Forcing::AnyMeld,
                "off" => Forcing::Off,
                _ => Forcing::LayOffOnly,
            },
            melds: MeldRules {
                reduced_valle_increase: v.get("valle_same_suit_increase") == "reduced",
                rope_upgrade_base_only: v.get("rope_upgrade_payment") == "base-only",
                same_suit_aces_kings_take_any_suit: v.get_bool("aces_kings_same_suit_set_accepts_any_suit"),
            },
            repeat: match v.get("going_out_condition_repeat") {
                "base-values-only" => Repeat::BaseValuesOnly,
                _ => Repeat::FullEntitlement,
            },
            protect: match v.get("protect_ten_melded") {
                "optional" => Protection::Optional,
                "off" => Protection::Off,
                _ => Protection::Mandatory,
            },
            meld_when_rejecting: v.get_bool("meld_from_hand_when_rejecting_draw"),
            retired_pay: v.get_bool("retired_players_pay_conditions"),
            no_meld_penalty: v.get_int("no_meld_penalty"),
            next_dealer: match v.get("next_dealer") {
                "rotate-right" => NextDealer::RotateRight,
                _ => NextDealer::WinnerIsEldest,
            },
            max_deals: v.get_int("max_deals") as u32,
            bankroll: v.get_int("bankroll"),
            max_turns: v.get_int("max_turns") as u32,
        }
    }
}

impl Game for Panguingue {
    type Deal = PanDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(players: usize, v: &Variants) -> Result<Panguingue, ConfigError> {
        let config = Panguingue::config_from(v);
        Ok(Panguingue { config, players })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Stripped40 {
            packs: self.config.packs,
            drop_one_spade_suit: self.config.drop_one_spade_suit,
        }
    }

    /// The first dealer is the lowest card of a draw (aces low, ties draw again).
    fn draw_first_dealer(&self, rng: &mut GameRng) -> Option<DealerDraw> {
        let lowness = |c: Card| 10 - c.rank().and_then(position).unwrap_or(0);
        Some(draw_high_card(self.players, self.deck(), rng, lowness))
    }

    /// After the first deal the outcome names the next dealer.
    fn start_deal(&self, ctx: DealContext, order: &[Card], _previous: Option<&PanDeal>, rng: &mut GameRng) -> PanDeal {
        PanDeal::new(self.config, ctx.players, ctx.dealer, order, rng.next_u64())
    }

    fn match_over(&self, totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.config.max_deals || totals.iter().any(|t| self.config.bankroll + t < self.config.ante)
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<PanDeal>>> {
        (name == "rule").then(|| {
            Box::new(RuleBot {
                rules: self.config.melds,
            }) as Box<dyn Bot<PanDeal>>
        })
    }

    fn hard_search() -> HardSearch {
        HardSearch::PairedRollouts
    }

    fn hard_iterations(&self) -> u32 {
        // Paired rule-bot rollouts of the whole deal: 2,000 keep a move near 0.2-0.5 s at up to
        // eight players. A rollout's cost grows with the table, so larger tables get
        // proportionally fewer (1,066 at fifteen).
        (2000 * 8 / self.players.max(8)) as u32
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
