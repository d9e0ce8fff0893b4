//! The VC routers of BookSim2's `iq` shape evaluated together, in bit planes
//! (docs/performance.md, "the routers in bit planes"): every router's control flags are one
//! bit of a 64-bit word per flag, port and VC — input VC active, asking for VC allocation,
//! holding a flit, its output port (one-hot) and output VC, the credits downstream (a count in
//! as many planes as the depth has bits), the switch allocator's round-robin pointers
//! (one-hot) — so the switch
//! allocation of 64 routers (a *tile*) is a few hundred word operations a cycle, with no branch
//! per router, and credits come and go in word operations; flits and heads then move one by
//! one over the bits that are set, and VC allocation runs router by router, by the router's
//! own rule (`vc_alloc::allocate`, its allocator [`SeparableInputFirst`]), where a head asks.
//!
//! The same router as [`VcSwitch`] evaluated one by one, cycle for cycle: the same stages in
//! the same order (credits due, the crossbar's flits out, flits in and heads routed, VC
//! allocation, separable input-first switch allocation, traversal with the credit upstream),
//! the same pointers; the hosts' flits and credits over the network's links, those between
//! routers in the planes' own rings (flits) and planes (credits). The routers' state
//! registers — input VCs with their flits, states, candidates and output VCs, credits and
//! owners downstream, both allocators' pointers — and what the statistics read of a router
//! and of a link between routers are written into them when the network reads them
//! ([`Engine::sync`], [`sync`]: after a run or a step, before the window opens or the
//! watchdog looks), so that a test, the deadlock report or a caller of
//! [`VcSwitch::registers`] reads them as the routers one by one would hold them. The last
//! cycle's strobes (requests, grants, the flit driven), the crossbar's flits, credits in
//! their delay and whatever is on the links between routers stay here: a network that is
//! traced cycle by cycle, threaded or given an RTL twin is evaluated one by one
//! (`Network::one_by_one`, before the first cycle). Results are identical either way
//! (testbenches/planes.rs runs both side by side and compares every router's registers).
//!
//! The shape the planes take, and the networks that have it: [`build`](mod@build).

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::speedup::SpeedupFifo;
use super::traversal::CreditReturn;
use super::{VcSwitch, IN, OUT};
use crate::blocks::allocator::{Grants, Requests, SeparableInputFirst};
use crate::fabric::network::EnginePhase;
use crate::fabric::vc::nic::seq::VcExt;
use crate::routing::function::Candidates;
use crate::sim::Flit;

mod build;
mod credits;
mod exchange;
mod hosts;
mod input;
mod output;
mod queues;
mod route;
mod shapes;
mod speedup;
mod sw_alloc;
mod sync;
mod vc_alloc;

pub use shapes::Planes;

use input::{read, write, Fifo, InVc, St};

/// Flits of a buffer's line; the deepest buffer the planes take, the bit planes of its credit
/// count, and the most memory the planes' buffers may take (they keep the flits beside the
/// routers' own buffers, which the probes read; above it a network goes one by one); no
/// router downstream. The ports and VCs a router has at most are the planes' parameters `P` and `V`
/// (5 or 16, 2 to 16: [`Planes`]); the ports, host ports and VCs it uses and their depth are
/// the network's, and so are the rings' slots (a power of two above the longest link and the
/// credit delay: what is written at t is read by t + slots - 1, so the slots keep every value
/// in flight, and for links of a few cycles the rings are a few cache lines).
const LINE: usize = 8;
const MAX_DEPTH: usize = 8192;
const CB: usize = 14;
const _: () = assert!(MAX_DEPTH < 1 << CB);
const MAX_BUFFER_BYTES: usize = 1 << 30;
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

/// The rings' index of tile `tile`'s slot `slot`, the rings having 2^`sbits` slots a tile.
#[inline(always)]
fn ring(sbits: u32, tile: usize, slot: usize) -> usize {
    (tile << sbits) | slot
}

/// One router's registers that the planes do not hold, laid out for the cache (the routers'
/// state is most of what a cycle touches: a flit-hop that finds its lines in the first-level
/// cache costs a fraction of one that does not): what every flit crossing or credit touches
/// in the first line, what a flit leaving touches in the second, then the input VCs'
/// registers (their buffers are [`Of::bufs`]), then what a head alone touches.
#[derive(Clone)]
#[repr(C, align(64))]
struct Router<const P: usize, const V: usize> {
    /// The output VCs held (a mask per output), the highest level of a VC; flits sent on each
    /// output's link (modulo 2^32, the link's count); flits forwarded per output VC; heads
    /// without a route — the statistics written into the router by [`Planes::sync`].
    owner_busy: [u16; P],
    max_level: u32,
    /// Its host ports (bit p): its first ports, as many as it has hosts.
    hosts: u32,
    /// Per output VC held: the input VC holding it (p·nv + v, valid where `owner_busy` has
    /// its bit; written at the grant, read only by [`Planes::sync`]).
    owner: [[u8; V]; P],
    sent: [u32; P],
    forwarded: [u64; V],
    errors: u64,
    /// The crossbar's flit per output (leaving next cycle); per output the router and input
    /// port downstream (r << [`PB`] | p; NONE for a host or no link); per port the fly time
    /// of its link out (a flit's) and of its link in (a credit's back upstream), in cycles.
    xbar: [Flit; P],
    peer: [u32; P],
    fly: [[u16; 2]; P],
    /// The input VCs.
    ivc: [[InVc; V]; P],
    /// Per port: its links in and out (port 0: the host's).
    wires: [[u32; 2]; P],
    /// flitwave's VC allocator (P·nv × P·nv, separable input-first, as the router's) and per
    /// input VC the routing's candidate: its port and VCs (port 0xff: none).
    va: SeparableInputFirst,
    /// The input VCs asking for VC allocation (bit p·nv + v: the `vcal` planes' bits of this
    /// router, kept beside its allocator).
    vwait: u64,
    cand: [[[u16; 2]; V]; P],
}

/// The planes of a tile of 64 routers: bit r of each word is the tile's router r's flag.
#[derive(Clone)]
struct Tile<const P: usize, const V: usize> {
    /// Per input VC: holding an output VC, asking for one, holding a flit; its output port
    /// and its output VC (one-hot). Per output VC: a credit downstream. Per input: its VC
    /// pointer (one-hot). The switch allocator's pointers, one-hot: per output over inputs
    /// (`ptr`), per input over outputs (`pin`). Per output: a flit in the crossbar. Per output
    /// VC: the credits downstream, a binary number in bit planes (plane k holds bit k of every
    /// router's count; the depth's bits used, [`Of::cbits`]), so that credits come and go for
    /// all 64 routers in a few word operations; `cok` is their or, kept for the switch
    /// allocation.
    act: [[u64; V]; P],
    vcal: [[u64; V]; P],
    hold: [[u64; V]; P],
    outp: [[[u64; P]; V]; P],
    ovh: [[[u64; V]; V]; P],
    cok: [[u64; V]; P],
    cnt: [[[u64; CB]; V]; P],
    rr: [[u64; V]; P],
    ptr: [[u64; P]; P],
    pin: [[u64; P]; P],
    xo: [u64; P],
    /// Per output VC: its packet's tail sent, the VC held until all its credits are back
    /// (wait-for-tail-credit only). Per input VC: holding an output VC, its packet's head
    /// not yet crossed (what virtual cut-through checks); granted its output VC and waiting
    /// the rest of a VC allocation of 2 or more cycles.
    tsent: [[u64; V]; P],
    cth: [[u64; V]; P],
    early: [[u64; V]; P],
    /// The routers with flits in their own crossbar (one of 2 or more cycles).
    xin: u64,
    /// Per host port, the routers that drove its link this cycle: flits, credits.
    host_f: [u64; P],
    host_b: [u64; P],
    /// With an internal speedup: the routers with flits in their output FIFOs, and with
    /// credits queued at their inputs.
    fq: u64,
    cq: u64,
    /// With output queues: the routers with flits in them.
    queued: u64,
}

/// The routers of a network of the shape, of up to `P` ports and `V` VCs, in tiles of 64.
pub struct Of<const P: usize, const V: usize> {
    r: Vec<Router<P, V>>,
    pl: Vec<Tile<P, V>>,
    /// The input VCs' buffers, each ⌈depth / 8⌉ lines from its first ([`InVc`]'s `line`).
    bufs: Vec<Fifo>,
    /// The rings, 2^`sbits` slots a tile ([`ring`]; slot = cycle mod 2^`sbits`): per
    /// input port, the routers a flit arrives at then; per output and VC, the routers a
    /// credit from downstream arrives at then (it then waits the credit delay) and the routers
    /// it is applied at then; per input port and router, the flit arriving then (from its host
    /// or the router upstream).
    arr: Vec<[u64; P]>,
    cb: Vec<[[u64; V]; P]>,
    cr: Vec<[[u64; V]; P]>,
    fwd: Vec<[[Flit; 64]; P]>,
    sbits: u32,
    /// VC allocation's scratch: requests and grants.
    vreq: Box<Requests>,
    vgrant: Box<Grants>,
    cands: Candidates,
    /// Flits inside the routers, from a host's link in to a host's link out: while some are,
    /// or credits are on their way (`tile_credits`), the network is not idle.
    inside: u64,
    /// Per tile: flits in its routers (buffers and crossbars) and credits on their way to
    /// them; a tile with neither and no flit arriving has nothing to do.
    tile_flits: Vec<u32>,
    tile_credits: Vec<u32>,
    /// The credit delay (below 2^`sbits`, as every link's fly time: [`Router`]'s `fly`) and
    /// the routing delay, in cycles.
    cdelay: u64,
    rdelay: u64,
    /// A VC downstream is released when the credit of its packet's tail comes back
    /// (`switch.wait_for_tail_credit`), not when the tail is sent. Virtual cut-through: a
    /// head crosses when its VC downstream has credits for its whole packet. A crossbar of
    /// 0 cycles: a winner drives its link in the cycle it wins.
    wftc: bool,
    ct: bool,
    x0: bool,
    /// Packets keep their VC (the routers' `keep_vc`: routes that name none). The routers have
    /// the LUC/NCB exchange (their own units, [`exchange`](mod@exchange)); their selection
    /// reads the routed heads per output (SSR's R).
    keep: bool,
    exch: bool,
    counts: bool,
    /// The routers have output queues (their own, [`output`](mod@output)): the count planes
    /// hold each queue's room, the credits downstream are the routers' own counters.
    oq: bool,
    /// A crossbar of 2 or more cycles from grant to link: the routers' own crossbars carry
    /// the flits (their block, pipelined or in BookSim2's batches). The VC allocation's
    /// cycles: a granted head asks for the switch that many cycles later.
    deep: bool,
    vdelay: u64,
    /// The ports the routers have (up to `P`), the first ones of each its hosts' (`nh` at
    /// most, `nlo` at least: [`Router`]'s `hosts`); the VCs
    /// they use (up to `V`), the flits of VC 0's buffer (an escape queue's, or as deep as
    /// the others) and of every other VC's, and the bit planes of a count (enough for the
    /// deepest buffer or queue, up to [`CB`]).
    np: usize,
    nh: usize,
    nlo: usize,
    nv: usize,
    b0: usize,
    b: usize,
    cbits: usize,
    /// Port and VC of the VC allocator's input or output p·nv + v.
    pv: Box<[[u8; 2]; 64]>,
    /// The last cycle evaluated (what [`Planes::sync`] writes is the state after it).
    last: u64,
    /// The internal speedup: the pipeline's steps a cycle; with more than 1, per router its
    /// output FIFOs and its inputs' queued credits (the router's own blocks,
    /// [`speedup`](mod@speedup)); none without.
    speed: u64,
    fifos: Vec<SpeedupFifo>,
    backs: Vec<CreditReturn>,
    /// Where the routing may give a head several candidates: per router and input VC
    /// (r·np·nv + p·nv + v) its head's candidates, for the selection (empty otherwise).
    multi: Vec<Candidates>,
}

impl<const P: usize, const V: usize> Of<P, V> {
    /// The switch phase of cycle `t`.
    fn cycle(&mut self, e: EnginePhase<'_, VcSwitch, VcExt>) -> u32 {
        let EnginePhase {
            now: t,
            switches,
            links,
            packets,
            due,
            after,
        } = e;
        let n = self.r.len();
        self.last = t;
        let sbits = self.sbits;
        let mask = (1 << sbits) - 1;
        let slot = t as usize & mask;
        let cdue = (t + self.cdelay) as usize & mask;
        let (rdelay, wftc, nv, b, cbits) = (self.rdelay, self.wftc, self.nv, self.b, self.cbits);
        let b0 = self.b0;
        let (ct, x0, deep, vdelay) = (self.ct, self.x0, self.deep, self.vdelay);
        let self_keep = self.keep;
        let (nh, nlo, speed, oq) = (self.nh, self.nlo, self.speed, self.oq);
        // the first internal step of the cycle (the cycle itself without a speedup)
        let first = t * speed;
        // the outputs the exchange's slot takes from flits granted now (none without one)
        let (exch, counts) = (self.exch, self.counts);
        let halt = exchange::halt(exch, &switches[0], t);
        // what the hosts sent arriving — flits into this cycle's ring, credits into the delay
        // line — at the routers the sleep tables wake (every router without them); a router
        // is never kept busy by the sleep tables, the planes keep switch 0 busy for all
        match due {
            Some(d) => {
                for &(s, ports) in d {
                    self.host_in(t, s as usize, ports, links);
                }
            }
            None => (0..n).for_each(|r| self.host_in(t, r, (!0, !0), links)),
        }
        let mut moved = 0;
        let Of {
            r: routers,
            pl: pls,
            arr,
            cb,
            cr,
            fwd,
            bufs,
            vreq,
            vgrant,
            cands,
            inside,
            tile_flits,
            tile_credits,
            pv,
            fifos,
            backs,
            multi,
            ..
        } = self;
        let (np, sel) = (self.np, !multi.is_empty());
        for tile in 0..pls.len() {
            let base = tile * 64;
            let pl = &mut pls[tile];
            let (now, due) = (ring(sbits, tile, slot), ring(sbits, tile, cdue));
            let arriving = arr[now].iter().any(|&w| w != 0);
            if tile_flits[tile] == 0 && tile_credits[tile] == 0 && !arriving {
                continue;
            }
            // 1. credits from downstream wait the credit delay; credits due are applied
            let came = std::mem::replace(&mut cb[now], [[0; V]; P]);
            let later = &mut cr[due];
            for o in nlo..P {
                for v in 0..V {
                    later[o][v] |= came[o][v];
                }
            }
            let due_now = std::mem::replace(&mut cr[now], [[0; V]; P]);
            let tile_routers = &mut routers[base..(base + 64).min(n)];
            tile_credits[tile] -= match oq {
                false => credits::apply(pl, &due_now, tile_routers, (cbits, b0, b)),
                true => output::credits_due(&due_now, &mut switches[base..]),
            };
            // 2. the crossbar's flits leave onto their links (with a speedup: at each step,
            // into the output FIFOs, below)
            if oq {
                // into the output queues, then the output stage: one flit an output
                output::leave(t, pl, &mut switches[base..], nv);
                if pl.queued != 0 {
                    let (r, sw) = (&mut routers[base..], &mut switches[base..]);
                    let rings = (&mut arr[..], &mut fwd[..]);
                    let at = (t, sbits);
                    let sent = output::send(at, pl, r, sw, packets, links, rings, inside, cbits);
                    moved += sent;
                    tile_flits[tile] -= sent;
                }
            } else if deep && speed == 1 {
                // the routers' own crossbars, as the routers one by one drive them
                let mut m = pl.xin;
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let (rt, x) = (&mut routers[base + lb], &mut switches[base + lb].xbar.xbar);
                    x.leave(t, |o, f| {
                        tile_flits[tile] -= 1;
                        moved += 1;
                        let at = (t, sbits, lb);
                        speedup::drive(at, rt, pl, (o, f), links, (arr, fwd), inside);
                    });
                    pl.xin &= !((x.inside() == 0) as u64 * (1 << lb));
                }
            }
            for o in (0..P).take(if speed == 1 && !deep && !oq { P } else { 0 }) {
                let mut m = std::mem::take(&mut pl.xo[o]);
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let rt = &mut routers[base + lb];
                    tile_flits[tile] -= 1;
                    moved += 1;
                    let f = rt.xbar[o];
                    let at = (t, sbits, lb);
                    speedup::drive(at, rt, pl, (o, f), links, (arr, fwd), inside);
                }
            }
            // 3. flits arriving
            for p in 0..P {
                let mut m = std::mem::take(&mut arr[now][p]);
                tile_flits[tile] += m.count_ones();
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    let r = base + lb;
                    m &= m - 1;
                    let bit = 1u64 << lb;
                    let f = fwd[now][p][lb];
                    if exch && exchange::word_in(&mut switches[r], p, f) {
                        tile_flits[tile] -= 1;
                        continue;
                    }
                    let v = f.vc as usize & (V - 1);
                    let rt = &mut routers[r];
                    let s = &mut rt.ivc[p][v];
                    let depth = if v == 0 { b0 } else { b };
                    let mut i = (s.head + s.fill) as usize;
                    if i >= depth {
                        i -= depth;
                    }
                    s.fill += 1;
                    s.occ.arrive(t);
                    rt.max_level = rt.max_level.max(s.fill);
                    pl.hold[p][v] |= bit;
                    // one branch (taken at a head): the data decide all three
                    if f.is_head() & (s.fill == 1) & (s.st == St::Idle) {
                        s.st = St::VcAlloc;
                        s.ready = first + rdelay;
                        let at = (&mut multi[..], (r * np + p) * nv + v);
                        let hd = (f, &mut s.len, ct);
                        let (c, ok) = Self::route(cands, &switches[r], (r, p, v), hd, packets, at);
                        rt.errors += !ok as u64;
                        rt.cand[p][v] = c;
                        rt.vwait |= 1 << (p * nv + v);
                        pl.vcal[p][v] |= bit;
                    }
                    write(bufs, s.line, i, f);
                }
            }
            if tile_flits[tile] == 0 && pl.cq == 0 {
                continue;
            }
            for ts in first..first + speed {
                if speed > 1 {
                    // the crossbar's flits leave into the output FIFOs
                    let fifos = &mut fifos[base..];
                    match deep {
                        false => speedup::leave(pl, &routers[base..], fifos),
                        true => speedup::leave_own(ts, pl, &mut switches[base..], fifos),
                    }
                }
                // 4. VC allocation in the routers with a VC asking
                let mut fresh = [[0u64; V]; P];
                // SSR's heads asking per output, counted before each router's allocation
                let mut requests = [0u8; P];
                let mut any = 0u64;
                for p in 0..P {
                    for v in 0..V {
                        any |= pl.vcal[p][v];
                    }
                }
                while any != 0 {
                    let lb = any.trailing_zeros() as usize;
                    any &= any - 1;
                    let bit = 1u64 << lb;
                    let r = base + lb;
                    let at = r * np * nv;
                    if counts {
                        let heads = &multi[at..at + np * nv];
                        vc_alloc::count(routers[r].vwait, heads, &mut requests[..np]);
                    }
                    let mut lane = vc_alloc::Lane {
                        r: &mut routers[r],
                        pl: &mut *pl,
                        bit,
                        nv,
                        pv,
                        req: vreq,
                        grant: vgrant,
                        fresh: &mut fresh,
                        vdelay,
                        keep: self_keep,
                        select: sel.then(|| vc_alloc::Select {
                            multi: &mut multi[at..at + np * nv],
                            selection: &switches[r].p.selection,
                            cut_through: ct,
                            np,
                            b: [b0 as u32, b as u32],
                            cbits,
                            requests: &requests[..np],
                            exch: switches[r].exch.as_ref().map(|x| &x.unit),
                            first_net_port: switches[r].p.first_net_port,
                            own: oq.then(|| &switches[r].out),
                        }),
                    };
                    super::vc_alloc::allocate(&mut lane, ts);
                }
                // 5. switch allocation of every router at once (separable input-first); a
                // cut-through head waits for credits for its whole packet
                if ct {
                    credits::cut_through(pl, &routers[base..], &mut fresh, cbits);
                }
                if vdelay > 1 {
                    vc_alloc::waiting(pl, &routers[base..], &mut fresh, ts);
                }
                if halt != 0 {
                    exchange::halted(pl, &mut switches[base..], halt, nv);
                }
                let Some(sw_alloc::Grants { won, win }) = sw_alloc::allocate(pl, &fresh, halt, nv)
                else {
                    continue;
                };
                // 6. the winners cross, input by input (in any order: each touches its own input
                // VC, output, crossbar slot and links), each spending a credit of its output VC
                let mut spent = [[0u64; V]; P];
                for p in 0..P {
                    let mut m = won[p];
                    while m != 0 {
                        let lb = m.trailing_zeros() as usize;
                        let ri = base + lb;
                        m &= m - 1;
                        let bit = 1u64 << lb;
                        // the VC that won: the one offered to the output granted
                        let v = (0..V).find(|&v| win[p][v] & bit != 0).unwrap_or(0);
                        let r = &mut routers[ri];
                        let s = &mut r.ivc[p][v];
                        // the output the VC holds is the one its request named
                        let o = s.out as usize;
                        let h = s.head as usize;
                        let mut f = read(bufs, s.line, h);
                        let depth = if v == 0 { b0 } else { b };
                        s.head = if h + 1 == depth { 0 } else { s.head + 1 };
                        s.fill -= 1;
                        // the last flit out clears the flag (no branch: whether it is the
                        // last is the data's)
                        pl.hold[p][v] &= !(bit * (s.fill == 0) as u64);
                        let ovc = s.ovc as usize;
                        moved += 1;
                        s.occ.depart(t);
                        r.forwarded[ovc & (V - 1)] += 1;
                        spent[o][ovc] |= bit;
                        f.vc = ovc as u8;
                        if f.is_tail() {
                            if exch {
                                exchange::tail_out(&mut switches[ri]);
                            }
                            // the VC downstream is free for the next packet, or once every
                            // credit of this one is back (wait_for_tail_credit)
                            if wftc {
                                pl.tsent[o][ovc] |= bit;
                            } else {
                                r.owner_busy[o] &= !(1 << ovc);
                            }
                            s.st = St::Idle;
                            pl.act[p][v] &= !bit;
                            if s.fill > 0 {
                                s.st = St::VcAlloc;
                                s.ready = ts + 1 + rdelay;
                                let nf = read(bufs, s.line, s.head as usize);
                                let at = (&mut multi[..], (ri * np + p) * nv + v);
                                let sw = &switches[ri];
                                let hd = (nf, &mut s.len, ct);
                                let (c, ok) = Self::route(cands, sw, (ri, p, v), hd, packets, at);
                                routers[ri].errors += !ok as u64;
                                routers[ri].cand[p][v] = c;
                                routers[ri].vwait |= 1 << (p * nv + v);
                                pl.vcal[p][v] |= bit;
                            }
                        }
                        pl.cth[p][v] &= !bit;
                        if oq {
                            let sw = &mut switches[ri];
                            let q = sw.out.queues.as_mut().expect("a router of output queues");
                            q.reserve(o, ovc, nv, f.is_tail());
                            output::enter((ts, lb), pl, sw, (o, f), nv);
                        } else if x0 && speed > 1 {
                            // a crossbar of 0 cycles: into the output FIFO now
                            fifos[ri].push(o, f);
                            pl.fq |= bit;
                        } else if x0 {
                            // a crossbar of 0 cycles: onto the link now
                            tile_flits[tile] -= 1;
                            let (at, rt) = ((t, sbits, lb), &mut routers[ri]);
                            speedup::drive(at, rt, pl, (o, f), links, (arr, fwd), inside);
                        } else if deep {
                            let left = switches[ri].xbar.xbar.enter(ts, o, f);
                            debug_assert!(left.is_none(), "a crossbar of 2 or more cycles");
                            pl.xin |= bit;
                        } else {
                            routers[ri].xbar[o] = f;
                            pl.xo[o] |= bit;
                        }
                        if speed == 1 {
                            let at = (t, sbits, lb);
                            speedup::credit_up(
                                at,
                                &routers[ri],
                                pl,
                                (p, v),
                                links,
                                cb,
                                tile_credits,
                            );
                        } else {
                            // one credit an input and cycle goes upstream, in the order freed
                            backs[ri].hold(p, v, p * nv + v, 1);
                            pl.cq |= bit;
                            tile_credits[tile] += 1;
                        }
                    }
                }
                credits::spend(pl, &spent, cbits);
            }
            if speed > 1 {
                // one flit an output onto its link, one credit an input upstream
                let (at, r) = ((t, sbits, base), &mut routers[base..]);
                let q = (&mut fifos[base..], &mut backs[base..]);
                let rings = (&mut arr[..], &mut fwd[..], &mut cb[..]);
                let sent = speedup::send(at, nv, r, pl, q, links, rings, inside, tile_credits);
                moved += sent;
                tile_flits[tile] -= sent;
            }
        }
        if exch {
            // the exchange units' cycle, after every stage of every router (their words
            // arrive a link's fly time later); a network that exchanges is never idle
            exchange::cycle(t, switches, routers, (sbits, (arr, fwd)));
        }
        let busy = exch || *inside > 0 || tile_credits.iter().any(|&c| c > 0);
        hosts::after(pls, nh, busy, after);
        moved
    }
}
