//! Matrix transpose: the high and the low half of the address bits swapped (Duato,
//! Yalamanchili & Ni; seed 003 §5).

use super::{low_mask, named, Draw, Entry, Pattern, Plain};
use crate::error::Error;

/// Matrix transpose (a power-of-two host count with an even number of address bits).
const TRANSPOSE: Plain = Plain {
    name: "transpose",
    draw: |p, topo| {
        let h = topo.num_hosts();
        if h.is_power_of_two() && !h.trailing_zeros().is_multiple_of(2) {
            return Err(Error::new(format!(
                "transpose needs a square number of hosts (an even number of address bits: 4, 16, 64, 256, ...), the topology has {h}"
            )));
        }
        Draw::permutation(p, topo)
    },
    permute: Some(transpose),
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "transpose",
    help: "the high and low halves of the address swapped; an even number of address bits (DL paper §5)",
    parse: |t| {
        Ok(named(
            t,
            &["transpose", "matrix-transpose"],
            Pattern::transpose,
        ))
    },
};

impl Pattern {
    /// Matrix-transpose traffic.
    pub fn transpose() -> Pattern {
        Pattern::new(TRANSPOSE)
    }
}

/// Matrix transpose of `x` over `bits` (even) bits: the two halves swapped.
pub fn transpose(x: usize, bits: u32) -> usize {
    let h = bits / 2;
    ((x & low_mask(h)) << h) | (x >> h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_as_the_textbook_defines_it() {
        // 16 hosts, 4 bits: transpose swaps the two 2-bit halves
        assert_eq!(transpose(0b0111, 4), 0b1101);
        assert_eq!(transpose(0b0001, 4), 0b0100);
        for bits in [2u32, 4, 6] {
            let n = 1usize << bits;
            let mut t: Vec<usize> = (0..n).map(|x| transpose(x, bits)).collect();
            assert!((0..n).all(|x| transpose(transpose(x, bits), bits) == x));
            t.sort_unstable();
            assert_eq!(t, (0..n).collect::<Vec<_>>(), "a permutation");
        }
    }
}
