use super::bot::RuleBot;
use super::lookahead::LookaheadBot;
use super::state::JewelDeal;
use crate::trick::ace_high;
use cards::{Card, DeckSpec, GameRng};
use engine::{Bot, ConfigError, DealContext, Game, GameInfo, HardSearch, Seat, VariantKind, VariantSpec, Variants};

/// How a packer's cards go under the stock (JWL-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackedOrder {
    Random,
    AsHeld,
}

/// Every rule choice of a Jewel game (decision JWL-VARIANTS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JewelConfig {
    pub min_rounds_before_mid_pack: u32,
    pub packer_jewel_cap: usize,
    pub packed_order: PackedOrder,
    pub all_wild_groups_allowed: bool,
    pub no_declarer_after_second_stock: bool,
    /// Deals in the match: this many rounds of everyone dealing once.
    pub rounds: u32,
    /// Players cut again for the deal every this many rounds.
    pub recut_rounds: u32,
    /// A deal still going after this many turns ends without a declarer (house rule, for
    /// tables that rebuild the stock without limit).
    pub max_turns: u32,
}

static VARIANTS: [VariantSpec; 8] = [
    VariantSpec {
        key: "min_rounds_before_mid_pack",
        kind: VariantKind::Int { min: 1, max: 50 },
        default: "2",
        doc: "own turns a player must complete before a mid pack (the published rule for nine players)",
        label: "Turns before a late pack",
        explain: "How many of your own turns you must have played before you may drop out (pack) after your first turn.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "packer_jewel_cap",
        kind: VariantKind::Int { min: 0, max: 6 },
        default: "2",
        doc: "jewels a packer may keep face up and be paid for",
        label: "Jewels a packer keeps",
        explain: "A player who drops out may keep up to this many jewels face up and be paid for them.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "packer_cards_order_under_stock",
        kind: VariantKind::Choice(&["random", "as-held"]),
        default: "random",
        doc: "order of a packer's cards under the stock: shuffled, or as held (sorted)",
        label: "Packed cards under the stock",
        explain: "A dropped-out player's cards go under the stock shuffled, or in the order they were held.",
        choice_labels: &["Shuffled", "As held"],
        applies_when: None,
    },
    VariantSpec {
        key: "all_wild_groups_allowed",
        kind: VariantKind::Bool,
        default: "true",
        doc: "three jokers or jewels may form a group on their own",
        label: "All-wild groups",
        explain: "Three jokers or jewels may make a group on their own, with no natural card.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "no_declarer_after_second_stock",
        kind: VariantKind::Bool,
        default: "true",
        doc: "the deal ends without a declarer when the rebuilt stock runs out (false: rebuild again)",
        label: "Rebuild the stock once",
        explain: "When the rebuilt stock runs out, the deal ends with nobody declaring; turn it off to rebuild the stock again.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "rounds",
        kind: VariantKind::Int { min: 1, max: 100 },
        default: "1",
        doc: "the match is this many rounds of every player dealing once",
        label: "Rounds in a match",
        explain: "The match lasts this many rounds, with every player dealing once in each.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "recut_rounds",
        kind: VariantKind::Int { min: 1, max: 100 },
        default: "1",
        doc: "players cut again (the highest card deals) after this many rounds of deals",
        label: "Rounds between seat cuts",
        explain: "After this many rounds everyone cuts again for seats, and the highest card deals.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "max_turns",
        kind: VariantKind::Int { min: 50, max: 100_000 },
        default: "2000",
        doc: "a deal still going after this many turns ends without a declarer",
        label: "Turn limit per deal",
        explain: "A deal still going after this many turns ends with nobody declaring.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "jewel",
    name: "Jewel",
    min_players: 2,
    max_players: 9,
    default_players: 5,
    higher_is_better: true,
    zero_sum: true,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "A rummy game for two to nine players with three packs and six jokers. You draw and discard to build your sixteen cards into sequences and groups, with the jokers and the deal's six 'jewels' as wild cards; whoever first declares a complete hand ends the deal. Then every pair of players settles the difference between their hands in points, so each deal sums to zero.",
};

/// Jewel configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jewel {
    pub config: JewelConfig,
    players: usize,
}

impl Game for Jewel {
    type Deal = JewelDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(players: usize, v: &Variants) -> Result<Jewel, ConfigError> {
        Ok(Jewel {
            config: JewelConfig {
                min_rounds_before_mid_pack: v.get_int("min_rounds_before_mid_pack") as u32,
                packer_jewel_cap: v.get_int("packer_jewel_cap") as usize,
                packed_order: match v.get("packer_cards_order_under_stock") {
                    "as-held" => PackedOrder::AsHeld,
                    _ => PackedOrder::Random,
                },
                all_wild_groups_allowed: v.get_bool("all_wild_groups_allowed"),
                no_declarer_after_second_stock: v.get_bool("no_declarer_after_second_stock"),
                rounds: v.get_int("rounds") as u32,
                recut_rounds: v.get_int("recut_rounds") as u32,
                max_turns: v.get_int("max_turns") as u32,
            },
            players,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Jewel162
    }

    fn start_deal(
        &self,
        ctx: DealContext,
        order: &[Card],
        previous: Option<&JewelDeal>,
        rng: &mut GameRng,
    ) -> JewelDeal {
        // Players cut for seats before the first deal and again after every `recut_rounds`
        // rounds; the highest card sits first and deals.
        let round_start = ctx
            .deal_number
            .is_multiple_of(self.players as u32 * self.config.recut_rounds);
        let (dealer, seating, cut) = match previous {
            _ if round_start && !(ctx.scripted && previous.is_none()) => {
                let (seating, draws) = cut_for_seats_with_draws(ctx.players, rng);
                (seating[0], seating, Some(draws))
            }
            Some(p) => (ctx.dealer, p.seating(), None),
            None => (ctx.dealer, (0..ctx.players).collect(), None),
        };
        JewelDeal::new(self.config, dealer, &seating, order, rng.next_u64()).in_match(ctx.deal_number, cut)
    }

    fn match_over(&self, _totals: &[i64], deals_completed: u32) -> bool {
        deals_completed >= self.config.rounds * self.players as u32
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<JewelDeal>>> {
        match name {
            "rule" => Some(Box::new(RuleBot)),
            "lookahead" => Some(Box::new(LookaheadBot)),
            _ => None,
        }
    }

    fn hard_search() -> HardSearch {
        HardSearch::GameBot("lookahead")
    }

    fn rule_bot_suits_rollouts() -> bool {
        false // it runs the arrangement search on every move
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule", "lookahead"]
    }
}

/// A cut for seats: everyone draws a card from the shuffled pack (aces high, a joker lowest;
/// tied players draw again to settle their order). The highest sits first, the others follow
/// clockwise in descending order. Returns the players in clockwise order from the highest.
pub fn cut_for_seats(players: usize, rng: &mut GameRng) -> Vec<Seat> {
    cut_for_seats_with_draws(players, rng).0
}

/// [`cut_for_seats`], with the cards each player drew (by seat, in the order drawn), so the
/// table can be told how the seats fell.
pub fn cut_for_seats_with_draws(players: usize, rng: &mut GameRng) -> (Vec<Seat>, Vec<Vec<Card>>) {
    let mut pack = DeckSpec::Jewel162.cards();
    rng.shuffle(&mut pack);
    let mut draws = pack.into_iter();
    let mut drawn: Vec<Vec<Card>> = vec![Vec::new(); players];
    let mut keys: Vec<(Vec<u8>, Seat)> = (0..players)
        .map(|s| {
            let c = draws.next().expect("enough cards");
            drawn[s].push(c);
            (vec![ace_high(c)], s)
        })
        .collect();
    loop {
        keys.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let tied: Vec<usize> = (0..players)
            .filter(|&i| keys.iter().enumerate().any(|(j, k)| j != i && k.0 == keys[i].0))
            .collect();
        if tied.is_empty() {
            return (keys.into_iter().map(|(_, s)| s).collect(), drawn);
        }
        for i in tied {
            let c = draws.next().expect("ties settle before the pack runs out");
            drawn[keys[i].1].push(c);
            keys[i].0.push(ace_high(c));
        }
    }
}
