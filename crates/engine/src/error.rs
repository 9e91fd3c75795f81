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
