//! Up*/down* as InfiniBand forwarding tables (`routing.paths = "forwarding"`, seed 004 §4.1).

use super::{Dist, Nbrs, UpDown};
use crate::error::{Error, Result};
use crate::routing::RouteSetBuilder;
use crate::topology::Topology;

/// Up*/down* as InfiniBand forwarding tables (seed 004 §4.1: "packets are routed at each
/// switch by accessing the forwarding table, that contains the output ports to be used at the
/// switch for each possible destination"): one output port per (switch, destination host),
/// whatever the source, as a subnet manager's up*/down* engine fills them. A switch from which
/// the destination's switch is reachable going down only sends down, on a shortest down-only
/// path; any other one sends up, to the up neighbour whose own table reaches the destination
/// soonest. Every table walk is then a legal up*/down* path (up hops, then down hops only),
/// though not always a shortest legal one. Among equal options the port that carries the
/// fewest destinations so far is taken (lowest port on a tie), destinations in host order.
pub(super) fn routes(
    topo: &Topology,
    ud: &UpDown,
    nb: &Nbrs,
    dist: &Dist,
    b: &mut RouteSetBuilder,
) -> Result<()> {
    let (n, h, np) = (topo.switches, topo.num_hosts(), topo.ports_per_switch);
    // up neighbours come before their down neighbours in this order
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&s| (ud.level[s], s));
    let mut load = vec![0u32; n * np];
    let (mut hops, mut next) = (vec![u32::MAX; n], vec![(0u8, 0u32); n]);
    let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
    for d in 0..h {
        let ds = topo.host(d).sw;
        b.set_last(d, topo.host(d).port as u8)?;
        let row = dist.row(ds);
        let down = |x: usize| row[2 * x + 1];
        for &x in &order {
            if x == ds {
                hops[x] = 0;
                continue;
            }
            // down only where that reaches the destination, else up to the best table
            let opts = nb.of(x).iter().filter(|z| {
                if down(x) != u32::MAX {
                    !z.up && down(z.sw as usize) == down(x) - 1
                } else {
                    z.up && hops[z.sw as usize] != u32::MAX
                }
            });
            let best = opts
                .map(|z| {
                    let t = if down(x) != u32::MAX {
                        down(x)
                    } else {
                        hops[z.sw as usize] + 1
                    };
                    (t, load[x * np + z.port as usize], z.port, z.sw)
                })
                .min();
            let Some((t, _, port, sw)) = best else {
                return Err(Error::new(format!(
                    "up*/down* forwarding tables: switch {x} has no legal path to switch {ds}"
                )));
            };
            hops[x] = t;
            next[x] = (port, sw);
            load[x * np + port as usize] += 1;
        }
        for (ss, srcs) in hosts_on.iter().enumerate() {
            if srcs.is_empty() || srcs.iter().all(|&s| s == d) {
                continue;
            }
            let (mut path, mut links, mut x) = (vec![ss as u32], vec![], ss);
            while x != ds {
                let (port, sw) = next[x];
                links.push(port);
                path.push(sw);
                x = sw as usize;
            }
            let id = b.intern(&path, &links, &[], &[])?;
            for &s in srcs.iter().filter(|&&s| s != d) {
                b.assign(s, d, id);
            }
        }
    }
    Ok(())
}
