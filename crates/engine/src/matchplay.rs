use crate::game::new_game;
use crate::text::{cut_short, did_you_mean, MAX_ACTION_LEN};
use crate::{
    ConfigError, Deal, DealContext, DealerDraw, Event, Game, GameRecord, Illegal, Ledger, Narration, Present, Seat,
    Variants,
};
use cards::{parse_card_list, Card, GameRng};

/// How a match is set up; with the action list this is everything a replay needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    pub players: usize,
    pub variants: Variants,
    pub seed: u64,
    /// The first deal's pack order (top first) instead of a shuffle.
    pub deck: Option<Vec<Card>>,
    pub dealer: Seat,
    /// End the match after this many deals even if the game's own end is not reached.
    pub deal_limit: Option<u32>,
}

impl MatchSetup {
    pub fn new(players: usize, variants: Variants, seed: u64) -> MatchSetup {
        MatchSetup {
            players,
            variants,
            seed,
            deck: None,
            dealer: 0,
            deal_limit: None,
        }
    }
}

/// A match: deals played one after another until the game's end condition (or a deal limit),
/// with dealer rotation, running totals and the full action log.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    game: G,
    setup: MatchSetup,
    rng: GameRng,
    deal: G::Deal,
    ledger: Ledger,
    dealer: Seat,
    /// The draw that chose the first dealer, where the game draws for it.
    first_draw: Option<DealerDraw>,
    deals_completed: u32,
    /// Completed deals that were thrown in ([`Deal::thrown_in`]).
    deals_thrown_in: u32,
    deal_deltas: Vec<Vec<i64>>,
    /// Chips each completed deal sent to the house.
    deal_house: Vec<i64>,
    log: Vec<<G::Deal as Deal>::Action>,
    over: bool,
}

impl<G: Game> PartialEq for Match<G> {
    fn eq(&self, o: &Self) -> bool {
        self.setup == o.setup
            && self.rng == o.rng
            && self.deal == o.deal
            && self.ledger == o.ledger
            && self.dealer == o.dealer
            && self.first_draw == o.first_draw
            && self.deals_completed == o.deals_completed
            && self.deals_thrown_in == o.deals_thrown_in
            && self.deal_deltas == o.deal_deltas
            && self.deal_house == o.deal_house
            && self.log == o.log
            && self.over == o.over
    }
}

impl<G: Game> Match<G> {
    pub fn new(setup: MatchSetup) -> Result<Match<G>, ConfigError> {
        // First: the seat count (the messages below assume at least one seat).
        let game = new_game::<G>(setup.players, &setup.variants)?;
        if setup.dealer >= setup.players {
            return Err(ConfigError::new(format!(
                "dealer seat {} does not exist: seats are 0 to {}",
                setup.dealer,
                setup.players - 1
            )));
        }
        if setup.deal_limit == Some(0) {
            return Err(ConfigError::new("the deal limit must be at least 1"));
        }
        if let Some(order) = &setup.deck {
            game.deck()
                .check_order(order)
                .map_err(|e| ConfigError::new(format!("bad --deck: {e}")))?;
        }
        let mut rng = GameRng::from_seed(setup.seed);
        let (deal, dealer, first_draw) = first_deal(&game, &setup, &mut rng);
        let mut m = Match {
            ledger: Ledger::new(setup.players),
            dealer,
            first_draw,
            game,
            rng,
            deal,
            deals_completed: 0,
            deals_thrown_in: 0,
            deal_deltas: Vec::new(),
            deal_house: Vec::new(),
            log: Vec::new(),
            over: false,
            setup,
        };
        m.settle_finished_deals();
        Ok(m)
    }

    /// Starts this match over with another seed, as `Match::new` would with the same setup
    /// and that seed, reusing what it has allocated: simulations play many short matches.
    pub fn restart(&mut self, seed: u64) {
        self.setup.seed = seed;
        self.rng = GameRng::from_seed(seed);
        let (deal, dealer, first_draw) = first_deal(&self.game, &self.setup, &mut self.rng);
        self.deal = deal;
        self.dealer = dealer;
        self.first_draw = first_draw;
        self.ledger.reset();
        self.deals_completed = 0;
        self.deals_thrown_in = 0;
        self.deal_deltas.clear();
        self.deal_house.clear();
        self.log.clear();
        self.over = false;
        self.settle_finished_deals();
    }

    /// Rebuilds a match from its record by replaying every action.
    pub fn from_record(record: &GameRecord) -> Result<Match<G>, ConfigError> {
        let info = G::info();
        if record.game != info.id {
            return Err(ConfigError::new(format!(
                "this record is for '{}', not '{}'",
                record.game, info.id
            )));
        }
        let variants = Variants::parse(info.variants, &record.variants)?;
        let deck = match &record.deck {
            Some(text) => {
                Some(parse_card_list(text).map_err(|e| ConfigError::new(format!("bad deck in record: {e}")))?)
            }
            None => None,
        };
        let setup = MatchSetup {
            players: record.players,
            variants,
            seed: record.seed,
            deck,
            dealer: record.dealer,
            deal_limit: record.deals,
        };
        let mut m = Match::new(setup)?;
        for (i, text) in record.actions.iter().enumerate() {
            m.apply_text(text)
                .map_err(|e| ConfigError::new(format!("record action {} ('{text}'): {e}", i + 1)))?;
        }
        Ok(m)
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    /// The current deal (the last one, once the match is over).
    pub fn deal(&self) -> &G::Deal {
        &self.deal
    }

    pub fn to_act(&self) -> Option<Seat> {
        if self.over {
            None
        } else {
            self.deal.to_act()
        }
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    pub fn legal_actions(&self, out: &mut Vec<<G::Deal as Deal>::Action>) {
        out.clear();
        if !self.over {
            self.deal.legal_actions(out);
        }
    }

    /// Applies an action; on error nothing changes.
    pub fn apply(&mut self, action: <G::Deal as Deal>::Action) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::new("the match is over"));
        }
        self.deal.apply(action)?;
        self.log.push(action);
        // A deal with a seat to act has no outcome yet: skip the call on almost every action.
        if self.deal.to_act().is_none() {
            self.settle_finished_deals();
        }
        Ok(())
    }

    /// [`Match::apply`], telling `out` what each audience saw: the game's narration of the
    /// action, and when a deal ends its breakdown, the score changes, then the next deal's start
    /// or the match's end.
    pub fn apply_narrated(&mut self, action: <G::Deal as Deal>::Action, out: &mut Narration) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::new("the match is over"));
        }
        let before = self.deal.clone();
        self.deal.apply(action)?;
        self.log.push(action);
        before.narrate(action, &self.deal, out);
        if self.deal.to_act().is_none() {
            self.settle_and_narrate(out);
        }
        Ok(())
    }

    /// What the table sees as the match begins: the draw for the first dealer, who deals, and
    /// the game's own start of the first deal.
    pub fn narrate_opening(&self, out: &mut Narration) {
        if let Some(draw) = &self.first_draw {
            let cards: Vec<String> = draw
                .first_cards
                .iter()
                .enumerate()
                .map(|(s, c)| format!("@{s} {c}"))
                .collect();
            out.all(
                Event::new(
                    "draw",
                    Some(draw.dealer),
                    format!(
                        "Cards drawn for the first deal: {} (tied players drew again); @{} {{deal|deals}} first.",
                        cards.join(", "),
                        draw.dealer
                    ),
                )
                .with_cards(draw.first_cards.iter().copied()),
            );
        }
        self.narrate_deal_start(out);
    }

    fn narrate_deal_start(&self, out: &mut Narration) {
        out.all(Event::new(
            "deal-start",
            Some(self.dealer),
            format!(
                "Deal {} begins: @{} {{deal|deals}}.",
                self.deals_completed + 1,
                self.dealer
            ),
        ));
        self.deal.narrate_start(out);
    }

    /// Settles finished deals as [`Match::apply`] does, narrating each end and start.
    fn settle_and_narrate(&mut self, out: &mut Narration) {
        loop {
            if self.deal.outcome().is_none() {
                return;
            }
            let start = out.said.len();
            self.deal.narrate_end(out);
            let thrown_in = self.deal.thrown_in();
            let number = self.deals_completed + 1;
            let deals_before = self.deals_completed;
            self.settle_one();
            let deltas = self.deal_deltas.last().expect("a deal was settled");
            let unit = G::info().unit;
            let moves: Vec<String> = deltas
                .iter()
                .enumerate()
                .map(|(s, &d)| {
                    if d == 0 {
                        format!("@{s} 0")
                    } else {
                        format!("@{s} {d:+}")
                    }
                })
                .collect();
            let house = *self.deal_house.last().expect("a deal was settled");
            let house = if house != 0 {
                format!("; the house takes {house}")
            } else {
                String::new()
            };
            if thrown_in {
                // Nothing was played, so there is nothing to explain: no breakdown, and front
                // ends move on to the next deal without asking anyone to read one.
                out.all(Event::new(
                    "deal-end",
                    None,
                    format!("Deal {number} is over: thrown in, no score."),
                ));
            } else {
                out.all(Event::new(
                    "deal-end",
                    None,
                    format!("Deal {number} is over. Changes in {unit}: {}{house}.", moves.join(", ")),
                ));
                for said in &mut out.said[start..] {
                    said.event.breakdown = true;
                }
            }
            if self.over {
                let totals = self.ledger.totals();
                let winners = self.winners();
                let names: Vec<String> = winners.iter().map(|w| format!("@{w}")).collect();
                let standings: Vec<String> = totals.iter().enumerate().map(|(s, t)| format!("@{s} {t}")).collect();
                let verb = if winners.len() == 1 { "{win|wins}" } else { "win" };
                out.all(Event::new(
                    "match-end",
                    (winners.len() == 1).then(|| winners[0]),
                    format!(
                        "The match is over: {} {verb}. Final {unit}: {}.",
                        names.join(" and "),
                        standings.join(", ")
                    ),
                ));
                return;
            }
            debug_assert!(self.deals_completed > deals_before);
            self.narrate_deal_start(out);
        }
    }

    /// A match that `seat` cannot tell apart from this one: the current deal's hidden cards
    /// redrawn by [`Deal::sample_world`], and the match's random stream (which holds the packs of
    /// the deals to come) reseeded from `rng`. Totals, log and setup are kept, so its record no
    /// longer replays to it. A finished match is returned as it is.
    pub fn sample_world(&self, seat: Seat, rng: &mut GameRng) -> Match<G> {
        let mut m = self.clone();
        if !self.over {
            m.deal = self.deal.sample_world(seat, rng);
            m.rng = GameRng::from_seed(rng.next_u64());
        }
        m
    }

    /// Parses and applies one action; on error nothing changes and the message says what was
    /// wrong, quoting the input cut short, and which legal actions it may have meant.
    pub fn apply_text(&mut self, text: &str) -> Result<(), String> {
        let action = self.parse_action(text)?;
        self.apply(action)
            .map_err(|e| format!("illegal action '{action}': {e}"))
    }

    /// Parses action text as [`Match::apply_text`] does, without applying it.
    pub fn parse_action(&self, text: &str) -> Result<<G::Deal as Deal>::Action, String> {
        let text = text.trim();
        let length = text.chars().count();
        if length > MAX_ACTION_LEN {
            return Err(format!(
                "malformed action '{}': {length} characters, and no action is longer than {MAX_ACTION_LEN}",
                cut_short(text, 40)
            ));
        }
        text.parse::<<G::Deal as Deal>::Action>().map_err(|e| {
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            let legal: Vec<String> = legal.iter().map(ToString::to_string).collect();
            let meant = did_you_mean(text, &legal, 6);
            // A game's parser knows its notation but not the moment (a Hearts moon choice
            // takes no card): a short legal list says what the moment takes.
            if meant.is_empty() && (1..=4).contains(&legal.len()) {
                format!("malformed action '{text}': {e}. Legal now: {}", legal.join(", "))
            } else if meant.is_empty() {
                format!("malformed action '{text}': {e}")
            } else {
                format!("'{text}' is not a whole action: did you mean {}?", meant.join(" or "))
            }
        })
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn totals(&self) -> &[i64] {
        self.ledger.totals()
    }

    pub fn deals_completed(&self) -> u32 {
        self.deals_completed
    }

    /// How many of the completed deals were thrown in (everyone passed): the deals actually
    /// played are `deals_completed() - deals_thrown_in()`.
    pub fn deals_thrown_in(&self) -> u32 {
        self.deals_thrown_in
    }

    /// Each completed deal's score changes, in order.
    pub fn deal_deltas(&self) -> &[Vec<i64>] {
        &self.deal_deltas
    }

    /// Chips each completed deal sent to the house (a house cut), in order.
    pub fn deal_house(&self) -> &[i64] {
        &self.deal_house
    }

    /// Who deals (or banks) the current deal: the game's choice where it makes one.
    pub fn dealer(&self) -> Seat {
        self.deal.dealer_seat().unwrap_or(self.dealer)
    }

    /// The draw that chose the first dealer, in games that draw for it (and not with a scripted
    /// pack).
    pub fn first_draw(&self) -> Option<&DealerDraw> {
        self.first_draw.as_ref()
    }

    pub fn log(&self) -> &[<G::Deal as Deal>::Action] {
        &self.log
    }

    /// The winners of a finished match (empty while it goes on).
    pub fn winners(&self) -> Vec<Seat> {
        if self.over {
            self.game.winners(self.ledger.totals())
        } else {
            Vec::new()
        }
    }

    /// The seat's view as JSON: the deal's view plus a `match` object with the running totals.
    pub fn view_json(&self, seat: Seat) -> serde_json::Value {
        let mut v = serde_json::to_value(self.deal.view(seat)).expect("views serialise");
        if let Some(obj) = v.as_object_mut() {
            obj.insert(
                "match".into(),
                serde_json::json!({
                    "totals": self.ledger.totals(),
                    "deals_completed": self.deals_completed,
                    "over": self.over,
                    "dealer": self.dealer(),
                }),
            );
            if let Some(draw) = &self.first_draw {
                obj["match"]["first_draw"] = serde_json::json!(draw);
            }
        }
        v
    }

    pub fn record(&self) -> GameRecord {
        GameRecord {
            game: G::info().id.to_string(),
            players: self.setup.players,
            variants: self.setup.variants.given_items(),
            seed: self.setup.seed,
            deck: self
                .setup
                .deck
                .as_ref()
                .map(|d| d.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")),
            dealer: self.setup.dealer,
            deals: self.setup.deal_limit,
            actions: self.log.iter().map(|a| a.to_string()).collect(),
            salt: None,
            seed_commitment: None,
            chosen_seed: false,
        }
    }

    fn settle_finished_deals(&mut self) {
        while !self.over && self.settle_one() {}
    }

    /// Settles the current deal if it is over, starting the next one unless the match ends;
    /// says whether it settled one.
    fn settle_one(&mut self) -> bool {
        {
            let Some(outcome) = self.deal.outcome() else {
                return false;
            };
            self.ledger.apply_deltas(&outcome.deltas);
            self.ledger.pay_house(outcome.house);
            self.deal_deltas.push(outcome.deltas);
            self.deal_house.push(outcome.house);
            self.deals_completed += 1;
            self.deals_thrown_in += u32::from(self.deal.thrown_in());
            let limit_reached = self.setup.deal_limit.is_some_and(|d| self.deals_completed >= d);
            if limit_reached || self.game.match_over(self.ledger.totals(), self.deals_completed) {
                self.over = true;
                return true;
            }
            self.dealer = outcome.next_dealer.unwrap_or((self.dealer + 1) % self.setup.players);
            let order = match self.game.next_order(&self.deal, &mut self.rng) {
                Some(order) => order,
                None => shuffled(&self.game, &mut self.rng),
            };
            let ctx = DealContext {
                players: self.setup.players,
                dealer: self.dealer,
                deal_number: self.deals_completed,
                scripted: false,
            };
            self.deal = self.game.start_deal(ctx, &order, Some(&self.deal), &mut self.rng);
        }
        true
    }
}

/// The first deal of a match: from the scripted pack or a shuffle, with the first dealer
/// drawn where the game draws for it.
fn first_deal<G: Game>(game: &G, setup: &MatchSetup, rng: &mut GameRng) -> (G::Deal, Seat, Option<DealerDraw>) {
    let order = match &setup.deck {
        Some(order) => order.clone(),
        None => shuffled(game, rng),
    };
    let first_draw = match setup.deck {
        Some(_) => None,
        None => game.draw_first_dealer(rng),
    };
    let dealer = first_draw.as_ref().map_or(setup.dealer, |d| d.dealer);
    let ctx = DealContext {
        players: setup.players,
        dealer,
        deal_number: 0,
        scripted: setup.deck.is_some(),
    };
    (game.start_deal(ctx, &order, None, rng), dealer, first_draw)
}

fn shuffled<G: Game>(game: &G, rng: &mut GameRng) -> Vec<Card> {
    let mut order = game.deck().cards();
    rng.shuffle(&mut order);
    order
}
