//! A permutation whose fixed points send to themselves (`<permutation>+self`, e.g.
//! `transpose+self`): a source the permutation maps to itself sends its packets to its own
//! host through its router, as BookSim2's permutation patterns do (the transpose diagonal),
//! instead of staying silent as the plain permutation does.

use super::{Draw, Entry, Pattern, TrafficPattern};
use crate::error::Result;
use crate::topology::Topology;
use std::fmt;

/// `base`, with its fixed points sending to themselves.
#[derive(Debug)]
struct FixedSelf(Pattern);

impl fmt::Display for FixedSelf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+self", self.0)
    }
}

impl TrafficPattern for FixedSelf {
    fn draw(&self, topo: &Topology) -> Result<Draw> {
        let Draw::Fixed(mut v) = Draw::permutation(self, topo)? else {
            unreachable!("a permutation draws one destination per source");
        };
        for (s, d) in v.iter_mut().enumerate() {
            d.get_or_insert(s as u32);
        }
        Ok(Draw::Fixed(v))
    }

    fn permute(&self, src: usize, bits: u32) -> Option<usize> {
        self.0 .0.permute(src, bits)
    }
}

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "<permutation>+self",
    help: "a permutation (bit-reversal, perfect-shuffle, complement, transpose, butterfly) whose fixed points send to their own host through the router, as BookSim2's do (e.g. transpose+self); without +self they send nothing",
    parse: |t| {
        let Some(base) = t.strip_suffix("+self") else {
            return Ok(None);
        };
        match Pattern::parse(base) {
            Ok(p) if p.0.permute(0, 2).is_some() => Ok(Some(Pattern::new(FixedSelf(p)))),
            // uniform+self is its own pattern, listed before this one
            _ => Err("is not a permutation followed by +self"),
        }
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::mesh::mesh;

    #[test]
    fn fixed_points_send_to_themselves_and_the_rest_is_the_permutation() {
        let topo = mesh([4, 4], 1).unwrap();
        let plain = Pattern::parse("transpose").unwrap().draw(&topo).unwrap();
        let with = Pattern::parse("transpose+self").unwrap();
        assert_eq!(with.to_string(), "transpose+self");
        let (Draw::Fixed(a), Draw::Fixed(b)) = (plain, with.draw(&topo).unwrap()) else {
            panic!("permutations draw fixed destinations");
        };
        // 16 hosts: the diagonal 0, 5, 10, 15 are the transpose's fixed points
        for s in 0..16 {
            let diag = [0, 5, 10, 15].contains(&s);
            assert_eq!(a[s], (!diag).then(|| super::super::transpose(s, 4) as u32));
            assert_eq!(b[s], Some(super::super::transpose(s, 4) as u32));
        }
        assert!(Pattern::parse("uniform+self").is_ok());
        assert!(Pattern::parse("butterfly+self").is_ok());
        for bad in ["local3+self", "hot-spot:5@3+self", "nothing+self"] {
            let e = Pattern::parse(bad).unwrap_err().to_string();
            assert!(e.contains("<permutation>+self"), "{bad}: {e}");
        }
    }
}
