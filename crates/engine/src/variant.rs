use crate::ConfigError;
use std::collections::BTreeMap;

/// The type of a variant's value, which decides how `key=value` text is checked.
#[derive(Clone, Copy, Debug)]
pub enum VariantKind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    /// One of these lower-case words.
    Choice(&'static [&'static str]),
    /// Free text checked by the function (which names what is wrong).
    Text(fn(&str) -> Result<(), String>),
}

/// When a variant means something: while another variant has one of these values (the Omnibus
/// bonus card only with `omnibus=true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AppliesWhen {
    pub key: &'static str,
    pub values: &'static [&'static str],
}

impl AppliesWhen {
    /// "omnibus=true" (or "settlement=chips or settlement=cumulative").
    pub fn describe(&self) -> String {
        let each: Vec<String> = self.values.iter().map(|v| format!("{}={v}", self.key)).collect();
        each.join(" or ")
    }
}

/// One declared variant key: default and documentation live with the game.
#[derive(Clone, Copy, Debug)]
pub struct VariantSpec {
    pub key: &'static str,
    pub kind: VariantKind,
    pub default: &'static str,
    pub doc: &'static str,
    /// A short name for players, in sentence case, without key syntax ("Moon needs the J♦").
    pub label: &'static str,
    /// One sentence for players: what changes at the table when this variant is picked.
    pub explain: &'static str,
    /// Words for players for each choice of a [`VariantKind::Choice`], in the same order;
    /// empty for the other kinds.
    pub choice_labels: &'static [&'static str],
    /// `None`: always. Otherwise the variant applies only then: setting it to anything but its
    /// default while it does not apply is refused, naming the variant it depends on.
    pub applies_when: Option<AppliesWhen>,
}

impl VariantSpec {
    /// Checks the words for players: a non-empty label without key syntax (`_`, `=`), a
    /// non-empty explanation, and one choice label per choice (none for other kinds).
    pub fn check_player_words(&self) -> Result<(), String> {
        let key = self.key;
        if self.label.trim().is_empty() {
            return Err(format!("variant {key}: empty label"));
        }
        if self.label.contains('_') || self.label.contains('=') {
            return Err(format!("variant {key}: label '{}' looks like a key", self.label));
        }
        if self.explain.trim().is_empty() {
            return Err(format!("variant {key}: empty explanation"));
        }
        let wanted = match self.kind {
            VariantKind::Choice(words) => words.len(),
            _ => 0,
        };
        if self.choice_labels.len() != wanted {
            return Err(format!(
                "variant {key}: {} choice labels for {wanted} choices",
                self.choice_labels.len()
            ));
        }
        if let Some(blank) = self.choice_labels.iter().position(|l| l.trim().is_empty()) {
            return Err(format!("variant {key}: choice label {blank} is empty"));
        }
        Ok(())
    }

    /// The accepted values, for help texts and error messages.
    pub fn values_hint(&self) -> String {
        match self.kind {
            VariantKind::Bool => "true or false".into(),
            VariantKind::Int { min, max } => format!("an integer from {min} to {max}"),
            VariantKind::Choice(words) => format!("one of {}", words.join(", ")),
            VariantKind::Text(_) => "see the rules page".into(),
        }
    }

    fn normalise(&self, raw: &str) -> Result<String, String> {
        let v = raw.trim();
        let bad = || {
            format!(
                "bad value '{v}' for variant '{}': expected {}",
                self.key,
                self.values_hint()
            )
        };
        match self.kind {
            VariantKind::Bool => match v.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Ok("true".into()),
                "false" | "no" | "off" | "0" => Ok("false".into()),
                _ => Err(bad()),
            },
            VariantKind::Int { min, max } => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad()),
            },
            VariantKind::Choice(words) => {
                let lower = v.to_ascii_lowercase().replace('_', "-");
                words
                    .iter()
                    .find(|w| w.replace('_', "-") == lower)
                    .map(|w| w.to_string())
                    .ok_or_else(bad)
            }
            VariantKind::Text(check) => {
                check(v).map_err(|why| format!("bad value '{v}' for variant '{}': {why}", self.key))?;
                Ok(v.to_string())
            }
        }
    }
}

/// Parsed variant values for one game: every declared key has a value (given or default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variants {
    values: BTreeMap<&'static str, String>,
    given: Vec<&'static str>,
}

impl Variants {
    /// Parses `key=value` items against `specs`; unknown keys, repeats and bad values are errors.
    pub fn parse<S: AsRef<str>>(specs: &'static [VariantSpec], items: &[S]) -> Result<Variants, ConfigError> {
        let mut values: BTreeMap<&'static str, String> = BTreeMap::new();
        let mut given = Vec::new();
        for item in items {
            let item = item.as_ref();
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| ConfigError::new(format!("variant '{item}' must be written key=value")))?;
            let key = key.trim().to_ascii_lowercase().replace('-', "_");
            let spec = specs.iter().find(|s| s.key == key).ok_or_else(|| {
                let known: Vec<_> = specs.iter().map(|s| s.key).collect();
                ConfigError::new(if known.is_empty() {
                    format!("unknown variant '{key}': this game has no variants")
                } else {
                    format!("unknown variant '{key}': known keys are {}", known.join(", "))
                })
            })?;
            if given.contains(&spec.key) {
                return Err(ConfigError::new(format!("variant '{key}' is given twice")));
            }
            values.insert(spec.key, spec.normalise(value).map_err(ConfigError)?);
            given.push(spec.key);
        }
        for spec in specs {
            if !values.contains_key(spec.key) {
                let v = spec.normalise(spec.default).expect("declared defaults are valid");
                values.insert(spec.key, v);
            }
        }
        // A variant that does not apply may be given only as its default (a form sends every
        // variant; the default says nothing).
        for spec in specs.iter().filter(|s| given.contains(&s.key)) {
            let Some(when) = spec.applies_when else { continue };
            let now = values.get(when.key).map(String::as_str).unwrap_or_default();
            let default = spec.normalise(spec.default).expect("declared defaults are valid");
            if !when.values.contains(&now) && values[spec.key] != default {
                return Err(ConfigError::new(format!(
                    "variant {} only applies with {} (here {}={now})",
                    spec.key,
                    when.describe(),
                    when.key
                )));
            }
        }
        Ok(Variants { values, given })
    }

    /// All defaults.
    pub fn defaults(specs: &'static [VariantSpec]) -> Variants {
        Variants::parse::<&str>(specs, &[]).expect("declared defaults are valid")
    }

    pub fn get(&self, key: &str) -> &str {
        self.values
            .get(key)
            .unwrap_or_else(|| panic!("variant '{key}' is not declared by this game"))
    }

    pub fn get_bool(&self, key: &str) -> bool {
        self.get(key) == "true"
    }

    pub fn get_int(&self, key: &str) -> i64 {
        self.get(key).parse().expect("int variants are checked when parsed")
    }

    /// Whether the key was given explicitly (not defaulted).
    pub fn is_given(&self, key: &str) -> bool {
        self.given.contains(&key)
    }

    /// The explicitly given items as `key=value`, in the order given (what a record stores).
    pub fn given_items(&self) -> Vec<String> {
        self.given.iter().map(|k| format!("{k}={}", self.values[k])).collect()
    }

    /// Every key with its value, sorted by key.
    pub fn all(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.values.iter().map(|(k, v)| (*k, v.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: [VariantSpec; 3] = [
        VariantSpec {
            key: "omnibus",
            kind: VariantKind::Bool,
            default: "false",
            doc: "",
            label: "L",
            explain: "E.",
            choice_labels: &[],
            applies_when: None,
        },
        VariantSpec {
            key: "end_score",
            kind: VariantKind::Int { min: 1, max: 1000 },
            default: "100",
            doc: "",
            label: "L",
            explain: "E.",
            choice_labels: &[],
            applies_when: None,
        },
        VariantSpec {
            key: "moon_mode",
            kind: VariantKind::Choice(&["add-to-others", "subtract-from-shooter"]),
            default: "add-to-others",
            doc: "",
            label: "L",
            explain: "E.",
            choice_labels: &["Others get it", "Shooter loses it"],
            applies_when: None,
        },
    ];

    #[test]
    fn defaults_and_given_values() {
        let v = Variants::parse(&SPECS, &["omnibus=TRUE", "moon-mode=Subtract_From_Shooter"]).unwrap();
        assert!(v.get_bool("omnibus"));
        assert_eq!(v.get("moon_mode"), "subtract-from-shooter");
        assert_eq!(v.get_int("end_score"), 100);
        assert_eq!(v.given_items(), vec!["omnibus=true", "moon_mode=subtract-from-shooter"]);
    }

    static DEPENDENT: [VariantSpec; 2] = [
        VariantSpec {
            key: "omnibus",
            kind: VariantKind::Bool,
            default: "false",
            doc: "",
            label: "L",
            explain: "E.",
            choice_labels: &[],
            applies_when: None,
        },
        VariantSpec {
            key: "bonus_card",
            kind: VariantKind::Choice(&["jd", "td"]),
            default: "jd",
            doc: "",
            label: "L",
            explain: "E.",
            choice_labels: &["J", "T"],
            applies_when: Some(AppliesWhen {
                key: "omnibus",
                values: &["true"],
            }),
        },
    ];

    #[test]
    fn a_variant_that_does_not_apply_takes_only_its_default() {
        let ok = |items: &[&str]| Variants::parse(&DEPENDENT, items).is_ok();
        assert!(ok(&["bonus_card=jd"]), "the default is always accepted");
        assert!(ok(&["omnibus=false", "bonus_card=JD"]));
        assert!(ok(&["omnibus=true", "bonus_card=td"]));
        assert!(ok(&["bonus_card=td", "omnibus=true"]), "in any order");
        let e = Variants::parse(&DEPENDENT, &["bonus_card=td"]).unwrap_err().to_string();
        assert_eq!(
            e,
            "variant bonus_card only applies with omnibus=true (here omnibus=false)"
        );
    }

    #[test]
    fn errors_name_the_problem() {
        let e = |items: &[&str]| Variants::parse(&SPECS, items).unwrap_err().to_string();
        assert!(e(&["colour=red"]).contains("unknown variant 'colour'"));
        assert!(e(&["omnibus=maybe"]).contains("bad value 'maybe' for variant 'omnibus'"));
        assert!(e(&["end_score=0"]).contains("from 1 to 1000"));
        assert!(e(&["moon_mode=both"]).contains("one of add-to-others"));
        assert!(e(&["omnibus"]).contains("key=value"));
        assert!(e(&["omnibus=true", "omnibus=false"]).contains("twice"));
    }

    #[test]
    fn variant_player_words_are_checked() {
        for spec in SPECS.iter().chain(DEPENDENT.iter()) {
            spec.check_player_words().unwrap();
        }
        let mut bad = SPECS[2];
        bad.choice_labels = &["Others get it"];
        assert_eq!(
            bad.check_player_words().unwrap_err(),
            "variant moon_mode: 1 choice labels for 2 choices"
        );
        let mut bad = SPECS[0];
        bad.choice_labels = &["Yes"];
        assert!(bad.check_player_words().is_err(), "no choice labels for a bool");
        bad.choice_labels = &[];
        bad.label = "end_score";
        assert!(bad.check_player_words().unwrap_err().contains("looks like a key"));
        bad.label = "  ";
        assert!(bad.check_player_words().unwrap_err().contains("empty label"));
        bad.label = "Omnibus";
        bad.explain = "";
        assert!(bad.check_player_words().unwrap_err().contains("empty explanation"));
    }
}
