use crate::{bot_list, PlayArgs};
use cli::input::read_line;
use std::io::Write;

/// A human at one seat, bots elsewhere, over plain text lines.
pub fn run(a: &PlayArgs) -> Result<(), String> {
    let info = games::registry::resolve(&a.id)?;
    let players = a.table.players.unwrap_or(info.default_players);
    if a.seat >= players {
        return Err(format!(
            "seat {} does not exist: seats are 0 to {}",
            a.seat,
            players - 1
        ));
    }
    let available = cli::bot_names(&a.id)?;
    let default_bot = if available.contains(&"rule") { "rule" } else { "random" };
    let names = bot_list(a.bots.as_deref().unwrap_or(default_bot));
    let others = players - 1;
    let mut opts = a.table.options();
    opts.players = Some(players);
    opts.bots = (0..players).map(|_| None).collect();
    for (i, seat) in (0..players).filter(|&s| s != a.seat).enumerate() {
        let name = match names.len() {
            1 => &names[0],
            n if n == others => &names[i],
            n => {
                return Err(format!(
                    "--bots names {n} bots: give one for all {others} other seats, or one each"
                ))
            }
        };
        opts.bots[seat] = Some(name.clone());
    }
    let mut table = cli::open_table(&a.id, &opts)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    println!(
        "{} at seat {}. Type an action, `help` for the legal ones, `hint`, `rules`, `log` or `quit`.",
        info.name, a.seat
    );
    loop {
        while let Some((seat, action)) = table.step_bot()? {
            println!("  seat {seat} plays {action}");
        }
        if table.is_over() {
            println!("\n{}", table.view_text(a.seat));
            let winners: Vec<String> = table.winners().iter().map(|w| w.to_string()).collect();
            println!("Match over. Winner(s): seat {}.", winners.join(", seat "));
            return Ok(());
        }
        println!("\n{}", table.view_text(a.seat));
        println!("Legal: {}", table.legal().join(" "));
        print!("> ");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = read_line(&mut input).map_err(|e| format!("cannot read input: {e}"))? else {
            println!("\nGoodbye. To resume, replay this log:\n{}", table.record().to_json());
            return Ok(());
        };
        let line = match line.text() {
            Ok(line) => line,
            Err(why) => {
                println!("Sorry, {why}.");
                continue;
            }
        };
        match line.trim().to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => {
                println!("Log of this game:\n{}", table.record().to_json());
                return Ok(());
            }
            "help" | "?" => println!("Legal actions: {}", table.legal().join(" ")),
            "rules" => println!("{}", cli::rules_text(&a.id)?),
            "log" => println!("{}", table.record().to_json()),
            "hint" => match table.suggest(Some(default_bot)) {
                Ok(h) => println!("Hint ({default_bot} bot): {h}"),
                Err(e) => println!("No hint: {e}"),
            },
            _ => {
                if let Err(e) = table.apply_text(line.trim()) {
                    println!("Sorry, that is not allowed: {e}");
                }
            }
        }
    }
}
