//! Dimension-order (X then Y) source routes for 2D meshes and tori. On a torus each dimension
//! goes the shorter way around its ring (ties: the + direction). Without virtual channels the
//! torus rings make these routes cyclic — the deadlock checker says so. (Regular topologies for
//! comparison with the irregular networks of seed 000 §4.1.)

use super::function::dor::Classes;
use super::{Route, RouteSet, RouteSetBuilder};
use crate::error::{Error, Result};
use crate::topology::mesh::check_layout;
use crate::topology::{Shape, Topology};

/// One dimension-order route per ordered host pair.
pub fn routes(topo: &Topology) -> Result<RouteSet> {
    let paths = Paths::new(topo)?;
    let hosts = topo.num_hosts();
    let mut routes = RouteSetBuilder::new(hosts, "hosts of the topology")?;
    let mut r = Route::default();
    for s in 0..hosts {
        for d in 0..hosts {
            if s != d {
                paths.path(s, d, &mut r);
                routes.add(s, d, &r)?;
            }
        }
    }
    Ok(routes.finish())
}

/// Bytes a route set of every ordered host pair's dimension-order route would take at least:
/// per pair its index and, per hop of an average path, a switch number and a port.
pub fn route_set_bytes(topo: &Topology) -> Result<u64> {
    let ([nx, ny], wrap) = grid_of(topo)?;
    let hosts = topo.num_hosts() as u64;
    // mean distance along a line of n: (n² - 1) / 3n; around a ring about n / 4
    let mean = |n: usize| {
        if wrap {
            n as f64 / 4.0
        } else {
            (n * n - 1) as f64 / (3 * n) as f64
        }
    };
    let hops = mean(nx) + mean(ny) + 1.0;
    Ok((hosts * hosts).saturating_mul(12 + (5.0 * hops) as u64))
}

/// Dimension-order paths of a mesh or torus, one at a time (no route set).
pub struct Paths<'a> {
    topo: &'a Topology,
    dims: [usize; 2],
    wrap: bool,
}

impl<'a> Paths<'a> {
    /// The paths of `topo` (a mesh or torus with its hosts on the first ports); an error
    /// naming the topology otherwise.
    pub fn new(topo: &'a Topology) -> Result<Self> {
        let (dims, wrap) = grid_of(topo)?;
        check_layout(topo, dims, wrap)?;
        Ok(Paths { topo, dims, wrap })
    }

    /// Host `s`'s route to host `d` into `r` (its switches and output ports; no VCs): X first,
    /// then Y, then the port of host `d`; a tie goes +.
    pub fn path(&self, s: usize, d: usize, r: &mut Route) {
        self.path_with(s, d, [true; 2], r)
    }

    /// In which dimensions host `s`'s destination `d` is exactly half a ring away (a tie:
    /// both ways are shortest). Never on a mesh.
    pub fn ties(&self, s: usize, d: usize) -> [bool; 2] {
        let (ss, ds) = (self.topo.host(s).sw, self.topo.host(d).sw);
        let [nx, ny] = self.dims;
        let tie = |c: usize, t: usize, n: usize| self.wrap && 2 * ((t + n - c) % n) == n;
        [tie(ss % nx, ds % nx, nx), tie(ss / nx, ds / nx, ny)]
    }

    /// [`Paths::path`] with a tie in dimension `i` going + when `plus[i]`, − otherwise.
    pub fn path_with(&self, s: usize, d: usize, plus: [bool; 2], r: &mut Route) {
        let ([nx, ny], wrap, topo) = (self.dims, self.wrap, self.topo);
        // hosts sit on ports 0..h, then +x, -x, +y, -y (as `topology::mesh` builds them)
        let h = topo.ports_per_switch - 4;
        let ties = self.ties(s, d);
        let mut first = [true; 2];
        let mut step = |c: usize, t: usize, n: usize, i: usize| {
            let tie = std::mem::take(&mut first[i]) && ties[i];
            match tie {
                true if !plus[i] => ((c + n - 1) % n, false),
                _ => dor_step(c, t, n, wrap),
            }
        };
        r.switches.clear();
        r.ports.clear();
        let (ss, ds) = (topo.host(s).sw, topo.host(d).sw);
        let (mut x, mut y) = (ss % nx, ss / nx);
        let (tx, ty) = (ds % nx, ds / nx);
        while x != tx {
            let (nx2, plus) = step(x, tx, nx, 0);
            r.switches.push((x + y * nx) as u32);
            r.ports.push((if plus { h } else { h + 1 }) as u8);
            x = nx2;
        }
        while y != ty {
            let (ny2, plus) = step(y, ty, ny, 1);
            r.switches.push((x + y * nx) as u32);
            r.ports.push((if plus { h + 2 } else { h + 3 }) as u8);
            y = ny2;
        }
        r.switches.push(ds as u32);
        r.ports.push(topo.host(d).port as u8);
    }
}

/// The dimensions of a mesh or torus topology and whether it wraps; an error naming the
/// topology otherwise.
pub fn grid_of(topo: &Topology) -> Result<([usize; 2], bool)> {
    Ok(match topo.shape {
        Shape::Mesh { dims } => (dims, false),
        Shape::Torus { dims } => (dims, true),
        Shape::Irregular => {
            return Err(Error::new(
                "dimension-order routing needs a mesh or torus topology (topology.kind = \"mesh\" or \"torus\"), not an irregular one",
            ))
        }
        Shape::FatTree { k, n } => {
            return Err(Error::new(format!(
                "dimension-order routing needs a mesh or torus topology (topology.kind = \"mesh\" or \"torus\"), not a {k}-ary {n}-tree (route it with fir-det or ir-adaptive)",
            )))
        }
        Shape::Dragonfly { .. } => {
            return Err(Error::new(
                "dimension-order routing needs a mesh or torus topology (topology.kind = \"mesh\" or \"torus\"), not a dragonfly (route it with dfly-min)",
            ))
        }
    })
}

/// One dimension-order step from coordinate `c` towards `t` on a ring (`wrap`) or line of `n`:
/// the next coordinate and whether the move is in the + direction. On a ring the shorter way
/// around wins; a tie goes +.
#[inline]
pub fn dor_step(c: usize, t: usize, n: usize, wrap: bool) -> (usize, bool) {
    if !wrap {
        if t > c {
            (c + 1, true)
        } else {
            (c - 1, false)
        }
    } else {
        let fwd = (t + n - c) % n;
        if fwd <= n - fwd {
            ((c + 1) % n, true)
        } else {
            ((c + n - 1) % n, false)
        }
    }
}

/// Dateline virtual channels for dimension-order routes on a torus: in every ring a packet
/// starts on VC 0 and takes VC 1 from the wraparound link (the dateline) on, until it turns
/// into the next dimension. With two VCs the channel dependency graph of the rings is acyclic
/// (Dally & Seitz). Meshes have no wraparound: every hop stays on VC 0.
pub fn with_datelines(topo: &Topology, routes: RouteSet) -> Result<RouteSet> {
    with_classes(topo, routes, Classes::Dateline)
}

/// VC classes for dimension-order routes on a torus, by `classes`
/// ([`Classes::Dateline`]: VC 1 from the wraparound link on; [`Classes::Entry`]: chosen when
/// the route enters a dimension, VC 1 when the destination's coordinate is below the current
/// one, as the routing function does). [`Classes::None`] leaves the routes as they are.
pub fn with_classes(topo: &Topology, mut routes: RouteSet, classes: Classes) -> Result<RouteSet> {
    if classes == Classes::None {
        return Ok(routes);
    }
    let (dims, wrap) = match topo.shape {
        Shape::Mesh { dims } => (dims, false),
        Shape::Torus { dims } => (dims, true),
        _ => {
            return Err(Error::new(
                "dateline virtual channels need a mesh or torus topology",
            ))
        }
    };
    let [nx, ny] = dims;
    let h = topo.ports_per_switch - 4;
    let coord = |sw: usize, d: usize| if d == 0 { sw % nx } else { sw / nx };
    routes.set_vcs(|switches, ports, vcs| {
        let last = switches.last().map_or(0, |&s| s as usize);
        let (mut dim, mut crossed) = (usize::MAX, false);
        for (i, &sw) in switches.iter().enumerate() {
            let Some(&port) = ports.get(i) else {
                vcs[i] = 0; // to the host
                continue;
            };
            let (sw, port) = (sw as usize, port as usize);
            let d = (port - h) / 2;
            let plus = (port - h).is_multiple_of(2);
            let (c, n) = (coord(sw, d), if d == 0 { nx } else { ny });
            if d != dim {
                // entering the dimension: the destination's coordinate in it is where the
                // route's last switch lies (dimension order finishes it before the next)
                dim = d;
                crossed = classes == Classes::Entry && coord(last, d) < c;
            }
            if classes == Classes::Dateline {
                crossed |= wrap && ((plus && c == n - 1) || (!plus && c == 0));
            }
            vcs[i] = crossed as u8;
        }
    });
    Ok(routes)
}
