//! The table model across games: every deal ends with a breakdown that explains the score
//! changes, labels read as people write, and a few sentences worked out by hand.

use cards::GameRng;
use engine::{seat_name, Game, Match, MatchSetup, Narration, Present, Variants, Viewer};
use games::registry::{self, GameVisitor};

/// Plays one deal at random with the feed on; returns every line told to seat 0 and the
/// labels seen on the way.
struct OneDeal(u64);

impl GameVisitor for OneDeal {
    type Output = (Vec<(String, bool)>, Vec<String>);

    fn visit<G: Game>(self) -> Self::Output {
        let info = G::info();
        let v = Variants::parse::<&str>(info.variants, &[]).unwrap();
        let mut setup = MatchSetup::new(info.default_players, v, self.0);
        setup.deal_limit = Some(1);
        let mut m = Match::<G>::new(setup).unwrap();
        let mut out = Narration::new();
        m.narrate_opening(&mut out);
        let mut rng = GameRng::from_seed(self.0);
        let mut legal = Vec::new();
        let mut labels = Vec::new();
        while !m.is_over() {
            m.legal_actions(&mut legal);
            for &a in &legal {
                labels.push(m.deal().describe(a).label);
            }
            let a = legal[rng.index(legal.len())];
            m.apply_narrated(a, &mut out).unwrap();
        }
        let lines = out
            .said
            .iter()
            .filter(|s| s.audience.includes(Viewer::Seat(0)))
            .map(|s| (s.event.render(Viewer::Seat(0), &seat_name), s.event.breakdown))
            .collect();
        (lines, labels)
    }
}

#[test]
fn every_deal_ends_with_its_breakdown_and_labels_are_sentences() {
    for info in registry::all() {
        for seed in 0..3 {
            let (lines, labels) = registry::visit(info.id, OneDeal(seed)).unwrap();
            let breakdown: Vec<&String> = lines.iter().filter(|(_, b)| *b).map(|(l, _)| l).collect();
            assert!(
                breakdown.len() >= 2,
                "{} seed {seed}: the deal's end explains its scores: {breakdown:?}",
                info.id
            );
            assert!(breakdown.last().unwrap().contains("is over. Changes in"), "{}", info.id);
            for l in &labels {
                let first = l.chars().next().unwrap();
                assert!(first.is_uppercase(), "{}: label '{l}' starts a sentence", info.id);
                assert!(!l.contains("  ") && !l.ends_with('.'), "{}: label '{l}'", info.id);
            }
            for (l, _) in &lines {
                assert!(
                    l.ends_with('.') || l.ends_with(')'),
                    "{}: '{l}' is a whole sentence",
                    info.id
                );
            }
        }
    }
}

#[test]
fn hearts_passes_are_told_without_their_cards_to_the_others() {
    let (lines, _) = registry::visit("hearts", OneDeal(2)).unwrap();
    let text: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    assert!(
        text.contains(&"Seat 1 chooses three cards to pass to seat 2."),
        "{text:?}"
    );
    assert!(text
        .iter()
        .any(|l| l.starts_with("You choose ") && l.ends_with("(3 of 3).")));
    assert!(text
        .iter()
        .any(|l| l.starts_with("You receive ") && l.ends_with("from seat 3.")));
    assert!(text
        .iter()
        .any(|l| l.contains(" takes trick 13") || l.contains("You take trick 13")));
}

#[test]
fn ace_deuce_jack_settles_every_bet_in_words() {
    let (lines, labels) = registry::visit("ace-deuce-jack", OneDeal(5)).unwrap();
    assert!(labels.contains(&"Bet 1 chips".to_string()) || labels.iter().any(|l| l.starts_with("Bet ")));
    let text: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    assert!(text
        .iter()
        .any(|l| l.starts_with("The pack is cut into three piles; their bottom cards are ")));
    assert!(
        text.iter()
            .any(|l| l.contains("the bank takes every bet") || l.contains("the bank pays every bet")),
        "{text:?}"
    );
}

#[test]
fn big_three_labels_name_the_combination_and_its_cards() {
    let (_, labels) = registry::visit("big-three", OneDeal(1)).unwrap();
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Play a pair of ") && l.matches(' ').count() >= 5),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Bid ") || l.starts_with("Open with ")),
        "{labels:?}"
    );
}

/// Lines told to seat 0 (with their breakdown flags) as everyone passes `passes` times.
fn all_pass<G: Game>(passes: usize) -> (Vec<(String, bool)>, u32) {
    let info = G::info();
    let mut setup = MatchSetup::new(info.default_players, Variants::defaults(info.variants), 4);
    setup.deal_limit = Some(2);
    let mut m = Match::<G>::new(setup).unwrap();
    let mut out = Narration::new();
    for _ in 0..passes {
        let pass = m.parse_action("pass").unwrap();
        m.apply_narrated(pass, &mut out).unwrap();
    }
    let lines = out
        .said
        .iter()
        .filter(|s| s.audience.includes(Viewer::Seat(0)))
        .map(|s| (s.event.render(Viewer::Seat(0), &seat_name), s.event.breakdown))
        .collect();
    (lines, m.deals_thrown_in())
}

#[test]
fn a_thrown_in_deal_is_said_plainly_and_has_no_breakdown_to_dismiss() {
    let (lines, thrown) = all_pass::<games::belote::Belote>(8);
    assert_eq!(thrown, 1);
    let text: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    let at = text
        .iter()
        .position(|l| l.starts_with("Everyone passed in both rounds: the cards are thrown in"))
        .expect("the throw-in is told");
    assert_eq!(text[at + 1], "Deal 1 is over: thrown in, no score.");
    assert!(
        text[at + 2].starts_with("Deal 2"),
        "the next deal starts at once: {text:?}"
    );
    assert!(
        lines.iter().all(|(_, b)| !b),
        "no breakdown window for a deal thrown in"
    );

    let (lines, thrown) = all_pass::<games::pinochle::AuctionPinochle>(3);
    assert_eq!(thrown, 1);
    let text: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
    assert!(
        text.contains(&"Everyone passed: the cards are thrown in, nobody scores, and the deal passes to seat 1."),
        "{text:?}"
    );
    assert!(text.contains(&"Deal 1 is over: thrown in, no score."));
    assert!(lines.iter().all(|(_, b)| !b));
}
