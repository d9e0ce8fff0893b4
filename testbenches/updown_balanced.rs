//! `balanced` up*/down* at scale: the routes per host pair are those of the
//! former search, kept here as the reference (a bitset frontier over every state of the
//! network, three passes); per switch pair the routes are legal, deadlock-free and balanced;
//! the unit follows the size; a network whose routes do not fit in memory is refused by name.

use crate::common::flitwave_env;
use flitwave::routing::deadlock;
use flitwave::routing::stats::RouteStats;
use flitwave::routing::updown::{self, Select, Unit, UpDown, HOST_PAIRS_ALONE};
use flitwave::routing::{RouteSet, RouteSetBuilder};
use flitwave::topology::{fattree, irregular, mesh, Topology};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The former `balanced` routes (src/routing/updown.rs at a72177c), unchanged but for the
/// public names it reaches the route set and the link directions by.
mod former {
    use super::*;

    #[derive(Clone, Copy)]
    struct Nbr {
        port: u8,
        sw: u32,
        up: bool,
    }

    fn neighbour_lists(topo: &Topology, ud: &UpDown) -> Vec<Vec<Nbr>> {
        (0..topo.switches)
            .map(|a| {
                topo.neighbors(a)
                    .map(|(p, b, _)| Nbr {
                        port: p as u8,
                        sw: b as u32,
                        up: ud.is_up(a, p),
                    })
                    .collect()
            })
            .collect()
    }

    fn legal_distances(nb: &[Vec<Nbr>]) -> Vec<Vec<u32>> {
        let n = nb.len();
        let mut q = std::collections::VecDeque::new();
        (0..n)
            .map(|d| {
                let mut dist = vec![u32::MAX; 2 * n];
                dist[2 * d] = 0;
                dist[2 * d + 1] = 0;
                q.push_back(2 * d);
                q.push_back(2 * d + 1);
                while let Some(st) = q.pop_front() {
                    let (b, pb) = (st / 2, st % 2);
                    for back in &nb[b] {
                        let a = back.sw as usize;
                        let up = !back.up;
                        let preds: &[usize] = match (up, pb) {
                            (true, 0) => &[0],
                            (false, 1) => &[0, 1],
                            _ => &[],
                        };
                        for &pa in preds {
                            let s = 2 * a + pa;
                            if dist[s] == u32::MAX {
                                dist[s] = dist[st] + 1;
                                q.push_back(s);
                            }
                        }
                    }
                }
                dist
            })
            .collect()
    }

    fn port_to(nb: &[Vec<Nbr>], a: u32, b: u32) -> u8 {
        nb[a as usize].iter().find(|x| x.sw == b).unwrap().port
    }

    fn adjust(np: usize, switches: &[u32], ports: &[u8], load: &mut [u32], add: bool) {
        for (&sw, &p) in switches
            .iter()
            .zip(ports)
            .take(switches.len().saturating_sub(1))
        {
            let i = sw as usize * np + p as usize;
            if add {
                load[i] += 1;
            } else {
                load[i] -= 1;
            }
        }
    }

    /// The dynamic program over (layer, state), its frontier a bitset over every state.
    #[allow(clippy::too_many_arguments)]
    fn best(
        nb: &[Vec<Nbr>],
        dist: &[u32],
        load: &[u32],
        np: usize,
        s: usize,
        d: usize,
        limit: u32,
    ) -> Vec<u32> {
        let w = 2 * nb.len();
        let layers = limit as usize + 1;
        // (cost, prev) per (layer, state); None: not reached
        let mut cell: Vec<Option<(u64, u32)>> = vec![None; layers * w];
        let ww = w.div_ceil(64);
        let mut frontier = vec![0u64; (layers + 1) * ww];
        frontier[(2 * s) / 64] |= 1 << ((2 * s) % 64);
        cell[2 * s] = Some((0, u32::MAX));
        let mut best: Option<(u64, usize)> = None;
        for k in 0..layers {
            for wi in 0..ww {
                let mut word = std::mem::take(&mut frontier[k * ww + wi]);
                while word != 0 {
                    let st = wi * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let here = k * w + st;
                    let c = cell[here].unwrap().0;
                    let (a, ph) = (st / 2, st % 2);
                    if a == d {
                        if best.is_none_or(|b| c < b.0) {
                            best = Some((c, here));
                        }
                        continue;
                    }
                    for x in &nb[a] {
                        if x.up && ph == 1 {
                            continue;
                        }
                        let nst = 2 * x.sw as usize + usize::from(!x.up);
                        if dist[nst] == u32::MAX || k as u32 + 1 + dist[nst] > limit {
                            continue;
                        }
                        let nc = c + 2 * load[a * np + x.port as usize] as u64 + 1;
                        let idx = (k + 1) * w + nst;
                        match cell[idx] {
                            None => {
                                cell[idx] = Some((nc, here as u32));
                                frontier[(k + 1) * ww + nst / 64] |= 1 << (nst % 64);
                            }
                            Some((old, _)) if nc < old => cell[idx] = Some((nc, here as u32)),
                            _ => {}
                        }
                    }
                }
            }
        }
        let (_, mut at) = best.unwrap();
        let mut path = Vec::new();
        loop {
            path.push(((at % w) / 2) as u32);
            let p = cell[at].unwrap().1;
            if p == u32::MAX {
                break;
            }
            at = p as usize;
        }
        path.reverse();
        path
    }

    pub fn balanced(topo: &Topology, seed: u64, root: usize) -> RouteSet {
        let h = topo.num_hosts();
        let n = topo.switches;
        let mut b = RouteSetBuilder::new(h, "hosts").unwrap();
        let ud = UpDown::rooted(topo, root);
        let nb = neighbour_lists(topo, &ud);
        let dist = legal_distances(&nb);
        let sw_of: Vec<usize> = (0..h).map(|x| topo.host(x).sw).collect();
        let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
        let parts = |p: &[u32], d: usize| -> Vec<u8> {
            let mut ports: Vec<u8> = p.windows(2).map(|w| port_to(&nb, w[0], w[1])).collect();
            ports.push(topo.host(d).port as u8);
            ports
        };
        let np = topo.ports_per_switch;
        let mut load = vec![0u32; n * np];
        let mut pairs: Vec<u32> = (0..h as u32)
            .flat_map(|s| {
                (0..h as u32)
                    .filter(move |&d| d != s)
                    .map(move |d| s * h as u32 + d)
            })
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_BA1A);
        pairs.shuffle(&mut rng);
        for pass in 0..3 {
            for &x in &pairs {
                let (s, d) = (x as usize / h, x as usize % h);
                let (ss, ds) = (sw_of[s], sw_of[d]);
                if ss == ds {
                    continue;
                }
                if pass > 0 {
                    let id = b.id(s, d).unwrap();
                    let (sw, links) = b.path(id);
                    adjust(np, sw, links, &mut load, false);
                }
                let limit = dist[ds][2 * ss] + 1;
                let p = best(&nb, &dist[ds], &load, np, ss, ds, limit);
                let pp = parts(&p, d);
                adjust(np, &p, &pp, &mut load, true);
                b.add_parts(s, d, &p, &pp, &[], &[]).unwrap();
            }
        }
        for s in 0..h {
            for &d in hosts_on[sw_of[s]].iter().filter(|&&d| d != s) {
                b.add_parts(
                    s,
                    d,
                    &[sw_of[s] as u32],
                    &[topo.host(d).port as u8],
                    &[],
                    &[],
                )
                .unwrap();
            }
        }
        b.finish()
    }
}

#[test]
fn routes_per_host_pair_are_those_of_the_former_search() {
    let mut nets: Vec<(String, Topology, usize)> = Vec::new();
    for (n, seeds) in [(8, 4), (16, 4), (32, 2), (64, 2)] {
        for seed in 0..seeds {
            nets.push((
                format!("irregular {n} seed {seed}"),
                irregular::generate(n, 4, 8, seed).unwrap(),
                0,
            ));
        }
    }
    nets.push((
        "1 host of 6 ports".into(),
        irregular::generate(24, 1, 6, 3).unwrap(),
        0,
    ));
    nets.push((
        "3 hosts of 8 ports".into(),
        irregular::generate(20, 3, 8, 5).unwrap(),
        0,
    ));
    nets.push((
        "root 7".into(),
        irregular::generate(32, 4, 8, 9).unwrap(),
        7,
    ));
    nets.push(("mesh 4x4".into(), mesh::mesh([4, 4], 2).unwrap(), 0));
    nets.push(("4-ary 3-tree".into(), fattree::fattree(4, 3).unwrap(), 0));
    for (name, t, root) in &nets {
        assert_eq!(updown::Unit::for_topology(t), Unit::HostPair, "{name}");
        for seed in [1, 11] {
            let now = updown::routes(t, Select::Balanced, seed, *root).unwrap();
            let was = former::balanced(t, seed, *root);
            assert!(
                now.to_routes() == was.to_routes(),
                "{name}, seed {seed}: the routes changed"
            );
        }
    }
}

/// Σ w² and the largest w over the directed switch links, w = host pairs routed over a link.
fn link_loads(t: &Topology, rs: &RouteSet) -> (u64, u64) {
    let mut w = vec![0u64; t.switches * t.ports_per_switch];
    for s in 0..rs.hosts() {
        for d in 0..rs.hosts() {
            let r = rs.get(s, d);
            for i in 0..r.hops() {
                w[r.switches[i] as usize * t.ports_per_switch + r.port(i) as usize] += 1;
            }
        }
    }
    (
        w.iter().map(|x| x * x).sum(),
        w.iter().copied().max().unwrap(),
    )
}

#[test]
fn routes_per_switch_pair_are_legal_deadlock_free_and_balanced() {
    let (mut bal, mut sho) = (0, 0);
    for seed in 0..8 {
        let n = [32, 64][seed as usize % 2];
        let t = irregular::generate(n, 4, 8, seed).unwrap();
        let ud = UpDown::new(&t);
        let rs = updown::routes_by(&t, Select::Balanced, seed, 0, Unit::SwitchPair).unwrap();
        let short = updown::routes(&t, Select::Shortest, seed, 0).unwrap();
        for s in 0..t.num_hosts() {
            for d in 0..t.num_hosts() {
                let (r, q) = (rs.get(s, d), short.get(s, d));
                if s == d {
                    assert!(r.is_empty());
                    continue;
                }
                assert!(
                    ud.is_legal_path(&t, r.switches),
                    "{n} sw seed {seed}: {s} -> {d}"
                );
                assert_eq!(r.switches[0] as usize, t.host(s).sw);
                assert_eq!(r.port(r.hops()) as usize, t.host(d).port);
                // a candidate is at most one hop longer than the shortest legal path
                assert!(r.hops() <= q.hops() + 1, "{n} sw seed {seed}: {s} -> {d}");
                // the host pairs of a switch pair share one path
                let s2 = t.hosts_of(t.host(s).sw).find(|&x| x != d).unwrap();
                assert_eq!(rs.get(s2, d).switches, r.switches);
            }
        }
        assert!(deadlock::check(&t, &rs).acyclic, "{n} sw seed {seed}");
        // what balancing is for: Σ w², the quantity each search minimises, is clearly below
        // that of the shortest paths on every network, and the busiest link no busier overall
        let (b, s) = (link_loads(&t, &rs), link_loads(&t, &short));
        assert!(
            (b.0 as f64) < 0.97 * s.0 as f64,
            "{n} sw seed {seed}: Σ w² {} vs shortest {}",
            b.0,
            s.0
        );
        bal += b.1;
        sho += s.1;
        // same seed, same routes
        let again = updown::routes_by(&t, Select::Balanced, seed, 0, Unit::SwitchPair).unwrap();
        assert!(again.to_routes() == rs.to_routes());
    }
    assert!(bal < sho, "busiest links: balanced {bal} vs shortest {sho}");
}

#[test]
fn switch_pairs_balance_as_well_as_host_pairs() {
    for seed in 0..4 {
        let t = irregular::generate(64, 4, 8, seed).unwrap();
        let host = RouteStats::compute(
            &t,
            &updown::routes_by(&t, Select::Balanced, seed, 0, Unit::HostPair).unwrap(),
        );
        let sw = RouteStats::compute(
            &t,
            &updown::routes_by(&t, Select::Balanced, seed, 0, Unit::SwitchPair).unwrap(),
        );
        let short =
            RouteStats::compute(&t, &updown::routes(&t, Select::Shortest, seed, 0).unwrap());
        let (h, s, m) = (
            host.max_channel_load_uniform as f64,
            sw.max_channel_load_uniform as f64,
            short.max_channel_load_uniform as f64,
        );
        assert!(
            s <= 1.03 * h && s < m,
            "seed {seed}: switch pairs {s}, host pairs {h}, shortest {m}"
        );
        assert!((sw.avg_hops_uniform - host.avg_hops_uniform).abs() < 0.05);
    }
}

#[test]
fn the_unit_follows_the_size() {
    // 512 hosts: 261,632 ordered pairs, routed one by one; 516 hosts: switch pairs
    let t = irregular::generate(128, 4, 8, 1).unwrap();
    assert!((t.num_hosts() * (t.num_hosts() - 1)) as u64 <= HOST_PAIRS_ALONE);
    assert_eq!(Unit::for_topology(&t), Unit::HostPair);
    let t = irregular::generate(129, 4, 8, 1).unwrap();
    assert_eq!(Unit::for_topology(&t), Unit::SwitchPair);
    let rs = updown::routes(&t, Select::Balanced, 3, 0).unwrap();
    let by = updown::routes_by(&t, Select::Balanced, 3, 0, Unit::SwitchPair).unwrap();
    assert!(rs.to_routes() == by.to_routes());
    // one path per ordered switch pair and per switch
    assert_eq!(rs.paths(), 129 * 128 + 129);
}

#[test]
fn balanced_routes_beyond_memory_are_refused_by_name() {
    // refused by the memory they need (under a limit), no longer by a count of host pairs
    // (at most 8192 hosts before the unit of host pairs: 2100 switches of 4 hosts were refused)
    for args in [
        &["run", "--cycles", "1", "--set", "topology.switches=1600"][..],
        &["routes", "--switches", "2100"][..],
    ] {
        let (ok, _, err) = flitwave_env(&[("FLITWAVE_MEMORY_LIMIT", "120M")], args);
        assert!(!ok && err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        for needle in [
            "topology.switches",
            "routing.paths = \"balanced\"",
            "a path per switch pair",
            "\"shortest\" needs less",
            "estimated",
            "FLITWAVE_MEMORY_LIMIT",
        ] {
            assert!(err.contains(needle), "{args:?}: {needle:?} in {err}");
        }
        assert!(!err.contains("8192"), "{err}");
    }
}
