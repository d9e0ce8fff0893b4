//! The precomputed destination draw of one pattern on one topology ([`DestTable`]): the
//! shapes a pattern's draw takes ([`Draw`]), picking from them at run time without allocating,
//! and their exact probabilities for analytic channel loads.

use super::{Pattern, TrafficPattern};
use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::Rng;

/// How a source draws its destination, as a pattern computes it for a topology.
#[derive(Debug, Clone)]
pub enum Draw {
    /// Any other host, equally likely.
    Others,
    /// Any host, the source included, equally likely.
    Any,
    /// One fixed destination per source (None: the source sends nothing).
    Fixed(Vec<Option<u32>>),
    /// Per switch, a list of hosts (ascending ids, the switch's own hosts included); a source
    /// draws any of its switch's list but itself. `at[src]` = the source's index in its
    /// switch's list.
    Lists {
        offsets: Vec<u32>,
        dests: Vec<u32>,
        at: Vec<u32>,
    },
    /// Per source host its own list (`offsets[src]..offsets[src + 1]` of `dests`, never the
    /// source itself): any of it, equally likely.
    HostLists { offsets: Vec<u32>, dests: Vec<u32> },
    /// `host` with probability `p` (never from `host` itself), else any other host.
    OneOrOthers { p: f64, host: usize },
    /// One of `hosts`, host `i` with weight `cum[i] - cum[i - 1]` (cumulative integer weights),
    /// the source itself included.
    Weighted { hosts: Vec<u32>, cum: Vec<u32> },
    /// Any host of the block of `size` consecutive hosts `shift` blocks after the source's,
    /// wrapping round (a dragonfly's next group).
    Block { size: usize, shift: usize },
}

impl Draw {
    /// The fixed draw of permutation `pattern` on `topo`, which needs a power-of-two host
    /// count; a source the permutation maps to itself sends nothing.
    pub fn permutation(pattern: &dyn TrafficPattern, topo: &Topology) -> Result<Draw> {
        let h = topo.num_hosts();
        if !h.is_power_of_two() {
            return Err(Error::new(format!(
                "{pattern} needs a power-of-two number of hosts, the topology has {h}"
            )));
        }
        let bits = h.trailing_zeros();
        Ok(Draw::Fixed(
            (0..h)
                .map(|s| {
                    let d = pattern.permute(s, bits)?;
                    (d != s).then_some(d as u32)
                })
                .collect(),
        ))
    }
}

/// Precomputed destination choice for one pattern on one topology.
#[derive(Debug, Clone)]
pub struct DestTable {
    hosts: usize,
    /// Switch of every host.
    switch_of: Vec<u32>,
    kind: Draw,
}

impl DestTable {
    /// Precompute `pattern` for `topo`.
    pub fn new(pattern: &Pattern, topo: &Topology) -> Result<DestTable> {
        let h = topo.num_hosts();
        let kind = pattern.draw(topo)?;
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
            Draw::Others => self.uniform(src, rng),
            Draw::Any => Some(rng.random_range(0..self.hosts)),
            Draw::Fixed(v) => v[src].map(|d| d as usize),
            Draw::Lists { offsets, dests, at } => {
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
            Draw::HostLists { offsets, dests } => {
                let (a, b) = (offsets[src] as usize, offsets[src + 1] as usize);
                (b > a).then(|| dests[rng.random_range(a..b)] as usize)
            }
            Draw::OneOrOthers { p, host } => {
                if src != *host && rng.random::<f64>() < *p {
                    Some(*host)
                } else {
                    self.uniform(src, rng)
                }
            }
            Draw::Block { size, shift } => {
                let block = (src / size + shift) % (self.hosts / size);
                Some(block * size + rng.random_range(0..*size))
            }
            Draw::Weighted { hosts, cum } => {
                let r = rng.random_range(0..*cum.last()?);
                Some(hosts[cum.partition_point(|&c| c <= r)] as usize)
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
            Draw::Others if h >= 2 => others(&mut f, 1.0 / (h - 1) as f64),
            Draw::Others => {}
            Draw::Any => (0..h).for_each(|d| f(d, 1.0 / h as f64)),
            Draw::Fixed(v) => {
                if let Some(d) = v[src] {
                    f(d as usize, 1.0)
                }
            }
            Draw::HostLists { offsets, dests } => {
                let (a, b) = (offsets[src] as usize, offsets[src + 1] as usize);
                for &d in &dests[a..b] {
                    f(d as usize, 1.0 / (b - a) as f64);
                }
            }
            Draw::Lists { offsets, dests, .. } => {
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
            Draw::OneOrOthers { p, host } if h >= 2 => {
                let p = if src == *host { 0.0 } else { *p };
                if p > 0.0 {
                    f(*host, p);
                }
                others(&mut f, (1.0 - p) / (h - 1) as f64);
            }
            Draw::OneOrOthers { .. } => {}
            Draw::Block { size, shift } => {
                let block = (src / size + shift) % (h / size);
                (block * size..(block + 1) * size).for_each(|d| f(d, 1.0 / *size as f64));
            }
            Draw::Weighted { hosts, cum } => {
                let total = *cum.last().unwrap_or(&0) as f64;
                let mut prev = 0;
                for (&d, &c) in hosts.iter().zip(cum) {
                    f(d as usize, (c - prev) as f64 / total);
                    prev = c;
                }
            }
        }
    }

    /// Some source may send to itself (`uniform+self`, a permutation's fixed points with
    /// `+self`).
    pub fn may_pick_self(&self) -> bool {
        match &self.kind {
            Draw::Any | Draw::Weighted { .. } => true,
            Draw::Fixed(v) => v.iter().enumerate().any(|(s, &d)| d == Some(s as u32)),
            _ => false,
        }
    }

    /// The fixed destination of `src` for permutation patterns, else None.
    pub fn fixed(&self, src: usize) -> Option<usize> {
        match &self.kind {
            Draw::Fixed(v) => v[src].map(|d| d as usize),
            _ => None,
        }
    }
}
