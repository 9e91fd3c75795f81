//! Tables for any registered game, by id: opening one with its bots, rebuilding one from a
//! record, the bot names and rules page of a game. Every front end (the command line, the
//! server, Python) opens tables through here.

pub mod fairness;

use engine::{DynTable, Game, GameRecord, Match, MatchSetup, Seat, Table, Variants};
use games::registry::{self, GameVisitor};

/// Mixed into the match seed to seed the bots, so a seed fixes the bots' choices too.
const BOT_SEED_MIX: u64 = 0xB07_5EED;

/// How to set up a table.
#[derive(Clone, Debug, Default)]
pub struct TableOptions {
    /// Seat count; the game's default when `None`.
    pub players: Option<usize>,
    pub seed: u64,
    pub variants: Vec<String>,
    /// The first deal's pack order, top first (comma-separated card codes).
    pub deck: Option<String>,
    pub dealer: Seat,
    pub deals: Option<u32>,
    /// A bot name per seat; `None` for a seat decided from outside.
    pub bots: Vec<Option<String>>,
}

/// Opens a table for game `id`.
pub fn open_table(id: &str, opts: &TableOptions) -> Result<Box<dyn DynTable>, String> {
    registry::visit(id, Open(opts))?
}

/// Starts `table` over as `open_table` would with `seed` and the same other options.
pub fn restart_table(table: &mut dyn DynTable, seed: u64) {
    table.restart(seed, seed ^ BOT_SEED_MIX);
}

/// Rebuilds a table from a saved record (every action replayed and checked).
pub fn open_record(record: &GameRecord) -> Result<Box<dyn DynTable>, String> {
    registry::visit(&record.game, FromRecord(record))?
}

struct Open<'a>(&'a TableOptions);

impl GameVisitor for Open<'_> {
    type Output = Result<Box<dyn DynTable>, String>;

    fn visit<G: Game>(self) -> Self::Output {
        let opts = self.0;
        let info = G::info();
        let players = opts.players.unwrap_or(info.default_players);
        let variants = Variants::parse(info.variants, &opts.variants).map_err(|e| e.to_string())?;
        let deck = match &opts.deck {
            Some(text) => Some(cards::parse_card_list(text).map_err(|e| format!("bad --deck: {e}"))?),
            None => None,
        };
        let setup = MatchSetup {
            players,
            variants,
            seed: opts.seed,
            deck,
            dealer: opts.dealer,
            deal_limit: opts.deals,
        };
        let m = Match::<G>::new(setup).map_err(|e| e.to_string())?;
        let mut table = Table::new(m, bots::make_bot::<G>, opts.seed ^ BOT_SEED_MIX);
        if opts.bots.len() > players {
            return Err(format!("{} bots named for {players} seats", opts.bots.len()));
        }
        for (seat, name) in opts.bots.iter().enumerate() {
            if let Some(name) = name {
                table.set_bot(seat, name)?;
            }
        }
        Ok(Box::new(table))
    }
}

struct FromRecord<'a>(&'a GameRecord);

impl GameVisitor for FromRecord<'_> {
    type Output = Result<Box<dyn DynTable>, String>;

    fn visit<G: Game>(self) -> Self::Output {
        let m = Match::<G>::from_record(self.0).map_err(|e| e.to_string())?;
        Ok(Box::new(Table::new(m, bots::make_bot::<G>, self.0.seed ^ BOT_SEED_MIX)))
    }
}

/// Bot names available for game `id`.
pub fn bot_names(id: &str) -> Result<Vec<&'static str>, String> {
    struct Names;
    impl GameVisitor for Names {
        type Output = Vec<&'static str>;
        fn visit<G: Game>(self) -> Self::Output {
            bots::bot_names::<G>()
        }
    }
    registry::visit(id, Names)
}

/// The rules page for `id` with a variant table generated from the declarations.
pub fn rules_text(id: &str) -> Result<String, String> {
    let info = registry::resolve(id)?;
    let id = info.id;
    let mut out = info.rules.trim_end().to_string();
    let players = if info.min_players == info.max_players {
        format!("exactly {}", info.min_players)
    } else {
        format!(
            "{} to {} (default {})",
            info.min_players, info.max_players, info.default_players
        )
    };
    out.push_str(&format!(
        "\n\n## Players\n{players}. Totals are {}; {} is better.\n",
        info.unit,
        if info.higher_is_better { "higher" } else { "lower" }
    ));
    out.push_str(
        "\n## Variant keys (`--variant key=value`)\n| key | default | values | meaning |\n| --- | --- | --- | --- |\n",
    );
    for v in info.variants {
        let only = v
            .applies_when
            .map(|w| format!(" (only with {}; otherwise it stays at its default)", w.describe()))
            .unwrap_or_default();
        out.push_str(&format!(
            "| `{}` | {} | {} | {}{only} |\n",
            v.key,
            v.default,
            v.values_hint(),
            v.doc
        ));
    }
    out.push_str(&format!("\n## Bots\n{}\n", bot_names(id)?.join(", ")));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sim` relies on this: a table started over with a seed plays exactly the match a new
    /// table with that seed plays, bots included (they keep nothing between decisions).
    #[test]
    fn a_restarted_table_plays_as_a_new_one() {
        for info in registry::all() {
            for bot in ["random", "easy", "medium"] {
                let players = info.default_players;
                let opts = |seed| TableOptions {
                    players: Some(players),
                    seed,
                    deals: Some(1),
                    bots: vec![Some(bot.to_string()); players],
                    ..TableOptions::default()
                };
                let mut reused = open_table(info.id, &opts(10)).unwrap();
                reused.run_bots().unwrap();
                for seed in 11..13 {
                    restart_table(reused.as_mut(), seed);
                    reused.run_bots().unwrap();
                    let mut fresh = open_table(info.id, &opts(seed)).unwrap();
                    fresh.run_bots().unwrap();
                    assert_eq!(reused.record(), fresh.record(), "{} {bot} seed {seed}", info.id);
                    assert_eq!(reused.totals(), fresh.totals(), "{} {bot} seed {seed}", info.id);
                    assert_eq!(reused.decisions(), fresh.decisions(), "{} {bot}", info.id);
                }
            }
        }
    }
}
