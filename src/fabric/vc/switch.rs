//! The input-queued virtual-channel router (BookSim2's `iq` router as read in
//! docs/booksim.md): per port a per-VC input buffer ([`VcBuffer`]), per input VC a state
//! machine (idle → routing → VC allocation → active), a VC allocator and a switch allocator
//! (separable input-first, [`SeparableInputFirst`]), a crossbar ([`Crossbar`]) and per output
//! the per-VC credit counters of the buffer downstream ([`VcCredits`]).
//!
//! The router is its pipeline: each stage is a struct with its own state, in its own file —
//! the input unit ([`input`]: buffers and per-VC state), the route stage ([`route`]), VC
//! allocation ([`vc_alloc`]), switch allocation ([`sw_alloc`]), the switch traversal with the
//! crossbar and the credit return upstream ([`traversal`]), the output unit ([`output`]:
//! credits downstream, their delay line, optional output queues) and, with seed 002, the
//! exchange ([`exchange`]). A `VcSwitch` is the router's registers, what a probe, a waveform,
//! the deadlock report and a test read; it is evaluated, in every network and in its twin's
//! lockstep, by the planes ([`Planes`]: the routers of a network together, one lane each),
//! which read and write its input and output units in place by their rules and write the rest
//! of its registers into it when it is read. Output queues, the non-multiplexed crossbar and
//! the exchange are variants of their stages.
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

use crate::blocks::credit::CreditUnit;
use crate::blocks::link::NO_LINK;
use crate::blocks::luc_ncb::ExchangeParams;
use crate::blocks::vc_buffer::MAX_VCS;
use crate::blocks::vc_credits::FREE;
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::{Health, Switch, Wait, WaitOn, Wiring};
use crate::routing::function::Routing;
use crate::routing::keys::RoutingCfg;
use crate::routing::selection::{Selection, SelectionFunction};
use crate::sim::Flit;

mod access;
mod exchange;
mod input;
mod output;
mod planes;
mod probe;
mod queues;
mod registers;
mod route;
mod speedup;
mod sw_alloc;
mod traversal;
mod vc_alloc;
mod view;

pub use exchange::ExchangeStage;
use input::InputUnit;
pub use input::VcState;
pub use output::OutputQueues;
use output::OutputUnit;
pub use planes::Planes;
use route::RouteStage;
use speedup::SpeedupFifo;
use sw_alloc::SwAllocStage;
use traversal::{CreditReturn, CrossbarStage};
use vc_alloc::VcAllocStage;

pub use super::keys::{CrossbarKind, Switching};

/// Index of a port's link in ([`VcSwitch`]'s `link`), and of its link out.
const IN: usize = 0;
const OUT: usize = 1;

/// Router parameters (the configuration's `switch.*` keys).
#[derive(Debug, Clone, Copy, PartialEq)]
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
    /// The crossbar takes batches, one in flight at a time (BookSim2's iq router).
    pub crossbar_batches: bool,
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
    /// Internal pipeline steps per link cycle ([`speedup`]); 1 = none.
    pub internal_speedup: u32,
}

impl VcParams {
    /// The router of BookSim2's iq preset (configs/booksim-iq.toml): 5 ports of 2 VCs of 8
    /// flits, wormhole, every stage in 1 cycle but routing (0), a 1-cycle crossbar taking
    /// batches, credits of one flit applied 2 cycles after they arrive, no output queues, no
    /// exchange, no speedup.
    pub fn booksim_iq() -> Self {
        VcParams {
            ports: 5,
            vcs: 2,
            buffer_flits: 8,
            escape_flits: 0,
            routing_cycles: 0,
            vc_alloc_cycles: 1,
            sw_alloc_cycles: 1,
            crossbar_cycles: 1,
            // the preset's (a 1-cycle crossbar crosses alike either way)
            crossbar_batches: true,
            credit_delay_cycles: 2,
            wait_for_tail_credit: false,
            switching: Switching::Wormhole,
            credit: CreditUnit::flits(),
            selection: RoutingCfg::default()
                .selection()
                .expect("the default selection"),
            keep_vc: false,
            output_buffer_flits: 0,
            crossbar: CrossbarKind::Multiplexed,
            exchange: ExchangeParams {
                hops: 0,
                ..ExchangeParams::PAPER
            },
            first_net_port: 1,
            internal_speedup: 1,
        }
    }

    /// Flits of VC 0's buffers: the escape queue when one is set, else like every VC.
    pub fn vc0_flits(&self) -> u32 {
        if self.escape_flits > 0 {
            self.escape_flits
        } else {
            self.buffer_flits
        }
    }
}

/// One virtual-channel router: its pipeline stages, its wiring, and what it drove this cycle.
/// The registers every evaluated cycle reads come first, from a cache line's start (the
/// stages' own registers, the wiring, the masks of what it drove); the parameters, the route
/// stage and the counters follow.
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub struct VcSwitch {
    /// Ports and VCs (the parameters', where every cycle reads them), and the internal
    /// pipeline steps per cycle (1: none; else [`VcSwitch::eval_speedup`]).
    np: u16,
    speed: u16,
    nv: u32,
    input: InputUnit,
    sa: SwAllocStage,
    xbar: CrossbarStage,
    out: OutputUnit,
    back: CreditReturn,
    /// Seed 002's LUC/NCB exchange, when configured.
    exch: Option<Box<ExchangeStage>>,
    /// Per port (fixed size, [`NO_LINK`] beyond the ports: a port masked below 32 indexes
    /// them without a bounds check): the link in and the link out, side by side (a small
    /// router's in one cache line).
    link: Box<[[u32; 2]; 32]>,
    /// The flit of a packet driven on each output in the last evaluated cycle, valid where
    /// `sent_mask` has the output's bit (the mask alone is cleared each cycle); of the outputs
    /// in `sent_xbar`, the flit is the multiplexed crossbar's ([`Crossbar::left`], not copied
    /// here).
    ///
    /// [`Crossbar::left`]: crate::blocks::crossbar::Crossbar::left
    sent: Box<[Flit; 64]>,
    sent_mask: u32,
    sent_xbar: u32,
    /// Flits that crossed the crossbar into each output VC (VC 0: seed 004's escape queues).
    pub forwarded_vc: [u64; MAX_VCS],
    va: VcAllocStage,
    p: VcParams,
    route: RouteStage,
    /// With an internal speedup and no output queues: the outputs' FIFOs.
    fifo: Option<Box<SpeedupFifo>>,
    pub id: usize,
}

impl VcSwitch {
    /// A router wired by `w`, routed by `routing`.
    pub fn new(id: usize, p: VcParams, routing: Routing, w: Wiring) -> Self {
        let Wiring { in_link, out_link } = w;
        let (np, nv) = (p.ports, p.vcs);
        assert!(np <= 32 && np * nv <= 64 && in_link.len() == np && out_link.len() == np);
        VcSwitch {
            id,
            np: np as u16,
            nv: nv as u32,
            input: InputUnit::new(np, nv, p.vc0_flits(), p.buffer_flits),
            route: RouteStage::new(routing, np * nv),
            va: VcAllocStage::new(np, nv, p.selection.needs()),
            sa: SwAllocStage::new(np, nv),
            xbar: CrossbarStage::new(
                p.crossbar,
                np,
                nv,
                p.sw_alloc_cycles - 1 + p.crossbar_cycles,
                // a 1-cycle traversal crosses alike either way
                p.crossbar_batches && p.crossbar_cycles > 1,
            ),
            back: CreditReturn::new(
                p.crossbar,
                np,
                nv,
                p.internal_speedup,
                (p.vc0_flits() + (nv as u32 - 1) * p.buffer_flits) as usize,
            ),
            out: OutputUnit::new(&p),
            exch: (p.exchange.hops > 0)
                .then(|| Box::new(ExchangeStage::new(p.exchange, p.first_net_port))),
            link: Box::new(std::array::from_fn(|p| {
                [in_link.get(p), out_link.get(p)].map(|l| l.copied().unwrap_or(NO_LINK))
            })),
            sent: Box::new([Flit::default(); 64]),
            sent_mask: 0,
            sent_xbar: 0,
            speed: p.internal_speedup as u16,
            fifo: (p.internal_speedup > 1 && p.output_buffer_flits == 0)
                .then(|| Box::new(SpeedupFifo::new(np))),
            forwarded_vc: [0; MAX_VCS],
            p,
        }
    }

    /// Output `o`'s credit counters, to write into: a flow-control fault planted by a test
    /// (before the network's first cycle, as every write into its routers:
    /// `Network::switches_mut`).
    pub fn credits_mut(&mut self, o: usize) -> &mut crate::blocks::vc_credits::VcCredits {
        &mut self.out.credits[o]
    }
}

impl Switch<VcExt> for VcSwitch {
    fn id(&self) -> usize {
        self.id
    }

    fn flits_buffered(&self) -> u64 {
        VcSwitch::flits_buffered(self)
    }

    fn occupancy(&self, now: u64, out: &mut Vec<u64>) {
        out.extend((0..self.p.ports * self.p.vcs).map(|iv| self.input.area(iv, now)));
    }

    fn health(&self) -> Health {
        Health {
            overflows: self.input.overflows
                + self
                    .out
                    .queues
                    .as_ref()
                    .map_or(0, |q| q.bufs.iter().map(|b| b.overflows).sum()),
            credit_errors: self
                .out
                .credits
                .iter()
                .map(|c| c.underflows + c.overflows + c.double_grants)
                .sum(),
            route_errors: self.route.errors,
            order_errors: 0,
        }
    }

    fn vcs(&self) -> usize {
        self.p.vcs
    }

    fn exchange_words(&self) -> (u64, u64) {
        self.exchange_unit()
            .map_or((0, 0), |x| (x.words_out, x.words_in))
    }

    /// A head in VC allocation waits for the input VCs holding the VCs it may take; an active
    /// VC with a flit waits for credits from the VC downstream.
    fn waits(&self, out: &mut Vec<Wait>) {
        let nv = self.p.vcs;
        for (iv, s) in self.input.used().iter().enumerate() {
            let (p, v) = ((iv / nv) as u8, (iv % nv) as u8);
            match s.state {
                VcState::VcAlloc | VcState::Routing => {
                    for c in self.route.cands[iv].as_slice() {
                        for ov in 0..nv {
                            let owner = self.out.owner(c.port as usize, ov);
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
                VcState::Active if self.input.level(p as usize, v as usize) > 0 => {
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
