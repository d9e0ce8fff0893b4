//! Opt-y: deadlock-free fully adaptive minimal wormhole routing on a 2D mesh with the fewest
//! virtual channels, 4n − 2 = 6 — one on each x direction (X+, X−), two on each y direction
//! (Y1±, Y2±) — after Schwiebert & Jayasimha (JPDC 27(1), 1995), the routing function of
//! seed 002 §5. Flitwave's reading (docs/speculative.md "Opt-y"):
//!
//! The channels form two classes. **W** = {X−, Y1±} and **E** = {X+, Y2±}; a packet may move
//! from W to E but never back. A packet that arrived on an E channel (it moved +x, or on Y2)
//! may take X+ (if it must still go east) and Y2 (towards its row); a packet that arrived on a
//! W channel, or was just injected, may take X− (west), X+ (east), Y1 (towards its row), and
//! Y2 when it need not go west any more. Inside each class every turn is allowed: W has no X+,
//! so its dependencies only ever lead west or along a column (never back, minimal routes make
//! no U-turn), E likewise east; with no dependency from E back to W the channel dependency
//! graph is acyclic (checked on every mesh up to 16×16 by `routing::function::check::check_function`).
//! Every minimal path stays available: a west-bound packet uses X− and Y1 in any order, an
//! east-bound one Y1 before its first X+ hop and Y2 after, a packet in its destination column
//! Y1 then Y2. Restrictions, in the paper's sense of forbidden (class, destination) choices:
//! E → Y1, E → X− (unreachable minimally), and Y2 while the packet must still go west.
//!
//! VCs: x links use the even VCs, Y1 the even VCs of y links, Y2 the odd ones; with
//! `switch.vcs = 2` exactly the six channels above (an x link's VC 1 is never used). The
//! candidate in the dimension the packet arrived along gets priority 1 (the "straight"
//! candidate of seed 002: D = 1 in SSR's cost). Order: x before y. Latency: combinational (the
//! switch's `routing_cycles`; seed 002: routing and selection in one cycle).

use super::dor::{host_places, HostAt};
use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::error::{Error, Result};
use crate::sim::{Probe, ProbeVisitor};
use crate::topology::mesh::check_layout;
use crate::topology::{Shape, Topology};
use std::sync::Arc;

/// Even VCs: X channels and Y1.
pub const EVEN: u32 = 0x5555_5555;
/// Odd VCs: Y2.
pub const ODD: u32 = 0xAAAA_AAAA;

/// Which of Opt-y's restrictions to leave out (tests show each one is needed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Relax {
    /// Let E packets take Y1 (the E → W dependency X+ → Y1).
    pub y1_after_e: bool,
    /// Let packets that must still go west take Y2 (Y2 → X−).
    pub y2_going_west: bool,
}

/// The Opt-y unit of one mesh switch.
#[derive(Debug, Clone)]
pub struct OptyRouting {
    x: u32,
    y: u32,
    /// First of the four network ports (+x, −x, +y, −y).
    h: u8,
    relax: Relax,
    /// Coordinates of its switch and port of every host.
    hosts: Arc<[HostAt]>,
}

impl OptyRouting {
    /// The units of every switch of `topo`, a 2D mesh as `topology::mesh` lays it out.
    pub fn units(topo: &Topology) -> Result<Vec<OptyRouting>> {
        Self::relaxed(topo, Relax::default())
    }

    /// The units with some restrictions left out (not deadlock-free: for the checker's tests).
    pub fn relaxed(topo: &Topology, relax: Relax) -> Result<Vec<OptyRouting>> {
        let dims = match topo.shape {
            Shape::Mesh { dims } => dims,
            _ => {
                return Err(Error::field(
                    "routing.algorithm",
                    "opt-y routes 2D meshes only (topology.kind = \"mesh\"); a torus's rings need other VC rules",
                ))
            }
        };
        check_layout(topo, dims, false)?;
        let hosts = host_places(topo, dims[0]);
        Ok((0..topo.switches)
            .map(|sw| OptyRouting {
                x: (sw % dims[0]) as u32,
                y: (sw / dims[0]) as u32,
                h: (topo.ports_per_switch - 4) as u8,
                relax,
                hosts: hosts.clone(),
            })
            .collect())
    }
}

impl RoutingFunction for OptyRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let Some(&([tx, ty], dport)) = self.hosts.get(q.hdr.dst as usize) else {
            return;
        };
        if (tx, ty) == (self.x, self.y) {
            out.push(Candidate {
                port: dport,
                vcs: u32::MAX,
                escape: false,
                pri: 0,
                turn: false,
            });
            return;
        }
        // the arrival: dimension (0 x, 1 y, None injected) and class E
        let (dim, in_e) = if q.in_port >= self.h {
            let k = q.in_port - self.h;
            match k {
                // arrived on the −x side: it moved +x
                1 => (Some(0), true),
                0 => (Some(0), false),
                _ => (Some(1), q.in_vc & 1 == 1),
            }
        } else {
            (None, false)
        };
        let straight = |d: u8| (dim == Some(d)) as u8;
        if tx > self.x {
            out.push(Candidate {
                port: self.h,
                vcs: EVEN,
                escape: false,
                pri: straight(0),
                turn: dim.is_some_and(|x| x != 0),
            });
        } else if tx < self.x {
            out.push(Candidate {
                port: self.h + 1,
                vcs: EVEN,
                escape: false,
                pri: straight(0),
                turn: dim.is_some_and(|x| x != 0),
            });
        }
        if ty != self.y {
            let port = self.h + 2 + (ty < self.y) as u8;
            let y1 = !in_e || self.relax.y1_after_e;
            let y2 = tx >= self.x || self.relax.y2_going_west;
            let vcs = if y1 { EVEN } else { 0 } | if y2 { ODD } else { 0 };
            if vcs != 0 {
                out.push(Candidate {
                    port,
                    vcs,
                    escape: false,
                    pri: straight(1),
                    turn: dim.is_some_and(|x| x != 1),
                });
            }
        }
    }

    fn unit(&self) -> &'static str {
        "opt-y"
    }
}

impl Probe for OptyRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::function::check::check_function;
    use crate::routing::function::Routing;
    use crate::sim::packet::Header;
    use crate::topology::mesh;

    fn units(t: &Topology, relax: Relax) -> Vec<Routing> {
        OptyRouting::relaxed(t, relax)
            .unwrap()
            .into_iter()
            .map(Routing::Opty)
            .collect()
    }

    #[test]
    fn dependency_graph_is_acyclic_on_meshes_up_to_16x16() {
        let sizes = [2, 3, 4, 5, 8, 11, 16];
        for &x in &sizes {
            for &y in &sizes {
                let t = mesh::mesh([x, y], 1).unwrap();
                let c = check_function(&t, 2, &units(&t, Relax::default()));
                assert!(c.acyclic, "{x}x{y}: {c}");
            }
        }
    }

    #[test]
    fn dropping_either_restriction_closes_a_cycle() {
        let t = mesh::mesh([3, 3], 1).unwrap();
        for relax in [
            Relax {
                y1_after_e: true,
                ..Relax::default()
            },
            Relax {
                y2_going_west: true,
                ..Relax::default()
            },
        ] {
            let c = check_function(&t, 2, &units(&t, relax));
            assert!(!c.acyclic, "{relax:?} should close a cycle");
        }
    }

    #[test]
    fn every_minimal_direction_is_offered_with_the_documented_vcs() {
        let t = mesh::mesh([5, 5], 1).unwrap();
        let u = OptyRouting::units(&t).unwrap();
        let h = (t.ports_per_switch - 4) as u8;
        let mut c = Candidates::new();
        for (sw, dst) in [
            (12usize, 0u32),
            (12, 4),
            (12, 20),
            (12, 24),
            (12, 2),
            (12, 10),
        ] {
            let hdr = Header {
                dst,
                ..Header::default()
            };
            for (in_port, in_vc) in [(0u8, 0u8), (h, 0), (h + 1, 0), (h + 2, 0), (h + 2, 1)] {
                c.clear();
                u[sw].route(
                    &Query {
                        sw: sw as u32,
                        in_port,
                        in_vc,
                        hdr: &hdr,
                        route_byte: 0,
                    },
                    &mut c,
                );
                let (x, y, tx, ty) = (2, 2, dst % 5, dst / 5);
                let in_e = in_port == h + 1 || (in_port == h + 2 && in_vc == 1);
                if in_e && tx < x {
                    continue; // unreachable: an E packet never has to go west
                }
                let ports = c.port_mask();
                // the x direction is always offered when needed (an E packet never goes west)
                if tx > x {
                    assert!(ports >> h & 1 == 1);
                }
                if tx < x && !in_e {
                    assert!(ports >> (h + 1) & 1 == 1);
                }
                if ty != y {
                    let port = h + 2 + (ty < y) as u8;
                    let yc = c.as_slice().iter().find(|k| k.port == port).unwrap();
                    let want = if in_e { ODD } else { EVEN } | if tx >= x { ODD } else { 0 };
                    assert_eq!(yc.vcs, want, "sw {sw} dst {dst} in {in_port}.{in_vc}");
                    assert_eq!(
                        yc.pri,
                        (in_port >= h + 2) as u8,
                        "straight = same dimension"
                    );
                }
            }
        }
    }
}
