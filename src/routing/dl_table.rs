//! DL routing in RHiNET-2/SW's table form (seed 003 §4.1.2): every switch looks up the output
//! port by the packet's destination alone, and changes the VC by a difference indexed by input
//! and output port (out VC = in VC + diff; a packet from a host starts at VC 0 + diff, the NIC's
//! VC carrying no layer). The tables can hold DL only where the layer change of a turn does not
//! depend on the layer — (UD)* and (L-turn)*: a turn that breaks the restriction descends one
//! layer, every other keeps it, and packets start in the top layer.
//!
//! The output ports of one destination form a sink tree. It starts as the BFS spanning tree
//! (legal in every layer: up*, then down*; left-up, then right-down) and is shortened switch by
//! switch, in increasing distance from the destination: a switch takes the neighbour with the
//! shortest path (then the fewest layer changes, then the path selection's key) whose path does
//! not pass through it, if no switch routed through it would then need more layer changes than
//! there are layers below the top. Path selections: `low-port` (lowest port), `random`
//! (seeded), `sancho` and `high-pch` (the link that carries the fewest routes of the tables
//! built so far; the VC of a hop depends on where the packet came from, so in the table form
//! both balance physical channels).

use super::dl::{Restriction, Turns};
use super::{RouteSet, RouteSetBuilder};
use crate::blocks::dl_table::{diff_entry, DlCfgWrite, PORTS, SEL_DIFF, SEL_LAYERS, SEL_PORT};
use crate::error::{Error, Result};
use crate::topology::{Peer, Topology};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The routing tables of every switch.
#[derive(Debug, Clone)]
pub struct DlTables {
    pub layers: usize,
    np: usize,
    hosts: usize,
    /// `port[sw * hosts + dst]`: the output port towards host `dst`.
    port: Vec<u8>,
    /// `diff[(sw * np + in) * np + out]`: VC difference of the turn (0 or -1; from a host
    /// port, the starting layer).
    diff: Vec<i8>,
    /// `from_host[sw * np + p]`: port `p` of `sw` leads to a host.
    from_host: Vec<bool>,
}

impl DlTables {
    /// The output port of switch `sw` for destination host `dst`.
    #[inline]
    pub fn port(&self, sw: usize, dst: usize) -> u8 {
        self.port[sw * self.hosts + dst]
    }

    /// The VC difference of switch `sw` from input port `input` to output port `out`.
    #[inline]
    pub fn diff(&self, sw: usize, input: usize, out: usize) -> i8 {
        self.diff[(sw * self.np + input) * self.np + out]
    }

    /// The output VC for a packet that came in through `input` on `in_vc` and leaves through
    /// `out`; None if the difference leaves the VCs.
    #[inline]
    pub fn out_vc(&self, sw: usize, input: usize, in_vc: u8, out: usize) -> Option<u8> {
        let base = if self.from_host[sw * self.np + input] {
            0
        } else {
            in_vc as i16
        };
        let v = base + self.diff(sw, input, out) as i16;
        (0..self.layers as i16).contains(&v).then_some(v as u8)
    }

    /// Ports per switch.
    pub fn ports(&self) -> usize {
        self.np
    }

    /// The diff entry as the hardware holds it (`blocks::dl_table::diff_entry`): from a host
    /// port the absolute starting VC, else the signed difference.
    pub fn entry(&self, sw: usize, input: usize, out: usize) -> u8 {
        diff_entry(
            self.from_host[sw * self.np + input],
            self.diff(sw, input, out),
        )
    }

    /// The configuration writes that load switch `sw`'s tables and the layer count into a
    /// routing-table unit (`blocks::dl_table`, whose diff table is addressed in·8 + out: the
    /// unit holds switches of at most 8 ports, and `hdl::dl_table`'s 8-bit destinations at
    /// most 256 hosts).
    pub fn config_writes(&self, sw: usize) -> Vec<DlCfgWrite> {
        let mut v = vec![DlCfgWrite {
            sel: SEL_LAYERS,
            addr: 0,
            data: self.layers as u8,
        }];
        v.extend((0..self.hosts).map(|d| DlCfgWrite {
            sel: SEL_PORT,
            addr: d,
            data: self.port(sw, d),
        }));
        for i in 0..self.np {
            v.extend((0..self.np).map(|o| DlCfgWrite {
                sel: SEL_DIFF,
                addr: i * PORTS + o,
                data: self.entry(sw, i, o),
            }));
        }
        v
    }

    /// Hosts the tables route.
    pub fn hosts(&self) -> usize {
        self.hosts
    }

    /// Table sizes in entries: (destination → port per switch, (in, out) → diff per switch).
    pub fn entries(&self) -> (usize, usize) {
        (self.hosts, self.np * self.np)
    }

    /// Every host pair's path as the tables route it (switches, ports, VC of every hop).
    pub fn route_set(&self, topo: &Topology) -> Result<RouteSet> {
        let h = self.hosts;
        let mut b = RouteSetBuilder::new(h, "hosts of the topology")?.unshared();
        for d in 0..h {
            b.set_last(d, topo.host(d).port as u8)?;
        }
        for s in 0..h {
            for d in (0..h).filter(|&d| d != s) {
                let (mut sw, mut input, mut vc) = (topo.host(s).sw, topo.host(s).port, 0u8);
                let (mut sws, mut ports, mut vcs) = (vec![sw as u32], vec![], vec![]);
                loop {
                    let out = self.port(sw, d) as usize;
                    vc = self.out_vc(sw, input, vc, out).ok_or_else(|| {
                        Error::new(format!(
                            "DL tables: {s}->{d} runs out of layers at switch {sw}"
                        ))
                    })?;
                    vcs.push(vc);
                    match topo.peer(sw, out) {
                        Peer::Switch { sw: b2, port } if sws.len() <= topo.switches => {
                            ports.push(out as u8);
                            sws.push(b2 as u32);
                            (sw, input) = (b2, port);
                        }
                        Peer::Host(x) if x == d => break,
                        _ => {
                            return Err(Error::new(format!(
                                "DL tables: {s}->{d} loops or leaves the network at switch {sw} port {out}"
                            )))
                        }
                    }
                }
                let id = b.intern(&sws, &ports, &vcs, &[])?;
                b.assign(s, d, id);
            }
        }
        Ok(b.finish())
    }
}

/// Build the tables on `topo`: `layers` layers, restriction `r` ((UD)* or (L-turn)*), path
/// selection `select`, random choices from `seed`.
pub fn build(
    topo: &Topology,
    layers: usize,
    r: Restriction,
    select: &str,
    seed: u64,
    root: usize,
) -> Result<DlTables> {
    if !matches!(r, Restriction::Ud | Restriction::LTurn) {
        return Err(Error::field(
            "routing.restriction",
            "RHiNET-2's tables change the VC by input and output port alone, so the layer change of a turn must not depend on the layer: allowed ud, l-turn",
        ));
    }
    super::dl::check_args(layers, select)?;
    if layers > crate::blocks::dl_table::MAX_LAYERS {
        return Err(Error::field(
            "routing.layers",
            format!(
                "{layers} layers do not fit RHiNET-2's table unit (3-bit VCs): allowed 1..={} with routing.algorithm = \"dl-table\" (\"dl\" allows up to 16)",
                crate::blocks::dl_table::MAX_LAYERS
            ),
        ));
    }
    let (n, np, h) = (topo.switches, topo.ports_per_switch, topo.num_hosts());
    crate::memory::check(
        "topology.switches",
        n,
        "DL routing tables",
        (n * h + n * np * np) as u64,
    )?;
    let turns = Turns::new(topo, r, root);
    let breaks = |sw: usize, input: usize, out: usize| !turns.allows(sw, 0, input, out);
    let parent = super::updown::UpDown::rooted(topo, root).tree_parents(topo);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7AB1E5);
    let mut load = vec![0u64; n * np];
    let mut port = vec![0u8; n * h];
    let mut next = vec![usize::MAX; n];
    let mut out = vec![0usize; n];
    for ds in 0..n {
        let dist = topo.bfs(ds);
        if dist.contains(&u32::MAX) {
            return Err(Error::new("DL tables: the topology is not connected"));
        }
        next[ds] = usize::MAX; // no stale step from the last destination
                               // the BFS tree's path: down to ds when ds is below, else up
        for s in (0..n).filter(|&s| s != ds) {
            let (p, b) = tree_step(topo, &parent, s, ds);
            (next[s], out[s]) = (b, p);
        }
        let mut order: Vec<usize> = (0..n).filter(|&s| s != ds).collect();
        order.sort_by_key(|&s| (dist[s], s));
        for &s in &order {
            let kids = subtree(&next, s);
            let mut best: Option<((usize, usize, u64), usize, usize)> = None;
            for (p, t, _) in topo.neighbors(s) {
                if kids.contains(&t) {
                    continue; // t's path passes through s
                }
                let tie = match select {
                    "low-port" => p as u64,
                    "random" => rng.random::<u32>() as u64,
                    _ => load[s * np + p] << 8 | p as u64,
                };
                let (old_n, old_o) = (next[s], out[s]);
                (next[s], out[s]) = (t, p);
                let fit = changes(topo, &next, &out, ds, &breaks, &kids, layers);
                (next[s], out[s]) = (old_n, old_o);
                if let Some(k) = fit {
                    let key = (path_len(&next, t, ds) + 1, k, tie);
                    if best.is_none_or(|b| key < b.0) {
                        best = Some((key, t, p));
                    }
                }
            }
            let (_, t, p) = best.expect("the tree's own step always fits");
            (next[s], out[s]) = (t, p);
        }
        let hosts_at = |s: usize| topo.hosts_of(s).count() as u64;
        for s in (0..n).filter(|&s| s != ds) {
            let w = subtree(&next, s).iter().map(|&u| hosts_at(u)).sum::<u64>() * hosts_at(ds);
            load[s * np + out[s]] += w;
        }
        for d in topo.hosts_of(ds) {
            for s in 0..n {
                port[s * h + d] = if s == ds {
                    topo.host(d).port as u8
                } else {
                    out[s] as u8
                };
            }
        }
    }
    let mut diff = vec![0i8; n * np * np];
    let mut from_host = vec![false; n * np];
    for s in 0..n {
        for i in 0..np {
            let host = matches!(topo.peer(s, i), Peer::Host(_));
            from_host[s * np + i] = host;
            for o in 0..np {
                diff[(s * np + i) * np + o] = if host {
                    (layers - 1) as i8
                } else if matches!(topo.peer(s, i), Peer::Switch { .. })
                    && matches!(topo.peer(s, o), Peer::Switch { .. })
                    && breaks(s, i, o)
                {
                    -1
                } else {
                    0
                };
            }
        }
    }
    Ok(DlTables {
        layers,
        np,
        hosts: h,
        port,
        diff,
        from_host,
    })
}

/// The BFS spanning tree's next hop from `s` towards `ds`: (port, switch).
fn tree_step(
    topo: &Topology,
    parent: &[Option<(usize, usize)>],
    s: usize,
    ds: usize,
) -> (usize, usize) {
    // walk up from ds: if s is an ancestor, step to the child on that walk
    let mut x = ds;
    while let Some((_, up)) = parent[x] {
        if up == s {
            let p = topo
                .neighbors(s)
                .filter(|&(_, b, _)| b == x)
                .map(|(p, _, _)| p)
                .min()
                .expect("a tree link");
            return (p, x);
        }
        x = up;
    }
    parent[s].expect("a non-root switch has a parent")
}

/// The switches whose path passes through `s` (itself included).
fn subtree(next: &[usize], s: usize) -> Vec<usize> {
    let mut kids = vec![s];
    let mut i = 0;
    while i < kids.len() {
        let x = kids[i];
        kids.extend((0..next.len()).filter(|&u| next[u] == x && u != s));
        i += 1;
    }
    kids
}

/// Hops from `s` to `ds` along `next`.
fn path_len(next: &[usize], mut s: usize, ds: usize) -> usize {
    let mut k = 0;
    while s != ds {
        s = next[s];
        k += 1;
    }
    k
}

/// The most layer changes any switch of `kids` needs along `next` (None if one needs more than
/// `layers - 1`, or if a path loops).
fn changes(
    topo: &Topology,
    next: &[usize],
    out: &[usize],
    ds: usize,
    breaks: &dyn Fn(usize, usize, usize) -> bool,
    kids: &[usize],
    layers: usize,
) -> Option<usize> {
    let mut most = 0;
    for &u in kids {
        let (mut x, mut k, mut steps) = (u, 0, 0);
        while x != ds {
            let y = next[x];
            if y != ds {
                // the turn at y: in through the port facing x, out through out[y]
                let Peer::Switch { port: input, .. } = topo.peer(x, out[x]) else {
                    return None;
                };
                k += breaks(y, input, out[y]) as usize;
            }
            x = y;
            steps += 1;
            if steps > next.len() {
                return None;
            }
        }
        if k + 1 > layers {
            return None;
        }
        most = most.max(k);
    }
    Some(most)
}
