//! A lean, fused model of BookSim2's `iq` router on a KxK mesh (8x8 by default) — a
//! measuring instrument for issue 29 item 1 (docs/performance.md, "a lean router and a router in bit planes"), not part of
//! flitwave. It asks: if the router were written as one pass per router-cycle, with no
//! probes, sleep tables or variants, how fast would it run against BookSim2?
//!
//! Modelled as the booksim-iq preset: 5 ports (0 host, 1 +x, 2 -x, 3 +y, 4 -y), 2 VCs of 8
//! flits, dimension-order routing at a head's arrival, VC allocation (per output VC a
//! round-robin over the requesting input VCs) ready one cycle later, switch allocation as
//! flitwave's separable input-first allocator (each input offers, per output, its first
//! eligible VC from the one after its last winner; each input picks one output round-robin,
//! each output one of the inputs that picked it; the pointers move past grants only),
//! crossbar 1 cycle, links of fly time 2 both ways, credit delay 2, 20-flit packets generated
//! by Bernoulli trials per host and cycle (uniform destinations, the source itself included),
//! an unbounded source queue, a NIC that starts a packet on an idle VC (round-robin) and
//! sends a flit a cycle with a credit, ejection that takes every flit. Routers with nothing
//! inside and nothing arriving are skipped. flitwave's per-flit bookkeeping is kept
//! (`Books`, `Delivered`: occupancy integrals, flits forwarded per VC and link, the highest
//! level, flow-control checks, latency histograms). Simplified against flitwave: VC
//! allocation (separable input-first there), the NIC's VC rule, no probes, watchdog or packet
//! table; a packet counts as delivered when its tail leaves the router. Its
//! latency is close to flitwave's (150 against 165 cycles at 0.3, 2 cycles less at light
//! load), its accepted load the same.
//!
//! Build and run (no dependencies):
//!   rustc -C opt-level=3 -C codegen-units=1 -C lto=fat -o /tmp/lean scripts/lean-iq-mesh.rs
//!   /tmp/lean RATE CYCLES [K]      # e.g. /tmp/lean 0.3 91094 (K ≤ 16, default 8)
// The registers are indexed by port, VC and router as the hardware's are.
#![allow(clippy::needless_range_loop)]
#[path = "iq-mesh-common.rs"]
mod common;
use common::*;

#[derive(Clone, Default)]
struct Router {
    buf: [[[Flit; B]; V]; P],
    ivc: [[InVc; V]; P],
    credits: [[u8; V]; P],
    owner_busy: [u8; P],        // bit v: output VC v held
    cred_ring: [[u8; P]; RING], // per due slot: per output, bits of VCs credited
    xbar: [Flit; P],            // flits leaving the crossbar next cycle (valid bit)
    xbar_any: u8,
    sa_rr_in: [u8; P],
    /// Switch allocation's pointers: per input over outputs, per output over inputs.
    sa_ptr_in: [u8; P],
    sa_rr_out: [u8; P],
    va_rr: [u8; P * V], // per output VC: next input VC
}

struct Net {
    k: usize,
    r: Vec<Router>,
    /// Link slots: the flit arriving at router r input port p at cycle t: fwd[(t % RING) · np + r·P + p].
    fwd: Vec<Flit>,
    /// credits arriving at router r output p at cycle t: vc+1 (0 none)
    back: Vec<u8>,
    hosts: Hosts,
    done: Delivered,
    books: Books,
    /// Per slot, routers something arrives at (a bit each, `words` words a slot).
    wake: Vec<u64>,
    words: usize,
    /// Routers × ports: the stride of a slot of `fwd` and `back`.
    np: usize,
    inside: Vec<u32>,
}

impl Net {
    fn new(k: usize) -> Self {
        let n = k * k;
        let mut r = vec![Router::default(); n];
        for x in &mut r {
            x.credits = [[B as u8; V]; P];
        }
        Net {
            k,
            r,
            fwd: vec![Flit::default(); RING * n * P],
            back: vec![0; RING * n * P],
            hosts: Hosts::new(n),
            done: Delivered::default(),
            books: Books::new(n),
            wake: vec![0; RING * n.div_ceil(64)],
            words: n.div_ceil(64),
            np: n * P,
            inside: vec![0; n],
        }
    }

    fn step(&mut self, t: u64, rate: f64) {
        let n = self.k * self.k;
        let slot = (t as usize) % RING;
        let out_slot = ((t + FLY) as usize) % RING;
        // NICs: generate, inject one flit, (ejection handled by the router output 0)
        let thr = threshold(rate);
        for h in 0..n {
            // credits back to the NIC from router h's input 0
            let c = std::mem::take(&mut self.back[slot * self.np + h * P]);
            let mut back = [0u8; V];
            if c != 0 {
                back[(c - 1) as usize] = 1;
            }
            if let Some(f) = self.hosts.cycle(h, n, t, thr, back) {
                self.fwd[out_slot * self.np + h * P] = f;
                self.wake[out_slot * self.words + h / 64] |= 1 << (h % 64);
            }
        }
        for w in 0..self.words {
            let mut m = std::mem::take(&mut self.wake[slot * self.words + w]);
            for ri in w * 64..n.min(w * 64 + 64) {
                if self.inside[ri] != 0 {
                    m |= 1 << (ri % 64);
                }
            }
            while m != 0 {
                let ri = w * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                self.router(ri, t, slot, out_slot);
            }
        }
    }

    #[inline(always)]
    fn router(&mut self, ri: usize, t: u64, slot: usize, out_slot: usize) {
        self.router_eval(ri, t, slot, out_slot);
        let r = &self.r[ri];
        let mut inside = r.xbar_any as u32;
        for p in 0..P {
            for v in 0..V {
                inside += r.ivc[p][v].fill as u32;
            }
        }
        for sl in 0..RING {
            for o in 0..P {
                inside += r.cred_ring[sl][o] as u32;
            }
        }
        self.inside[ri] = inside;
    }

    #[inline(always)]
    fn router_eval(&mut self, ri: usize, t: u64, slot: usize, out_slot: usize) {
        // 1. credits arriving (applied CDELAY later); credits due now applied
        let due = ((t + CDELAY) as usize) % RING;
        for o in 0..P {
            let c = self.back[slot * self.np + ri * P + o];
            if o != 0 && c != 0 {
                self.back[slot * self.np + ri * P + o] = 0;
                self.r[ri].cred_ring[due][o] |= 1 << (c - 1);
            }
        }
        {
            let r = &mut self.r[ri];
            let now_slot = (t as usize) % RING;
            for o in 0..P {
                let m = std::mem::take(&mut r.cred_ring[now_slot][o]);
                for v in 0..V {
                    r.credits[o][v] += (m >> v) & 1;
                    self.books.credit(r.credits[o][v]);
                }
            }
        }
        // 2. crossbar leaves: onto the links (ejection: delivered)
        if self.r[ri].xbar_any != 0 {
            for o in 0..P {
                let f = self.r[ri].xbar[o];
                if f.kind & VALID == 0 {
                    continue;
                }
                self.r[ri].xbar[o].kind = 0;
                if o == 0 {
                    self.done.flit(f, t, &self.hosts);
                    // ejection returns its credit at once (the NIC's buffer is unbounded)
                    let v = f.vc as usize;
                    self.r[ri].cred_ring[((t + FLY + CDELAY) as usize) % RING][0] |= 1 << v;
                } else {
                    let (nr, np) = peer(self.k, ri, o);
                    self.fwd[out_slot * self.np + nr * P + np] = f;
                    self.wake[out_slot * self.words + nr / 64] |= 1 << (nr % 64);
                }
            }
            self.r[ri].xbar_any = 0;
        }
        // 3. flits arriving
        for p in 0..P {
            let f = self.fwd[slot * self.np + ri * P + p];
            if f.kind & VALID == 0 {
                continue;
            }
            self.fwd[slot * self.np + ri * P + p].kind = 0;
            let route = route(self.k, ri, f.dest);
            let r = &mut self.r[ri];
            let s = &mut r.ivc[p][f.vc as usize];
            let i = (s.head + s.fill) as usize % B;
            r.buf[p][f.vc as usize][i] = f;
            self.books.arrive(s, t);
            s.fill += 1;
            if f.kind & HEAD != 0 && s.fill == 1 && s.st == St::Idle {
                s.st = St::VcAlloc;
                s.out = route;
                s.ready = t;
            }
        }
        let r = &mut self.r[ri];
        // 4. VC allocation
        vc_allocate(&mut r.ivc, &mut r.owner_busy, &mut r.va_rr, t, |_, _, _| {});
        // 5. switch allocation, flitwave's separable input-first allocator: each input offers,
        // per output, its first VC (from the one after its last winner) whose front flit may
        // go; each input picks one of its outputs round-robin from its pointer, each output
        // one of the inputs that picked it; pointers move past a grant only
        let mut req = [0u32; P]; // per input: outputs requested
        let mut label = [[0u8; P]; P]; // per input and output: the VC offered
        for p in 0..P {
            for i in 0..V {
                let v = (r.sa_rr_in[p] as usize + i) % V;
                let s = &r.ivc[p][v];
                let o = s.out as usize;
                if s.st == St::Active
                    && s.fill > 0
                    && s.ready <= t
                    && r.credits[o][s.ovc as usize] > 0
                    && req[p] >> o & 1 == 0
                {
                    req[p] |= 1 << o;
                    label[p][o] = v as u8;
                }
            }
        }
        let mut picked = [0u32; P]; // per output: the inputs that picked it
        for p in 0..P {
            if req[p] != 0 {
                picked[first_from(req[p], r.sa_ptr_in[p] as u32)] |= 1 << p;
            }
        }
        for o in 0..P {
            if picked[o] == 0 {
                continue;
            }
            let p = first_from(picked[o], r.sa_rr_out[o] as u32);
            r.sa_rr_out[o] = ((p + 1) % P) as u8;
            r.sa_ptr_in[p] = ((o + 1) % P) as u8;
            let v = label[p][o] as usize;
            r.sa_rr_in[p] = ((v + 1) % V) as u8;
            // traversal
            let s = &mut r.ivc[p][v];
            let mut f = r.buf[p][v][s.head as usize];
            s.head = ((s.head as usize + 1) % B) as u8;
            s.fill -= 1;
            self.books.depart(s, t);
            let ovc = s.ovc as usize;
            self.books.cross(ri, o, ovc, r.credits[o][ovc]);
            r.credits[o][ovc] -= 1;
            f.vc = ovc as u8;
            if f.kind & TAIL != 0 {
                r.owner_busy[o] &= !(1 << ovc);
                s.st = St::Idle;
                if s.fill > 0 {
                    let nf = r.buf[p][v][s.head as usize];
                    // the head behind the tail: VC allocation from the next cycle
                    s.st = St::VcAlloc;
                    s.ready = t + 1;
                    s.out = route(self.k, ri, nf.dest);
                }
            }
            r.xbar[o] = f;
            r.xbar_any = 1;
            // credit upstream: arrives at t + FLY
            let at = match p {
                0 => ri * P,
                _ => {
                    let (ur, up) = peer(self.k, ri, p);
                    ur * P + up
                }
            };
            self.wake[out_slot * self.words + at / P / 64] |= 1 << (at / P % 64);
            self.back[out_slot * self.np + at] = v as u8 + 1;
        }
    }
}

/// The first set bit of `mask` (below bit P) at or after `start`, cyclically (`mask` ≠ 0).
#[inline(always)]
pub fn first_from(mask: u32, start: u32) -> usize {
    let rot = (mask >> start) | ((mask << (P as u32 - start)) & ((1 << P) - 1));
    ((rot.trailing_zeros() + start) % P as u32) as usize
}

fn main() {
    let (rate, cycles, k) = args("lean");
    let mut net = Net::new(k);
    let t0 = std::time::Instant::now();
    for t in 0..cycles {
        net.step(t, rate);
    }
    let occ = occupancy(net.r.iter().flat_map(|r| r.ivc.iter().flatten()), cycles);
    report((k, cycles), (&net.done, &net.hosts, &net.books), occ, t0);
}
