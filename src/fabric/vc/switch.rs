//! The input-queued virtual-channel router (issue 12; BookSim2's `iq` router as read in
//! docs/booksim.md): per port a per-VC input buffer ([`VcBuffer`]), per input VC a state
//! machine (idle → routing → VC allocation → active), a VC allocator and a switch allocator
//! (separable input-first, [`SeparableInputFirst`]), a crossbar ([`Crossbar`]) and per output
//! the per-VC credit counters of the buffer downstream ([`VcCredits`]).
//!
//! Per cycle, in this order inside the block:
//! 1. credits returned from downstream enter the credit pipeline and are applied
//!    `credit_delay_cycles` after they arrive (BookSim's `credit_delay`);
//! 2. arriving flits are written into their VC; a head at the front of an idle VC asks the
//!    routing function for its candidates, ready `routing_cycles` later;
//! 3. VC allocation: every routed head requests the free VCs its routing (and the selection
//!    function, when it gives several ports) allows — a VC in use is not requested, a full one
//!    is; a granted VC is held until its packet's tail is sent (or its tail credit returns,
//!    `wait_for_tail_credit`); the head may request the switch `vc_alloc_cycles` later;
//! 4. switch allocation: each input offers one VC per output, round-robin from the VC after its
//!    last winner; a VC competes when its front flit has a credit downstream (with virtual
//!    cut-through a head needs credits for its whole packet); the winner leaves the buffer, its
//!    credit goes upstream at once, and it reaches the link `sw_alloc_cycles - 1 +
//!    crossbar_cycles` cycles later. A tail frees its input VC; a head behind it is routed the
//!    next cycle.
//!
//! Zero-load latency per hop: `routing_cycles + vc_alloc_cycles + sw_alloc_cycles +
//! crossbar_cycles + fly_cycles - 1`, a head being written and VC-allocated in the cycle it
//! arrives: 4 cycles with the BookSim2 preset (0 + 1 + 1 + 1 + 2 - 1; a BookSim2 channel of
//! latency 1 is a wire of fly time 2 here, see docs/booksim.md). Credit loop of one buffer slot:
//! `fly + credit_delay_cycles + fly` cycles after the flit leaves, plus the flit's own way.

use crate::blocks::allocator::{SeparableInputFirst, NO_GRANT};
use crate::blocks::credit::CreditUnit;
use crate::blocks::credit_delay::CreditDelay;
use crate::blocks::crossbar::Crossbar;
use crate::blocks::link::{Link, NO_LINK};
use crate::blocks::luc_ncb::{ExchangeParams, LucNcb, Word, DIRS};
use crate::blocks::vc_buffer::{VcBuffer, MAX_VCS};
use crate::blocks::vc_credits::{VcCredits, FREE};
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::{Health, Switch, Wait, WaitOn, Wiring};
use crate::routing::function::{Candidates, Query, Routing, RoutingFunction};
use crate::routing::selection::{Needs, Selection, SelectionFunction};
use crate::sim::packet::PacketTable;
use crate::sim::{Flit, FlowCtl};
use crate::stats::occupancy::Level;

mod access;
mod alloc;
mod exchange;
mod output;
mod probe;
mod view;

pub use output::OutputQueues;
use view::View;

/// How a head advances (issue 12 §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Switching {
    /// A head advances when the downstream VC has room for one flit.
    Wormhole,
    /// A head advances only when the downstream VC can hold its whole packet.
    CutThrough,
}

/// How the crossbar connects the VCs (seed 004 §4.1: non-multiplexed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrossbarKind {
    /// One crossbar input per input port and one output per output port: the VCs of a port
    /// take turns (a switch allocator arbitrates; BookSim2's iq router).
    Multiplexed,
    /// One crossbar input per input VC and one output per output VC, into the output queues:
    /// every VC moves a flit per cycle, no switch allocation (needs output queues).
    NonMultiplexed,
}

/// Router parameters (the configuration's `switch.*` keys).
#[derive(Debug, Clone, Copy)]
pub struct VcParams {
    pub ports: usize,
    pub vcs: usize,
    /// Flits per VC buffer.
    pub buffer_flits: u32,
    /// Flits of VC 0's buffers (input and output) when not 0: seed 004's escape queue.
    pub escape_flits: u32,
    /// Header at the front of a VC to its routing decision (BookSim `routing_delay`).
    pub routing_cycles: u32,
    pub vc_alloc_cycles: u32,
    pub sw_alloc_cycles: u32,
    pub crossbar_cycles: u32,
    /// Cycles a returned credit waits after it arrives before it can be used.
    pub credit_delay_cycles: u32,
    pub wait_for_tail_credit: bool,
    pub switching: Switching,
    pub credit: CreditUnit,
    pub selection: Selection,
    /// Route tables that name no VC keep the packet on the VC its source chose.
    pub keep_vc: bool,
    /// Flits per VC of the output queues; 0 = none (the crossbar drives the link).
    pub output_buffer_flits: u32,
    pub crossbar: CrossbarKind,
    /// Seed 002's LUC/NCB exchange (hops 0: none) over the four network ports from
    /// `first_net_port` (+x, −x, +y, −y of a mesh or torus).
    pub exchange: ExchangeParams,
    pub first_net_port: u8,
}

impl VcParams {
    /// Flits of VC 0's buffers: the escape queue when one is set, else like every VC.
    pub fn vc0_flits(&self) -> u32 {
        if self.escape_flits > 0 {
            self.escape_flits
        } else {
            self.buffer_flits
        }
    }
}

/// State of an input VC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VcState {
    Idle,
    /// Routing decision ready at `ready`.
    Routing,
    /// Asking the VC allocator.
    VcAlloc,
    /// Holding an output VC until the tail leaves.
    Active,
}

/// The registers of one input VC.
#[derive(Debug, Clone, Copy)]
struct InVc {
    state: VcState,
    out: u8,
    ovc: u8,
    /// Routing: VC allocation from this cycle; Active: the head may ask for the switch.
    ready: u64,
    /// Flits of the packet at the front and the index of its next flit to leave.
    len: u32,
    next: u32,
}

/// A returned credit reaches output `port`'s counters.
#[inline]
fn apply(credits: &mut [VcCredits], port: usize, c: FlowCtl) {
    if let FlowCtl::Credit { vc, n } = c {
        credits[port].credit(vc as usize, n as u32);
    }
}

/// One virtual-channel router.
#[derive(Debug, Clone)]
pub struct VcSwitch {
    pub id: usize,
    p: VcParams,
    pub routing: Routing,
    bufs: Vec<VcBuffer>,
    vcs: Vec<InVc>,
    cands: Vec<Candidates>,
    /// Per input: the VC after the last switch-allocation winner.
    sw_rr: Vec<u8>,
    credits: Vec<VcCredits>,
    /// Returned credits waiting `credit_delay_cycles`.
    credit_pipe: CreditDelay,
    xbar: Crossbar,
    /// Output queues, when configured.
    outq: Option<OutputQueues>,
    va: SeparableInputFirst,
    sa: SeparableInputFirst,
    in_link: Vec<u32>,
    out_link: Vec<u32>,
    /// Input VCs routing or in VC allocation (bit p·V + v), active ones, and those holding
    /// a flit.
    waiting: u64,
    active: u64,
    holding: u64,
    /// Flits in the input buffers.
    flits: u32,
    /// Scratch of the allocators (no allocation per cycle).
    va_req: Vec<u64>,
    va_grant: Vec<u8>,
    sa_req: Vec<u64>,
    sa_grant: Vec<u8>,
    sa_label: Vec<u8>,
    /// Probes of the last evaluated cycle: VC-allocation requests and grants (bit p·V + v),
    /// switch-allocation requesting inputs and grants (bit p) with each requesting input's
    /// output mask left in `sa_req` until the next cycle starts, the flit driven on each output.
    /// What the selection reads of the router (its declaration, read once).
    needs: Needs,
    va_asked: u64,
    va_won: u64,
    sa_asked: u32,
    sa_won: u32,
    sent: Vec<Option<Flit>>,
    any_sent: bool,
    /// Ports driven this cycle: flits out (bit = output), credits back (bit = input).
    drove_fwd: u32,
    drove_back: u32,
    /// Credit units freed per input VC and not yet sent upstream, the ports with some, and
    /// per port the VC whose credits go first next.
    credit_back: Vec<u32>,
    credit_ports: u32,
    credit_rr: Vec<u8>,
    /// Flits that crossed the crossbar, and those of them into each output VC (VC 0: seed
    /// 004's escape queues).
    pub forwarded: u64,
    pub forwarded_vc: [u64; MAX_VCS],
    /// Headers the routing function gave no candidate (must stay 0).
    pub route_errors: u64,
    /// The LUC/NCB exchange unit (seed 002), when configured.
    pub exch: Option<LucNcb>,
    /// Heads written and tails sent this cycle (the LUC's inputs).
    heads_in: u32,
    tails_out: u32,
    /// Per output: the routed heads that may take it (SSR's R), counted when a selection
    /// asks for it.
    requests: Vec<u8>,
    /// Active input VCs held back a cycle because their flit would meet an exchange slot.
    pub halted: u64,
    /// Occupancy of each input VC buffer, p·V + v (statistics).
    pub(super) occ: Vec<Level>,
}

impl VcSwitch {
    /// A router wired by `w`, routed by `routing`.
    pub fn new(id: usize, p: VcParams, routing: Routing, w: Wiring) -> Self {
        let Wiring { in_link, out_link } = w;
        let (np, nv) = (p.ports, p.vcs);
        assert!(np * nv <= 64 && in_link.len() == np && out_link.len() == np);
        let first = p.vc0_flits();
        let (units, units0) = (
            p.credit.buffer_units(p.buffer_flits),
            p.credit.buffer_units(first),
        );
        let idle = InVc {
            state: VcState::Idle,
            out: 0,
            ovc: 0,
            ready: 0,
            len: 0,
            next: 0,
        };
        VcSwitch {
            id,
            routing,
            bufs: (0..np)
                .map(|_| VcBuffer::with_first(nv, first as usize, p.buffer_flits as usize))
                .collect(),
            vcs: vec![idle; np * nv],
            cands: vec![Candidates::new(); np * nv],
            sw_rr: vec![0; np],
            credits: (0..np)
                .map(|_| VcCredits::with_first(nv, units0, units, p.wait_for_tail_credit))
                .collect(),
            credit_pipe: CreditDelay::new(np, p.credit_delay_cycles),
            xbar: Crossbar::new(
                match p.crossbar {
                    CrossbarKind::Multiplexed => np,
                    CrossbarKind::NonMultiplexed => np * nv,
                },
                p.sw_alloc_cycles - 1 + p.crossbar_cycles,
            ),
            outq: (p.output_buffer_flits > 0).then(|| {
                let first = if p.escape_flits > 0 {
                    p.escape_flits
                } else {
                    p.output_buffer_flits
                };
                OutputQueues::new(np, nv, first, p.output_buffer_flits)
            }),
            va: SeparableInputFirst::new(np * nv, np * nv),
            sa: SeparableInputFirst::new(np, np),
            in_link,
            out_link,
            waiting: 0,
            active: 0,
            holding: 0,
            flits: 0,
            va_req: vec![0; np * nv],
            va_grant: vec![NO_GRANT; np * nv],
            sa_req: vec![0; np],
            sa_grant: vec![NO_GRANT; np],
            sa_label: vec![0; np * np],
            needs: p.selection.needs(),
            va_asked: 0,
            va_won: 0,
            sa_asked: 0,
            sa_won: 0,
            sent: vec![None; np],
            any_sent: false,
            drove_fwd: 0,
            drove_back: 0,
            credit_back: vec![0; np * nv],
            credit_ports: 0,
            credit_rr: vec![0; np],
            forwarded: 0,
            forwarded_vc: [0; MAX_VCS],
            route_errors: 0,
            exch: (p.exchange.hops > 0).then(|| LucNcb::new(p.exchange)),
            heads_in: 0,
            tails_out: 0,
            requests: vec![0; np],
            halted: 0,
            occ: vec![Level::default(); np * nv],
            p,
        }
    }

    /// Nothing inside: no flit buffered or in the crossbar, no credit in the delay line, no
    /// per-cycle probe register set.
    #[inline]
    pub fn idle(&self) -> bool {
        self.flits == 0
            && self.exch.is_none()
            && self.credit_ports == 0
            && self.outq.as_ref().is_none_or(|q| q.flits == 0)
            && self.xbar.inside() == 0
            && self.credit_pipe.is_empty()
            && !self.any_sent
            && self.va_asked == 0
            && self.va_won == 0
            && self.sa_asked == 0
            && self.sa_won == 0
    }

    /// Evaluate one cycle, reading every link. Returns the flits that moved.
    pub fn eval(&mut self, now: u64, links: &mut [Link], packets: &PacketTable<VcExt>) -> u32 {
        self.eval_ports(now, links, packets, (u32::MAX, u32::MAX))
    }

    /// Evaluate one cycle reading only the links of the ports that receive: flits on the
    /// inputs of mask `flits_in`, credits on the outputs of mask `credits_in`.
    #[inline(always)]
    pub fn eval_ports(
        &mut self,
        now: u64,
        links: &mut [Link],
        packets: &PacketTable<VcExt>,
        (flits_in, credits_in): (u32, u32),
    ) -> u32 {
        let np = self.p.ports;
        let mut moved = 0;
        self.va_asked = 0;
        self.va_won = 0;
        // last cycle's switch requests, kept for the probes, are cleared before new ones
        let mut m = self.sa_asked;
        while m != 0 {
            self.sa_req[m.trailing_zeros() as usize] = 0;
            m &= m - 1;
        }
        self.sa_asked = 0;
        self.sa_won = 0;
        self.drove_fwd = 0;
        self.drove_back = 0;
        if self.any_sent {
            self.sent.iter_mut().for_each(|s| *s = None);
            self.any_sent = false;
        }
        // 1-2: credits and flits in
        let delayed = self.p.credit_delay_cycles > 0;
        let all = (1u64 << np) as u32 - 1;
        let mut m = credits_in & all;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let ol = self.out_link[port];
            if ol == NO_LINK {
                continue;
            }
            if let Some(c) = links[ol as usize].back.recv(now) {
                if delayed {
                    self.credit_pipe.push(now, port, c);
                } else {
                    apply(&mut self.credits, port, c);
                }
            }
        }
        let mut m = flits_in & all;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let il = self.in_link[port];
            if il == NO_LINK {
                continue;
            }
            if let Some(f) = links[il as usize].fwd.recv(now) {
                if f.is_exchange() {
                    let d = port.wrapping_sub(self.p.first_net_port as usize);
                    if let (Some(x), true) = (self.exch.as_mut(), d < DIRS) {
                        x.receive(d, Word::of(f));
                    }
                    continue;
                }
                self.heads_in = self.heads_in.wrapping_add(f.is_head() as u32);
                let v = f.vc as usize;
                let b = &mut self.bufs[port];
                if b.push(f) {
                    self.flits += 1;
                    let iv = port * self.p.vcs + v;
                    self.occ[iv].set(now, b.level(v));
                    self.holding |= 1 << iv;
                    if self.vcs[iv].state == VcState::Idle && b.level(v) == 1 {
                        self.start_route(iv, now, packets);
                    }
                }
            }
        }
        let credits = &mut self.credits;
        self.credit_pipe
            .pop_due(now, |port, c| apply(credits, port, c));
        // flits granted earlier leave the crossbar
        let (out_link, sent) = (&self.out_link, &mut self.sent);
        let mut driven = 0u32;
        let nv = self.p.vcs;
        match self.outq.as_mut() {
            Some(q) => {
                let stride = match self.p.crossbar {
                    CrossbarKind::Multiplexed => 1,
                    CrossbarKind::NonMultiplexed => nv,
                };
                self.xbar.leave(now, |x, f| q.enter(x / stride, f, nv))
            }
            None => self.xbar.leave(now, |o, f| {
                links[out_link[o] as usize].send(now, f);
                sent[o] = Some(f);
                driven |= 1 << o;
                moved += 1;
            }),
        }
        self.any_sent |= driven != 0;
        self.drove_fwd |= driven;
        if self.outq.as_ref().is_some_and(|q| q.flits > 0) {
            moved += self.send_queued(now, links, packets);
        }
        // 3: VC allocation
        if self.waiting != 0 {
            self.vc_allocate(now);
        }
        // 4: switch allocation and the crossbar
        if self.active != 0 {
            moved += self.sw_allocate(now, links, packets);
        }
        if self.credit_ports != 0 {
            self.return_credits(now, links);
        }
        if self.exch.is_some() {
            self.exchange(now, links);
        }
        moved
    }

    /// The head at the front of input VC `iv` is routed; VC allocation from `at` + routing.
    pub(super) fn start_route(&mut self, iv: usize, at: u64, packets: &PacketTable<VcExt>) {
        let (port, v) = (iv / self.p.vcs, iv % self.p.vcs);
        let f = *self.bufs[port].front(v).expect("a head at the front");
        let h = packets.header(f.pkt);
        let q = Query {
            sw: self.id as u32,
            in_port: port as u8,
            in_vc: v as u8,
            hdr: h,
            route_byte: f.data,
        };
        self.routing.route(&q, &mut self.cands[iv]);
        if self.cands[iv].is_empty() {
            self.route_errors += 1;
        }
        let s = &mut self.vcs[iv];
        s.state = VcState::Routing;
        s.ready = at + self.p.routing_cycles as u64;
        s.len = h.flits;
        s.next = 0;
        self.waiting |= 1 << iv;
    }

    #[inline]
    pub(super) fn drive(&mut self, now: u64, o: usize, f: Flit, links: &mut [Link]) {
        links[self.out_link[o] as usize].send(now, f);
        self.sent[o] = Some(f);
        self.any_sent = true;
        self.drove_fwd |= 1 << o;
    }
}

impl Switch<VcExt> for VcSwitch {
    #[inline]
    fn eval(&mut self, now: u64, links: &mut [Link], packets: &PacketTable<VcExt>) -> u32 {
        VcSwitch::eval(self, now, links, packets)
    }

    #[inline]
    fn eval_arrivals(
        &mut self,
        now: u64,
        links: &mut [Link],
        packets: &PacketTable<VcExt>,
        arrivals: crate::fabric::sleep::Arrivals,
    ) -> u32 {
        self.eval_ports(now, links, packets, arrivals)
    }

    fn id(&self) -> usize {
        self.id
    }

    fn flits_buffered(&self) -> u64 {
        VcSwitch::flits_buffered(self)
    }

    fn occupancy(&self, now: u64, out: &mut Vec<u64>) {
        out.extend(self.occ.iter().map(|l| l.area(now)));
    }

    fn health(&self) -> Health {
        Health {
            overflows: self.bufs.iter().map(|b| b.overflows).sum::<u64>()
                + self
                    .outq
                    .as_ref()
                    .map_or(0, |q| q.bufs.iter().map(|b| b.overflows).sum()),
            credit_errors: self
                .credits
                .iter()
                .map(|c| c.underflows + c.overflows + c.double_grants)
                .sum(),
            route_errors: self.route_errors,
            order_errors: 0,
        }
    }

    fn vcs(&self) -> usize {
        self.p.vcs
    }

    fn quiet(&self) -> bool {
        self.idle()
    }

    fn drove(&self) -> (u32, u32) {
        (self.drove_fwd, self.drove_back)
    }

    fn exchange_words(&self) -> (u64, u64) {
        self.exch
            .as_ref()
            .map_or((0, 0), |x| (x.words_out, x.words_in))
    }

    /// A head in VC allocation waits for the input VCs holding the VCs it may take; an active
    /// VC with a flit waits for credits from the VC downstream.
    fn waits(&self, out: &mut Vec<Wait>) {
        let nv = self.p.vcs;
        for (iv, s) in self.vcs.iter().enumerate() {
            let (p, v) = ((iv / nv) as u8, (iv % nv) as u8);
            match s.state {
                VcState::VcAlloc | VcState::Routing => {
                    for c in self.cands[iv].as_slice() {
                        let cr = &self.credits[c.port as usize];
                        for ov in 0..nv {
                            let owner = match &self.outq {
                                Some(q) => q.owner(c.port as usize, ov, nv),
                                None => cr.owner(ov),
                            };
                            if c.vcs >> ov & 1 == 0 || owner == FREE {
                                continue;
                            }
                            let (op, ovc) = (owner as usize / nv, owner as usize % nv);
                            out.push(Wait {
                                port: p,
                                vc: v,
                                out: c.port,
                                on: WaitOn::Input {
                                    port: op as u8,
                                    vc: ovc as u8,
                                },
                                why: "busy",
                            });
                        }
                    }
                }
                VcState::Active if self.bufs[p as usize].level(v as usize) > 0 => {
                    out.push(Wait {
                        port: p,
                        vc: v,
                        out: s.out,
                        on: WaitOn::Downstream { vc: s.ovc },
                        why: "full",
                    });
                }
                _ => {}
            }
        }
    }
}
