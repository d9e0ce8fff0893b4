//! The k-ary n-tree (seed 001 §2): addresses, switch numbering and the link rule. The
//! topology (`topology::fattree`), the IR/FIR register algorithms and the route walks
//! (`routing::ir_fir`) all use this one tree, so they cannot disagree about the wiring.
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

use crate::error::{Error, Result};

/// A switch `⟨stage, index⟩` of a k-ary n-tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TreeSwitch {
    pub stage: u32,
    /// `o` as an integer, `0..k^(n-1)`.
    pub index: u32,
}

/// What a switch port is connected to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreePeer {
    /// A processing node (down ports of stage 0).
    Node(u32),
    /// Another switch, arriving on its port `.1`.
    Switch(TreeSwitch, u32),
    /// Nothing (up ports of the top stage).
    Open,
}

/// Largest arity the IR/FIR routing unit can route: `2k` ports must fit its 32-bit RRR
/// ([`2 * MAX_ROUTED_K`]).
pub const MAX_ROUTED_K: u32 = 16;

/// Largest arity of a tree that can be wired (the topology alone, seed 001 §5.2 uses up to
/// k = 32): 64-port switches.
pub const MAX_WIRED_K: u32 = 32;

/// The shape of a k-ary n-tree: `k` a power of two, `n ≥ 1`, `n·log2 k ≤ 32` address bits.
///
/// [`KAryNTree::new`] builds a tree the IR/FIR unit can route (`k ≤ 16`, at most 32 ports);
/// [`KAryNTree::wiring`] also accepts `k = 32` for the link rule and numbering alone (the
/// topology). The register functions ([`registers`], [`unit`], [`units`]) need a routable tree
/// and panic on a 32-ary one; [`KAryNTree::routable`] checks first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KAryNTree {
    k: u32,
    n: u32,
    r: u32,
}

impl KAryNTree {
    /// Check the shape of a tree the IR/FIR unit can route: `k` a power of two in 2..=16.
    pub fn new(k: u32, n: u32) -> Result<Self> {
        let t = Self::wiring(k, n)?;
        t.routable()?;
        Ok(t)
    }

    /// Check the shape of a tree to wire (topology only): `k` a power of two in 2..=32.
    pub fn wiring(k: u32, n: u32) -> Result<Self> {
        if !(2..=MAX_WIRED_K).contains(&k) || !k.is_power_of_two() {
            return Err(Error::field(
                "k",
                format!(
                    "{k} is not allowed: a power of two in 2..={MAX_WIRED_K} (2, 4, 8, 16, 32); the IR/FIR routing unit routes k <= {MAX_ROUTED_K}"
                ),
            ));
        }
        let r = k.trailing_zeros();
        if n == 0 || n * r > 32 {
            return Err(Error::field(
                "n",
                format!(
                    "{n} is out of range for k = {k}: allowed 1..={} (n·log2 k <= 32 address bits)",
                    32 / r
                ),
            ));
        }
        Ok(KAryNTree { k, n, r })
    }

    /// Can the IR/FIR unit route this tree? `2k` ports must fit its 32-bit RRR.
    pub fn routable(&self) -> Result<()> {
        if self.k > MAX_ROUTED_K {
            return Err(Error::field(
                "k",
                format!(
                    "{} is not allowed for IR/FIR routing: a power of two in 2..={MAX_ROUTED_K} (the routing unit holds at most {} ports, one RRR bit each; a {}-ary tree has {}-port switches)",
                    self.k,
                    2 * MAX_ROUTED_K,
                    self.k,
                    2 * self.k
                ),
            ));
        }
        Ok(())
    }

    pub fn k(&self) -> u32 {
        self.k
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    /// Bits per address component, `log2 k`.
    pub fn r(&self) -> u32 {
        self.r
    }

    /// Destination address width `n·r`.
    pub fn addr_bits(&self) -> u32 {
        self.n * self.r
    }

    /// Ports per switch, `2k`.
    pub fn ports(&self) -> usize {
        2 * self.k as usize
    }

    /// Processing nodes, `k^n`.
    pub fn nodes(&self) -> u64 {
        1u64 << self.addr_bits()
    }

    /// Switches per stage, `k^(n-1)`.
    pub fn switches_per_stage(&self) -> u64 {
        1u64 << ((self.n - 1) * self.r)
    }

    /// All switches, `n·k^(n-1)`.
    pub fn switches(&self) -> u64 {
        self.n as u64 * self.switches_per_stage()
    }

    /// Component `i` of an address or switch index.
    pub fn component(&self, x: u32, i: u32) -> u32 {
        ((x as u64 >> (i * self.r)) as u32) & (self.k - 1)
    }

    /// `x` with component `i` replaced by `v`.
    pub fn with_component(&self, x: u32, i: u32, v: u32) -> u32 {
        let sh = i * self.r;
        (x & !((self.k - 1) << sh)) | ((v & (self.k - 1)) << sh)
    }

    /// Flat switch id `s·k^(n-1) + o` (Figure 1 numbering).
    pub fn switch_id(&self, sw: TreeSwitch) -> u64 {
        sw.stage as u64 * self.switches_per_stage() + sw.index as u64
    }

    /// The switch of flat id `id`.
    pub fn switch_of(&self, id: u64) -> TreeSwitch {
        TreeSwitch {
            stage: (id / self.switches_per_stage()) as u32,
            index: (id % self.switches_per_stage()) as u32,
        }
    }

    /// The stage-0 switch node `node` hangs from, and the down port it uses (`p_0`).
    pub fn node_attach(&self, node: u32) -> (TreeSwitch, u32) {
        let sw = TreeSwitch {
            stage: 0,
            index: (node as u64 >> self.r) as u32,
        };
        (sw, node & (self.k - 1))
    }

    /// What port `port` of `sw` is connected to (§2's link rule).
    pub fn peer(&self, sw: TreeSwitch, port: u32) -> TreePeer {
        let k = self.k;
        assert!(port < 2 * k && sw.stage < self.n, "{sw:?} port {port}");
        if port < k {
            if sw.stage == 0 {
                return TreePeer::Node(((sw.index as u64) << self.r) as u32 | port);
            }
            let i = sw.stage - 1;
            let below = TreeSwitch {
                stage: i,
                index: self.with_component(sw.index, i, port),
            };
            TreePeer::Switch(below, k + self.component(sw.index, i))
        } else if sw.stage + 1 == self.n {
            TreePeer::Open
        } else {
            let s = sw.stage;
            let above = TreeSwitch {
                stage: s + 1,
                index: self.with_component(sw.index, s, port - k),
            };
            TreePeer::Switch(above, self.component(sw.index, s))
        }
    }

    /// The stage of the nearest common ancestors of `src` and `dst`: the most significant
    /// component where they differ (0 when they share a stage-0 switch or are equal).
    pub fn nca_stage(&self, src: u32, dst: u32) -> u32 {
        let diff = src ^ dst;
        if diff == 0 {
            0
        } else {
            (31 - diff.leading_zeros()) / self.r
        }
    }

    /// All `n·r` address bits set.
    pub fn addr_mask(&self) -> u32 {
        (((1u64) << self.addr_bits()) - 1) as u32
    }

    /// The interval `(FI, LI)` of down port `j` of `sw`: the destinations whose components above
    /// stage `s` equal the switch's (`p_i = o_{i-1}`) and whose `p_s = j` (§3.1).
    pub fn down_interval(&self, sw: TreeSwitch, j: u32) -> (u32, u32) {
        let s = sw.stage;
        let high = ((sw.index as u64 >> (s * self.r)) << ((s + 1) * self.r)) as u32;
        let fi = high | (j << (s * self.r));
        let li = fi | (((1u64 << (s * self.r)) - 1) as u32);
        (fi, li)
    }

    /// The adaptive up interval `(FI_asc, LI_asc)` of `sw` (§3.1): the complement of what the
    /// down ports reach, cyclic. Meaningless at the top stage (it would be everything).
    pub fn up_interval(&self, sw: TreeSwitch) -> (u32, u32) {
        let n = self.nodes();
        let li_last = self.down_interval(sw, self.k - 1).1 as u64;
        let fi_first = self.down_interval(sw, 0).0 as u64;
        (((li_last + 1) % n) as u32, ((fi_first + n - 1) % n) as u32)
    }
}
