//! The line interface of `cardroom play` (`--plain`, or whenever stdin or stdout is not a
//! terminal): for screen readers and scripts. It prints the scene and the feed as labelled
//! lines and reads one command or action per line.

use crate::input::read_line;
use crate::session::Session;
use cards::Card;
use engine::{ActionInfo, HandScene, Scene, TrickScene};
use std::io::{BufRead, Write};

/// Card lists in notation, the form a person types back.
fn cards(list: &[Card]) -> String {
    list.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

fn trick_line(session: &Session, t: &TrickScene) -> String {
    t.plays
        .iter()
        .map(|&(s, c)| format!("{} {c}", session.say(&format!("@{s}"), None)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The scene as lines of text.
pub fn scene_lines(session: &Session, scene: &Scene) -> Vec<String> {
    let say = |t: &str| session.say(t, None);
    let line = |t: &str| session.sentence(t, None);
    let mut out = vec![format!("== {} ==", line(&scene.title))];
    for seat in &scene.seats {
        let mut parts = Vec::new();
        match &seat.hand {
            HandScene::Shown { cards } => parts.push(format!("{} cards", cards.len())),
            HandScene::Hidden { count } => parts.push(format!("{count} cards")),
            HandScene::None => {}
        }
        parts.extend(seat.marks.iter().map(|m| say(m)));
        if let Some(b) = &seat.bid {
            parts.push(format!("bid: {}", say(b)));
        }
        if let Some(t) = seat.tricks {
            parts.push(format!("tricks: {t}"));
        }
        if let Some(st) = &seat.status {
            parts.push(say(st));
        }
        parts.extend(seat.notes.iter().map(|n| say(n)));
        let marker = if seat.to_act { "> " } else { "  " };
        out.push(format!("{marker}{}: {}", session.title_of(seat.seat), parts.join(", ")));
        if seat.seat != session.seat() {
            for g in &seat.groups {
                out.push(format!("      {}: {}", line(&g.label), cards(&g.cards)));
            }
        }
    }
    let c = &scene.centre;
    if let Some(t) = &c.last_trick {
        let who = t
            .winner
            .map_or(String::new(), |w| format!(", taken by {}", say(&format!("@{w}"))));
        out.push(format!("Last trick: {}{who}", trick_line(session, t)));
    }
    if let Some(t) = &c.trick {
        out.push(format!("Trick: {}", trick_line(session, t)));
    }
    for p in &c.piles {
        let size = p.size.map_or(String::new(), |n| format!(" ({n} cards)"));
        let shown = if p.cards.is_empty() {
            String::new()
        } else {
            format!(": {}", cards(&p.cards))
        };
        out.push(format!("{}{size}{shown}", line(&p.label)));
    }
    for f in &c.facts {
        out.push(format!("{}: {}", line(&f.label), say(&f.value)));
    }
    let s = &scene.scores;
    let totals: Vec<String> = s
        .totals
        .iter()
        .enumerate()
        .map(|(seat, t)| format!("{} {t}", say(&format!("@{seat}"))))
        .collect();
    out.push(format!(
        "Match {} after {} deal{}: {}",
        s.unit,
        s.deals_completed,
        if s.deals_completed == 1 { "" } else { "s" },
        totals.join(", ")
    ));
    if let Some(d) = &s.deal {
        let values: Vec<String> = d
            .values
            .iter()
            .enumerate()
            .map(|(seat, v)| format!("{} {v}", say(&format!("@{seat}"))))
            .collect();
        out.push(format!("{}: {}", line(&d.label), values.join(", ")));
    }
    if let Some(t) = &s.target {
        out.push(line(t));
    }
    if let Some(me) = scene.seats.iter().find(|r| r.seat == session.seat()) {
        if let HandScene::Shown { cards: hand } = &me.hand {
            out.push(format!("Your hand: {}", cards(hand)));
        }
        for g in &me.groups {
            out.push(format!("{}: {}", line(&g.label), cards(&g.cards)));
        }
    }
    out
}

/// The person's actions, numbered, one per line.
pub fn action_lines(session: &Session, actions: &[ActionInfo]) -> Vec<String> {
    actions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            format!(
                "  {:>2}. {}  [{}]",
                i + 1,
                session.sentence(&a.label, Some(session.seat())),
                a.notation
            )
        })
        .collect()
}

const COMMANDS: &str =
    "Type an action's number or notation; or `help`, `hint`, `undo`, `look`, `rules`, `log`, `quit`.";

/// Plays the session on lines of text until the match ends, the person quits or input ends.
pub fn run(session: &mut Session, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), String> {
    let io = |e: std::io::Error| format!("cannot write: {e}");
    let info = session.info();
    writeln!(out, "{} at seat {}. {COMMANDS}", info.name, session.seat()).map_err(io)?;
    let mut show_scene = true;
    loop {
        for line in session.take_feed() {
            match line.kind {
                "deal-end" | "match-end" => writeln!(out, "  {}\n  ----", line.text).map_err(io)?,
                _ => writeln!(out, "  {}", line.text).map_err(io)?,
            }
        }
        if session.is_over() {
            for line in scene_lines(session, &session.scene()) {
                writeln!(out, "{line}").map_err(io)?;
            }
            writeln!(out, "The match is over.").map_err(io)?;
            for line in session.standings() {
                writeln!(out, "{line}").map_err(io)?;
            }
            return Ok(());
        }
        if session.step_bot()? {
            continue;
        }
        if let Some(label) = session.play_forced()? {
            writeln!(out, "  (Your only choice, taken for you: {label}.)").map_err(io)?;
            continue;
        }
        let actions = session.actions();
        if show_scene {
            let scene = session.scene();
            writeln!(out).map_err(io)?;
            for line in scene_lines(session, &scene) {
                writeln!(out, "{line}").map_err(io)?;
            }
            writeln!(out, "{}", session.sentence(&scene.prompt, Some(session.seat()))).map_err(io)?;
            writeln!(out, "Your choices:").map_err(io)?;
            for line in action_lines(session, &actions) {
                writeln!(out, "{line}").map_err(io)?;
            }
        }
        show_scene = true;
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let Some(line) = read_line(input).map_err(|e| format!("cannot read input: {e}"))? else {
            writeln!(out).map_err(io)?;
            return goodbye(session, out);
        };
        let line = match line.text() {
            Ok(line) => line,
            Err(why) => {
                writeln!(out, "Sorry, {why}.").map_err(io)?;
                show_scene = false;
                continue;
            }
        };
        let word = line.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => show_scene = false,
            "quit" | "exit" => return goodbye(session, out),
            "help" | "?" => {
                writeln!(out, "{COMMANDS}").map_err(io)?;
                for k in session.action_kinds() {
                    writeln!(out, "  {}: {}", k.name, k.help).map_err(io)?;
                }
                show_scene = false;
            }
            "look" => {}
            "rules" => {
                writeln!(out, "{}", crate::rules_text(info.id)?).map_err(io)?;
                show_scene = false;
            }
            "log" => {
                for line in session.feed_history() {
                    writeln!(out, "  {}", line.text).map_err(io)?;
                }
                show_scene = false;
            }
            "hint" => {
                match session.hint() {
                    Ok(h) => writeln!(out, "{h}").map_err(io)?,
                    Err(e) => writeln!(out, "No hint: {e}.").map_err(io)?,
                }
                show_scene = false;
            }
            "undo" => match session.undo() {
                Ok(n) => {
                    session.take_feed();
                    writeln!(out, "Took back {n} action{}.", if n == 1 { "" } else { "s" }).map_err(io)?;
                }
                Err(e) => {
                    writeln!(out, "Cannot undo: {e}.").map_err(io)?;
                    show_scene = false;
                }
            },
            _ => {
                let notation = match word.parse::<usize>() {
                    Ok(n) if (1..=actions.len()).contains(&n) => actions[n - 1].notation.clone(),
                    Ok(n) if word.len() <= 3 => {
                        writeln!(out, "Sorry, there is no choice {n}: choose 1 to {}.", actions.len()).map_err(io)?;
                        show_scene = false;
                        continue;
                    }
                    _ => word.to_string(),
                };
                if let Err(e) = session.play(&notation) {
                    writeln!(out, "Sorry, that is not allowed: {e}").map_err(io)?;
                    show_scene = false;
                }
            }
        }
    }
}

/// Ends the session: saves it and says where and how to go on.
fn goodbye(session: &mut Session, out: &mut impl Write) -> Result<(), String> {
    let path = crate::saves::save_on_leaving(session)?;
    writeln!(out, "Goodbye. {}", crate::saves::saved_message(&path)).map_err(|e| format!("cannot write: {e}"))
}
