//! Descending-Layers (DL) routing (seed 003 §3): the network is split into `n` layers — one per
//! virtual channel — of the same topology. Inside a layer one restriction applies (§3.2):
//! * `ud` — (UD)*: every layer is up*/down* (no down→up turn);
//! * `ud-du` — (UD-DU)*: even layers forbid down→up, odd layers forbid up→down;
//! * `ud-dud` — UD-(DU)*: layer 0 forbids down→up, the others up→down;
//! * `l-turn` — (L-turn)*: left-up-first turn routing (Koibuchi et al., ICPP 2001) in every
//!   layer, our reading of it (`routing::lturn`, docs/dl.md).
//!
//! Up and down are those of Autonet's BFS spanning tree (`routing::updown`: root switch 0, the
//! up end nearer the root, the lower id at equal depth). A packet moves only to a lower layer,
//! and only when its next hop would break its layer's restriction; the first hop inside a layer
//! is unrestricted. Path search follows §3.3: the shortest legal path length with the source in
//! layer n − 1, then every path of that length starting in layers n − 1, n − 2, … (stopping at
//! the first starting layer with none). One path per switch pair is chosen among them by a path
//! selection: `random` (uniform over the shortest paths), `low-port` (lowest port first, then
//! the highest layer), and two static analyses of the routes (Sancho & Robles, EuroPar 2000, as
//! Koibuchi et al. extend it to virtual channels, PDPTA 2002 — our reading, their text being
//! unavailable; seed 003 says both "consider the path balance"): switch pairs in a seeded order,
//! each following at every hop the shortest continuation whose channel carries the fewest routes
//! so far — `sancho` counting routes per virtual channel (link, VC), `high-pch` ("high
//! physical-channel first") per physical channel first, then per virtual channel; ties to the
//! lowest port.
//!
//! A route names the layer of every hop as its VC; the (link, VC) deadlock checker confirms the
//! set acyclic (Theorem 1).

use super::lturn::LTurn;
use super::updown::UpDown;
use super::{RouteSet, RouteSetBuilder};
use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The restriction inside the layers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restriction {
    Ud,
    UdDu,
    UdDud,
    LTurn,
}

/// Restriction names.
pub const RESTRICTIONS: &[&str] = &["ud", "ud-du", "ud-dud", "l-turn"];

/// DL's own key (`routing.restriction`), flattened into `[routing]`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct DlKeys {
    /// The restriction inside every layer (seed 003 §3.2): ud, ud-du, ud-dud, l-turn.
    pub restriction: String,
}

impl Default for DlKeys {
    fn default() -> Self {
        DlKeys {
            restriction: RESTRICTIONS[0].into(),
        }
    }
}

impl crate::keys::Keys for DlKeys {
    const OWNER: &'static str = "dl routing";
}

/// Path selections.
pub const SELECTIONS: &[&str] = &["random", "low-port", "sancho", "high-pch"];

impl Restriction {
    /// Parse a name of [`RESTRICTIONS`].
    pub fn parse(s: &str) -> Result<Self> {
        match s {
            "ud" => Ok(Restriction::Ud),
            "ud-du" => Ok(Restriction::UdDu),
            "ud-dud" => Ok(Restriction::UdDud),
            "l-turn" => Ok(Restriction::LTurn),
            _ => Err(Error::field(
                "routing.restriction",
                format!(
                    "{s:?} is not a DL restriction; allowed: {}",
                    RESTRICTIONS.join(", ")
                ),
            )),
        }
    }

    /// Does layer `v` forbid a down hop followed by an up hop (else: up then down)?
    fn forbids_down_up(self, v: usize) -> bool {
        match self {
            Restriction::Ud | Restriction::LTurn => true,
            Restriction::UdDu => v.is_multiple_of(2),
            Restriction::UdDud => v == 0,
        }
    }
}

/// The turns a layer allows: (switch, input port, output port) under restriction `r`.
pub(crate) struct Turns {
    r: Restriction,
    np: usize,
    /// `up[sw * np + port]`: leaving `sw` through `port` goes up.
    up: Vec<bool>,
    /// (L-turn)*'s legal turns.
    lturn: Option<LTurn>,
}

impl Turns {
    pub(crate) fn new(topo: &Topology, r: Restriction, root: usize) -> Self {
        let ud = UpDown::rooted(topo, root);
        let np = topo.ports_per_switch;
        Turns {
            r,
            np,
            up: (0..topo.switches * np)
                .map(|c| ud.is_up(c / np, c % np))
                .collect(),
            lturn: (r == Restriction::LTurn).then(|| LTurn::new(topo, root)),
        }
    }

    /// May a packet in layer `v` that entered `sw` through port `input` leave through `out`
    /// without leaving the layer?
    pub(crate) fn allows(&self, sw: usize, v: usize, input: usize, out: usize) -> bool {
        if let Some(l) = &self.lturn {
            return l.allows(sw, input, out);
        }
        // the hop into sw went up iff leaving sw back through its input goes down
        let (fu, tu) = (!self.up[sw * self.np + input], self.up[sw * self.np + out]);
        let du = self.r.forbids_down_up(v);
        fu == tu || (!fu && !du) || (fu && du)
    }
}

/// The state graph of one topology: (switch, layer, input port of the packet in this layer, or
/// [`START`] for the first hop inside a layer).
struct States {
    layers: usize,
    /// Ports per switch.
    np: usize,
    /// `nb[sw]`: (port, neighbour, the neighbour's port).
    nb: Vec<Vec<(u8, u32, u8)>>,
    turns: Turns,
}

/// The first hop inside a layer (no input port in it yet).
const START: usize = 0;

impl States {
    /// Direction states per (switch, layer): [`START`] and one per input port.
    fn kinds(&self) -> usize {
        self.np + 1
    }

    fn id(&self, sw: usize, v: usize, k: usize) -> usize {
        (sw * self.layers + v) * self.kinds() + k
    }

    /// (switch, layer, kind) of state `x`.
    fn state(&self, x: usize) -> (usize, usize, usize) {
        let k = self.kinds();
        (x / k / self.layers, x / k % self.layers, x % k)
    }

    /// May a packet in layer `v` that entered `sw` as `k` leave through `out` in the layer?
    fn allows(&self, sw: usize, v: usize, k: usize, out: usize) -> bool {
        k == START || self.turns.allows(sw, v, k - 1, out)
    }

    /// The hops out of state (sw, v, k): (port, next switch, layer of the hop, next state).
    fn moves(&self, sw: usize, v: usize, k: usize, out: &mut Vec<(u8, usize, usize, usize)>) {
        out.clear();
        for &(p, b, q) in &self.nb[sw] {
            let next = 1 + q as usize;
            if self.allows(sw, v, k, p as usize) {
                out.push((p, b as usize, v, self.id(b as usize, v, next)));
            } else {
                // the hop breaks layer v's restriction: descend, first hop of a lower layer
                for u in 0..v {
                    out.push((p, b as usize, u, self.id(b as usize, u, next)));
                }
            }
        }
    }
}

/// Layers 1..=16 and a path selection of [`SELECTIONS`].
pub(crate) fn check_args(layers: usize, select: &str) -> Result<()> {
    if !(1..=16).contains(&layers) {
        return Err(Error::field(
            "routing.layers",
            format!("{layers} is out of range, allowed 1..=16"),
        ));
    }
    if !SELECTIONS.contains(&select) {
        return Err(Error::field(
            "routing.paths",
            format!(
                "{select:?} is not a DL path selection; allowed: {}",
                SELECTIONS.join(", ")
            ),
        ));
    }
    Ok(())
}

/// One DL route per ordered host pair on `topo`, `layers` layers (VCs), restriction `r`,
/// path selection `select` (one of [`SELECTIONS`]), random choices from `seed`.
pub fn routes(
    topo: &Topology,
    layers: usize,
    r: Restriction,
    select: &str,
    seed: u64,
    root: usize,
) -> Result<RouteSet> {
    check_args(layers, select)?;
    let n = topo.switches;
    crate::memory::check(
        "topology.switches",
        n,
        "DL route computation (distances of every layered state to every switch)",
        (n as u64).pow(2) * layers as u64 * (topo.ports_per_switch as u64 + 1) * 2,
    )?;
    let st = States {
        layers,
        np: topo.ports_per_switch,
        nb: (0..n)
            .map(|s| {
                topo.neighbors(s)
                    .map(|(p, b, q)| (p as u8, b as u32, q as u8))
                    .collect()
            })
            .collect(),
        turns: Turns::new(topo, r, root),
    };
    let ns = n * layers * st.kinds();
    let h = topo.num_hosts();
    let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
    let mut b = RouteSetBuilder::new(h, "hosts of the topology")?.unshared();
    for d in 0..h {
        b.set_last(d, topo.host(d).port as u8)?;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xD1_1A7E);
    let mut order: Vec<(usize, usize)> = (0..n)
        .flat_map(|s| (0..n).map(move |d| (s, d)))
        .filter(|&(s, d)| !hosts_on[s].is_empty() && !hosts_on[d].is_empty())
        .collect();
    if select == "sancho" || select == "high-pch" {
        order.shuffle(&mut rng);
    }
    // distances to each destination switch, computed once per destination
    let mut dist: Vec<Vec<u16>> = vec![Vec::new(); n];
    // routes per physical channel and per (channel, VC)
    let mut load = vec![0u64; n * topo.ports_per_switch];
    let mut vload = vec![0u64; n * topo.ports_per_switch * layers];
    let mut mv = Vec::new();
    for &(ss, ds) in &order {
        if dist[ds].is_empty() {
            dist[ds] = distances(&st, ds, ns, &mut mv);
        }
        let dd = &dist[ds];
        let weight = (hosts_on[ss].len() * hosts_on[ds].len()) as u64;
        let (sws, ports, vcs) = if ss == ds {
            (vec![ss as u32], vec![], vec![0u8])
        } else {
            let best = dd[st.id(ss, layers - 1, START)];
            if best == u16::MAX {
                return Err(Error::new(format!(
                    "DL: switch {ds} is unreachable from switch {ss} (the topology is not connected)"
                )));
            }
            // starting layers n-1, n-2, ... while they reach the destination as fast
            let starts: Vec<usize> = (0..layers)
                .rev()
                .take_while(|&v| dd[st.id(ss, v, START)] == best)
                .collect();
            walk(
                &st,
                dd,
                ss,
                &starts,
                select,
                (&load, &vload),
                topo.ports_per_switch,
                &mut rng,
                &mut mv,
            )
        };
        for (i, &p) in ports.iter().enumerate() {
            let c = sws[i] as usize * topo.ports_per_switch + p as usize;
            load[c] += weight;
            vload[c * layers + vcs[i] as usize] += weight;
        }
        let id = b.intern(&sws, &ports, &vcs, &[])?;
        for &s in &hosts_on[ss] {
            for &d in hosts_on[ds].iter().filter(|&&d| d != s) {
                b.assign(s, d, id);
            }
        }
    }
    Ok(b.finish())
}

/// Seed 003's up*/down* baseline with `layers` VCs: one shortest up*/down* path per switch pair
/// (path selection `select`, as in DL), and one VC for the whole path picked at the source:
/// `random` uniformly, `low-port` VC 0, `sancho` and `high-pch` the VC whose busiest (link, VC)
/// channel on the path carries the fewest routes so far (the physical channels are the path's
/// whatever the VC).
pub fn updown_layers(
    topo: &Topology,
    layers: usize,
    select: &str,
    seed: u64,
    root: usize,
) -> Result<RouteSet> {
    let one = routes(topo, 1, Restriction::Ud, select, seed, root)?;
    if layers == 1 {
        return Ok(one);
    }
    if !(1..=16).contains(&layers) {
        return Err(Error::field(
            "routing.layers",
            format!("{layers} is out of range, allowed 1..=16"),
        ));
    }
    let np = topo.ports_per_switch;
    let mut load = vec![0u64; topo.switches * np * layers];
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0B_A5E1);
    let mut out = one;
    out.set_vcs(|switches, ports, vcs| {
        let v = match select {
            "random" => rng.random_range(0..layers),
            "low-port" => 0,
            _ => (0..layers)
                .min_by_key(|&v| {
                    ports
                        .iter()
                        .enumerate()
                        .map(|(i, &p)| load[(switches[i] as usize * np + p as usize) * layers + v])
                        .max()
                        .unwrap_or(0)
                })
                .unwrap_or(0),
        };
        for (i, &p) in ports.iter().enumerate() {
            load[(switches[i] as usize * np + p as usize) * layers + v] += 1;
        }
        vcs.iter_mut().for_each(|x| *x = v as u8);
    });
    Ok(out)
}

/// Hops from every state to switch `ds` (u16::MAX: unreachable), by repeated relaxation.
fn distances(
    st: &States,
    ds: usize,
    ns: usize,
    mv: &mut Vec<(u8, usize, usize, usize)>,
) -> Vec<u16> {
    let mut d = vec![u16::MAX; ns];
    for v in 0..st.layers {
        for k in 0..st.kinds() {
            d[st.id(ds, v, k)] = 0;
        }
    }
    let n = st.nb.len();
    loop {
        let mut changed = false;
        for sw in (0..n).filter(|&s| s != ds) {
            for v in 0..st.layers {
                for k in 0..st.kinds() {
                    st.moves(sw, v, k, mv);
                    let best = mv.iter().map(|m| d[m.3]).min().unwrap_or(u16::MAX);
                    let x = st.id(sw, v, k);
                    if best != u16::MAX && best + 1 < d[x] {
                        d[x] = best + 1;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return d;
        }
    }
}

/// Choose one shortest path from `ss` starting in one of `starts`: switches, inter-switch
/// ports and the layer of every hop (the last, to the host, keeps the final layer).
#[allow(clippy::too_many_arguments)]
fn walk(
    st: &States,
    dd: &[u16],
    ss: usize,
    starts: &[usize],
    select: &str,
    (load, vload): (&[u64], &[u64]),
    np: usize,
    rng: &mut ChaCha8Rng,
    mv: &mut Vec<(u8, usize, usize, usize)>,
) -> (Vec<u32>, Vec<u8>, Vec<u8>) {
    let count = |x: usize, memo: &mut Vec<(usize, f64)>| -> f64 {
        // number of shortest continuations from state x (memoised by state)
        fn go(st: &States, dd: &[u16], x: usize, memo: &mut Vec<(usize, f64)>) -> f64 {
            if dd[x] == 0 {
                return 1.0;
            }
            if let Some(&(_, c)) = memo.iter().find(|m| m.0 == x) {
                return c;
            }
            let (sw, v, k) = st.state(x);
            let mut mv = Vec::new();
            st.moves(sw, v, k, &mut mv);
            let c = mv
                .iter()
                .filter(|m| dd[m.3].wrapping_add(1) == dd[x])
                .map(|m| go(st, dd, m.3, memo))
                .sum();
            memo.push((x, c));
            c
        }
        go(st, dd, x, memo)
    };
    let mut memo = Vec::new();
    let first = match select {
        "random" => {
            let w: Vec<f64> = starts
                .iter()
                .map(|&v| count(st.id(ss, v, START), &mut memo))
                .collect();
            pick_weighted(&w, rng)
        }
        _ => 0, // the highest starting layer (the balancing selections weigh them all below)
    };
    let mut x = st.id(ss, starts[first], START);
    let (mut sws, mut ports, mut vcs) = (vec![ss as u32], vec![], vec![]);
    let balance = select == "sancho" || select == "high-pch";
    while dd[x] > 0 {
        let sw = st.state(x).0;
        // the first hop of a balancing selection may leave in any starting layer
        let from: Vec<usize> = if balance && sws.len() == 1 {
            starts.iter().map(|&v| st.id(ss, v, START)).collect()
        } else {
            vec![x]
        };
        let mut next: Vec<(u8, usize, usize, usize)> = Vec::new();
        for &f in &from {
            let (_, v, k) = st.state(f);
            st.moves(sw, v, k, mv);
            next.extend(
                mv.iter()
                    .copied()
                    .filter(|m| dd[m.3].wrapping_add(1) == dd[f]),
            );
        }

        let i = match select {
            "random" => {
                let w: Vec<f64> = next.iter().map(|m| count(m.3, &mut memo)).collect();
                pick_weighted(&w, rng)
            }
            "low-port" => argmin(&next, |m| (m.0 as i64, -(m.2 as i64))),
            "sancho" => argmin(&next, |m| {
                let c = sw * np + m.0 as usize;
                (vload[c * st.layers + m.2], m.0)
            }),
            _ => argmin(&next, |m| {
                let c = sw * np + m.0 as usize;
                (load[c], vload[c * st.layers + m.2], m.0)
            }),
        };
        let (p, b, u, y) = next[i];
        sws.push(b as u32);
        ports.push(p);
        vcs.push(u as u8);
        x = y;
    }
    let last = *vcs.last().unwrap_or(&0);
    vcs.push(last);
    (sws, ports, vcs)
}

fn argmin<T: Copy, K: Ord>(v: &[T], key: impl Fn(&T) -> K) -> usize {
    (0..v.len())
        .min_by_key(|&i| key(&v[i]))
        .expect("a shortest path continues")
}

fn pick_weighted(w: &[f64], rng: &mut ChaCha8Rng) -> usize {
    let total: f64 = w.iter().sum();
    let mut x = rng.random::<f64>() * total;
    for (i, &c) in w.iter().enumerate() {
        if x < c {
            return i;
        }
        x -= c;
    }
    w.len() - 1
}
