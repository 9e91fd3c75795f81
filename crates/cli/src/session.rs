//! A person at one seat of a table, bots at the others: what both `play` front ends (the
//! full-screen table and the line interface) drive. It holds no game logic: it reads the
//! table model (scene, feed, action descriptions) and sends notation.

use crate::{open_record, open_table, TableOptions};
use engine::{render, ActionInfo, ActionKind, DynTable, GameInfo, GameRecord, Scene, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a save file holds: the match record and the session around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// Always "cardroom-play".
    pub format: String,
    pub version: u32,
    pub record: GameRecord,
    pub seat: Seat,
    /// The bot in each seat (`None` for the person).
    pub bots: Vec<Option<String>>,
    pub hint_bot: String,
    /// Where the bots' random stream stood (decimal), so bots choose as they would have.
    pub bot_rng: String,
}

const SAVE_FORMAT: &str = "cardroom-play";
const SAVE_VERSION: u32 = 1;

/// A feed entry as the person reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedLine {
    pub kind: &'static str,
    pub text: String,
    /// Part of an end-of-deal breakdown.
    pub breakdown: bool,
}

/// How to open a new session.
#[derive(Clone, Debug)]
pub struct NewSession {
    pub id: String,
    pub table: TableOptions,
    pub seat: Seat,
    /// Bot names for the other seats: one for all, or one per other seat in seat order.
    pub bots: Vec<String>,
    pub hint_bot: String,
}

pub struct Session {
    table: Box<dyn DynTable>,
    info: &'static GameInfo,
    seat: Seat,
    bots: Vec<Option<String>>,
    hint_bot: String,
    save_to: Option<PathBuf>,
    /// How much of the whole feed the front end has taken.
    feed_taken: usize,
}

impl Session {
    pub fn new(n: &NewSession, save_to: Option<PathBuf>) -> Result<Session, String> {
        let info = games::registry::resolve(&n.id)?;
        let players = n.table.players.unwrap_or(info.default_players);
        if n.seat >= players {
            return Err(format!(
                "seat {} does not exist: seats are 0 to {}",
                n.seat,
                players - 1
            ));
        }
        let others = players - 1;
        let mut bots: Vec<Option<String>> = vec![None; players];
        for (i, seat) in (0..players).filter(|&s| s != n.seat).enumerate() {
            let name = match n.bots.len() {
                1 => &n.bots[0],
                k if k == others => &n.bots[i],
                k => {
                    return Err(format!(
                        "--bots names {k} bots: give one for all {others} other seats, or one each"
                    ))
                }
            };
            bots[seat] = Some(name.clone());
        }
        let mut opts = n.table.clone();
        opts.players = Some(players);
        opts.bots = bots.clone();
        let mut table = open_table(info.id, &opts)?;
        check_bot(table.as_mut(), &n.hint_bot)?;
        table.enable_feed();
        let session = Session {
            table,
            info,
            seat: n.seat,
            bots,
            hint_bot: n.hint_bot.clone(),
            save_to,
            feed_taken: 0,
        };
        session.save()?;
        Ok(session)
    }

    /// Continues a saved session exactly; `save_to` (usually the same file) keeps saving.
    pub fn resume(path: &Path, save_to: Option<PathBuf>) -> Result<Session, String> {
        let shown = path.display();
        let text = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let text = String::from_utf8(text).map_err(|_| format!("{shown} is not a cardroom save: it is not text"))?;
        let save: SaveFile = serde_json::from_str(&text).map_err(|e| format!("{shown} is not a cardroom save: {e}"))?;
        if save.format != SAVE_FORMAT {
            return Err(format!(
                "{shown} is not a cardroom save: its format is '{}', not '{SAVE_FORMAT}'",
                save.format
            ));
        }
        if save.version != SAVE_VERSION {
            return Err(format!(
                "{shown} is a version {} save; this cardroom reads version {SAVE_VERSION}",
                save.version
            ));
        }
        let players = save.record.players;
        if save.bots.len() != players {
            return Err(format!(
                "{shown} is damaged: it names bots for {} seats at a table of {players}",
                save.bots.len()
            ));
        }
        if save.seat >= players || save.bots[save.seat].is_some() {
            return Err(format!(
                "{shown} is damaged: seat {} is not the player's seat",
                save.seat
            ));
        }
        let position: u128 = save
            .bot_rng
            .parse()
            .map_err(|_| format!("{shown} is damaged: bot_rng '{}' is not a number", save.bot_rng))?;
        let mut table = open_record(&save.record).map_err(|e| format!("{shown} does not replay: {e}"))?;
        for (seat, bot) in save.bots.iter().enumerate() {
            if let Some(name) = bot {
                table
                    .set_bot(seat, name)
                    .map_err(|e| format!("{shown}: seat {seat}: {e}"))?;
            }
        }
        check_bot(table.as_mut(), &save.hint_bot).map_err(|e| format!("{shown}: {e}"))?;
        table.set_bot_rng_position(position);
        table.enable_feed();
        let info = table.info();
        Ok(Session {
            table,
            info,
            seat: save.seat,
            bots: save.bots,
            hint_bot: save.hint_bot,
            save_to,
            feed_taken: 0,
        })
    }

    pub fn info(&self) -> &'static GameInfo {
        self.info
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn players(&self) -> usize {
        self.table.players()
    }

    pub fn viewer(&self) -> Viewer {
        Viewer::Seat(self.seat)
    }

    pub fn table(&self) -> &dyn DynTable {
        self.table.as_ref()
    }

    pub fn save_path(&self) -> Option<&Path> {
        self.save_to.as_deref()
    }

    pub fn hint_bot(&self) -> &str {
        &self.hint_bot
    }

    /// The bot playing `seat`, if any.
    pub fn bot(&self, seat: Seat) -> Option<&str> {
        self.bots.get(seat)?.as_deref()
    }

    /// A seat's name in sentences: "seat 2" (the viewer's own seat reads "you").
    pub fn name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }

    /// A seat's name with its player: "You", "Seat 2 (hard)".
    pub fn title_of(&self, seat: Seat) -> String {
        match self.bot(seat) {
            _ if seat == self.seat => format!("You (seat {seat})"),
            Some(bot) => format!("Seat {seat} ({bot})"),
            None => format!("Seat {seat}"),
        }
    }

    /// The match standings, best first: "Standings", then "  1. Seat 2 (hard): 45 points".
    pub fn standings(&self) -> Vec<String> {
        let scores = self.scene().scores;
        let mut order: Vec<usize> = (0..scores.totals.len()).collect();
        order.sort_by_key(|&s| {
            let t = scores.totals[s];
            (if scores.higher_is_better { -t } else { t }, s)
        });
        let mut out = vec!["Standings".to_string()];
        let mut place = 0;
        for (i, &s) in order.iter().enumerate() {
            if i == 0 || scores.totals[s] != scores.totals[order[i - 1]] {
                place = i + 1;
            }
            out.push(format!(
                "  {place}. {}: {} {}",
                self.title_of(s),
                scores.totals[s],
                scores.unit
            ));
        }
        out
    }

    /// Resolves `@N` references and `{you|other}` forms for this viewer.
    pub fn say(&self, text: &str, subject: Option<Seat>) -> String {
        render(text, subject, self.viewer(), &|s| self.name(s))
    }

    /// [`Session::say`] for a whole sentence: its first letter capitalised.
    pub fn sentence(&self, text: &str, subject: Option<Seat>) -> String {
        let mut s = self.say(text, subject);
        engine::capitalise_first(&mut s);
        s
    }

    pub fn scene(&self) -> Scene {
        self.table.scene(self.viewer())
    }

    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// Whether the person is to act now.
    pub fn my_turn(&self) -> bool {
        self.table.to_act() == Some(self.seat)
    }

    /// The person's legal actions, described (empty when it is not their turn).
    pub fn actions(&self) -> Vec<ActionInfo> {
        if self.my_turn() {
            self.table.actions()
        } else {
            Vec::new()
        }
    }

    pub fn action_kinds(&self) -> &'static [ActionKind] {
        self.table.action_kinds()
    }

    /// Lets one bot act, if a bot is to act; says whether one did.
    pub fn step_bot(&mut self) -> Result<bool, String> {
        let acted = self.table.step_bot()?.is_some();
        if acted {
            self.save()?;
        }
        Ok(acted)
    }

    /// Applies the person's action by its notation; on error nothing changes.
    pub fn play(&mut self, notation: &str) -> Result<(), String> {
        if !self.my_turn() {
            return Err(match self.table.to_act() {
                Some(s) => format!("it is not your turn: {} is to act", self.say(&format!("@{s}"), None)),
                None => "the match is over".to_string(),
            });
        }
        self.table.apply_text(notation)?;
        self.save()
    }

    /// When the person has exactly one legal action, takes it and says what it was.
    pub fn play_forced(&mut self) -> Result<Option<String>, String> {
        let actions = self.actions();
        match actions.as_slice() {
            [only] => {
                let label = self.sentence(&only.label, Some(self.seat));
                self.play(&only.notation)?;
                Ok(Some(label))
            }
            _ => Ok(None),
        }
    }

    /// What the hint bot would do now, as a label, with the bot's name.
    pub fn hint(&mut self) -> Result<String, String> {
        if !self.my_turn() {
            return Err("it is not your turn".to_string());
        }
        let notation = self.table.suggest(Some(&self.hint_bot))?;
        let label = self
            .actions()
            .into_iter()
            .find(|a| a.notation == notation)
            .map_or(notation.clone(), |a| self.sentence(&a.label, Some(self.seat)));
        Ok(format!("The {} bot suggests: {label} ({notation}).", self.hint_bot))
    }

    /// Takes back the person's last decision and everything after it, by replaying the record
    /// without them; says how many actions went.
    pub fn undo(&mut self) -> Result<usize, String> {
        let actors = self.table.actors();
        let Some(last) = actors.iter().rposition(|&s| s == self.seat) else {
            return Err("there is nothing of yours to undo".to_string());
        };
        let undone = actors.len() - last;
        self.table.truncate(last)?;
        self.feed_taken = 0;
        self.save()?;
        Ok(undone)
    }

    /// Feed lines the front end has not taken yet, rendered for the person.
    pub fn take_feed(&mut self) -> Vec<FeedLine> {
        let items = self.table.feed(self.viewer(), self.feed_taken);
        self.feed_taken = self.table.feed_len();
        items.into_iter().map(|i| self.feed_line(&i.event)).collect()
    }

    /// The whole feed for the person, rendered.
    pub fn feed_history(&self) -> Vec<FeedLine> {
        self.table
            .feed(self.viewer(), 0)
            .into_iter()
            .map(|i| self.feed_line(&i.event))
            .collect()
    }

    fn feed_line(&self, e: &engine::Event) -> FeedLine {
        FeedLine {
            kind: e.kind,
            text: e.render(self.viewer(), &|s| self.name(s)),
            breakdown: e.breakdown,
        }
    }

    /// The save file's content now.
    pub fn save_file(&self) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            record: self.table.record(),
            seat: self.seat,
            bots: self.bots.clone(),
            hint_bot: self.hint_bot.clone(),
            bot_rng: self.table.bot_rng_position().to_string(),
        }
    }

    /// Writes the save file, if the session has one: to a temporary file beside it, flushed
    /// to disk, then renamed over it, so a crash leaves the old save or the new, never half.
    pub fn save(&self) -> Result<(), String> {
        let Some(path) = &self.save_to else {
            return Ok(());
        };
        write_atomically(
            path,
            &serde_json::to_string_pretty(&self.save_file()).expect("saves serialise"),
        )
    }

    /// Saves to `path` from now on, and now.
    pub fn save_as(&mut self, path: PathBuf) -> Result<(), String> {
        self.save_to = Some(path);
        self.save()
    }
}

fn check_bot(table: &mut dyn DynTable, name: &str) -> Result<(), String> {
    // A fresh bot of that kind is made for each hint; make one now so a bad name fails early.
    let mut probe = crate::open_record(&table.record())?;
    probe.set_bot(0, name).map_err(|e| format!("--hint-bot: {e}"))
}

/// Writes `text` to `path` through a temporary file and a rename.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let shown = path.display();
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| format!("cannot save to {shown}: it names no file"))?;
    let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
    let mut f = std::fs::File::create(&tmp).map_err(|e| format!("cannot save to {shown}: {e}"))?;
    f.write_all(text.as_bytes())
        .and_then(|_| f.sync_all())
        .map_err(|e| format!("cannot save to {shown}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot save to {shown}: {e}"))
}
