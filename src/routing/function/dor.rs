//! Dimension-order routing on a 2D mesh or torus, online: X first, then Y; on a torus each
//! dimension goes the shorter way around its ring (ties: the + direction), exactly as the
//! offline routes of `routing::dor`. One candidate; the VC mask is every VC (a family with
//! dateline VCs narrows it). Latency: combinational.

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::error::{Error, Result};
use crate::routing::dor::dor_step;
use crate::sim::{Probe, ProbeVisitor};
use crate::topology::mesh::check_layout;
use crate::topology::{Shape, Topology};
use std::sync::Arc;

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
    /// Dateline VC classes on a torus.
    dateline: bool,
    /// Switch and port of every host.
    hosts: Arc<[(u32, u8)]>,
}

impl DorRouting {
    /// The units of every switch of `topo`, a mesh or torus laid out as `topology::mesh` does.
    /// With `dateline`, each hop names its VC class (tori).
    pub fn units(topo: &Topology, dateline: bool) -> Result<Vec<DorRouting>> {
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
        let hosts: Arc<[(u32, u8)]> = (0..topo.num_hosts())
            .map(|h| {
                let s = topo.host(h);
                (s.sw as u32, s.port as u8)
            })
            .collect();
        let [nx, ny] = dims;
        Ok((0..topo.switches)
            .map(|sw| DorRouting {
                x: (sw % nx) as u32,
                y: (sw / nx) as u32,
                nx: nx as u32,
                ny: ny as u32,
                wrap,
                h: (topo.ports_per_switch - 4) as u8,
                dateline: dateline && wrap,
                hosts: hosts.clone(),
            })
            .collect())
    }
}

impl RoutingFunction for DorRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let Some(&(dsw, dport)) = self.hosts.get(q.hdr.dst as usize) else {
            return;
        };
        let (tx, ty) = (dsw % self.nx, dsw / self.nx);
        // (dimension, +, coordinate, ring size) of the hop, or None to the host
        let hop = if tx != self.x {
            let (_, plus) = dor_step(self.x as usize, tx as usize, self.nx as usize, self.wrap);
            Some((0, plus, self.x, self.nx))
        } else if ty != self.y {
            let (_, plus) = dor_step(self.y as usize, ty as usize, self.ny as usize, self.wrap);
            Some((1, plus, self.y, self.ny))
        } else {
            None
        };
        let Some((dim, plus, c, n)) = hop else {
            out.push(Candidate {
                port: dport,
                vcs: u32::MAX,
                escape: false,
                pri: 0,
                turn: false,
            });
            return;
        };
        let port = self.h + 2 * dim + (!plus) as u8;
        let mut vcs = u32::MAX;
        if self.dateline {
            // class 1 once the packet crossed the wraparound link of this dimension's ring
            let same_dim = q.in_port >= self.h && (q.in_port - self.h) / 2 == dim;
            let crossed =
                (same_dim && q.in_vc & 1 == 1) || (plus && c == n - 1) || (!plus && c == 0);
            vcs = if crossed { 0xAAAA_AAAA } else { 0x5555_5555 };
        }
        out.push(Candidate {
            port,
            vcs,
            escape: false,
            pri: 0,
            turn: false,
        });
    }

    fn unit(&self) -> &'static str {
        "dor"
    }
}

impl Probe for DorRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
