//! What a walk of a routing's paths finds ([`super::walk`]): hops, the load of each class of
//! channel (host injection and ejection links, a dragonfly's local and global links, other
//! switch-to-switch links) with its busiest channel, and the throughput bound.

use super::bound::Bound;
use crate::topology::{Peer, Topology};

/// A kind of channel: host links, and switch-to-switch links by what they join.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LinkClass {
    /// Host to switch.
    Injection,
    /// A dragonfly's link inside a group.
    Local,
    /// A dragonfly's link between groups.
    Global,
    /// Any other switch-to-switch link.
    Switch,
    /// Switch to host.
    Ejection,
}

impl LinkClass {
    pub fn name(self) -> &'static str {
        match self {
            LinkClass::Injection => "injection",
            LinkClass::Local => "local",
            LinkClass::Global => "global",
            LinkClass::Switch => "switch",
            LinkClass::Ejection => "ejection",
        }
    }
}

/// The load of one class of channels.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassLoad {
    pub class: LinkClass,
    /// Channels of the class (one a direction of a link).
    pub channels: usize,
    /// Mean and largest load over them.
    pub mean: f64,
    pub max: f64,
    /// The busiest channel of the class (`sw3.p2 -> sw7.p0`, `host 12 -> sw3`).
    pub busiest: String,
}

/// The statistics of one pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Walked {
    /// Mean and largest switch-to-switch hops per message (sources weighted equally, each
    /// source's destinations by the pattern's probabilities, and every draw by its own).
    pub mean_hops: f64,
    pub max_hops: usize,
    /// The share of messages taking 0, 1, 2, ... hops.
    pub histogram: Vec<f64>,
    /// Per class of channel, in [`LinkClass`] order (classes the network has).
    pub classes: Vec<ClassLoad>,
    /// The offered load at which the busiest channel is full.
    pub bound: Bound,
    /// Every channel's load (switch outputs `sw * ports + port`, then host injections), to
    /// mix walks ([`best_split`]).
    pub loads: Vec<f64>,
}

fn channel_name(topo: &Topology, i: usize) -> String {
    let np = topo.ports_per_switch;
    if i >= topo.switches * np {
        let h = i - topo.switches * np;
        return format!("host {h} -> sw{}", topo.host(h).sw);
    }
    let (sw, p) = (i / np, i % np);
    match topo.peer(sw, p) {
        Peer::Switch { sw: s2, port: p2 } => format!("sw{sw}.p{p} -> sw{s2}.p{p2}"),
        Peer::Host(h) => format!("sw{sw} -> host {h}"),
        Peer::None => format!("sw{sw}.p{p}"),
    }
}

fn class_of(topo: &Topology, i: usize) -> Option<LinkClass> {
    let np = topo.ports_per_switch;
    if i >= topo.switches * np {
        return Some(LinkClass::Injection);
    }
    let (sw, p) = (i / np, i % np);
    match topo.peer(sw, p) {
        Peer::Switch { .. } if topo.is_global(p) => Some(LinkClass::Global),
        Peer::Switch { .. } if matches!(topo.shape, crate::topology::Shape::Dragonfly { .. }) => {
            Some(LinkClass::Local)
        }
        Peer::Switch { .. } => Some(LinkClass::Switch),
        Peer::Host(_) => Some(LinkClass::Ejection),
        Peer::None => None,
    }
}

/// The statistics of channel loads `loads` (hop figures left empty).
pub fn of_loads(topo: &Topology, loads: Vec<f64>, kind: &'static str) -> Option<Walked> {
    let mut classes: Vec<ClassLoad> = Vec::new();
    let (mut top, mut at) = (0.0f64, None);
    for (i, &l) in loads.iter().enumerate() {
        let Some(c) = class_of(topo, i) else {
            continue;
        };
        let k = match classes.iter().position(|x| x.class == c) {
            Some(k) => k,
            None => {
                classes.push(ClassLoad {
                    class: c,
                    channels: 0,
                    mean: 0.0,
                    max: -1.0,
                    busiest: String::new(),
                });
                classes.len() - 1
            }
        };
        let x = &mut classes[k];
        x.channels += 1;
        x.mean += l;
        if l > x.max * (1.0 + 1e-12) {
            x.max = l;
            x.busiest = channel_name(topo, i);
        }
        if l > 1e-12 && l > top * (1.0 + 1e-12) {
            (top, at) = (l, Some(i));
        }
    }
    for x in &mut classes {
        x.mean /= x.channels as f64;
    }
    classes.sort_by_key(|x| x.class);
    let at = at?;
    Some(Walked {
        mean_hops: 0.0,
        max_hops: 0,
        histogram: vec![],
        classes,
        bound: Bound {
            rate: (1.0 / top).min(1.0),
            channel: channel_name(topo, at),
            load: top,
            kind,
        },
        loads,
    })
}
