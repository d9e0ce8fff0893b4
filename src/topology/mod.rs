//! Network topologies: switches with numbered ports, switch-to-switch links and attached hosts.
//!
//! A [`Topology`] is plain data (what the JSON file holds) plus a derived port map. Generators live
//! in sibling files (random irregular networks of seed 000 §4.1, 2D meshes and tori); JSON import
//! and export use exactly the interchange form
//! `{"switches": N, "ports_per_switch": P, "links": [[swA, portA, swB, portB], ...], "hosts": [[host, sw, port], ...]}`.

pub mod irregular;
pub mod json;
pub mod mesh;

use crate::error::{Error, Result};

/// What is connected to one switch port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peer {
    /// Nothing: an unused port.
    None,
    /// Another switch's port.
    Switch { sw: usize, port: usize },
    /// A host (its NIC).
    Host(usize),
}

/// A bidirectional switch-to-switch link `[a, pa, b, pb]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkSpec {
    pub a: usize,
    pub pa: usize,
    pub b: usize,
    pub pb: usize,
}

/// A host attached to a switch port `[host, sw, port]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostSpec {
    pub host: usize,
    pub sw: usize,
    pub port: usize,
}

/// How the topology was made (used for reports and for dimension-order routing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// Random irregular network or one read from a file.
    Irregular,
    /// 2D mesh `dims = [x, y]`.
    Mesh { dims: [usize; 2] },
    /// 2D torus `dims = [x, y]`.
    Torus { dims: [usize; 2] },
}

/// A validated network topology. Construct with [`Topology::new`], which checks every rule.
#[derive(Debug, Clone)]
pub struct Topology {
    pub switches: usize,
    pub ports_per_switch: usize,
    pub links: Vec<LinkSpec>,
    /// Hosts, indexed by host id (hosts[i].host == i).
    pub hosts: Vec<HostSpec>,
    pub shape: Shape,
    /// Derived: peer of (sw, port) at `sw * ports_per_switch + port`.
    peers: Vec<Peer>,
}
