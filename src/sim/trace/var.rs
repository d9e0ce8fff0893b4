//! What the waveform front end (`visit`) and its back ends (`vcd`, `fst`) share: a declared
//! variable (its kind, sampling state and slot), a line of the declared hierarchy, and how a
//! text value is written.

/// Characters of a text signal at least (more if its first value is longer); longer values
/// are cut to the width.
pub const TEXT_CHARS: u32 = 16;

/// Width in characters of a text signal whose first value is `first`.
pub(super) fn text_chars(first: &str) -> u32 {
    (clean_text(first).count() as u32).max(TEXT_CHARS)
}

/// One line of the declared hierarchy, in header order: a scope, a variable (index in walk
/// order, leaf name), the end of a scope.
pub(super) enum Decl {
    Scope(String),
    Var(usize, String),
    Up,
}

/// Kind of a declared variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Bits(u32),
    Int,
    Text,
}

/// Per-variable sampling state, indexed by walk order (index 0 is the root `cycle`).
#[derive(Debug, Clone)]
pub(super) struct Var {
    pub(super) kind: Kind,
    pub(super) enabled: bool,
    pub(super) written: bool,
    /// Position in the header (the FST signal, the VCD identifier code).
    pub(super) slot: u32,
    pub(super) id: [u8; 6],
    pub(super) id_len: u8,
    /// Value mask for bits/int.
    pub(super) mask: u64,
    /// Last written value (bits/int) or index into the text slots (text).
    pub(super) last: u64,
}

impl Var {
    pub(super) fn new(kind: Kind, enabled: bool) -> Var {
        let mask = match kind {
            Kind::Bits(w) => u64::MAX >> (64 - w),
            Kind::Int => 0xffff_ffff,
            Kind::Text => 0,
        };
        let (id, id_len, written, last, slot) = ([0; 6], 0, false, 0, 0);
        Var {
            kind,
            enabled,
            written,
            slot,
            id,
            id_len,
            mask,
            last,
        }
    }
}

/// A text value as written: whitespace, control and non-ASCII bytes become `_`, an empty text
/// is `_`.
pub(super) fn clean_text(value: &str) -> impl Iterator<Item = u8> + '_ {
    let safe = |c: u8| if c.is_ascii_graphic() { c } else { b'_' };
    let empty = value.is_empty().then_some(b'_');
    empty.into_iter().chain(value.bytes().map(safe))
}
