//! Dimension-order (X then Y) source routes for 2D meshes and tori. On a torus each dimension
//! goes the shorter way around its ring (ties: the + direction). Without virtual channels the
//! torus rings make these routes cyclic — the deadlock checker says so. (Regular topologies for
//! comparison with the irregular networks of seed 000 §4.1.)

use super::{Route, RouteSet};
use crate::error::{Error, Result};
use crate::topology::{Peer, Shape, Topology};

/// The port layout dimension-order routing relies on: switch x + y·X, ports per switch h + 4,
/// +x at h, −x at h+1, +y at h+2, −y at h+3, each linked to the expected neighbour.
pub fn check_layout(topo: &Topology, [nx, ny]: [usize; 2], wrap: bool) -> Result<()> {
    let kind = if wrap { "torus" } else { "mesh" };
    let np = topo.ports_per_switch;
    if nx.checked_mul(ny) != Some(topo.switches) || np < 5 {
        return Err(Error::new(format!(
            "dimension-order routing: a {nx}x{ny} {kind} needs {} switches with at least 5 ports, the topology has {} switches with {np} ports",
            nx.saturating_mul(ny),
            topo.switches
        )));
    }
    let h = np - 4;
    for sw in 0..topo.switches {
        let (x, y) = (sw % nx, sw / nx);
        let expect = [
            (
                h,
                h + 1,
                (x + 1 < nx || wrap).then(|| (x + 1) % nx + y * nx),
            ),
            (
                h + 1,
                h,
                (x > 0 || wrap).then(|| (x + nx - 1) % nx + y * nx),
            ),
            (
                h + 2,
                h + 3,
                (y + 1 < ny || wrap).then(|| x + (y + 1) % ny * nx),
            ),
            (
                h + 3,
                h + 2,
                (y > 0 || wrap).then(|| x + (y + ny - 1) % ny * nx),
            ),
        ];
        for (port, back, to) in expect {
            let ok = match (to, topo.peer(sw, port)) {
                (Some(t), Peer::Switch { sw: s2, port: p2 }) => s2 == t && p2 == back,
                (None, Peer::Switch { .. }) => false,
                (None, _) => true,
                (Some(_), _) => false,
            };
            if !ok {
                return Err(Error::new(format!(
                    "dimension-order routing: switch {sw} port {port} does not follow the {nx}x{ny} {kind} layout (hosts on ports 0..{h}, then +x, -x, +y, -y)"
                )));
            }
        }
    }
    Ok(())
}

/// One dimension-order route per ordered host pair.
pub fn routes(topo: &Topology) -> Result<RouteSet> {
    let (dims, wrap) = match topo.shape {
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
    };
    let [nx, ny] = dims;
    // hosts sit on ports 0..h, then +x, -x, +y, -y (as `topology::mesh` builds them)
    check_layout(topo, dims, wrap)?;
    let h = topo.ports_per_switch - 4;
    let hosts = topo.num_hosts();
    let step = |c: usize, t: usize, n: usize| dor_step(c, t, n, wrap);
    let mut routes = vec![Route::default(); hosts * hosts];
    for s in 0..hosts {
        for d in 0..hosts {
            if s == d {
                continue;
            }
            let (ss, ds) = (topo.host(s).sw, topo.host(d).sw);
            let (mut x, mut y) = (ss % nx, ss / nx);
            let (tx, ty) = (ds % nx, ds / nx);
            let mut r = Route::default();
            while x != tx {
                let (nx2, plus) = step(x, tx, nx);
                r.switches.push((x + y * nx) as u32);
                r.ports.push((if plus { h } else { h + 1 }) as u8);
                x = nx2;
            }
            while y != ty {
                let (ny2, plus) = step(y, ty, ny);
                r.switches.push((x + y * nx) as u32);
                r.ports.push((if plus { h + 2 } else { h + 3 }) as u8);
                y = ny2;
            }
            r.switches.push(ds as u32);
            r.ports.push(topo.host(d).port as u8);
            routes[s * hosts + d] = r;
        }
    }
    Ok(RouteSet { hosts, routes })
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
