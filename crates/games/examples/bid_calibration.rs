//! Fits the rule bots' contract estimates on played-out deals (issue 29).
//!
//! `belote`: at every take decision of the first and second rounds (the earlier seats having
//! passed), each trump the seat may take is taken in a copy of the deal, which the rule bot
//! then plays out in every seat; the taker's team's score less the defenders' is regressed on
//! `belote::take_features`. `auction-pinochle`: each seat in turn is made the bidder at the
//! minimum bid, takes the widow, names trump and buries as the rule bot does and plays the hand
//! out (never conceding); the card points its side took (buried counters included) are
//! regressed on `pinochle::trick_features` of its eighteen cards with the trump it named.
//! Prints the weights to paste into the bot, the fit's R² and residual standard deviation.
//!
//! `cargo run --release -p games --example bid_calibration -- belote|auction-pinochle [DEALS]`
//! (default 4,000 deals).

use cards::GameRng;
use engine::{Bot, Deal, Decision, Game, Match, MatchSetup, Variants};
use games::belote::{take_features_of, Belote, BeloteAction, BeloteDeal, Step as BeloteStep};
use games::pinochle::{trick_features, AuctionPinochle, PinochleAction, PinochleDeal, Step as PinochleStep};

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
    let m = Match::<G>::new(MatchSetup::new(info.default_players, Variants::defaults(info.variants), seed))
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

fn pinochle(deals: u64) -> (Vec<Vec<f64>>, Vec<f64>) {
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
                    *legal.iter().find(|a| matches!(a, PinochleAction::Bid(_))).expect("a bid")
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
                    holding = Some(view.hand.clone());
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
            // Card points the bidder took, buried counters included: its total less its meld.
            xs.push(trick_features(&h, t).to_vec());
            ys.push((result.bidder_total - meld.points) as f64);
        }
    }
    (xs, ys)
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
        let pivot = (col..k).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs())).expect("rows");
        a.swap(col, pivot);
        for r in 0..k {
            if r != col {
                let f = a[r][col] / a[col][col];
                for c in col..=k {
                    a[r][c] -= f * a[col][c];
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
    let (xs, ys) = match game.as_str() {
        "belote" => belote(deals),
        "auction-pinochle" => pinochle(deals),
        other => {
            eprintln!("{other}: belote or auction-pinochle");
            std::process::exit(2);
        }
    };
    let (w, r2, sd) = fit(&xs, &ys);
    let mean = ys.iter().sum::<f64>() / ys.len() as f64;
    println!("{game}: {} samples from {deals} deals, mean target {mean:.1}", ys.len());
    println!("R² {r2:.3}, residual sd {sd:.1}");
    let list: Vec<String> = w.iter().map(|x| format!("{x:.2}")).collect();
    println!("weights: [{}]", list.join(", "));
}
