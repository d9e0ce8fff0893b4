//! Local(l): a host on a switch at most `l` minimal switch hops away, the source's own switch
//! included (seed 000 §4.2).

use super::{Draw, Entry, Pattern, TrafficPattern};
use crate::error::Result;
use crate::topology::Topology;
use std::fmt;

/// A host on a switch at most `hops` minimal switch hops away (own switch included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Local {
    pub hops: u32,
}

/// Its registration: `local3` or `local:3`.
pub const ENTRY: Entry = Entry {
    name: "localL",
    help: "a host on a switch at most L minimal switch hops away, e.g. local3 or local:5 (seed 000 §4.2)",
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
    /// Local traffic within `hops` switch hops.
    pub fn local(hops: u32) -> Pattern {
        Pattern::new(Local { hops })
    }
}

impl TrafficPattern for Local {
    /// Per switch, the hosts on switches within the hop bound, ascending.
    fn draw(&self, topo: &Topology) -> Result<Draw> {
        let h = topo.num_hosts();
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
}

impl fmt::Display for Local {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "local{}", self.hops)
    }
}
