//! Butterfly: the most and the least significant address bits swapped (Duato, Yalamanchili &
//! Ni; seed 003 §5).

use super::{named, Draw, Entry, Pattern, Plain};

/// Butterfly over `log2 N` address bits (power-of-two host counts).
const BUTTERFLY: Plain = Plain {
    name: "butterfly",
    draw: |p, topo| Draw::permutation(p, topo),
    permute: Some(butterfly),
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "butterfly",
    help: "the most and least significant address bits swapped; power-of-two hosts (DL paper §5)",
    parse: |t| Ok(named(t, &["butterfly"], Pattern::butterfly)),
};

impl Pattern {
    /// Butterfly traffic.
    pub fn butterfly() -> Pattern {
        Pattern::new(BUTTERFLY)
    }
}

/// Butterfly of `x` over `bits` bits: the top and the bottom bit swapped.
pub fn butterfly(x: usize, bits: u32) -> usize {
    if bits < 2 {
        return x;
    }
    let (top, low) = ((x >> (bits - 1)) & 1, x & 1);
    (x & !(1 << (bits - 1)) & !1) | (low << (bits - 1)) | top
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn butterfly_as_the_textbook_defines_it() {
        // 16 hosts, 4 bits: butterfly swaps bits 3 and 0
        assert_eq!(butterfly(0b0001, 4), 0b1000);
        assert_eq!(butterfly(0b1001, 4), 0b1001);
        assert_eq!(butterfly(0b0110, 4), 0b0110);
        for bits in [2u32, 4, 6] {
            let n = 1usize << bits;
            let mut b: Vec<usize> = (0..n).map(|x| butterfly(x, bits)).collect();
            assert!((0..n).all(|x| butterfly(butterfly(x, bits), bits) == x));
            b.sort_unstable();
            assert_eq!(b, (0..n).collect::<Vec<_>>(), "a permutation");
        }
    }
}
