//! One frame of the table, region by region: the header, the seats, the centre, the feed, the
//! hand, the choices, the prompt and the keys, then any window open over them.

use super::app::{App, Focus, Overlay};
use super::cards::{card_face, card_span, cards_spans, sentence, suit_style};
use cards::Card;
use engine::{ActionInfo, HandScene, Scene, SeatScene, TrickScene};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

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

    draw_header(frame, app, &scene, header);
    let [seats_area, centre_area] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
    draw_seats(frame, app, &scene, seats_area);
    draw_centre(frame, app, &scene, centre_area);
    draw_feed(frame, app, feed_area);
    draw_hand(frame, app, &scene, &actions, hand_area);
    draw_choices(frame, app, &actions, choices_area);
    draw_prompt(frame, app, &scene, prompt_area);
    frame.render_widget(
        Paragraph::new(Line::styled(KEYS, Style::new().add_modifier(Modifier::DIM))),
        keys_area,
    );

    if let Some(o) = &app.overlay {
        draw_overlay(frame, app, o, area);
    }
}

/// Per-seat numbers with the person's own as "you".
fn by_seat<T: std::fmt::Display>(app: &App, values: &[T]) -> Vec<String> {
    values
        .iter()
        .enumerate()
        .map(|(s, v)| {
            if s == app.session.seat() {
                format!("you {v}")
            } else {
                format!("{s}: {v}")
            }
        })
        .collect()
}

/// The title and the match score.
fn draw_header(frame: &mut Frame, app: &App, scene: &Scene, area: Rect) {
    let totals = by_seat(app, &scene.scores.totals);
    let head = Line::from(vec![
        Span::styled(
            app.session.sentence(&scene.title, None),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!("   {} {}", scene.scores.unit, totals.join(" · "))),
    ]);
    frame.render_widget(Paragraph::new(head), area);
}

/// One seat's line: cards held, marks, bid, tricks, status and notes.
fn seat_line(app: &App, row: &SeatScene) -> Line<'static> {
    let say = |t: &str| app.session.say(t, None);
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
    Line::from(vec![
        Span::styled(marker, Style::new().add_modifier(Modifier::BOLD)),
        Span::styled(app.session.title_of(row.seat), name_style),
        Span::raw(format!(": {}", parts.join(" · "))),
    ])
}

/// The seats, with the others' open groups, scrolled so the seat to act shows.
fn draw_seats(frame: &mut Frame, app: &App, scene: &Scene, area: Rect) {
    let mut seat_lines: Vec<Line> = Vec::new();
    let mut focus_line = 0;
    for row in &scene.seats {
        if row.to_act {
            focus_line = seat_lines.len();
        }
        seat_lines.push(seat_line(app, row));
        if row.seat != app.session.seat() {
            for g in &row.groups {
                let mut spans = vec![Span::raw(format!("    {}: ", app.session.sentence(&g.label, None)))];
                spans.extend(cards_spans(&app.look, &g.cards));
                seat_lines.push(Line::from(spans));
            }
        }
    }
    let inner_h = area.height.saturating_sub(2) as usize;
    let seat_scroll = focus_line.saturating_sub(inner_h.saturating_sub(2)) as u16;
    frame.render_widget(
        Paragraph::new(seat_lines)
            .block(Block::bordered().title(" Seats "))
            .wrap(Wrap { trim: false })
            .scroll((seat_scroll, 0)),
        area,
    );
}

/// A trick's plays: "you:Q♠  2:3♥  ".
fn trick_spans(app: &App, t: &TrickScene) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for &(s, card) in &t.plays {
        let who = if s == app.session.seat() {
            "you".to_string()
        } else {
            format!("{s}")
        };
        spans.push(Span::raw(format!("{who}:")));
        spans.push(card_span(&app.look, card));
        spans.push(Span::raw("  "));
    }
    spans
}

/// The centre: the trick, the last trick, piles, facts, the deal's scores and the target.
fn draw_centre(frame: &mut Frame, app: &App, scene: &Scene, area: Rect) {
    let look = &app.look;
    let line_of = |t: &str| app.session.sentence(t, None);
    let mut centre: Vec<Line> = Vec::new();
    let c = &scene.centre;
    if let Some(t) = &c.trick {
        let mut spans = vec![Span::raw("Trick  ")];
        spans.extend(trick_spans(app, t));
        centre.push(Line::from(spans));
    }
    if let Some(t) = &c.last_trick {
        let mut spans = vec![Span::raw("Last   ")];
        spans.extend(trick_spans(app, t));
        if let Some(w) = t.winner {
            spans.push(Span::raw(format!("→ {}", app.session.say(&format!("@{w}"), None))));
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
        let fact = format!("{}: {}", line_of(&f.label), app.session.say(&f.value, None));
        centre.push(sentence(look, &fact));
    }
    if let Some(d) = &scene.scores.deal {
        let values = by_seat(app, &d.values);
        centre.push(Line::from(format!("{}: {}", line_of(&d.label), values.join(" · "))));
    }
    if let Some(t) = &scene.scores.target {
        centre.push(Line::styled(line_of(t), Style::new().add_modifier(Modifier::DIM)));
    }
    frame.render_widget(
        Paragraph::new(centre)
            .block(Block::bordered().title(" Table "))
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The feed, newest at the bottom.
fn draw_feed(frame: &mut Frame, app: &App, area: Rect) {
    let feed_h = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2).max(1) as usize;
    let mut rows: Vec<Line> = Vec::new();
    for text in app.feed.iter().rev() {
        let needed = text.chars().count().div_ceil(width).max(1);
        if rows.len() + needed > feed_h && !rows.is_empty() {
            break;
        }
        rows.insert(0, sentence(&app.look, text));
        if rows.len() >= feed_h {
            break;
        }
    }
    frame.render_widget(
        Paragraph::new(rows)
            .block(Block::bordered().title(" What happened "))
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The hand, with the cursor, picks and playable cards, and the person's own groups.
fn draw_hand(frame: &mut Frame, app: &App, scene: &Scene, actions: &[ActionInfo], area: Rect) {
    let look = &app.look;
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
            let mut spans = vec![Span::raw(format!("{}: ", app.session.sentence(&g.label, None)))];
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
        area,
    );
}

/// An action's label as a line, marked when it is under the cursor.
fn choice_line(app: &App, a: &ActionInfo, current: bool) -> Line<'static> {
    let label = app.session.sentence(&a.label, Some(app.session.seat()));
    sentence(&app.look, &format!("{} {label}", if current { "›" } else { " " }))
}

/// The choices: every legal action by its label, scrolled to the highlighted one.
fn draw_choices(frame: &mut Frame, app: &App, actions: &[ActionInfo], area: Rect) {
    let ch = area.height.saturating_sub(2) as usize;
    let first = app.choice.saturating_sub(ch.saturating_sub(1));
    let choice_lines: Vec<Line> = actions
        .iter()
        .enumerate()
        .skip(first)
        .take(ch)
        .map(|(i, a)| {
            let mut line = choice_line(app, a, i == app.choice);
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
    frame.render_widget(Paragraph::new(choice_lines).block(Block::bordered().title(title)), area);
}

/// The prompt, or the line being typed, or the last message.
fn draw_prompt(frame: &mut Frame, app: &App, scene: &Scene, area: Rect) {
    let prompt = if let Some(t) = &app.typing {
        Line::from(format!("Action: {t}▏  (Enter to play, Esc to cancel)"))
    } else if !app.message.is_empty() {
        sentence(&app.look, &app.message).style(Style::new().add_modifier(Modifier::BOLD))
    } else if app.session.is_over() {
        Line::from("The match is over. Press q to leave.")
    } else {
        Line::from(app.session.sentence(&scene.prompt, Some(app.session.seat())))
    };
    frame.render_widget(Paragraph::new(prompt), area);
}

/// The help window: the keys, then every kind of action in this game.
fn help_lines(app: &App) -> Vec<Line<'static>> {
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
    lines
}

/// A deal's or the match's closing lines, then what a key does next.
fn closing_lines(app: &App, lines: &[String], next: &'static str) -> Vec<Line<'static>> {
    let mut v: Vec<Line> = lines.iter().map(|t| sentence(&app.look, t)).collect();
    v.push(Line::from(""));
    v.push(Line::styled(next, Style::new().add_modifier(Modifier::BOLD)));
    v
}

/// A window's title, lines and scroll.
fn overlay_content(app: &App, overlay: &Overlay) -> (String, Vec<Line<'static>>, u16) {
    match overlay {
        Overlay::Help { scroll } => (" Help: ↑↓ scroll, Esc close ".to_string(), help_lines(app), *scroll),
        Overlay::Rules { lines, scroll } => (
            " Rules: ↑↓ PgUp PgDn scroll, Esc close ".to_string(),
            lines.iter().map(|l| Line::from(l.clone())).collect(),
            *scroll,
        ),
        Overlay::Log { scroll } => (
            " Log: ↑↓ PgUp PgDn scroll, Esc close ".to_string(),
            app.feed.iter().map(|t| sentence(&app.look, t)).collect(),
            *scroll,
        ),
        Overlay::DealEnd { lines } => (
            " The deal is over ".to_string(),
            closing_lines(app, lines, "Press any key for the next deal."),
            0,
        ),
        Overlay::MatchEnd { lines } => (
            " The match is over ".to_string(),
            closing_lines(app, lines, "Press q to leave, or any other key to look at the table."),
            0,
        ),
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
                    let line = choice_line(app, a, i == *cursor);
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
    }
}

/// A window's width and height: short windows fit their lines, reading windows fill the screen.
fn overlay_size(overlay: &Overlay, lines: &[Line], area: Rect) -> (u16, u16) {
    match overlay {
        Overlay::ConfirmQuit => (64, 4),
        Overlay::DealEnd { .. } | Overlay::MatchEnd { .. } | Overlay::Choose { .. } => {
            let w = area.width.saturating_sub(4).min(100);
            let inner = w.saturating_sub(2).max(1) as usize;
            let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
            (w, (rows as u16 + 2).min(area.height.saturating_sub(2)))
        }
        _ => (area.width.saturating_sub(4).min(110), area.height.saturating_sub(2)),
    }
}

fn draw_overlay(frame: &mut Frame, app: &App, overlay: &Overlay, area: Rect) {
    let (title, lines, scroll) = overlay_content(app, overlay);
    let (w, h) = overlay_size(overlay, &lines, area);
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
