//! The full-screen table of `cardroom play` (ratatui on crossterm). It draws the scene, the
//! feed and the action descriptions of a [`Session`]; it holds no game logic, and it shows
//! actions only by their labels, so it cannot show a card the scene and feed do not.
//!
//! [`App`] (in `app.rs`) is the state and the key handling, [`draw`] (in `draw.rs`) paints one
//! frame: both work without a terminal, which is how the snapshot tests drive them. `cards.rs`
//! turns cards and sentences with cards in them into styled text.

mod app;
mod cards;
mod draw;

pub use crate::markdown::rendered_markdown;
pub use app::{App, Next};
pub use cards::card_face;
pub use draw::draw;

use crate::session::Session;
use std::time::Duration;

/// How the table looks and paces itself.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// Colour at all (off under `NO_COLOR`).
    pub colour: bool,
    /// Diamonds blue and clubs green, so every suit has its own colour.
    pub four_colour: bool,
    /// The pause between two bot actions, so a person can follow them.
    pub bot_delay: Duration,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            colour: true,
            four_colour: false,
            bot_delay: Duration::from_millis(300),
        }
    }
}

/// Plays the session full-screen on the terminal until the person leaves.
pub fn run(session: Session, look: Look) -> Result<String, String> {
    use ratatui::crossterm::event::{self, Event, KeyEventKind};
    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot open the terminal: {e}"))?;
    let mut app = App::new(session, look);
    let outcome = (|| -> Result<String, String> {
        let mut last_step = std::time::Instant::now();
        loop {
            terminal
                .draw(|f| draw(f, &app))
                .map_err(|e| format!("cannot draw: {e}"))?;
            let wait = if app.waiting_for_person() {
                Duration::from_millis(500)
            } else {
                look.bot_delay.saturating_sub(last_step.elapsed())
            };
            if event::poll(wait).map_err(|e| e.to_string())? {
                match event::read().map_err(|e| e.to_string())? {
                    Event::Key(k) if k.kind != KeyEventKind::Release => {
                        if let Next::Quit(msg) = app.key(k)? {
                            return Ok(msg);
                        }
                    }
                    _ => {}
                }
            } else if !app.waiting_for_person() || app.session.my_turn() {
                app.tick()?;
                last_step = std::time::Instant::now();
            }
        }
    })();
    ratatui::restore();
    outcome
}
