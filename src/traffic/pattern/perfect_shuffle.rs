//! Perfect shuffle: the source address rotated left by one bit (seed 001 §5.2.1).

use super::{low_mask, named, Draw, Entry, Pattern, Plain};

/// Perfect shuffle over `log2 N` address bits (power-of-two host counts).
const PERFECT_SHUFFLE: Plain = Plain {
    name: "perfect-shuffle",
    draw: |p, topo| Draw::permutation(p, topo),
    permute: Some(perfect_shuffle),
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "perfect-shuffle",
    help: "the source address rotated left by one bit, alias shuffle; power-of-two hosts (Fat-trees paper §5.2.1)",
    parse: |t| {
        Ok(named(
            t,
            &["perfect-shuffle", "perfect_shuffle", "shuffle"],
            Pattern::perfect_shuffle,
        ))
    },
};

impl Pattern {
    /// Perfect-shuffle traffic.
    pub fn perfect_shuffle() -> Pattern {
        Pattern::new(PERFECT_SHUFFLE)
    }
}

/// Perfect shuffle of `x` over `bits` bits: rotate left by one (the top bit becomes bit 0).
pub fn perfect_shuffle(x: usize, bits: u32) -> usize {
    if bits == 0 {
        return x;
    }
    ((x << 1) | ((x >> (bits - 1)) & 1)) & low_mask(bits)
}
