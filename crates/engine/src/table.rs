use crate::{
    ActionInfo, ActionKind, ApplyError, Bot, Deal, Decision, Event, Game, GameInfo, GameRecord, Illegal, Match,
    Narration, Present, Said, Scene, Scoreboard, Seat, Viewer,
};
use cards::{Card, GameRng};
use serde::Serialize;

/// Makes a bot for a configured game by name (`random`, `rule`, ...), or says why it cannot.
pub type BotFactory<G> = fn(&G, &str) -> Result<Box<dyn Bot<<G as Game>::Deal>>, String>;

/// A match with computer players in some seats: what front ends drive.
pub struct Table<G: Game> {
    game_match: Match<G>,
    bots: Vec<Option<Box<dyn Bot<G::Deal>>>>,
    factory: BotFactory<G>,
    bot_rng: GameRng,
    scratch: Vec<<G::Deal as Deal>::Action>,
    decisions: u64,
    last_bot_seat: Seat,
    /// The event feed, kept only for front ends that ask for it (simulations do not pay).
    feed: Option<Feed>,
}

/// Everything narrated so far, and who took each action.
#[derive(Default)]
struct Feed {
    /// Each event with the number of actions applied when it was told.
    said: Vec<(usize, Said)>,
    actors: Vec<Seat>,
}

/// One entry of a viewer's feed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FeedItem {
    /// Its position in the whole feed (every audience's): ask for the feed from a position to
    /// get what is new.
    pub index: usize,
    /// How many actions of the match had been applied when it was told.
    pub after_actions: usize,
    pub event: Event,
}

impl<G: Game> Table<G> {
    /// `bot_seed` seeds the bots' own random choices, so bot games replay too.
    pub fn new(game_match: Match<G>, factory: BotFactory<G>, bot_seed: u64) -> Table<G> {
        let players = game_match.setup().players;
        Table {
            decisions: game_match.log().len() as u64,
            game_match,
            bots: (0..players).map(|_| None).collect(),
            factory,
            bot_rng: GameRng::from_seed(bot_seed),
            scratch: Vec::new(),
            last_bot_seat: 0,
            feed: None,
        }
    }

    /// Applies an action, narrating it when the feed is on.
    fn apply_action(&mut self, action: <G::Deal as Deal>::Action) -> Result<(), Illegal> {
        let Some(feed) = self.feed.as_mut() else {
            return self.game_match.apply(action);
        };
        let actor = self.game_match.to_act();
        let mut out = Narration::new();
        self.game_match.apply_narrated(action, &mut out)?;
        let n = self.game_match.log().len();
        feed.actors
            .push(actor.expect("an action was applied, so a seat was to act"));
        feed.said.extend(out.said.into_iter().map(|s| (n, s)));
        Ok(())
    }

    /// Replays the match from its setup with its first `keep` actions, narrating them when the
    /// feed is on.
    fn rebuild(&mut self, keep: usize) -> Result<(), String> {
        let log = self.game_match.log()[..keep].to_vec();
        self.game_match = Match::new(self.game_match.setup().clone()).map_err(|e| e.to_string())?;
        if self.feed.is_some() {
            let mut out = Narration::new();
            self.game_match.narrate_opening(&mut out);
            self.feed = Some(Feed {
                said: out.said.into_iter().map(|s| (0, s)).collect(),
                actors: Vec::new(),
            });
        }
        for (i, action) in log.into_iter().enumerate() {
            self.apply_action(action)
                .map_err(|e| format!("replaying action {} ('{action}'): {e}", i + 1))?;
        }
        self.decisions = keep as u64;
        Ok(())
    }

    pub fn game_match(&self) -> &Match<G> {
        &self.game_match
    }
}

/// A table with its game type erased: action text in, JSON and text out.
pub trait DynTable: Send {
    fn info(&self) -> &'static GameInfo;
    fn players(&self) -> usize;
    fn to_act(&self) -> Option<Seat>;
    fn is_over(&self) -> bool;
    /// The legal actions as text, sorted as the game sorts them.
    fn legal(&self) -> Vec<String>;
    /// Parses and applies an action for the seat to act; on error nothing changes.
    fn apply_text(&mut self, text: &str) -> Result<(), ApplyError>;
    /// Applies a legal action made with the cards the player picked: the action itself when
    /// they are its cards, else the game's form of it with those cards (other suits of the
    /// same ranks, where the game allows: [`crate::Present::with_cards`]). On error nothing
    /// changes.
    fn apply_picked(&mut self, text: &str, cards: &[Card]) -> Result<(), ApplyError>;
    fn view_json(&self, seat: Seat) -> serde_json::Value;
    fn record(&self) -> GameRecord;
    fn totals(&self) -> Vec<i64>;
    fn winners(&self) -> Vec<Seat>;
    fn deals_completed(&self) -> u32;
    /// How many completed deals were thrown in (everyone passed, nothing played).
    fn deals_thrown_in(&self) -> u32;
    /// Actions applied so far in the match.
    fn decisions(&self) -> u64;
    fn set_bot(&mut self, seat: Seat, name: &str) -> Result<(), String>;
    fn has_bot(&self, seat: Seat) -> bool;
    /// The action a bot would choose for the seat to act, as text, without applying it: the
    /// seat's own bot, or a fresh one of the named kind.
    fn suggest(&mut self, bot: Option<&str>) -> Result<String, String>;
    /// If a seat with a bot is to act, lets it act once: returns the seat and its action text.
    fn step_bot(&mut self) -> Result<Option<(Seat, String)>, String>;
    /// Lets bots play while a seat with a bot is to act; returns how many actions they took.
    fn run_bots(&mut self) -> Result<u64, String>;
    /// Starts the match over with another seed, the same bots in the same seats and their
    /// random choices seeded by `bot_seed`: the same as opening a new table that way, without
    /// the cost (bots hold no state from one decision to the next).
    fn restart(&mut self, seed: u64, bot_seed: u64);

    // The table model, for front ends that draw a table.

    /// Starts keeping the event feed, narrating the match so far from its beginning.
    fn enable_feed(&mut self);
    /// The feed as `viewer` sees it, from position `from` of the whole feed (0 for all of it).
    /// Empty unless the feed is on.
    fn feed(&self, viewer: Viewer, from: usize) -> Vec<FeedItem>;
    /// The length of the whole feed (every audience's).
    fn feed_len(&self) -> usize;
    /// The table as `viewer` sees it.
    fn scene(&self, viewer: Viewer) -> Scene;
    /// The legal actions, described for the seat to act.
    fn actions(&self) -> Vec<ActionInfo>;
    /// Every kind of action in this game, with its help sentence.
    fn action_kinds(&self) -> &'static [ActionKind];
    /// The seat that took each action so far (needs the feed on).
    fn actors(&self) -> Vec<Seat>;
    /// Takes back every action after the first `keep`, by replaying the record without them.
    fn truncate(&mut self, keep: usize) -> Result<(), String>;
    /// The name of the bot in `seat`, if one plays it.
    fn bot_name(&self, seat: Seat) -> Option<&str>;
    /// Where the bots' random stream stands, so that a saved session resumes exactly.
    fn bot_rng_position(&self) -> u128;
    fn set_bot_rng_position(&mut self, position: u128);
    /// Seeds the bots' random stream afresh (at its start). A server seeds it apart from the
    /// match seed, so that nothing a bot does depends on the secret seed.
    fn reseed_bots(&mut self, bot_seed: u64);
}

impl<G: Game> DynTable for Table<G> {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }

    fn players(&self) -> usize {
        self.game_match.setup().players
    }

    fn to_act(&self) -> Option<Seat> {
        self.game_match.to_act()
    }

    fn is_over(&self) -> bool {
        self.game_match.is_over()
    }

    fn legal(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.game_match.legal_actions(&mut v);
        v.iter().map(|a| a.to_string()).collect()
    }

    fn apply_text(&mut self, text: &str) -> Result<(), ApplyError> {
        let action = self.game_match.parse_action(text).map_err(ApplyError::Unreadable)?;
        self.apply_action(action).map_err(|e| ApplyError::Illegal {
            action: action.to_string(),
            reason: e.to_string(),
        })?;
        self.decisions += 1;
        Ok(())
    }

    fn apply_picked(&mut self, text: &str, cards: &[Card]) -> Result<(), ApplyError> {
        let action = self.game_match.parse_action(text).map_err(ApplyError::Unreadable)?;
        let refuse = |reason: String| ApplyError::Illegal {
            action: action.to_string(),
            reason,
        };
        self.game_match.legal_actions(&mut self.scratch);
        if !self.scratch.contains(&action) {
            return Err(refuse("it is not one of the legal actions now".to_string()));
        }
        let mut described = self.game_match.deal().describe(action).cards;
        let mut picked = cards.to_vec();
        described.sort_unstable();
        picked.sort_unstable();
        if described == picked {
            return self.apply_text(text);
        }
        let chosen = self
            .game_match
            .deal()
            .with_cards(action, cards)
            .ok_or_else(|| refuse("the cards picked do not make this move".to_string()))?;
        self.apply_action(chosen).map_err(|e| refuse(e.to_string()))?;
        self.decisions += 1;
        Ok(())
    }

    fn view_json(&self, seat: Seat) -> serde_json::Value {
        self.game_match.view_json(seat)
    }

    fn record(&self) -> GameRecord {
        self.game_match.record()
    }

    fn totals(&self) -> Vec<i64> {
        self.game_match.totals().to_vec()
    }

    fn winners(&self) -> Vec<Seat> {
        self.game_match.winners()
    }

    fn deals_completed(&self) -> u32 {
        self.game_match.deals_completed()
    }

    fn deals_thrown_in(&self) -> u32 {
        self.game_match.deals_thrown_in()
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn set_bot(&mut self, seat: Seat, name: &str) -> Result<(), String> {
        if seat >= self.bots.len() {
            return Err(format!("seat {seat} does not exist"));
        }
        self.bots[seat] = Some((self.factory)(self.game_match.game(), name)?);
        Ok(())
    }

    fn has_bot(&self, seat: Seat) -> bool {
        self.bots.get(seat).is_some_and(|b| b.is_some())
    }

    fn suggest(&mut self, bot: Option<&str>) -> Result<String, String> {
        let seat = self
            .game_match
            .to_act()
            .ok_or("the match is over: nothing to suggest")?;
        let mut fresh = match bot {
            Some(name) => Some((self.factory)(self.game_match.game(), name)?),
            None => None,
        };
        let chooser: &mut dyn Bot<G::Deal> = match (&mut fresh, &mut self.bots[seat]) {
            (Some(b), _) | (None, Some(b)) => b.as_mut(),
            (None, None) => return Err(format!("seat {seat} has no bot: name one")),
        };
        self.game_match.legal_actions(&mut self.scratch);
        let m = &self.game_match;
        let decision = Decision::new(m.deal(), &self.scratch, m.totals()).expect("a seat is to act");
        Ok(chooser.choose(&decision, &mut self.bot_rng).to_string())
    }

    fn step_bot(&mut self) -> Result<Option<(Seat, String)>, String> {
        let before = self.decisions;
        self.run_bots_limited(1)?;
        Ok((self.decisions > before).then(|| {
            let m = &self.game_match;
            let last = m.log().last().expect("a bot acted").to_string();
            (self.last_bot_seat, last)
        }))
    }

    fn run_bots(&mut self) -> Result<u64, String> {
        self.run_bots_limited(u64::MAX)
    }

    fn restart(&mut self, seed: u64, bot_seed: u64) {
        self.game_match.restart(seed);
        self.bot_rng = GameRng::from_seed(bot_seed);
        self.decisions = 0;
        self.last_bot_seat = 0;
        if self.feed.is_some() {
            self.enable_feed();
        }
    }

    fn enable_feed(&mut self) {
        self.feed = Some(Feed::default());
        let keep = self.game_match.log().len();
        self.rebuild(keep).expect("a match replays its own log");
    }

    fn feed(&self, viewer: Viewer, from: usize) -> Vec<FeedItem> {
        let Some(feed) = &self.feed else {
            return Vec::new();
        };
        feed.said
            .iter()
            .enumerate()
            .skip(from)
            .filter(|(_, (_, said))| said.audience.includes(viewer))
            .map(|(index, (after_actions, said))| FeedItem {
                index,
                after_actions: *after_actions,
                event: said.event.clone(),
            })
            .collect()
    }

    fn feed_len(&self) -> usize {
        self.feed.as_ref().map_or(0, |f| f.said.len())
    }

    fn scene(&self, viewer: Viewer) -> Scene {
        let m = &self.game_match;
        let info = G::info();
        let part = m.deal().scene(viewer);
        let to_act = m.to_act();
        let prompt = if m.is_over() { String::new() } else { part.prompt };
        Scene {
            title: part.title,
            seats: part.seats,
            centre: part.centre,
            scores: Scoreboard {
                unit: info.unit.to_string(),
                higher_is_better: info.higher_is_better,
                totals: m.totals().to_vec(),
                deals_completed: m.deals_completed(),
                deal: part.deal_scores,
                target: part.target,
                history: m.deal_deltas().to_vec(),
                teams: m.deal().teams(),
            },
            prompt,
            to_act,
            pick: m
                .deal()
                .picking()
                .filter(|_| to_act.is_some_and(|s| viewer.is(s)) && !m.is_over()),
        }
    }

    fn actions(&self) -> Vec<ActionInfo> {
        let mut legal = Vec::new();
        self.game_match.legal_actions(&mut legal);
        let kinds = <G::Deal as Present>::ACTION_KINDS;
        legal
            .iter()
            .map(|&a| {
                let d = self.game_match.deal().describe(a);
                let group = kinds.iter().find(|k| k.name == d.kind).map_or("play", |k| k.group);
                ActionInfo {
                    notation: a.to_string(),
                    kind: d.kind,
                    group,
                    label: d.label,
                    cards: d.cards,
                    any_suit: d.any_suit,
                }
            })
            .collect()
    }

    fn action_kinds(&self) -> &'static [ActionKind] {
        <G::Deal as Present>::ACTION_KINDS
    }

    fn actors(&self) -> Vec<Seat> {
        self.feed.as_ref().map_or_else(Vec::new, |f| f.actors.clone())
    }

    fn truncate(&mut self, keep: usize) -> Result<(), String> {
        let len = self.game_match.log().len();
        if keep > len {
            return Err(format!("cannot keep {keep} actions: the match has {len}"));
        }
        self.rebuild(keep)
    }

    fn bot_name(&self, seat: Seat) -> Option<&str> {
        self.bots.get(seat)?.as_ref().map(|b| b.name())
    }

    fn bot_rng_position(&self) -> u128 {
        self.bot_rng.position()
    }

    fn set_bot_rng_position(&mut self, position: u128) {
        self.bot_rng.seek(position);
    }

    fn reseed_bots(&mut self, bot_seed: u64) {
        self.bot_rng = GameRng::from_seed(bot_seed);
    }
}

impl<G: Game> Table<G> {
    fn run_bots_limited(&mut self, limit: u64) -> Result<u64, String> {
        let mut n = 0;
        while let Some(seat) = self.game_match.to_act() {
            if n >= limit {
                break;
            }
            let Some(bot) = self.bots[seat].as_mut() else {
                break;
            };
            self.game_match.legal_actions(&mut self.scratch);
            let m = &self.game_match;
            let decision = Decision::new(m.deal(), &self.scratch, m.totals()).expect("a seat is to act");
            let action = bot.choose(&decision, &mut self.bot_rng);
            if let Err(e) = self.apply_action(action) {
                let name = self.bots[seat].as_ref().map_or("?", |b| b.name());
                return Err(format!(
                    "bot '{name}' in seat {seat} chose an illegal action '{action}': {e}"
                ));
            }
            self.last_bot_seat = seat;
            n += 1;
        }
        self.decisions += n;
        Ok(n)
    }
}
