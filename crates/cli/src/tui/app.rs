//! The table's state and its keys: what is picked, which window is open, what was said.

use super::Look;
use crate::markdown::rendered_markdown;
use crate::session::Session;
use cards::Card;
use engine::{ActionInfo, HandScene, Scene};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where the arrow keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Focus {
    Hand,
    Choices,
}

/// A window over the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Overlay {
    Help {
        scroll: u16,
    },
    Rules {
        lines: Vec<String>,
        scroll: u16,
    },
    Log {
        scroll: u16,
    },
    DealEnd {
        lines: Vec<String>,
    },
    MatchEnd {
        lines: Vec<String>,
    },
    ConfirmQuit,
    /// Several actions fit what was picked: choose one.
    Choose {
        options: Vec<ActionInfo>,
        cursor: usize,
    },
}

/// What the caller should do after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    /// Leave, with this message for the person (printed after the screen is restored).
    Quit(String),
}

/// The refusal of a key pressed while another seat is to act.
const NOT_YOUR_TURN: &str = "It is not your turn.";

pub struct App {
    pub session: Session,
    pub(super) look: Look,
    pub(super) feed: Vec<String>,
    /// Breakdown lines of the deal being finished.
    breakdown: Vec<String>,
    pub(super) focus: Focus,
    pub(super) cursor: usize,
    pub(super) choice: usize,
    /// Positions in the hand picked with Space.
    pub(super) selected: Vec<usize>,
    /// The hand when the selection was made: a new hand clears it.
    pub(super) hand_seen: Vec<Card>,
    pub(super) overlay: Option<Overlay>,
    pub(super) message: String,
    pub(super) typing: Option<String>,
}

impl App {
    pub fn new(mut session: Session, look: Look) -> App {
        let feed = session.take_feed().into_iter().map(|l| l.text).collect();
        let mut app = App {
            session,
            look,
            feed,
            breakdown: Vec::new(),
            focus: Focus::Hand,
            cursor: 0,
            choice: 0,
            selected: Vec::new(),
            hand_seen: Vec::new(),
            overlay: None,
            message: String::new(),
            typing: None,
        };
        app.sync_hand();
        app
    }

    /// Whether the table waits for the person (a window is open, or it is their turn).
    pub fn waiting_for_person(&self) -> bool {
        self.overlay.is_some() || self.session.my_turn() || self.session.is_over()
    }

    /// The window open over the table, by name: "help", "rules", "log", "deal-end",
    /// "match-end", "quit", "choose".
    pub fn window(&self) -> Option<&'static str> {
        self.overlay.as_ref().map(|o| match o {
            Overlay::Help { .. } => "help",
            Overlay::Rules { .. } => "rules",
            Overlay::Log { .. } => "log",
            Overlay::DealEnd { .. } => "deal-end",
            Overlay::MatchEnd { .. } => "match-end",
            Overlay::ConfirmQuit => "quit",
            Overlay::Choose { .. } => "choose",
        })
    }

    /// The line under the table: the last message (a refusal, a hint), or the prompt.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Plays an action by notation, as typing it after `:` does.
    pub fn play(&mut self, notation: &str) {
        self.apply(notation);
    }

    /// Advances the table by one step when nothing waits for the person: one bot action, or
    /// the person's only legal action. Says whether anything happened.
    pub fn tick(&mut self) -> Result<bool, String> {
        if self.overlay.is_some() || self.session.is_over() {
            return Ok(false);
        }
        let acted = if self.session.my_turn() {
            // The feed tells what was played; the prompt moves on to the next decision.
            self.session.play_forced()?.is_some()
        } else {
            self.session.step_bot()?
        };
        if acted {
            self.absorb_feed();
            self.sync_hand();
            // A key pressed while the bots played was refused; once the turn comes round, that
            // refusal would only hide the prompt.
            if self.message == NOT_YOUR_TURN && self.session.my_turn() {
                self.message.clear();
            }
        }
        Ok(acted)
    }

    /// Runs the table until the person must act or a window opens (for tests and resumes).
    pub fn settle(&mut self) -> Result<(), String> {
        while self.tick()? {}
        Ok(())
    }

    fn absorb_feed(&mut self) {
        for line in self.session.take_feed() {
            if line.breakdown {
                self.breakdown.push(line.text.clone());
            }
            match line.kind {
                "match-end" => {
                    let mut lines = std::mem::take(&mut self.breakdown);
                    lines.push(line.text.clone());
                    lines.push(String::new());
                    lines.extend(self.session.standings());
                    self.overlay = Some(Overlay::MatchEnd { lines });
                }
                // A deal thrown in has no breakdown to read: play moves on without a window.
                "deal-end" if !self.session.is_over() && !self.breakdown.is_empty() => {
                    let lines = std::mem::take(&mut self.breakdown);
                    self.overlay = Some(Overlay::DealEnd { lines });
                }
                _ => {}
            }
            self.feed.push(line.text);
        }
    }

    fn hand(&self, scene: &Scene) -> Vec<Card> {
        scene
            .seats
            .iter()
            .find(|s| s.seat == self.session.seat())
            .and_then(|s| match &s.hand {
                HandScene::Shown { cards } => Some(cards.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }

    fn sync_hand(&mut self) {
        let hand = self.hand(&self.session.scene());
        if hand != self.hand_seen {
            self.selected.clear();
            self.hand_seen = hand;
        }
        self.cursor = self.cursor.min(self.hand_seen.len().saturating_sub(1));
        let n = self.session.actions().len();
        self.choice = self.choice.min(n.saturating_sub(1));
    }

    fn selected_cards(&self) -> Vec<Card> {
        let mut v: Vec<Card> = self.selected.iter().map(|&i| self.hand_seen[i]).collect();
        v.sort();
        v
    }

    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) -> Result<Next, String> {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return self.quit();
        }
        if self.typing.is_some() {
            self.typing_key(key);
            return Ok(Next::Continue);
        }
        if let Some(overlay) = self.overlay.take() {
            return self.overlay_key(overlay, key);
        }
        let actions = self.session.actions();
        match key.code {
            KeyCode::Left => {
                self.focus = Focus::Hand;
                self.cursor = self.cursor.saturating_sub(1);
            }
            KeyCode::Right => {
                self.focus = Focus::Hand;
                if self.cursor + 1 < self.hand_seen.len() {
                    self.cursor += 1;
                }
            }
            KeyCode::Up => {
                self.focus = Focus::Choices;
                self.choice = self.choice.saturating_sub(1);
            }
            KeyCode::Down => {
                self.focus = Focus::Choices;
                if self.choice + 1 < actions.len() {
                    self.choice += 1;
                }
            }
            KeyCode::Tab | KeyCode::BackTab => {
                self.focus = match self.focus {
                    Focus::Hand => Focus::Choices,
                    Focus::Choices => Focus::Hand,
                }
            }
            KeyCode::Char(' ') if !self.hand_seen.is_empty() => {
                self.focus = Focus::Hand;
                match self.selected.iter().position(|&i| i == self.cursor) {
                    Some(p) => {
                        self.selected.remove(p);
                    }
                    None => self.selected.push(self.cursor),
                }
            }
            KeyCode::Esc => {
                self.selected.clear();
                self.message.clear();
            }
            KeyCode::Enter => self.enter(&actions),
            KeyCode::Char(c) => self.command_key(c)?,
            _ => {}
        }
        Ok(Next::Continue)
    }

    /// A key while an action's notation is being typed after `:`.
    fn typing_key(&mut self, key: KeyEvent) {
        let Some(text) = self.typing.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Esc => self.typing = None,
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Enter => {
                let text = self.typing.take().unwrap_or_default();
                self.apply(text.trim());
            }
            KeyCode::Char(c) if text.chars().count() < 200 => text.push(c),
            _ => {}
        }
    }

    /// The letter commands: type, help, rules, log, hint, undo, quit.
    fn command_key(&mut self, c: char) -> Result<(), String> {
        match c {
            ':' | '/' => self.typing = Some(String::new()),
            '?' => self.overlay = Some(Overlay::Help { scroll: 0 }),
            'r' => {
                let text = crate::rules_text(self.session.info().id)?;
                self.overlay = Some(Overlay::Rules {
                    lines: rendered_markdown(&text),
                    scroll: 0,
                });
            }
            'l' => {
                let scroll = self.feed.len().saturating_sub(10) as u16;
                self.overlay = Some(Overlay::Log { scroll });
            }
            'h' => {
                self.message = match self.session.hint() {
                    Ok(h) => h,
                    Err(e) => format!("No hint: {e}."),
                };
            }
            'u' => match self.session.undo() {
                Ok(n) => {
                    self.feed = self.session.feed_history().into_iter().map(|l| l.text).collect();
                    self.session.take_feed();
                    self.breakdown.clear();
                    self.message = format!("Took back {n} action{}.", if n == 1 { "" } else { "s" });
                    self.sync_hand();
                }
                Err(e) => self.message = format!("Cannot undo: {e}."),
            },
            'q' => self.overlay = Some(Overlay::ConfirmQuit),
            _ => {}
        }
        Ok(())
    }

    fn overlay_key(&mut self, overlay: Overlay, key: KeyEvent) -> Result<Next, String> {
        let scroll_by = |s: u16, key: KeyCode| -> Option<u16> {
            match key {
                KeyCode::Up => Some(s.saturating_sub(1)),
                KeyCode::Down => Some(s.saturating_add(1)),
                KeyCode::PageUp => Some(s.saturating_sub(10)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(s.saturating_add(10)),
                KeyCode::Home => Some(0),
                _ => None,
            }
        };
        match overlay {
            Overlay::Help { scroll } => {
                if let Some(s) = scroll_by(scroll, key.code) {
                    self.overlay = Some(Overlay::Help { scroll: s });
                }
            }
            Overlay::Rules { lines, scroll } => {
                if let Some(s) = scroll_by(scroll, key.code) {
                    let s = s.min(lines.len().saturating_sub(1) as u16);
                    self.overlay = Some(Overlay::Rules { lines, scroll: s });
                }
            }
            Overlay::Log { scroll } => {
                if let Some(s) = scroll_by(scroll, key.code) {
                    let s = s.min(self.feed.len().saturating_sub(1) as u16);
                    self.overlay = Some(Overlay::Log { scroll: s });
                }
            }
            Overlay::DealEnd { .. } => {}
            Overlay::MatchEnd { lines } => {
                if key.code == KeyCode::Char('q') {
                    return self.quit();
                }
                let _ = lines;
            }
            Overlay::ConfirmQuit => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter | KeyCode::Char('q') => return self.quit(),
                _ => {}
            },
            Overlay::Choose { options, cursor } => match key.code {
                KeyCode::Up => {
                    self.overlay = Some(Overlay::Choose {
                        cursor: cursor.saturating_sub(1),
                        options,
                    })
                }
                KeyCode::Down => {
                    let cursor = (cursor + 1).min(options.len() - 1);
                    self.overlay = Some(Overlay::Choose { options, cursor });
                }
                KeyCode::Enter => {
                    let notation = options[cursor].notation.clone();
                    self.apply(&notation);
                }
                KeyCode::Esc => {}
                _ => self.overlay = Some(Overlay::Choose { options, cursor }),
            },
        }
        Ok(Next::Continue)
    }

    /// Enter: play the highlighted choice, or what the picked cards make.
    fn enter(&mut self, actions: &[ActionInfo]) {
        if actions.is_empty() {
            self.message = if self.session.is_over() {
                "The match is over: press q to leave.".to_string()
            } else {
                NOT_YOUR_TURN.to_string()
            };
            return;
        }
        if self.focus == Focus::Choices {
            let notation = actions[self.choice.min(actions.len() - 1)].notation.clone();
            self.apply(&notation);
            return;
        }
        let picked = if self.selected.is_empty() {
            self.hand_seen.get(self.cursor).map(|&c| vec![c]).unwrap_or_default()
        } else {
            self.selected_cards()
        };
        let exact: Vec<ActionInfo> = actions
            .iter()
            .filter(|a| {
                let mut c = a.cards.clone();
                c.sort();
                !c.is_empty() && c == picked
            })
            .cloned()
            .collect();
        let options = if exact.is_empty() && self.selected.is_empty() {
            // One card under the cursor: the actions that use it with others (a meld).
            actions
                .iter()
                .filter(|a| picked.iter().all(|p| a.cards.contains(p)) && !picked.is_empty())
                .cloned()
                .collect()
        } else {
            exact
        };
        // Several cards picked where each is passed on its own (a Hearts pass): pass them in turn.
        if options.is_empty() && picked.len() > 1 {
            let singles: Option<Vec<String>> = picked
                .iter()
                .map(|p| {
                    actions
                        .iter()
                        .find(|a| a.group == "pass" && a.cards == [*p])
                        .map(|a| a.notation.clone())
                })
                .collect();
            if let Some(notations) = singles {
                for n in notations {
                    if !self.session.my_turn() {
                        break;
                    }
                    self.apply(&n);
                }
                return;
            }
        }
        match options.len() {
            0 => {
                let what = picked.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
                self.message = if what.is_empty() {
                    "Pick a choice with the up and down arrows, then Enter.".to_string()
                } else {
                    format!("No action uses exactly {what} now: see the choices (Tab).")
                };
            }
            1 => {
                let notation = options[0].notation.clone();
                self.apply(&notation);
            }
            _ => self.overlay = Some(Overlay::Choose { options, cursor: 0 }),
        }
    }

    fn apply(&mut self, notation: &str) {
        if notation.is_empty() {
            return;
        }
        match self.session.play(notation) {
            Ok(()) => {
                self.message.clear();
                self.selected.clear();
                self.absorb_feed();
                self.sync_hand();
            }
            Err(e) => self.message = format!("Not allowed: {e}"),
        }
    }

    fn quit(&mut self) -> Result<Next, String> {
        let path = crate::saves::save_on_leaving(&mut self.session)?;
        Ok(Next::Quit(crate::saves::saved_message(&path)))
    }
}
