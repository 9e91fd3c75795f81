//! Fits the rule bots' contract estimates on played-out deals (issue 29).
//!
//! `belote`: at every take decision of the first and second rounds (the earlier seats having
//! passed), each trump the seat may take is taken in a copy of the deal, which the rule bot
//! then plays out in every seat; the taker's team's score less the defenders' is regressed on
//! `belote::take_features`. `auction-pinochle`: each seat in turn is made the bidder at the
//! minimum bid, takes the widow, names trump and buries as the rule bot does and plays the hand
//! out (never conceding); the card points it took (buried counters included) are regressed on
//! `pinochle::trick_features` of its eighteen cards with the trump it named, over holdings
//! whose meld is at least MIN_MELD (default 0; the bot's weights use 100) and leaving out hands
//! won on meld alone.
//! `big-three`: each seat in turn is made the solo player at the least bid and the rule bot plays
//! the hand out; whether the solo player went out first is regressed on `big_three::bid_features`.
//! `solo`: each seat in turn asks alone and declares every game and trump open to it, played
//! out by the rule bot; its score over the game's value is regressed on `solo::game_features`,
//! one fit per kind of game (simple, solo, tout).
//! Prints the weights to paste into the bot, the fit's R² and residual standard deviation.
//! `pinochle-evidence`: every hand bid at the minimum and played out, grouped by the rule
//! bot's estimate of its worth, beside what it realised (are most hands losers at 300?).
//!
//! `cargo run --release -p games --example bid_calibration -- belote|auction-pinochle|pinochle-evidence|big-three|solo [DEALS]
//! [MIN_MELD]` (default 4,000 deals).

use cards::GameRng;
use engine::{Bot, Deal, Decision, Game, Match, MatchSetup, Variants};
use games::belote::{take_features_of, Belote, BeloteAction, BeloteDeal, Step as BeloteStep};
use games::big_three::{bid_features, BigThree, BigThreeAction, BigThreeDeal, Step as BigThreeStep};
use games::pinochle::{
    contract_value, trick_features, AuctionPinochle, PinochleAction, PinochleDeal, Step as PinochleStep,
};
use games::solo::{game_features_of, game_kind, Solo, SoloAction, SoloDeal, Step as SoloStep};

/// Plays `deal` to its end with `bot` in every seat; returns the score changes.
fn play_out<D: Deal>(mut deal: D, bot: &mut dyn Bot<D>, rng: &mut GameRng) -> Vec<i64> {
    let mut legal = Vec::new();
    let totals = [0i64; 8];
    while deal.to_act().is_some() {
        deal.legal_actions(&mut legal);
        let decision = Decision::new(&deal, &legal, &totals).expect("a seat to act");
        let action = bot.choose(&decision, rng);
        deal.apply(action).expect("the rule bot plays legal actions");
    }
    deal.outcome().expect("over").deltas
}

fn first_deal<G: Game>(seed: u64) -> (G, G::Deal) {
    let info = G::info();
    let m = Match::<G>::new(MatchSetup::new(
        info.default_players,
        Variants::defaults(info.variants),
        seed,
    ))
    .expect("default setup");
    (m.game().clone(), m.deal().clone())
}

fn belote(deals: u64) -> (Vec<Vec<f64>>, Vec<f64>) {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    let mut rng = GameRng::from_seed(7);
    let mut legal = Vec::new();
    for seed in 0..deals {
        let (game, mut deal): (Belote, BeloteDeal) = first_deal(900_000 + seed);
        let mut bot = game.bot("rule").expect("a rule bot");
        while let Some(seat) = deal.to_act() {
            let view = deal.view(seat);
            if !matches!(view.step, BeloteStep::FirstRound | BeloteStep::SecondRound) {
                break;
            }
            deal.legal_actions(&mut legal);
            for &a in &legal {
                if let BeloteAction::Take(s) = a {
                    let mut taken = deal.clone();
                    taken.apply(a).expect("legal");
                    let d = play_out(taken, bot.as_mut(), &mut rng);
                    xs.push(take_features_of(&view, s).to_vec());
                    ys.push((d[seat] - d[(seat + 1) % 4]) as f64);
                }
            }
            if deal.apply(BeloteAction::Pass).is_err() {
                break;
            }
        }
    }
    (xs, ys)
}

fn pinochle(deals: u64, min_meld: i64) -> (Vec<Vec<f64>>, Vec<f64>) {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    let mut rng = GameRng::from_seed(7);
    let mut legal = Vec::new();
    let totals = [0i64; 3];
    for seed in 0..deals {
        let (game, deal): (AuctionPinochle, PinochleDeal) = first_deal(900_000 + seed);
        let mut bot = game.bot("rule").expect("a rule bot");
        for bidder_turn in 0..3 {
            let mut d = deal.clone();
            let mut turn = 0;
            // The seat bidding `bidder_turn`-th bids the minimum; the others pass.
            while d.view(d.to_act().expect("auction")).step == PinochleStep::Auction {
                d.legal_actions(&mut legal);
                let a = if turn == bidder_turn {
                    *legal
                        .iter()
                        .find(|a| matches!(a, PinochleAction::Bid(_)))
                        .expect("a bid")
                } else {
                    PinochleAction::Pass
                };
                d.apply(a).expect("legal");
                turn += 1;
            }
            let bidder = d.to_act().expect("the bidder names trump");
            let mut trump = None;
            let mut holding = None;
            while let Some(seat) = d.to_act() {
                d.legal_actions(&mut legal);
                let view = d.view(seat);
                if view.step == PinochleStep::NameTrump {
                    holding = Some(view.hand);
                }
                let a = if legal.contains(&PinochleAction::PlayOn) {
                    PinochleAction::PlayOn
                } else {
                    let decision = Decision::new(&d, &legal, &totals).expect("a seat to act");
                    bot.choose(&decision, &mut rng)
                };
                if let PinochleAction::Trump(t) = a {
                    trump = Some(t);
                }
                d.apply(a).expect("legal");
            }
            let (Some(t), Some(h)) = (trump, holding) else {
                continue; // won on meld alone before naming? (not with trump unnamed)
            };
            let view = d.view(bidder);
            let (Some(result), Some(meld)) = (&view.result, &view.meld) else {
                continue;
            };
            // Hands won on meld alone were not played: they tell nothing about tricks.
            if meld.points < min_meld || view.points_taken.iter().sum::<i64>() == 0 {
                continue;
            }
            // Card points the bidder took, buried counters included: its total less its meld.
            xs.push(trick_features(&h, t).to_vec());
            ys.push((result.bidder_total - meld.points) as f64);
        }
    }
    (xs, ys)
}

fn big_three(deals: u64) -> (Vec<Vec<f64>>, Vec<f64>) {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    let mut rng = GameRng::from_seed(7);
    let mut legal = Vec::new();
    for seed in 0..deals {
        let (game, deal): (BigThree, BigThreeDeal) = first_deal(900_000 + seed);
        let mut bot = game.bot("rule").expect("a rule bot");
        for solo in 0..3 {
            let mut d = deal.clone();
            let features = {
                let v = d.view(solo);
                bid_features(v.hand, v.hand.contains(v.opening_heart))
            };
            // The chosen seat bids the least it may; the others pass, or bid the least when
            // they must open.
            while let Some(seat) = d.to_act() {
                if d.view(seat).step != BigThreeStep::Bidding {
                    break;
                }
                d.legal_actions(&mut legal);
                let bids = legal.iter().copied().filter(|a| matches!(a, BigThreeAction::Bid(_)));
                let a = if seat == solo || !legal.contains(&BigThreeAction::Pass) {
                    bids.min().expect("a bid")
                } else {
                    BigThreeAction::Pass
                };
                d.apply(a).expect("legal");
            }
            if d.view(solo).solo != Some(solo) {
                continue;
            }
            let result = play_out(d, bot.as_mut(), &mut rng);
            xs.push(features.to_vec());
            ys.push(f64::from(u8::from(result[solo] > 0)));
        }
    }
    (xs, ys)
}

/// Solo: one data set per kind of game (simple, solo, tout).
fn solo(deals: u64) -> [(Vec<Vec<f64>>, Vec<f64>); 3] {
    let mut sets: [(Vec<Vec<f64>>, Vec<f64>); 3] = Default::default();
    let mut rng = GameRng::from_seed(7);
    let mut legal = Vec::new();
    for seed in 0..deals {
        let (game, deal): (Solo, SoloDeal) = first_deal(900_000 + seed);
        let mut bot = game.bot("rule").expect("a rule bot");
        'seat: for declarer in 0..4 {
            let mut d = deal.clone();
            // The chosen seat asks; the others pass (a seat that may not pass spoils it).
            while let Some(seat) = d.to_act() {
                if d.view(seat).step != SoloStep::Auction {
                    break;
                }
                d.legal_actions(&mut legal);
                let a = if seat == declarer && legal.contains(&SoloAction::Ask) {
                    SoloAction::Ask
                } else if legal.contains(&SoloAction::Pass) {
                    SoloAction::Pass
                } else {
                    continue 'seat;
                };
                d.apply(a).expect("legal");
            }
            let view = d.view(declarer);
            if view.declarer != Some(declarer) || view.all_passed {
                continue;
            }
            d.legal_actions(&mut legal);
            for &a in &legal {
                let SoloAction::Announce(g, t) = a else { continue };
                let mut announced = d.clone();
                announced.apply(a).expect("legal");
                let result = play_out(announced, bot.as_mut(), &mut rng);
                // Each kind is fitted on the hands near its decision: at least 3 trumps for a
                // simple game, 5 for a solo, 6 for a tout.
                let features = game_features_of(&view, t);
                if features[1] < [3.0, 5.0, 6.0][game_kind(g)] {
                    continue;
                }
                let set = &mut sets[game_kind(g)];
                set.0.push(features.to_vec());
                set.1.push(result[declarer] as f64 / g.value() as f64);
            }
        }
    }
    sets
}

/// Whether hands are worth the minimum bid: each seat's hand in turn is made the bidder at the
/// minimum bid (the others passing) and the rule bot plays it out, conceding as it would. The
/// hands are grouped by the rule bot's estimate of the contract's worth (`contract_value`, over
/// 64 widows, in units of the bid) and each group's realised result is printed beside it.
fn pinochle_evidence(deals: u64) {
    let mut rng = GameRng::from_seed(11);
    let mut legal = Vec::new();
    let edges = [-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, f64::INFINITY];
    // Per group: hands, estimate sum, realised sum, made count.
    let mut groups = vec![(0u64, 0.0f64, 0i64, 0u64); edges.len()];
    for seed in 0..deals {
        let (game, deal): (AuctionPinochle, PinochleDeal) = first_deal(700_000 + seed);
        let mut bot = game.bot("rule").expect("a rule bot");
        for bidder_turn in 0..3 {
            let mut d = deal.clone();
            let mut turn = 0;
            let mut estimate = 0.0;
            while let Some(seat) = d.to_act() {
                let view = d.view(seat);
                if view.step != PinochleStep::Auction {
                    break;
                }
                d.legal_actions(&mut legal);
                let a = if turn == bidder_turn {
                    let min = legal
                        .iter()
                        .find_map(|a| match a {
                            PinochleAction::Bid(b) => Some(*b),
                            _ => None,
                        })
                        .expect("a bid");
                    estimate = contract_value(&view.hand, min as i64, 64, &mut rng);
                    PinochleAction::Bid(min)
                } else {
                    PinochleAction::Pass
                };
                d.apply(a).expect("legal");
                turn += 1;
            }
            let bidder = d.to_act().expect("the bidder names trump");
            let result = play_out(d, bot.as_mut(), &mut rng);
            let g = edges
                .iter()
                .position(|&e| estimate < e)
                .expect("the last edge is infinite");
            let entry = &mut groups[g];
            entry.0 += 1;
            entry.1 += estimate;
            entry.2 += result[bidder];
            entry.3 += u64::from(result[bidder] > 0);
        }
    }
    let hands: u64 = groups.iter().map(|g| g.0).sum();
    println!("auction-pinochle: {hands} hands from {deals} deals, each bid at the minimum and played by the rule bot");
    println!("estimated worth (units)   hands   share  mean estimate  realised (chips)  made");
    let mut low = f64::NEG_INFINITY;
    for (g, &high) in groups.iter().zip(&edges) {
        let n = g.0.max(1) as f64;
        println!(
            "[{low:>5.1}, {high:>5.1})          {:>7}  {:>5.1}%  {:>+13.2}  {:>+16.2}  {:>5.1}%",
            g.0,
            100.0 * g.0 as f64 / hands as f64,
            g.1 / n,
            g.2 as f64 / n,
            100.0 * g.3 as f64 / n
        );
        low = high;
    }
}

/// Least squares by the normal equations (with a whisker of ridge so a constant column stays
/// solvable): the weights, R² and the residual standard deviation.
fn fit(xs: &[Vec<f64>], ys: &[f64]) -> (Vec<f64>, f64, f64) {
    let k = xs[0].len();
    let mut a = vec![vec![0.0; k + 1]; k];
    for (x, &y) in xs.iter().zip(ys) {
        for i in 0..k {
            for j in 0..k {
                a[i][j] += x[i] * x[j];
            }
            a[i][k] += x[i] * y;
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-6;
    }
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .expect("rows");
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    let w: Vec<f64> = (0..k).map(|i| a[i][k] / a[i][i]).collect();
    let n = ys.len() as f64;
    let mean = ys.iter().sum::<f64>() / n;
    let pred = |x: &Vec<f64>| x.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>();
    let ss_res: f64 = xs.iter().zip(ys).map(|(x, y)| (y - pred(x)).powi(2)).sum();
    let ss_tot: f64 = ys.iter().map(|y| (y - mean).powi(2)).sum();
    (w, 1.0 - ss_res / ss_tot, (ss_res / (n - k as f64)).sqrt())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "belote".into());
    let deals: u64 = args.next().and_then(|d| d.parse().ok()).unwrap_or(4000);
    if game == "solo" {
        for (kind, (xs, ys)) in ["simple", "solo", "tout"].iter().zip(solo(deals)) {
            let (w, r2, sd) = fit(&xs, &ys);
            let list: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
            println!("solo {kind}: {} samples, R² {r2:.3}, residual sd {sd:.2}", ys.len());
            println!("weights: [{}]", list.join(", "));
        }
        return;
    }
    let (xs, ys) = match game.as_str() {
        "belote" => belote(deals),
        "big-three" => big_three(deals),
        "auction-pinochle" => pinochle(deals, args.next().and_then(|d| d.parse().ok()).unwrap_or(0)),
        "pinochle-evidence" => {
            pinochle_evidence(deals);
            return;
        }
        other => {
            eprintln!("{other}: belote or auction-pinochle");
            std::process::exit(2);
        }
    };
    if game == "big-three" {
        // The chance of going out first by top strength, as measured.
        let mut b = std::collections::BTreeMap::new();
        for (x, y) in xs.iter().zip(&ys) {
            let key = x[1] as i64;
            let e = b.entry(key).or_insert((0.0, 0.0));
            e.0 += 1.0;
            e.1 += y;
        }
        for (k, (n, s)) in b {
            println!("top strength {k:>2}: {n:>5} hands, out first {:.3}", s / n);
        }
    }
    let (w, r2, sd) = fit(&xs, &ys);
    let mean = ys.iter().sum::<f64>() / ys.len() as f64;
    println!("{game}: {} samples from {deals} deals, mean target {mean:.1}", ys.len());
    println!("R² {r2:.3}, residual sd {sd:.1}");
    let list: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
    println!("weights: [{}]", list.join(", "));
}
