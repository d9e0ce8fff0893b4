//! Destination patterns: uniform, bit-reversal, local(l), hot-spot (seed 000 §4.2), and the
//! permutations perfect shuffle and complement (seed 001 §5.2.1).
//!
//! A [`DestTable`] precomputes everything a pattern needs for a topology, so picking a
//! destination at run time allocates nothing. Permutations (bit-reversal, perfect shuffle,
//! complement) need a power-of-two host count `N`; a host that a permutation maps to itself
//! sends nothing (as bit-reversal always did).
//!
//! **Hot-spot host.** Seed 001 §5.2.1 sends 5 % or 20 % of the traffic to "one random
//! destination": `hot-spot:5@random` names that, and [`Pattern::resolve`] turns it into a fixed
//! host drawn from the run's seed ([`hot_spot_host`]) before a [`DestTable`] is built.

use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// A message destination distribution.
#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    /// Any other host, equally likely.
    Uniform,
    /// Any host, the source included, equally likely (BookSim2's `uniform`).
    UniformSelf,
    /// The host whose id is the bit-reversal of the source's (power-of-two host counts).
    BitReversal,
    /// A host on a switch at most `hops` minimal switch hops away (own switch included).
    Local { hops: u32 },
    /// `percent` % of messages to `host`, the rest uniform.
    HotSpot { percent: f64, host: usize },
    /// `percent` % of messages to one host drawn from the seed (seed 001 §5.2.1: "one random
    /// destination"), the rest uniform; [`Pattern::resolve`] picks the host.
    HotSpotRandom { percent: f64 },
    /// Perfect shuffle: the source address rotated left by one bit over `log2 N` bits
    /// (power-of-two host counts; seed 001 §5.2.1).
    PerfectShuffle,
    /// Complement: every bit of the source address inverted over `log2 N` bits (power-of-two
    /// host counts; seed 001 §5.2.1).
    Complement,
    /// Matrix transpose: the high and the low half of the address bits swapped (Duato,
    /// Yalamanchili & Ni; a power of two host count with an even number of address bits; seed
    /// 003 §5).
    Transpose,
    /// Butterfly: the most and the least significant address bits swapped (Duato,
    /// Yalamanchili & Ni; power-of-two host counts; seed 003 §5).
    Butterfly,
}

/// Every pattern: its name as `traffic.pattern` takes it, and what it is. Parameterised
/// names show their form (`localL`, `hot-spot:PCT@HOST`).
pub const PATTERNS: &[(&str, &str)] = &[
    ("uniform", "any other host, equally likely (seed 000 §4.2)"),
    ("uniform+self", "any host, the source included (BookSim2's uniform)"),
    ("bit-reversal", "the host whose address is the source's reversed; power-of-two hosts (seed 000 §4.2)"),
    ("perfect-shuffle", "the source address rotated left by one bit, alias shuffle; power-of-two hosts (seed 001 §5.2.1)"),
    ("complement", "every address bit inverted; power-of-two hosts (seed 001 §5.2.1)"),
    ("transpose", "the high and low halves of the address swapped; an even number of address bits (seed 003 §5)"),
    ("butterfly", "the most and least significant address bits swapped; power-of-two hosts (seed 003 §5)"),
    ("localL", "a host on a switch at most L minimal switch hops away, e.g. local3 or local:5 (seed 000 §4.2)"),
    ("hot-spot:PCT@HOST", "PCT % of messages to HOST (default 0, or random: drawn from the seed), the rest uniform (seeds 000 and 001)"),
];

/// The names `traffic.pattern` takes, for errors and help.
pub fn allowed() -> String {
    PATTERNS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Pattern {
    /// Parse `uniform`, `bit-reversal`, `perfect-shuffle` / `shuffle`, `complement`, `local3` /
    /// `local:3`, `hot-spot:20` / `hot-spot:20@7` / `hot-spot:20@random`.
    pub fn parse(s: &str) -> Result<Pattern> {
        let t = s.trim().to_ascii_lowercase();
        let bad = |why: &str| Error::new(format!("{s:?} {why}; allowed: {}", allowed()));
        if t == "uniform" {
            return Ok(Pattern::Uniform);
        }
        if t == "uniform+self" {
            return Ok(Pattern::UniformSelf);
        }
        if t == "bit-reversal" || t == "bit_reversal" || t == "bitreversal" {
            return Ok(Pattern::BitReversal);
        }
        if ["perfect-shuffle", "perfect_shuffle", "shuffle"].contains(&t.as_str()) {
            return Ok(Pattern::PerfectShuffle);
        }
        if t == "complement" {
            return Ok(Pattern::Complement);
        }
        if t == "transpose" || t == "matrix-transpose" {
            return Ok(Pattern::Transpose);
        }
        if t == "butterfly" {
            return Ok(Pattern::Butterfly);
        }
        if let Some(rest) = t.strip_prefix("local") {
            let n = rest.trim_start_matches(':');
            let hops: u32 = n.parse().map_err(|_| bad("has no valid hop count"))?;
            if hops == 0 {
                return Err(bad("needs at least 1 hop"));
            }
            return Ok(Pattern::Local { hops });
        }
        for pre in ["hot-spot", "hotspot", "hot_spot"] {
            if let Some(rest) = t.strip_prefix(pre) {
                let rest = rest.trim_start_matches(':');
                let (pct, host) = match rest.split_once('@') {
                    Some((p, "random")) => (p, None),
                    Some((p, h)) => (
                        p,
                        Some(h.parse::<usize>().map_err(|_| {
                            bad("has no valid host after @ (a host id or \"random\")")
                        })?),
                    ),
                    None => (rest, Some(0)),
                };
                let percent: f64 = pct.parse().map_err(|_| bad("has no valid percentage"))?;
                if !(percent > 0.0 && percent <= 100.0) {
                    return Err(bad("needs a percentage in (0, 100]"));
                }
                return Ok(match host {
                    Some(host) => Pattern::HotSpot { percent, host },
                    None => Pattern::HotSpotRandom { percent },
                });
            }
        }
        Err(bad("is not a known pattern"))
    }

    /// The pattern with a `@random` hot-spot host replaced by the host [`hot_spot_host`] draws
    /// for `hosts` hosts and `seed`; every other pattern unchanged.
    pub fn resolve(&self, hosts: usize, seed: u64) -> Pattern {
        match *self {
            Pattern::HotSpotRandom { percent } => Pattern::HotSpot {
                percent,
                host: hot_spot_host(hosts, seed),
            },
            ref p => p.clone(),
        }
    }
}

/// The hot-spot host of `hot-spot:PCT@random`: uniform over `0..hosts`, from its own ChaCha
/// stream of `seed` (so it does not disturb the traffic's streams). 0 when `hosts` is 0.
pub fn hot_spot_host(hosts: usize, seed: u64) -> usize {
    if hosts == 0 {
        return 0;
    }
    ChaCha8Rng::seed_from_u64(seed ^ 0x4051_5B07_0000_0001).random_range(0..hosts)
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Uniform => write!(f, "uniform"),
            Pattern::UniformSelf => write!(f, "uniform+self"),
            Pattern::BitReversal => write!(f, "bit-reversal"),
            Pattern::Local { hops } => write!(f, "local{hops}"),
            Pattern::HotSpot { percent, host } => write!(f, "hot-spot:{percent}@{host}"),
            Pattern::HotSpotRandom { percent } => write!(f, "hot-spot:{percent}@random"),
            Pattern::PerfectShuffle => write!(f, "perfect-shuffle"),
            Pattern::Complement => write!(f, "complement"),
            Pattern::Transpose => write!(f, "transpose"),
            Pattern::Butterfly => write!(f, "butterfly"),
        }
    }
}

/// The paper's hot-spot share for a network size: 30/20/15/5 % for 8/16/32/64 switches.
pub fn hot_spot_percent_for(switches: usize) -> f64 {
    match switches {
        0..=11 => 30.0,
        12..=23 => 20.0,
        24..=47 => 15.0,
        _ => 5.0,
    }
}

/// Bit-reversal of `x` over `bits` bits.
pub fn bit_reverse(x: usize, bits: u32) -> usize {
    if bits == 0 {
        return x;
    }
    x.reverse_bits() >> (usize::BITS - bits)
}

/// The `bits` low bits set.
fn low_mask(bits: u32) -> usize {
    if bits >= usize::BITS {
        usize::MAX
    } else {
        (1usize << bits) - 1
    }
}

/// Perfect shuffle of `x` over `bits` bits: rotate left by one (the top bit becomes bit 0).
pub fn perfect_shuffle(x: usize, bits: u32) -> usize {
    if bits == 0 {
        return x;
    }
    ((x << 1) | ((x >> (bits - 1)) & 1)) & low_mask(bits)
}

/// Complement of `x` over `bits` bits.
pub fn complement(x: usize, bits: u32) -> usize {
    if bits == 0 {
        return x;
    }
    !x & low_mask(bits)
}

/// Matrix transpose of `x` over `bits` (even) bits: the two halves swapped.
pub fn transpose(x: usize, bits: u32) -> usize {
    let h = bits / 2;
    ((x & low_mask(h)) << h) | (x >> h)
}

/// Butterfly of `x` over `bits` bits: the top and the bottom bit swapped.
pub fn butterfly(x: usize, bits: u32) -> usize {
    if bits < 2 {
        return x;
    }
    let (top, low) = ((x >> (bits - 1)) & 1, x & 1);
    (x & !(1 << (bits - 1)) & !1) | (low << (bits - 1)) | top
}

/// The destination of `src` under a permutation pattern over `hosts` hosts (a power of two),
/// None when it maps `src` to itself or `pattern` is not a permutation.
pub fn permutation_dest(pattern: &Pattern, src: usize, hosts: usize) -> Option<usize> {
    let bits = hosts.trailing_zeros();
    let d = match pattern {
        Pattern::BitReversal => bit_reverse(src, bits),
        Pattern::PerfectShuffle => perfect_shuffle(src, bits),
        Pattern::Complement => complement(src, bits),
        Pattern::Transpose => transpose(src, bits),
        Pattern::Butterfly => butterfly(src, bits),
        _ => return None,
    };
    (d != src).then_some(d)
}

/// Precomputed destination choice for one pattern on one topology.
#[derive(Debug, Clone)]
pub struct DestTable {
    hosts: usize,
    /// Switch of every host.
    switch_of: Vec<u32>,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    Uniform,
    UniformSelf,
    Fixed(Vec<Option<u32>>),
    /// Local: per switch, the hosts on switches within the hop bound (ascending ids, the
    /// switch's own hosts included); `at[src]` = the source's index in its switch's list.
    Lists {
        offsets: Vec<u32>,
        dests: Vec<u32>,
        at: Vec<u32>,
    },
    HotSpot {
        p: f64,
        host: usize,
    },
}

impl DestTable {
    /// Precompute `pattern` for `topo`.
    pub fn new(pattern: &Pattern, topo: &Topology) -> Result<DestTable> {
        let h = topo.num_hosts();
        let kind = match pattern {
            Pattern::Uniform => Kind::Uniform,
            Pattern::UniformSelf => Kind::UniformSelf,
            Pattern::BitReversal
            | Pattern::PerfectShuffle
            | Pattern::Complement
            | Pattern::Transpose
            | Pattern::Butterfly => {
                if !h.is_power_of_two() {
                    return Err(Error::new(format!(
                        "{pattern} needs a power-of-two number of hosts, the topology has {h}"
                    )));
                }
                if *pattern == Pattern::Transpose && !h.trailing_zeros().is_multiple_of(2) {
                    return Err(Error::new(format!(
                        "transpose needs a square number of hosts (an even number of address bits: 4, 16, 64, 256, ...), the topology has {h}"
                    )));
                }
                Kind::Fixed(
                    (0..h)
                        .map(|s| permutation_dest(pattern, s, h).map(|d| d as u32))
                        .collect(),
                )
            }
            Pattern::HotSpotRandom { .. } => {
                return Err(Error::new(format!(
                    "{pattern}: the hot-spot host is drawn from the run's seed; resolve the pattern first (Pattern::resolve)"
                )))
            }
            Pattern::Local { hops } => {
                let n = topo.switches;
                let mut offsets = vec![0u32];
                let mut dests = Vec::new();
                let mut at = vec![0u32; h];
                for sw in 0..n {
                    let dist = topo.bfs(sw);
                    let start = dests.len();
                    for d in 0..h {
                        if dist[topo.host(d).sw] <= *hops {
                            if topo.host(d).sw == sw {
                                at[d] = (dests.len() - start) as u32;
                            }
                            dests.push(d as u32);
                        }
                    }
                    offsets.push(dests.len() as u32);
                }
                Kind::Lists { offsets, dests, at }
            }
            Pattern::HotSpot { percent, host } => {
                if !(*percent > 0.0 && *percent <= 100.0) {
                    return Err(Error::new(format!(
                        "hot-spot percentage {percent} is out of range, allowed (0, 100]"
                    )));
                }
                if *host >= h {
                    return Err(Error::new(format!(
                        "hot-spot host {host} does not exist, hosts are 0..{}",
                        h - 1
                    )));
                }
                Kind::HotSpot {
                    p: percent / 100.0,
                    host: *host,
                }
            }
        };
        Ok(DestTable {
            hosts: h,
            switch_of: topo.hosts.iter().map(|x| x.sw as u32).collect(),
            kind,
        })
    }

    #[inline]
    fn uniform<R: Rng>(&self, src: usize, rng: &mut R) -> Option<usize> {
        if self.hosts < 2 {
            return None;
        }
        let d = rng.random_range(0..self.hosts - 1);
        Some(if d >= src { d + 1 } else { d })
    }

    /// A destination for a message from `src`, or None if `src` sends nothing in this pattern.
    #[inline]
    pub fn pick<R: Rng>(&self, src: usize, rng: &mut R) -> Option<usize> {
        match &self.kind {
            Kind::Uniform => self.uniform(src, rng),
            Kind::UniformSelf => Some(rng.random_range(0..self.hosts)),
            Kind::Fixed(v) => v[src].map(|d| d as usize),
            Kind::Lists { offsets, dests, at } => {
                // the source's switch list minus the source itself
                let sw = self.switch_of[src] as usize;
                let (a, b) = (offsets[sw] as usize, offsets[sw + 1] as usize);
                if b - a < 2 {
                    return None;
                }
                let mut i = rng.random_range(0..b - a - 1);
                if i >= at[src] as usize {
                    i += 1;
                }
                Some(dests[a + i] as usize)
            }
            Kind::HotSpot { p, host } => {
                if src != *host && rng.random::<f64>() < *p {
                    Some(*host)
                } else {
                    self.uniform(src, rng)
                }
            }
        }
    }

    /// Every destination of `src` with its probability (summing to 1, or nothing when `src`
    /// sends nothing): what [`DestTable::pick`] draws from, for analytic channel loads.
    pub fn weights(&self, src: usize, mut f: impl FnMut(usize, f64)) {
        let h = self.hosts;
        let others = |f: &mut dyn FnMut(usize, f64), w: f64| {
            (0..h).filter(|&d| d != src).for_each(|d| f(d, w));
        };
        match &self.kind {
            Kind::Uniform if h >= 2 => others(&mut f, 1.0 / (h - 1) as f64),
            Kind::Uniform => {}
            Kind::UniformSelf => (0..h).for_each(|d| f(d, 1.0 / h as f64)),
            Kind::Fixed(v) => {
                if let Some(d) = v[src] {
                    f(d as usize, 1.0)
                }
            }
            Kind::Lists { offsets, dests, .. } => {
                let sw = self.switch_of[src] as usize;
                let (a, b) = (offsets[sw] as usize, offsets[sw + 1] as usize);
                if b - a >= 2 {
                    let w = 1.0 / (b - a - 1) as f64;
                    for &d in &dests[a..b] {
                        if d as usize != src {
                            f(d as usize, w);
                        }
                    }
                }
            }
            Kind::HotSpot { p, host } if h >= 2 => {
                let p = if src == *host { 0.0 } else { *p };
                if p > 0.0 {
                    f(*host, p);
                }
                others(&mut f, (1.0 - p) / (h - 1) as f64);
            }
            Kind::HotSpot { .. } => {}
        }
    }

    /// Some source may send to itself (`uniform+self`).
    pub fn may_pick_self(&self) -> bool {
        matches!(self.kind, Kind::UniformSelf)
    }

    /// The fixed destination of `src` for permutation patterns (bit-reversal, perfect shuffle,
    /// complement), else None.
    pub fn fixed(&self, src: usize) -> Option<usize> {
        match &self.kind {
            Kind::Fixed(v) => v[src].map(|d| d as usize),
            _ => None,
        }
    }
}

#[cfg(test)]
mod permutation_tests {
    use super::*;

    #[test]
    fn transpose_and_butterfly_as_the_textbook_defines_them() {
        // 16 hosts, 4 bits: transpose swaps the two 2-bit halves, butterfly bits 3 and 0
        assert_eq!(transpose(0b0111, 4), 0b1101);
        assert_eq!(transpose(0b0001, 4), 0b0100);
        assert_eq!(butterfly(0b0001, 4), 0b1000);
        assert_eq!(butterfly(0b1001, 4), 0b1001);
        assert_eq!(butterfly(0b0110, 4), 0b0110);
        for bits in [2u32, 4, 6] {
            let n = 1usize << bits;
            let mut t: Vec<usize> = (0..n).map(|x| transpose(x, bits)).collect();
            let mut b: Vec<usize> = (0..n).map(|x| butterfly(x, bits)).collect();
            assert!((0..n).all(|x| transpose(transpose(x, bits), bits) == x));
            assert!((0..n).all(|x| butterfly(butterfly(x, bits), bits) == x));
            t.sort_unstable();
            b.sort_unstable();
            assert_eq!(t, (0..n).collect::<Vec<_>>(), "a permutation");
            assert_eq!(b, (0..n).collect::<Vec<_>>(), "a permutation");
        }
    }
}
