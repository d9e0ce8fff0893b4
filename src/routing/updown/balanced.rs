//! `balanced` up*/down* path selection (seed 000 §2), in the spirit of Myricom GM's
//! `simple_routes`: one legal path per ordered host pair, chosen so that weighted link use is
//! balanced.
//!
//! Units — host pairs one by one, or the host pairs of one switch pair together ([`Unit`]) — take
//! their path in a seeded random order. Candidates are the legal paths at most one hop longer
//! than the shortest legal one; a unit of g host pairs takes the candidate that least increases
//! Σ w² over directed switch links (w = host pairs already routed over a link), found by the
//! search of [`super::dp`]. Two rip-up-and-reroute passes follow: each unit in turn gives its
//! load back and searches again. A path may be non-minimal, as `simple_routes`' may.

use super::dp::{Arcs, Dp, Full, Near, NearView};
use super::{Dist, Nbrs};
use crate::error::Result;
use crate::routing::{RouteSet, RouteSetBuilder, ITB_MARK};
use crate::topology::Topology;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The most ordered host pairs `balanced` routes one by one ([`Unit::HostPair`]): 512 hosts
/// (128 switches of 4 hosts), under a second of searches; larger networks route switch pairs.
pub const HOST_PAIRS_ALONE: u64 = 1 << 18;

/// What `balanced` routes at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Every ordered host pair on its own, host pairs in a random order: a search per host pair
    /// and pass. The host pairs of one switch pair may take different paths.
    HostPair,
    /// The g host pairs of an ordered switch pair together, on one path whose hops weigh g, the
    /// switch pairs of one destination switch after another (destinations in a random order,
    /// the sources of each in a random order): a search per switch pair and pass.
    SwitchPair,
}

impl Unit {
    /// Host pairs one by one up to [`HOST_PAIRS_ALONE`] ordered host pairs (every network the
    /// goldens, reproductions and committed statistics use, at most 256 hosts: their routes are
    /// those flitwave always computed); switch pairs above, where a search per host pair would
    /// take hours (4,096 switches of 4 hosts are 268 million host pairs, 16.8 million
    /// switch pairs).
    pub fn for_topology(topo: &Topology) -> Unit {
        let h = topo.num_hosts() as u64;
        if h * h.saturating_sub(1) <= HOST_PAIRS_ALONE {
            Unit::HostPair
        } else {
            Unit::SwitchPair
        }
    }
}

/// The routes, refused before anything is allocated when they would not fit in memory.
pub(super) fn routes(
    topo: &Topology,
    nb: &Nbrs,
    dist: &Dist,
    seed: u64,
    unit: Unit,
) -> Result<RouteSet> {
    let (n, h) = (topo.switches, topo.num_hosts());
    let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
    crate::memory::check(
        "topology.switches",
        n,
        &format!(
            "routing.paths = \"balanced\" (up*/down* routes for {h} hosts, {}; \"shortest\" needs less)",
            match unit {
                Unit::HostPair => "a path per host pair",
                Unit::SwitchPair => "a path per switch pair",
            }
        ),
        estimate(topo, dist, &hosts_on, unit),
    )?;
    let mut b = RouteSetBuilder::new(h, "hosts of the topology")?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_BA1A);
    let mut work = Work {
        topo,
        dist,
        arcs: Arcs::new(nb, topo.ports_per_switch),
        dp: Dp::new(n),
        path: Vec::new(),
        links: Vec::new(),
        ports: Vec::new(),
    };
    match unit {
        Unit::HostPair => {
            work.host_pairs(&mut b, &mut rng)?;
            // hosts of one switch: a one-switch route
            for s in 0..h {
                let ss = topo.host(s).sw;
                for &d in hosts_on[ss].iter().filter(|&&d| d != s) {
                    b.add_parts(s, d, &[ss as u32], &[topo.host(d).port as u8], &[], &[])?;
                }
            }
        }
        Unit::SwitchPair => {
            b = b.unshared();
            work.switch_pairs(&mut b, &hosts_on, &mut rng)?;
            for (ss, on) in hosts_on.iter().enumerate().filter(|(_, on)| on.len() > 1) {
                let id = b.intern(&[ss as u32], &[], &[], &[])?;
                for &s in on {
                    for &d in on.iter().filter(|&&d| d != s) {
                        b.assign(s, d, id);
                    }
                }
            }
        }
    }
    Ok(b.finish())
}

/// Bytes `balanced` holds at its peak: the legal distances, the route set (its pair table and at
/// least one path per switch pair, of at most the search's limit of hops), the link loads and
/// the order of the units, and for switch pairs the links of every unit's path between passes.
fn estimate(topo: &Topology, dist: &Dist, hosts_on: &[Vec<usize>], unit: Unit) -> u64 {
    let (n, h) = (topo.switches as u64, topo.num_hosts() as u64);
    let with: Vec<usize> = (0..topo.switches)
        .filter(|&s| !hosts_on[s].is_empty())
        .collect();
    let m = with.len() as u64;
    // Σ over ordered switch pairs of the search's limit (legal distance + 1)
    let limits: u64 = with
        .iter()
        .map(|&ds| {
            let row = dist.row(ds);
            with.iter()
                .filter(|&&ss| ss != ds)
                .map(|&ss| u64::from(row[2 * ss].saturating_add(1)))
                .sum::<u64>()
        })
        .sum();
    // a path: 4 bytes per switch, 1 per port, 4 for its start (16 more for the lookup table
    // when host pairs share paths)
    let per_path = if unit == Unit::HostPair { 24 } else { 8 };
    let paths = 5 * (limits + m * m) + per_path * m * m;
    let set = 4 * h * h + h + paths;
    // the links with their loads, the hops towards one destination, the search
    let work = 26 * topo.links.len() as u64 + (56 + 4 * topo.ports_per_switch as u64) * n;
    set + work
        + 8 * n * n
        + match unit {
            Unit::HostPair => 4 * h * h,
            // the order, the limits and the links between passes, a bit per unit (the path
            // ids come once the links are gone)
            Unit::SwitchPair => 5 * m * m + limits + m * m / 8,
        }
}

/// What the passes share.
struct Work<'a> {
    topo: &'a Topology,
    dist: &'a Dist,
    /// Every directed switch link with the host pairs routed over it.
    arcs: Arcs,
    dp: Dp,
    path: Vec<u32>,
    links: Vec<u32>,
    ports: Vec<u8>,
}

impl Work<'_> {
    /// Take `g` host pairs off the links of the path from `ss` that leaves by `ports`.
    fn release(&mut self, ss: usize, ports: &[u8], g: u32) {
        let mut a = ss;
        for &p in ports {
            let e = self.arcs.by_port(a, p);
            let arc = &mut self.arcs.arc[e];
            arc.load -= g;
            a = arc.to as usize / 2;
        }
    }

    /// Search a path for the `g` host pairs of switch pair `(ss, ds)` into `self.path` and
    /// its links into `self.links`, and add `g` to them: over every link (`near` None) or over
    /// those `near` lists for `ds`. True when the path is the unit's only candidate, whatever
    /// the loads: the rip-up passes then leave it as it is.
    fn route(&mut self, ss: usize, ds: usize, near: Option<&Near>, g: u32) -> bool {
        let row = self.dist.row(ds);
        let limit = row[2 * ss] + 1;
        let (st, g64) = ((ss, ds), u64::from(g));
        let (path, links) = (&mut self.path, &mut self.links);
        let only = match near {
            None => {
                let view = Full {
                    arcs: &self.arcs,
                    row,
                };
                self.dp.best(&view, st, limit, g64, path, links)
            }
            Some(near) => {
                let view = NearView {
                    near,
                    arcs: &self.arcs.arc,
                };
                self.dp.best(&view, st, limit, g64, path, links)
            }
        };
        for &e in &self.links {
            self.arcs.arc[e as usize].load += g;
        }
        only
    }

    /// The ports of `self.links`, into `self.ports`.
    fn ports(&mut self) {
        self.ports.clear();
        self.ports
            .extend(self.links.iter().map(|&e| self.arcs.port[e as usize]));
    }

    /// Every ordered host pair on its own, in a seeded random order, three times.
    fn host_pairs(&mut self, b: &mut RouteSetBuilder, rng: &mut ChaCha8Rng) -> Result<()> {
        let h = self.topo.num_hosts();
        // ordered pairs s != d as s * h + d (at most HOST_PAIRS_ALONE of them)
        let mut pairs: Vec<u32> = (0..h as u32)
            .flat_map(|s| {
                (0..h as u32)
                    .filter(move |&d| d != s)
                    .map(move |d| s * h as u32 + d)
            })
            .collect();
        pairs.shuffle(rng);
        // pairs with a single candidate path: a new search would find it again
        let mut only = vec![false; pairs.len()];
        for pass in 0..3 {
            for (&x, only) in pairs.iter().zip(&mut only) {
                let (s, d) = (x as usize / h, x as usize % h);
                let (ss, ds) = (self.topo.host(s).sw, self.topo.host(d).sw);
                if ss == ds || *only {
                    continue;
                }
                if pass > 0 {
                    let id = b.id(s, d).expect("assigned in the first pass");
                    self.release(ss, b.path(id).1, 1);
                }
                *only = self.route(ss, ds, None, 1);
                self.ports();
                self.ports.push(self.topo.host(d).port as u8);
                b.add_parts(s, d, &self.path, &self.ports, &[], &[])?;
            }
        }
        Ok(())
    }

    /// The host pairs of every ordered switch pair together, destination switch after
    /// destination switch, three times. Between passes a unit's path is kept as the local
    /// index of each of its links at its switch (as many bytes as its search's limit,
    /// `ITB_MARK` after a shorter path); the last pass stores it in the route set, and the host
    /// pairs get their path ids at the end, row after row.
    fn switch_pairs(
        &mut self,
        b: &mut RouteSetBuilder,
        hosts_on: &[Vec<usize>],
        rng: &mut ChaCha8Rng,
    ) -> Result<()> {
        let (h, n, dist) = (self.topo.num_hosts(), self.topo.switches, self.dist);
        for d in 0..h {
            b.set_last(d, self.topo.host(d).port as u8)?;
        }
        // destination switches in a random order, the source switches of each in a random
        // order (grouped by destination: its hops stay in the cache)
        let mut dests: Vec<u32> = (0..n as u32)
            .filter(|&s| !hosts_on[s as usize].is_empty())
            .collect();
        let m = dests.len();
        let group = m.saturating_sub(1);
        dests.shuffle(rng);
        let mut srcs = dests.clone();
        let mut units: Vec<u32> = Vec::with_capacity(m * group);
        for &ds in &dests {
            srcs.shuffle(rng);
            units.extend(srcs.iter().filter(|&&ss| ss != ds));
        }
        let limit =
            |i: usize| dist.row(dests[i / group] as usize)[2 * units[i] as usize] as usize + 1;
        // every unit's limit in a byte when they all fit (read in order, not from the table)
        let lens: Vec<u8> = if (0..units.len()).all(|i| limit(i) < 256) {
            (0..units.len()).map(|i| limit(i) as u8).collect()
        } else {
            Vec::new()
        };
        let len = |i: usize| lens.get(i).map_or_else(|| limit(i), |&l| l as usize);
        let mut slots = vec![0u8; (0..units.len()).map(len).sum()];
        // the last pass stores a path per unit, of at most its limit + 1 switches
        b.reserve(units.len(), slots.len() + units.len());
        let nh: Vec<u32> = hosts_on.iter().map(|x| x.len() as u32).collect();
        // units with a single candidate path, one bit each: a new search would find it again
        let mut only = vec![0u64; units.len().div_ceil(64)];
        let (mut near, mut near_of) = (Near::new(), usize::MAX);
        let mut first = None;
        for pass in 0..3 {
            let mut at = 0;
            for (i, &ss) in units.iter().enumerate() {
                let (ss, ds) = (ss as usize, dests[i / group] as usize);
                let slot = &mut slots[at..at + len(i)];
                at += slot.len();
                if only[i / 64] >> (i % 64) & 1 == 0 {
                    if ds != near_of {
                        near_of = ds;
                        near.fill(&self.arcs, dist.row(ds));
                    }
                    let g = nh[ss] * nh[ds];
                    if pass > 0 {
                        let mut a = ss;
                        for &li in slot.iter().take_while(|&&li| li != ITB_MARK) {
                            let arc = &mut self.arcs.arc[self.arcs.start[a] as usize + li as usize];
                            arc.load -= g;
                            a = arc.to as usize / 2;
                        }
                    }
                    if self.route(ss, ds, Some(&near), g) {
                        only[i / 64] |= 1 << (i % 64);
                    }
                    slot.fill(ITB_MARK);
                    for (x, (&e, &a)) in slot.iter_mut().zip(self.links.iter().zip(&self.path)) {
                        *x = (e - self.arcs.start[a as usize]) as u8;
                    }
                } else if pass == 2 {
                    // the path kept since the first pass
                    self.path.clear();
                    self.links.clear();
                    self.path.push(ss as u32);
                    let mut a = ss;
                    for &li in slot.iter().take_while(|&&li| li != ITB_MARK) {
                        let e = self.arcs.start[a] as usize + li as usize;
                        a = self.arcs.arc[e].to as usize / 2;
                        self.path.push(a as u32);
                        self.links.push(e as u32);
                    }
                }
                if pass == 2 {
                    // unshared: every path is stored anew, their ids follow one another
                    self.ports();
                    let id = b.intern(&self.path, &self.ports, &[], &[])?;
                    first.get_or_insert(id);
                }
            }
        }
        drop(slots);
        // the path of the unit at position i has id first + i
        let idx: Vec<usize> = {
            let mut x = vec![usize::MAX; n];
            for (i, &s) in dests.iter().enumerate() {
                x[s as usize] = i;
            }
            x
        };
        let first = first.unwrap_or(0);
        let mut id = vec![0u32; m * m];
        for (i, &ss) in units.iter().enumerate() {
            id[idx[ss as usize] * m + idx[dests[i / group] as usize]] = first + i as u32;
        }
        drop(units);
        for s in 0..h {
            let si = idx[self.topo.host(s).sw];
            for d in 0..h {
                let dj = idx[self.topo.host(d).sw];
                if si != dj {
                    b.assign(s, d, id[si * m + dj]);
                }
            }
        }
        Ok(())
    }
}
