//! How much the other players' moves tell (issue 28, item 2): at several points of a deal, the
//! average probability that a seat's sampled worlds put on each hidden card's true location,
//! with uniform worlds (every world consistent with the view alike) against worlds weighted by
//! the likelihood of the other seats' moves under the rule bot's soft policy
//! (`bots::Inference`), and the weighted batch's effective size.
//!
//! Every seat plays `medium` (the rule bot, whose moves the inference reads). At the first
//! decision after `k` tricks, the seat to act draws `candidates` worlds; for each card it cannot
//! see in another player's hand, the probability a world puts on the card's true holder is 1 or
//! 0 (for Auction Pinochle's double pack, the copies a world puts there), averaged over the
//! worlds (uniformly, or by weight) and then over cards and deals.
//!
//! The measuring points follow each game's length: Hearts, Tribello (13 tricks) and Auction
//! Pinochle (15) after 2, 5, 8 and 11 tricks; Belote and Solo (8 tricks) after 1, 3, 5 and 7.
//! Big Three has no tricks: a deal is a climb of combinations and passes until a hand is empty,
//! so its "tricks" are cards played in threes (a round of one card a player): the points are
//! after 6, 15, 24 and 33 cards played, where deals last long enough (a hand that ends sooner
//! counts only at the points it reached).
//!
//! Last, Hearts again with every seat playing `model` (the fitted model of play) and its moves
//! read by the model's own odds (`Bot::odds`, as `hard-model-infer` reads them; the temperature
//! does not apply), labelled `hearts/model`.
//!
//! `cargo run --release -p games --example inference_accuracy -- [deals] [candidates] [temperature ...]`
//! (default 100 deals, 200 candidates, temperatures 0.25, 1 and 2). Games whose deals implement
//! `Deal::past_moves` can be read: Hearts and Tribello (plays), Belote, Solo, Auction Pinochle and
//! Big Three (their auctions too, the bids being public).

use bots::{Inference, SoftPolicy};
use cards::{CardCounts, CardSet, GameRng};
use engine::{Deal, Decision, Game, Match, MatchSetup, Variants};
use games::belote::{Belote, BeloteDeal};
use games::big_three::{BigThree, BigThreeDeal};
use games::hearts::{Hearts, HeartsDeal};
use games::pinochle::{AuctionPinochle, PinochleDeal};
use games::solo::{Solo, SoloDeal};
use games::tribello::{Tribello, TribelloDeal};

/// Measuring points (tricks done) for games of 13 to 15 tricks, and for games of 8.
const POINTS: [u8; 4] = [2, 5, 8, 11];
const SHORT_POINTS: [u8; 4] = [1, 3, 5, 7];

/// What the table needs of a trick game's deal: the hands, whether cards are being played, and
/// how many tricks are done (Big Three: cards played, in threes).
trait Hands: Deal {
    fn hand_of(&self, seat: usize) -> CardCounts;
    fn playing(&self) -> bool;
    fn tricks(&self, seat: usize) -> u8;
}

fn counts(set: CardSet) -> CardCounts {
    let mut c = CardCounts::new();
    c.add_set(set);
    c
}

impl Hands for HeartsDeal {
    fn hand_of(&self, seat: usize) -> CardCounts {
        counts(self.hand(seat))
    }
    fn playing(&self) -> bool {
        self.phase() == games::hearts::Phase::Playing
    }
    fn tricks(&self, seat: usize) -> u8 {
        self.view(seat).tricks_played
    }
}

impl Hands for TribelloDeal {
    fn hand_of(&self, seat: usize) -> CardCounts {
        counts(self.hand(seat))
    }
    fn playing(&self) -> bool {
        self.step() == games::tribello::Step::Play
    }
    fn tricks(&self, seat: usize) -> u8 {
        self.view(seat).tricks_won.iter().sum()
    }
}

impl Hands for BeloteDeal {
    fn hand_of(&self, seat: usize) -> CardCounts {
        counts(self.hand(seat))
    }
    fn playing(&self) -> bool {
        self.step() == games::belote::Step::Playing
    }
    fn tricks(&self, seat: usize) -> u8 {
        self.view(seat).tricks_won.iter().sum()
    }
}

impl Hands for SoloDeal {
    fn hand_of(&self, seat: usize) -> CardCounts {
        counts(self.hand(seat))
    }
    fn playing(&self) -> bool {
        self.step() == games::solo::Step::Playing
    }
    fn tricks(&self, _seat: usize) -> u8 {
        self.tricks_won().iter().sum()
    }
}

impl Hands for PinochleDeal {
    fn hand_of(&self, seat: usize) -> CardCounts {
        self.hand(seat).to_counts()
    }
    fn playing(&self) -> bool {
        self.step() == games::pinochle::Step::Playing
    }
    fn tricks(&self, seat: usize) -> u8 {
        (self.view(seat).played.len() / 3) as u8
    }
}

impl Hands for BigThreeDeal {
    fn hand_of(&self, seat: usize) -> CardCounts {
        counts(self.hand(seat))
    }
    fn playing(&self) -> bool {
        self.step() == games::big_three::Step::Playing
    }
    fn tricks(&self, seat: usize) -> u8 {
        (self.view(seat).played.len() / 3) as u8
    }
}

struct Sums {
    uniform: f64,
    inferred: f64,
    cards: f64,
    ess: f64,
    samples: f64,
}

fn truth_share<D: Hands>(world: &D, truth: &D, seat: usize, players: usize) -> (f64, f64) {
    // Cards hidden from `seat` in another player's hand.
    let mut hits = 0.0;
    let mut cards = 0.0;
    for q in (0..players).filter(|&q| q != seat) {
        let there = world.hand_of(q);
        for (c, n) in truth.hand_of(q).iter() {
            cards += f64::from(n);
            hits += f64::from(n.min(there.count(c)));
        }
    }
    (hits, cards)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let candidates: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let mut temps: Vec<f64> = args.iter().skip(2).filter_map(|a| a.parse().ok()).collect();
    if temps.is_empty() {
        temps = vec![0.25, 1.0, 2.0];
    }
    println!("{deals} deals a game, {candidates} candidate worlds per point, every seat medium (hearts/model: model)");
    println!(
        "{:>16} {:>11} {:>7} {:>9} {:>9} {:>9} {:>9}",
        "game", "temperature", "tricks", "uniform", "inferred", "gain", "ess"
    );
    let rule = Reading {
        player: "medium",
        reader: "rule",
        label: None,
    };
    table::<Hearts>(4, POINTS, deals, candidates, &temps, rule);
    table::<Tribello>(3, POINTS, deals, candidates, &temps, rule);
    table::<Belote>(4, SHORT_POINTS, deals, candidates, &temps, rule);
    table::<Solo>(4, SHORT_POINTS, deals, candidates, &temps, rule);
    table::<AuctionPinochle>(3, POINTS, deals, candidates, &temps, rule);
    table::<BigThree>(3, POINTS, deals, candidates, &temps, rule);
    let model = Reading {
        player: "model",
        reader: "model",
        label: Some("hearts/model"),
    };
    table::<Hearts>(4, POINTS, deals, candidates, &[1.0], model);
}

/// Who plays every seat, whose moves the inference reads them by, and the table's label (the
/// game's id by default).
#[derive(Clone, Copy)]
struct Reading {
    player: &'static str,
    reader: &'static str,
    label: Option<&'static str>,
}

fn table<G: Game>(players: usize, points: [u8; 4], deals: u64, candidates: usize, temps: &[f64], reading: Reading)
where
    G::Deal: Hands,
{
    let v = Variants::defaults(G::info().variants);
    for &t in temps {
        let mut sums: Vec<Sums> = points
            .iter()
            .map(|_| Sums {
                uniform: 0.0,
                inferred: 0.0,
                cards: 0.0,
                ess: 0.0,
                samples: 0.0,
            })
            .collect();
        for seed in 0..deals {
            let mut setup = MatchSetup::new(players, v.clone(), seed);
            setup.deal_limit = Some(1);
            let mut m = Match::<G>::new(setup).expect("setup");
            let mut bots: Vec<_> = (0..players)
                .map(|_| bots::make_bot(m.game(), reading.player).unwrap())
                .collect();
            let reader = m.game().bot(reading.reader).expect("the reading bot");
            let mut inference = Inference::new(reader, candidates, SoftPolicy::new(t, 0.05));
            let mut rng = GameRng::from_seed(seed);
            let mut legal = Vec::new();
            let mut next_point = 0;
            while !m.is_over() {
                let deal = m.deal().clone();
                let seat = deal.to_act().expect("a seat");
                if next_point < points.len() && deal.playing() && deal.tricks(seat) >= points[next_point] {
                    let mut worlds = Vec::new();
                    let mut logs = Vec::new();
                    for _ in 0..candidates {
                        let w = deal.sample_world(seat, &mut rng);
                        logs.push(inference.log_likelihood(&w, seat, m.totals(), &mut rng).0);
                        worlds.push(w);
                    }
                    let ww = bots::weighted(worlds, &logs);
                    let s = &mut sums[next_point];
                    for (w, &weight) in ww.worlds.iter().zip(&ww.weights) {
                        let (hits, cards) = truth_share(w, &deal, seat, players);
                        s.uniform += hits / candidates as f64;
                        s.inferred += hits * weight;
                        s.cards += cards / candidates as f64;
                    }
                    s.ess += ww.effective_size();
                    s.samples += 1.0;
                    next_point += 1;
                }
                m.legal_actions(&mut legal);
                let a = bots[seat].choose(&Decision::new(m.deal(), &legal, m.totals()).unwrap(), &mut rng);
                m.apply(a).unwrap();
            }
        }
        for (k, s) in points.iter().zip(&sums) {
            let (u, i) = (s.uniform / s.cards, s.inferred / s.cards);
            println!(
                "{:>16} {:>11} {:>7} {:>9.4} {:>9.4} {:>+9.4} {:>9.1}",
                reading.label.unwrap_or(G::info().id),
                t,
                k,
                u,
                i,
                i - u,
                s.ess / s.samples.max(1.0)
            );
        }
    }
}
