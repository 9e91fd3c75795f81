//! The `cardroom engine` protocol: JSON lines, one answer per line in (see the README).

use crate::input::{read_line, Line};
use engine::DynTable;
use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// Serves one table: a state line at the start, then one answer per input line until the input
/// ends. Lines that are not UTF-8 or are too long are answered with an error like any other.
pub fn serve(table: &mut dyn DynTable, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), String> {
    let mut emit = |v: Value| -> Result<(), String> {
        writeln!(out, "{v}")
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write to stdout: {e}"))
    };
    emit(state_line(table))?;
    while let Some(line) = read_line(input).map_err(|e| format!("cannot read stdin: {e}"))? {
        emit(answer(table, line))?;
    }
    Ok(())
}

/// The answer to one line as read: a text line is handled by [`respond`]; a line that is not
/// text gets the error saying why.
pub fn answer(table: &mut dyn DynTable, line: Line) -> Value {
    match line.text() {
        Ok(text) => respond(table, &text),
        Err(why) => error(table, why),
    }
}

/// The answer to one input line.
pub fn respond(table: &mut dyn DynTable, line: &str) -> Value {
    let text = line.trim();
    if text.starts_with('{') {
        return match serde_json::from_str::<Value>(text) {
            Ok(cmd) => command(table, &cmd),
            Err(e) => error(table, format!("malformed JSON command: {e}")),
        };
    }
    // A JSON string ("QS") is accepted as well as bare text.
    let action = match serde_json::from_str::<String>(text) {
        Ok(s) => s,
        Err(_) => text.to_string(),
    };
    if action.is_empty() {
        return error(table, "empty line: send an action or a JSON command".into());
    }
    match table.apply_text(&action) {
        Ok(()) => state_line(table),
        Err(e) => error(table, e.to_string()),
    }
}

fn command(table: &mut dyn DynTable, cmd: &Value) -> Value {
    match cmd.get("cmd").and_then(Value::as_str) {
        Some("view") => match cmd.get("seat").and_then(Value::as_u64) {
            Some(seat) if (seat as usize) < table.players() => table.view_json(seat as usize),
            Some(seat) => error(
                table,
                format!("seat {seat} does not exist: seats are 0 to {}", table.players() - 1),
            ),
            None => error(table, "the view command needs \"seat\": a seat number".into()),
        },
        Some("log") => serde_json::to_value(table.record()).expect("records serialise"),
        Some(c @ ("scene" | "feed")) => {
            let viewer = match cmd.get("seat") {
                None | Some(Value::Null) => engine::Viewer::Spectator,
                Some(v) => match v.as_u64() {
                    Some(seat) if (seat as usize) < table.players() => engine::Viewer::Seat(seat as usize),
                    _ => {
                        return error(
                            table,
                            format!(
                                "\"seat\" must be a seat number, 0 to {} (leave it out for a spectator)",
                                table.players() - 1
                            ),
                        )
                    }
                },
            };
            if c == "scene" {
                json!({ "scene": table.scene(viewer) })
            } else {
                if table.feed_len() == 0 {
                    table.enable_feed();
                }
                let from = cmd.get("from").and_then(Value::as_u64).unwrap_or(0) as usize;
                json!({ "feed": table.feed(viewer, from), "next": table.feed_len() })
            }
        }
        Some("actions") => json!({ "actions": table.actions() }),
        Some("kinds") => json!({ "kinds": table.action_kinds() }),
        Some("state") => state_line(table),
        Some("hint") => {
            let named = cmd.get("bot").or_else(|| cmd.get("level")).and_then(Value::as_str);
            let available = crate::bot_names(table.info().id).unwrap_or_default();
            let bot = named.unwrap_or(if available.contains(&"rule") { "rule" } else { "random" });
            match table.suggest(Some(bot)) {
                Ok(action) => json!({ "hint": action, "bot": bot }),
                Err(e) => error(table, e),
            }
        }
        Some(other) => error(
            table,
            format!(
                "unknown command '{}': use view, scene, feed, actions, kinds, log, state or hint",
                engine::cut_short(other, 40)
            ),
        ),
        None => error(
            table,
            "a JSON command needs \"cmd\" (view, scene, feed, actions, kinds, log, state or hint)".into(),
        ),
    }
}

pub fn error(table: &dyn DynTable, why: String) -> Value {
    json!({ "error": why, "legal": table.legal() })
}

/// `to_act`, `legal`, `view` (the acting seat's, null once over), `over` and, once over,
/// `result` (per-seat totals) and `winners`.
pub fn state_line(table: &dyn DynTable) -> Value {
    let to_act = table.to_act();
    let mut v = json!({
        "to_act": to_act,
        "legal": table.legal(),
        "view": to_act.map(|s| table.view_json(s)),
        "over": table.is_over(),
        "deals_completed": table.deals_completed(),
    });
    if table.is_over() {
        v["result"] = json!(table.totals());
        v["winners"] = json!(table.winners());
    }
    v
}
