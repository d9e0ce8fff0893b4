//! Complement: every bit of the source address inverted (seed 001 §5.2.1).

use super::{low_mask, named, Draw, Entry, Pattern, Plain};

/// Complement over `log2 N` address bits (power-of-two host counts).
const COMPLEMENT: Plain = Plain {
    name: "complement",
    draw: |p, topo| Draw::permutation(p, topo),
    permute: Some(complement),
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "complement",
    help: "every address bit inverted; power-of-two hosts (Fat-trees paper §5.2.1)",
    parse: |t| Ok(named(t, &["complement"], Pattern::complement)),
};

impl Pattern {
    /// Complement traffic.
    pub fn complement() -> Pattern {
        Pattern::new(COMPLEMENT)
    }
}

/// Complement of `x` over `bits` bits.
pub fn complement(x: usize, bits: u32) -> usize {
    if bits == 0 {
        return x;
    }
    !x & low_mask(bits)
}
