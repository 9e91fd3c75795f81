use crate::{bot_list, PlayArgs};
use cli::session::{NewSession, Session};
use std::io::IsTerminal;

/// `cardroom play`: a person at one seat, bots at the others; full-screen on a terminal, in
/// lines otherwise (or with `--plain`).
pub fn run(a: &PlayArgs) -> Result<(), String> {
    let session = match (&a.resume, &a.id) {
        (Some(path), _) => {
            let save_to = a.save.clone().or_else(|| Some(path.clone()));
            Session::resume(path, save_to)?
        }
        (None, Some(id)) => {
            let available = cli::bot_names(id)?;
            let default_bot = if available.contains(&"rule") { "rule" } else { "random" };
            let new = NewSession {
                id: id.clone(),
                table: a.table.options(),
                seat: a.seat,
                bots: bot_list(a.bots.as_deref().unwrap_or(default_bot)),
                hint_bot: a.hint_bot.clone(),
            };
            Session::new(&new, a.save.clone())?
        }
        (None, None) => return Err("name a game to play, or --resume FILE".to_string()),
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if a.plain || !terminal {
        let mut session = session;
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        return cli::plain::run(&mut session, &mut stdin.lock(), &mut stdout.lock());
    }
    let look = cli::tui::Look {
        colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        four_colour: a.four_colour,
        bot_delay: std::time::Duration::from_millis(a.bot_delay),
    };
    let message = cli::tui::run(session, look)?;
    println!("{message}");
    Ok(())
}
