//! A rule-based Hearts player: passes danger, ducks under the winning card, drops the queen of
//! spades under a higher spade, dumps the queen and high hearts when void, and leads low, fishing
//! for the queen with small spades.

use super::state::{HeartsAction, HeartsDeal, HeartsView, Phase, QUEEN_OF_SPADES};
use crate::trick::ace_high;
use cards::{Card, CardSet, GameRng, Rank, Suit};
use engine::{Bot, Decision};

/// The Hearts rule-based bot (`--bots rule`). Uses only its seat's view.
#[derive(Clone, Debug, Default)]
pub struct RuleBot;

impl Bot<HeartsDeal> for RuleBot {
    fn name(&self) -> &str {
        "rule"
    }

    fn choose(&mut self, decision: &Decision<'_, HeartsDeal>, _rng: &mut GameRng) -> HeartsAction {
        if let [forced] = decision.legal {
            return *forced;
        }
        let view = decision.view();
        if view.phase == Phase::MoonChoice {
            return moon_choice(&view, decision.totals);
        }
        let legal = legal_cards(decision.legal);
        let card = match view.phase {
            Phase::Passing => pick_pass(&view, legal),
            _ => pick_play(&view, legal),
        };
        HeartsAction::Card(card)
    }
}

/// The cards among these actions (every action but the moon choice is a card).
pub(crate) fn legal_cards(legal: &[HeartsAction]) -> CardSet {
    legal
        .iter()
        .filter_map(|a| match a {
            HeartsAction::Card(c) => Some(*c),
            _ => None,
        })
        .collect()
}

const ACE_OF_SPADES: Card = Card::new(Rank::Ace, Suit::Spades);
const KING_OF_SPADES: Card = Card::new(Rank::King, Suit::Spades);

fn best_by(cards: CardSet, key: impl Fn(Card) -> i32) -> Card {
    cards.iter().max_by_key(|&c| (key(c), c)).expect("a legal card exists")
}

/// How much a card hurts to keep: high cards, the queen and her guards, and cards in short
/// suits (to make a void); the Omnibus bonus card is kept.
fn pass_danger(view: &HeartsView, c: Card) -> i32 {
    let all = view.hand | view.pass_chosen;
    let suit = c.suit_unchecked();
    let length = all.of_suit(suit).len() as i32;
    let mut d = ace_high(c) as i32;
    if view.bonus_card == Some(c) {
        return -100;
    }
    match suit {
        Suit::Spades => {
            let guarded = length >= 5;
            if c == QUEEN_OF_SPADES && !guarded {
                d += 60;
            } else if (c == ACE_OF_SPADES || c == KING_OF_SPADES) && !guarded {
                d += 40;
            } else if ace_high(c) < 12 {
                d -= 6; // low spades protect against the queen
            }
        }
        Suit::Hearts => d += 4,
        _ if length <= 2 => d += 6,
        _ => {}
    }
    d
}

fn pick_pass(view: &HeartsView, legal: CardSet) -> Card {
    best_by(legal, |c| pass_danger(view, c))
}

fn played_cards(view: &HeartsView) -> CardSet {
    let mut p = view.won.iter().fold(CardSet::EMPTY, |a, &w| a | w);
    p |= view.trick.cards.iter().copied().collect();
    p
}

fn pick_play(view: &HeartsView, legal: CardSet) -> Card {
    pick_play_given(view, legal, played_cards(view))
}

/// [`pick_play`] with the cards played so far already gathered (the model reads them too).
fn pick_play_given(view: &HeartsView, legal: CardSet, played: CardSet) -> Card {
    let queen_out = !played.contains(QUEEN_OF_SPADES);
    let trick = &view.trick.cards;
    let Some(&lead) = trick.first() else {
        return pick_lead(view, legal, queen_out);
    };
    let led = lead.suit_unchecked();
    let winning = trick
        .iter()
        .filter(|c| c.suit() == Some(led))
        .map(|&c| ace_high(c))
        .max()
        .unwrap_or(0);
    let bonus = view.bonus_card;
    let trick_set: CardSet = trick.iter().copied().collect();
    let points_in_trick = !(trick_set & (CardSet::suit(Suit::Hearts) | CardSet::single(QUEEN_OF_SPADES))).is_empty();
    let last = trick.len() == 3;

    if legal.has_suit(led) {
        let under = legal.iter().filter(|&c| ace_high(c) < winning).collect::<CardSet>();
        let no_queen = legal - CardSet::single(QUEEN_OF_SPADES);
        let bonus_in_trick = bonus.is_some_and(|b| trick_set.contains(b));
        if led == Suit::Spades && legal.contains(QUEEN_OF_SPADES) && winning > ace_high(QUEEN_OF_SPADES) {
            // The ace or king of spades is winning: drop the queen under it, last to play too.
            return QUEEN_OF_SPADES;
        }
        if last && (!points_in_trick || bonus_in_trick) && !no_queen.is_empty() {
            // Safe to win: take it with the highest card, shedding a dangerous one.
            return best_by(no_queen, |c| ace_high(c) as i32);
        }
        if !under.is_empty() {
            return best_by(under, |c| ace_high(c) as i32);
        }
        // We will probably win: win high but never with the queen if another card will do.
        let pool = if no_queen.is_empty() { legal } else { no_queen };
        return if led == Suit::Spades && queen_out && !last {
            best_by(pool, |c| -(ace_high(c) as i32))
        } else {
            best_by(pool, |c| ace_high(c) as i32)
        };
    }
    // Void: discard the most dangerous card, keeping the bonus card.
    best_by(legal, |c| {
        if Some(c) == bonus {
            return -100;
        }
        let mut d = ace_high(c) as i32;
        if c == QUEEN_OF_SPADES {
            d += 100;
        } else if queen_out && (c == ACE_OF_SPADES || c == KING_OF_SPADES) && !view.hand.contains(QUEEN_OF_SPADES) {
            d += 50;
        } else if c.suit() == Some(Suit::Hearts) {
            d += 20;
        }
        d
    })
}

fn pick_lead(view: &HeartsView, legal: CardSet, queen_out: bool) -> Card {
    let hold_queen = view.hand.contains(QUEEN_OF_SPADES);
    best_by(legal, |c| {
        let rank = ace_high(c) as i32;
        let mut cost = rank;
        match c.suit_unchecked() {
            Suit::Spades if queen_out && rank >= 12 => cost += 30,
            Suit::Spades if queen_out && !hold_queen => cost -= 6, // smoke out the queen
            Suit::Hearts => cost += 3,
            _ => {}
        }
        if Some(c) == view.bonus_card {
            cost += 20;
        }
        -cost
    })
}

/// Add to the others when that leaves us alone in the lead; otherwise take the -26 ourselves.
fn moon_choice(view: &HeartsView, totals: &[i64]) -> HeartsAction {
    let me = view.seat;
    let others_min = (0..4)
        .filter(|&s| s != me)
        .map(|s| totals.get(s).copied().unwrap_or(0) + 26)
        .min()
        .unwrap_or(0);
    if totals.get(me).copied().unwrap_or(0) < others_min {
        HeartsAction::MoonAdd
    } else {
        HeartsAction::MoonSubtract
    }
}

/// How many features describe one legal card (see `model_values`).
const MODEL_FEATURES: usize = 16;

/// The feature that marks the rule bot's own pick.
const RULE_PICK: usize = 12;

/// Weights of the play model, one row per situation (leading, following suit, void), fitted by
/// conditional logit (`scripts/fit_hearts_model.py`, which computes the same features) to
/// 114,929 plays by `hard` and by OpenSpiel's ISMCTS in 14 recorded runs of 100 deals each
/// (`scripts/ismcts_vs_hard.py --games-out`, seeds 1 to 4). The rule bot's pick when leading
/// (feature 12 of the first row) was fitted at 0.0077, odds times 1.008, and is shipped as 0, so
/// that [`model_odds`] need not work out the rule bot's lead at every simulated lead.
const MODEL_WEIGHTS: [[f64; MODEL_FEATURES]; 3] = [
    [
        0.09384, 0.36327, -0.06200, -0.52204, 0.07891, 0.0, 0.0, 0.0, 0.0, 0.10423, 1.26504, -3.53342, 0.0, 1.15129,
        -1.85453, -0.86991,
    ],
    [
        0.31648, 0.0, 0.0, -0.77208, 0.08224, -0.81764, -2.10482, 0.18058, 0.28442, -1.97739, 1.97739, 0.0, 0.39462,
        0.09266, -1.60212, -0.09266,
    ],
    [
        1.23410, 0.31160, -0.00956, 2.07382, -0.22798, 0.0, 0.0, 0.0, 0.0, -2.16941, 3.42878, -3.15644, 0.34790,
        -0.64934, -1.19434, 1.61423,
    ],
];

/// A model of how strong players play a card (`--bots model`): each legal card is drawn with a
/// probability fitted to recorded play (a softmax over features of the card and the trick, see
/// [`model_odds`]). It is what `hard` plays the other seats and its playouts by. Passes and the
/// moon choice are the rule bot's.
#[derive(Clone, Debug, Default)]
pub struct ModelBot;

impl Bot<HeartsDeal> for ModelBot {
    fn name(&self) -> &str {
        "model"
    }

    fn choose(&mut self, decision: &Decision<'_, HeartsDeal>, rng: &mut GameRng) -> HeartsAction {
        if let [forced] = decision.legal {
            // A forced card spends no draw, nor the view's making (playouts meet many).
            return *forced;
        }
        let Some((legal, values, total)) = play_odds(decision) else {
            return RuleBot.choose(decision, rng);
        };
        let mut u = rng.unit() * total;
        for (i, c) in legal.iter().enumerate() {
            if u < values[i] {
                return HeartsAction::Card(c);
            }
            u -= values[i];
        }
        // Rounding left `u` at the very top: the likeliest card.
        let best = (0..legal.len() as usize).max_by(|&a, &b| values[a].total_cmp(&values[b]));
        HeartsAction::Card(legal.nth(best.unwrap_or(0) as u32).expect("a legal card"))
    }

    /// The model's probability of a card played; passes and the moon choice are the rule bot's
    /// picks, which state no odds.
    fn odds(&mut self, decision: &Decision<'_, HeartsDeal>, action: HeartsAction) -> Option<f64> {
        let HeartsAction::Card(card) = action else {
            return None;
        };
        let (legal, values, total) = play_odds(decision)?;
        Some(legal.iter().position(|c| c == card).map_or(0.0, |i| values[i] / total))
    }
}

/// The legal cards of a play and each one's weight under the model (in the order of
/// `legal.iter()`) with their sum; `None` outside the play (passes and the moon choice are the
/// rule bot's). A single legal card gets weight 1 without the model's work.
fn play_odds(decision: &Decision<'_, HeartsDeal>) -> Option<(CardSet, [f64; 13], f64)> {
    let view = decision.view();
    if view.phase != Phase::Playing {
        return None;
    }
    let legal = legal_cards(decision.legal);
    let mut values = [0.0f64; 13];
    if legal.len() == 1 {
        values[0] = 1.0;
        return Some((legal, values, 1.0));
    }
    let total = model_odds(&view, legal, &mut values);
    Some((legal, values, total))
}

/// What the model reads of the deal and the trick before it scores the legal cards.
struct Situation {
    /// The cards neither played nor in hand.
    unseen: CardSet,
    queen_elsewhere: bool,
    /// 0 leading, 1 following suit, 2 void in the suit led (the row of `MODEL_WEIGHTS`).
    context: usize,
    /// The winning card's ace-high rank (0 when leading).
    winning: u8,
    /// The points in the trick so far, and whether the card to play is its last.
    points: usize,
    last: bool,
    /// Following suit: the highest card that ducks.
    highest_under: Option<Card>,
    /// The rule bot's pick, where its weight is not zero.
    rule_pick: Option<Card>,
}

impl Situation {
    fn of(view: &HeartsView, legal: CardSet) -> Situation {
        let played = played_cards(view);
        let trick = &view.trick.cards;
        let led = trick.first().map(|c| c.suit_unchecked());
        let context = match led {
            None => 0,
            Some(s) if legal.has_suit(s) => 1,
            Some(_) => 2,
        };
        let mut winning = 0;
        let mut points = 0;
        for &c in trick.iter() {
            if Some(c.suit_unchecked()) == led {
                winning = winning.max(ace_high(c));
            }
            if c.suit() == Some(Suit::Hearts) {
                points += 1;
            } else if c == QUEEN_OF_SPADES {
                points += 13;
            }
        }
        let highest_under = if context == 1 {
            legal
                .iter()
                .filter(|&c| ace_high(c) < winning)
                .max_by_key(|&c| ace_high(c))
        } else {
            None
        };
        Situation {
            unseen: !(played | view.hand),
            queen_elsewhere: !played.contains(QUEEN_OF_SPADES) && !view.hand.contains(QUEEN_OF_SPADES),
            context,
            winning,
            points,
            last: trick.len() == 3,
            highest_under,
            // Worked out only where it weighs something (not when leading: `MODEL_WEIGHTS`).
            rule_pick: (MODEL_WEIGHTS[context][RULE_PICK] != 0.0).then(|| pick_play_given(view, legal, played)),
        }
    }
}

/// Each legal card's weight under the model, proportional to its probability (in the order of
/// `legal.iter()`), written into `values`; returns their sum. A card's weight is the exponential
/// of its score (`model_values` in the tests says what the score adds up), taken as a product of
/// precomputed exponentials, one per feature ([`ModelTables`]): no `exp` per card, since the
/// model is drawn at every simulated move of `hard`'s playouts.
pub(crate) fn model_odds(view: &HeartsView, legal: CardSet, values: &mut [f64; 13]) -> f64 {
    let tables = model_tables();
    let at = Situation::of(view, legal);
    let hand = view.hand;
    let win = if at.context == 1 {
        tables.win[at.points.min(MAX_TRICK_POINTS)][usize::from(at.last)]
    } else {
        1.0
    };
    let t = &tables.by_context[at.context];
    let rank = &t.rank[usize::from(view.tricks_played).min(12)];
    let card = &t.card[usize::from(at.queen_elsewhere)];
    let mut total = 0.0;
    for (slot, c) in values.iter_mut().zip(legal.iter()) {
        let r = usize::from(ace_high(c));
        let s = c.suit_unchecked().index();
        let (live_hi, live_lo) = live_around(at.unseen, c);
        let mut v = rank[r]
            * card[s][r]
            * t.above[live_hi as usize]
            * t.below[live_lo as usize]
            * t.length[hand.of_suit(c.suit_unchecked()).len() as usize];
        if r > usize::from(at.winning) {
            v *= win;
        }
        if Some(c) == at.highest_under {
            v *= t.under;
        }
        if Some(c) == at.rule_pick {
            v *= t.rule;
        }
        *slot = v;
        total += v;
    }
    total
}

/// The most points a trick can hold before its last card (the queen and two hearts).
const MAX_TRICK_POINTS: usize = 15;

/// The exponentials of the model's weighted features ([`MODEL_WEIGHTS`]), so that a card's
/// weight is a product of lookups. Indices: ace-high ranks 2 to 14, suits by `Suit::index`.
struct ModelTables {
    by_context: [ContextTables; 3],
    /// Following suit, a card that would win the trick: by the points in it and whether the
    /// card is the trick's last.
    win: [[f64; 2]; MAX_TRICK_POINTS + 1],
}

/// [`ModelTables`] for one situation (leading, following suit, void in the led suit).
struct ContextTables {
    /// The rank term, which changes as the deal goes on: by tricks played, then rank.
    rank: [[f64; 15]; 13],
    /// The suit terms (heart, spade, the queen, the ace and king of spades, low and high spades
    /// while the queen is out elsewhere): by whether she is, then suit and rank.
    card: [[[f64; 15]; 4]; 2],
    /// By how many unseen cards of the suit rank above the card, and below it.
    above: [f64; 13],
    below: [f64; 13],
    /// By the length of the card's suit in hand.
    length: [f64; 14],
    /// The highest card that ducks, and the rule bot's pick.
    under: f64,
    rule: f64,
}

fn model_tables() -> &'static ModelTables {
    static TABLES: std::sync::OnceLock<ModelTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let context = |w: &[f64; MODEL_FEATURES]| ContextTables {
            rank: std::array::from_fn(|tricks| {
                let late = tricks as f64 / 13.0;
                std::array::from_fn(|r| ((w[0] + w[14] * late) / 14.0 * r as f64).exp())
            }),
            card: std::array::from_fn(|queen_elsewhere| {
                std::array::from_fn(|suit| {
                    std::array::from_fn(|r| {
                        let mut z = 0.0;
                        match Suit::from_index(suit) {
                            Suit::Hearts => z += w[1],
                            Suit::Spades => {
                                z += w[2];
                                if queen_elsewhere == 1 && r < 12 {
                                    z += w[13];
                                } else if queen_elsewhere == 1 && r > 12 {
                                    z += w[15];
                                }
                                if r == 12 {
                                    z += w[3];
                                } else if r > 12 {
                                    z += w[4];
                                }
                            }
                            _ => {}
                        }
                        f64::exp(z)
                    })
                })
            }),
            above: std::array::from_fn(|n| (w[9] / 12.0 * n as f64).exp()),
            below: std::array::from_fn(|n| (w[10] / 12.0 * n as f64).exp()),
            length: std::array::from_fn(|n| (w[11] / 13.0 * n as f64).exp()),
            under: w[8].exp(),
            rule: w[RULE_PICK].exp(),
        };
        let follow = &MODEL_WEIGHTS[1];
        ModelTables {
            by_context: [context(&MODEL_WEIGHTS[0]), context(follow), context(&MODEL_WEIGHTS[2])],
            win: std::array::from_fn(|points| {
                std::array::from_fn(|last| {
                    (follow[5] + follow[6] * points as f64 / 13.0 + follow[7] * last as f64).exp()
                })
            }),
        }
    })
}

/// Each legal card's score under the model (in the order of `legal.iter()`), written into
/// `values`; returns the highest. [`model_odds`] computes the exponentials of these scores by
/// table; this plain sum of the features is kept as its reference in the tests. The features,
/// one weight each per situation (leading, following suit, void in the led suit): rank, heart,
/// spade, the queen, the ace or king of spades, winning the trick now, and with how many points,
/// and last to play, the highest card that ducks, unseen cards of its suit above and below it,
/// its suit's length in hand, the rule bot's pick, a low or a high spade while
/// the queen is out elsewhere, rank late in the deal.
#[cfg(test)]
pub(crate) fn model_values(view: &HeartsView, legal: CardSet, values: &mut [f64; 13]) -> f64 {
    let at = Situation::of(view, legal);
    let hand = view.hand;
    let w = &MODEL_WEIGHTS[at.context];
    let points = at.points as f64;
    let late = view.tricks_played as f64 * (1.0 / 13.0);
    // The win terms only ever apply when following suit.
    let win_value = if at.context == 1 {
        w[5] + w[6] * points * (1.0 / 13.0) + if at.last { w[7] } else { 0.0 }
    } else {
        0.0
    };
    let mut top = f64::NEG_INFINITY;
    for (slot, c) in values.iter_mut().zip(legal.iter()) {
        let r = ace_high(c);
        let s = c.suit_unchecked();
        let (live_hi, live_lo) = live_around(at.unseen, c);
        let mut z = (w[0] + w[14] * late) / 14.0 * r as f64
            + w[9] / 12.0 * live_hi as f64
            + w[10] / 12.0 * live_lo as f64
            + w[11] / 13.0 * hand.of_suit(s).len() as f64;
        match s {
            Suit::Hearts => z += w[1],
            Suit::Spades => {
                z += w[2];
                if at.queen_elsewhere && r < 12 {
                    z += w[13];
                } else if at.queen_elsewhere && r > 12 {
                    z += w[15];
                }
                if c == QUEEN_OF_SPADES {
                    z += w[3];
                } else if r > 12 {
                    z += w[4];
                }
            }
            _ => {}
        }
        if r > at.winning {
            z += win_value;
        }
        if Some(c) == at.highest_under {
            z += w[8];
        }
        if Some(c) == at.rule_pick {
            z += w[RULE_PICK];
        }
        *slot = z;
        top = top.max(z);
    }
    top
}

/// How many cards of `c`'s suit in `unseen` rank above it and below it, aces high (bit
/// arithmetic: a suit's cards sit at bits 1 (ace) to 13 (king) of its 16-bit lane).
pub(crate) fn live_around(unseen: CardSet, c: Card) -> (u32, u32) {
    let lane = (unseen.bits() >> (c.suit_unchecked().index() * 16)) as u16 as u32 & 0x3ffe;
    let ace = lane & 0b10;
    let face = c.face() as u32;
    if face == 1 {
        return (0, (lane & !0b11).count_ones());
    }
    let above = (lane >> (face + 1)).count_ones() + (ace >> 1);
    let below = (lane & ((1 << face) - 1) & !0b11).count_ones();
    (above, below)
}
