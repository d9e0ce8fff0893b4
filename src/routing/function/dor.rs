//! Dimension-order routing on a 2D mesh or torus, online: X first, then Y; on a torus each
//! dimension goes the shorter way around its ring. A tie (a destination exactly k/2 away) goes
//! the + way (`routing.tie = "plus"`, as the offline routes of `routing::dor`) or either way,
//! drawn per packet and dimension from the run's seed and the packet's number (`"random"`,
//! BookSim2's `dor_next_torus`). One candidate; the VC mask is every VC unless the torus has VC classes
//! (`routing.classes`, [`Classes`]). Latency: combinational.

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::error::{Error, Result};
use crate::sim::{Probe, ProbeVisitor};
use crate::topology::mesh::check_layout;
use crate::topology::{Shape, Topology};
use std::sync::Arc;

/// Which way a packet exactly k/2 away around a ring goes (`routing.tie`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tie {
    /// Always + (the offline routes; a static route per host pair).
    Plus,
    /// Either way, drawn per packet and dimension from this seed and the packet's number, as
    /// BookSim2's `RandomInt(1)` (deterministic: the same run gives the same draws).
    Random(u64),
    /// Both ways offered: the union of every draw, for the deadlock check.
    Both,
}

/// VC classes of dimension order on a torus (`routing.classes`, routing `dor-dateline`): class
/// 0 is the even VCs, class 1 the odd ones. Either way each ring's two classes have acyclic
/// channel dependencies (checked by `routing::function::check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classes {
    /// None: every VC (a torus deadlocks; the checker says so).
    None,
    /// Class 0 until the wraparound link of the ring, class 1 from it on (Dally & Seitz).
    Dateline,
    /// The class is chosen once, when the packet enters a dimension, and kept through it:
    /// class 1 when the destination's coordinate is below the current one (BookSim2's
    /// `dor_next_torus` without `balance`) — for a + move exactly the paths that will cross the
    /// wraparound link, for a − move exactly those that will not. Both classes carry load.
    Entry,
}

/// The names of `routing.tie` and `routing.classes`.
pub const TIES: &[&str] = &["plus", "random"];
pub const CLASSES: &[&str] = &["dateline", "entry"];

/// DOR's own keys on tori, flattened into `[routing]`: `routing.tie` (plus, random; default
/// plus) and `routing.classes` (dor-dateline: dateline, entry; default dateline).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TorusKeys {
    /// A destination exactly k/2 away around a ring: plus (always +) or random (per packet,
    /// BookSim2's dim_order on a torus).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie: Option<String>,
    /// dor-dateline's VC classes: dateline (class 1 from the wraparound link on) or entry
    /// (chosen when a packet enters a dimension, BookSim2's dim_order on a torus).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<String>,
}

impl crate::keys::Keys for TorusKeys {
    const OWNER: &'static str = "dor and dor-dateline routing on tori";
}

impl TorusKeys {
    /// The tie-break and the classes these keys give `algorithm` (dor or dor-dateline) on a
    /// topology that wraps or not, drawing with `seed`; an error naming the key when one is
    /// unknown or applies to neither the routing nor the topology.
    pub fn resolve(
        tie: Option<&str>,
        classes: Option<&str>,
        algorithm: &str,
        wrap: bool,
        seed: u64,
    ) -> Result<(Tie, Classes)> {
        let tie = match tie {
            None | Some("plus") => Tie::Plus,
            Some("random") if wrap => Tie::Random(seed),
            Some("random") => {
                return Err(Error::field(
                    "routing.tie",
                    "\"random\": a mesh has no ties (only a ring has two shortest ways); allowed on a mesh: plus",
                ))
            }
            Some(t) => {
                return Err(Error::field(
                    "routing.tie",
                    format!("{t:?} is not a tie-break; allowed: {}", TIES.join(", ")),
                ))
            }
        };
        let classes = match (classes, algorithm == "dor-dateline" && wrap) {
            (None, false) => Classes::None,
            (None | Some("dateline"), true) => Classes::Dateline,
            (Some("entry"), true) => Classes::Entry,
            (Some(c), true) => {
                return Err(Error::field(
                    "routing.classes",
                    format!("{c:?} is not a VC class rule; allowed: {}", CLASSES.join(", ")),
                ))
            }
            (Some(c), false) => {
                return Err(Error::field(
                    "routing.classes",
                    format!("{c:?}: VC classes belong to routing.algorithm = \"dor-dateline\" on a torus; remove the key or route with dor-dateline"),
                ))
            }
        };
        Ok((tie, classes))
    }
}

/// A 64-bit mix of the seed, the packet's number and a salt (SplitMix64's finaliser): the
/// per-packet random draws of routing functions, repeatable from the seed.
#[inline]
pub fn draw64(seed: u64, serial: u64, salt: u64) -> u64 {
    let mut z = seed ^ serial.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Bit 0 of [`draw64`] salted by the dimension (at most 7 dimensions): the random tie's draw.
#[inline]
pub fn tie_draw(seed: u64, serial: u64, dim: u8) -> bool {
    debug_assert!(dim < 7, "the dimension salt has three bits");
    draw64(seed, serial, (dim as u64 + 1) << 61) & 1 == 1
}

/// The dimension-order unit of one switch.
#[derive(Debug, Clone)]
pub struct DorRouting {
    x: u32,
    y: u32,
    nx: u32,
    ny: u32,
    wrap: bool,
    /// First of the four network ports (+x, −x, +y, −y); hosts sit below.
    h: u8,
    /// Ties around a ring, and the VC classes on a torus.
    tie: Tie,
    classes: Classes,
    /// Coordinates of its switch and port of every host.
    hosts: Arc<[HostAt]>,
}

/// Where a host of a 2D mesh or torus sits: its switch's coordinates (x, y) and its port.
pub(super) type HostAt = ([u32; 2], u8);

/// Where every host of `topo` sits, its switches laid out `nx` to a row (computed once, so
/// that a head's route needs no division).
pub(super) fn host_places(topo: &Topology, nx: usize) -> Arc<[HostAt]> {
    (0..topo.num_hosts())
        .map(|h| {
            let s = topo.host(h);
            ([(s.sw % nx) as u32, (s.sw / nx) as u32], s.port as u8)
        })
        .collect()
}

impl DorRouting {
    /// The units of every switch of `topo`, a mesh or torus laid out as `topology::mesh` does,
    /// breaking ties by `tie` and naming VC classes by `classes` (tori only; a mesh has
    /// neither).
    pub fn units(topo: &Topology, tie: Tie, classes: Classes) -> Result<Vec<DorRouting>> {
        let (dims, wrap) = match topo.shape {
            Shape::Mesh { dims } => (dims, false),
            Shape::Torus { dims } => (dims, true),
            _ => {
                return Err(Error::new(
                    "dimension-order routing needs a mesh or torus topology (topology.kind = \"mesh\" or \"torus\")",
                ))
            }
        };
        check_layout(topo, dims, wrap)?;
        let [nx, ny] = dims;
        let hosts = host_places(topo, nx);
        Ok((0..topo.switches)
            .map(|sw| DorRouting {
                x: (sw % nx) as u32,
                y: (sw / nx) as u32,
                nx: nx as u32,
                ny: ny as u32,
                wrap,
                h: (topo.ports_per_switch - 4) as u8,
                tie: if wrap { tie } else { Tie::Plus },
                classes: if wrap { classes } else { Classes::None },
                hosts: hosts.clone(),
            })
            .collect())
    }
}

impl DorRouting {
    /// Ties are drawn per packet (or offered both ways): no one route per host pair.
    pub fn splits_ties(&self) -> bool {
        matches!(self.tie, Tie::Random(_) | Tie::Both)
    }

    /// This unit offering every direction any draw can give (for the deadlock check: the
    /// union of what every packet may do).
    pub fn every_draw(&self) -> Self {
        let mut u = self.clone();
        if let Tie::Random(_) = u.tie {
            u.tie = Tie::Both;
        }
        u
    }

    /// The candidate of a hop along dimension `dim` from coordinate `c` towards `t` (ring or
    /// line of `n`), + or −, with its VC class.
    #[inline]
    fn hop(&self, q: &Query<'_>, dim: u8, plus: bool, c: u32, t: u32, n: u32) -> Candidate {
        let port = self.h + 2 * dim + (!plus) as u8;
        // the packet arrived along this dimension (not injected, not turning into it); the
        // tests below and-ed and or-ed, not short-circuited: the packets decide them, and a
        // branch on each would be mispredicted
        let same_dim = (q.in_port >= self.h) & (q.in_port.wrapping_sub(self.h) / 2 == dim);
        let odd = q.in_vc & 1 == 1;
        let class = match self.classes {
            Classes::None => None,
            // class 1 once the packet crossed the wraparound link of this dimension's ring
            Classes::Dateline => {
                Some((same_dim & odd) | (plus & (c == n - 1)) | (!plus & (c == 0)))
            }
            // chosen on entering the dimension, kept along it
            Classes::Entry => Some((same_dim & odd) | (!same_dim & (t < c))),
        };
        Candidate {
            port,
            // class 1: the odd VCs, class 0: the even ones (a shift, not a branch)
            vcs: match class {
                None => u32::MAX,
                Some(odd) => 0x5555_5555 << odd as u32,
            },
            escape: false,
            pri: 0,
            turn: false,
        }
    }

    /// The rule: the candidates of `q`, each handed to `push` (one; at a tie offered both
    /// ways, [`Tie::Both`], two; none when the destination names no host).
    #[inline(always)]
    fn route_each(&self, q: &Query<'_>, mut push: impl FnMut(Candidate)) {
        let Some(&([tx, ty], dport)) = self.hosts.get(q.hdr.dst as usize) else {
            return;
        };
        // (dimension, coordinate, target, ring size) of the hop, or None to the host
        // (one branch on whether the packet is home; the dimension picked by a select)
        let (dx, dy) = (tx != self.x, ty != self.y);
        if !(dx | dy) {
            push(Candidate {
                port: dport,
                vcs: u32::MAX,
                escape: false,
                pri: 0,
                turn: false,
            });
            return;
        }
        let hop = if dx {
            (0u8, self.x, tx, self.nx)
        } else {
            (1, self.y, ty, self.ny)
        };
        let (dim, c, t, n) = hop;
        // + when the target is ahead by less than half the ring (a mesh: ahead at all)
        // (the distance ahead around the ring, t - c mod n, without a division)
        let ahead = t + n - c;
        let fwd = if !self.wrap {
            0
        } else if ahead >= n {
            ahead - n
        } else {
            ahead
        };
        let plus = if !self.wrap {
            t > c
        } else if 2 * fwd != n {
            2 * fwd < n
        } else {
            match self.tie {
                Tie::Plus => true,
                Tie::Random(seed) => tie_draw(seed, q.hdr.serial, dim),
                Tie::Both => {
                    push(self.hop(q, dim, true, c, t, n));
                    false
                }
            }
        };
        push(self.hop(q, dim, plus, c, t, n));
    }
}

impl RoutingFunction for DorRouting {
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
        "dor"
    }

    fn one_candidate(&self) -> bool {
        // a tie offered both ways only for the deadlock check
        !matches!(self.tie, Tie::Both)
    }
}

impl Probe for DorRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
