//! Uniform with self: any host, the source included, equally likely (BookSim2's `uniform`).

use super::{named, Draw, Entry, Pattern, Plain};

/// Any host, the source included, equally likely.
const UNIFORM_SELF: Plain = Plain {
    name: "uniform+self",
    draw: |_, _| Ok(Draw::Any),
    permute: None,
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "uniform+self",
    help: "any host, the source included (BookSim2's uniform)",
    parse: |t| Ok(named(t, &["uniform+self"], Pattern::uniform_self)),
};

impl Pattern {
    /// Uniform traffic that may pick the source itself.
    pub fn uniform_self() -> Pattern {
        Pattern::new(UNIFORM_SELF)
    }
}
