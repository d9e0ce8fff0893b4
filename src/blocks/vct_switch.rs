//! Virtual cut-through switch with credit-based flow control and an IR/FIR routing unit
//! (seed 001 §5.1): a full crossbar with a queue at every input and every output port, each
//! holding two packets; routing takes 20 cycles; switch and links move one flit per cycle.
//!
//! Per cycle, in this order inside the block:
//! 1. credits returned by the downstream buffers and flits arriving from upstream are taken in;
//! 2. routing control: a header at the front of an idle input asks the routing unit (IR/FIR,
//!    `blocks::ir_fir`) for its allowed ports; the decision is ready `routing_cycles` later;
//! 3. selection: a routed input picks one allowed output that is not taking another packet
//!    through the crossbar and whose queue has room for the whole packet — the only one (deterministic FIR), the deterministic up port if it has room and
//!    else the first allowed one that has (SADP), or the first allowed one with room (FF);
//! 4. allocation: each output grants one of the inputs that picked it (round-robin), reserves
//!    room for the whole packet in its queue and stays connected to that input until the tail
//!    has crossed; an input that loses picks again next cycle;
//! 5. crossbar: every connected input moves one flit into its output queue and returns one
//!    credit upstream; the packet's tail releases the input;
//! 6. output: a queue sends its front flit when the credit counter allows — a header only when
//!    the downstream buffer has room for the whole packet (virtual cut-through), then one flit
//!    per cycle.
//!
//! Latency: a header arriving at cycle `a` at an idle input leaves a free output at
//! `a + routing_cycles` and reaches the next switch `fly` cycles later.

use super::arbiter::RoundRobinArbiter;
use super::credit::CreditCounter;
use super::ir_fir::IrFirUnit;
use super::link::Link;
use super::myrinet_switch::NO_LINK;
use crate::fabric::packet::PacketTable;
use crate::sim::runs::FlitRuns;
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor};

/// How an input picks among the ports its routing unit allows (seed 001 §5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Selection {
    /// Deterministic routing: the routing unit allows one port.
    Deterministic,
    /// Static And Destination Priority: the deterministic up port first, else another.
    Sadp,
    /// First Free: the lowest allowed port with room.
    Ff,
}

impl Selection {
    /// The name used in configurations and reports.
    pub fn name(self) -> &'static str {
        match self {
            Selection::Deterministic => "det",
            Selection::Sadp => "sadp",
            Selection::Ff => "ff",
        }
    }
}

/// Switch parameters.
#[derive(Debug, Clone, Copy)]
pub struct VctParams {
    /// Ports (2k in a k-ary n-tree).
    pub ports: usize,
    /// Cycles from a header at the front of an input to its routing decision (20).
    pub routing_cycles: u32,
    /// Input and output queue capacity in flits (two packets).
    pub buffer_flits: u32,
    pub selection: Selection,
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

#[derive(Debug, Clone)]
struct InPort {
    buf: FlitRuns,
    state: VctIn,
    /// Packet being routed or transferred (-1 none), its length and destination.
    pkt: i64,
    len: u32,
    /// Allowed ports (after RRR) and the deterministic preference.
    allowed: u32,
    preferred: u32,
    /// The output this input asks for this cycle (for waveforms; -1 none).
    pick: i64,
    /// Index of the last flit received (the input counts the flits of the arriving packet).
    rx_idx: u32,
}

#[derive(Debug, Clone)]
struct OutPort {
    q: FlitRuns,
    /// Flits in the queue plus flits reserved for packets being transferred into it.
    committed: u32,
    credits: CreditCounter,
    arb: RoundRobinArbiter,
    /// The input connected through the crossbar (one packet at a time into the queue).
    owner: Option<u8>,
    /// Flit sent this cycle (waveforms).
    last: Option<Flit>,
}

/// How a switch is connected: port `p` receives on `in_link[p]` and sends on `out_link[p]`
/// (indices into the network's links, [`NO_LINK`] when unconnected); `down_credits[p]` is the
/// size of the buffer behind output `p`, in flits.
#[derive(Debug, Clone)]
pub struct Wiring {
    pub in_link: Vec<u32>,
    pub out_link: Vec<u32>,
    pub down_credits: Vec<u32>,
}

/// One virtual cut-through switch.
#[derive(Debug, Clone)]
pub struct VctSwitch {
    pub id: usize,
    /// Stage in the fat-tree (for reports).
    pub stage: u32,
    p: VctParams,
    /// The routing unit (adaptive IR or deterministic FIR registers).
    pub routing: IrFirUnit,
    /// The deterministic FIR configuration, the preference of SADP.
    pub preference: Option<IrFirUnit>,
    ins: Vec<InPort>,
    outs: Vec<OutPort>,
    in_link: Vec<u32>,
    out_link: Vec<u32>,
    /// Flits forwarded through the crossbar.
    pub forwarded: u64,
    /// Headers the routing unit gave no port for (must stay 0).
    pub route_errors: u64,
}

impl VctSwitch {
    /// A switch wired by `w`, routed by `routing` (and, for SADP, preferring what the
    /// deterministic configuration `preference` allows).
    pub fn new(
        id: usize,
        stage: u32,
        p: VctParams,
        routing: IrFirUnit,
        preference: Option<IrFirUnit>,
        w: Wiring,
    ) -> Self {
        let Wiring {
            in_link,
            out_link,
            down_credits,
        } = w;
        assert!(p.ports <= 32 && in_link.len() == p.ports && out_link.len() == p.ports);
        VctSwitch {
            id,
            stage,
            p,
            routing,
            preference,
            ins: (0..p.ports)
                .map(|_| InPort {
                    buf: FlitRuns::new(p.buffer_flits),
                    state: VctIn::Idle,
                    pkt: -1,
                    len: 0,
                    allowed: 0,
                    preferred: 0,
                    pick: -1,
                    rx_idx: 0,
                })
                .collect(),
            outs: (0..p.ports)
                .map(|q| OutPort {
                    q: FlitRuns::new(p.buffer_flits),
                    committed: 0,
                    credits: CreditCounter::new(down_credits[q]),
                    arb: RoundRobinArbiter::new(p.ports),
                    owner: None,
                    last: None,
                })
                .collect(),
            in_link,
            out_link,
            forwarded: 0,
            route_errors: 0,
        }
    }

    /// The output `sel` picks among `allowed` for a packet of `len` flits, if one has room.
    fn select(&self, allowed: u32, preferred: u32, len: u32) -> Option<usize> {
        let room = |o: usize| {
            let out = &self.outs[o];
            self.out_link[o] != NO_LINK
                && out.owner.is_none()
                && self.p.buffer_flits - out.committed >= len
        };
        let first = |mask: u32| {
            let mut m = mask;
            while m != 0 {
                let o = m.trailing_zeros() as usize;
                if room(o) {
                    return Some(o);
                }
                m &= m - 1;
            }
            None
        };
        match self.p.selection {
            Selection::Deterministic | Selection::Ff => first(allowed),
            Selection::Sadp => {
                let pref = allowed & preferred;
                first(pref).or_else(|| first(allowed & !pref))
            }
        }
    }

    /// Nothing to do this cycle: every queue empty, every input idle, nothing arriving (flit or
    /// credit) on any link. Evaluating a quiet switch changes nothing, so it is skipped.
    #[inline]
    fn quiet(&self, links: &[Link]) -> bool {
        self.ins
            .iter()
            .all(|i| i.state == VctIn::Idle && i.buf.is_empty())
            && self.outs.iter().all(|o| o.q.is_empty() && o.last.is_none())
            && self
                .in_link
                .iter()
                .all(|&l| l == NO_LINK || links[l as usize].fwd.in_flight() == 0)
            && self
                .out_link
                .iter()
                .all(|&l| l == NO_LINK || links[l as usize].back.in_flight() == 0)
    }

    /// Evaluate one cycle. Returns the flits that moved (the watchdog's progress).
    pub fn eval(&mut self, now: u64, links: &mut [Link], packets: &PacketTable) -> u32 {
        if self.quiet(links) {
            return 0;
        }
        let np = self.p.ports;
        let mut moved = 0u32;
        let mut req = [0u32; 32];
        let mut credit_back = [false; 32];
        // 1-3: credits in, flits in, routing control and selection
        for port in 0..np {
            if self.out_link[port] != NO_LINK {
                credit_back[port] =
                    links[self.out_link[port] as usize].back.recv(now) == Some(FlowCtl::Credit);
                self.outs[port].last = None;
            }
            let il = self.in_link[port];
            if il == NO_LINK {
                continue;
            }
            let inp = &mut self.ins[port];
            if let Some(f) = links[il as usize].fwd.recv(now) {
                inp.rx_idx = if f.is_head() { 0 } else { inp.rx_idx + 1 };
                inp.buf.push(f.pkt, inp.rx_idx);
            }
            inp.pick = -1;
            if inp.state == VctIn::Idle {
                if let Some((pkt, 0)) = inp.buf.front() {
                    let p = packets.get(pkt);
                    inp.pkt = pkt as i64;
                    inp.len = p.flits;
                    inp.allowed = self.routing.route(p.dst);
                    inp.preferred = self.preference.as_ref().map_or(0, |u| u.route(p.dst));
                    inp.state = VctIn::Routing {
                        ready: now + self.p.routing_cycles as u64,
                    };
                    if inp.allowed == 0 {
                        self.route_errors += 1;
                    }
                }
            }
            let inp = &mut self.ins[port];
            if let VctIn::Routing { ready } = inp.state {
                if now >= ready {
                    inp.state = VctIn::Selecting;
                }
            }
            if self.ins[port].state == VctIn::Selecting {
                let (a, pr, len) = (
                    self.ins[port].allowed,
                    self.ins[port].preferred,
                    self.ins[port].len,
                );
                if let Some(o) = self.select(a, pr, len) {
                    req[o] |= 1 << port;
                    self.ins[port].pick = o as i64;
                }
            }
        }
        // 4: allocation, one packet per output per cycle, round-robin among the pickers
        for (o, &r) in req.iter().enumerate().take(np) {
            if r == 0 {
                continue;
            }
            if let Some(w) = self.outs[o].arb.grant(r) {
                self.outs[o].committed += self.ins[w].len;
                self.outs[o].owner = Some(w as u8);
                self.ins[w].state = VctIn::Xfer { out: o as u8 };
            }
        }
        // 5: crossbar, one flit per connected input; a credit back upstream per flit
        for port in 0..np {
            let inp = &mut self.ins[port];
            let VctIn::Xfer { out } = inp.state else {
                continue;
            };
            let Some((pkt, idx)) = inp.buf.pop() else {
                continue;
            };
            self.outs[out as usize].q.push(pkt, idx);
            links[self.in_link[port] as usize]
                .back
                .send(now, FlowCtl::Credit);
            self.forwarded += 1;
            moved += 1;
            if idx + 1 == inp.len {
                inp.state = VctIn::Idle;
                inp.pkt = -1;
                self.outs[out as usize].owner = None;
            }
        }
        // 6: output links under credit control
        for (o, out) in self.outs.iter_mut().enumerate() {
            let ol = self.out_link[o];
            if ol == NO_LINK {
                continue;
            }
            let mut sent = false;
            if let Some((pkt, idx)) = out.q.front() {
                let len = packets.get(pkt).flits;
                let need = if idx == 0 { len } else { 1 };
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
                    };
                    links[ol as usize].send(now, f);
                    out.last = Some(f);
                    sent = true;
                    moved += 1;
                }
            }
            out.credits.cycle(sent, credit_back[o]);
        }
        moved
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

    /// Queue overflows (must be 0) and credit-protocol errors (must be 0).
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

impl Probe for VctSwitch {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        for (p, inp) in self.ins.iter().enumerate() {
            if self.in_link[p] == NO_LINK {
                continue;
            }
            v.scope_idx("in", p);
            v.text("state", inp.state.name());
            v.int("pkt", inp.pkt);
            v.bits("level", 32, inp.buf.len() as u64);
            v.scope("fir");
            v.bits("allowed", self.p.ports as u32, inp.allowed as u64);
            v.bits("preferred", self.p.ports as u32, inp.preferred as u64);
            v.int("pick", inp.pick);
            v.up();
            v.up();
        }
        for (p, out) in self.outs.iter().enumerate() {
            if self.out_link[p] == NO_LINK {
                continue;
            }
            v.scope_idx("out", p);
            v.int("credits", out.credits.credits() as i64);
            v.bits("level", 32, out.q.len() as u64);
            v.bits("committed", 32, out.committed as u64);
            v.flag("valid", out.last.is_some());
            v.int("flit_pkt", out.last.map_or(-1, |f| f.pkt as i64));
            v.up();
        }
        v.scope("fir_regs");
        self.routing.probe(v);
        v.up();
    }
}
