//! The lean model's router (`scripts/lean-iq-mesh.rs`) evaluated in bit planes — a measuring
//! instrument for issue 29 item 1 (docs/performance.md, "a lean router and a router in bit
//! planes"), not part of flitwave.
//!
//! Same model, same random numbers, same results to the flit and the cycle (the testbench
//! `lean_model` compares them), evaluated differently: every router's control flags are one
//! bit of a 64-bit word per flag, port and VC (VC active, asking for VC allocation, holding a
//! flit, output port and VC held, credit downstream, round-robin pointers), so switch
//! allocation — each input's offer of a VC per output, each input's pick of an output, each
//! output's grant, the pointers' updates — is a few hundred word operations a cycle for all
//! 64 routers, with no branch per router or port. Flits, credits and heads are then moved
//! one by one, looping only over the bits that are set; VC allocation (a head every 20
//! flits) stays scalar, in the routers with a VC asking.
//!
//! Meshes above 64 routers are evaluated as tiles of 64 routers, a plane word each.
//!
//! Build and run (no dependencies; K ≤ 16):
//!   rustc -C opt-level=3 -C codegen-units=1 -C lto=fat -o /tmp/bitplane scripts/bitplane-iq-mesh.rs
//!   /tmp/bitplane RATE CYCLES [K]      # e.g. /tmp/bitplane 0.3 91094
//!   GATHER=1 /tmp/bitplane ...         # planes gathered from the registers each cycle
// The registers are indexed by port, VC and router as the hardware's are.
#![allow(clippy::needless_range_loop)]
/// `GATHER=1` in the environment: planes gathered from the registers each cycle.
static GATHER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
#[path = "iq-mesh-common.rs"]
mod common;
use common::*;

#[derive(Clone, Default)]
struct Router {
    buf: [[[Flit; B]; V]; P],
    ivc: [[InVc; V]; P],
    credits: [[u8; V]; P],
    owner_busy: [u8; P],
    xbar: [Flit; P],
    va_rr: [u8; P * V],
}

/// The planes of a tile of 64 routers: bit r of each word is router r's flag.
#[derive(Default)]
struct Planes {
    /// Per input port and VC: holds an output VC (active), asks for one, holds a flit.
    act: [[u64; V]; P],
    vcal: [[u64; V]; P],
    hold: [[u64; V]; P],
    /// Per input port and VC: the output port it is routed to, one-hot, and its output VC is 1.
    outp: [[[u64; P]; V]; P],
    ovc1: [[u64; V]; P],
    /// Per output port and VC: a credit downstream.
    cok: [[u64; V]; P],
    /// Per input port: its VC pointer is at VC 1 (the VC after its last winner).
    rrin: [u64; P],
    /// Switch allocation's pointers, one-hot: per output over inputs, per input over outputs.
    ptr: [[u64; P]; P],
    pin: [[u64; P]; P],
    /// Per output port: a flit in the crossbar, leaving next cycle.
    xo: [u64; P],
    /// Per slot, output port and VC: a credit to apply then; per slot and VC, a credit
    /// reaching the router's host.
    cr: [[[u64; V]; P]; RING],
    nb: [[u64; V]; RING],
}

struct Net {
    k: usize,
    r: Vec<Router>,
    /// The planes of each 64 routers (a tile), and per tile what arrives from anywhere: flits
    /// per slot and input port, credits per slot, output port and VC.
    pl: Vec<Planes>,
    arr: Vec<[[u64; P]; RING]>,
    cb: Vec<[[[u64; V]; P]; RING]>,
    /// Link slots: the flit arriving at router r input port p at cycle t: fwd[(t % RING) · np + r·P + p].
    fwd: Vec<Flit>,
    np: usize,
    hosts: Hosts,
    done: Delivered,
    books: Books,
}

/// Round-robin arbitration of every router at once: of the requests `req[x]` (a plane per
/// requester x), the first at or after the pointer (one-hot planes `ptr[s]`), cyclically.
#[inline(always)]
fn first_from_planes(req: &[u64; P], ptr: &[u64; P]) -> [u64; P] {
    let mut out = [0u64; P];
    for x in 0..P {
        // blocked: a request from a requester between the pointer and x
        let mut blocked = 0u64;
        for s in 0..P {
            let mut before = 0u64;
            let mut q = s;
            while q != x {
                before |= req[q];
                q = if q + 1 == P { 0 } else { q + 1 };
            }
            blocked |= ptr[s] & before;
        }
        out[x] = req[x] & !blocked;
    }
    out
}

#[inline(always)]
fn set_out(pl: &mut Planes, p: usize, v: usize, bit: u64, o: u8) {
    for q in 0..P {
        let w = &mut pl.outp[p][v][q];
        *w = (*w & !bit) | if q == o as usize { bit } else { 0 };
    }
}

impl Net {
    fn new(k: usize) -> Self {
        let n = k * k;
        let tiles = n.div_ceil(64);
        let mut r = vec![Router::default(); n];
        for x in &mut r {
            x.credits = [[B as u8; V]; P];
        }
        let pl = (0..tiles)
            .map(|tile| {
                let m = (n - tile * 64).min(64);
                let all = if m == 64 { !0u64 } else { (1u64 << m) - 1 };
                let mut pl = Planes::default();
                for o in 0..P {
                    pl.cok[o] = [all; V];
                    pl.ptr[o][0] = all;
                    pl.pin[o][0] = all;
                }
                pl
            })
            .collect();
        Net {
            k,
            r,
            pl,
            arr: vec![[[0; P]; RING]; tiles],
            cb: vec![[[[0; V]; P]; RING]; tiles],
            fwd: vec![Flit::default(); RING * n * P],
            np: n * P,
            hosts: Hosts::new(n),
            done: Delivered::default(),
            books: Books::new(n),
        }
    }

    fn step(&mut self, t: u64, rate: f64) {
        let k = self.k;
        let n = k * k;
        let slot = (t as usize) % RING;
        let out_slot = ((t + FLY) as usize) % RING;
        let due = ((t + CDELAY) as usize) % RING;
        // NICs (as the lean model)
        let thr = threshold(rate);
        let mut nb = [0u64; V];
        for h in 0..n {
            if h % 64 == 0 {
                nb = std::mem::take(&mut self.pl[h / 64].nb[slot]);
            }
            let back = std::array::from_fn(|v| (nb[v] >> (h % 64) & 1) as u8);
            if let Some(f) = self.hosts.cycle(h, n, t, thr, back) {
                self.fwd[out_slot * self.np + h * P] = f;
                self.arr[h / 64][out_slot][0] |= 1 << (h % 64);
            }
        }
        let stride = self.np;
        for tile in 0..self.pl.len() {
            let base = tile * 64;
            let Net {
                r: routers,
                pl: pls,
                arr,
                cb,
                fwd,
                hosts,
                done,
                books,
                ..
            } = self;
            let pl = &mut pls[tile];
            // 1. credits arriving wait CDELAY; credits due are applied
            for o in 1..P {
                for v in 0..V {
                    pl.cr[due][o][v] |= std::mem::take(&mut cb[tile][slot][o][v]);
                }
            }
            for o in 0..P {
                for v in 0..V {
                    let m0 = std::mem::take(&mut pl.cr[slot][o][v]);
                    let mut m = m0;
                    while m != 0 {
                        let r = base + m.trailing_zeros() as usize;
                        m &= m - 1;
                        routers[r].credits[o][v] += 1;
                        books.credit(routers[r].credits[o][v]);
                    }
                    pl.cok[o][v] |= m0;
                }
            }
            // 2. the crossbar's flits leave
            let ej = ((t + FLY + CDELAY) as usize) % RING;
            for o in 0..P {
                let mut m = std::mem::take(&mut pl.xo[o]);
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    let r = base + lb;
                    m &= m - 1;
                    let f = routers[r].xbar[o];
                    if o == 0 {
                        done.flit(f, t, hosts);
                        pl.cr[ej][0][f.vc as usize] |= 1 << lb;
                    } else {
                        let (nr, np) = peer(k, r, o);
                        fwd[out_slot * stride + nr * P + np] = f;
                        arr[nr / 64][out_slot][np] |= 1 << (nr % 64);
                    }
                }
            }
            // 3. flits arriving
            for p in 0..P {
                let mut m = std::mem::take(&mut arr[tile][slot][p]);
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    let r = base + lb;
                    m &= m - 1;
                    let bit = 1u64 << lb;
                    let f = fwd[slot * stride + r * P + p];
                    let v = f.vc as usize;
                    let s = &mut routers[r].ivc[p][v];
                    let i = (s.head + s.fill) as usize % B;
                    books.arrive(s, t);
                    s.fill += 1;
                    pl.hold[p][v] |= bit;
                    let start = f.kind & HEAD != 0 && s.fill == 1 && s.st == St::Idle;
                    if start {
                        let o = route(k, r, f.dest);
                        s.st = St::VcAlloc;
                        s.out = o;
                        s.ready = t;
                        pl.vcal[p][v] |= bit;
                        set_out(pl, p, v, bit, o);
                    }
                    routers[r].buf[p][v][i] = f;
                }
            }
            // 4. VC allocation, scalar, in the routers with a VC asking
            let mut fresh = [[0u64; V]; P];
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
                let r = &mut routers[base + lb];
                vc_allocate(
                    &mut r.ivc,
                    &mut r.owner_busy,
                    &mut r.va_rr,
                    t,
                    |p, v, ov| {
                        pl.act[p][v] |= bit;
                        pl.vcal[p][v] &= !bit;
                        pl.ovc1[p][v] = (pl.ovc1[p][v] & !bit) | if ov == 1 { bit } else { 0 };
                        fresh[p][v] |= bit;
                    },
                );
            }
            // GATHER=1: the switch allocation's input planes gathered from the routers'
            // registers every cycle (a transpose) instead of kept by the events (the cost of
            // not keeping them; same results)
            if GATHER.load(std::sync::atomic::Ordering::Relaxed) {
                let m = (routers.len() - base).min(64);
                let mut act = [[0u64; V]; P];
                let mut hold = [[0u64; V]; P];
                let mut outp = [[[0u64; P]; V]; P];
                let mut ovc1 = [[0u64; V]; P];
                let mut cok = [[0u64; V]; P];
                for lb in 0..m {
                    let r = &routers[base + lb];
                    let bit = 1u64 << lb;
                    for p in 0..P {
                        for v in 0..V {
                            let s = &r.ivc[p][v];
                            act[p][v] |= bit * (s.st == St::Active) as u64;
                            hold[p][v] |= bit * (s.fill > 0) as u64;
                            ovc1[p][v] |= bit * (s.ovc == 1) as u64;
                            for o in 0..P {
                                outp[p][v][o] |= bit * (s.out as usize == o) as u64;
                            }
                            cok[p][v] |= bit * (r.credits[p][v] > 0) as u64;
                        }
                    }
                }
                pl.act = act;
                pl.hold = hold;
                pl.cok = cok;
                // outp and ovc1 of idle VCs differ from the kept planes (not cleared at a
                // tail): the kept ones are used, these only gathered (their cost is the point)
                std::hint::black_box((&outp, &ovc1));
            }
            // 5. switch allocation of every router at once, flitwave's separable input-first
            // allocator: per input and output the VC offered (the first eligible one from the
            // input's pointer; `l1`: it is VC 1), each input's pick of an output, each
            // output's grant to an input
            let mut req = [[0u64; P]; P]; // [p][o]
            let mut l1 = [[0u64; P]; P];
            // an input none of whose VCs may go in any router of the tile offers nothing (a
            // branch per input and tile, not per router: light traffic skips the planes)
            let mut offers = 0u32;
            for p in 0..P {
                if (pl.act[p][0] & pl.hold[p][0]) | (pl.act[p][1] & pl.hold[p][1]) == 0 {
                    continue;
                }
                offers |= 1 << p;
                let mut e = [0u64; V];
                for v in 0..V {
                    let o1 = pl.ovc1[p][v];
                    let mut cred = 0u64;
                    for o in 0..P {
                        cred |= pl.outp[p][v][o] & ((o1 & pl.cok[o][1]) | (!o1 & pl.cok[o][0]));
                    }
                    e[v] = pl.act[p][v] & !fresh[p][v] & pl.hold[p][v] & cred;
                }
                let rr = pl.rrin[p];
                for o in 0..P {
                    let a0 = e[0] & pl.outp[p][0][o];
                    let a1 = e[1] & pl.outp[p][1][o];
                    req[p][o] = a0 | a1;
                    l1[p][o] = a1 & (rr | !a0);
                }
            }
            // stage 1: per input, the first output requested from its pointer
            let mut picked = [[0u64; P]; P]; // [o][p]
            for p in 0..P {
                if offers >> p & 1 == 0 {
                    continue;
                }
                let pick = first_from_planes(&req[p], &pl.pin[p]);
                for o in 0..P {
                    picked[o][p] = pick[o];
                }
            }
            // stage 2: per output, the first input that picked it from its pointer
            let mut g = [[0u64; P]; P]; // [o][p]
            for o in 0..P {
                if picked[o].iter().all(|&x| x == 0) {
                    continue;
                }
                g[o] = first_from_planes(&picked[o], &pl.ptr[o]);
                let anyg = g[o].iter().fold(0, |a, &x| a | x);
                let old = pl.ptr[o];
                for s in 0..P {
                    pl.ptr[o][s] = (old[s] & !anyg) | g[o][(s + P - 1) % P];
                }
            }
            let mut win1 = [0u64; P];
            for p in 0..P {
                if offers >> p & 1 == 0 {
                    continue;
                }
                let mut w = 0u64;
                for o in 0..P {
                    w |= g[o][p];
                    win1[p] |= g[o][p] & l1[p][o];
                }
                let old = pl.pin[p];
                for s in 0..P {
                    pl.pin[p][s] = (old[s] & !w) | g[(s + P - 1) % P][p];
                }
                pl.rrin[p] = (pl.rrin[p] & !w) | (w & !win1[p]);
            }
            // 6. the winners cross, flit by flit
            for o in 0..P {
                for p in 0..P {
                    let mut m = g[o][p];
                    while m != 0 {
                        let lb = m.trailing_zeros() as usize;
                        let ri = base + lb;
                        m &= m - 1;
                        let bit = 1u64 << lb;
                        let v = (win1[p] >> lb & 1) as usize;
                        let r = &mut routers[ri];
                        let s = &mut r.ivc[p][v];
                        let mut f = r.buf[p][v][s.head as usize];
                        s.head = ((s.head as usize + 1) % B) as u8;
                        s.fill -= 1;
                        books.depart(s, t);
                        if s.fill == 0 {
                            pl.hold[p][v] &= !bit;
                        }
                        let ovc = s.ovc as usize;
                        books.cross(ri, o, ovc, r.credits[o][ovc]);
                        r.credits[o][ovc] -= 1;
                        if r.credits[o][ovc] == 0 {
                            pl.cok[o][ovc] &= !bit;
                        }
                        f.vc = ovc as u8;
                        if f.kind & TAIL != 0 {
                            r.owner_busy[o] &= !(1 << ovc);
                            s.st = St::Idle;
                            pl.act[p][v] &= !bit;
                            if s.fill > 0 {
                                let nf = r.buf[p][v][s.head as usize];
                                let no = route(k, ri, nf.dest);
                                s.st = St::VcAlloc;
                                s.ready = t + 1;
                                s.out = no;
                                pl.vcal[p][v] |= bit;
                                set_out(pl, p, v, bit, no);
                            }
                        }
                        r.xbar[o] = f;
                        pl.xo[o] |= bit;
                        if p == 0 {
                            pl.nb[out_slot][v] |= bit;
                        } else {
                            let (ur, up) = peer(k, ri, p);
                            cb[ur / 64][out_slot][up][v] |= 1 << (ur % 64);
                        }
                    }
                }
            }
        }
    }
}

fn main() {
    let (rate, cycles, k) = args("bitplane");
    let gather = std::env::var_os("GATHER").is_some_and(|v| v == "1");
    GATHER.store(gather, std::sync::atomic::Ordering::Relaxed);
    let mut net = Net::new(k);
    let t0 = std::time::Instant::now();
    for t in 0..cycles {
        net.step(t, rate);
    }
    let occ = occupancy(net.r.iter().flat_map(|r| r.ivc.iter().flatten()), cycles);
    report((k, cycles), (&net.done, &net.hosts, &net.books), occ, t0);
}
