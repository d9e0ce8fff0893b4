//! Local(l): a host on a switch at most `l` switches away, the source's own switch included
//! (seed 000 §4.2): minimal switch hops, or with `traffic.local_metric = "route"` the switch
//! hops of the route up*/down* routing gives the two hosts.

use super::{Draw, Entry, PairHops, Pattern, TrafficPattern};
use crate::error::Result;
use crate::topology::Topology;
use std::fmt;

/// A host on a switch at most `hops` switches away (own switch included), counted as
/// minimal switch hops (`routes: None`) or as `routes(src, dst)` says (the switch hops of the
/// pair's up*/down* route).
#[derive(Clone)]
pub struct Local {
    pub hops: u32,
    pub routes: Option<PairHops>,
}

impl fmt::Debug for Local {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Local")
            .field("hops", &self.hops)
            .field("along_routes", &self.routes.is_some())
            .finish()
    }
}

/// Its registration: `local3` or `local:3`.
pub const ENTRY: Entry = Entry {
    name: "localL",
    help: "a host on a switch at most L minimal switch hops away, e.g. local3 or local:5 (ITB paper §4.2)",
    parse: |t| {
        let Some(rest) = t.strip_prefix("local") else {
            return Ok(None);
        };
        let hops: u32 = rest
            .trim_start_matches(':')
            .parse()
            .map_err(|_| "has no valid hop count")?;
        if hops == 0 {
            return Err("needs at least 1 hop");
        }
        Ok(Some(Pattern::local(hops)))
    },
};

impl Pattern {
    /// Local traffic within `hops` minimal switch hops.
    pub fn local(hops: u32) -> Pattern {
        Pattern::new(Local { hops, routes: None })
    }
}

impl TrafficPattern for Local {
    /// Per switch, the hosts on switches within the hop bound, ascending; along routes, per
    /// host the other hosts whose route from it is within the bound.
    fn draw(&self, topo: &Topology) -> Result<Draw> {
        let h = topo.num_hosts();
        if let Some(r) = &self.routes {
            let mut offsets = vec![0u32];
            let mut dests = Vec::new();
            for s in 0..h {
                dests.extend(
                    (0..h)
                        .filter(|&d| d != s && r(s, d) <= self.hops)
                        .map(|d| d as u32),
                );
                offsets.push(dests.len() as u32);
            }
            return Ok(Draw::HostLists { offsets, dests });
        }
        let mut offsets = vec![0u32];
        let mut dests = Vec::new();
        let mut at = vec![0u32; h];
        for sw in 0..topo.switches {
            let dist = topo.bfs(sw);
            let start = dests.len();
            for d in 0..h {
                if dist[topo.host(d).sw] <= self.hops {
                    if topo.host(d).sw == sw {
                        at[d] = (dests.len() - start) as u32;
                    }
                    dests.push(d as u32);
                }
            }
            offsets.push(dests.len() as u32);
        }
        Ok(Draw::Lists { offsets, dests, at })
    }

    fn along_routes(&self, routes: &PairHops) -> Option<Pattern> {
        Some(Pattern::new(Local {
            hops: self.hops,
            routes: Some(routes.clone()),
        }))
    }
}

impl fmt::Display for Local {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "local{}", self.hops)
    }
}
