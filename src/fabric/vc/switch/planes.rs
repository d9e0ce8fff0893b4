//! The VC routers evaluated together, in bit planes
//! (docs/performance.md, "the routers in bit planes"): every router's control flags are one
//! bit of a 64-bit word per flag, port and VC — input VC active, asking for VC allocation,
//! holding a flit, its output port (one-hot) and output VC, room behind an output VC, the
//! switch allocator's round-robin pointers (one-hot) — so the switch allocation of 64 routers
//! (a *tile*) is a few hundred word operations a cycle, with no branch per router; flits,
//! credits and heads then move one by one over the bits that are set, and VC allocation runs
//! router by router, by the router's own rule (`vc_alloc::allocate`, its allocator
//! [`SeparableInputFirst`]), where a head asks.
//!
//! The one evaluation of the family's router ([`VcSwitch`](super::VcSwitch): its registers),
//! in every network and in its twin's lockstep (a network of one router): its stages in the
//! router's order (credits due, the crossbar's flits out, flits in and heads routed, VC
//! allocation, separable input-first switch allocation, traversal with the credit upstream);
//! the hosts' flits and credits over the network's links,
//! those between routers in the planes' own rings (flits) and planes (credits). The input
//! VCs are the routers' own (their input unit: state, output VC, packet counters, buffers and
//! occupancy, read and written in place by the unit's rules, `InputUnit::admit`, `put` and
//! `depart`), and
//! so are the output VCs (their output unit's owners and credits downstream or queues' room:
//! `take`, `reserve`, `VcCredits::credit`). The routers' other state registers — a head's
//! candidates, both allocators' pointers, the flits in a crossbar of 1 cycle, the credits in
//! the delay line — their last cycle's strobes (both allocators' requests and grants, the
//! flit driven), what the statistics read of a router, and what is on the links between
//! routers (flits, credits, counts) are written into them when the network reads them
//! ([`Engine::sync`], [`sync`]: by `Network::switches` and `Network::links` when the planes
//! have cycles they do not show, at the end of a run), so that a test, a program stepping the
//! network, a probe, the deadlock report or a caller of
//! [`VcSwitch::registers`](super::VcSwitch::registers) reads them as they are at that cycle; a
//! waveform has the routers it reads written into before each cycle of its window, and an RTL
//! twin in situ watches its router (`Network::set_watch`). On several threads each takes a
//! run of the tiles of every cycle ([`cycle`](mod@cycle), [`rings`](mod@rings)); results are
//! identical at any count. The routers were also evaluated one by one, stage by stage, until
//! the planes carried every shape (c. 82ccbef): testbenches/planes.rs reads runs of every shape
//! against goldens blessed when both agreed, register for register and link for link.
//!
//! The shape the planes take, and the networks that have it: [`build`](mod@build).

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::speedup::SpeedupFifo;
use super::traversal::CreditReturn;
use super::{IN, OUT};
use crate::blocks::allocator::SeparableInputFirst;
use crate::routing::function::Candidates;
use crate::sim::Flit;
use credits::CreditRing;

mod build;
mod credits;
mod cross;
mod cycle;
mod exchange;
mod hosts;
mod output;
mod queues;
mod rings;
mod route;
mod shapes;
mod speedup;
mod sw_alloc;
mod sync;
mod vc_alloc;

pub use shapes::Planes;

/// No router downstream. The ports and VCs a router has at most are the planes' parameters
/// `P` and `V` (5 or 16, 2 to 16: [`Planes`]); the ports, host ports and VCs it uses and
/// their depth are the network's, and so are the rings' slots (a power of two above the
/// longest link and a cycle, for the flits — a flit granted towards a router enters the ring
/// a cycle before it is driven; for the credits, above a link's fly time with the credit
/// delay: what is written at t is read by t + slots - 1, so the slots keep every value in
/// flight, and for links of a few cycles the rings are a few cache lines).
const NONE: u32 = u32::MAX;
/// An input VC's candidate port when the routing gave several: the selection picks one.
const SELECT: u16 = 0xfe;
/// The bits of a port in a peer's encoding (router << PB | port): up to 32 ports.
const PB: u32 = 5;

/// The router and input port of a peer's encoding `x` (router << [`PB`] | port).
#[inline(always)]
fn peer_of(x: u32) -> (usize, usize) {
    ((x >> PB) as usize, (x & ((1 << PB) - 1)) as usize)
}

/// The rings' index of tile `tile`'s slot `slot`, the rings having 2^`sbits` slots a tile
/// (the flits', and with its own `sbits` the credits', [`CreditRing::slot`]).
#[inline(always)]
fn ring(sbits: u32, tile: usize, slot: usize) -> usize {
    (tile << sbits) | slot
}

/// One router's registers that the planes do not hold, laid out for the cache (the routers'
/// state is most of what a cycle touches: a flit-hop that finds its lines in the first-level
/// cache costs a fraction of one that does not): what every flit crossing or credit touches
/// in the first line, what a flit leaving touches in the second, then what a head alone
/// touches. Its input VCs and their buffers are the router's own (`VcSwitch`'s input unit).
#[derive(Clone)]
#[repr(C, align(64))]
struct Router<const P: usize, const V: usize> {
    /// The highest level of an input VC (its input unit's statistic, kept here); flits sent
    /// on each output's link (modulo 2^32, the link's count); flits forwarded per output VC;
    /// heads without a route — the statistics written into the router by [`Planes::sync`].
    max_level: u32,
    /// Its host ports (bit p), wherever they are.
    hosts: u32,
    sent: [u32; P],
    forwarded: [u64; V],
    errors: u64,
    /// The crossbar's flit per host output (leaving next cycle; one towards a router is in
    /// the rings from its grant on); per output the router and input
    /// port downstream (r << [`PB`] | p; NONE for a host or no link); per port the fly time
    /// of its link out (a flit's) and, for its link in, the cycles from a credit's leaving
    /// back upstream to its being applied there (the link's fly time and the credit delay);
    /// per input the credits sent back on its link to a router (modulo 2^32, the link's
    /// count).
    xbar: [Flit; P],
    peer: [u32; P],
    fly: [[u16; 2]; P],
    returned: [u32; P],
    /// Per port: its links in and out (port 0: the host's).
    wires: [[u32; 2]; P],
    /// flitwave's VC allocator (P·nv × P·nv, separable input-first, as the router's) and per
    /// input VC the routing's candidate: its port and VCs (port 0xff: none).
    va: SeparableInputFirst,
    /// The input VCs asking for VC allocation (bit p·nv + v; the router's bit of the tile's
    /// `vany` while any does), kept beside its allocator.
    vwait: u64,
    /// Heads routed that ask from the next step: routed this cycle (bit p·nv + v), or behind a
    /// tail at the last cycle (they join `vwait` after this cycle's first VC allocation).
    vlate: u64,
    cand: [[[u16; 2]; V]; P],
    /// The probes' strobes of its last VC allocation: the cycle it ran in, the input VCs that
    /// asked at its last step that had any, and those granted in that cycle; where the
    /// selection reads them, the heads that asked per output then (SSR's R).
    va_cycle: u64,
    va_asked: u64,
    va_won: u64,
    va_req: [u8; P],
}

/// The planes of a tile of 64 routers: bit r of each word is the tile's router r's flag.
#[derive(Clone)]
struct Tile<const P: usize, const V: usize> {
    /// Per input VC: holding an output VC, holding a flit; its output port and its output VC
    /// (one-hot). The routers with an input VC asking for VC allocation (`vany`: a router's
    /// own `vwait` says which). Per output VC: room for a flit behind it (a credit
    /// downstream, or a flit of its output queue: what the router's own output unit holds,
    /// kept here for the switch allocation, [`credits`](mod@credits)). Per input: its VC
    /// pointer (one-hot). The switch allocator's pointers, one-hot: per output over inputs
    /// (`ptr`), per input over outputs (`pin`). Per output: a flit in the crossbar.
    act: [[u64; V]; P],
    vany: u64,
    hold: [[u64; V]; P],
    outp: [[[u64; P]; V]; P],
    ovh: [[[u64; V]; V]; P],
    cok: [[u64; V]; P],
    rr: [[u64; V]; P],
    ptr: [[u64; P]; P],
    pin: [[u64; P]; P],
    xo: [u64; P],
    /// Per input VC: holding an output VC, its packet's head not yet crossed (what virtual
    /// cut-through checks); granted its output VC and waiting the rest of a VC allocation of
    /// 2 or more cycles.
    cth: [[u64; V]; P],
    early: [[u64; V]; P],
    /// The routers with flits in their own crossbar (one of 2 or more cycles).
    xin: u64,
    /// The probes' strobes of the tile's last switch allocation that had requests: per input
    /// and output the routers whose input asked for it, per input those granted, and the
    /// internal step it ran at.
    sa_req: [[u64; P]; P],
    sa_won: [u64; P],
    sa_step: u64,
    /// Per host port, the routers that drove its link this cycle: flits, credits.
    host_f: [u64; P],
    host_b: [u64; P],
    /// With an internal speedup: the routers with flits in their output FIFOs, and with
    /// credits queued at their inputs.
    fq: u64,
    cq: u64,
    /// With output queues: the routers with flits in them.
    queued: u64,
    /// The routers with heads in their `vlate`: routed in this cycle's step 3 (they join the
    /// waiting heads after its first VC allocation) or behind a tail at the last cycle (after
    /// this cycle's).
    late: u64,
}

/// The routers of a network of the shape, of up to `P` ports and `V` VCs, in tiles of 64.
pub struct Of<const P: usize, const V: usize> {
    r: Vec<Router<P, V>>,
    pl: Vec<Tile<P, V>>,
    /// The flits' rings, 2^`sbits` slots a tile ([`ring`]; slot = cycle mod 2^`sbits`): per
    /// input port, the routers a flit arrives at then, and per input port and router the
    /// flit arriving then (from its host or the router upstream).
    arr: Vec<[u64; P]>,
    fwd: Vec<[[Flit; 64]; P]>,
    sbits: u32,
    /// The credits from downstream, by the cycle each is applied ([`CreditRing`]).
    cr: CreditRing<P, V>,
    /// Each thread's scratch of a cycle (one, or as many as the network's threads).
    scratch: Vec<cycle::Scratch>,
    /// Flits inside the routers, from a host's link in to a host's link out: while some are,
    /// or credits are on their way (`tile_credits`), the network is not idle.
    inside: u64,
    /// Flits granted this cycle towards a router, in the rings already (a crossbar of 1
    /// cycle): the links carry them from the next, when they count as moved.
    drives: u32,
    /// Per tile: flits in its routers (buffers and crossbars) and credits on their way to
    /// them; a tile with neither and no flit arriving has nothing to do.
    tile_flits: Vec<u32>,
    tile_credits: Vec<u32>,
    /// The credit delay (below the credit ring's slots, and so is every link in's fly time
    /// with it: [`Router`]'s `fly`) and the routing delay, in cycles.
    cdelay: u64,
    rdelay: u64,
    /// Virtual cut-through: a head crosses when its VC downstream has credits for its whole
    /// packet. A crossbar of 0 cycles: a winner drives its link in the cycle it wins.
    ct: bool,
    x0: bool,
    /// Packets keep their VC (the routers' `keep_vc`: routes that name none). The routers have
    /// the LUC/NCB exchange (their own units, [`exchange`](mod@exchange)); their selection
    /// reads the routed heads per output (SSR's R).
    keep: bool,
    exch: bool,
    counts: bool,
    /// The routers have output queues (their own, [`output`](mod@output)): `cok` tells room
    /// in a queue, not credits downstream.
    oq: bool,
    /// A crossbar of 2 or more cycles from grant to link: the routers' own crossbars carry
    /// the flits (their block, pipelined or in BookSim2's batches). The VC allocation's
    /// cycles: a granted head asks for the switch that many cycles later.
    deep: bool,
    vdelay: u64,
    /// The ports the routers have (up to `P`), those of each to its hosts below `nh` (the
    /// bits of [`Router`]'s `hosts`); the VCs they use (up to `V`), the flits of VC 0's buffer
    /// (an escape queue's, or as deep as the others) and of every other VC's.
    np: usize,
    nh: usize,
    nv: usize,
    b0: usize,
    b: usize,
    /// Port and VC of the VC allocator's input or output p·nv + v.
    pv: Box<[[u8; 2]; 64]>,
    /// The last cycle evaluated (what [`Planes::sync`] writes is the state after it).
    last: u64,
    /// The internal speedup: the pipeline's steps a cycle; with more than 1, per router its
    /// output FIFOs and its inputs' queued credits (the router's own blocks,
    /// [`speedup`](mod@speedup)); none without.
    speed: u64,
    /// The non-multiplexed crossbar (seed 004): every input VC that may cross does
    /// (`sw_alloc::every_eligible`), its credits paced upstream one symbol an input and cycle
    /// (the router's own [`CreditReturn::PerVc`], in `backs`).
    nonmux: bool,
    fifos: Vec<SpeedupFifo>,
    backs: Vec<CreditReturn>,
    /// Where the routing may give a head several candidates: per router and input VC
    /// (r·np·nv + p·nv + v) its head's candidates, for the selection (empty otherwise).
    multi: Vec<Candidates>,
}
