use super::bot::{ModelBot, RuleBot};
use super::state::HeartsDeal;
use cards::{Card, DeckSpec, GameRng, Rank, Suit};
use engine::{AppliesWhen, Bot, ConfigError, DealContext, Game, GameInfo, VariantKind, VariantSpec, Variants};
use std::fmt;

/// How a successful moon shot is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoonMode {
    /// The shooter scores 0 and every other player 26 (the seed's rule).
    AddToOthers,
    /// The shooter scores -26 and the others 0.
    SubtractFromShooter,
    /// The shooter picks one of the two after the last trick.
    ShooterChooses,
}

/// When the match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// A total strictly above the end score (the seed's rule).
    Exceeds,
    /// A total at or above the end score.
    AtLeast,
}

/// Where passed cards go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassDir {
    Left,
    Right,
    Across,
    None,
}

impl PassDir {
    /// Seats clockwise from the passer to the receiver (0 for no pass).
    pub fn offset(self) -> usize {
        match self {
            PassDir::Left => 1,
            PassDir::Across => 2,
            PassDir::Right => 3,
            PassDir::None => 0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PassDir::Left => "left",
            PassDir::Right => "right",
            PassDir::Across => "across",
            PassDir::None => "none",
        }
    }

    fn from_letter(c: char) -> Option<PassDir> {
        match c.to_ascii_uppercase() {
            'L' => Some(PassDir::Left),
            'R' => Some(PassDir::Right),
            'A' => Some(PassDir::Across),
            'N' => Some(PassDir::None),
            _ => None,
        }
    }
}

/// The repeating sequence of pass directions, one per deal (at most 8 long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassCycle {
    dirs: [PassDir; 8],
    len: u8,
}

impl PassCycle {
    /// Parses letters (`LRAN`) or comma-separated words (`left,right,across,none`).
    pub fn parse(text: &str) -> Result<PassCycle, String> {
        let t = text.trim();
        let items: Vec<Option<PassDir>> = if t.contains(',') {
            t.split(',')
                .map(|w| match w.trim().to_ascii_lowercase().as_str() {
                    "left" | "l" => Some(PassDir::Left),
                    "right" | "r" => Some(PassDir::Right),
                    "across" | "a" => Some(PassDir::Across),
                    "none" | "hold" | "n" => Some(PassDir::None),
                    _ => None,
                })
                .collect()
        } else {
            t.chars().map(PassDir::from_letter).collect()
        };
        if items.is_empty() || items.len() > 8 || items.iter().any(Option::is_none) {
            return Err(
                "write 1 to 8 directions as letters L R A N (e.g. LRAN) or words left,right,across,none".into(),
            );
        }
        let mut dirs = [PassDir::None; 8];
        for (d, i) in dirs.iter_mut().zip(&items) {
            *d = i.expect("checked above");
        }
        Ok(PassCycle {
            dirs,
            len: items.len() as u8,
        })
    }

    /// The direction for the deal with this number (0 for the first deal).
    pub fn for_deal(&self, deal_number: u32) -> PassDir {
        self.dirs[(deal_number % self.len as u32) as usize]
    }
}

impl fmt::Display for PassCycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.dirs[..self.len as usize] {
            write!(
                f,
                "{}",
                d.name()
                    .chars()
                    .next()
                    .expect("names are not empty")
                    .to_ascii_uppercase()
            )?;
        }
        Ok(())
    }
}

/// Every rule choice of a Hearts game; small and `Copy` so each deal carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeartsConfig {
    /// The Omnibus bonus card (worth -10), if playing Omnibus.
    pub bonus_card: Option<Card>,
    pub moon_mode: MoonMode,
    /// Under Omnibus, whether the moon also needs the bonus card.
    pub moon_requires_bonus: bool,
    pub queen_breaks_hearts: bool,
    pub end_rule: EndRule,
    pub end_score: i64,
    pub pass_cycle: PassCycle,
}

impl Default for HeartsConfig {
    fn default() -> Self {
        HeartsConfig::from_variants(&Variants::defaults(&VARIANTS)).expect("defaults are consistent")
    }
}

impl HeartsConfig {
    pub fn from_variants(v: &Variants) -> Result<HeartsConfig, ConfigError> {
        // That bonus_card is set only with omnibus=true is checked with the variants.
        let omnibus = v.get_bool("omnibus");
        let bonus = match v.get("bonus_card") {
            "td" => Card::new(Rank::Ten, Suit::Diamonds),
            _ => Card::new(Rank::Jack, Suit::Diamonds),
        };
        Ok(HeartsConfig {
            bonus_card: omnibus.then_some(bonus),
            moon_mode: match v.get("moon_mode") {
                "subtract-from-shooter" => MoonMode::SubtractFromShooter,
                "shooter-chooses" => MoonMode::ShooterChooses,
                _ => MoonMode::AddToOthers,
            },
            moon_requires_bonus: v.get_bool("moon_requires_jd"),
            queen_breaks_hearts: v.get_bool("queen_breaks_hearts"),
            end_rule: if v.get("end_rule") == "at-least" {
                EndRule::AtLeast
            } else {
                EndRule::Exceeds
            },
            end_score: v.get_int("end_score"),
            pass_cycle: PassCycle::parse(v.get("pass_cycle")).map_err(ConfigError)?,
        })
    }

    /// Whether a total ends the match.
    pub fn ends_match(&self, total: i64) -> bool {
        match self.end_rule {
            EndRule::Exceeds => total > self.end_score,
            EndRule::AtLeast => total >= self.end_score,
        }
    }
}

fn check_pass_cycle(text: &str) -> Result<(), String> {
    PassCycle::parse(text).map(|_| ())
}

/// The bonus card's variants mean something only in Omnibus Hearts.
const OMNIBUS: AppliesWhen = AppliesWhen {
    key: "omnibus",
    values: &["true"],
};

static VARIANTS: [VariantSpec; 8] = [
    VariantSpec {
        key: "omnibus",
        kind: VariantKind::Bool,
        default: "false",
        doc: "Omnibus Hearts: a bonus card worth -10 that may not be played to the first trick",
        label: "Omnibus (J♦ scores −10)",
        explain: "The jack of diamonds (or the ten, if picked below) becomes a bonus card: whoever takes it scores 10 points off, and it may not be played to the first trick.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "bonus_card",
        kind: VariantKind::Choice(&["jd", "td"]),
        default: "jd",
        doc: "the Omnibus bonus card: jack of diamonds (the usual card) or ten of diamonds (Bicycle)",
        label: "Omnibus bonus card",
        explain: "The card worth 10 points off: the jack of diamonds, as most play it, or the ten of diamonds.",
        choice_labels: &["Jack of diamonds", "Ten of diamonds"],
        applies_when: Some(OMNIBUS),
    },
    VariantSpec {
        key: "moon_mode",
        kind: VariantKind::Choice(&["add-to-others", "subtract-from-shooter", "shooter-chooses"]),
        default: "add-to-others",
        doc: "moon scoring: others +26, shooter -26, or the shooter chooses after the last trick",
        label: "Shooting the moon",
        explain: "When one player takes every heart and the queen of spades, everyone else gets 26, the shooter loses 26, or the shooter picks one of these after the last trick.",
        choice_labels: &["Others get 26", "Shooter loses 26", "Shooter chooses"],
        applies_when: None,
    },
    VariantSpec {
        key: "moon_requires_jd",
        kind: VariantKind::Bool,
        default: "true",
        doc: "under Omnibus, the moon also needs the bonus card",
        label: "Moon needs the bonus card",
        explain: "With Omnibus, shooting the moon also means taking the bonus card.",
        choice_labels: &[],
        applies_when: Some(OMNIBUS),
    },
    VariantSpec {
        key: "queen_breaks_hearts",
        kind: VariantKind::Bool,
        default: "false",
        doc: "once the queen of spades has been played, hearts may be led",
        label: "Queen of spades breaks hearts",
        explain: "Once the queen of spades has been played, hearts may be led even if no heart has been played yet.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "end_rule",
        kind: VariantKind::Choice(&["exceeds", "at-least"]),
        default: "exceeds",
        doc: "the match ends when a total exceeds end_score, or reaches it",
        label: "When the match ends",
        explain: "The match ends when someone's total goes past the end score, or as soon as a total reaches it.",
        choice_labels: &["Past the end score", "At the end score"],
        applies_when: None,
    },
    VariantSpec {
        key: "end_score",
        kind: VariantKind::Int { min: 1, max: 100_000 },
        default: "100",
        doc: "the end threshold",
        label: "End score",
        explain: "The points total that ends the match; the lowest total then wins.",
        choice_labels: &[],
        applies_when: None,
    },
    VariantSpec {
        key: "pass_cycle",
        kind: VariantKind::Text(check_pass_cycle),
        default: "LRAN",
        doc: "pass directions by deal, repeating: letters L R A N or words left,right,across,none",
        label: "Passing order",
        explain: "The direction cards are passed before each deal, repeating in turn: for example left, right, across, then no pass.",
        choice_labels: &[],
        applies_when: None,
    },
];

static INFO: GameInfo = GameInfo {
    id: "hearts",
    name: "Hearts",
    min_players: 4,
    max_players: 4,
    default_players: 4,
    higher_is_better: false,
    zero_sum: false,
    unit: "points",
    variants: &VARIANTS,
    rules: include_str!("rules.md"),
    summary: "Four players each try to avoid taking hearts and the queen of spades in tricks. Before each deal you pass three cards you do not want; then follow suit if you can, and the highest card of the suit led wins the trick. Every heart costs a point and the queen thirteen, unless one player takes them all and 'shoots the moon'. When someone passes 100 points, the lowest total wins.",
};

/// Hearts configured for a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hearts {
    pub config: HeartsConfig,
}

impl Game for Hearts {
    type Deal = HeartsDeal;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(_players: usize, variants: &Variants) -> Result<Hearts, ConfigError> {
        Ok(Hearts {
            config: HeartsConfig::from_variants(variants)?,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deck(&self) -> DeckSpec {
        DeckSpec::Standard52 { packs: 1 }
    }

    fn start_deal(&self, ctx: DealContext, order: &[Card], _: Option<&HeartsDeal>, _: &mut GameRng) -> HeartsDeal {
        HeartsDeal::new(self.config, ctx.dealer, ctx.deal_number, order)
    }

    fn match_over(&self, totals: &[i64], _deals_completed: u32) -> bool {
        totals.iter().any(|&t| self.config.ends_match(t))
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<HeartsDeal>>> {
        match name {
            "rule" => Some(Box::new(RuleBot)),
            "model" => Some(Box::new(ModelBot)),
            _ => None,
        }
    }

    fn hard_iterations(&self) -> u32 {
        // Rule-bot rollouts here cost a few microseconds: 10,000 keep a move near 50 ms. This is
        // `hard-rule`'s budget; `hard`, playing the fitted model, takes 1.4 times it (14,000)
        // with one playout a pick of the pass per iteration where `hard-rule` takes two
        // (`bots::model_iterations`), though a playout
        // costs about half as much again with the model (`cargo bench -p games --bench hearts`,
        // `model_playout` against `rule_playout`): still under OpenSpiel's ISMCTS's time a move.
        10_000
    }

    fn bot_names() -> &'static [&'static str] {
        &["rule", "model"]
    }
}
