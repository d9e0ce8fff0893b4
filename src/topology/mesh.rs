//! 2D meshes and tori with several hosts per switch.
//!
//! Switch id = x + y·X. Ports: hosts on `0..h`, then +x at `h`, −x at `h+1`, +y at `h+2`,
//! −y at `h+3` (ports per switch = h + 4). A torus needs every dimension ≥ 3 (a 2-wide ring would
//! put two links between the same two switches).

use super::{HostSpec, LinkSpec, Shape, Topology};
use crate::error::{Error, Result};

/// Parse "8x8".
pub fn parse_dims(s: &str) -> Result<[usize; 2]> {
    let bad = || {
        Error::field(
            "dims",
            format!("{s:?}: expected XxY with positive integers, e.g. 8x8"),
        )
    };
    let (a, b) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let x: usize = a.trim().parse().map_err(|_| bad())?;
    let y: usize = b.trim().parse().map_err(|_| bad())?;
    if x == 0 || y == 0 || x * y > 65536 {
        return Err(bad());
    }
    Ok([x, y])
}

fn build(dims: [usize; 2], h: usize, wrap: bool) -> Result<Topology> {
    let [nx, ny] = dims;
    if nx * ny < 2 {
        return Err(Error::field(
            "dims",
            format!("{nx}x{ny}: at least two switches are needed"),
        ));
    }
    if !(1..=28).contains(&h) {
        return Err(Error::field(
            "hosts_per_switch",
            format!("{h} is out of range, allowed 1..=28"),
        ));
    }
    if wrap && (nx < 3 || ny < 3) {
        return Err(Error::field(
            "dims",
            format!("{nx}x{ny}: a torus needs every dimension ≥ 3"),
        ));
    }
    let id = |x: usize, y: usize| x + y * nx;
    let mut links = Vec::new();
    for y in 0..ny {
        for x in 0..nx {
            if x + 1 < nx || wrap {
                links.push(LinkSpec {
                    a: id(x, y),
                    pa: h,
                    b: id((x + 1) % nx, y),
                    pb: h + 1,
                });
            }
            if y + 1 < ny || wrap {
                links.push(LinkSpec {
                    a: id(x, y),
                    pa: h + 2,
                    b: id(x, (y + 1) % ny),
                    pb: h + 3,
                });
            }
        }
    }
    let hosts = (0..nx * ny * h)
        .map(|k| HostSpec {
            host: k,
            sw: k / h,
            port: k % h,
        })
        .collect();
    let shape = if wrap {
        Shape::Torus { dims }
    } else {
        Shape::Mesh { dims }
    };
    Topology::new(nx * ny, h + 4, links, hosts, shape)
}

/// A 2D mesh.
pub fn mesh(dims: [usize; 2], hosts_per_switch: usize) -> Result<Topology> {
    build(dims, hosts_per_switch, false)
}

/// A 2D torus.
pub fn torus(dims: [usize; 2], hosts_per_switch: usize) -> Result<Topology> {
    build(dims, hosts_per_switch, true)
}
