use crate::{ConfigError, Illegal, Present, VariantSpec, Variants};
use cards::{Card, CardCounts, DeckSpec, GameRng};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// Seats are numbered clockwise from 0: seat `s + 1` sits on seat `s`'s left.
pub type Seat = usize;

/// The seat `steps` places to the left (clockwise) of `seat` at a table of `players`.
pub fn next_seat(seat: Seat, steps: usize, players: usize) -> Seat {
    (seat + steps) % players
}

/// What a game is, independent of any configuration.
#[derive(Debug)]
pub struct GameInfo {
    /// Stable id used on the command line (`hearts`, `belote`, ...).
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub default_players: usize,
    /// Whether a higher total is better (false for golf-scored games such as Hearts).
    pub higher_is_better: bool,
    /// Whether each deal's score changes sum to zero (chip games); checked by the test kit.
    pub zero_sum: bool,
    /// The unit of the totals: "points" or "chips".
    pub unit: &'static str,
    pub variants: &'static [VariantSpec],
    /// The rules page, in our own words: rules, variants, `--deck` deal order, action notation.
    pub rules: &'static str,
    /// A paragraph for someone who has never played the game (the lobby shows it).
    pub summary: &'static str,
}

impl GameInfo {
    /// Whether the game can be played by `players`, with a message naming the allowed range.
    pub fn check_players(&self, players: usize) -> Result<(), ConfigError> {
        if (self.min_players..=self.max_players).contains(&players) {
            return Ok(());
        }
        let range = if self.min_players == self.max_players {
            format!("exactly {}", self.min_players)
        } else {
            format!("{} to {}", self.min_players, self.max_players)
        };
        Err(ConfigError::new(format!(
            "{} is played by {range} players, not {players}",
            self.name
        )))
    }
}

/// `G` configured for `players` seats: the seat count is checked against the game's range
/// first, so no game repeats that check in its own `new`.
pub fn new_game<G: Game>(players: usize, variants: &Variants) -> Result<G, ConfigError> {
    G::info().check_players(players)?;
    G::new(players, variants)
}

/// Facts a game needs to start a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealContext {
    pub players: usize,
    pub dealer: Seat,
    /// Deals completed before this one in the match (0 for the first).
    pub deal_number: u32,
    /// Whether the pack order was given from outside (`--deck`) rather than shuffled: games
    /// that would draw a random cut use a fixed, documented position instead.
    pub scripted: bool,
}

/// How a finished deal changes the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealOutcome {
    /// Change to each seat's total.
    pub deltas: Vec<i64>,
    /// Who deals next; `None` means the usual rotation to the dealer's left.
    pub next_dealer: Option<Seat>,
    /// Chips that left the table for the house (a house cut); a zero-sum game's deltas plus
    /// this sum to zero.
    pub house: i64,
}

impl DealOutcome {
    /// Score changes with the usual rotation and nothing for the house.
    pub fn new(deltas: Vec<i64>) -> DealOutcome {
        DealOutcome {
            deltas,
            next_dealer: None,
            house: 0,
        }
    }

    /// The same, with the next dealer (or banker) chosen by the game.
    pub fn with_next_dealer(deltas: Vec<i64>, next: Seat) -> DealOutcome {
        DealOutcome {
            deltas,
            next_dealer: Some(next),
            house: 0,
        }
    }
}

/// The search the `hard` bot runs for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HardSearch {
    /// Information-set MCTS with rule-bot rollouts and an opponent model (the default).
    Tree,
    /// Flat rule-bot rollouts after each root action on the same sampled worlds and random
    /// stream, for long deals whose luck drowns differences between actions.
    PairedRollouts,
    /// The game's own bot of this name ([`Game::bot`]): for games where no rollout policy is
    /// both fast and sensible, a bot that looks ahead in its own way (still from its view only).
    GameBot(&'static str),
}

/// One configured game: the immutable rules (seat count and variants), OpenSpiel's "Game".
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// Every front end draws the deal and every match narrates it, so the bound sits here and
    /// code generic over a game needs no more of its own.
    type Deal: Present;

    fn info() -> &'static GameInfo;

    /// Configures the game, refusing a variant combination it cannot play. Call it through
    /// [`new_game`], which has already checked `players` against `min_players..=max_players`.
    fn new(players: usize, variants: &Variants) -> Result<Self, ConfigError>;

    fn players(&self) -> usize;

    /// The pack; `--deck` must be a permutation of it.
    fn deck(&self) -> DeckSpec;

    /// The first dealer (or banker) for games whose rules draw cards for it; `None` (the default)
    /// keeps the setup's dealer. [`Match::new`](crate::Match::new) calls it once, after the first
    /// pack is shuffled and before the first deal starts, and never with a scripted pack (there
    /// the `--dealer` seat deals).
    fn draw_first_dealer(&self, _rng: &mut GameRng) -> Option<crate::DealerDraw> {
        None
    }

    /// Starts a deal from the pack in `order` (top card first). `previous` is the deal just
    /// finished, for games that carry something over (points held in suspense, ...); `rng` is
    /// the match's generator, for random acts of the deal itself such as a cut.
    fn start_deal(
        &self,
        ctx: DealContext,
        order: &[Card],
        previous: Option<&Self::Deal>,
        rng: &mut GameRng,
    ) -> Self::Deal;

    /// The next deal's pack order when the game does not shuffle between deals (the cards as
    /// gathered from the finished deal, then cut); `None` means shuffle.
    fn next_order(&self, _finished: &Self::Deal, _rng: &mut GameRng) -> Option<Vec<Card>> {
        None
    }

    /// Whether the match ends after `deals_completed` deals with these totals.
    fn match_over(&self, totals: &[i64], deals_completed: u32) -> bool;

    /// The winners of a finished match (all seats sharing the best total, by default).
    fn winners(&self, totals: &[i64]) -> Vec<Seat> {
        let best = if Self::info().higher_is_better {
            totals.iter().max()
        } else {
            totals.iter().min()
        };
        let best = best.copied().unwrap_or_default();
        (0..totals.len()).filter(|&s| totals[s] == best).collect()
    }

    /// Whether every deal's score changes sum to zero under this configuration (checked by the
    /// test kit); by default what [`GameInfo::zero_sum`] says.
    fn is_zero_sum(&self) -> bool {
        Self::info().zero_sum
    }

    /// The game's own (rule-based) bots by name, if it has any. Generic bots live in `bots`.
    fn bot(&self, _name: &str) -> Option<Box<dyn crate::Bot<Self::Deal>>> {
        None
    }

    /// Whether the rule bot is cheap enough to play search rollouts (false for bots that run a
    /// meld solver on every move); search bots then roll out randomly instead.
    fn rule_bot_suits_rollouts() -> bool {
        true
    }

    /// Iterations the `hard` search bot spends per decision: fixed (not timed) so seeded games
    /// replay exactly, and sized per game (and table size) to keep a move under about half a
    /// second.
    fn hard_iterations(&self) -> u32 {
        300
    }

    /// How `hard` searches this game.
    fn hard_search() -> HardSearch {
        HardSearch::Tree
    }

    /// Names accepted by [`Game::bot`], for help texts.
    fn bot_names() -> &'static [&'static str] {
        &[]
    }
}

/// The state of one deal, OpenSpiel's "State". Cheap to clone; clones share nothing.
pub trait Deal: Clone + Debug + PartialEq + Send + Sync + 'static {
    type Action: Copy + Eq + Ord + Hash + Debug + Display + FromStr<Err = String> + Send + Sync + 'static;
    /// Everything one seat may see, and nothing more.
    type View: Clone + Debug + PartialEq + serde::Serialize;

    /// The one seat that decides now; `None` once the deal is over.
    fn to_act(&self) -> Option<Seat>;

    /// Appends the legal actions, sorted and without duplicates, to `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Applies an action for the seat to act. On `Err` the state is unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), Illegal>;

    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::View;

    /// A full state that `seat` cannot tell apart from this one: same view, hidden cards
    /// redistributed consistently with everything the seat has seen (for search bots).
    fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// The deal's result once it is over.
    fn outcome(&self) -> Option<DealOutcome>;

    /// Every card of the pack wherever it lies; must always equal the pack (conservation).
    fn cards(&self) -> CardCounts;

    /// The form of `action` that the legal list uses, when a game accepts more than one form of
    /// the same move (Big Three plays a combination with the suits a player picks, and lists it
    /// once with the lowest suits). `apply` may accept a non-listed action only when its
    /// canonical form is legal; the test kit holds every game to that. The action itself by
    /// default.
    fn canonical(&self, action: Self::Action) -> Self::Action {
        action
    }

    /// Whether searching sampled worlds is worth it at this decision. Games answer false where
    /// their rule bot judges better than a search can (Ziginette, whose rule bot follows the
    /// exact odds); search bots then defer to their guide or rollout bot.
    /// It must depend only on public information.
    fn search_helps(&self) -> bool {
        true
    }

    /// Whether the seat to act is choosing a set: it picks several of its legal actions one
    /// after another, in any order, before anyone else acts or sees them (Hearts' pass). Search
    /// bots may then weigh whole sets instead of one pick at a time. Public information only.
    fn choosing_set(&self) -> bool {
        false
    }

    /// Whether every seat sees the move the seat to act makes now, as it is made (a card played
    /// face up to a trick). A search that tells the searcher's later decisions apart by the
    /// others' moves branches only on such moves, since a hidden one (a card passed or drawn
    /// face down) would split its decisions by what it cannot see. Public information only. The
    /// default, false, claims no move is seen.
    fn move_is_public(&self) -> bool {
        false
    }

    /// Whether the seat to act is bidding for a contract (an auction or a take decision), where
    /// `hard` weighs each bid by playing it out rather than by its tree search. It must depend
    /// only on public information. `hard` weighs at most the first eight legal actions: games
    /// with longer lists (Auction Pinochle's bids) sort passing first and bids from the lowest.
    fn bidding(&self) -> bool {
        false
    }

    /// Whether this finished deal was thrown in: everyone passed, nobody played a contract and
    /// the deal passes on (Belote, Auction Pinochle). False (the default) for games that always
    /// play their deals. Counted by [`crate::Match::deals_thrown_in`] so that simulations can
    /// tell deals played from deals thrown in.
    fn thrown_in(&self) -> bool {
        false
    }

    /// For reading the other players' moves (policy-based inference, issue 28): called on a
    /// world sampled for `seat`, appends to `out` the earlier decisions of this deal made by the
    /// other seats, each as the state just before it (rebuilt in this world) and the action
    /// taken. Only this world's cards and the deal's public history may enter, so the answer is
    /// the same for every world `seat` cannot tell apart from this one but for its hidden cards.
    /// The default appends nothing: no inference.
    fn past_moves(&self, seat: Seat, out: &mut Vec<(Self, Self::Action)>) {
        let _ = (seat, out);
    }

    /// Who deals this deal, when the game chooses (Jewel's cut for seats) rather than the
    /// match's rotation; `None` (the default) means the match's dealer.
    fn dealer_seat(&self) -> Option<Seat> {
        None
    }
}
