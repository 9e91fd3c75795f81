use crate::progress::Progress;
use crate::{bot_list, ArenaArgs};
use std::time::Instant;

/// Mean and 95% confidence interval (normal approximation) of samples.
fn mean_ci(samples: &[f64]) -> (f64, [f64; 2]) {
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n.max(1.0);
    if samples.len() < 2 {
        return (mean, [mean, mean]);
    }
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    (mean, [mean - half, mean + half])
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
    let info = games::registry::find(&a.id).ok_or_else(|| format!("unknown game '{}': see `cardroom games`", a.id))?;
    let players = a.table.players.unwrap_or(info.default_players);
    let names = bot_list(&a.bots);
    if names.is_empty() {
        return Err("--bots needs at least one bot".into());
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
    let mut wins = vec![0u64; k];
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
                if seats.iter().any(|s| winners.contains(s)) {
                    wins[b] += 1;
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
    let stats: Vec<(f64, [f64; 2])> = per_game.iter().map(|s| mean_ci(s)).collect();
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
                    "ci95": stats[b].1,
                    "wins": wins[b],
                    "win_rate": wins[b] as f64 / matches as f64,
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
            out["paired_difference"] = serde_json::json!({ "first_minus_second": m, "ci95": ci });
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
            "{:<12} {:>12} {:>24} {:>8} {:>7}",
            "bot",
            format!("{}/game", info.unit),
            "95% interval",
            "wins",
            "win%"
        );
        for b in 0..k {
            let (m, [lo, hi]) = stats[b];
            println!(
                "{:<12} {:>12.2} {:>24} {:>8} {:>6.1}%",
                names[b],
                m,
                format!("[{lo:.2}, {hi:.2}]"),
                wins[b],
                wins[b] as f64 * 100.0 / matches as f64
            );
        }
        if let Some((m, [lo, hi])) = paired {
            println!(
                "{} minus {}: {m:.2} per game, 95% interval [{lo:.2}, {hi:.2}]",
                names[0], names[1]
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::seatings;

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
