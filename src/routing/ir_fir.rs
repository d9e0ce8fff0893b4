//! IR/FIR register contents for k-ary n-trees (seed 001 §2, §3.1, §4.1), and the tree's
//! connectivity so that routes can be walked through those registers.
//!
//! **Addresses.** `k` is a power of two, `r = log2 k`. A node is `n` components of `r` bits,
//! `p_0` least significant: node `p` is the integer `Σ p_i k^i`. Switch `⟨s, o⟩` sits at stage
//! `s` (0 = next to the nodes, `n-1` = top) and `o = (o_{n-2} … o_0)` is the integer `Σ o_i k^i`;
//! its flat id is `s·k^(n-1) + o` (Figure 1 numbers switches that way). Ports `0..k` go down,
//! `k..2k` go up.
//!
//! **Links (§2).** Node `p` hangs from switch `⟨0, p >> r⟩` on down port `p_0`. Switches
//! `⟨s,o⟩` and `⟨s+1,o'⟩` are linked iff `o_i = o'_i` for every `i ≠ s`: up port `k + m` of
//! `⟨s,o⟩` leads to `⟨s+1, o with o_s = m⟩`, arriving on its down port `o_s`. This labelling
//! reproduces the Figure 1 example (node 1 → 4 through switches 0, 9, 17, 11, 2).
//!
//! **Registers.** Down port `j` of `⟨s,o⟩` reaches the destinations with `p_i = o_{i-1}` for
//! `i > s` and `p_s = j`: the interval `⟨o_{n-2} … o_s, j, 0…0⟩ ..= ⟨o_{n-2} … o_s, j, k-1…k-1⟩`
//! with MR all ones and RRR 0, in both schemes. Up ports:
//! - adaptive IR (§3.1, Figure 2): every up port gets the complement of the descending block,
//!   `FI = (LI_{k-1} + 1) mod k^n`, `LI = (FI_0 − 1 + k^n) mod k^n` (cyclic), MR all ones, RRR 0;
//! - deterministic FIR (§4.1, Figure 4): up port `L` compares only component `s`
//!   (`MR = (k−1) << s·r`) with `FI = LI = (L−k) << s·r`, and gives preference to every down port
//!   (`RRR = {0}^k{1}^k`, the low `k` bits set), so a destination below the switch never goes up.
//!
//! **Top stage.** Switches at stage `n-1` have no up links (their up ports are unconnected). In
//! IR the formula would give them the interval `[0, k^n − 1]` (everything), and a cyclic interval
//! cannot be empty, so their up ports get a never-matching configuration instead: `MR = 0` and
//! `FI = LI = 1`; the masked destination is always 0, which is not in `[1, 1]`, so the port never
//! *hits* (not only never *allowed*). RRR keeps the scheme's value (0 for IR, down-port
//! preference for FIR). The same is done in both schemes so that `hits` never names a port
//! without a link.

use crate::blocks::ir_fir::{IrFirUnit, PortRegs};
use crate::error::{Error, Result};
use crate::topology::kary_ntree::{KAryNTree, TreePeer, TreeSwitch};

/// Which routing the registers implement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scheme {
    /// Adaptive minimal routing with plain IR (§3.1): every up port while ascending.
    AdaptiveIr,
    /// Deterministic routing with FIR (§4.1): one up port per destination, chosen by the
    /// destination component of the switch's stage.
    DeterministicFir,
}

fn assert_routable(t: &KAryNTree) {
    if let Err(e) = t.routable() {
        panic!("IR/FIR registers of a {}-ary tree: {e}", t.k());
    }
}

/// The never-matching configuration of an unconnected up port (top stage): the masked
/// destination is always 0, outside `[1, 1]`.
fn open_port(rrr: u32) -> PortRegs {
    PortRegs {
        fi: 1,
        li: 1,
        mr: 0,
        rrr,
    }
}

/// The registers of the down ports (both schemes): the §3.1 intervals, MR all ones, RRR 0.
fn down_ports(t: &KAryNTree, sw: TreeSwitch, regs: &mut Vec<PortRegs>) {
    for j in 0..t.k() {
        let (fi, li) = t.down_interval(sw, j);
        regs.push(PortRegs {
            fi,
            li,
            mr: t.addr_mask(),
            rrr: 0,
        });
    }
}

/// Adaptive IR registers of `sw` (§3.1, Figure 2), ports `0..2k`.
///
/// Panics if `t` is not [routable](KAryNTree::routable) (a 32-ary tree from
/// [`KAryNTree::wiring`]).
pub fn adaptive_ir(t: &KAryNTree, sw: TreeSwitch) -> Vec<PortRegs> {
    assert_routable(t);
    let mut regs = Vec::with_capacity(t.ports());
    down_ports(t, sw, &mut regs);
    let top = sw.stage + 1 == t.n();
    let (fi, li) = t.up_interval(sw);
    for _ in 0..t.k() {
        regs.push(if top {
            open_port(0)
        } else {
            PortRegs {
                fi,
                li,
                mr: t.addr_mask(),
                rrr: 0,
            }
        });
    }
    regs
}

/// Deterministic FIR registers of `sw` (§4.1, Figure 4), ports `0..2k`.
///
/// Panics if `t` is not [routable](KAryNTree::routable).
pub fn deterministic_fir(t: &KAryNTree, sw: TreeSwitch) -> Vec<PortRegs> {
    assert_routable(t);
    let mut regs = Vec::with_capacity(t.ports());
    down_ports(t, sw, &mut regs);
    let down_pref = (1u32 << t.k()) - 1;
    let sh = sw.stage * t.r();
    for l in t.k()..2 * t.k() {
        regs.push(if sw.stage + 1 == t.n() {
            open_port(down_pref)
        } else {
            PortRegs {
                fi: (l - t.k()) << sh,
                li: (l - t.k()) << sh,
                mr: (t.k() - 1) << sh,
                rrr: down_pref,
            }
        });
    }
    regs
}

/// The registers of `sw` under `scheme`.
pub fn registers(t: &KAryNTree, scheme: Scheme, sw: TreeSwitch) -> Vec<PortRegs> {
    match scheme {
        Scheme::AdaptiveIr => adaptive_ir(t, sw),
        Scheme::DeterministicFir => deterministic_fir(t, sw),
    }
}

/// A routing unit loaded with the registers of `sw`.
pub fn unit(t: &KAryNTree, scheme: Scheme, sw: TreeSwitch) -> IrFirUnit {
    let mut u = IrFirUnit::new(t.ports(), t.addr_bits())
        .expect("a KAryNTree always fits an IrFirUnit (2k <= 32 ports, n·r <= 32 bits)");
    u.load(&registers(t, scheme, sw));
    u
}

/// The loaded routing unit of every switch, indexed by [`KAryNTree::switch_id`].
pub fn units(t: &KAryNTree, scheme: Scheme) -> Vec<IrFirUnit> {
    (0..t.switches())
        .map(|id| unit(t, scheme, t.switch_of(id)))
        .collect()
}

/// One hop of a walked route: at `switch` the unit allowed the ports `allowed` and `port` was
/// taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hop {
    pub switch: TreeSwitch,
    pub allowed: u32,
    pub port: u32,
}

/// Walk a packet from `src` to `dst` through the routing units `units` (from [`units`]):
/// at every switch `select(switch, allowed)` picks the output port, which must be allowed.
/// Errors when no port is allowed, a port leads nowhere or to the wrong node, or the route
/// is longer than `2n − 1` switches.
pub fn walk(
    t: &KAryNTree,
    units: &[IrFirUnit],
    src: u32,
    dst: u32,
    mut select: impl FnMut(TreeSwitch, u32) -> u32,
) -> Result<Vec<Hop>> {
    let what = || format!("route {src} -> {dst} in the {}-ary {}-tree", t.k(), t.n());
    let mut hops = Vec::with_capacity(2 * t.n() as usize);
    let (mut sw, _) = t.node_attach(src);
    while hops.len() < 2 * t.n() as usize - 1 {
        let allowed = units[t.switch_id(sw) as usize].route(dst);
        if allowed == 0 {
            return Err(Error::new(format!("{}: no port allowed at {sw:?}", what())));
        }
        let port = select(sw, allowed);
        if port >= t.ports() as u32 || (allowed >> port) & 1 == 0 {
            return Err(Error::new(format!(
                "{}: port {port} selected at {sw:?}, allowed {allowed:#b}",
                what()
            )));
        }
        hops.push(Hop {
            switch: sw,
            allowed,
            port,
        });
        match t.peer(sw, port) {
            TreePeer::Node(x) if x == dst => return Ok(hops),
            TreePeer::Node(x) => {
                return Err(Error::new(format!("{}: delivered to node {x}", what())))
            }
            TreePeer::Switch(next, _) => sw = next,
            TreePeer::Open => {
                return Err(Error::new(format!(
                    "{}: port {port} of {sw:?} is not connected",
                    what()
                )))
            }
        }
    }
    Err(Error::new(format!(
        "{}: longer than {} switches",
        what(),
        hops.len()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let t = KAryNTree::new(4, 4).unwrap();
        assert_eq!(
            (t.nodes(), t.switches(), t.addr_bits(), t.ports()),
            (256, 256, 8, 8)
        );
        assert!(KAryNTree::new(3, 2).is_err());
        assert!(KAryNTree::new(32, 2).is_err());
        assert!(KAryNTree::new(2, 0).is_err());
        assert!(KAryNTree::new(2, 33).is_err());
        assert!(KAryNTree::new(16, 8).is_ok());
        // 32-ary trees can be wired, not routed
        let w = KAryNTree::wiring(32, 2).unwrap();
        assert_eq!((w.nodes(), w.switches(), w.ports()), (1024, 64, 64));
        assert!(w.routable().unwrap_err().message().contains("32 ports"));
        assert!(KAryNTree::wiring(32, 7).is_err(), "35 address bits");
        assert!(KAryNTree::wiring(64, 1).is_err());
    }

    #[test]
    fn links_are_symmetric() {
        for (k, n) in [(2, 1), (2, 4), (4, 3), (8, 2)] {
            let t = KAryNTree::new(k, n).unwrap();
            for id in 0..t.switches() {
                let sw = t.switch_of(id);
                assert_eq!(t.switch_id(sw), id);
                for p in 0..2 * k {
                    match t.peer(sw, p) {
                        TreePeer::Switch(o, q) => assert_eq!(t.peer(o, q), TreePeer::Switch(sw, p)),
                        TreePeer::Node(x) => assert_eq!(t.node_attach(x), (sw, p)),
                        TreePeer::Open => assert!(p >= k && sw.stage == n - 1),
                    }
                }
            }
        }
    }

    #[test]
    fn figure_1_intervals() {
        // 2-ary 4-tree: switch 0 reaches nodes 0 and 1 below, the rest [2, 15] above; switch 17
        // = ⟨2, 001⟩ reaches 0..=3 on port 0, 4..=7 on port 1 and [8, 15] above
        let t = KAryNTree::new(2, 4).unwrap();
        let r0 = adaptive_ir(&t, t.switch_of(0));
        let fl: Vec<(u32, u32)> = r0.iter().map(|r| (r.fi, r.li)).collect();
        assert_eq!(fl, [(0, 0), (1, 1), (2, 15), (2, 15)]);
        let r17 = adaptive_ir(&t, t.switch_of(17));
        let fl: Vec<(u32, u32)> = r17.iter().map(|r| (r.fi, r.li)).collect();
        assert_eq!(fl, [(0, 3), (4, 7), (8, 15), (8, 15)]);
        // a cyclic one: switch 2 = ⟨0, 010⟩ has 4, 5 below and [6, 3] above
        assert_eq!(t.up_interval(t.switch_of(2)), (6, 3));
    }
}
