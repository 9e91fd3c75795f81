//! The full-screen table, drawn into ratatui's test backend: every game at its first decision,
//! mid-deal, at the end of a deal and at the end of the match, at 80x24 and 120x40, kept as
//! insta snapshots. Every screen is also checked for cards the player may not see.

use cards::{Card, CardSet, Rank, Suit};
use cli::session::{NewSession, Session};
use cli::tui::{draw, App, Look};
use cli::TableOptions;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn session(id: &str, seed: u64, deals: u32) -> Session {
    let n = NewSession {
        id: id.to_string(),
        table: TableOptions {
            seed,
            deals: Some(deals),
            ..TableOptions::default()
        },
        seat: 0,
        bots: vec!["medium".to_string()],
        hint_bot: "medium".to_string(),
    };
    Session::new(&n, None).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    terminal.backend().to_string()
}

/// Card faces drawn on a screen ("Q♠", "10♥").
fn faces(text: &str) -> CardSet {
    let chars: Vec<char> = text.chars().collect();
    let mut out = CardSet::EMPTY;
    for (i, &ch) in chars.iter().enumerate() {
        let suit = match ch {
            '♣' => Suit::Clubs,
            '♦' => Suit::Diamonds,
            '♥' => Suit::Hearts,
            '♠' => Suit::Spades,
            _ => continue,
        };
        let rank = match (i.checked_sub(2).map(|j| chars[j]), i.checked_sub(1).map(|j| chars[j])) {
            (Some('1'), Some('0')) => Some(Rank::Ten),
            (_, Some('A')) => Some(Rank::Ace),
            (_, Some('J')) => Some(Rank::Jack),
            (_, Some('Q')) => Some(Rank::Queen),
            (_, Some('K')) => Some(Rank::King),
            (_, Some(d)) if ('2'..='9').contains(&d) => Rank::from_value(d as u8 - b'0'),
            _ => None,
        };
        if let Some(r) = rank {
            out.insert(Card::new(r, suit));
        }
    }
    out
}

/// Everything the person has been shown through the table model: the screen may draw no
/// other card.
fn allowed(app: &App) -> CardSet {
    let s = &app.session;
    let scene = serde_json::to_value(s.scene()).unwrap();
    let mut seen = testkit::cards_shown(&scene);
    for line in s.feed_history() {
        seen |= testkit::text_cards(&line.text);
    }
    for a in s.actions() {
        seen |= a.cards.iter().copied().collect::<CardSet>() | testkit::text_cards(&a.label);
    }
    seen
}

fn snap(app: &App, id: &str, moment: &str) {
    for (w, h) in SIZES {
        let text = screen(app, w, h);
        let shown = faces(&text) - allowed(app);
        assert!(
            shown.is_empty(),
            "{id} {moment} {w}x{h}: the screen shows {shown}, never told:\n{text}"
        );
        insta::assert_snapshot!(format!("{id}_{moment}_{w}x{h}"), text);
    }
}

/// A small deterministic stream for the person's choices.
struct Picker(u64);

impl Picker {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays the person's turns at random until `until` holds (bounded).
fn play_until(app: &mut App, picker: &mut Picker, until: impl Fn(&App) -> bool) {
    for _ in 0..20_000 {
        app.settle().unwrap();
        if until(app) {
            return;
        }
        if app.window().is_some() {
            app.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)).unwrap();
            continue;
        }
        let actions = app.session.actions();
        assert!(!actions.is_empty(), "the table waits for the person, who has no action");
        let a = &actions[picker.pick(actions.len())];
        app.play(&a.notation);
        assert!(app.message().is_empty(), "{}: {}", a.notation, app.message());
    }
    panic!("the moment never came");
}

#[test]
fn every_game_draws_at_every_moment() {
    for info in games::registry::all() {
        let id = info.id;
        let mut app = App::new(
            session(id, 7, 2),
            Look {
                colour: false,
                four_colour: false,
                bot_delay: Default::default(),
            },
        );
        let mut picker = Picker(7);
        app.settle().unwrap();
        snap(&app, id, "1-first-decision");
        // Mid-deal: a later decision of the first deal (or its end, in a very short deal).
        play_until(&mut app, &mut picker, |a| {
            let later = a.session.table().decisions() >= 8 && a.session.my_turn() && a.window().is_none();
            later || a.window() == Some("deal-end")
        });
        snap(&app, id, "2-mid-deal");
        play_until(&mut app, &mut picker, |a| a.window() == Some("deal-end"));
        snap(&app, id, "3-end-of-deal");
        play_until(&mut app, &mut picker, |a| a.window() == Some("match-end"));
        snap(&app, id, "4-end-of-match");
    }
}

#[test]
fn keys_pick_cards_and_open_windows() {
    let mut app = App::new(session("hearts", 2, 1), Look::default());
    app.settle().unwrap();
    let key = |c: KeyCode| KeyEvent::new(c, KeyModifiers::NONE);
    // Three cards picked with Space and passed with one Enter.
    for k in [
        KeyCode::Char(' '),
        KeyCode::Right,
        KeyCode::Char(' '),
        KeyCode::Right,
        KeyCode::Char(' '),
    ] {
        app.key(key(k)).unwrap();
    }
    app.key(key(KeyCode::Enter)).unwrap();
    let record = app.session.table().record();
    assert_eq!(&record.actions[9..12], ["3S", "8S", "9S"], "{:?}", record.actions);
    for (k, window) in [('?', "help"), ('r', "rules"), ('l', "log"), ('q', "quit")] {
        app.key(key(KeyCode::Char(k))).unwrap();
        assert_eq!(app.window(), Some(window));
        app.key(key(KeyCode::Esc)).unwrap();
        assert_eq!(app.window(), None);
    }
    let rules = screen(
        &{
            let mut a = App::new(session("hearts", 2, 1), Look::default());
            a.key(key(KeyCode::Char('r'))).unwrap();
            a
        },
        80,
        24,
    );
    assert!(
        rules.contains("HEARTS") && !rules.contains("## "),
        "rendered, not raw Markdown:\n{rules}"
    );
    // A hint names the bot that gave it; undo takes back the person's last decision.
    app.settle().unwrap();
    app.key(key(KeyCode::Char('h'))).unwrap();
    assert!(
        app.message().starts_with("The medium bot suggests: "),
        "{}",
        app.message()
    );
    let before = app.session.table().record().actions.len();
    app.key(key(KeyCode::Down)).unwrap();
    app.key(key(KeyCode::Enter)).unwrap();
    app.settle().unwrap();
    assert!(app.session.table().record().actions.len() > before);
    app.key(key(KeyCode::Char('u'))).unwrap();
    assert_eq!(app.session.table().record().actions.len(), before, "{}", app.message());
    // Typed notation still works, and a refusal says why.
    app.key(key(KeyCode::Char(':'))).unwrap();
    for c in "ZZ".chars() {
        app.key(key(KeyCode::Char(c))).unwrap();
    }
    app.key(key(KeyCode::Enter)).unwrap();
    assert!(app.message().contains("malformed action 'ZZ'"), "{}", app.message());
}

/// Enter pressed while the bots play is refused, and the refusal goes once the turn comes
/// round, so that the prompt shows again (a person who pressed Enter twice was left reading
/// "It is not your turn." on their own turn).
#[test]
fn a_refused_early_key_gives_way_to_the_prompt_on_the_persons_turn() {
    let mut app = App::new(session("hearts", 2, 1), Look::default());
    app.settle().unwrap();
    let key = |c: KeyCode| KeyEvent::new(c, KeyModifiers::NONE);
    // Pass three cards; the bots pass and play on until the person must act again.
    for _ in 0..3 {
        app.key(key(KeyCode::Up)).unwrap();
        app.key(key(KeyCode::Enter)).unwrap();
    }
    assert!(!app.session.my_turn(), "a bot is to act after the pass");
    app.key(key(KeyCode::Enter)).unwrap();
    assert_eq!(app.message(), "It is not your turn.");
    app.settle().unwrap();
    assert!(app.session.my_turn());
    assert!(app.message().is_empty(), "{}", app.message());
    let screen = screen(&app, 80, 24);
    assert!(!screen.contains("not your turn"), "{screen}");
}

#[test]
fn no_colour_and_small_screens() {
    // NO_COLOR: no cell carries a colour.
    let mut app = App::new(
        session("hearts", 3, 1),
        Look {
            colour: false,
            ..Look::default()
        },
    );
    app.settle().unwrap();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| draw(f, &app)).unwrap();
    let buffer = terminal.backend().buffer();
    assert!(buffer.content().iter().all(|c| c.fg == ratatui::style::Color::Reset));
    // With colour, hearts are red.
    let app = App::new(session("hearts", 3, 1), Look::default());
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| draw(f, &app)).unwrap();
    assert!(terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .any(|c| c.symbol() == "♥" && c.fg == ratatui::style::Color::Red));
    // Tiny and odd sizes draw without panicking (a resize is a redraw at the new size).
    for (w, h) in [(20, 6), (1, 1), (80, 10), (200, 60)] {
        screen(&app, w, h);
    }
}
