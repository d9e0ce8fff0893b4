//! Minimal source routes with in-transit buffers (seed 000 §3, §4.5).
//!
//! Every host pair gets one *minimal* path. Where the path breaks the up*/down* rule (an up hop
//! after a down hop) it is split at that switch: the packet is ejected to a host attached there
//! (the in-transit host), whose NIC re-injects it into the same switch on the next sub-route.
//! Each sub-route is a piece of a minimal path, so minimal, and has no down→up turn, so it is a
//! legal up*/down* route: the channel dependencies of the sub-routes stay acyclic.
//!
//! Path choice: `random` picks uniformly at random among all minimal paths (§4.3: "when several
//! minimal paths exist ... only one is selected (randomly)"); `legal-first` takes a minimal path
//! that is a legal up*/down* route, uniformly among them, whenever one exists and a random
//! minimal path otherwise (§3: in-transit hosts only "when the up*/down* routing algorithm ...
//! does not provide a minimal path"); `min-itb` takes, among minimal paths, one with the fewest
//! in-transit hosts, lowest next-switch id on ties. The in-transit host at a switch is its
//! `(src + dst) mod h`-th host, which spreads re-injection work over the hosts of that switch.

use super::updown::UpDown;
use super::{ItbHop, Route, RouteSet, RouteSetBuilder};
use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Minimal-path choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItbSelect {
    Random,
    LegalFirst,
    MinItb,
}

impl ItbSelect {
    /// Parse "random" | "legal-first" | "min-itb".
    pub fn parse(s: &str) -> Result<ItbSelect> {
        match s.trim() {
            "random" => Ok(ItbSelect::Random),
            "legal-first" | "legal_first" => Ok(ItbSelect::LegalFirst),
            "min-itb" | "min_itb" => Ok(ItbSelect::MinItb),
            o => Err(Error::new(format!(
                "{o:?} is not an ITB path selection, allowed: random, legal-first, min-itb"
            ))),
        }
    }
}

/// Split a minimal switch path into sub-routes at every down→up turn.
pub fn split(topo: &Topology, ud: &UpDown, switches: Vec<u32>, src: usize, dst: usize) -> Route {
    let mut ports = Vec::with_capacity(switches.len());
    let mut itbs = Vec::new();
    let mut down = false;
    for i in 0..switches.len() - 1 {
        let (a, b) = (switches[i] as usize, switches[i + 1] as usize);
        let up = ud.is_up_hop(a, b);
        if up && down {
            let hosts: Vec<usize> = topo.hosts_of(a).collect();
            let host = hosts[(src + dst) % hosts.len()];
            itbs.push(ItbHop {
                at: i as u32,
                host: host as u32,
                port: topo.host(host).port as u8,
            });
            down = false;
        }
        down |= !up;
        let p = topo
            .neighbors(a)
            .find(|&(_, s2, _)| s2 == b)
            .map(|x| x.0)
            .expect("adjacent");
        ports.push(p as u8);
    }
    ports.push(topo.host(dst).port as u8);
    Route {
        switches,
        ports,
        vcs: vec![],
        itbs,
    }
}

/// One minimal route per ordered host pair, split with in-transit hosts where needed.
#[allow(clippy::needless_range_loop)]
pub fn routes(topo: &Topology, select: ItbSelect, seed: u64, root: usize) -> Result<RouteSet> {
    let n = topo.switches;
    for sw in 0..n {
        if topo.hosts_of(sw).next().is_none() {
            return Err(Error::new(format!(
                "ITB routing needs a host on every switch to serve as in-transit host; switch {sw} has none"
            )));
        }
    }
    let ud = UpDown::rooted(topo, root);
    let dist = topo.switch_distances();
    let h = topo.num_hosts();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x17B0_17B0);
    // per destination switch: number of minimal paths (random), of legal minimal paths by
    // phase (legal-first) and fewest ITBs by phase (min-itb); phase 0 = no down hop yet
    let mut per_dst: Vec<Vec<f64>> = Vec::with_capacity(n);
    let mut legal: Vec<Vec<[f64; 2]>> = Vec::with_capacity(n);
    let mut min_itb: Vec<Vec<[u32; 2]>> = Vec::with_capacity(n);
    for d in 0..n {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| dist[v][d]);
        let mut cnt = vec![0f64; n];
        let mut ok = vec![[0f64; 2]; n];
        let mut best = vec![[u32::MAX; 2]; n]; // [phase up, phase down]
        for &v in &order {
            if v == d {
                cnt[v] = 1.0;
                ok[v] = [1.0, 1.0];
                best[v] = [0, 0];
                continue;
            }
            for (_, w, _) in topo.neighbors(v) {
                if dist[w][d] + 1 == dist[v][d] {
                    cnt[v] += cnt[w];
                    let up = ud.is_up_hop(v, w);
                    if up {
                        ok[v][0] += ok[w][0];
                    } else {
                        ok[v][0] += ok[w][1];
                        ok[v][1] += ok[w][1];
                    }
                    for ph in 0..2 {
                        let c = if up {
                            best[w][0].saturating_add(ph as u32) // an up hop after down costs an ITB
                        } else {
                            best[w][1]
                        };
                        best[v][ph] = best[v][ph].min(c);
                    }
                }
            }
        }
        per_dst.push(cnt);
        legal.push(ok);
        min_itb.push(best);
    }
    let mut routes = RouteSetBuilder::new(h, "hosts of the topology")?;
    for s in 0..h {
        for d in 0..h {
            if s == d {
                continue;
            }
            let (ss, ds) = (topo.host(s).sw, topo.host(d).sw);
            let mut path = vec![ss as u32];
            let (mut v, mut ph) = (ss, 0usize);
            // legal-first: walk the legal minimal paths when the source has one
            let walk_legal = select == ItbSelect::LegalFirst && legal[ds][ss][0] > 0.0;
            while v != ds {
                let next: Vec<usize> = topo
                    .neighbors(v)
                    .map(|x| x.1)
                    .filter(|&w| dist[w][ds] + 1 == dist[v][ds])
                    .collect();
                let w = match select {
                    ItbSelect::Random | ItbSelect::LegalFirst => {
                        // each next hop weighted by the (legal) minimal paths through it
                        let weight = |w: usize| match (walk_legal, ud.is_up_hop(v, w)) {
                            (false, _) => per_dst[ds][w],
                            (true, true) if ph == 0 => legal[ds][w][0],
                            (true, true) => 0.0,
                            (true, false) => legal[ds][w][1],
                        };
                        let total: f64 = next.iter().map(|&w| weight(w)).sum();
                        let mut x = rng.random::<f64>() * total;
                        let mut pick = *next.last().expect("a minimal next hop");
                        for &w in &next {
                            if x < weight(w) {
                                pick = w;
                                break;
                            }
                            x -= weight(w);
                        }
                        pick
                    }
                    ItbSelect::MinItb => {
                        let cost = |w: usize| {
                            if ud.is_up_hop(v, w) {
                                min_itb[ds][w][0] + ph as u32
                            } else {
                                min_itb[ds][w][1]
                            }
                        };
                        let target = min_itb[ds][v][ph];
                        *next
                            .iter()
                            .filter(|&&w| cost(w) == target)
                            .min()
                            .expect("DP is consistent")
                    }
                };
                let up = ud.is_up_hop(v, w);
                ph = if up { 0 } else { 1 };
                path.push(w as u32);
                v = w;
            }
            routes.add(s, d, &split(topo, &ud, path, s, d))?;
        }
    }
    Ok(routes.finish())
}
