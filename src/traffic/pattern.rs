//! Destination patterns (seed 000 §4.2): uniform, bit-reversal, local(l), hot-spot.
//!
//! A [`DestTable`] precomputes everything a pattern needs for a topology, so picking a
//! destination at run time allocates nothing.

use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::Rng;
use std::fmt;

/// A message destination distribution.
#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    /// Any other host, equally likely.
    Uniform,
    /// The host whose id is the bit-reversal of the source's (power-of-two host counts).
    BitReversal,
    /// A host on a switch at most `hops` minimal switch hops away (own switch included).
    Local { hops: u32 },
    /// `percent` % of messages to `host`, the rest uniform.
    HotSpot { percent: f64, host: usize },
}

const ALLOWED: &str =
    "uniform, bit-reversal, localL (e.g. local3, local:5), hot-spot:PCT or hot-spot:PCT@HOST";

impl Pattern {
    /// Parse `uniform`, `bit-reversal`, `local3` / `local:3`, `hot-spot:20` / `hot-spot:20@7`.
    pub fn parse(s: &str) -> Result<Pattern> {
        let t = s.trim().to_ascii_lowercase();
        let bad = |why: &str| Error::new(format!("{s:?} {why}; allowed: {ALLOWED}"));
        if t == "uniform" {
            return Ok(Pattern::Uniform);
        }
        if t == "bit-reversal" || t == "bit_reversal" || t == "bitreversal" {
            return Ok(Pattern::BitReversal);
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
                    Some((p, h)) => (
                        p,
                        h.parse::<usize>()
                            .map_err(|_| bad("has no valid host after @"))?,
                    ),
                    None => (rest, 0),
                };
                let percent: f64 = pct.parse().map_err(|_| bad("has no valid percentage"))?;
                if !(percent > 0.0 && percent <= 100.0) {
                    return Err(bad("needs a percentage in (0, 100]"));
                }
                return Ok(Pattern::HotSpot { percent, host });
            }
        }
        Err(bad("is not a known pattern"))
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Uniform => write!(f, "uniform"),
            Pattern::BitReversal => write!(f, "bit-reversal"),
            Pattern::Local { hops } => write!(f, "local{hops}"),
            Pattern::HotSpot { percent, host } => write!(f, "hot-spot:{percent}@{host}"),
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
            Pattern::BitReversal => {
                if !h.is_power_of_two() {
                    return Err(Error::new(format!(
                        "bit-reversal needs a power-of-two number of hosts, the topology has {h}"
                    )));
                }
                let bits = h.trailing_zeros();
                Kind::Fixed(
                    (0..h)
                        .map(|s| {
                            let d = bit_reverse(s, bits);
                            (d != s).then_some(d as u32)
                        })
                        .collect(),
                )
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

    /// The fixed destination of `src` for permutation patterns (bit-reversal), else None.
    pub fn fixed(&self, src: usize) -> Option<usize> {
        match &self.kind {
            Kind::Fixed(v) => v[src].map(|d| d as usize),
            _ => None,
        }
    }
}
