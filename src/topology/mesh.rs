//! 2D meshes and tori with several hosts per switch (regular topologies for comparison with the
//! irregular networks of seed 000 §4.1).
//!
//! Switch id = x + y·X. Ports: hosts on `0..h`, then +x at `h`, −x at `h+1`, +y at `h+2`,
//! −y at `h+3` (ports per switch = h + 4). A torus needs every dimension ≥ 3 (a 2-wide ring would
//! put two links between the same two switches).

use super::{HostSpec, LinkSpec, Peer, Shape, Topology};
use crate::error::{Error, Result};

/// The link ports after the hosts, in port order: +x at `h`, −x at `h+1`, +y at `h+2`, −y at
/// `h+3` (offsets [`XP`], [`XM`], [`YP`], [`YM`] from `h`), as the builder wires them and
/// [`check_layout`] checks them. Each is its port's name in waveforms (`in_xp`, `out_ym`).
pub const DIRECTIONS: [&str; 4] = ["xp", "xm", "yp", "ym"];
const XP: usize = 0;
const XM: usize = 1;
const YP: usize = 2;
const YM: usize = 3;

/// The name of `port` of a mesh or torus switch with `h` hosts: `local` for the host port
/// (`local0`, `local1`, ... with several hosts per switch), then [`DIRECTIONS`].
pub fn port_name(h: usize, port: usize) -> Option<String> {
    match port.checked_sub(h) {
        None if h == 1 => Some("local".into()),
        None => Some(format!("local{port}")),
        Some(d) => DIRECTIONS.get(d).map(|d| d.to_string()),
    }
}

/// Most switches a mesh or torus may have.
pub const MAX_SWITCHES: usize = 65536;

/// Parse dimensions written `XxY`, e.g. "8x8" or "4x16".
pub fn parse_dims(s: &str) -> Result<[usize; 2]> {
    let bad = || {
        Error::field(
            "dims",
            format!("{s:?}: expected XxY with two positive integers, e.g. 8x8"),
        )
    };
    let (a, b) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let x: usize = a.trim().parse().map_err(|_| bad())?;
    let y: usize = b.trim().parse().map_err(|_| bad())?;
    if x == 0 || y == 0 {
        return Err(bad());
    }
    check_size(x, y)?;
    Ok([x, y])
}

fn check_size(nx: usize, ny: usize) -> Result<usize> {
    match nx.checked_mul(ny) {
        Some(n) if n <= MAX_SWITCHES => Ok(n),
        _ => Err(Error::field(
            "dims",
            format!("{nx}x{ny}: too many switches, allowed at most {MAX_SWITCHES}"),
        )),
    }
}

fn build(dims: [usize; 2], h: usize, wrap: bool) -> Result<Topology> {
    let [nx, ny] = dims;
    let kind = if wrap { "torus" } else { "mesh" };
    if nx == 0 || ny == 0 {
        return Err(Error::field(
            "dims",
            format!("{nx}x{ny}: every dimension of a {kind} must be at least 1"),
        ));
    }
    if check_size(nx, ny)? < 2 {
        return Err(Error::field(
            "dims",
            format!("{nx}x{ny}: a {kind} needs at least two switches"),
        ));
    }
    if !(1..=251).contains(&h) {
        return Err(Error::field(
            "hosts_per_switch",
            format!("{h} is out of range, allowed 1..=251 (ports per switch = hosts + 4 ≤ 255)"),
        ));
    }
    if wrap && (nx < 3 || ny < 3) {
        return Err(Error::field(
            "dims",
            format!("{nx}x{ny}: a torus needs every dimension ≥ 3 (a 2-wide ring would put two links between the same switches); use a mesh"),
        ));
    }
    let id = |x: usize, y: usize| x + y * nx;
    let mut links = Vec::new();
    for y in 0..ny {
        for x in 0..nx {
            if x + 1 < nx || wrap {
                links.push(LinkSpec {
                    a: id(x, y),
                    pa: h + XP,
                    b: id((x + 1) % nx, y),
                    pb: h + XM,
                });
            }
            if y + 1 < ny || wrap {
                links.push(LinkSpec {
                    a: id(x, y),
                    pa: h + YP,
                    b: id(x, (y + 1) % ny),
                    pb: h + YM,
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

/// The port layout dimension-order routing relies on: switch x + y·X, ports per switch h + 4,
/// +x at h, −x at h+1, +y at h+2, −y at h+3, each linked to the expected neighbour.
pub fn check_layout(topo: &Topology, [nx, ny]: [usize; 2], wrap: bool) -> Result<()> {
    let kind = if wrap { "torus" } else { "mesh" };
    let np = topo.ports_per_switch;
    if nx.checked_mul(ny) != Some(topo.switches) || np < 5 {
        return Err(Error::new(format!(
            "a {nx}x{ny} {kind} needs {} switches with at least 5 ports, the topology has {} switches with {np} ports",
            nx.saturating_mul(ny),
            topo.switches
        )));
    }
    let h = np - 4;
    for sw in 0..topo.switches {
        let (x, y) = (sw % nx, sw / nx);
        let expect = [
            (
                h + XP,
                h + XM,
                (x + 1 < nx || wrap).then(|| (x + 1) % nx + y * nx),
            ),
            (
                h + XM,
                h + XP,
                (x > 0 || wrap).then(|| (x + nx - 1) % nx + y * nx),
            ),
            (
                h + YP,
                h + YM,
                (y + 1 < ny || wrap).then(|| x + (y + 1) % ny * nx),
            ),
            (
                h + YM,
                h + YP,
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
                    "switch {sw} port {port} does not follow the {nx}x{ny} {kind} layout (hosts on ports 0..{h}, then +x, -x, +y, -y)"
                )));
            }
        }
    }
    Ok(())
}
