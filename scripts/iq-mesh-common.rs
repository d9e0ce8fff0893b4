//! What the lean model (`lean-iq-mesh.rs`) and its bit-plane evaluation
//! (`bitplane-iq-mesh.rs`) share, included by both (`#[path]`): the booksim-iq preset's
//! constants, the flit, an input VC's registers, dimension-order routing and the mesh's
//! wiring, the hosts (Bernoulli sources, source queues, NICs), delivery and the command line.
//! Ports: 0 host, 1 +x, 2 -x, 3 +y, 4 -y.
use std::collections::VecDeque;

pub const P: usize = 5;
pub const V: usize = 2;
/// Flits per VC buffer.
pub const B: usize = 8;
/// Flits per packet.
pub const LEN: u32 = 20;
/// Link fly time (both ways) and credit delay, cycles.
pub const FLY: u64 = 2;
pub const CDELAY: u64 = 2;
/// Slots of the per-cycle rings (more than FLY + CDELAY).
pub const RING: usize = 8;

#[derive(Clone, Copy, Default)]
pub struct Flit {
    pub pkt: u32,
    pub dest: u16,
    pub vc: u8,
    /// HEAD | TAIL | VALID bits.
    pub kind: u8,
}
pub const HEAD: u8 = 1;
pub const TAIL: u8 = 2;
pub const VALID: u8 = 128;

#[derive(Clone, Copy, Default, PartialEq)]
pub enum St {
    #[default]
    Idle,
    VcAlloc,
    Active,
}

/// An input VC's registers: state, the output port and VC it holds, its FIFO's front and
/// fill, and the cycle it may take its next step from.
#[derive(Clone, Copy, Default)]
pub struct InVc {
    pub st: St,
    pub out: u8,
    pub ovc: u8,
    pub head: u8,
    pub fill: u8,
    pub ready: u64,
    /// Occupancy integral (flitwave's `Stay`): Σ departure cycles − Σ arrival cycles.
    pub occ: i64,
}

pub fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// Dimension-order routing on a k×k mesh: the output port of router `r` towards `dest`.
#[inline(always)]
pub fn route(k: usize, r: usize, dest: u16) -> u8 {
    let (x, y) = (r % k, r / k);
    let (dx, dy) = (dest as usize % k, dest as usize / k);
    if dx > x {
        1
    } else if dx < x {
        2
    } else if dy > y {
        3
    } else if dy < y {
        4
    } else {
        0
    }
}

/// The neighbour of router `r` through network port `p`, and the port it arrives on there.
#[inline(always)]
pub fn peer(k: usize, r: usize, p: usize) -> (usize, usize) {
    match p {
        1 => (r + 1, 2),
        2 => (r - 1, 1),
        3 => (r + k, 4),
        _ => (r - k, 3),
    }
}

/// The hosts: per host a Bernoulli source of packets (uniform destinations, itself included),
/// an unbounded source queue and a NIC that starts a packet on an idle VC (round-robin) and
/// sends a flit a cycle when it holds a credit.
pub struct Hosts {
    srcq: Vec<VecDeque<(u16, u64)>>,
    /// Per host: destination, packet, next flit, VC of the packet being sent.
    sending: Vec<Option<(u16, u32, u32, u8)>>,
    cred: Vec<[u8; V]>,
    rr: Vec<u8>,
    rng: u64,
    pub generated: u64,
    /// Per packet started: the cycle it was generated and the cycle its head left the NIC.
    pub gen_time: Vec<u64>,
    pub inj_time: Vec<u64>,
    /// Flits sent into the network.
    pub injected: u64,
}

impl Hosts {
    pub fn new(n: usize) -> Self {
        Hosts {
            srcq: vec![VecDeque::new(); n],
            sending: vec![None; n],
            cred: vec![[B as u8; V]; n],
            rr: vec![0; n],
            rng: 0x9e3779b97f4a7c15,
            generated: 0,
            gen_time: Vec::new(),
            inj_time: Vec::new(),
            injected: 0,
        }
    }

    /// Host `h` of `n` at cycle `t`: a packet is generated when a draw falls below `thr`,
    /// the credits `back` (per VC) come back, and the flit it sends this cycle, if any.
    #[inline(always)]
    pub fn cycle(&mut self, h: usize, n: usize, t: u64, thr: u64, back: [u8; V]) -> Option<Flit> {
        if xorshift(&mut self.rng) < thr {
            let d = (xorshift(&mut self.rng) % n as u64) as u16;
            self.srcq[h].push_back((d, t));
            self.generated += 1;
        }
        for v in 0..V {
            self.cred[h][v] += back[v];
        }
        if self.sending[h].is_none() {
            if let Some(&(d, g)) = self.srcq[h].front() {
                // the next idle VC round-robin (all its credits: empty downstream)
                let mut pick = None;
                for i in 0..V {
                    let v = (self.rr[h] as usize + i) % V;
                    if self.cred[h][v] == B as u8 {
                        pick = Some(v);
                        break;
                    }
                }
                if let Some(v) = pick {
                    self.srcq[h].pop_front();
                    let pkt = self.gen_time.len() as u32;
                    self.gen_time.push(g);
                    self.inj_time.push(t);
                    self.sending[h] = Some((d, pkt, 0, v as u8));
                    self.rr[h] = ((v + 1) % V) as u8;
                }
            }
        }
        let (d, pkt, i, v) = self.sending[h]?;
        if self.cred[h][v as usize] == 0 {
            return None;
        }
        self.cred[h][v as usize] -= 1;
        self.injected += 1;
        if i == 0 {
            self.inj_time[pkt as usize] = t;
        }
        let kind = VALID | if i == 0 { HEAD } else { 0 } | if i + 1 == LEN { TAIL } else { 0 };
        self.sending[h] = if i + 1 == LEN {
            None
        } else {
            Some((d, pkt, i + 1, v))
        };
        Some(Flit {
            pkt,
            dest: d,
            vc: v,
            kind,
        })
    }
}

/// What is delivered: flits, and per packet its latency (generation to the tail leaving the
/// router) and network latency (from its head leaving the NIC), summed and in histograms of
/// powers of two (latencies below 2^31 cycles).
#[derive(Default)]
pub struct Delivered {
    pub flits: u64,
    pub packets: u64,
    pub latency_sum: u64,
    pub hist: [u64; 32],
    pub net_hist: [u64; 32],
}

impl Delivered {
    #[inline(always)]
    pub fn flit(&mut self, f: Flit, t: u64, hosts: &Hosts) {
        self.flits += 1;
        if f.kind & TAIL != 0 {
            let lat = t - hosts.gen_time[f.pkt as usize];
            let net = t - hosts.inj_time[f.pkt as usize];
            self.latency_sum += lat;
            self.packets += 1;
            self.hist[(64 - lat.leading_zeros()) as usize & 31] += 1;
            self.net_hist[(64 - net.leading_zeros()) as usize & 31] += 1;
        }
    }
}

/// flitwave's per-flit bookkeeping besides delivery, kept alike by both models so that its
/// cost is part of what is timed: per input VC its occupancy integral (in [`InVc`]), per
/// output VC the flits through crossbars, per router output the flits sent, the highest VC
/// level, and flow-control errors (a write to a full VC, a flit crossing without a credit, a
/// credit beyond the buffer).
pub struct Books {
    pub forwarded: [u64; V],
    pub link_flits: Vec<u64>,
    pub max_level: u8,
    pub errors: u64,
}

impl Books {
    pub fn new(n: usize) -> Self {
        Books {
            forwarded: [0; V],
            link_flits: vec![0; n * P],
            max_level: 0,
            errors: 0,
        }
    }

    /// A flit is written into input VC `s` at `t` (before its fill counts it).
    #[inline(always)]
    pub fn arrive(&mut self, s: &mut InVc, t: u64) {
        self.errors += (s.fill as usize == B) as u64;
        s.occ -= t as i64;
        self.max_level = self.max_level.max(s.fill + 1);
    }

    /// A flit leaves input VC `s` at `t`.
    #[inline(always)]
    pub fn depart(&mut self, s: &mut InVc, t: u64) {
        s.occ += t as i64;
    }

    /// A flit of router `r` crosses to output `o`'s VC `ovc`, which holds `credits` before it.
    #[inline(always)]
    pub fn cross(&mut self, r: usize, o: usize, ovc: usize, credits: u8) {
        self.errors += (credits == 0) as u64;
        self.forwarded[ovc] += 1;
        self.link_flits[r * P + o] += 1;
    }

    /// A credit came back; the VC now holds `credits`.
    #[inline(always)]
    pub fn credit(&mut self, credits: u8) {
        self.errors += (credits as usize > B) as u64;
    }
}

/// RATE, CYCLES and K from the command line of program `name` (exit 2 naming a bad one).
pub fn args(name: &str) -> (f64, u64, usize) {
    let a: Vec<String> = std::env::args().collect();
    let arg = |i: usize, what: &str, default: &str| -> f64 {
        let v = a.get(i).map_or(default, |s| s.as_str());
        v.parse().unwrap_or_else(|_| {
            eprintln!("error: {what} must be a number, got {v:?} (usage: {name} RATE CYCLES [K])");
            std::process::exit(2)
        })
    };
    let rate = arg(1, "RATE", "0.3");
    let cycles = arg(2, "CYCLES", "91094") as u64;
    let k = arg(3, "K", "8") as usize;
    if !(0.0..=1.0).contains(&rate) || !(2..=16).contains(&k) {
        eprintln!("error: RATE in 0..=1 flits/cycle/host and K in 2..=16, got {rate} and {k}");
        std::process::exit(2);
    }
    (rate, cycles, k)
}

/// The draw below which a host generates a packet in a cycle, at `rate` flits/cycle/host.
pub fn threshold(rate: f64) -> u64 {
    (rate / LEN as f64 * (u64::MAX as f64)) as u64
}

/// One line: the statistics (identical between the two models; `occupancy` the input VCs'
/// integrals at the end) and then the time.
pub fn report(
    (k, cycles): (usize, u64),
    (d, hosts, books): (&Delivered, &Hosts, &Books),
    occupancy: i64,
    t0: std::time::Instant,
) {
    let n = (k * k) as f64;
    let s = t0.elapsed().as_secs_f64();
    let weigh = |h: &[u64; 32]| {
        h.iter()
            .enumerate()
            .map(|(i, &c)| i as u64 * c)
            .sum::<u64>()
    };
    println!(
        "accepted {:.5} flits/cycle/host, mean latency {:.1} cycles, {} packets generated, {} flits injected, {} flits and {} packets delivered, latency sum {}, histogram weights {} and {}, forwarded {:?}, link flits {}, occupancy {}, highest level {}, errors {}, {:.3} s, {:.2} M router-cycles/s",
        d.flits as f64 / cycles as f64 / n,
        d.latency_sum as f64 / d.packets.max(1) as f64,
        hosts.generated,
        hosts.injected,
        d.flits,
        d.packets,
        d.latency_sum,
        weigh(&d.hist),
        weigh(&d.net_hist),
        books.forwarded,
        books.link_flits.iter().sum::<u64>(),
        occupancy,
        books.max_level,
        books.errors,
        s,
        cycles as f64 * n / s / 1e6
    );
}

/// The input VCs' occupancy integrals at cycle `end` (each VC's level counted to the end).
pub fn occupancy<'a>(vcs: impl Iterator<Item = &'a InVc>, end: u64) -> i64 {
    vcs.map(|s| s.occ + s.fill as i64 * end as i64).sum()
}

/// VC allocation of one router: per output VC that is free, a round-robin pick (from the
/// input VC after its last grant) among the input VCs asking for its port since `ready`;
/// the winner holds it and may ask for the switch from the next cycle. `granted(p, v, ov)`
/// is told each grant.
#[inline(always)]
pub fn vc_allocate(
    ivc: &mut [[InVc; V]; P],
    owner_busy: &mut [u8; P],
    va_rr: &mut [u8; P * V],
    t: u64,
    mut granted: impl FnMut(usize, usize, usize),
) {
    let mut want = [0u16; P]; // per output: the input VCs asking
    for p in 0..P {
        for v in 0..V {
            let s = &ivc[p][v];
            if s.st == St::VcAlloc && s.ready <= t {
                want[s.out as usize] |= 1 << (p * V + v);
            }
        }
    }
    for o in 0..P {
        let mut w = want[o];
        if w == 0 {
            continue;
        }
        for ov in 0..V {
            if owner_busy[o] >> ov & 1 != 0 || w == 0 {
                continue;
            }
            let start = va_rr[o * V + ov] as u32;
            let rot = (w as u32 >> start)
                | (((w as u32) << ((P * V) as u32 - start)) & ((1 << (P * V)) - 1));
            let iv = ((rot.trailing_zeros() + start) % (P * V) as u32) as usize;
            w &= !(1 << iv);
            va_rr[o * V + ov] = ((iv + 1) % (P * V)) as u8;
            owner_busy[o] |= 1 << ov;
            let (p, v) = (iv / V, iv % V);
            let s = &mut ivc[p][v];
            s.st = St::Active;
            s.ovc = ov as u8;
            s.ready = t + 1;
            granted(p, v, ov);
        }
    }
}
