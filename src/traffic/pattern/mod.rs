//! Destination patterns: uniform, bit-reversal, local(l), hot-spot (seed 000 §4.2), the
//! permutations perfect shuffle and complement (seed 001 §5.2.1), transpose and butterfly
//! (seed 003 §5).
//!
//! Every pattern is one file here and one line in [`PATTERNS`] below: its names, its help line,
//! its parameters and how a source draws its destination ([`TrafficPattern`]). A [`DestTable`]
//! precomputes that draw for a topology, so picking a destination at run time allocates
//! nothing.
//!
//! **Hot-spot host.** Seed 001 §5.2.1 sends 5 % or 20 % of the traffic to "one random
//! destination": `hot-spot:5@random` names that, and [`Pattern::resolve`] turns it into a fixed
//! host drawn from the run's seed ([`hot_spot_host`]) before a [`DestTable`] is built.

pub mod bit_reversal;
pub mod butterfly;
pub mod complement;
pub mod fixed_self;
pub mod hot_nodes;
pub mod hot_spot;
pub mod local;
pub mod next_group;
pub mod perfect_shuffle;
pub mod table;
pub mod transpose;
pub mod uniform;
pub mod uniform_self;

pub use bit_reversal::bit_reverse;
pub use butterfly::butterfly;
pub use complement::complement;
pub use hot_spot::{hot_spot_host, hot_spot_percent_for};
pub use perfect_shuffle::perfect_shuffle;
pub use table::{DestTable, Draw};
pub use transpose::transpose;

use crate::error::{Error, Result};
use crate::topology::Topology;
use std::fmt;
use std::sync::Arc;

/// The switch hops between two hosts, `hops(src, dst)`, as a routing's routes give them (the
/// routing is the caller's: traffic sits below routing).
pub type PairHops = Arc<dyn Fn(usize, usize) -> u32 + Send + Sync>;

/// A destination pattern: how every source draws its destinations. Its `Display` is the
/// name `traffic.pattern` takes back.
pub trait TrafficPattern: fmt::Debug + fmt::Display + Send + Sync {
    /// How a source draws its destination on `topo`.
    fn draw(&self, topo: &Topology) -> Result<Draw>;
    /// The destination of `src` over `bits` address bits, for a permutation; None otherwise.
    fn permute(&self, _src: usize, _bits: u32) -> Option<usize> {
        None
    }
    /// The pattern with its seed-drawn parameters fixed for `hosts` hosts and `seed`; None when
    /// it draws nothing from the seed.
    fn resolve(&self, _hosts: usize, _seed: u64) -> Option<Pattern> {
        None
    }
    /// The pattern counting "switches away" as `hops(src, dst)` says (the switch hops of
    /// the host pair's route: `traffic.local_metric = "route"`); None when it counts no
    /// distance.
    fn along_routes(&self, _hops: &PairHops) -> Option<Pattern> {
        None
    }
}

/// One registered pattern: its name as help shows it, what it is, and its parser.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The name `traffic.pattern` takes; parameterised names show their form (`localL`).
    pub name: &'static str,
    /// What it is, with the paper section.
    pub help: &'static str,
    /// The pattern a lower-case, trimmed name names: None when the name is not this pattern's,
    /// an error (why the name is wrong) when it is but its parameters are not valid.
    pub parse: fn(&str) -> std::result::Result<Option<Pattern>, &'static str>,
}

/// Every pattern, in the order help lists them.
pub const PATTERNS: &[Entry] = &[
    uniform::ENTRY,
    uniform_self::ENTRY,
    bit_reversal::ENTRY,
    perfect_shuffle::ENTRY,
    complement::ENTRY,
    transpose::ENTRY,
    butterfly::ENTRY,
    local::ENTRY,
    hot_spot::ENTRY,
    hot_nodes::ENTRY,
    next_group::ENTRY,
    fixed_self::ENTRY,
];

/// The names `traffic.pattern` takes, for errors and help.
pub fn allowed() -> String {
    PATTERNS
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A message destination distribution.
#[derive(Clone)]
pub struct Pattern(Arc<dyn TrafficPattern>);

impl Pattern {
    /// The pattern `p`.
    pub fn new(p: impl TrafficPattern + 'static) -> Pattern {
        Pattern(Arc::new(p))
    }

    /// Parse a pattern's name as [`PATTERNS`] lists it, e.g. `uniform`, `shuffle`, `local:3`,
    /// `hot-spot:20@random`.
    pub fn parse(s: &str) -> Result<Pattern> {
        let t = s.trim().to_ascii_lowercase();
        let bad = |why: &str| Error::new(format!("{s:?} {why}; allowed: {}", allowed()));
        for p in PATTERNS {
            match (p.parse)(&t) {
                Ok(Some(pattern)) => return Ok(pattern),
                Ok(None) => {}
                Err(why) => return Err(bad(why)),
            }
        }
        Err(bad("is not a known pattern"))
    }

    /// The pattern with a `@random` hot-spot host replaced by the host [`hot_spot_host`] draws
    /// for `hosts` hosts and `seed`; every other pattern unchanged.
    pub fn resolve(&self, hosts: usize, seed: u64) -> Pattern {
        self.0.resolve(hosts, seed).unwrap_or_else(|| self.clone())
    }

    /// How a source draws its destination on `topo`.
    pub fn draw(&self, topo: &Topology) -> Result<Draw> {
        self.0.draw(topo)
    }

    /// Whether the pattern counts switches away (`traffic.local_metric` applies to it).
    pub fn counts_distance(&self) -> bool {
        self.0
            .along_routes(&(Arc::new(|_, _| 0u32) as PairHops))
            .is_some()
    }

    /// The pattern counting switches away as `hops(src, dst)` says; a pattern that counts
    /// none unchanged.
    pub fn along_routes(&self, hops: &PairHops) -> Pattern {
        self.0.along_routes(hops).unwrap_or_else(|| self.clone())
    }
}

impl PartialEq for Pattern {
    /// The same pattern: the same name, parameters included.
    fn eq(&self, other: &Pattern) -> bool {
        self.to_string() == other.to_string()
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The destination of `src` under a permutation pattern over `hosts` hosts (a power of two),
/// None when it maps `src` to itself or `pattern` is not a permutation.
pub fn permutation_dest(pattern: &Pattern, src: usize, hosts: usize) -> Option<usize> {
    let d = pattern.0.permute(src, hosts.trailing_zeros())?;
    (d != src).then_some(d)
}

/// The parser of a pattern with one name and its aliases and no parameters.
pub fn named(t: &str, names: &[&str], p: fn() -> Pattern) -> Option<Pattern> {
    names.contains(&t).then(p)
}

/// A pattern without parameters: its name, how it draws, and for a permutation its map of
/// addresses over a number of bits.
#[derive(Debug, Clone, Copy)]
pub struct Plain {
    pub name: &'static str,
    pub draw: fn(&Plain, &Topology) -> Result<Draw>,
    pub permute: Option<fn(usize, u32) -> usize>,
}

impl TrafficPattern for Plain {
    fn draw(&self, topo: &Topology) -> Result<Draw> {
        (self.draw)(self, topo)
    }
    fn permute(&self, src: usize, bits: u32) -> Option<usize> {
        self.permute.map(|f| f(src, bits))
    }
}

impl fmt::Display for Plain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// The `bits` low bits set.
pub fn low_mask(bits: u32) -> usize {
    if bits >= usize::BITS {
        usize::MAX
    } else {
        (1usize << bits) - 1
    }
}
