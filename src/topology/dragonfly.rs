//! Dragonfly (Kim, Dally, Scott and Abts, ISCA 2008), wired as BookSim2's `dragonflynew` wires
//! it: `a` routers per group, `p` hosts per router, `h` global links per router, `g = a·h + 1`
//! groups, so that every two groups share exactly one global link.
//!
//! Router id = group · a + r (r the router's place in its group); host id = router · p + i on
//! port i. Ports: hosts on `0..p`, then the `a − 1` local links (to router q of the group on
//! port `p + q` when q < r, `p + q − 1` when q > r), then the `h` global links on
//! `p + a − 1 + c`. The canonical ("absolute") arrangement: global port c of router r is its
//! group's slot j = r·h + c, which leads to group j when j < the group's own number and to group
//! j + 1 otherwise; group D's link back to group G is its slot G when G < D, G − 1 when G > D.

use super::{HostSpec, LinkSpec, Shape, Topology, MAX_HOSTS};
use crate::error::{Error, Result};

/// Most routers a group may have (BookSim2's dragonfly example has 8).
pub const MAX_A: usize = 64;

/// The shape of a dragonfly: routers per group, hosts per router, global links per router.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dragonfly {
    pub a: usize,
    pub p: usize,
    pub h: usize,
}

impl Dragonfly {
    /// Groups: a·h + 1 (one global link between every two groups).
    pub fn groups(&self) -> usize {
        self.a * self.h + 1
    }

    /// Routers of the whole network.
    pub fn routers(&self) -> usize {
        self.groups() * self.a
    }

    /// Ports of a router: p hosts, a − 1 local links, h global links.
    pub fn ports(&self) -> usize {
        self.p + self.a - 1 + self.h
    }

    /// The group of router `r`.
    pub fn group(&self, r: usize) -> usize {
        r / self.a
    }

    /// The first global port.
    pub fn first_global(&self) -> usize {
        self.p + self.a - 1
    }

    /// The local port of router `r` towards router `q` of its group (q ≠ r).
    pub fn local_port(&self, r: usize, q: usize) -> usize {
        let (r, q) = (r % self.a, q % self.a);
        self.p + if q < r { q } else { q - 1 }
    }

    /// The router of group `from` holding its global link to group `to` (≠ `from`), and the
    /// port.
    pub fn global_link(&self, from: usize, to: usize) -> (usize, usize) {
        let slot = if to < from { to } else { to - 1 };
        (
            from * self.a + slot / self.h,
            self.first_global() + slot % self.h,
        )
    }

    /// Check the sizes: a in 1..=[`MAX_A`], h ≥ 1, p ≥ 1, at most 32 ports per router and
    /// [`MAX_HOSTS`] hosts; the error names the key.
    pub fn check(&self) -> Result<()> {
        let Dragonfly { a, p, h } = *self;
        if !(1..=MAX_A).contains(&a) {
            return Err(Error::field(
                "topology.a",
                format!("{a} routers per group is out of range, allowed 1..={MAX_A}"),
            ));
        }
        if h == 0 {
            return Err(Error::field(
                "topology.h",
                "0 global links per router would leave every group alone; allowed >= 1",
            ));
        }
        if p == 0 {
            return Err(Error::field(
                "topology.hosts_per_switch",
                "0 hosts per router; allowed >= 1",
            ));
        }
        if p + a - 1 + h > 32 {
            return Err(Error::field(
                "topology",
                format!(
                    "a dragonfly router of {p} hosts, {} local and {h} global links has {} ports, more than the 32 a switch may have",
                    a - 1,
                    p + a - 1 + h
                ),
            ));
        }
        let hosts = (a * h + 1).saturating_mul(a).saturating_mul(p);
        if hosts > MAX_HOSTS {
            return Err(Error::field(
                "topology",
                format!(
                    "a dragonfly of a = {a}, p = {p}, h = {h} has {hosts} hosts, more than {MAX_HOSTS}"
                ),
            ));
        }
        Ok(())
    }
}

/// The dragonfly of `d` ([`Dragonfly::check`]ed).
pub fn dragonfly(d: Dragonfly) -> Result<Topology> {
    d.check()?;
    let (a, p) = (d.a, d.p);
    let (g, n) = (d.groups(), d.routers());
    let mut links = Vec::new();
    for grp in 0..g {
        // local links: every pair of the group once
        for r in 0..a {
            for q in r + 1..a {
                let (x, y) = (grp * a + r, grp * a + q);
                links.push(LinkSpec {
                    a: x,
                    pa: d.local_port(x, y),
                    b: y,
                    pb: d.local_port(y, x),
                });
            }
        }
        // global links: to every later group once
        for to in grp + 1..g {
            let (x, px) = d.global_link(grp, to);
            let (y, py) = d.global_link(to, grp);
            links.push(LinkSpec {
                a: x,
                pa: px,
                b: y,
                pb: py,
            });
        }
    }
    let hosts = (0..n * p)
        .map(|host| HostSpec {
            host,
            sw: host / p,
            port: host % p,
        })
        .collect();
    Topology::new(
        n,
        d.ports(),
        links,
        hosts,
        Shape::Dragonfly {
            a: d.a,
            p: d.p,
            h: d.h,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Peer;

    #[test]
    fn booksim2s_example_is_33_groups_of_8_routers_wired_as_it_wires_them() {
        // BookSim2's dragonflynew with k = 4: p = 4, a = 8, h = 4
        let d = Dragonfly { a: 8, p: 4, h: 4 };
        let t = dragonfly(d).unwrap();
        assert_eq!((d.groups(), t.switches, t.num_hosts()), (33, 264, 1056));
        assert_eq!(t.ports_per_switch, 15);
        // every port used, every two groups joined by exactly one global link
        let mut between = vec![0; 33 * 33];
        for sw in 0..t.switches {
            for port in 0..15 {
                match t.peer(sw, port) {
                    Peer::Host(hst) => assert_eq!((hst / 4, hst % 4), (sw, port)),
                    Peer::Switch { sw: o, .. } if port >= d.first_global() => {
                        assert_ne!(d.group(o), d.group(sw));
                        between[d.group(sw) * 33 + d.group(o)] += 1;
                    }
                    Peer::Switch { sw: o, port: po } => {
                        assert_eq!(d.group(o), d.group(sw));
                        assert_eq!(po, d.local_port(o, sw));
                        assert_eq!(port, d.local_port(sw, o));
                    }
                    Peer::None => panic!("sw{sw}.p{port} unused"),
                }
            }
        }
        for x in 0..33 {
            for y in 0..33 {
                assert_eq!(between[x * 33 + y], (x != y) as u32, "groups {x} and {y}");
            }
        }
        // BookSim2's arrangement: group 0's slot 0 (router 0, port 11) leads to group 1, whose
        // slot 0 leads back; group 5's router 1 port 12 is its slot 5, to group 6
        assert_eq!(d.global_link(0, 1), (0, 11));
        assert_eq!(d.global_link(1, 0), (8, 11));
        assert_eq!(d.global_link(5, 6), (5 * 8 + 1, 12));
        assert_eq!(t.peer(0, 11), Peer::Switch { sw: 8, port: 11 });
    }

    #[test]
    fn bad_sizes_are_refused_naming_the_key() {
        let bad = |a, p, h, key: &str| {
            let e = dragonfly(Dragonfly { a, p, h }).unwrap_err().to_string();
            assert!(e.contains(key), "{a} {p} {h}: {e}");
        };
        bad(65, 1, 1, "topology.a");
        bad(0, 1, 1, "topology.a");
        bad(4, 2, 0, "topology.h");
        bad(4, 0, 2, "topology.hosts_per_switch");
        bad(16, 8, 12, "32");
    }
}
