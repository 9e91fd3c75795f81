//! The full-screen table of `cardroom play` (ratatui on crossterm). It draws the scene, the
//! feed and the action descriptions of a [`Session`]; it holds no game logic, and it shows
//! actions only by their labels, so it cannot show a card the scene and feed do not.
//!
//! [`App`] is the state and the key handling, [`draw`] paints one frame: both work without a
//! terminal, which is how the snapshot tests drive them.

use crate::session::Session;
use cards::{Card, Suit};
use engine::{ActionInfo, HandScene, Scene};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;
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

/// Where the arrow keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Focus {
    Hand,
    Choices,
}

/// A window over the table.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Overlay {
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

pub struct App {
    pub session: Session,
    look: Look,
    feed: Vec<String>,
    /// Breakdown lines of the deal being finished.
    breakdown: Vec<String>,
    focus: Focus,
    cursor: usize,
    choice: usize,
    /// Positions in the hand picked with Space.
    selected: Vec<usize>,
    /// The hand when the selection was made: a new hand clears it.
    hand_seen: Vec<Card>,
    overlay: Option<Overlay>,
    message: String,
    typing: Option<String>,
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
                "deal-end" if !self.session.is_over() => {
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
        if let Some(text) = self.typing.as_mut() {
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
            KeyCode::Char(':') | KeyCode::Char('/') => self.typing = Some(String::new()),
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help { scroll: 0 }),
            KeyCode::Char('r') => {
                let text = crate::rules_text(self.session.info().id)?;
                self.overlay = Some(Overlay::Rules {
                    lines: rendered_markdown(&text),
                    scroll: 0,
                });
            }
            KeyCode::Char('l') => {
                let scroll = self.feed.len().saturating_sub(10) as u16;
                self.overlay = Some(Overlay::Log { scroll });
            }
            KeyCode::Char('h') => {
                self.message = match self.session.hint() {
                    Ok(h) => h,
                    Err(e) => format!("No hint: {e}."),
                };
            }
            KeyCode::Char('u') => match self.session.undo() {
                Ok(n) => {
                    self.feed = self.session.feed_history().into_iter().map(|l| l.text).collect();
                    self.session.take_feed();
                    self.breakdown.clear();
                    self.message = format!("Took back {n} action{}.", if n == 1 { "" } else { "s" });
                    self.sync_hand();
                }
                Err(e) => self.message = format!("Cannot undo: {e}."),
            },
            KeyCode::Char('q') => self.overlay = Some(Overlay::ConfirmQuit),
            _ => {}
        }
        Ok(Next::Continue)
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
                "It is not your turn.".to_string()
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
        let path = match self.session.save_path() {
            Some(p) => p.to_path_buf(),
            None => {
                let p = crate::plain::default_save_path(&self.session);
                self.session.save_as(p.clone())?;
                p
            }
        };
        self.session.save()?;
        Ok(Next::Quit(format!(
            "The game is saved in {0}; continue it with: cardroom play --resume {0}",
            path.display()
        )))
    }
}

fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

/// "Q♠", "10♥", "Jk".
pub fn card_face(c: Card) -> String {
    match (c.rank(), c.suit()) {
        (Some(r), Some(s)) => {
            let rank = match r.value() {
                1 => "A".to_string(),
                10 => "10".to_string(),
                11 => "J".to_string(),
                12 => "Q".to_string(),
                13 => "K".to_string(),
                v => v.to_string(),
            };
            format!("{rank}{}", suit_symbol(s))
        }
        _ => "Jk".to_string(),
    }
}

fn suit_style(look: &Look, c: Card) -> Style {
    if !look.colour {
        return Style::new();
    }
    match c.suit() {
        Some(Suit::Hearts) => Style::new().fg(Color::Red),
        Some(Suit::Diamonds) if look.four_colour => Style::new().fg(Color::Blue),
        Some(Suit::Diamonds) => Style::new().fg(Color::Red),
        Some(Suit::Clubs) if look.four_colour => Style::new().fg(Color::Green),
        Some(_) => Style::new(),
        None => Style::new().fg(Color::Magenta),
    }
}

fn card_span(look: &Look, c: Card) -> Span<'static> {
    Span::styled(card_face(c), suit_style(look, c).add_modifier(Modifier::BOLD))
}

fn cards_spans(look: &Look, cards: &[Card]) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(Span::raw(" "));
        }
        out.push(card_span(look, c));
    }
    out
}

/// A sentence with the cards in it (written `QS`) drawn as faces.
fn sentence(look: &Look, text: &str) -> Line<'static> {
    let mut spans = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, spans: &mut Vec<Span<'static>>| {
        if word.is_empty() {
            return;
        }
        match word.parse::<Card>() {
            Ok(c) if c.to_string() == *word => spans.push(card_span(look, c)),
            _ => spans.push(Span::raw(word.clone())),
        }
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            word.push(ch);
        } else {
            flush(&mut word, &mut spans);
            spans.push(Span::raw(ch.to_string()));
        }
    }
    flush(&mut word, &mut spans);
    Line::from(spans)
}

/// Markdown as plain lines for reading in a terminal: headings in capitals, emphasis and
/// code marks dropped, tables kept as aligned text.
pub fn rendered_markdown(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in md.lines() {
        let line = raw.trim_end();
        if let Some(h) = line.strip_prefix("# ") {
            out.push(h.to_uppercase());
            out.push("=".repeat(h.chars().count()));
        } else if let Some(h) = line.strip_prefix("## ").or_else(|| line.strip_prefix("### ")) {
            out.push(String::new());
            out.push(h.to_string());
            out.push("-".repeat(h.chars().count()));
        } else if line.starts_with("| ---") || line.starts_with("|---") {
            continue;
        } else if line.starts_with('|') {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            out.push(format!("  {}", cells.join("  ·  ")));
        } else if let Some(item) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
            out.push(format!("  • {item}"));
        } else {
            out.push(line.to_string());
        }
    }
    out.into_iter().map(|l| l.replace("**", "").replace('`', "")).collect()
}

/// A rectangle centred in `area`, `w` by `h` at most.
fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

const KEYS: &str = "←→ card  Space pick  ↑↓ choice  Enter play  : type  ? help  h hint  u undo  r rules  l log  q quit";

/// Paints the table.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let scene = app.session.scene();
    let actions = app.session.actions();
    let look = &app.look;
    let say = |t: &str| app.session.say(t, None);
    let line_of = |t: &str| app.session.sentence(t, None);
    let tall = area.height >= 34;
    let [header, body, feed_area, hand_area, choices_area, prompt_area, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(5),
        Constraint::Length(if tall { 10 } else { 5 }),
        Constraint::Length(if tall { 5 } else { 4 }),
        Constraint::Length(if tall { 8 } else { 4 }),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);

    // Header: the title and the match score.
    let totals: Vec<String> = scene
        .scores
        .totals
        .iter()
        .enumerate()
        .map(|(s, t)| {
            if s == app.session.seat() {
                format!("you {t}")
            } else {
                format!("{s}: {t}")
            }
        })
        .collect();
    let head = Line::from(vec![
        Span::styled(line_of(&scene.title), Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("   {} {}", scene.scores.unit, totals.join(" · "))),
    ]);
    frame.render_widget(Paragraph::new(head), header);

    // Body: seats on the left, the centre and scores on the right.
    let [seats_area, centre_area] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
    let mut seat_lines: Vec<Line> = Vec::new();
    let mut focus_line = 0;
    for row in &scene.seats {
        if row.to_act {
            focus_line = seat_lines.len();
        }
        let mut parts = Vec::new();
        match &row.hand {
            HandScene::Shown { cards } => parts.push(format!("{} cards", cards.len())),
            HandScene::Hidden { count } => parts.push(format!("{count} cards")),
            HandScene::None => {}
        }
        parts.extend(row.marks.iter().map(|m| say(m)));
        if let Some(b) = &row.bid {
            parts.push(format!("bid {}", say(b)));
        }
        if let Some(t) = row.tricks {
            parts.push(if t == 1 {
                "1 trick".to_string()
            } else {
                format!("{t} tricks")
            });
        }
        if let Some(s) = &row.status {
            parts.push(say(s));
        }
        parts.extend(row.notes.iter().map(|n| say(n)));
        let marker = if row.to_act { "▶ " } else { "  " };
        let name_style = if row.seat == app.session.seat() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        seat_lines.push(Line::from(vec![
            Span::styled(marker, Style::new().add_modifier(Modifier::BOLD)),
            Span::styled(app.session.title_of(row.seat), name_style),
            Span::raw(format!(": {}", parts.join(" · "))),
        ]));
        if row.seat != app.session.seat() {
            for g in &row.groups {
                let mut spans = vec![Span::raw(format!("    {}: ", line_of(&g.label)))];
                spans.extend(cards_spans(look, &g.cards));
                seat_lines.push(Line::from(spans));
            }
        }
    }
    let inner_h = seats_area.height.saturating_sub(2) as usize;
    let seat_scroll = focus_line.saturating_sub(inner_h.saturating_sub(2)) as u16;
    frame.render_widget(
        Paragraph::new(seat_lines)
            .block(Block::bordered().title(" Seats "))
            .wrap(Wrap { trim: false })
            .scroll((seat_scroll, 0)),
        seats_area,
    );

    let mut centre: Vec<Line> = Vec::new();
    let c = &scene.centre;
    let trick_spans = |t: &engine::TrickScene| {
        let mut spans = Vec::new();
        for &(s, card) in &t.plays {
            let who = if s == app.session.seat() {
                "you".to_string()
            } else {
                format!("{s}")
            };
            spans.push(Span::raw(format!("{who}:")));
            spans.push(card_span(look, card));
            spans.push(Span::raw("  "));
        }
        spans
    };
    if let Some(t) = &c.trick {
        let mut spans = vec![Span::raw("Trick  ")];
        spans.extend(trick_spans(t));
        centre.push(Line::from(spans));
    }
    if let Some(t) = &c.last_trick {
        let mut spans = vec![Span::raw("Last   ")];
        spans.extend(trick_spans(t));
        if let Some(w) = t.winner {
            spans.push(Span::raw(format!("→ {}", say(&format!("@{w}")))));
        }
        centre.push(Line::from(spans));
    }
    for p in &c.piles {
        let mut spans = vec![Span::raw(line_of(&p.label))];
        if let Some(n) = p.size {
            spans.push(Span::raw(format!(" ({n})")));
        }
        if !p.cards.is_empty() {
            spans.push(Span::raw(": "));
            // A long board shows its last cards.
            let from = p.cards.len().saturating_sub(12);
            spans.extend(cards_spans(look, &p.cards[from..]));
        }
        centre.push(Line::from(spans));
    }
    for f in &c.facts {
        centre.push(sentence(look, &format!("{}: {}", line_of(&f.label), say(&f.value))));
    }
    if let Some(d) = &scene.scores.deal {
        let values: Vec<String> = d
            .values
            .iter()
            .enumerate()
            .map(|(s, v)| {
                if s == app.session.seat() {
                    format!("you {v}")
                } else {
                    format!("{s}: {v}")
                }
            })
            .collect();
        centre.push(Line::from(format!("{}: {}", line_of(&d.label), values.join(" · "))));
    }
    if let Some(t) = &scene.scores.target {
        centre.push(Line::styled(line_of(t), Style::new().add_modifier(Modifier::DIM)));
    }
    frame.render_widget(
        Paragraph::new(centre)
            .block(Block::bordered().title(" Table "))
            .wrap(Wrap { trim: false }),
        centre_area,
    );

    // The feed, newest at the bottom.
    let feed_h = feed_area.height.saturating_sub(2) as usize;
    let width = feed_area.width.saturating_sub(2).max(1) as usize;
    let mut rows: Vec<Line> = Vec::new();
    for text in app.feed.iter().rev() {
        let needed = text.chars().count().div_ceil(width).max(1);
        if rows.len() + needed > feed_h && !rows.is_empty() {
            break;
        }
        rows.insert(0, sentence(look, text));
        if rows.len() >= feed_h {
            break;
        }
    }
    frame.render_widget(
        Paragraph::new(rows)
            .block(Block::bordered().title(" What happened "))
            .wrap(Wrap { trim: false }),
        feed_area,
    );

    // The hand, with the cursor, picks and playable cards.
    let usable: Vec<Card> = actions.iter().flat_map(|a| a.cards.iter().copied()).collect();
    let mut hand_spans = Vec::new();
    for (i, &card) in app.hand_seen.iter().enumerate() {
        let picked = app.selected.contains(&i);
        let mut style = suit_style(look, card);
        if usable.contains(&card) {
            style = style.add_modifier(Modifier::BOLD);
        } else if !actions.is_empty() {
            style = style.add_modifier(Modifier::DIM);
        }
        if picked {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if i == app.cursor && app.focus == Focus::Hand && !actions.is_empty() {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let (open, close) = if picked { ("[", "]") } else { (" ", " ") };
        hand_spans.push(Span::raw(open));
        hand_spans.push(Span::styled(card_face(card), style));
        hand_spans.push(Span::raw(close));
    }
    let mut hand_lines = vec![Line::from(hand_spans)];
    if let Some(me) = scene.seats.iter().find(|r| r.seat == app.session.seat()) {
        for g in &me.groups {
            let mut spans = vec![Span::raw(format!("{}: ", line_of(&g.label)))];
            spans.extend(cards_spans(look, &g.cards));
            hand_lines.push(Line::from(spans));
        }
    }
    let hand_title = if app.selected.is_empty() {
        " Your hand ".to_string()
    } else {
        format!(" Your hand: {} picked ", app.selected.len())
    };
    frame.render_widget(
        Paragraph::new(hand_lines)
            .block(Block::bordered().title(hand_title))
            .wrap(Wrap { trim: false }),
        hand_area,
    );

    // The choices: every legal action by its label.
    let ch = choices_area.height.saturating_sub(2) as usize;
    let first = app.choice.saturating_sub(ch.saturating_sub(1));
    let choice_lines: Vec<Line> = actions
        .iter()
        .enumerate()
        .skip(first)
        .take(ch)
        .map(|(i, a)| {
            let label = app.session.sentence(&a.label, Some(app.session.seat()));
            let mut line = sentence(look, &format!("{} {label}", if i == app.choice { "›" } else { " " }));
            if i == app.choice && app.focus == Focus::Choices {
                line = line.style(Style::new().add_modifier(Modifier::REVERSED));
            }
            line
        })
        .collect();
    let title = if actions.is_empty() {
        " Choices ".to_string()
    } else {
        format!(
            " Choices ({} of {}) ",
            app.choice.min(actions.len() - 1) + 1,
            actions.len()
        )
    };
    frame.render_widget(
        Paragraph::new(choice_lines).block(Block::bordered().title(title)),
        choices_area,
    );

    // The prompt, or the line being typed, or the last message.
    let prompt = if let Some(t) = &app.typing {
        Line::from(format!("Action: {t}▏  (Enter to play, Esc to cancel)"))
    } else if !app.message.is_empty() {
        sentence(look, &app.message).style(Style::new().add_modifier(Modifier::BOLD))
    } else if app.session.is_over() {
        Line::from("The match is over. Press q to leave.")
    } else {
        Line::from(app.session.sentence(&scene.prompt, Some(app.session.seat())))
    };
    frame.render_widget(Paragraph::new(prompt), prompt_area);
    frame.render_widget(
        Paragraph::new(Line::styled(KEYS, Style::new().add_modifier(Modifier::DIM))),
        keys_area,
    );

    if let Some(o) = &app.overlay {
        draw_overlay(frame, app, o, area);
    }
}

fn draw_overlay(frame: &mut Frame, app: &App, overlay: &Overlay, area: Rect) {
    let look = &app.look;
    let (title, lines, scroll): (String, Vec<Line>, u16) = match overlay {
        Overlay::Help { scroll } => {
            let mut lines = vec![
                Line::from("Keys"),
                Line::from("  ← →  move along your hand     Space  pick a card (to play several)"),
                Line::from("  ↑ ↓  move through the choices  Enter  play the card or the choice"),
                Line::from("  :    type an action's notation  Esc  clear your picks"),
                Line::from("  h hint   u undo   r rules   l log   q quit (saves)"),
                Line::from(""),
                Line::from("The actions of this game"),
            ];
            for k in app.session.action_kinds() {
                lines.push(Line::from(""));
                lines.push(Line::styled(
                    format!("{} ({})", k.name, k.group),
                    Style::new().add_modifier(Modifier::BOLD),
                ));
                lines.push(Line::from(k.help.to_string()));
            }
            (" Help: ↑↓ scroll, Esc close ".to_string(), lines, *scroll)
        }
        Overlay::Rules { lines, scroll } => (
            " Rules: ↑↓ PgUp PgDn scroll, Esc close ".to_string(),
            lines.iter().map(|l| Line::from(l.clone())).collect(),
            *scroll,
        ),
        Overlay::Log { scroll } => (
            " Log: ↑↓ PgUp PgDn scroll, Esc close ".to_string(),
            app.feed.iter().map(|t| sentence(look, t)).collect(),
            *scroll,
        ),
        Overlay::DealEnd { lines } => {
            let mut v: Vec<Line> = lines.iter().map(|t| sentence(look, t)).collect();
            v.push(Line::from(""));
            v.push(Line::styled(
                "Press any key for the next deal.",
                Style::new().add_modifier(Modifier::BOLD),
            ));
            (" The deal is over ".to_string(), v, 0)
        }
        Overlay::MatchEnd { lines } => {
            let mut v: Vec<Line> = lines.iter().map(|t| sentence(look, t)).collect();
            v.push(Line::from(""));
            v.push(Line::styled(
                "Press q to leave, or any other key to look at the table.",
                Style::new().add_modifier(Modifier::BOLD),
            ));
            (" The match is over ".to_string(), v, 0)
        }
        Overlay::ConfirmQuit => (
            " Quit? ".to_string(),
            vec![
                Line::from("Leave the table? The game is saved so you can resume it."),
                Line::from("y: leave   n or Esc: stay"),
            ],
            0,
        ),
        Overlay::Choose { options, cursor } => {
            let v = options
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let label = app.session.sentence(&a.label, Some(app.session.seat()));
                    let line = sentence(look, &format!("{} {label}", if i == *cursor { "›" } else { " " }));
                    if i == *cursor {
                        line.style(Style::new().add_modifier(Modifier::REVERSED))
                    } else {
                        line
                    }
                })
                .collect();
            (
                " Which one? ↑↓ Enter, Esc cancel ".to_string(),
                v,
                cursor.saturating_sub(8) as u16,
            )
        }
    };
    let (w, h) = match overlay {
        Overlay::ConfirmQuit => (64, 4),
        Overlay::DealEnd { .. } | Overlay::MatchEnd { .. } | Overlay::Choose { .. } => {
            let w = area.width.saturating_sub(4).min(100);
            let inner = w.saturating_sub(2).max(1) as usize;
            let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
            (w, (rows as u16 + 2).min(area.height.saturating_sub(2)))
        }
        _ => (area.width.saturating_sub(4).min(110), area.height.saturating_sub(2)),
    };
    let rect = centred(area, w, h);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(Text::from(lines))
            .block(Block::bordered().title(title))
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        rect,
    );
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
