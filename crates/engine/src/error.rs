use std::borrow::Cow;
use std::fmt;

/// Why an action was refused. The state is unchanged whenever this is returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(Cow<'static, str>);

impl Illegal {
    pub fn new(reason: impl Into<Cow<'static, str>>) -> Illegal {
        Illegal(reason.into())
    }

    pub fn reason(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Illegal {}

/// A game could not be set up: bad seat count, variant, deck order or saved record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl ConfigError {
    pub fn new(msg: impl Into<String>) -> ConfigError {
        ConfigError(msg.into())
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// Why action text was not applied: it did not read as an action of this game, or it read
/// but the rules refuse it now. Front ends answer the two differently (a server's `malformed`
/// and `illegal`), so the difference is a type, not a wording. Either way nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApplyError {
    /// Not an action of this game; the reason names what was wrong.
    Unreadable(String),
    /// A well-formed action the rules refuse here: the action and the reason.
    Illegal { action: String, reason: String },
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Unreadable(reason) => f.write_str(reason),
            ApplyError::Illegal { action, reason } => write!(f, "illegal action '{action}': {reason}"),
        }
    }
}

impl std::error::Error for ApplyError {}

/// Front ends that only report errors keep their `Result<_, String>` and `?`.
impl From<ApplyError> for String {
    fn from(e: ApplyError) -> String {
        e.to_string()
    }
}
