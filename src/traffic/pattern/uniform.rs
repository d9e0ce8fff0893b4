//! Uniform: any other host, equally likely (seed 000 §4.2).

use super::{named, Draw, Entry, Pattern, Plain};

/// Any other host, equally likely.
const UNIFORM: Plain = Plain {
    name: "uniform",
    draw: |_, _| Ok(Draw::Others),
    permute: None,
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "uniform",
    help: "any other host, equally likely (ITB paper §4.2)",
    parse: |t| Ok(named(t, &["uniform"], Pattern::uniform)),
};

impl Pattern {
    /// Uniform traffic.
    pub fn uniform() -> Pattern {
        Pattern::new(UNIFORM)
    }
}
