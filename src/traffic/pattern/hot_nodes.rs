//! Hot nodes: every message goes to one of a list of hosts, drawn by integer weights, the
//! source itself included — BookSim2's `hotspot({n1,n2,...},{w1,w2,...})`, which sends no
//! uniform part: past saturation a network under it sits at the hot hosts' ejection bound.

use super::{Draw, Entry, Pattern, TrafficPattern};
use crate::error::{Error, Result};
use crate::topology::Topology;
use std::fmt;

/// Every message to one of `hosts`, host `i` with weight `weights[i]` (integers ≥ 1).
#[derive(Debug, Clone, PartialEq)]
pub struct HotNodes {
    pub hosts: Vec<usize>,
    pub weights: Vec<u32>,
}

/// Most hosts a list may name.
const MAX_HOSTS: usize = 65_536;

/// Its registration: `hot-nodes:0,9` (equal weights) or `hot-nodes:0,9@3,1`.
pub const ENTRY: Entry = Entry {
    name: "hot-nodes:H1,H2,...@W1,W2,...",
    help: "every message to one of the hosts H1, H2, ..., drawn by the integer weights W1, W2, ... (default equal), the source included (BookSim2's hotspot)",
    parse: |t| {
        let Some(rest) = t.strip_prefix("hot-nodes") else {
            return Ok(None);
        };
        let rest = rest
            .strip_prefix(':')
            .ok_or("needs its hosts after a colon (hot-nodes:0,9 or hot-nodes:0,9@3,1)")?;
        let (hs, ws) = match rest.split_once('@') {
            Some((h, w)) => (h, Some(w)),
            None => (rest, None),
        };
        let hosts: Vec<usize> = hs
            .split(',')
            .map(|x| x.trim().parse::<usize>())
            .collect::<std::result::Result<_, _>>()
            .map_err(|_| "needs a comma-separated list of host ids before @")?;
        if hosts.is_empty() || hosts.len() > MAX_HOSTS {
            return Err("needs 1 to 65536 hosts");
        }
        let weights: Vec<u32> = match ws {
            None => vec![1; hosts.len()],
            Some(w) => w
                .split(',')
                .map(|x| x.trim().parse::<u32>())
                .collect::<std::result::Result<_, _>>()
                .map_err(|_| "needs a comma-separated list of integer weights after @")?,
        };
        if weights.len() != hosts.len() {
            return Err("needs one weight per host");
        }
        if weights.iter().any(|&w| w == 0 || w > 1_000_000) {
            return Err("needs weights in 1..=1000000");
        }
        Ok(Some(Pattern::new(HotNodes { hosts, weights })))
    },
};

impl Pattern {
    /// Every message to one of `hosts`, drawn by `weights`.
    pub fn hot_nodes(hosts: Vec<usize>, weights: Vec<u32>) -> Pattern {
        Pattern::new(HotNodes { hosts, weights })
    }
}

impl TrafficPattern for HotNodes {
    fn draw(&self, topo: &Topology) -> Result<Draw> {
        let h = topo.num_hosts();
        if let Some(&bad) = self.hosts.iter().find(|&&x| x >= h) {
            return Err(Error::new(format!(
                "{self}: host {bad} does not exist, hosts are 0..{}",
                h.saturating_sub(1)
            )));
        }
        let mut total = 0u32;
        let cum = self
            .weights
            .iter()
            .map(|&w| {
                total += w;
                total
            })
            .collect();
        Ok(Draw::Weighted {
            hosts: self.hosts.iter().map(|&x| x as u32).collect(),
            cum,
        })
    }
}

impl fmt::Display for HotNodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |v: Vec<String>| v.join(",");
        write!(
            f,
            "hot-nodes:{}",
            join(self.hosts.iter().map(|x| x.to_string()).collect())
        )?;
        if self.weights.iter().any(|&w| w != 1) {
            write!(
                f,
                "@{}",
                join(self.weights.iter().map(|x| x.to_string()).collect())
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::mesh::mesh;
    use crate::traffic::pattern::DestTable;
    use rand::SeedableRng;

    #[test]
    fn destinations_follow_the_weights_and_include_the_source() {
        let topo = mesh([4, 4], 1).unwrap();
        let p = Pattern::parse("hot-nodes:0,9@3,1").unwrap();
        assert_eq!(p.to_string(), "hot-nodes:0,9@3,1");
        let t = DestTable::new(&p, &topo).unwrap();
        assert!(t.may_pick_self());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut n = [0usize; 16];
        for _ in 0..40_000 {
            n[t.pick(0, &mut rng).unwrap()] += 1;
        }
        // host 0 draws itself with its weight, 3 of 4
        assert_eq!(n[0] + n[9], 40_000);
        assert!((n[0] as f64 / 40_000.0 - 0.75).abs() < 0.01, "{n:?}");
        let mut w = [0.0; 16];
        t.weights(5, |d, p| w[d] += p);
        assert_eq!((w[0], w[9]), (0.75, 0.25));
    }

    #[test]
    fn bad_lists_are_refused_with_the_reason() {
        for (bad, why) in [
            ("hot-nodes", "colon"),
            ("hot-nodes:a", "host ids"),
            ("hot-nodes:1,2@3", "one weight per host"),
            ("hot-nodes:1@0", "weights in"),
        ] {
            let e = Pattern::parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
        let topo = mesh([2, 2], 1).unwrap();
        let e = DestTable::new(&Pattern::parse("hot-nodes:7").unwrap(), &topo)
            .unwrap_err()
            .to_string();
        assert!(e.contains("host 7 does not exist"), "{e}");
    }
}
