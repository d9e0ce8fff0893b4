//! k-ary n-trees (seed 001 §2) as a [`Topology`]: `N = k^n` hosts, `n·k^(n−1)` switches of
//! `2k` ports each.
//!
//! Everything about the wiring comes from [`KAryNTree`] (the link rule is not repeated here):
//! - **switch ids** are the paper's Figure 1 numbering, `s·k^(n−1) + o` for switch `⟨s, o⟩`
//!   ([`KAryNTree::switch_id`]): stage 0 (next to the hosts) first, the top stage last;
//! - **ports** `0..k` go down and `k..2k` go up (§2); up port `k + m` of `⟨s, o⟩` is linked to
//!   down port `o_s` of `⟨s+1, o with o_s = m⟩` ([`KAryNTree::peer`]); the up ports of the top
//!   stage are unused;
//! - **host id = node address** `p`: host `p` hangs from down port `p_0` of stage-0 switch
//!   `⟨0, p >> log2 k⟩` ([`KAryNTree::node_attach`]).
//!
//! Links are listed switch by switch (ascending id) and, within a switch, by up port, each as
//! `[lower switch, up port, upper switch, down port]`.
//!
//! **Size limit.** `k` is a power of two in 2..=32 and `N = k^n ≤` [`MAX_HOSTS`] (65,536):
//! n ≤ 16 for k = 2, 8 for k = 4, 5 for k = 8, 4 for k = 16, 3 for k = 32. The biggest allowed
//! trees (the 2-ary 16-tree: 524,288 switches, 2M ports) take a few hundred MB while being
//! validated; the paper's "n up to 8" fits for k = 2 and 4 only (an 8-ary 8-tree would have
//! 16.7M hosts). Switches of 32-ary trees have 64 ports: they can be wired, but the IR/FIR unit
//! routes `k ≤ 16` ([`KAryNTree::routable`]).
//!
//! **JSON.** Export is the plain interchange form. On import ([`super::json::from_json`]) a file
//! that is exactly a k-ary n-tree as built here — same switch numbering, port labels and host
//! ids; links in any order or orientation — gets its [`Shape::FatTree`] back ([`recognize`]);
//! anything else stays [`Shape::Irregular`].

use super::kary_ntree::{KAryNTree, TreePeer};
use super::{HostSpec, LinkSpec, Shape, Topology};
use crate::error::{Error, Result};
use std::collections::HashSet;

/// Most hosts a generated k-ary n-tree may have.
pub const MAX_HOSTS: u64 = 1 << 16;

/// The tree of shape `k`, `n` for wiring, with the host limit checked.
pub fn tree(k: u32, n: u32) -> Result<KAryNTree> {
    let t = KAryNTree::wiring(k, n)?;
    if t.nodes() > MAX_HOSTS {
        let max_n = (MAX_HOSTS.trailing_zeros()) / t.r();
        return Err(Error::field(
            "n",
            format!(
                "{n} is too large for k = {k}: k^n = {} hosts, allowed at most {MAX_HOSTS} (n <= {max_n} for k = {k})",
                t.nodes()
            ),
        ));
    }
    Ok(t)
}

/// The k-ary n-tree topology (seed 001 §2). Errors name `k` or `n` and what is allowed.
pub fn fattree(k: u32, n: u32) -> Result<Topology> {
    let t = tree(k, n)?;
    let switches = t.switches() as usize;
    let mut links = Vec::with_capacity((n as usize - 1) * t.nodes() as usize);
    for id in 0..t.switches() {
        let sw = t.switch_of(id);
        for port in k..2 * k {
            if let TreePeer::Switch(up, down_port) = t.peer(sw, port) {
                links.push(LinkSpec {
                    a: id as usize,
                    pa: port as usize,
                    b: t.switch_id(up) as usize,
                    pb: down_port as usize,
                });
            }
        }
    }
    let hosts = (0..t.nodes() as u32)
        .map(|p| {
            let (sw, port) = t.node_attach(p);
            HostSpec {
                host: p as usize,
                sw: t.switch_id(sw) as usize,
                port: port as usize,
            }
        })
        .collect();
    Topology::new(switches, t.ports(), links, hosts, Shape::FatTree { k, n })
}

/// The tree of a fat-tree topology; an error naming the topology's shape otherwise (`what`
/// names the thing that needs a fat-tree, e.g. "fir-det routing").
pub fn tree_of(topo: &Topology, what: &str) -> Result<KAryNTree> {
    match topo.shape {
        Shape::FatTree { k, n } => tree(k, n),
        ref other => Err(Error::new(format!(
            "{what} needs a k-ary n-tree topology (topology.kind = \"fattree\" with topology.k and topology.n, `--topology fattree --k K --n N` in `flitwave routes`, or a file written by `flitwave topology fattree`), this one is {}",
            shape_name(other)
        ))),
    }
}

/// A short name of a shape for messages: "irregular", "4x4 mesh", "4-ary 3-tree".
pub fn shape_name(s: &Shape) -> String {
    match s {
        Shape::Irregular => "irregular".into(),
        Shape::Mesh { dims } => format!("a {}x{} mesh", dims[0], dims[1]),
        Shape::Torus { dims } => format!("a {}x{} torus", dims[0], dims[1]),
        Shape::FatTree { k, n } => format!("a {k}-ary {n}-tree"),
        Shape::Dragonfly { a, p, h } => format!("a dragonfly (a = {a}, p = {p}, h = {h})"),
    }
}

/// If `topo` is exactly the k-ary n-tree [`fattree`] builds for some `k`, `n` (links in any order
/// or orientation), that shape; else None. Used when importing JSON.
pub fn recognize(topo: &Topology) -> Option<Shape> {
    let ports = topo.ports_per_switch;
    if !ports.is_multiple_of(2) || !(ports / 2).is_power_of_two() || ports < 4 {
        return None;
    }
    let k = (ports / 2) as u32;
    let hosts = topo.num_hosts() as u64;
    if !hosts.is_power_of_two() || !hosts.trailing_zeros().is_multiple_of(k.trailing_zeros()) {
        return None;
    }
    let n = hosts.trailing_zeros() / k.trailing_zeros();
    let t = tree(k, n).ok()?;
    if t.switches() != topo.switches as u64 || topo.links.len() as u64 != (n as u64 - 1) * hosts {
        return None;
    }
    let want = fattree(k, n).ok()?;
    if want.hosts != topo.hosts {
        return None;
    }
    let norm = |l: &LinkSpec| {
        if (l.a, l.pa) <= (l.b, l.pb) {
            (l.a, l.pa, l.b, l.pb)
        } else {
            (l.b, l.pb, l.a, l.pa)
        }
    };
    let have: HashSet<_> = topo.links.iter().map(norm).collect();
    want.links
        .iter()
        .all(|l| have.contains(&norm(l)))
        .then_some(Shape::FatTree { k, n })
}
