//! Virtual cut-through switch with credit-based flow control (seed 001 §5.1): a full crossbar
//! with a queue at every input and every output port, each holding two packets; routing takes
//! 20 cycles; switch and links move one flit per cycle. The routing unit is a routing function
//! (IR/FIR on fat-trees, dimension order, route tables) and the choice among its candidates a
//! selection function (only, SADP, FF); see `routing::function` and `routing::selection`.
//!
//! Per cycle, in this order inside the block:
//! 1. credits returned by the downstream buffers and flits arriving from upstream are taken in;
//! 2. routing control: a header at the front of an idle input asks the routing function for its
//!    candidates; the decision is ready `routing_cycles` later;
//! 3. selection: a routed input picks one candidate output that is not taking another packet
//!    through the crossbar and whose queue has room for the whole packet;
//! 4. allocation: each output grants one of the inputs that picked it (round-robin), reserves
//!    room for the whole packet in its queue and stays connected to that input until the tail
//!    has crossed; an input that loses picks again next cycle;
//! 5. crossbar: every connected input moves one flit into its output queue and returns its
//!    credits upstream; the packet's tail releases the input;
//! 6. output: a queue sends its front flit when the credit counter allows — a header only when
//!    the downstream buffer has room for the whole packet (virtual cut-through), then one flit
//!    per cycle.
//!
//! Latency: a header arriving at cycle `a` at an idle input leaves a free output at
//! `a + routing_cycles` and reaches the next switch `fly` cycles later.

use super::VctExt;
use crate::blocks::arbiter::RoundRobinArbiter;
use crate::blocks::credit::{CreditCounter, CreditUnit};
use crate::blocks::link::{Link, NO_LINK};
use crate::fabric::{Health, OneByOne, Switch, Wait, WaitOn, Wiring};
use crate::routing::function::{Candidates, Query, Routing, RoutingFunction};
use crate::routing::selection::{Selection, SelectionFunction};
use crate::sim::packet::PacketTable;
use crate::sim::runs::FlitRuns;
use crate::sim::{Flit, FlowCtl};
use crate::stats::occupancy::Stay;

mod probe;
mod view;

use view::View;

/// Switch parameters.
#[derive(Debug, Clone, Copy)]
pub struct VctParams {
    /// Ports (2k in a k-ary n-tree).
    pub ports: usize,
    /// Cycles from a header at the front of an input to its routing decision (20).
    pub routing_cycles: u32,
    /// Input and output queue capacity in flits (two packets).
    pub buffer_flits: u32,
    /// What one credit stands for.
    pub credit: CreditUnit,
    pub selection: Selection,
}

/// The switch of seed 001 §5.1: what the configuration's defaults are.
pub struct Paper {
    /// Header at the front of an input to the routing decision (20 cycles).
    pub routing_cycles: u32,
    /// Input and output queues of two packets.
    pub buffer_packets: u32,
}

impl VctParams {
    /// Seed 001's switch timing and buffers.
    pub const PAPER: Paper = Paper {
        routing_cycles: 20,
        buffer_packets: 2,
    };
}

/// Routing-control state of an input port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VctIn {
    Idle,
    /// The routing unit's decision is ready at `ready`.
    Routing {
        ready: u64,
    },
    /// Routed; picking an output with room and asking for it.
    Selecting,
    /// Connected through the crossbar to `out` until the tail.
    Xfer {
        out: u8,
    },
}

impl VctIn {
    fn name(self) -> &'static str {
        match self {
            VctIn::Idle => "IDLE",
            VctIn::Routing { .. } => "ROUTING",
            VctIn::Selecting => "SELECT",
            VctIn::Xfer { .. } => "XFER",
        }
    }
}

/// An input port's registers: two cache lines of their own (the buffer one of them).
#[derive(Debug, Clone)]
#[repr(align(64))]
struct InPort {
    /// The link it receives on ([`NO_LINK`]: unconnected).
    link: u32,
    buf: FlitRuns,
    state: VctIn,
    /// Packet being routed or transferred (-1 none) and its length.
    pkt: i64,
    len: u32,
    /// The output this input asks for this cycle (for waveforms; -1 none).
    pick: i64,
    /// Index of the last flit received (the input counts the flits of the arriving packet).
    rx_idx: u32,
    /// Occupancy integral of the buffer (statistics): one add per flit in and out.
    occ: Stay,
}

/// An output port's registers: two cache lines of their own.
#[derive(Debug, Clone)]
#[repr(align(64))]
struct OutPort {
    /// The link it sends on ([`NO_LINK`]: unconnected).
    link: u32,
    /// Flits of the packet at the front of the queue (known from its header flit).
    len: u32,
    q: FlitRuns,
    /// Flits in the queue plus flits reserved for packets being transferred into it.
    committed: u32,
    credits: CreditCounter,
    arb: RoundRobinArbiter,
    /// The input connected through the crossbar (one packet at a time into the queue).
    owner: Option<u8>,
    /// Packet of the flit sent this cycle (waveforms; valid while its `out_sent` bit is set).
    last_pkt: u32,
    /// Credits returned by the downstream buffer this cycle (applied after the send).
    ret: u32,
    /// Inputs asking for this output this cycle (allocation's requests).
    req: u32,
}

/// One virtual cut-through switch.
#[derive(Debug, Clone)]
pub struct VctSwitch {
    pub id: usize,
    /// Stage in a fat-tree (for reports; 0 elsewhere).
    pub stage: u32,
    p: VctParams,
    /// The routing unit (about 1 KB of registers, read per header: kept apart from the
    /// registers every cycle reads, which the kernel prefetches whole).
    pub routing: Box<Routing>,
    ins: Vec<InPort>,
    /// The routing function's answer for each input's packet (kept apart from the inputs'
    /// hot registers).
    cands: Vec<Candidates>,
    outs: Vec<OutPort>,
    /// Flits forwarded through the crossbar.
    pub forwarded: u64,
    /// Headers the routing unit gave no port for (must stay 0).
    pub route_errors: u64,
    /// Port masks of the cycle loop (bit = port), so idle ports cost nothing: inputs holding
    /// a flit or a packet (not idle and empty), inputs whose `pick` register is set, inputs
    /// connected through the crossbar, outputs whose queue holds a flit, outputs that sent a
    /// flit this cycle (their `last_pkt` register is valid).
    in_busy: u32,
    picked: u32,
    xfer: u32,
    out_busy: u32,
    out_sent: u32,
    /// Ports driven this cycle: flits out (bit = output), credits back (bit = input).
    drove_back: u32,
}

impl VctSwitch {
    /// A switch wired by `w`, routed by `routing`; every downstream buffer holds
    /// `p.buffer_flits` flits.
    pub fn new(id: usize, stage: u32, p: VctParams, routing: Routing, w: Wiring) -> Self {
        let Wiring { in_link, out_link } = w;
        assert!(p.ports <= 32 && in_link.len() == p.ports && out_link.len() == p.ports);
        let down = p.credit.buffer_units(p.buffer_flits);
        VctSwitch {
            id,
            stage,
            p,
            routing: Box::new(routing),
            ins: (0..p.ports)
                .map(|q| InPort {
                    link: in_link[q],
                    buf: FlitRuns::new(p.buffer_flits),
                    state: VctIn::Idle,
                    pkt: -1,
                    len: 0,
                    pick: -1,
                    rx_idx: 0,
                    occ: Stay::default(),
                })
                .collect(),
            cands: vec![Candidates::new(); p.ports],
            outs: (0..p.ports)
                .map(|q| OutPort {
                    link: out_link[q],
                    len: 0,
                    q: FlitRuns::new(p.buffer_flits),
                    committed: 0,
                    credits: CreditCounter::new(down),
                    arb: RoundRobinArbiter::new(p.ports),
                    owner: None,
                    last_pkt: 0,
                    ret: 0,
                    req: 0,
                })
                .collect(),
            forwarded: 0,
            route_errors: 0,
            in_busy: 0,
            picked: 0,
            xfer: 0,
            out_busy: 0,
            out_sent: 0,
            drove_back: 0,
        }
    }

    /// Nothing inside: every queue empty, every input idle, no waveform register (`pick`,
    /// `last`) set. Evaluated with nothing arriving, it would change nothing, so it is skipped
    /// (the network's sleep tables, or [`VctSwitch::eval`]'s look at its links).
    #[inline]
    pub fn idle(&self) -> bool {
        (self.in_busy | self.picked | self.out_busy | self.out_sent) == 0
    }

    /// Evaluate one cycle, reading every link. Returns the flits that moved (the watchdog's
    /// progress).
    #[inline(always)]
    pub fn eval(&mut self, now: u64, links: &[Link], packets: &PacketTable<VctExt>) -> u32 {
        if self.idle()
            && self
                .ins
                .iter()
                .all(|i| i.link == NO_LINK || links[i.link as usize].fwd().in_flight() == 0)
            && self
                .outs
                .iter()
                .all(|o| o.link == NO_LINK || links[o.link as usize].back().in_flight() == 0)
        {
            return 0;
        }
        self.eval_ports(now, links, packets, (u32::MAX, u32::MAX))
    }

    /// Evaluate one cycle reading only the links of the ports that receive: flits on the
    /// inputs of mask `flits_in`, credits on the outputs of mask `credits_in`. Only busy ports
    /// are visited.
    #[inline(always)]
    pub fn eval_ports(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<VctExt>,
        (flits_in, credits_in): (u32, u32),
    ) -> u32 {
        let all = ((1u64 << self.p.ports) - 1) as u32;
        let mut moved = 0u32;
        self.drove_back = 0;
        // last cycle's flits leave the outputs' waveform registers
        self.out_sent = 0;
        // 1: credits from downstream, flits from upstream
        let mut credits = 0u32;
        let mut m = credits_in & all;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let ol = self.outs[port].link;
            if ol == NO_LINK {
                continue;
            }
            if let Some(FlowCtl::Credit { n, .. }) = links[ol as usize].back().recv(now) {
                self.outs[port].ret = n as u32;
                credits |= 1 << port;
            }
        }
        let mut m = flits_in & all;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let inp = &mut self.ins[port];
            if inp.link == NO_LINK {
                continue;
            }
            if let Some(f) = links[inp.link as usize].fwd().recv(now) {
                inp.rx_idx = if f.is_head() { 0 } else { inp.rx_idx + 1 };
                if inp.buf.push(f.pkt, inp.rx_idx) {
                    inp.occ.arrive(now);
                }
                self.in_busy |= 1 << port;
            }
        }
        // 2-3: routing control and selection, input by input
        let mut asked = 0u32;
        let mut m = self.picked;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            self.ins[port].pick = -1;
        }
        self.picked = 0;
        let mut m = self.in_busy & !self.xfer;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let inp = &mut self.ins[port];
            if inp.state == VctIn::Idle {
                if let Some((pkt, 0)) = inp.buf.front() {
                    let h = packets.header(pkt);
                    inp.pkt = pkt as i64;
                    inp.len = h.flits;
                    let q = Query {
                        sw: self.id as u32,
                        in_port: port as u8,
                        in_vc: 0,
                        hdr: h,
                        route_byte: 0,
                    };
                    self.routing.route(&q, &mut self.cands[port]);
                    inp.state = VctIn::Routing {
                        ready: now + self.p.routing_cycles as u64,
                    };
                    if self.cands[port].is_empty() {
                        self.route_errors += 1;
                    }
                }
            }
            if let VctIn::Routing { ready } = inp.state {
                if now >= ready {
                    inp.state = VctIn::Selecting;
                }
            }
            if inp.state == VctIn::Selecting {
                let view = View {
                    outs: &self.outs,
                    cap: self.p.buffer_flits,
                };
                let len = inp.len;
                if let Some(o) = self.p.selection.select(&self.cands[port], &view, len) {
                    self.outs[o.port as usize].req |= 1 << port;
                    asked |= 1 << o.port;
                    self.ins[port].pick = o.port as i64;
                    self.picked |= 1 << port;
                }
            }
        }
        // 4: allocation, one packet per output per cycle, round-robin among the pickers
        while asked != 0 {
            let o = asked.trailing_zeros() as usize;
            asked &= asked - 1;
            let req = std::mem::take(&mut self.outs[o].req);
            if let Some(w) = self.outs[o].arb.grant(req) {
                self.outs[o].committed += self.ins[w].len;
                self.outs[o].owner = Some(w as u8);
                self.ins[w].state = VctIn::Xfer { out: o as u8 };
                self.xfer |= 1 << w;
            }
        }
        // 5: crossbar, one flit per connected input; its credits back upstream
        let mut m = self.xfer;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let inp = &mut self.ins[port];
            let VctIn::Xfer { out } = inp.state else {
                continue;
            };
            let Some((pkt, idx)) = inp.buf.pop() else {
                continue;
            };
            inp.occ.depart(now);
            self.outs[out as usize].q.push(pkt, idx);
            self.out_busy |= 1 << out;
            let n = self.p.credit.release_at(idx, inp.len);
            if n > 0 {
                let c = FlowCtl::Credit { vc: 0, n: n as u8 };
                links[inp.link as usize].back().send(now, c);
                self.drove_back |= 1 << port;
            }
            self.forwarded += 1;
            moved += 1;
            if idx + 1 == inp.len {
                inp.state = VctIn::Idle;
                inp.pkt = -1;
                self.outs[out as usize].owner = None;
                self.xfer &= !(1 << port);
                if inp.buf.is_empty() {
                    self.in_busy &= !(1 << port);
                }
            }
        }
        // 6: output links under credit control (credits returned apply after the send)
        let mut m = (self.out_busy | credits) & all;
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            m &= m - 1;
            let out = &mut self.outs[o];
            let ol = out.link;
            if ol == NO_LINK {
                continue;
            }
            let mut used = 0;
            if let Some((pkt, idx)) = out.q.front() {
                if idx == 0 {
                    out.len = packets.header(pkt).flits;
                }
                let len = out.len;
                let need = if idx == 0 {
                    self.p.credit.packet_units(len)
                } else {
                    self.p.credit.consume_at(idx)
                };
                if out.credits.credits() >= need {
                    out.q.pop();
                    out.committed -= 1;
                    let mut flags = 0;
                    if idx == 0 {
                        flags |= Flit::HEAD;
                    }
                    if idx + 1 == len {
                        flags |= Flit::TAIL;
                    }
                    let f = Flit {
                        pkt,
                        data: 0,
                        flags,
                        vc: 0,
                        ..Flit::default()
                    };
                    links[ol as usize].send(now, f);
                    out.last_pkt = pkt;
                    self.out_sent |= 1 << o;
                    used = self.p.credit.consume_at(idx);
                    moved += 1;
                    if out.q.is_empty() {
                        self.out_busy &= !(1 << o);
                    }
                }
            }
            out.credits.cycle_units(used, std::mem::take(&mut out.ret));
        }
        moved
    }

    /// Ask the cache for the ports a cycle with `flits_in` and `credits_in` arriving will
    /// read: the busy and receiving inputs and outputs, two lines each (a hint: it changes
    /// nothing).
    #[inline(always)]
    pub fn prefetch(&self, (flits_in, credits_in): crate::fabric::sleep::Arrivals) {
        use crate::sim::prefetch::all;
        let all_ports = ((1u64 << self.p.ports) - 1) as u32;
        let mut m = (flits_in | self.in_busy) & all_ports;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            all(&self.ins[p]);
        }
        let mut m = (credits_in | self.out_busy) & all_ports;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            all(&self.outs[p]);
        }
    }

    /// Parameters.
    pub fn params(&self) -> &VctParams {
        &self.p
    }

    /// State of input `port`.
    pub fn in_state(&self, port: usize) -> VctIn {
        self.ins[port].state
    }

    /// Credits held by output `port`.
    pub fn credits(&self, port: usize) -> u32 {
        self.outs[port].credits.credits()
    }

    /// Flits held in the input and output queues.
    pub fn flits_buffered(&self) -> u64 {
        self.ins.iter().map(|i| i.buf.len() as u64).sum::<u64>()
            + self.outs.iter().map(|o| o.q.len() as u64).sum::<u64>()
    }

    /// Queue overflows (must be 0).
    pub fn overflows(&self) -> u64 {
        self.ins.iter().map(|i| i.buf.overflows).sum::<u64>()
            + self.outs.iter().map(|o| o.q.overflows).sum::<u64>()
    }

    /// Credit counters that were asked to go negative or above the buffer (must be 0).
    pub fn credit_errors(&self) -> u64 {
        self.outs
            .iter()
            .map(|o| o.credits.underflows + o.credits.overflows)
            .sum()
    }
}

impl OneByOne<VctExt> for VctSwitch {
    #[inline]
    fn eval(&mut self, now: u64, links: &[Link], packets: &PacketTable<VctExt>) -> u32 {
        VctSwitch::eval(self, now, links, packets)
    }

    #[inline]
    fn eval_arrivals(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<VctExt>,
        arrivals: crate::fabric::sleep::Arrivals,
    ) -> u32 {
        self.eval_ports(now, links, packets, arrivals)
    }

    fn quiet(&self) -> bool {
        self.idle()
    }

    #[inline(always)]
    fn prefetch(&self, _links: &[Link], arrivals: crate::fabric::sleep::Arrivals) {
        VctSwitch::prefetch(self, arrivals)
    }

    fn drove(&self) -> (u32, u32) {
        (self.out_sent, self.drove_back)
    }
}

impl Switch<VctExt> for VctSwitch {
    fn id(&self) -> usize {
        self.id
    }

    fn flits_buffered(&self) -> u64 {
        VctSwitch::flits_buffered(self)
    }

    fn occupancy(&self, now: u64, out: &mut Vec<u64>) {
        out.extend(self.ins.iter().map(|i| i.occ.area(now, i.buf.len())));
    }

    fn health(&self) -> Health {
        Health {
            overflows: self.overflows(),
            credit_errors: self.credit_errors(),
            route_errors: self.route_errors,
            order_errors: 0,
        }
    }

    /// A selecting input waits for every candidate: for the input that holds it, or — when
    /// its queue is full — for the buffer downstream, which must drain first.
    fn waits(&self, out: &mut Vec<Wait>) {
        for (p, inp) in self.ins.iter().enumerate() {
            if inp.state != VctIn::Selecting {
                continue;
            }
            for c in self.cands[p].as_slice() {
                let o = &self.outs[c.port as usize];
                let (on, why) = match o.owner {
                    Some(w) => (WaitOn::Input { port: w, vc: 0 }, "busy"),
                    None => (WaitOn::Downstream { vc: 0 }, "full"),
                };
                out.push(Wait {
                    port: p as u8,
                    vc: 0,
                    out: c.port,
                    on,
                    why,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_port_is_two_cache_lines_and_the_switch_four() {
        use std::mem::size_of;
        assert_eq!(size_of::<InPort>(), 128);
        assert_eq!(size_of::<OutPort>(), 128);
        assert!(size_of::<VctSwitch>() <= 256);
    }
}
