//! Minimal routing on a dragonfly (`routing.algorithm = "dfly-min"`), as BookSim2's
//! `min_dragonflynew` routes: to the destination router when it is in this group (one local
//! hop), else to the router of this group that holds the global link to the destination's
//! group, over that link, then one local hop in the destination's group — at most local,
//! global, local. VC classes (class 0 the even VCs, class 1 the odd): class 0 in the source
//! group, class 1 from the global link on (BookSim2's "optical dateline"), which makes the
//! channel dependencies acyclic with 2 VCs; the ejection hop stays in the packet's class (class
//! 0 for a packet that never left its group), as in BookSim2, so two packets of one class to
//! one host take turns on its link. Latency: combinational.

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::sim::{Probe, ProbeVisitor};
use crate::topology::dragonfly::Dragonfly;

/// The VCs of class 0 (the even ones) and class 1 (the odd ones).
const CLASS_VCS: [u32; 2] = [0x5555_5555, 0xAAAA_AAAA];

/// The minimal dragonfly unit of one router.
#[derive(Debug, Clone)]
pub struct DflyRouting {
    pub d: Dragonfly,
    pub sw: u32,
}

impl DflyRouting {
    /// The units of every router of dragonfly `d`.
    pub fn units(d: Dragonfly) -> Vec<DflyRouting> {
        (0..d.routers())
            .map(|sw| DflyRouting { d, sw: sw as u32 })
            .collect()
    }

    /// The output port of router `r` towards router `dr` (≠ `r`) on the minimal path.
    pub fn toward(&self, r: usize, dr: usize) -> usize {
        let d = &self.d;
        let (g, dg) = (d.group(r), d.group(dr));
        if g == dg {
            return d.local_port(r, dr);
        }
        let (gr, gp) = d.global_link(g, dg);
        if gr == r {
            gp
        } else {
            d.local_port(r, gr)
        }
    }

    /// The destination router of `q`'s packet when it lies elsewhere; None when the packet
    /// leaves here (its host's port handed to `push`, on the VCs `eject`: its own class, as
    /// BookSim2's dragonfly routings give the ejection hop the packet's phase VC) or names no
    /// host (nothing pushed: a route error).
    #[inline]
    pub fn elsewhere(
        &self,
        q: &Query<'_>,
        eject: u32,
        mut push: impl FnMut(Candidate),
    ) -> Option<usize> {
        let dst = q.hdr.dst as usize;
        let dr = dst / self.d.p;
        if dr >= self.d.routers() {
            return None;
        }
        if dr == self.sw as usize {
            push(Candidate {
                port: (dst % self.d.p) as u8,
                vcs: eject,
                escape: false,
                pri: 0,
                turn: false,
            });
            return None;
        }
        Some(dr)
    }

    /// The rule: the one candidate of `q`, handed to `push` (none: a route error).
    #[inline(always)]
    fn route_each(&self, q: &Query<'_>, mut push: impl FnMut(Candidate)) {
        let d = &self.d;
        // class 1 on the global link and after it; a packet just injected starts in class 0
        let injected = (q.in_port as usize) < d.p;
        let in_class1 = !injected && q.in_vc & 1 == 1;
        let Some(dr) = self.elsewhere(q, CLASS_VCS[in_class1 as usize], &mut push) else {
            return;
        };
        let port = self.toward(self.sw as usize, dr);
        let class1 = port >= d.first_global() || in_class1;
        push(Candidate {
            port: port as u8,
            vcs: CLASS_VCS[class1 as usize],
            escape: false,
            pri: 0,
            turn: false,
        });
    }
}

impl RoutingFunction for DflyRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        self.route_each(q, |c| out.push(c));
    }

    #[inline(always)]
    fn route_one(&self, q: &Query<'_>) -> Option<Candidate> {
        let mut one = None;
        self.route_each(q, |c| one = Some(c));
        one
    }

    fn unit(&self) -> &'static str {
        "dfly"
    }

    fn one_candidate(&self) -> bool {
        true
    }
}

impl Probe for DflyRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
