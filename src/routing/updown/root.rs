//! The root of the up*/down* spanning tree (`routing.root`): a switch id, or a rule that picks
//! one on the topology (the lowest id, or the most central switch).

use crate::error::{Error, Result};
use crate::topology::Topology;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The root of the up*/down* spanning tree (`routing.root`): a switch id, or a rule. Seed 000
/// §2 roots the tree at switch 0; seed 004 names no root, and the throughput of its
/// deterministic routing depends on it (docs/inorder.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Root {
    /// This switch.
    Switch(usize),
    /// "lowest-id" (switch 0, the default) or "central" (the switch whose farthest switch is
    /// nearest, then the least total distance, then the lowest id).
    Rule(String),
}

impl Default for Root {
    fn default() -> Self {
        Root::Rule("lowest-id".into())
    }
}

impl fmt::Display for Root {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Root::Switch(s) => write!(f, "{s}"),
            Root::Rule(r) => write!(f, "{r}"),
        }
    }
}

impl Root {
    /// The rules a root may name.
    pub const RULES: [&'static str; 2] = ["lowest-id", "central"];

    /// The switch this root names on `topo`.
    pub fn resolve(&self, topo: &Topology) -> Result<usize> {
        let n = topo.switches;
        match self {
            Root::Switch(s) if *s < n => Ok(*s),
            Root::Switch(s) => Err(Error::field(
                "routing.root",
                format!(
                    "switch {s} does not exist; allowed: 0..={} or one of {}",
                    n.saturating_sub(1),
                    Self::RULES.join(", ")
                ),
            )),
            Root::Rule(r) if r == "lowest-id" => Ok(0),
            Root::Rule(r) if r == "central" => Ok((0..n)
                .min_by_key(|&s| {
                    let d = topo.bfs(s);
                    let ecc = d.iter().copied().max().unwrap_or(0);
                    let sum: u64 = d.iter().map(|&x| x as u64).sum();
                    (ecc, sum, s)
                })
                .unwrap_or(0)),
            Root::Rule(r) => Err(Error::field(
                "routing.root",
                format!(
                    "{r:?} is not a rule; allowed: a switch id (0..={}) or one of {}",
                    n.saturating_sub(1),
                    Self::RULES.join(", ")
                ),
            )),
        }
    }
}
