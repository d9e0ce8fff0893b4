//! Next group (ADV+1): every host of a dragonfly sends to a random host of the next group
//! (group i to group i + 1 mod g) — the adversarial pattern of Kim, Dally, Scott and Abts
//! (ISCA 2008): under minimal routing a whole group's traffic shares the one global link
//! between the two groups, so the throughput bound falls to 1/(a·p) of a host link.

use super::{named, Draw, Entry, Pattern, Plain};
use crate::error::Error;
use crate::topology::Shape;

/// A random host of the next group.
const NEXT_GROUP: Plain = Plain {
    name: "next-group",
    draw: |_, topo| {
        match topo.shape {
        Shape::Dragonfly { a, p, .. } => Ok(Draw::Block {
            size: a * p,
            shift: 1,
        }),
        _ => Err(Error::new(format!(
            "next-group sends to the next group of a dragonfly (topology.kind = \"dragonfly\"), not of {}",
            crate::topology::fattree::shape_name(&topo.shape)
        ))),
    }
    },
    permute: None,
};

/// Its registration.
pub const ENTRY: Entry = Entry {
    name: "next-group",
    help: "a random host of the next group of a dragonfly, group i to i + 1 (the adversarial ADV+1 of Kim et al. 2008; BookSim2's bad_dragon)",
    parse: |t| Ok(named(t, &["next-group", "adv+1", "bad_dragon"], Pattern::next_group)),
};

impl Pattern {
    /// Next-group traffic.
    pub fn next_group() -> Pattern {
        Pattern::new(NEXT_GROUP)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::dragonfly::{dragonfly, Dragonfly};
    use crate::traffic::pattern::DestTable;
    use rand::SeedableRng;

    #[test]
    fn every_host_sends_to_the_next_group_only_and_evenly() {
        let d = Dragonfly { a: 4, p: 2, h: 2 };
        let topo = dragonfly(d).unwrap();
        let t = DestTable::new(&Pattern::next_group(), &topo).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (per, n) = (8, topo.num_hosts());
        for src in 0..n {
            let next = (src / per + 1) % d.groups();
            for _ in 0..20 {
                let dst = t.pick(src, &mut rng).unwrap();
                assert_eq!(dst / per, next, "{src} -> {dst}");
            }
            let mut sum = 0.0;
            t.weights(src, |dst, w| {
                assert_eq!(dst / per, next);
                sum += w;
            });
            assert!((sum - 1.0).abs() < 1e-12);
        }
        let mesh = crate::topology::mesh::mesh([4, 4], 1).unwrap();
        let e = DestTable::new(&Pattern::next_group(), &mesh).unwrap_err();
        assert!(e.to_string().contains("dragonfly"), "{e}");
    }
}
