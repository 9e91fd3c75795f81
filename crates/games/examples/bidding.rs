//! How the bots bid (issue 29): for each game with an auction or a take decision, every seat
//! plays one bot and each deal is counted as thrown in (everyone passed) or played, with the
//! share of contracts the bidder's side made and the mean score change of the bidder's side per
//! contract. Then a duplicate arena pits the `medium` bot against `before`, the rule bot as it
//! bid before issue 29 (its old bidding code is kept below; it plays its cards as `medium`
//! does), at the same seats on the same deals: the paired difference per match with a 95%
//! interval.
//!
//! `cargo run --release -p games --example bidding -- [game ...]` (default: belote,
//! auction-pinochle, solo, big-three, at default rules). `BIDDING_DEALS` (default 2000): deals
//! counted per game and bot; `BIDDING_ARENA` (default 300): arena seeds (each played at every
//! seating); `BIDDING_ARENA_DEALS` (default 8): deals per arena match; `BIDDING_BOTS` (default
//! `before,medium`): the bots counted (`hard`, in Belote and Auction Pinochle: `hard` bids, the rule
//! bot plays).

use cards::{CardSet, DoubleSet, GameRng, Rank, Suit};
use engine::{Bot, Deal, Decision, Game, Match, MatchSetup, Seat, Variants};
use games::belote::{Belote, BeloteAction, BeloteDeal, BeloteView, Step as BeloteStep};
use games::big_three::{top_strength, BigThree, BigThreeAction, BigThreeDeal, Step as BigThreeStep};
use games::pinochle::{best_meld, AuctionPinochle, PinochleAction, PinochleDeal, Step as PinochleStep};
use games::solo::{suit_of, Solo, SoloAction, SoloDeal, SoloGame, SoloView, Step as SoloStep};

/// The view field naming the seat that holds the contract.
fn holder_field(id: &str) -> &'static str {
    match id {
        "belote" => "taker",
        "auction-pinochle" => "bidder",
        "solo" => "declarer",
        _ => "solo",
    }
}

/// Makes one bot for a seat of the game.
type Maker<'a, G> = &'a dyn Fn(&G) -> Box<dyn Bot<<G as Game>::Deal>>;
/// Makes the named bot for a seat of the game.
type NamedMaker<'a, G> = &'a dyn Fn(&G, &str) -> Box<dyn Bot<<G as Game>::Deal>>;

#[derive(Default)]
struct Counts {
    deals: u64,
    thrown_in: u64,
    contracts: u64,
    made: u64,
    /// Score change of the contract holder's seat, summed over contracts.
    holder_sum: i64,
}

/// Plays matches of `per_match` deals with `make()` in every seat until `wanted` deals are done.
fn count<G: Game>(wanted: u64, make: Maker<'_, G>) -> Counts {
    let info = G::info();
    let field = holder_field(info.id);
    let v = Variants::defaults(info.variants);
    let mut c = Counts::default();
    let mut seed = 0u64;
    let mut legal = Vec::new();
    while c.deals < wanted {
        let mut setup = MatchSetup::new(info.default_players, v.clone(), 10_000 + seed);
        setup.deal_limit = Some(10);
        let mut m = Match::<G>::new(setup).expect("default setup");
        let mut bots: Vec<Box<dyn Bot<G::Deal>>> = (0..info.default_players).map(|_| make(m.game())).collect();
        let mut rng = GameRng::from_seed(seed);
        while !m.is_over() && c.deals < wanted {
            m.legal_actions(&mut legal);
            let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a seat to act");
            let action = bots[decision.seat].choose(&decision, &mut rng);
            let mut after = m.deal().clone();
            after.apply(action).expect("bots choose legal actions");
            if after.to_act().is_none() {
                c.deals += 1;
                if after.thrown_in() {
                    c.thrown_in += 1;
                } else {
                    let view = serde_json::to_value(after.view(0)).expect("views serialise");
                    let holder = view[field].as_u64().expect("a contract holder") as Seat;
                    let delta = after.outcome().expect("over").deltas[holder];
                    c.contracts += 1;
                    c.made += u64::from(delta > 0);
                    c.holder_sum += delta;
                }
            }
            m.apply(action).expect("legal");
        }
        seed += 1;
    }
    c
}

/// One duplicate arena: for each seed, every seating of one `new` among `old`s and of one
/// `old` among `new`s (Belote: the two partnerships), the difference of the per-seat mean
/// totals, averaged over the seatings. Returns the mean paired difference and its 95% interval.
fn arena<G: Game>(seeds: u64, deals: u32, new: Maker<'_, G>, old: Maker<'_, G>) -> (f64, f64, f64) {
    let info = G::info();
    let n = info.default_players;
    let v = Variants::defaults(info.variants);
    let patterns: Vec<Vec<bool>> = if info.id == "belote" {
        vec![vec![true, false, true, false], vec![false, true, false, true]]
    } else {
        (0..n)
            .flat_map(|r| [true, false].map(|lone| (0..n).map(|s| (s == r) == lone).collect()))
            .collect()
    };
    let mut diffs = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..seeds {
        let mut d = 0.0;
        for is_new in &patterns {
            let mut setup = MatchSetup::new(n, v.clone(), 50_000 + seed);
            setup.deal_limit = Some(deals);
            let mut m = Match::<G>::new(setup).expect("default setup");
            let mut bots: Vec<Box<dyn Bot<G::Deal>>> = is_new
                .iter()
                .map(|&x| if x { new(m.game()) } else { old(m.game()) })
                .collect();
            let mut rng = GameRng::from_seed(seed);
            while !m.is_over() {
                m.legal_actions(&mut legal);
                let decision = Decision::new(m.deal(), &legal, m.totals()).expect("a seat to act");
                let action = bots[decision.seat].choose(&decision, &mut rng);
                m.apply(action).expect("legal");
            }
            let mean = |want: bool| {
                let t: Vec<i64> = (0..n).filter(|&s| is_new[s] == want).map(|s| m.totals()[s]).collect();
                t.iter().sum::<i64>() as f64 / t.len() as f64
            };
            d += mean(true) - mean(false);
        }
        diffs.push(d / patterns.len() as f64);
    }
    let k = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / k;
    let var = diffs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
    let half = 1.96 * (var / k).sqrt();
    (mean, mean - half, mean + half)
}

fn report<G: Game>(make: NamedMaker<'_, G>) {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let names = std::env::var("BIDDING_BOTS").unwrap_or_else(|_| "before,medium".into());
    let info = G::info();
    for name in names.split(',') {
        let c = count::<G>(env("BIDDING_DEALS", 2000), &|g| make(g, name));
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "{:<16} {:<7} {:>5} deals  thrown in {:>5.1}%  contracts {:>5}  made {:>5.1}%  bidder's side {:>+8.2} {} per contract",
            info.id,
            name,
            c.deals,
            pct(c.thrown_in, c.deals),
            c.contracts,
            pct(c.made, c.contracts),
            c.holder_sum as f64 / c.contracts.max(1) as f64,
            info.unit,
        );
    }
    let seeds = env("BIDDING_ARENA", 300);
    if seeds > 1 {
        let deals = env("BIDDING_ARENA_DEALS", 8) as u32;
        let against = std::env::var("BIDDING_AGAINST").unwrap_or_else(|_| "before".into());
        let (mean, lo, hi) = arena::<G>(seeds, deals, &|g| make(g, "medium"), &|g| make(g, &against));
        println!(
            "{:<16} arena medium - before: {mean:+.2} {} per {deals}-deal match [{lo:+.2}, {hi:+.2}] ({seeds} seeds x every seating)",
            info.id, info.unit
        );
    }
}

fn hard<G: Game>(g: &G) -> Box<dyn Bot<G::Deal>> {
    bots::make_bot(g, "hard").expect("hard exists")
}

/// `hard` for the auction (and Pinochle's concession), the rule bot for the rest: `hard`'s
/// bidding measured without paying for its play.
struct HardBids<D: Deal>(Box<dyn Bot<D>>, Box<dyn Bot<D>>, fn(&D) -> bool);

impl<D: Deal> Bot<D> for HardBids<D> {
    fn name(&self) -> &str {
        "hard"
    }

    fn choose(&mut self, decision: &Decision<'_, D>, rng: &mut GameRng) -> D::Action {
        // The deal itself is not open to a bot; a world sampled for the seat shows the same step.
        let world = decision.sample_world(&mut GameRng::from_seed(0));
        if (self.2)(&world) {
            self.0.choose(decision, rng)
        } else {
            self.1.choose(decision, rng)
        }
    }
}

fn rule<G: Game>(g: &G) -> Box<dyn Bot<G::Deal>> {
    g.bot("rule").expect("a rule bot")
}

fn main() {
    let mut ids: Vec<String> = std::env::args().skip(1).collect();
    if ids.is_empty() {
        ids = ["belote", "auction-pinochle", "solo", "big-three"]
            .map(String::from)
            .to_vec();
    }
    for id in ids {
        match id.as_str() {
            "belote" => report::<Belote>(&|g, name| match name {
                "before" => Box::new(BeloteBefore(rule(g))),
                "hard" => Box::new(HardBids(hard(g), rule(g), |d: &BeloteDeal| {
                    let step = d.to_act().map(|s| d.view(s).step);
                    matches!(step, Some(BeloteStep::FirstRound | BeloteStep::SecondRound))
                })),
                _ => rule(g),
            }),
            "auction-pinochle" => report::<AuctionPinochle>(&|g, name| match name {
                "before" => Box::new(PinochleBefore(rule(g), 7)),
                "hard" => Box::new(HardBids(hard(g), rule(g), |d: &PinochleDeal| {
                    let step = d.to_act().map(|s| d.view(s).step);
                    matches!(step, Some(PinochleStep::Auction | PinochleStep::Concede))
                })),
                "old-auction" => Box::new(PinochleBefore(rule(g), 1)),
                "old-trump" => Box::new(PinochleBefore(rule(g), 2)),
                "old-concede" => Box::new(PinochleBefore(rule(g), 4)),
                _ => rule(g),
            }),
            "solo" => report::<Solo>(&|g, name| match name {
                "before" => Box::new(SoloBefore(rule(g))),
                _ => rule(g),
            }),
            "big-three" => report::<BigThree>(&|g, name| match name {
                "before" => Box::new(BigThreeBefore(rule(g))),
                _ => rule(g),
            }),
            other => eprintln!("{other}: not a game with an auction here"),
        }
    }
}

/// Belote's rule bot with the take decision it had before issue 29: a fixed score of trump
/// honours and side aces against thresholds.
struct BeloteBefore(Box<dyn Bot<BeloteDeal>>);

impl Bot<BeloteDeal> for BeloteBefore {
    fn name(&self) -> &str {
        "before"
    }

    fn choose(&mut self, decision: &Decision<'_, BeloteDeal>, rng: &mut GameRng) -> BeloteAction {
        let view: BeloteView = decision.view();
        if !matches!(view.step, BeloteStep::FirstRound | BeloteStep::SecondRound) {
            return self.0.choose(decision, rng);
        }
        let trump_value = |hand: CardSet, suit: Suit| -> i32 {
            hand.iter()
                .map(|c| {
                    let r = c.rank().expect("no jokers");
                    if c.suit() == Some(suit) {
                        match r {
                            Rank::Jack => 30,
                            Rank::Nine => 20,
                            Rank::Ace => 12,
                            Rank::Ten => 10,
                            Rank::King | Rank::Queen => 6,
                            _ => 4,
                        }
                    } else {
                        match r {
                            Rank::Ace => 10,
                            Rank::Ten => 3,
                            _ => 0,
                        }
                    }
                })
                .sum()
        };
        let with_upcard = view.hand | CardSet::single(view.upcard);
        let best = decision
            .legal
            .iter()
            .filter_map(|a| match a {
                BeloteAction::Take(s) => Some((*s, trump_value(with_upcard, *s), with_upcard.of_suit(*s).len())),
                _ => None,
            })
            .max_by_key(|&(s, v, _)| (v, s));
        match best {
            Some((s, value, count)) if (count >= 3 && value >= 50) || value >= 65 => BeloteAction::Take(s),
            _ => BeloteAction::Pass,
        }
    }
}

/// Auction Pinochle's rule bot with the auction, trump choice and concession it had before
/// issue 29: meld in hand plus a rough trick count plus 20 for the widow.
struct PinochleBefore(Box<dyn Bot<PinochleDeal>>, u8);

fn old_trick_estimate(hand: &DoubleSet, trump: Suit) -> i64 {
    let trumps = hand.iter().filter(|c| c.suit() == Some(trump)).count() as i64;
    let aces = hand.iter().filter(|c| c.rank() == Some(Rank::Ace)).count() as i64;
    20 + 8 * trumps + 12 * aces
}

fn old_best_trump(hand: &DoubleSet) -> (Suit, i64) {
    Suit::ALL
        .into_iter()
        .map(|t| (t, best_meld(hand, t, false).points + old_trick_estimate(hand, t) + 20))
        .max_by_key(|&(t, v)| (v, t))
        .expect("four suits")
}

impl Bot<PinochleDeal> for PinochleBefore {
    fn name(&self) -> &str {
        "before"
    }

    fn choose(&mut self, decision: &Decision<'_, PinochleDeal>, rng: &mut GameRng) -> PinochleAction {
        let view = decision.view();
        match view.step {
            PinochleStep::Auction if self.1 & 1 != 0 => {
                let (_, estimate) = old_best_trump(&view.hand);
                decision
                    .legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, PinochleAction::Bid(b) if (*b as i64) <= estimate))
                    .unwrap_or(PinochleAction::Pass)
            }
            PinochleStep::NameTrump if self.1 & 2 != 0 => PinochleAction::Trump(old_best_trump(&view.hand).0),
            PinochleStep::Concede if self.1 & 4 != 0 => {
                let trump = view.trump.expect("trump is named");
                let meld = view.meld.as_ref().map_or(0, |m| m.points);
                if meld + old_trick_estimate(&view.hand, trump) + 40 < view.high_bid.unwrap_or(0) {
                    PinochleAction::Concede
                } else {
                    PinochleAction::PlayOn
                }
            }
            _ => self.0.choose(decision, rng),
        }
    }
}

/// Big Three's rule bot with the bidding it had before issue 29: 3 for each 3, 2 for each 2 and
/// 1 for each ace; up to 3 from 13, up to 2 from 9, else 1, always the least bid open.
struct BigThreeBefore(Box<dyn Bot<BigThreeDeal>>);

impl Bot<BigThreeDeal> for BigThreeBefore {
    fn name(&self) -> &str {
        "before"
    }

    fn choose(&mut self, decision: &Decision<'_, BigThreeDeal>, rng: &mut GameRng) -> BigThreeAction {
        let view = decision.view();
        if view.step != BigThreeStep::Bidding {
            return self.0.choose(decision, rng);
        }
        let strength = top_strength(view.hand);
        let want = if strength >= 13 {
            3
        } else if strength >= 9 {
            2
        } else {
            1
        };
        let legal = decision.legal;
        legal
            .iter()
            .copied()
            .filter(|a| matches!(a, BigThreeAction::Bid(b) if *b <= want))
            .min()
            .or_else(|| legal.iter().copied().find(|a| *a == BigThreeAction::Pass))
            .unwrap_or(legal[0])
    }
}

/// Solo's rule bot with the auction and announcement it had before issue 29: a ceiling from
/// trump length, top trumps and side aces, and the lowest game allowed.
struct SoloBefore(Box<dyn Bot<SoloDeal>>);

fn old_ceiling(view: &SoloView) -> (Suit, Option<SoloGame>) {
    let hand = view.hand;
    let clubs_queen = cards::Card::new(Rank::Queen, Suit::Clubs);
    let spades_queen = cards::Card::new(Rank::Queen, Suit::Spades);
    let score = |t: Suit| {
        let ts: CardSet = hand.iter().filter(|&c| suit_of(c, t) == t).collect();
        let top = [
            clubs_queen,
            cards::Card::new(Rank::Seven, t),
            spades_queen,
            cards::Card::new(Rank::Ace, t),
        ]
        .iter()
        .filter(|&&c| ts.contains(c))
        .count() as u32;
        let aces = Suit::ALL
            .iter()
            .filter(|&&s| s != t && hand.contains(cards::Card::new(Rank::Ace, s)))
            .count() as u32;
        (ts.len(), top, aces)
    };
    let best = Suit::ALL
        .into_iter()
        .max_by_key(|&t| (score(t), t == view.colour))
        .expect("four suits");
    let (n, top, aces) = score(best);
    let pick = |in_suit: SoloGame, in_colour: SoloGame| Some(if best == view.colour { in_colour } else { in_suit });
    let game = if n >= 7 && top >= 3 {
        pick(SoloGame::Tout, SoloGame::ToutColour)
    } else if n >= 5 && top >= 2 && n + aces >= 6 {
        pick(SoloGame::Solo, SoloGame::SoloColour)
    } else if n >= 3 && top >= 1 {
        pick(SoloGame::Simple, SoloGame::SimpleColour)
    } else {
        None
    };
    (best, game)
}

impl Bot<SoloDeal> for SoloBefore {
    fn name(&self) -> &str {
        "before"
    }

    fn choose(&mut self, decision: &Decision<'_, SoloDeal>, rng: &mut GameRng) -> SoloAction {
        let view = decision.view();
        let legal = decision.legal;
        let (best_trump, ceiling) = old_ceiling(&view);
        let carries = |g: SoloGame| ceiling.is_some_and(|c| g <= c);
        match view.step {
            SoloStep::Auction => {
                let asked = view
                    .auction
                    .last()
                    .and_then(|e| e.said.strip_prefix("ask ").and_then(|g| g.parse::<SoloGame>().ok()));
                let choice = legal.iter().copied().find(|a| match a {
                    SoloAction::Ask => ceiling.is_some(),
                    SoloAction::AskGame(g) => carries(*g),
                    SoloAction::Yes => asked.is_some_and(carries),
                    _ => false,
                });
                choice
                    .or_else(|| legal.iter().copied().find(|a| *a == SoloAction::Pass))
                    .unwrap_or(legal[0])
            }
            SoloStep::Announce => {
                let lowest = legal
                    .iter()
                    .filter_map(|a| match a {
                        SoloAction::Announce(g, _) => Some(*g),
                        _ => None,
                    })
                    .min()
                    .expect("an announcement is legal");
                let count = |t: Suit| view.hand.iter().filter(|&c| suit_of(c, t) == t).count() as i32;
                legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, SoloAction::Announce(g, _) if *g == lowest))
                    .max_by_key(|a| match a {
                        SoloAction::Announce(_, t) => count(*t) * 10 + i32::from(*t == best_trump),
                        _ => 0,
                    })
                    .expect("an announcement of the lowest game")
            }
            _ => self.0.choose(decision, rng),
        }
    }
}
