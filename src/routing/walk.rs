//! Route statistics of routings decided in the switches that keep no route set (dragonfly
//! minimal, UGAL and Valiant routing; dimension order with random ties or on meshes too large
//! for a route set): every router pair's path followed through the routing functions, from the
//! source's host port and VC 0 to the destination's router, as the switches would route a
//! packet.
//!
//! A routing that draws per packet is walked over every draw, each weighted by its
//! probability, so the figures are exact expectations, not samples: a random intermediate
//! router (`dfly-ugal`, `dfly-ugal-g`, `dfly-valiant`) is every router in turn with weight 1/routers (the draw
//! is uniform over the hosts, p per router); a random tie of dimension order is both ways with
//! weight 1/2 (the unit offering both, `DorRouting::every_draw`, followed to its first or last
//! candidate: taking the same way in both dimensions loads each dimension's links as
//! independent draws do). Where the routing offers several candidates for the selection to
//! choose from (UGAL at the source: minimal at priority 1, then non-minimal), [`Follow`] says
//! which one the walk takes.
//!
//! Loads are in flits/cycle on a channel per flit/cycle/host offered, as
//! [`super::bound`] counts them: each direction of a switch-to-switch link, each host's
//! injection and ejection link.

use super::bound::Bound;
use super::function::dfly_ugal::Intermediate;
use super::function::{Candidates, Query, Routing, RoutingFunction};
use super::registry::Plan;
pub use super::walked::{of_loads, ClassLoad, LinkClass, Walked};
use crate::error::{Error, Result};
use crate::sim::packet::Header;
use crate::topology::{Peer, Topology};
use crate::traffic::pattern::DestTable;

/// Which candidate a walk takes where the routing offers several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    /// The first (UGAL: the minimal path, its choice on an idle network).
    First,
    /// The last (UGAL: the path through the intermediate router).
    Last,
}

/// Most walks (router pairs x draws) one statistic takes: 2^28, BookSim2's 264-router
/// dragonfly over every intermediate takes 2^24.
pub const MAX_WALKS: u64 = 1 << 28;

/// The draws of a plan's routing functions: each a routing function per switch, its weight and
/// the candidate taken.
pub struct Draws {
    pub draws: Vec<(Vec<Routing>, f64, Follow)>,
    /// What was drawn, for the report: "none", "the intermediate router, uniform over the
    /// routers", "the direction of a tie, + or - evenly".
    pub drawn: &'static str,
}

impl Draws {
    /// The draws of `plan`'s functions, taking `follow` where a routing offers several
    /// candidates; None when the plan has no routing functions.
    pub fn of(plan: &Plan, follow: Follow) -> Option<Draws> {
        let f = plan.functions.as_ref()?;
        if plan.splits_ties() {
            let every: Vec<Routing> = f
                .iter()
                .map(|r| match r {
                    Routing::Dor(d) => Routing::Dor(d.every_draw()),
                    other => other.clone(),
                })
                .collect();
            return Some(Draws {
                draws: vec![
                    (every.clone(), 0.5, Follow::First),
                    (every, 0.5, Follow::Last),
                ],
                drawn: "the direction of a tie, + or - evenly",
            });
        }
        let random = f.iter().any(
            |r| matches!(r, Routing::DflyUgal(u) if matches!(u.intm, Intermediate::Random(_))),
        );
        // UGAL's first candidate is its minimal path, which never looks at the intermediate:
        // one draw gives it
        let minimal = follow == Follow::First
            && f.iter()
                .all(|r| matches!(r, Routing::DflyUgal(u) if !u.valiant));
        if !random || minimal {
            return Some(Draws {
                draws: vec![(f.clone(), 1.0, follow)],
                drawn: "none",
            });
        }
        let n = f.len();
        let draws = (0..n)
            .map(|i| {
                let fixed = f
                    .iter()
                    .map(|r| match r {
                        Routing::DflyUgal(u) => {
                            let mut u = u.clone();
                            u.intm = Intermediate::Fixed(i as u32);
                            // UGAL-G walks as UGAL: both of its paths, not its queues' choice
                            u.global = None;
                            Routing::DflyUgal(u)
                        }
                        other => other.clone(),
                    })
                    .collect();
                (fixed, 1.0 / n as f64, follow)
            })
            .collect();
        Some(Draws {
            draws,
            drawn: "the intermediate router, uniform over the routers",
        })
    }
}

/// Walk every router pair under `dests` through every draw: hops, channel loads and the bound
/// (None when no host sends). An error when a walk finds no candidate or loops, or the walks
/// would exceed [`MAX_WALKS`].
pub fn walk(
    topo: &Topology,
    draws: &Draws,
    dests: &DestTable,
    kind: &'static str,
) -> Result<Option<Walked>> {
    let (n, np, nh) = (topo.switches, topo.ports_per_switch, topo.num_hosts());
    let walks = (draws.draws.len() as u64).saturating_mul((n * n) as u64);
    if walks > MAX_WALKS {
        return Err(Error::new(format!(
            "walking {} router pairs through {} draws takes {walks} walks, more than the {MAX_WALKS} kept for route statistics; use a smaller network",
            n * n,
            draws.draws.len()
        )));
    }
    // host links apart from the walks' switch-to-switch hops (one sum each, then added)
    let mut loads = vec![0.0f64; n * np + nh];
    let mut host_loads = vec![0.0f64; n * np + nh];
    let mut hist = vec![0.0f64; 2];
    let mut zero_hops = 0.0f64;
    let (mut sent, mut sources) = (0.0f64, 0usize);
    // the host links, and the switch-to-switch traffic of each source router's row
    let first_host: Vec<Option<usize>> = (0..n).map(|sw| topo.hosts_of(sw).next()).collect();
    let mut row = vec![0.0f64; n];
    let mut c = Candidates::new();
    let mut path = |f: &[Routing], follow: Follow, sr: usize, dr: usize, ww: f64| -> Result<()> {
        let (src, dst) = (first_host[sr], first_host[dr]);
        let (Some(src), Some(dst)) = (src, dst) else {
            return Ok(());
        };
        let hdr = Header {
            src: src as u32,
            dst: dst as u32,
            ..Header::default()
        };
        let (mut sw, mut in_port, mut in_vc) = (sr, topo.host(src).port, 0u8);
        let mut hops = 0usize;
        loop {
            let q = Query {
                sw: sw as u32,
                in_port: in_port as u8,
                in_vc,
                hdr: &hdr,
                route_byte: 0,
            };
            f[sw].route(&q, &mut c);
            let pick = match follow {
                Follow::First => c.as_slice().first(),
                Follow::Last => c.as_slice().last(),
            };
            let Some(x) = pick.copied() else {
                return Err(Error::new(format!(
                    "{kind}: no candidate at sw{sw} for a packet from sw{sr} to sw{dr}"
                )));
            };
            match topo.peer(sw, x.port as usize) {
                Peer::Switch { sw: s2, port: p2 } => {
                    loads[sw * np + x.port as usize] += ww;
                    (sw, in_port, in_vc) = (s2, p2, x.vcs.trailing_zeros().min(63) as u8);
                    hops += 1;
                    if hops > 2 * n {
                        return Err(Error::new(format!(
                            "{kind}: the path from sw{sr} to sw{dr} loops"
                        )));
                    }
                }
                _ => break,
            }
        }
        if hist.len() <= hops {
            hist.resize(hops + 1, 0.0);
        }
        hist[hops] += ww;
        Ok(())
    };
    // one draw: each source router's row walked as it is counted (memory of one row); several:
    // the router-pair traffic first, then each draw over every pair, so that one draw's
    // functions stay in cache (at most MAX_WALKS / draws pairs)
    let many = draws.draws.len() > 1;
    let mut pairs = if many { vec![0.0f64; n * n] } else { vec![] };
    for sr in 0..n {
        row.fill(0.0);
        for s in topo.hosts_of(sr) {
            let mut any = false;
            dests.weights(s, |d, w| {
                if d == s {
                    // into its own switch and straight back out: both host links, no other
                    let at = topo.host(d);
                    host_loads[n * np + s] += w;
                    host_loads[at.sw * np + at.port] += w;
                    return;
                }
                if w == 0.0 {
                    return;
                }
                any = true;
                host_loads[n * np + s] += w;
                let at = topo.host(d);
                host_loads[at.sw * np + at.port] += w;
                row[at.sw] += w;
                sent += w;
            });
            sources += any as usize;
        }
        zero_hops += row[sr];
        if many {
            pairs[sr * n..(sr + 1) * n].copy_from_slice(&row);
            continue;
        }
        let (f, pw, follow) = &draws.draws[0];
        for (dr, &w) in row.iter().enumerate() {
            if dr != sr && w != 0.0 {
                path(f, *follow, sr, dr, w * pw)?;
            }
        }
    }
    if many {
        for (f, pw, follow) in &draws.draws {
            for sr in 0..n {
                for dr in 0..n {
                    let w = pairs[sr * n + dr];
                    if dr != sr && w != 0.0 {
                        path(f, *follow, sr, dr, w * pw)?;
                    }
                }
            }
        }
    }
    hist[0] += zero_hops;
    for (l, h) in loads.iter_mut().zip(&host_loads) {
        *l += h;
    }
    if sources == 0 || sent == 0.0 {
        return Ok(None);
    }
    let mut w = of_loads(topo, loads, kind).expect("a host sends");
    let total: f64 = hist.iter().sum();
    w.mean_hops = hist
        .iter()
        .enumerate()
        .map(|(h, x)| h as f64 * x)
        .sum::<f64>()
        / total;
    w.max_hops = hist.iter().rposition(|&x| x > 0.0).unwrap_or(0);
    hist.truncate(w.max_hops + 1);
    w.histogram = hist.iter().map(|x| x / total).collect();
    Ok(Some(w))
}

/// The best fixed split between two walks of the same traffic (UGAL's minimal and
/// non-minimal candidates): the share `f` of every host pair's traffic on the first that keeps
/// the busiest channel lowest, and that channel's statistics. What a choice between the two
/// reaches at least when it chooses well; a choice per packet may do better.
pub fn best_split(topo: &Topology, a: &Walked, b: &Walked) -> (f64, Bound) {
    let top = |f: f64| {
        a.loads
            .iter()
            .zip(&b.loads)
            .map(|(x, y)| f * x + (1.0 - f) * y)
            .fold(0.0, f64::max)
    };
    // the busiest channel's load is convex in f (a maximum of linear functions)
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..100 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if top(m1) <= top(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    // the ends exactly, when the best is there
    let mut f = (lo + hi) / 2.0;
    for end in [0.0, 1.0] {
        if top(end) <= top(f) * (1.0 + 1e-12) {
            f = end;
        }
    }
    let mixed: Vec<f64> = a
        .loads
        .iter()
        .zip(&b.loads)
        .map(|(x, y)| f * x + (1.0 - f) * y)
        .collect();
    let w = of_loads(topo, mixed, "best split of the two candidates").expect("a host sends");
    (f, w.bound)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::registry::{routing, PlanArgs};
    use crate::topology::dragonfly::{dragonfly, Dragonfly};
    use crate::traffic::pattern::Pattern;

    fn walked(topo: &Topology, name: &str, follow: Follow, p: Pattern) -> Walked {
        let plan = routing(name)
            .unwrap()
            .plan(topo, &PlanArgs::default())
            .unwrap();
        let d = DestTable::new(&p, topo).unwrap();
        walk(topo, &Draws::of(&plan, follow).unwrap(), &d, "test")
            .unwrap()
            .unwrap()
    }

    fn class(w: &Walked, c: LinkClass) -> &ClassLoad {
        w.classes.iter().find(|x| x.class == c).unwrap()
    }

    /// Minimal routing on a = 4, h = 2, p = 2 (9 groups, 36 routers, 72 hosts), counted by
    /// hand. Uniform: of a host's 71 destinations 1 shares its router (0 hops), 6 its group
    /// (1 hop); of the 64 in other groups, the source router holds the global link to 2 of the
    /// 8 groups and 2 of a group's 8 hosts sit on the router the link lands on, so 4 take 1
    /// hop, 6·6 = 36 take 3, the other 24 take 2: 166/71 hops. A global link carries its
    /// group's 8 hosts to the other group's 8: 64/71; a local link r -> q its own 2 hosts to
    /// q's 2, to the 2 groups q holds links to (2·8·2) and from the 2 groups landing at r to
    /// q's hosts (2·8·2): 68/71; both below the host links (1): bound 1. Next-group: the one
    /// global link between two groups carries their a·p = 8 hosts: bound 1/8.
    #[test]
    fn minimal_dragonfly_matches_a_hand_count() {
        let topo = dragonfly(Dragonfly { a: 4, p: 2, h: 2 }).unwrap();
        let u = walked(&topo, "dfly-min", Follow::First, Pattern::uniform());
        assert!(
            (u.mean_hops - 166.0 / 71.0).abs() < 1e-12,
            "{}",
            u.mean_hops
        );
        assert_eq!(u.max_hops, 3);
        for (h, n) in [1.0, 10.0, 24.0, 36.0].iter().enumerate() {
            assert!(
                (u.histogram[h] - n / 71.0).abs() < 1e-12,
                "{:?}",
                u.histogram
            );
        }
        let (l, g) = (class(&u, LinkClass::Local), class(&u, LinkClass::Global));
        assert!((l.max - 68.0 / 71.0).abs() < 1e-12 && (l.mean - l.max).abs() < 1e-12);
        assert!((g.max - 64.0 / 71.0).abs() < 1e-12 && (g.mean - g.max).abs() < 1e-12);
        assert_eq!((l.channels, g.channels), (36 * 3, 36 * 2));
        assert!((class(&u, LinkClass::Injection).max - 1.0).abs() < 1e-12);
        assert!((u.bound.rate - 1.0).abs() < 1e-12);
        let n = walked(&topo, "dfly-min", Follow::First, Pattern::next_group());
        assert!((n.bound.load - 8.0).abs() < 1e-12, "{:?}", n.bound);
        assert!((n.bound.rate - 1.0 / 8.0).abs() < 1e-12);
        assert!((class(&n, LinkClass::Global).max - 8.0).abs() < 1e-12);
        // UGAL's minimal candidate is dfly-min's path
        let m = walked(&topo, "dfly-ugal", Follow::First, Pattern::next_group());
        assert_eq!(
            (m.loads.clone(), m.histogram.clone()),
            (n.loads, n.histogram)
        );
    }

    /// Valiant's expectation over every intermediate router, against the same expectation
    /// composed from minimal paths (source -> intermediate -> destination, minimal when the
    /// intermediate or the destination is in the source group, ending where the path meets the
    /// destination's router), written apart from the walk.
    #[test]
    fn valiant_is_the_mean_over_every_intermediate_of_two_minimal_paths() {
        use crate::routing::function::dfly::DflyRouting;
        let d = Dragonfly { a: 4, p: 2, h: 2 };
        let topo = dragonfly(d).unwrap();
        let w = walked(&topo, "dfly-valiant", Follow::Last, Pattern::uniform());
        let m = DflyRouting { d, sw: 0 };
        let (n, np) = (d.routers(), topo.ports_per_switch);
        let mut load = vec![0.0f64; n * np];
        let mut hops = 0.0;
        // toward `via`, then `t`; a packet leaves where it meets its destination's router
        let path = |from: usize, via: usize, t: usize, load: &mut Vec<f64>, x: f64| {
            let (mut r, mut k, mut to) = (from, 0, via);
            while r != t {
                if r == to {
                    to = t;
                    continue;
                }
                let p = m.toward(r, to);
                load[r * np + p] += x;
                let Peer::Switch { sw, .. } = topo.peer(r, p) else {
                    unreachable!()
                };
                (r, k) = (sw, k + 1);
            }
            k as f64
        };
        let per = 1.0 / (n * d.p - 1) as f64; // one source host to one destination host
        for s in 0..n {
            for t in 0..n {
                let pairs = if s == t { d.p * (d.p - 1) } else { d.p * d.p } as f64;
                for i in 0..n {
                    let x = pairs * per / n as f64;
                    let local = d.group(i) == d.group(s) || d.group(t) == d.group(s);
                    hops += if local {
                        path(s, t, t, &mut load, x)
                    } else {
                        path(s, i, t, &mut load, x)
                    } * x;
                }
            }
        }
        let hosts = (n * d.p) as f64;
        assert!(
            (w.mean_hops - hops / hosts).abs() < 1e-9,
            "{} vs {}",
            w.mean_hops,
            hops / hosts
        );
        for (i, &l) in load.iter().enumerate() {
            if let Peer::Switch { .. } = topo.peer(i / np, i % np) {
                assert!(
                    (w.loads[i] - l).abs() < 1e-9,
                    "channel {i}: {} vs {l}",
                    w.loads[i]
                );
            }
        }
        assert!(w.max_hops == 6 && w.bound.rate < 1.0, "{:?}", w.bound);
    }

    /// Dimension order walked through its functions gives the route set's figures: a mesh's
    /// mean hops and channel loads, and a torus with random ties the loads of both ways split
    /// evenly (`bound::of_dor`).
    #[test]
    fn dimension_order_walked_agrees_with_its_routes() {
        use crate::topology::mesh::{mesh, torus};
        let topo = mesh([4, 3], 2).unwrap();
        let w = walked(&topo, "dor", Follow::First, Pattern::uniform());
        let st = crate::routing::stats::RouteStats::compute(
            &topo,
            &crate::routing::dor::routes(&topo).unwrap(),
        );
        assert!((w.mean_hops - st.avg_hops_uniform).abs() < 1e-12);
        let t = torus([4, 4], 1).unwrap();
        let plan = routing("dor")
            .unwrap()
            .plan(
                &t,
                &PlanArgs {
                    tie: Some("random"),
                    ..PlanArgs::default()
                },
            )
            .unwrap();
        let d = DestTable::new(&Pattern::uniform(), &t).unwrap();
        let w = walk(&t, &Draws::of(&plan, Follow::First).unwrap(), &d, "test")
            .unwrap()
            .unwrap();
        let b = crate::routing::bound::of_dor(&t, &d, true).unwrap();
        assert!(
            (w.bound.load - b.load).abs() < 1e-12,
            "{:?} vs {b:?}",
            w.bound
        );
        assert!((w.bound.rate - b.rate).abs() < 1e-12);
    }
}
