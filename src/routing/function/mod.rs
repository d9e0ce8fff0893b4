//! Routing functions: what the routing unit of a switch answers for a packet header — a set of
//! candidate output ports, each with the virtual channels it may use, an escape class and a
//! priority — from (switch, input port, input VC, header). Which candidate a packet takes is
//! the selection function's business (`routing::selection`); a routing function never looks at
//! buffer state. The answer is a fixed-size [`Candidates`] set: no heap allocation per header.
//!
//! Every routing function is one file here and one line in [`routing_functions!`] below; a
//! switch family holds a [`Routing`] per switch and calls it through a `match` (no `dyn`).

pub mod adaptive;
pub mod check;
pub mod dfly;
pub mod dfly_ugal;
pub mod dl_table;
pub mod dor;
pub mod global_queues;
pub mod ir_fir;
pub mod opty;
pub mod source;
pub mod table;

use crate::sim::packet::Header;
use crate::sim::{Probe, ProbeVisitor};

/// Most candidates one routing call can give (one per port of a 32-port switch).
pub const MAX_CANDIDATES: usize = 32;

/// One candidate output of a routing call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Candidate {
    /// Output port.
    pub port: u8,
    /// Virtual channels the packet may take on that port (bit `v` = VC `v`).
    pub vcs: u32,
    /// Escape class: taken only when no other candidate can be (Duato's escape paths).
    pub escape: bool,
    /// Priority: selections that honour priorities prefer higher values (the deterministic
    /// port of SADP, seed 001 §5.1).
    pub pri: u8,
    /// The candidate turns: its link is in another dimension than the one the packet arrived
    /// along (false for a packet just injected, or a routing without dimensions). Seed 002's
    /// D under `routing.ssr_d = "turn"`.
    pub turn: bool,
}

/// The candidate set of one routing call, in the order the routing function gave them.
#[derive(Debug, Clone, Copy)]
pub struct Candidates {
    n: u8,
    /// Candidates of the escape class, and of a priority above 0 (selections skip the passes
    /// that would find none).
    escapes: u8,
    prioritized: u8,
    c: [Candidate; MAX_CANDIDATES],
}

impl Default for Candidates {
    fn default() -> Self {
        Candidates {
            n: 0,
            escapes: 0,
            prioritized: 0,
            c: [Candidate::default(); MAX_CANDIDATES],
        }
    }
}

impl Candidates {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empty the set.
    #[inline]
    pub fn clear(&mut self) {
        self.n = 0;
        self.escapes = 0;
        self.prioritized = 0;
    }

    /// Add a candidate (a set is full at [`MAX_CANDIDATES`]; more are ignored).
    #[inline]
    pub fn push(&mut self, c: Candidate) {
        if (self.n as usize) < MAX_CANDIDATES {
            self.c[self.n as usize] = c;
            self.n += 1;
            self.escapes += c.escape as u8;
            self.prioritized += (c.pri > 0) as u8;
        }
    }

    /// Some candidate is of the escape class.
    #[inline]
    pub fn has_escape(&self) -> bool {
        self.escapes > 0
    }

    /// Some candidate has a priority above 0.
    #[inline]
    pub fn has_priority(&self) -> bool {
        self.prioritized > 0
    }

    /// The candidates.
    #[inline]
    pub fn as_slice(&self) -> &[Candidate] {
        &self.c[..self.n as usize]
    }

    /// Number of candidates.
    #[inline]
    pub fn len(&self) -> usize {
        self.n as usize
    }

    /// No candidate: the routing function found no way (a route error).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Candidate ports as a bit mask (bit `p` = port `p`).
    pub fn port_mask(&self) -> u32 {
        self.as_slice()
            .iter()
            .fold(0, |m, c| m | 1u32.checked_shl(c.port as u32).unwrap_or(0))
    }

    /// Ports of the candidates with a priority above 0, as a bit mask.
    pub fn preferred_mask(&self) -> u32 {
        self.as_slice()
            .iter()
            .filter(|c| c.pri > 0)
            .fold(0, |m, c| m | 1u32.checked_shl(c.port as u32).unwrap_or(0))
    }
}

/// What a routing function is asked.
#[derive(Debug, Clone, Copy)]
pub struct Query<'a> {
    /// The switch asking.
    pub sw: u32,
    /// Where the header came in.
    pub in_port: u8,
    pub in_vc: u8,
    /// The packet's header.
    pub hdr: &'a Header,
    /// The header flit's data byte (a source route's next port).
    pub route_byte: u8,
}

/// A routing function: candidates for a header, no buffer state, no allocation.
pub trait RoutingFunction: Probe {
    /// Fill `out` (cleared first) with the candidates for `q`; an empty set is a route error.
    fn route(&self, q: &Query<'_>, out: &mut Candidates);
    /// The candidate of `q` for a function that gives every header exactly one
    /// ([`RoutingFunction::one_candidate`]): what [`RoutingFunction::route`] gives, without the
    /// set (None: a route error). Such a function writes its rule once and hands each
    /// candidate to either.
    fn route_one(&self, q: &Query<'_>) -> Option<Candidate> {
        let mut out = Candidates::new();
        self.route(q, &mut out);
        out.as_slice().first().copied()
    }
    /// Name of the unit in waveforms (`network.sw3.in2.<unit>.allowed`).
    fn unit(&self) -> &'static str;
    /// The waveform scope of the unit's registers, if it holds any worth showing.
    fn registers(&self) -> Option<&'static str> {
        None
    }
    /// Whether every header gets exactly one candidate (a port and its VCs): a router has no
    /// choice to make for it (no selection, no escape).
    fn one_candidate(&self) -> bool {
        false
    }
    /// Whether it reads a view of the whole network that the network writes from the
    /// routers' registers between cycles (UGAL-G's global queues).
    fn global_view(&self) -> bool {
        false
    }
}

/// The routing functions, one line each: variant, type, the name in reports.
macro_rules! routing_functions {
    ($($var:ident($ty:ty) = $name:literal,)*) => {
        /// One switch's routing function (enum dispatch: one `match` per header). An IR/FIR
        /// unit's registers live inline (about 1 KB per switch): no pointer to chase per header.
        #[derive(Debug, Clone)]
        #[allow(clippy::large_enum_variant)]
        pub enum Routing {
            $($var($ty),)*
        }

        impl Routing {
            /// The function offering, for the deadlock check, every candidate any packet may
            /// be given (a dimension-order unit's ties drawn per packet: both ways).
            pub fn every_draw(&self) -> Routing {
                match self {
                    Routing::Dor(d) => Routing::Dor(d.every_draw()),
                    r => r.clone(),
                }
            }

            /// The function's name.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Routing::$var(_) => $name,)*
                }
            }
        }

        impl RoutingFunction for Routing {
            #[inline]
            fn route(&self, q: &Query<'_>, out: &mut Candidates) {
                out.clear();
                match self {
                    $(Routing::$var(r) => r.route(q, out),)*
                }
            }

            #[inline]
            fn route_one(&self, q: &Query<'_>) -> Option<Candidate> {
                match self {
                    $(Routing::$var(r) => r.route_one(q),)*
                }
            }

            fn unit(&self) -> &'static str {
                match self {
                    $(Routing::$var(r) => r.unit(),)*
                }
            }

            fn registers(&self) -> Option<&'static str> {
                match self {
                    $(Routing::$var(r) => r.registers(),)*
                }
            }

            fn one_candidate(&self) -> bool {
                match self {
                    $(Routing::$var(r) => r.one_candidate(),)*
                }
            }

            fn global_view(&self) -> bool {
                match self {
                    $(Routing::$var(r) => r.global_view(),)*
                }
            }
        }

        impl Probe for Routing {
            fn probe<V: ProbeVisitor>(&self, v: &mut V) {
                match self {
                    $(Routing::$var(r) => r.probe(v),)*
                }
            }
        }
    };
}

routing_functions! {
    Source(source::SourceRoute) = "source",
    IrFir(ir_fir::IrFirRouting) = "ir-fir",
    Dor(dor::DorRouting) = "dor",
    Table(table::TableRouting) = "table",
    DlTable(dl_table::DlTableRouting) = "dl-table",
    Adaptive(adaptive::AdaptiveRouting) = "adaptive",
    Opty(opty::OptyRouting) = "opt-y",
    Dfly(dfly::DflyRouting) = "dfly",
    DflyUgal(dfly_ugal::DflyUgal) = "dfly-ugal",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_sets_are_bounded_and_masked() {
        let mut c = Candidates::new();
        for p in 0..40u8 {
            c.push(Candidate {
                port: p % 32,
                vcs: 1,
                escape: false,
                pri: (p == 3) as u8,
                turn: false,
            });
        }
        assert_eq!(c.len(), MAX_CANDIDATES);
        assert_eq!(c.port_mask(), u32::MAX);
        assert_eq!(c.preferred_mask(), 1 << 3);
        c.clear();
        assert!(c.is_empty());
    }

    /// Every function that gives one candidate hands `route_one` what `route` puts in the
    /// set, for every router, input port and VC and destination (and none where it gives
    /// none: a destination past the hosts); one that may give two says so.
    #[test]
    fn route_one_is_what_route_gives_alone() {
        use crate::topology::dragonfly::Dragonfly;
        use crate::topology::mesh::{mesh, torus};
        use dor::{Classes, DorRouting, Tie};
        let torus88 = torus([8, 8], 1).unwrap();
        let mut units: Vec<(Routing, usize, usize)> = Vec::new();
        for (topo, tie, classes) in [
            (mesh([4, 3], 2).unwrap(), Tie::Plus, Classes::None),
            (torus88.clone(), Tie::Random(5), Classes::Entry),
            (torus88.clone(), Tie::Plus, Classes::Dateline),
        ] {
            let (hosts, ports) = (topo.num_hosts(), topo.ports_per_switch);
            for u in DorRouting::units(&topo, tie, classes).unwrap() {
                units.push((Routing::Dor(u), hosts, ports));
            }
        }
        let d = Dragonfly { a: 4, p: 2, h: 2 };
        for u in dfly::DflyRouting::units(d) {
            units.push((Routing::Dfly(u), d.routers() * d.p, d.ports()));
        }
        let mut set = Candidates::new();
        let mut hdr = Header::default();
        for (sw, (r, hosts, ports)) in units.iter().enumerate() {
            assert!(r.one_candidate());
            for dst in 0..=*hosts {
                for (in_port, in_vc) in (0..*ports as u8).flat_map(|p| [(p, 0), (p, 1)]) {
                    (hdr.dst, hdr.serial) = (dst as u32, (sw * 131 + dst) as u64);
                    let q = Query {
                        sw: sw as u32,
                        in_port,
                        in_vc,
                        hdr: &hdr,
                        route_byte: 0,
                    };
                    r.route(&q, &mut set);
                    assert!(set.len() <= 1);
                    assert_eq!(r.route_one(&q), set.as_slice().first().copied());
                    assert_eq!(set.is_empty(), dst == *hosts, "{} at {dst}", r.name());
                }
            }
        }
        let both = DorRouting::units(&torus88, Tie::Both, Classes::Entry).unwrap();
        assert!(!Routing::Dor(both[0].clone()).one_candidate());
    }
}
