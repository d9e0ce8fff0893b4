//! The route set of a source-routed network, stored as the hardware and the routings share it:
//! one path id per ordered host pair (4 bytes), and every distinct switch path once — its
//! switches, inter-switch ports, VCs and in-transit hosts in flat arrays. The last route byte,
//! the port of the destination host, is kept once per destination. N hosts cost 4·N² bytes
//! plus the distinct paths, not N² separate routes (memory that scales).

use super::{ItbHop, Route, ITB_MARK};
use crate::blocks::nic::routing_table::{RouteBytes, RouteSource};
use crate::error::{Error, Result};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// No path (the route from a host to itself, or a pair never assigned).
const NONE: u32 = u32::MAX;

/// One route per ordered host pair.
#[derive(Debug, Clone, Default)]
pub struct RouteSet {
    hosts: usize,
    /// `pair[src * hosts + dst]`: the path id, or NONE.
    pair: Vec<u32>,
    /// The port of every destination host on its switch: the last byte of every route to it.
    last: Vec<u8>,
    /// Hop range of path `i`: `start[i]..start[i + 1]`.
    start: Vec<u32>,
    switches: Vec<u32>,
    /// Output port of every hop but the last (whose entry is unused: see `last`).
    links: Vec<u8>,
    /// VC of every hop; empty until some route names one.
    vcs: Vec<u8>,
    /// In-transit hosts of path `i`: `itb_start[i]..itb_start[i + 1]`; empty until some route
    /// has one.
    itb_start: Vec<u32>,
    itbs: Vec<ItbHop>,
    /// Header bytes (with ITB marks, without the last byte) of path `i`:
    /// `head_start[i]..head_start[i + 1]`; kept only alongside `itb_start`.
    head_start: Vec<u32>,
    head: Vec<u8>,
}

/// A route of a [`RouteSet`], borrowed: the same information as a [`Route`].
#[derive(Debug, Clone, Copy)]
pub struct RouteRef<'a> {
    /// The switches crossed, in order.
    pub switches: &'a [u32],
    links: &'a [u8],
    last: u8,
    vcs: &'a [u8],
    /// In-transit hosts, in path order.
    pub itbs: &'a [ItbHop],
    head: &'a [u8],
}

impl<'a> RouteRef<'a> {
    /// The empty route (a host to itself).
    pub const EMPTY: RouteRef<'static> = RouteRef {
        switches: &[],
        links: &[],
        last: 0,
        vcs: &[],
        itbs: &[],
        head: &[],
    };

    /// True for the empty route.
    pub fn is_empty(&self) -> bool {
        self.switches.is_empty()
    }

    /// The output port at hop `i` (the last one leads to the destination host).
    #[inline]
    pub fn port(&self, i: usize) -> u8 {
        if i + 1 == self.switches.len() {
            self.last
        } else {
            self.links[i]
        }
    }

    /// The output ports, one per switch.
    pub fn ports(&self) -> Vec<u8> {
        (0..self.switches.len()).map(|i| self.port(i)).collect()
    }

    /// The VC of hop `i` (0 when the route names none).
    #[inline]
    pub fn vc(&self, i: usize) -> usize {
        self.vcs.get(i).map_or(0, |&v| v as usize)
    }

    /// The VCs of the hops; empty when the route set names none.
    pub fn vcs(&self) -> &'a [u8] {
        self.vcs
    }

    /// Number of switch-to-switch links crossed.
    pub fn hops(&self) -> usize {
        self.switches.len().saturating_sub(1)
    }

    /// (switch, output port, VC) of every hop.
    pub fn hop_list(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.switches
            .iter()
            .enumerate()
            .map(|(i, &s)| (s as usize, self.port(i) as usize, self.vc(i)))
    }

    /// The route bytes a source writes in the header (Figure 4 of seed 000).
    #[inline]
    pub fn header(&self) -> RouteBytes<'a> {
        if self.switches.is_empty() {
            return RouteBytes::EMPTY;
        }
        RouteBytes {
            body: self.head,
            last: Some(self.last),
        }
    }

    /// An owned copy.
    pub fn to_route(&self) -> Route {
        Route {
            switches: self.switches.to_vec(),
            ports: self.ports(),
            vcs: self.vcs.to_vec(),
            itbs: self.itbs.to_vec(),
        }
    }
}

impl RouteSet {
    /// Number of hosts.
    pub fn hosts(&self) -> usize {
        self.hosts
    }

    /// The route from `src` to `dst`.
    #[inline]
    pub fn get(&self, src: usize, dst: usize) -> RouteRef<'_> {
        let id = self.pair[src * self.hosts + dst];
        if id == NONE {
            return RouteRef::EMPTY;
        }
        let id = id as usize;
        let (a, b) = (self.start[id] as usize, self.start[id + 1] as usize);
        let (itbs, head) = if self.itb_start.is_empty() {
            (&[][..], &self.links[a..b - 1])
        } else {
            let (i, j) = (self.itb_start[id] as usize, self.itb_start[id + 1] as usize);
            let (h, k) = (
                self.head_start[id] as usize,
                self.head_start[id + 1] as usize,
            );
            (&self.itbs[i..j], &self.head[h..k])
        };
        RouteRef {
            switches: &self.switches[a..b],
            links: &self.links[a..b],
            last: self.last[dst],
            vcs: if self.vcs.is_empty() {
                &[]
            } else {
                &self.vcs[a..b]
            },
            itbs,
            head,
        }
    }

    /// The path id of a pair (None for an empty route); pairs with equal ids cross the same
    /// switches and ports up to the destination's own port.
    pub fn path_id(&self, src: usize, dst: usize) -> Option<u32> {
        Some(self.pair[src * self.hosts + dst]).filter(|&id| id != NONE)
    }

    /// Number of distinct switch paths stored.
    pub fn paths(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// The highest VC any route names, plus one (1 when none does).
    pub fn vcs(&self) -> usize {
        self.vcs.iter().max().map_or(1, |&v| v as usize + 1)
    }

    /// Do the routes name a VC for their hops (set by [`RouteSet::set_vcs`])?
    pub fn names_vcs(&self) -> bool {
        !self.vcs.is_empty()
    }

    /// Does any route pass an in-transit host?
    pub fn has_itbs(&self) -> bool {
        !self.itbs.is_empty()
    }

    /// A set from one route per ordered pair (`routes[src * hosts + dst]`, empty routes left
    /// unassigned).
    pub fn from_routes(hosts: usize, routes: &[Route]) -> Result<RouteSet> {
        let mut b = RouteSetBuilder::new(hosts, "routes")?;
        for (i, r) in routes.iter().enumerate().take(hosts * hosts) {
            if !r.switches.is_empty() {
                b.add(i / hosts, i % hosts, r)?;
            }
        }
        Ok(b.finish())
    }

    /// Every route, owned (`[src * hosts + dst]`): for tests and tools on small sets.
    pub fn to_routes(&self) -> Vec<Route> {
        (0..self.hosts * self.hosts)
            .map(|i| self.get(i / self.hosts, i % self.hosts).to_route())
            .collect()
    }

    /// Bytes held.
    pub fn memory_bytes(&self) -> u64 {
        (self.pair.len() * 4
            + self.last.len()
            + self.start.len() * 4
            + self.switches.len() * 4
            + self.links.len()
            + self.vcs.len()
            + self.itb_start.len() * 4
            + self.itbs.len() * std::mem::size_of::<ItbHop>()
            + self.head_start.len() * 4
            + self.head.len()) as u64
    }

    /// Rewrite the VCs of every distinct path: `f(switches, ports, vcs)` sees the switches, the
    /// inter-switch ports (one fewer) and the VCs of every hop (the last leads to the host).
    pub fn set_vcs(&mut self, mut f: impl FnMut(&[u32], &[u8], &mut [u8])) {
        if self.vcs.is_empty() {
            self.vcs = vec![0; self.switches.len()];
        }
        for id in 0..self.paths() {
            let (a, b) = (self.start[id] as usize, self.start[id + 1] as usize);
            f(
                &self.switches[a..b],
                &self.links[a..b - 1],
                &mut self.vcs[a..b],
            );
        }
    }
}

/// A path's content hash, for the builder's lookup table (which only finds candidates:
/// [`RouteSetBuilder::same`] decides): its switches, ports, VCs where any is not 0 (a path
/// whose VCs are all 0 is the same path as one that names none) and in-transit hosts,
/// folded word by word by multiply and rotate, then mixed (SplitMix64's finaliser). A
/// network of N hosts interns N² paths: SipHash over them took most of a 16x16 mesh's
/// set-up.
fn content_hash((switches, links, vcs, itbs): (&[u32], &[u8], &[u8], &[ItbHop])) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = 0u64;
    let mut add = |w: u64| h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    add(switches.len() as u64);
    switches.iter().for_each(|&s| add(s as u64));
    let bytes = |b: &[u8]| b.iter().fold(0u64, |a, &x| a << 8 | x as u64);
    links.chunks(8).for_each(|c| add(bytes(c)));
    if vcs.iter().any(|&v| v != 0) {
        vcs.chunks(8).for_each(|c| add(bytes(c)));
    }
    for i in itbs {
        add((i.at as u64) << 32 | i.host as u64);
        add(i.port as u64);
    }
    let mut z = h;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The lookup table's hasher: its keys are content hashes, passed on as they are.
#[derive(Debug, Default)]
struct Passed(u64);

impl Hasher for Passed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // (only `write_u64` is used: a key is one u64)
        self.0 = bytes
            .iter()
            .fold(self.0, |a, &b| a.rotate_left(8) ^ b as u64);
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// Builds a [`RouteSet`], storing each distinct path once.
#[derive(Debug)]
pub struct RouteSetBuilder {
    set: RouteSet,
    /// Content hash → path id (collisions probe the next hash value); the key is a hash
    /// already, the table's own hasher passes it on.
    index: HashMap<u64, u32, BuildHasherDefault<Passed>>,
    /// Every interned path is known to be new: store without looking up.
    unshared: bool,
}

impl RouteSetBuilder {
    /// An empty set for `hosts` hosts, refused when its pair table alone would not fit in
    /// memory (`key` names what sized it).
    pub fn new(hosts: usize, key: &str) -> Result<Self> {
        let pairs = (hosts as u64).saturating_mul(hosts as u64);
        // the pair table, and (at least) one 8-hop path per destination and per source switch
        crate::memory::check(
            key,
            hosts,
            "the route set (4 bytes per ordered host pair, plus the distinct paths)",
            pairs.saturating_mul(4).saturating_add(hosts as u64 * 64),
        )?;
        Ok(RouteSetBuilder {
            set: RouteSet {
                hosts,
                pair: vec![NONE; pairs as usize],
                last: vec![ITB_MARK; hosts], // never a port: not known yet
                start: vec![0],
                ..Default::default()
            },
            index: HashMap::default(),
            unshared: false,
        })
    }

    /// Room for `paths` more paths of `switches` switches in all, so that storing them copies
    /// nothing (a hint: more may be stored).
    pub fn reserve(&mut self, paths: usize, switches: usize) {
        self.set.start.reserve(paths);
        self.set.switches.reserve(switches);
        self.set.links.reserve(switches);
    }

    /// The caller promises every path it interns from now on is new (one path per switch
    /// pair): paths are stored without the lookup table.
    pub fn unshared(mut self) -> Self {
        self.unshared = true;
        self.index = HashMap::default();
        self
    }

    /// Give `src → dst` route `r` (non-empty); its last port must be the same in every route to
    /// `dst`. Returns its path id.
    pub fn add(&mut self, src: usize, dst: usize, r: &Route) -> Result<u32> {
        self.add_parts(src, dst, &r.switches, &r.ports, &r.vcs, &r.itbs)
    }

    /// [`RouteSetBuilder::add`] from the parts of a route: switches, ports (one per switch, the
    /// last to the host), VCs (one per hop, or none) and in-transit hosts.
    pub fn add_parts(
        &mut self,
        src: usize,
        dst: usize,
        switches: &[u32],
        ports: &[u8],
        vcs: &[u8],
        itbs: &[ItbHop],
    ) -> Result<u32> {
        let Some((&last, links)) = ports.split_last().filter(|_| ports.len() == switches.len())
        else {
            return Err(Error::new(format!(
                "route {src} -> {dst}: {} switches and {} ports; a route has one port per switch",
                switches.len(),
                ports.len()
            )));
        };
        self.set_last(dst, last)?;
        let id = self.intern(switches, links, vcs, itbs)?;
        self.assign(src, dst, id);
        Ok(id)
    }

    /// The port of host `dst` on its switch: the last byte of every route to it.
    pub fn set_last(&mut self, dst: usize, port: u8) -> Result<()> {
        if self.set.last[dst] != ITB_MARK && self.set.last[dst] != port {
            return Err(Error::new(format!(
                "a route to host {dst} ends at port {port}, another at port {}; a host has one port",
                self.set.last[dst]
            )));
        }
        self.set.last[dst] = port;
        Ok(())
    }

    /// The id of a switch path — switches, the ports between them (one fewer), the VCs of every
    /// hop (or none) and its in-transit hosts — stored once.
    pub fn intern(
        &mut self,
        switches: &[u32],
        links: &[u8],
        vcs: &[u8],
        itbs: &[ItbHop],
    ) -> Result<u32> {
        let l = switches.len();
        if l == 0 || links.len() + 1 != l || !(vcs.is_empty() || vcs.len() == l) {
            return Err(Error::new(format!(
                "a path of {l} switches has {} ports between them and {} VCs; allowed: one port fewer than switches, one VC per hop or none",
                links.len(),
                vcs.len()
            )));
        }
        let key = (switches, links, vcs, itbs);
        if self.unshared {
            return self.push(key);
        }
        let mut h = content_hash(key);
        loop {
            match self.index.get(&h) {
                Some(&id) if self.same(id, key) => return Ok(id),
                Some(_) => h = h.wrapping_add(1),
                None => {
                    let id = self.push(key)?;
                    self.index.insert(h, id);
                    return Ok(id);
                }
            }
        }
    }

    /// Give `src → dst` the path `id` already in the set (its last port is the destination's:
    /// see [`RouteSetBuilder::set_last`]).
    pub fn assign(&mut self, src: usize, dst: usize, id: u32) {
        self.set.pair[src * self.set.hosts + dst] = id;
    }

    /// The path id of a pair, if assigned.
    pub fn id(&self, src: usize, dst: usize) -> Option<u32> {
        self.set.path_id(src, dst)
    }

    /// The switches and inter-switch ports of path `id`.
    pub fn path(&self, id: u32) -> (&[u32], &[u8]) {
        let id = id as usize;
        let (a, b) = (self.set.start[id] as usize, self.set.start[id + 1] as usize);
        (&self.set.switches[a..b], &self.set.links[a..b - 1])
    }

    /// The finished set.
    pub fn finish(self) -> RouteSet {
        self.set
    }

    fn same(&self, id: u32, (sw, links, vcs, itbs): (&[u32], &[u8], &[u8], &[ItbHop])) -> bool {
        let s = &self.set;
        let id = id as usize;
        let (a, b) = (s.start[id] as usize, s.start[id + 1] as usize);
        let stored_vc = |i: usize| s.vcs.get(a + i).copied().unwrap_or(0);
        let stored_itbs: &[ItbHop] = if s.itb_start.is_empty() {
            &[]
        } else {
            &s.itbs[s.itb_start[id] as usize..s.itb_start[id + 1] as usize]
        };
        s.switches[a..b] == *sw
            && s.links[a..b - 1] == *links
            && (0..sw.len()).all(|i| stored_vc(i) == vcs.get(i).copied().unwrap_or(0))
            && stored_itbs == itbs
    }

    fn push(&mut self, (sw, links, vcs, itbs): (&[u32], &[u8], &[u8], &[ItbHop])) -> Result<u32> {
        let s = &mut self.set;
        let id = s.paths();
        if id >= NONE as usize || s.switches.len() + sw.len() > u32::MAX as usize {
            return Err(Error::new(format!(
                "route set of {} hosts: more than 2^32 distinct paths or hops",
                s.hosts
            )));
        }
        s.switches.extend_from_slice(sw);
        s.links.extend_from_slice(links);
        s.links.push(0);
        // the first path naming a VC starts the VC array (zeros for the paths before it, none
        // when it is the very first path)
        let starts = s.vcs.is_empty() && vcs.iter().any(|&v| v != 0);
        if starts {
            s.vcs = vec![0; s.switches.len() - sw.len()];
        }
        if starts || !s.vcs.is_empty() {
            if vcs.is_empty() {
                s.vcs.resize(s.switches.len(), 0);
            } else {
                s.vcs.extend_from_slice(vcs);
            }
        }
        if !itbs.is_empty() && s.itb_start.is_empty() {
            // from now on every path keeps its header bytes and in-transit hosts
            s.itb_start = vec![0; id + 1];
            s.head_start = Vec::with_capacity(id + 1);
            s.head_start.push(0);
            for p in 0..id {
                let (a, b) = (s.start[p] as usize, s.start[p + 1] as usize);
                s.head.extend_from_slice(&s.links[a..b - 1]);
                s.head_start.push(s.head.len() as u32);
            }
        }
        if !s.itb_start.is_empty() {
            let mut next = itbs.iter().peekable();
            for (i, &p) in links.iter().enumerate() {
                while let Some(h) = next.next_if(|h| h.at as usize == i) {
                    s.head.extend_from_slice(&[h.port, ITB_MARK]);
                }
                s.head.push(p);
            }
            // an in-transit host at the last switch comes before the destination's port
            for h in next {
                s.head.extend_from_slice(&[h.port, ITB_MARK]);
            }
            s.itbs.extend_from_slice(itbs);
            s.itb_start.push(s.itbs.len() as u32);
            s.head_start.push(s.head.len() as u32);
        }
        s.start.push(s.switches.len() as u32);
        Ok(id as u32)
    }
}

/// The NIC routing tables (`blocks::nic::routing_table`) read a route set's headers.
impl RouteSource for RouteSet {
    #[inline]
    fn header(&self, src: usize, dst: usize) -> RouteBytes<'_> {
        self.get(src, dst).header()
    }

    fn hosts(&self) -> usize {
        RouteSet::hosts(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_very_first_path_keeps_its_vcs() {
        let mut b = RouteSetBuilder::new(2, "hosts").unwrap();
        let r = Route {
            switches: vec![0, 1],
            ports: vec![3, 0],
            vcs: vec![2, 1],
            itbs: vec![],
        };
        b.add(0, 1, &r).unwrap();
        let plain = Route {
            switches: vec![1, 0],
            ports: vec![3, 0],
            vcs: vec![],
            itbs: vec![],
        };
        b.add(1, 0, &plain).unwrap();
        let s = b.finish();
        assert_eq!(s.get(0, 1).to_route().vcs, vec![2, 1]);
        assert_eq!(s.get(1, 0).to_route().vcs, vec![0, 0]);
        assert_eq!(s.vcs(), 3);
    }

    #[test]
    fn a_path_is_stored_once_and_a_colliding_hash_finds_its_own() {
        let mut b = RouteSetBuilder::new(4, "hosts").unwrap();
        let hop = |at, host| ItbHop { at, host, port: 2 };
        let a = b.intern(&[0, 1, 2], &[3, 4], &[], &[]).unwrap();
        // the same switches and ports: the same path, with VCs of 0 or none
        assert_eq!(b.intern(&[0, 1, 2], &[3, 4], &[], &[]).unwrap(), a);
        assert_eq!(b.intern(&[0, 1, 2], &[3, 4], &[0, 0, 0], &[]).unwrap(), a);
        // another VC, port, switch or in-transit host: another path
        let others = [
            b.intern(&[0, 1, 2], &[3, 4], &[0, 1, 0], &[]).unwrap(),
            b.intern(&[0, 1, 2], &[4, 3], &[], &[]).unwrap(),
            b.intern(&[0, 1, 3], &[3, 4], &[], &[]).unwrap(),
            b.intern(&[0, 1, 2], &[3, 4], &[], &[hop(1, 2)]).unwrap(),
        ];
        let mut ids = vec![a];
        ids.extend(others);
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 5, "five distinct paths: {ids:?}");
        // a new path whose hash the table holds already, for another path: the probe goes on
        // to the next hash value and the new path gets its own id
        let (sw, links) = ([5u32, 6], [1u8]);
        let h = content_hash((&sw, &links, &[], &[]));
        b.index.insert(h, a);
        let c = b.intern(&sw, &links, &[], &[]).unwrap();
        assert_ne!(c, a);
        assert_eq!(b.path(c), (&sw[..], &links[..]));
        assert_eq!(
            b.intern(&sw, &links, &[], &[]).unwrap(),
            c,
            "found again past the collision"
        );
    }
}
