use crate::progress::Progress;
use crate::{bot_list, ArenaArgs};
use std::time::Instant;

/// The two-sided 95% quantile of Student's t with `df` degrees of freedom: the table up to 30,
/// then the Cornish-Fisher expansion around the normal quantile (within 0.001 from there on).
fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    if (1..=30).contains(&df) {
        return TABLE[df - 1];
    }
    let (z, v) = (1.959964f64, df as f64);
    z + (z.powi(3) + z) / (4.0 * v)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / (384.0 * v.powi(3))
}

/// Mean and 95% confidence interval (Student's t) of samples. One sample says nothing about the
/// spread, so its interval is unknown (`None`) rather than zero wide.
fn mean_ci(samples: &[f64]) -> (f64, Option<[f64; 2]>) {
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n.max(1.0);
    if samples.len() < 2 {
        return (mean, None);
    }
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = t_975(samples.len() - 1) * (var / n).sqrt();
    (mean, Some([mean - half, mean + half]))
}

/// An interval for `--json`: always a pair, `[null, null]` when unknown, so readers can rely on
/// the shape.
fn json_ci(ci: Option<[f64; 2]>) -> serde_json::Value {
    match ci {
        Some(ci) => serde_json::json!(ci),
        None => serde_json::json!([null, null]),
    }
}

/// An interval for the text report.
fn show_ci(ci: Option<[f64; 2]>) -> String {
    match ci {
        Some([lo, hi]) => format!("[{lo:.2}, {hi:.2}]"),
        None => "n/a (1 game)".into(),
    }
}

/// The seatings of one game: in rotation r seat s plays bot ((s + r) mod players) mod k, a fixed
/// pattern turned round the table, so that over the rotations every seat holds each bot in
/// proportion to the bot's share of the seats. Duplicate mode plays every rotation once, minus
/// repeats (with 2 bots at 4 seats, rotations 2 and 3 repeat 0 and 1); plain mode plays the
/// game's own rotation.
fn seatings(players: usize, k: usize, duplicate: bool, game: u64) -> Vec<Vec<usize>> {
    let seating = |r: usize| -> Vec<usize> { (0..players).map(|s| ((s + r) % players) % k).collect() };
    if !duplicate {
        return vec![seating(game as usize % players)];
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    for r in 0..players {
        let s = seating(r);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

pub fn run(a: &ArenaArgs) -> Result<(), String> {
    let info = games::registry::resolve(&a.id)?;
    let players = a.table.players.unwrap_or(info.default_players);
    let names = bot_list(&a.bots);
    let mut distinct = names.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() < 2 {
        return Err(format!(
            "--bots names {} distinct bot{}: an arena compares at least two, e.g. --bots medium,random",
            distinct.len(),
            if distinct.len() == 1 { "" } else { "s" }
        ));
    }
    if distinct.len() < names.len() {
        return Err(format!(
            "--bots names a bot twice ({}): name each bot once",
            names.join(",")
        ));
    }
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let k = names.len();
    if a.duplicate && k > players {
        return Err(format!(
            "--duplicate seats every bot in every seat: {k} bots need at least {k} players"
        ));
    }
    let rotations = seatings(players, k, a.duplicate, 0).len() as u64;
    let mut per_game: Vec<Vec<f64>> = vec![Vec::new(); k];
    // A match's win is shared among tied winners, and a bot holding several seats collects the
    // share of each of its winning seats; `seat_plays` counts the seats each bot held, so that
    // wins per seat held is comparable between bots with different numbers of seats.
    let mut wins = vec![0.0f64; k];
    let mut seat_plays = vec![0u64; k];
    let mut matches = 0u64;
    let mut progress = Progress::new(a.games * rotations);
    let start = Instant::now();
    for g in 0..a.games {
        let mut sums = vec![0.0f64; k];
        let mut counts = vec![0u32; k];
        for (r, seat_bot) in seatings(players, k, a.duplicate, g).into_iter().enumerate() {
            let r = r as u64;
            let mut opts = a.table.options();
            opts.players = Some(players);
            opts.seed = a.table.seed.wrapping_add(g);
            opts.bots = seat_bot.iter().map(|&b| Some(names[b].clone())).collect();
            let mut table = cli::open_table(&a.id, &opts)?;
            table.run_bots()?;
            let totals = table.totals();
            let winners = table.winners();
            for b in 0..k {
                let seats: Vec<usize> = (0..players).filter(|&s| seat_bot[s] == b).collect();
                if seats.is_empty() {
                    continue;
                }
                sums[b] += seats.iter().map(|&s| totals[s] as f64).sum::<f64>() / seats.len() as f64;
                counts[b] += 1;
                seat_plays[b] += seats.len() as u64;
                let won = seats.iter().filter(|s| winners.contains(s)).count();
                if won > 0 {
                    wins[b] += won as f64 / winners.len() as f64;
                }
            }
            matches += 1;
            progress.update(g * rotations + r + 1);
        }
        for b in 0..k {
            if counts[b] > 0 {
                per_game[b].push(sums[b] / counts[b] as f64);
            }
        }
    }
    progress.finish();
    let elapsed = start.elapsed();
    let stats: Vec<(f64, Option<[f64; 2]>)> = per_game.iter().map(|s| mean_ci(s)).collect();
    // With two bots, the paired per-game difference (the first minus the second).
    let paired = (k == 2 && per_game[0].len() == per_game[1].len()).then(|| {
        let diffs: Vec<f64> = per_game[0].iter().zip(&per_game[1]).map(|(x, y)| x - y).collect();
        mean_ci(&diffs)
    });
    if a.json {
        let bots: Vec<serde_json::Value> = (0..k)
            .map(|b| {
                serde_json::json!({
                    "name": names[b],
                    "mean": stats[b].0,
                    "ci95": json_ci(stats[b].1),
                    "wins": wins[b],
                    "win_rate": wins[b] / matches as f64,
                    "seats_held": seat_plays[b],
                    "wins_per_seat": wins[b] / seat_plays[b].max(1) as f64,
                    "games": per_game[b].len(),
                })
            })
            .collect();
        let mut out = serde_json::json!({
            "game": info.id,
            "games": a.games,
            "players": players,
            "matches": matches,
            "duplicate": a.duplicate,
            "seed": a.table.seed,
            "deals": a.table.deals,
            "higher_is_better": info.higher_is_better,
            "unit": info.unit,
            "elapsed_ms": elapsed.as_secs_f64() * 1000.0,
            "bots": bots,
        });
        if let Some((m, ci)) = paired {
            out["paired_difference"] = serde_json::json!({ "first_minus_second": m, "ci95": json_ci(ci) });
        }
        println!("{out}");
    } else {
        println!(
            "{}: {} games{}, {players} players, seed {}, {} matches in {:.1} s ({} is better)",
            info.name,
            a.games,
            if a.duplicate { " in duplicate" } else { "" },
            a.table.seed,
            matches,
            elapsed.as_secs_f64(),
            if info.higher_is_better { "higher" } else { "lower" }
        );
        println!(
            "{:<12} {:>12} {:>24} {:>8} {:>7} {:>10}",
            "bot",
            format!("{}/game", info.unit),
            "95% interval",
            "wins",
            "win%",
            "win%/seat"
        );
        for b in 0..k {
            let (m, ci) = stats[b];
            println!(
                "{:<12} {:>12.2} {:>24} {:>8.1} {:>6.1}% {:>9.1}%",
                names[b],
                m,
                show_ci(ci),
                wins[b],
                wins[b] * 100.0 / matches as f64,
                wins[b] * 100.0 / seat_plays[b].max(1) as f64
            );
        }
        println!(
            "(a tie for first shares the win; win%/seat is the chance that a seat the bot held won: {:.1}% is an even share)",
            100.0 / players as f64
        );
        if let Some((m, ci)) = paired {
            println!(
                "{} minus {}: {m:.2} per game, 95% interval {}",
                names[0],
                names[1],
                show_ci(ci)
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{mean_ci, seatings, t_975};

    #[test]
    fn t_quantiles_match_published_values() {
        for (df, t) in [
            (1, 12.706),
            (5, 2.571),
            (30, 2.042),
            (31, 2.0395),
            (60, 2.0003),
            (120, 1.9799),
        ] {
            assert!((t_975(df) - t).abs() < 0.001, "df {df}: {} vs {t}", t_975(df));
        }
        assert!((t_975(100_000) - 1.95998).abs() < 0.0001);
    }

    #[test]
    fn intervals_use_t_and_one_game_has_none() {
        assert_eq!(mean_ci(&[3.0]), (3.0, None));
        // Two samples 0 and 2: mean 1, standard error 1, half width t(1) = 12.706.
        let (m, ci) = mean_ci(&[0.0, 2.0]);
        let [lo, hi] = ci.expect("two samples have an interval");
        assert_eq!(m, 1.0);
        assert!((lo + 11.706).abs() < 1e-9 && (hi - 13.706).abs() < 1e-9);
    }

    /// Over a duplicate game's seatings, every seat holds each bot as often as the bot's share
    /// of the seats says, and no seating is played twice.
    #[test]
    fn duplicate_seatings_are_balanced_and_distinct() {
        for players in 2..=9 {
            for k in 1..=players {
                let all = seatings(players, k, true, 0);
                for (i, s) in all.iter().enumerate() {
                    assert!(!all[..i].contains(s), "{players} seats, {k} bots: {s:?} repeated");
                }
                for b in 0..k {
                    let share = (0..players).filter(|&s| s % k == b).count();
                    for seat in 0..players {
                        let held = all.iter().filter(|s| s[seat] == b).count();
                        assert_eq!(
                            held * players,
                            share * all.len(),
                            "{players} seats, {k} bots, bot {b}, seat {seat}"
                        );
                    }
                }
            }
        }
        // Three seats, two bots: the old rotation repeated [0, 1, 0] and gave seat 1 bot 1 twice.
        assert_eq!(seatings(3, 2, true, 0), [vec![0, 1, 0], vec![1, 0, 0], vec![0, 0, 1]]);
        assert_eq!(seatings(4, 2, true, 0).len(), 2);
    }
}
