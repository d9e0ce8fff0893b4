//! Link utilisation over the measurement window: the flits each link carried divided by the
//! window's cycles (a link carries at most one flit per cycle, so 1.0 is a saturated link).
//!
//! Every link is one direction of a cable: switch to switch (`sw3.p2 -> sw7.p0`), host to
//! switch (`nic12 -> sw3.p5`, injection) or switch to host (`sw3.p5 -> nic12`, ejection). The
//! count is of everything driven on the link's forward wire: flits, and with seed 002's
//! LUC/NCB exchange also its exchange words, which take the link for their cycle.

use crate::topology::Endpoint;
use serde::{Deserialize, Serialize};

/// How many of the busiest links the summary lists.
pub const BUSIEST: usize = 10;

/// One link's load over the window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinkLoad {
    pub from: Endpoint,
    pub to: Endpoint,
    /// Flits driven on it during the window.
    pub flits: u64,
    /// `flits` / window cycles (0..=1).
    pub utilisation: f64,
}

impl LinkLoad {
    /// A host link (one end is a NIC).
    pub fn is_host(&self) -> bool {
        matches!(self.from, Endpoint::Nic(_)) || matches!(self.to, Endpoint::Nic(_))
    }

    /// `sw3.p2 -> sw7.p0`.
    pub fn name(&self) -> String {
        format!("{} -> {}", self.from, self.to)
    }
}

/// The loads of links whose ends are `ends`, which have sent `sent` flits so far (modulo
/// 2^32) and had sent `base` at the window's start, over a window of `window` cycles.
pub fn loads(
    ends: &[(Endpoint, Endpoint)],
    sent: impl Iterator<Item = u32>,
    base: &[u32],
    window: u64,
) -> Vec<LinkLoad> {
    let w = window.max(1) as f64;
    ends.iter()
        .zip(sent.zip(base))
        .map(|(&(from, to), (now, &b))| {
            let flits = now.wrapping_sub(b) as u64;
            LinkLoad {
                from,
                to,
                flits,
                utilisation: flits as f64 / w,
            }
        })
        .collect()
}

/// Utilisation of a group of links.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Default)]
pub struct LinkGroup {
    /// Links in the group (each direction counts once).
    pub links: u64,
    /// Flits they carried in the window.
    pub flits: u64,
    /// Mean and largest utilisation (flits per cycle, 1.0 = saturated).
    pub mean_utilisation: f64,
    pub max_utilisation: f64,
}

impl LinkGroup {
    fn of<'a>(loads: impl Iterator<Item = &'a LinkLoad>) -> LinkGroup {
        let mut g = LinkGroup::default();
        let mut sum = 0.0;
        for l in loads {
            g.links += 1;
            g.flits += l.flits;
            sum += l.utilisation;
            g.max_utilisation = g.max_utilisation.max(l.utilisation);
        }
        g.mean_utilisation = sum / g.links.max(1) as f64;
        g
    }
}

/// One of the busiest links.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct BusyLink {
    /// Its ends, `sw3.p2 -> sw7.p0`.
    pub link: String,
    pub utilisation: f64,
    pub flits: u64,
}

/// Link utilisation in the summary.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct LinkStats {
    /// Cycles of the measurement window.
    pub window_cycles: u64,
    /// Switch-to-switch links.
    pub switch_links: LinkGroup,
    /// Host links, both directions (injection and ejection).
    pub host_links: LinkGroup,
    /// The busiest links, most utilised first (ties: in link order).
    pub busiest: Vec<BusyLink>,
}

/// The indices of the `n` busiest links, most utilised first, ties in link order.
pub fn busiest(loads: &[LinkLoad], n: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..loads.len()).collect();
    idx.sort_by(|&a, &b| loads[b].flits.cmp(&loads[a].flits).then(a.cmp(&b)));
    idx.truncate(n);
    idx
}

impl LinkStats {
    /// The summary of `loads` over a window of `window` cycles.
    pub fn new(loads: &[LinkLoad], window: u64) -> Self {
        LinkStats {
            window_cycles: window,
            switch_links: LinkGroup::of(loads.iter().filter(|l| !l.is_host())),
            host_links: LinkGroup::of(loads.iter().filter(|l| l.is_host())),
            busiest: busiest(loads, BUSIEST)
                .into_iter()
                .map(|i| BusyLink {
                    link: loads[i].name(),
                    utilisation: loads[i].utilisation,
                    flits: loads[i].flits,
                })
                .collect(),
        }
    }

    /// The report lines.
    pub fn report(&self) -> String {
        let g = |name: &str, g: &LinkGroup| {
            format!(
                "{name:<17}{} links, utilisation mean {:.4} max {:.4} flits/cycle\n",
                g.links, g.mean_utilisation, g.max_utilisation
            )
        };
        let mut s = g("switch links", &self.switch_links);
        s += &g("host links", &self.host_links);
        let top: Vec<String> = self
            .busiest
            .iter()
            .take(5)
            .map(|b| format!("{} {:.4}", b.link, b.utilisation))
            .collect();
        s += &format!("busiest links    {}\n", top.join(", "));
        s
    }
}
