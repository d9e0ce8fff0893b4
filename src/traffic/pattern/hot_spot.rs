//! Hot-spot: a share of the messages to one host, the rest uniform (seed 000 §4.2, with the
//! share per network size; seed 001 §5.2.1, with "one random destination").

use super::{Draw, Entry, Pattern, TrafficPattern};
use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// `percent` % of messages to `host`, the rest uniform; `host` None: one host drawn from the
/// run's seed ([`Pattern::resolve`] picks it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HotSpot {
    pub percent: f64,
    pub host: Option<usize>,
}

/// Its registration: `hot-spot:20` (host 0), `hot-spot:20@7`, `hot-spot:20@random`.
pub const ENTRY: Entry = Entry {
    name: "hot-spot:PCT@HOST",
    help: "PCT % of messages to HOST (default 0, or random: drawn from the seed), the rest uniform (ITB and Fat-trees papers)",
    parse: |t| {
        let Some(rest) = ["hot-spot", "hotspot", "hot_spot"]
            .iter()
            .find_map(|pre| t.strip_prefix(pre))
        else {
            return Ok(None);
        };
        let rest = rest.trim_start_matches(':');
        let (pct, host) = match rest.split_once('@') {
            Some((p, "random")) => (p, None),
            Some((p, h)) => (
                p,
                Some(
                    h.parse::<usize>()
                        .map_err(|_| "has no valid host after @ (a host id or \"random\")")?,
                ),
            ),
            None => (rest, Some(0)),
        };
        let percent: f64 = pct.parse().map_err(|_| "has no valid percentage")?;
        if !(percent > 0.0 && percent <= 100.0) {
            return Err("needs a percentage in (0, 100]");
        }
        Ok(Some(Pattern::new(HotSpot { percent, host })))
    },
};

impl Pattern {
    /// `percent` % of messages to `host`, the rest uniform.
    pub fn hot_spot(percent: f64, host: usize) -> Pattern {
        Pattern::new(HotSpot {
            percent,
            host: Some(host),
        })
    }

    /// `percent` % of messages to one host drawn from the seed, the rest uniform.
    pub fn hot_spot_random(percent: f64) -> Pattern {
        Pattern::new(HotSpot {
            percent,
            host: None,
        })
    }
}

/// The hot-spot host of `hot-spot:PCT@random`: uniform over `0..hosts`, from its own ChaCha
/// stream of `seed` (so it does not disturb the traffic's streams). 0 when `hosts` is 0.
pub fn hot_spot_host(hosts: usize, seed: u64) -> usize {
    if hosts == 0 {
        return 0;
    }
    ChaCha8Rng::seed_from_u64(seed ^ 0x4051_5B07_0000_0001).random_range(0..hosts)
}

/// The paper's hot-spot share for a network size: 30/20/15/5 % for 8/16/32/64 switches
/// (seed 000 §4.2).
pub fn hot_spot_percent_for(switches: usize) -> f64 {
    match switches {
        0..=11 => 30.0,
        12..=23 => 20.0,
        24..=47 => 15.0,
        _ => 5.0,
    }
}

impl TrafficPattern for HotSpot {
    fn draw(&self, topo: &Topology) -> Result<Draw> {
        let Some(host) = self.host else {
            return Err(Error::new(format!(
                "{self}: the hot-spot host is drawn from the run's seed; resolve the pattern first (Pattern::resolve)"
            )));
        };
        let (percent, h) = (self.percent, topo.num_hosts());
        if !(percent > 0.0 && percent <= 100.0) {
            return Err(Error::new(format!(
                "hot-spot percentage {percent} is out of range, allowed (0, 100]"
            )));
        }
        if host >= h {
            return Err(Error::new(format!(
                "hot-spot host {host} does not exist, hosts are 0..{}",
                h - 1
            )));
        }
        Ok(Draw::OneOrOthers {
            p: percent / 100.0,
            host,
        })
    }

    fn resolve(&self, hosts: usize, seed: u64) -> Option<Pattern> {
        self.host
            .is_none()
            .then(|| Pattern::hot_spot(self.percent, hot_spot_host(hosts, seed)))
    }
}

impl fmt::Display for HotSpot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.host {
            Some(host) => write!(f, "hot-spot:{}@{host}", self.percent),
            None => write!(f, "hot-spot:{}@random", self.percent),
        }
    }
}
