//! UGAL and Valiant routing on a dragonfly (`dfly-ugal`, `dfly-valiant`), as BookSim2's
//! `ugal_dragonflynew` chooses paths: at the source router a random intermediate host (drawn
//! per packet from the run's seed and the packet's number, so a run repeats exactly); the
//! non-minimal path goes minimally to the intermediate's router (phase 0), then minimally to
//! the destination (phase 1). UGAL offers both the minimal candidate (priority 1) and the
//! non-minimal one and leaves the choice to the selection (`ugal-l`: BookSim2's comparison of
//! the two local output queues); Valiant offers only the non-minimal one. An intermediate in
//! the source group, or a destination there, routes minimally.
//!
//! VC classes (class = VC mod 4, so 4 VCs): phase 0 before its global link 0, from it on 1;
//! phase 1 before its global link 2, from it on 3. A path's classes never decrease and no
//! class holds two hops that depend on each other in a ring, so the channel dependencies are
//! acyclic (checked over every intermediate, `routing::function::check`). BookSim2 keeps the
//! whole of phase 0 on one VC, where a global link, a local hop to an intermediate and the
//! next group's global link chain round the groups: a cycle. Latency: combinational.

use super::dfly::DflyRouting;
use super::dor::draw64;
use super::global_queues::GlobalQueues;
use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::sim::{Probe, ProbeVisitor};
use crate::topology::dragonfly::Dragonfly;
use std::sync::Arc;

/// How the intermediate router is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intermediate {
    /// Drawn per packet from this seed.
    Random(u64),
    /// This router for every packet (the deadlock check runs one graph per router).
    Fixed(u32),
}

/// Which VCs carry the four classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VcMap {
    /// Class c on the VCs v with v mod 4 = c (4 VCs).
    Classes,
    /// BookSim2's three: the whole of phase 0 on VC 0, phase 1 on VC 1, then VC 2 from its
    /// global link on — kept to show, by the deadlock check, the cycle it allows.
    BookSim,
}

/// The UGAL/Valiant unit of one router.
#[derive(Debug, Clone)]
pub struct DflyUgal {
    pub min: DflyRouting,
    pub intm: Intermediate,
    /// Valiant: the non-minimal path only.
    pub valiant: bool,
    pub vcs: VcMap,
    /// UGAL-G: the source decides by the global channels' queues and offers one path.
    pub global: Option<Arc<GlobalQueues>>,
}

/// VC masks of the four classes (class = VC mod 4).
const CLASS: [u32; 4] = [0x1111_1111, 0x2222_2222, 0x4444_4444, 0x8888_8888];

impl DflyUgal {
    /// The units of every router of `d`.
    pub fn units(d: Dragonfly, intm: Intermediate, valiant: bool, vcs: VcMap) -> Vec<DflyUgal> {
        DflyRouting::units(d)
            .into_iter()
            .map(|min| DflyUgal {
                min,
                intm,
                valiant,
                vcs,
                global: None,
            })
            .collect()
    }

    /// UGAL-G's units: each decides at the source by `queues` ([`GlobalQueues`]): the minimal
    /// path unless its global channel's queue times its hops exceeds the non-minimal path's
    /// (Kim et al. 2008, §4.2; no offset: BookSim2's 30 flits would outweigh a global queue
    /// of one VC's buffer).
    pub fn units_global(d: Dragonfly, intm: Intermediate, queues: Arc<GlobalQueues>) -> Vec<Self> {
        let mut u = DflyUgal::units(d, intm, false, VcMap::Classes);
        for x in &mut u {
            x.global = Some(queues.clone());
        }
        u
    }

    /// The class of a packet on VC `vc`.
    fn class(&self, vc: u8) -> usize {
        match self.vcs {
            VcMap::Classes => (vc & 3) as usize,
            VcMap::BookSim => [0, 2, 3][(vc as usize).min(2)],
        }
    }

    /// The VCs of class `c`.
    fn mask(&self, c: usize) -> u32 {
        match self.vcs {
            VcMap::Classes => CLASS[c],
            VcMap::BookSim => 1 << [0, 0, 1, 2][c],
        }
    }

    /// The intermediate router of the packet numbered `serial`.
    fn intermediate(&self, serial: u64) -> usize {
        let d = &self.min.d;
        match self.intm {
            Intermediate::Fixed(r) => r as usize,
            Intermediate::Random(seed) => {
                // a uniform host (multiply-high of one 64-bit draw), as BookSim2 draws one
                let hosts = (d.routers() * d.p) as u128;
                let host = (draw64(seed ^ 0x5a17, serial, 0) as u128 * hosts) >> 64;
                host as usize / d.p
            }
        }
    }

    /// Router-to-router channels of the minimal path from router `r` to router `to`.
    fn hops(&self, r: usize, to: usize) -> u32 {
        let d = &self.min.d;
        let (g, gt) = (d.group(r), d.group(to));
        if g == gt {
            return (r != to) as u32;
        }
        let (out, _) = d.global_link(g, gt);
        let (inn, _) = d.global_link(gt, g);
        (r != out) as u32 + 1 + (inn != to) as u32
    }

    /// The candidate from router `r` towards router `to` in phase `phase` (0 or 1), after
    /// the phase's global link when `crossed`.
    fn hop(&self, r: usize, to: usize, phase: usize, crossed: bool, pri: u8) -> Candidate {
        let port = self.min.toward(r, to);
        let after = crossed || port >= self.min.d.first_global();
        Candidate {
            port: port as u8,
            vcs: self.mask(2 * phase + after as usize),
            escape: false,
            pri,
            turn: false,
        }
    }
}

impl RoutingFunction for DflyUgal {
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let d = &self.min.d;
        // ejection in the packet's class (phase 1 before a global link for one that never
        // left the source router, as every minimal hop in its group)
        let injected = (q.in_port as usize) < d.p;
        let eject = self.mask(if injected { 2 } else { self.class(q.in_vc) });
        let Some(dr) = self.min.elsewhere(q, eject, |c| out.push(c)) else {
            return;
        };
        let r = self.min.sw as usize;
        let ir = self.intermediate(q.hdr.serial);
        if (q.in_port as usize) < d.p {
            // the source router: minimal when the intermediate or the destination is here
            let g = d.group(r);
            if d.group(ir) == g || d.group(dr) == g {
                out.push(self.hop(r, dr, 1, false, 1));
                return;
            }
            if let Some(gq) = &self.global {
                // UGAL-G (Kim et al. 2008): the queue of the global channel each path leaves
                // the group by, times the path's hops
                let (qm, qn) = (gq.between(g, d.group(dr)), gq.between(g, d.group(ir)));
                let (hm, hn) = (self.hops(r, dr), self.hops(r, ir) + self.hops(ir, dr));
                out.push(if qm * hm <= qn * hn {
                    self.hop(r, dr, 1, false, 1)
                } else {
                    self.hop(r, ir, 0, false, 0)
                });
                return;
            }
            if !self.valiant {
                out.push(self.hop(r, dr, 1, false, 1));
            }
            out.push(self.hop(r, ir, 0, false, 0));
            return;
        }
        let class = self.class(q.in_vc);
        if class < 2 && r != ir {
            out.push(self.hop(r, ir, 0, class == 1, 0));
        } else {
            // phase 1 (or phase 0 reaching its intermediate)
            out.push(self.hop(r, dr, 1, class == 3, 0));
        }
    }

    fn unit(&self) -> &'static str {
        match (&self.global, self.valiant) {
            (Some(_), _) => "dfly-ugal-g",
            (None, true) => "dfly-valiant",
            (None, false) => "dfly-ugal",
        }
    }

    fn global_view(&self) -> bool {
        self.global.is_some()
    }
}

impl Probe for DflyUgal {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The drawn intermediate routers are uniform: over 200,000 packets on BookSim2's
    /// 264-router dragonfly every router is drawn within 12 % of the mean (about 758; the
    /// binomial deviation is 3.6 %), and the draws of consecutive packets are not repeated.
    #[test]
    fn random_intermediates_are_uniform_over_the_routers() {
        let d = Dragonfly { a: 8, p: 4, h: 4 };
        let u = &DflyUgal::units(d, Intermediate::Random(7), false, VcMap::Classes)[0];
        let n = 200_000u64;
        let mut count = vec![0u32; d.routers()];
        let mut repeats = 0;
        let mut last = usize::MAX;
        for serial in 0..n {
            let r = u.intermediate(serial);
            count[r] += 1;
            repeats += (r == last) as u32;
            last = r;
        }
        let mean = n as f64 / d.routers() as f64;
        for (r, &c) in count.iter().enumerate() {
            assert!(
                (c as f64 - mean).abs() < 0.12 * mean,
                "router {r}: {c} draws against {mean:.0}"
            );
        }
        assert!(
            repeats < 2 * (n as u32 / d.routers() as u32),
            "{repeats} repeats"
        );
    }
}
