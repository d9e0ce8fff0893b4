//! Bit-reversal: the host whose address is the source's reversed (seed 000 §4.2).

use super::{named, Draw, Entry, Pattern, Plain};

/// The host whose id is the bit-reversal of the source's (power-of-two host counts).
const BIT_REVERSAL: Plain = Plain {
    name: "bit-reversal",
    draw: |p, topo| Draw::permutation(p, topo),
    permute: Some(bit_reverse),
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "bit-reversal",
    help: "the host whose address is the source's reversed; power-of-two hosts (ITB paper §4.2)",
    parse: |t| {
        Ok(named(
            t,
            &["bit-reversal", "bit_reversal", "bitreversal"],
            Pattern::bit_reversal,
        ))
    },
};

impl Pattern {
    /// Bit-reversal traffic.
    pub fn bit_reversal() -> Pattern {
        Pattern::new(BIT_REVERSAL)
    }
}

/// Bit-reversal of `x` over `bits` bits.
pub fn bit_reverse(x: usize, bits: u32) -> usize {
    if bits == 0 {
        return x;
    }
    x.reverse_bits() >> (usize::BITS - bits)
}
