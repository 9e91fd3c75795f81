use super::bot::RuleBot;
use super::state::PinochleDeal;
use cards::{Card, DeckSpec, GameRng};
use engine::{AppliesWhen, Bot, ConfigError, DealContext, Game, GameInfo, VariantKind, VariantSpec, Variants};

/// How cards count in tricks (all total 250 with the last trick).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardCount {
    /// A 11, 10 10, K 4, Q 3, J 2.
    Classic,
    /// A, 10 and K 10 each.
    Simplified,
    /// A and 10 10 each, K and Q 5 each.
    Tens,
}

/// When a player must beat the cards already in the trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MustHead {
    /// On a trump lead, play a higher trump if able.
    TrumpOnly,
    /// Always beat the winning card if able (in the suit led, or with a higher trump).
    Always,
    Never,
}

/// Every rule choice of an Auction Pinochle game (decision PIN-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PinochleConfig {
    pub min_bid: i64,
    pub bid_step: i64,
    pub double_meld_bonuses: bool,
    pub may_bury_melded: bool,
    pub card_count: CardCount,
    pub bidder_leads: bool,
    pub must_head: MustHead,
    /// Cumulative points to a target instead of chips.
    pub cumulative: bool,
    pub target: i64,
    pub max_hands: u32,
    pub spades_double: bool,
    pub instant_win_on_meld: bool,
    pub allow_concede: bool,
    pub concede_multiplier: i64,
    pub fail_multiplier: i64,
}

impl PinochleConfig {
    pub fn from_variants(v: &Variants) -> PinochleConfig {
        PinochleConfig {
            min_bid: v.get_int("min_bid"),
            bid_step: v.get_int("bid_step"),
            double_meld_bonuses: v.get_bool("double_meld_bonuses"),
            may_bury_melded: v.get_bool("may_bury_melded"),
            card_count: match v.get("card_count") {
                "simplified" => CardCount::Simplified,
                "tens" => CardCount::Tens,
                _ => CardCount::Classic,
            },
            bidder_leads: v.get("first_lead") == "bidder",
            must_head: match v.get("must_head") {
                "always" => MustHead::Always,
                "never" => MustHead::Never,
                _ => MustHead::TrumpOnly,
            },
            cumulative: v.get("settlement") == "cumulative",
            target: v.get_int("target"),
            max_hands: v.get_int("max_hands") as u32,
            spades_double: v.get_bool("spades_double"),
            instant_win_on_meld: v.get_bool("instant_win_on_meld"),
            allow_concede: v.get_bool("allow_concede"),
            concede_multiplier: v.get_int("concede_multiplier"),
            fail_multiplier: v.get_int("fail_multiplier"),
        }
    }

    /// The highest bid accepted: 1000 (3000 when doubled melds pay bonuses, which alone can
    /// pass 1000), and never fewer than 70 steps above the minimum.
    pub fn max_bid(&self) -> i64 {
        let cap = if self.double_meld_bonuses { 3000 } else { 1000 };
        (self.min_bid + 70 * self.bid_step).max(cap)
    }
}

impl Default for PinochleConfig {
    fn default() -> Self {
        PinochleConfig::from_variants(&Variants::defaults(&VARIANTS))
    }
}

static VARIANTS: [VariantSpec; 15] = [
    VariantSpec { key: "min_bid", kind: VariantKind::Int { min: 10, max: 1000 }, default: "300", doc: "the lowest opening bid", label: "Lowest opening bid", explain: "The bidding starts at this many points or more.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "bid_step", kind: VariantKind::Int { min: 1, max: 100 }, default: "10", doc: "each bid is at least this much above the last", label: "Bid increase", explain: "Each new bid must be at least this many points above the last.", choice_labels: &[], applies_when: None, },
    VariantSpec {
        key: "double_meld_bonuses",
        kind: VariantKind::Bool,
        default: "false",
        doc: "doubled melds pay bonuses (double pinochle 300, eight aces 1000, kings 800, queens 600, jacks 400, double flush 1500)", label: "Bonuses for double melds", explain: "Doubled melds pay extra, such as 300 for double pinochle and 1000 for eight aces.", choice_labels: &[], applies_when: None,
    },
    VariantSpec { key: "may_bury_melded", kind: VariantKind::Bool, default: "false", doc: "whether the bidder may bury a card shown in a meld", label: "Bury melded cards", explain: "The bidder may discard (bury) a card that was shown in a meld.", choice_labels: &[], applies_when: None, },
    VariantSpec {
        key: "card_count",
        kind: VariantKind::Choice(&["classic", "simplified", "tens"]),
        default: "classic",
        doc: "card points: A 11 10 10 K 4 Q 3 J 2; or A 10 K 10 each; or A 10 10 and K Q 5", label: "Card point values", explain: "What cards won in tricks are worth: ace 11, ten 10, king 4, queen 3, jack 2; or 10 each for aces, tens and kings; or 10 for aces and tens and 5 for kings and queens.", choice_labels: &["Classic (11, 10, 4, 3, 2)", "Aces, tens, kings 10", "Aces and tens 10, K Q 5"], applies_when: None,
    },
    VariantSpec { key: "first_lead", kind: VariantKind::Choice(&["bidder", "dealer-left"]), default: "bidder", doc: "who leads the first trick", label: "First lead", explain: "The bidder leads to the first trick, or the player on the dealer's left does.", choice_labels: &["Bidder", "Dealer's left"], applies_when: None, },
    VariantSpec {
        key: "must_head",
        kind: VariantKind::Choice(&["trump-only", "always", "never"]),
        default: "trump-only",
        doc: "beat the trick when able: on trump leads, always, or never", label: "Must beat the trick", explain: "Whether you must play to win the trick when you can: only when trumps are led, always, or never.", choice_labels: &["On trump leads", "Always", "Never"], applies_when: None,
    },
    VariantSpec {
        key: "settlement",
        kind: VariantKind::Choice(&["chips", "cumulative"]),
        default: "chips",
        doc: "chips by the bid scale each hand, or cumulative points to the target", label: "Scoring", explain: "Settle each hand in chips according to the bid, or add up points until someone reaches the target.", choice_labels: &["Chips each hand", "Points to a target"], applies_when: None,
    },
    VariantSpec { key: "target", kind: VariantKind::Int { min: 100, max: 100_000 }, default: "1000", doc: "the score that ends the match", label: "Winning score", explain: "When scoring in points, the match ends when someone reaches this score.", choice_labels: &[], applies_when: Some(AppliesWhen { key: "settlement", values: &["cumulative"] }), },
    VariantSpec { key: "max_hands", kind: VariantKind::Int { min: 1, max: 10_000 }, default: "9", doc: "the number of hands in a match", label: "Hands in a match", explain: "When scoring in chips, the match lasts this many hands.", choice_labels: &[], applies_when: Some(AppliesWhen { key: "settlement", values: &["chips"] }), },
    VariantSpec { key: "spades_double", kind: VariantKind::Bool, default: "false", doc: "settlements double when spades are trump", label: "Spades pay double", explain: "Every payment for the hand is doubled when spades are trumps.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "instant_win_on_meld", kind: VariantKind::Bool, default: "true", doc: "a meld reaching the bid wins the hand at once", label: "Win on meld alone", explain: "If the bidder's meld already reaches the bid, the hand is won at once without playing the tricks.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "allow_concede", kind: VariantKind::Bool, default: "true", doc: "the bidder may concede after melding and burying", label: "Bidder may concede", explain: "After melding and burying, the bidder may give up the hand instead of playing it out, paying the conceding price.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "concede_multiplier", kind: VariantKind::Int { min: 0, max: 10 }, default: "1", doc: "units the bidder pays each opponent on conceding", label: "Price of conceding", explain: "A bidder who gives up pays each opponent this many times the bid's unit value.", choice_labels: &[], applies_when: None, },
    VariantSpec { key: "fail_multiplier", kind: VariantKind::Int { min: 0, max: 10 }, default: "2", doc: "units the bidder pays each opponent on failing", label: "Price of failing", explain: "A bidder who plays the hand and falls short pays each opponent this many times the bid's unit value.", choice_labels: &[], applies_when: None, },
];

static INFO: GameInfo = GameInfo {
    id: "auction-pinochle",
    name: "Auction Pinochle (three-handed)",
    min_players: 3,
    max_players: 3,
    default_players: 3,
    higher_is_better: true,
    zero_sum: true,
    unit: "chips",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "Three players, a 48-card pack with every card doubled. Players bid for the right to name trumps and take the three-card widow; the winner melds combinations such as a run or pinochle (queen of spades with jack of diamonds) and must then take enough card points in tricks, playing alone against the other two, to make the bid.",
};

/// Auction Pinochle configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuctionPinochle {
    pub config: PinochleConfig,
}

impl Game for AuctionPinochle {
    type Deal = PinochleDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(_players: usize, variants: &Variants) -> Result<AuctionPinochle, ConfigError> {
        Ok(AuctionPinochle {
            config: PinochleConfig::from_variants(variants),
        })
    }

    fn players(&self) -> usize {
        3
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Pinochle48
    }

    fn start_deal(&self, ctx: DealContext, order: &[Card], _: Option<&PinochleDeal>, _: &mut GameRng) -> PinochleDeal {
        PinochleDeal::new(self.config, ctx.dealer, ctx.deal_number, order)
    }

    fn match_over(&self, totals: &[i64], deals_completed: u32) -> bool {
        if self.config.cumulative {
            totals.iter().any(|&t| t >= self.config.target)
        } else {
            deals_completed >= self.config.max_hands
        }
    }

    fn is_zero_sum(&self) -> bool {
        !self.config.cumulative
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<PinochleDeal>>> {
        (name == "rule").then(|| Box::new(RuleBot) as Box<dyn Bot<PinochleDeal>>)
    }

    fn hard_iterations(&self) -> u32 {
        // Rule-bot rollouts here cost a few microseconds: 10,000 keep a move near 50 ms.
        10_000
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule"]
    }
}
