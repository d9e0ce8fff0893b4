//! IR/FIR routing unit testbench (seed 001 §3.1, §4.1).
//!
//! - lockstep: the model (`blocks::ir_fir`) against its RTL twin (`hdl::ir_fir`) on the directed
//!   vectors plus 100,000 seeded random cycles, three seeds;
//! - the paper's examples on the model: Figure 1 (adaptive IR, 2-ary 4-tree, node 1 → 4),
//!   Figure 3 (deterministic FIR registers and link balance, 2-ary 3-tree);
//! - every source → destination route of several k-ary n-trees walked through the register
//!   contents of `routing::ir_fir`: minimal, delivered, one port per hop with FIR, all `k` up
//!   ports while ascending with IR.
//!
//! The EDA flow of `rtl/ir_fir.v` (freshness, lint, synthesis, place and route, Icarus replay)
//! is `rtl::flow::ir_fir`, as for every twin.

use flitwave::hdl::ir_fir::IrFirRtl;
use flitwave::hdl::lockstep::{self, Options, Twin};
use flitwave::routing::ir_fir::{deterministic_fir, units, walk, Hop, Scheme};
use flitwave::topology::kary_ntree::{KAryNTree, TreePeer};
use std::collections::{BTreeMap, BTreeSet};

const SHAPES: [(u32, u32); 6] = [(2, 3), (2, 4), (4, 3), (4, 4), (8, 2), (8, 3)];

#[test]
fn lockstep_three_seeds() {
    let directed = IrFirRtl::directed().len() as u64;
    for seed in [1, 2, 3] {
        let o = Options {
            seed,
            random_cycles: 100_000,
            record: false,
            mismatch_dir: Some("waves".into()),
            reset_at: None,
        };
        let (cycles, _) = lockstep::check::<IrFirRtl>(&o).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cycles, lockstep::RESET_CYCLES + directed + 100_000);
    }
}

/// Port picked among `allowed` by a small deterministic generator.
fn pick(state: &mut u64, allowed: u32) -> u32 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let n = allowed.count_ones();
    let mut i = ((*state >> 33) % n as u64) as u32;
    let mut a = allowed;
    loop {
        let p = a.trailing_zeros();
        if i == 0 {
            return p;
        }
        a &= a - 1;
        i -= 1;
    }
}

/// Minimal shape of a route: stages 0, 1, …, h, h−1, …, 0 with h the nearest-common-ancestor
/// stage; ports up while below h, down from h on.
fn assert_minimal(t: &KAryNTree, src: u32, dst: u32, hops: &[Hop]) {
    let h = t.nca_stage(src, dst) as usize;
    assert_eq!(hops.len(), 2 * h + 1, "{src} -> {dst}: {hops:?}");
    for (i, hop) in hops.iter().enumerate() {
        let stage = if i <= h { i } else { 2 * h - i };
        assert_eq!(hop.switch.stage as usize, stage, "{src} -> {dst}: {hops:?}");
        assert_eq!(hop.port >= t.k(), i < h, "{src} -> {dst}: {hops:?}");
    }
}

#[test]
fn deterministic_fir_routes() {
    for (k, n) in SHAPES {
        let t = KAryNTree::new(k, n).unwrap();
        let u = units(&t, Scheme::DeterministicFir);
        let up_links = (n as usize - 1) * t.nodes() as usize;
        // path counts per (stage, link) of the up links s -> s+1 and the down links s+1 -> s
        let (mut up, mut down) = (vec![0u64; up_links], vec![0u64; up_links]);
        let stride = t.nodes() as usize;
        for dst in 0..t.nodes() as u32 {
            let mut top = BTreeSet::new();
            for src in 0..t.nodes() as u32 {
                let hops = walk(&t, &u, src, dst, |_, a| {
                    assert_eq!(a.count_ones(), 1, "one port per hop");
                    a.trailing_zeros()
                })
                .unwrap_or_else(|e| panic!("{e}"));
                assert_minimal(&t, src, dst, &hops);
                // deterministic ascent: the up port at stage s is k + p'_s
                for hop in hops.iter().filter(|h| h.port >= k) {
                    assert_eq!(hop.port - k, t.component(dst, hop.switch.stage));
                }
                let h = t.nca_stage(src, dst) as usize;
                if src != dst && h == n as usize - 1 {
                    top.insert(hops[h].switch);
                }
                for hop in &hops {
                    let s = hop.switch.stage as usize;
                    let link = hop.switch.index as usize * k as usize;
                    if hop.port >= k {
                        up[s * stride + link + (hop.port - k) as usize] += 1;
                    } else if s > 0 {
                        down[(s - 1) * stride + link + hop.port as usize] += 1;
                    }
                }
            }
            // Figure 3: packets to one node reach the same top switch from every source
            assert!(top.len() <= 1, "{k}-ary {n}-tree, dst {dst}: {top:?}");
        }
        // Figure 3, bottom: every link of a stage carries the same number of paths, up and down
        for s in 0..n as usize - 1 {
            let ups = &up[s * stride..(s + 1) * stride];
            let downs = &down[s * stride..(s + 1) * stride];
            let c = ups[0];
            assert!(c > 0);
            assert!(
                ups.iter().chain(downs).all(|&x| x == c),
                "{k}-ary {n}-tree stage {s}"
            );
            // src below ⟨s, o⟩ (k^(s+1) of them), dst fixed below stage s, not below ⟨s+1, ·⟩
            let per = (k as u64).pow(s as u32 + 1) * ((k as u64).pow(n - s as u32 - 1) - 1);
            assert_eq!(c, per, "{k}-ary {n}-tree stage {s}");
        }
    }
}

#[test]
fn adaptive_ir_routes() {
    let mut rng = 0x1234_5678u64;
    for (k, n) in SHAPES {
        let t = KAryNTree::new(k, n).unwrap();
        let u = units(&t, Scheme::AdaptiveIr);
        let up_ports = ((1u32 << k) - 1) << k;
        for src in 0..t.nodes() as u32 {
            for dst in 0..t.nodes() as u32 {
                let h = t.nca_stage(src, dst);
                let mut i = 0;
                let hops = walk(&t, &u, src, dst, |sw, a| {
                    i += 1;
                    if i <= h {
                        assert_eq!(a, up_ports, "{src} -> {dst} at {sw:?}: every up port");
                    } else {
                        assert_eq!(a.count_ones(), 1, "{src} -> {dst} at {sw:?}: one down port");
                        assert!(a < 1 << k);
                    }
                    pick(&mut rng, a)
                })
                .unwrap_or_else(|e| panic!("{e}"));
                assert_minimal(&t, src, dst, &hops);
            }
        }
    }
}

/// Every adaptive path: k^h of them from src to dst, all minimal and delivered.
#[test]
fn adaptive_ir_path_diversity() {
    for (k, n) in [(2, 3), (2, 4), (4, 3)] {
        let t = KAryNTree::new(k, n).unwrap();
        let u = units(&t, Scheme::AdaptiveIr);
        for src in 0..t.nodes() as u32 {
            for dst in 0..t.nodes() as u32 {
                let mut count = 0u64;
                let mut stack = vec![(t.node_attach(src).0, 0u32)];
                while let Some((sw, depth)) = stack.pop() {
                    let a = u[t.switch_id(sw) as usize].route(dst);
                    assert!(depth < 2 * n - 1 && a != 0, "{src} -> {dst}");
                    for p in (0..2 * k).filter(|p| (a >> p) & 1 == 1) {
                        match t.peer(sw, p) {
                            TreePeer::Node(x) => {
                                assert_eq!(x, dst);
                                count += 1;
                            }
                            TreePeer::Switch(next, _) => stack.push((next, depth + 1)),
                            TreePeer::Open => panic!("{src} -> {dst}: open port {p} at {sw:?}"),
                        }
                    }
                }
                assert_eq!(
                    count,
                    (k as u64).pow(t.nca_stage(src, dst)),
                    "{src} -> {dst}"
                );
            }
        }
    }
}

/// Figure 1: 2-ary 4-tree, node 1 to node 4.
#[test]
fn figure_1_adaptive_example() {
    let t = KAryNTree::new(2, 4).unwrap();
    let u = units(&t, Scheme::AdaptiveIr);
    // switch 0 can use both ascending links, 2 and 3
    assert_eq!(u[0].route(4), 0b1100);
    // the paper's choices: link 3 at switch 0, link 2 at switch 9
    let choice = BTreeMap::from([(0u64, 3u32), (9, 2)]);
    let hops = walk(&t, &u, 1, 4, |sw, a| {
        choice
            .get(&t.switch_id(sw))
            .copied()
            .unwrap_or(a.trailing_zeros())
    })
    .unwrap();
    let path: Vec<(u64, u32, u32)> = hops
        .iter()
        .map(|h| (t.switch_id(h.switch), h.allowed, h.port))
        .collect();
    assert_eq!(
        path,
        [
            (0, 0b1100, 3),
            (9, 0b1100, 2),
            (17, 0b0010, 1), // only link 1 at switch 17
            (11, 0b0001, 0), // only link 0 at switch 11
            (2, 0b0001, 0),  // switch 2 delivers through link 0
        ]
    );
}

/// Figure 3 / §4.1: the FIR registers of the 2-ary 3-tree.
#[test]
fn figure_3_registers() {
    let t = KAryNTree::new(2, 3).unwrap();
    for id in 0..t.switches() {
        let sw = t.switch_of(id);
        let r = deterministic_fir(&t, sw);
        for d in &r[..2] {
            assert_eq!((d.mr, d.rrr), (0b111, 0), "down ports: MR all ones, RRR 0");
        }
        if sw.stage < 2 {
            let mr = [0b001, 0b010][sw.stage as usize];
            for (l, x) in r[2..].iter().enumerate() {
                assert_eq!((x.mr, x.rrr), (mr, 0b0011), "{sw:?} up port {}", l + 2);
                assert_eq!(
                    (x.fi, x.li),
                    ((l as u32) << sw.stage, (l as u32) << sw.stage)
                );
            }
        }
    }
    // switch 4 = ⟨1, 00⟩: reached by packets to 0, 2, 4, 6; 4 goes up the first link, 6 the
    // second; 0 and 2 go down
    let u = units(&t, Scheme::DeterministicFir);
    let mut seen = BTreeSet::new();
    for src in 0..8 {
        for dst in 0..8 {
            let hops = walk(&t, &u, src, dst, |_, a| a.trailing_zeros()).unwrap();
            if hops.iter().any(|h| t.switch_id(h.switch) == 4) {
                seen.insert(dst);
            }
        }
    }
    assert_eq!(seen, BTreeSet::from([0, 2, 4, 6]));
    assert_eq!((u[4].route(4), u[4].route(6)), (0b0100, 0b1000));
    assert_eq!((u[4].route(0), u[4].route(2)), (0b0001, 0b0010));
    // switch 0, destination 0: ports 0 and 2 hit, RRR keeps only port 0
    assert_eq!((u[0].hits(0), u[0].route(0)), (0b0101, 0b0001));
    // top stage: up ports are open and never hit
    for top in &u[8..12] {
        for dst in 0..8 {
            assert_eq!(top.hits(dst) >> 2, 0);
        }
    }
}
