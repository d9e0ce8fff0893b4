//! Dimension-order (X then Y) source routes for 2D meshes and tori. On a torus each dimension
//! goes the shorter way around its ring (ties: the + direction). Without virtual channels the
//! torus rings make these routes cyclic — the deadlock checker says so.

use super::{Route, RouteSet};
use crate::error::{Error, Result};
use crate::topology::{Shape, Topology};

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
    };
    let [nx, ny] = dims;
    // hosts sit on ports 0..h, then +x, -x, +y, -y
    let h = topo.ports_per_switch - 4;
    let hosts = topo.num_hosts();
    let step = |c: usize, t: usize, n: usize| -> (usize, bool) {
        // next coordinate and whether the move is in the + direction
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
    };
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
