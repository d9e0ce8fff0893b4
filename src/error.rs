//! One error type for every user-facing failure: bad configuration, bad topology file, bad CLI
//! value, I/O. The message always names the offending field or item, the value, and what is allowed.

use std::fmt;

/// A user-facing error with a complete, human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    msg: String,
}

impl Error {
    /// Build an error from a full message.
    pub fn new(msg: impl Into<String>) -> Self {
        Error { msg: msg.into() }
    }

    /// `field: message` — the common shape for configuration and file errors.
    pub fn field(field: impl fmt::Display, msg: impl fmt::Display) -> Self {
        Error {
            msg: format!("{field}: {msg}"),
        }
    }

    /// The message text.
    pub fn message(&self) -> &str {
        &self.msg
    }

    /// Prefix the message with a context (a file name, a section).
    pub fn context(self, ctx: impl fmt::Display) -> Self {
        Error {
            msg: format!("{ctx}: {}", self.msg),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::new(format!("I/O error: {e}"))
    }
}

/// Result alias used across the crate.
pub type Result<T> = std::result::Result<T, Error>;

/// The setting environment variable `var` holds, one of `allowed` (`None`: unset); an error
/// naming the variable, its value and the values allowed when it holds another.
pub fn env_choice(var: &str, allowed: &[&'static str]) -> Result<Option<&'static str>> {
    let Ok(v) = std::env::var(var) else {
        return Ok(None);
    };
    if let Some(&a) = allowed.iter().find(|&&a| a == v) {
        return Ok(Some(a));
    }
    let list = match allowed {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    Err(Error::new(format!(
        "environment variable {var}={v:?}: allowed values are {list}"
    )))
}
