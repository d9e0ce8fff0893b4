//! IR/FIR routing (seed 001 §3.1, §4.1): the switch's interval routing unit
//! (`blocks::ir_fir`) gives the allowed ports for the destination; with a preference unit (the
//! deterministic FIR configuration) the ports it allows get priority 1, which is what SADP
//! selects first. Candidates come in port order, on VC 0. Latency: the unit is combinational;
//! the switch's routing delay covers it.

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::blocks::ir_fir::IrFirUnit;
use crate::sim::{Probe, ProbeVisitor};

/// A switch's IR/FIR unit, and optionally the deterministic unit whose ports are preferred.
#[derive(Debug, Clone)]
pub struct IrFirRouting {
    pub unit: IrFirUnit,
    pub preference: Option<IrFirUnit>,
}

impl IrFirRouting {
    /// Allowed ports and preferred ports for `dst`, as masks.
    #[inline]
    pub fn masks(&self, dst: u32) -> (u32, u32) {
        let allowed = self.unit.route(dst);
        let preferred = self.preference.as_ref().map_or(0, |u| u.route(dst));
        (allowed, preferred)
    }
}

impl RoutingFunction for IrFirRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let (allowed, preferred) = self.masks(q.hdr.dst);
        let mut m = allowed;
        while m != 0 {
            let p = m.trailing_zeros();
            out.push(Candidate {
                port: p as u8,
                vcs: 1,
                escape: false,
                pri: ((preferred >> p) & 1) as u8,
                turn: false,
            });
            m &= m - 1;
        }
    }

    fn unit(&self) -> &'static str {
        "fir"
    }

    fn registers(&self) -> Option<&'static str> {
        Some("fir_regs")
    }
}

impl Probe for IrFirRouting {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        self.unit.probe(v);
    }
}
