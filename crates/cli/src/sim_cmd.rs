use crate::progress::Progress;
use crate::{bot_list, SimArgs};
use std::time::Instant;

/// Per-seat results across all games.
struct SeatStats {
    bot: String,
    total: i64,
    wins: u64,
}

pub fn run(a: &SimArgs) -> Result<(), String> {
    let info = games::registry::resolve(&a.id)?;
    let players = a.table.players.unwrap_or(info.default_players);
    let names = bot_list(&a.bots);
    let seat_bots: Vec<String> = match names.len() {
        1 => vec![names[0].clone(); players],
        n if n == players => names,
        n => {
            return Err(format!(
                "--bots names {n} bots: give one for every seat or exactly {players}"
            ))
        }
    };
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let mut stats: Vec<SeatStats> = seat_bots
        .iter()
        .map(|b| SeatStats {
            bot: b.clone(),
            total: 0,
            wins: 0,
        })
        .collect();
    let mut decisions = 0u64;
    let mut deals = 0u64;
    let mut thrown_in = 0u64;
    let mut progress = Progress::new(a.games);
    let start = Instant::now();
    let mut opts = a.table.options();
    opts.players = Some(players);
    opts.bots = seat_bots.iter().map(|b| Some(b.clone())).collect();
    // One table, started over for each game: the same games as a fresh table per seed.
    let mut table = cli::open_table(&a.id, &opts)?;
    for g in 0..a.games {
        if g > 0 {
            cli::restart_table(table.as_mut(), a.table.seed.wrapping_add(g));
        }
        table.run_bots()?;
        decisions += table.decisions();
        deals += table.deals_completed() as u64;
        thrown_in += table.deals_thrown_in() as u64;
        for (s, t) in table.totals().into_iter().enumerate() {
            stats[s].total += t;
        }
        for w in table.winners() {
            stats[w].wins += 1;
        }
        progress.update(g + 1);
    }
    progress.finish();
    let elapsed = start.elapsed();
    if a.json {
        let per_seat: Vec<serde_json::Value> = stats
            .iter()
            .enumerate()
            .map(|(s, st)| {
                serde_json::json!({
                    "seat": s, "bot": st.bot, "total": st.total,
                    "mean": st.total as f64 / a.games as f64, "wins": st.wins,
                })
            })
            .collect();
        let out = serde_json::json!({
            "game": info.id,
            "players": players,
            "games": a.games,
            "seed": a.table.seed,
            "variants": a.table.variants,
            "deals": deals,
            "deals_thrown_in": thrown_in,
            "deals_played": deals - thrown_in,
            "decisions": decisions,
            "elapsed_ms": elapsed.as_secs_f64() * 1000.0,
            "unit": info.unit,
            "higher_is_better": info.higher_is_better,
            "per_seat": per_seat,
        });
        println!("{out}");
    } else {
        let secs = elapsed.as_secs_f64().max(1e-9);
        let thrown = if thrown_in > 0 {
            format!(" ({} played, {thrown_in} thrown in)", deals - thrown_in)
        } else {
            String::new()
        };
        println!(
            "{}: {} games, {players} players, seed {}, {deals} deals{thrown}",
            info.name, a.games, a.table.seed
        );
        println!(
            "{decisions} decisions in {secs:.2} s ({:.0} games/s, {:.0} decisions/s)",
            a.games as f64 / secs,
            decisions as f64 / secs
        );
        println!(
            "{:<5} {:<10} {:>10} {:>12} {:>6} {:>7}   ({} is better)",
            "seat",
            "bot",
            "total",
            format!("{}/game", info.unit),
            "wins",
            "win%",
            if info.higher_is_better { "higher" } else { "lower" }
        );
        for (s, st) in stats.iter().enumerate() {
            println!(
                "{s:<5} {:<10} {:>10} {:>12.2} {:>6} {:>6.1}%",
                st.bot,
                st.total,
                st.total as f64 / a.games as f64,
                st.wins,
                st.wins as f64 * 100.0 / a.games as f64
            );
        }
    }
    Ok(())
}
