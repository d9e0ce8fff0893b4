//! The model's side of a mesh of the router in Verilog (`flitwave rtl network`, docs/rtl.md
//! "A network in Verilog"). [`run`] watches every router's host port (port 0) of a VC-family
//! mesh on its links, cycle by cycle, the routers evaluated as in any run (in the bit planes):
//! what it receives — the flits the host injects and the credits it returns, seen on the
//! links before the cycle takes them: the vectors the Verilog mesh is played — and what the
//! router drives out of it — the flits ejected and the credits to the host, on the links after
//! the cycle: what the Verilog mesh must drive in the same cycles. [`compare`] sets the
//! Verilog mesh's log beside the model's.

use super::insitu::{mesh_word, refuse};
use crate::error::{Error, Result};
use crate::fabric::vc::VcFamily;
use crate::fabric::Network;
use crate::sim::FlowCtl;
use crate::topology::{Endpoint, Shape, Topology};

/// What happens at a router's host port in a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A flit from the host enters the router (`f`).
    FlitIn,
    /// A credit from the host returns to the router (`c`).
    CreditIn,
    /// The router ejects a flit to the host (`F`).
    FlitOut,
    /// The router sends the host a credit (`C`).
    CreditOut,
}

impl Kind {
    const LETTERS: [(Kind, char); 4] = [
        (Kind::FlitIn, 'f'),
        (Kind::CreditIn, 'c'),
        (Kind::FlitOut, 'F'),
        (Kind::CreditOut, 'C'),
    ];

    /// Its letter in the vector and log files.
    pub fn letter(self) -> char {
        Self::LETTERS.iter().find(|(k, _)| *k == self).unwrap().1
    }

    /// Driven into the router (a vector), not out of it (a result).
    pub fn is_input(self) -> bool {
        matches!(self, Kind::FlitIn | Kind::CreditIn)
    }
}

/// One event at a router's host port: in `cycle`, at router `router`, on VC `vc`, with the
/// flit's word (0 for a credit; the twin's word, [`mesh_word`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Event {
    pub cycle: u64,
    pub router: u32,
    pub kind: Kind,
    pub vc: u8,
    pub word: u64,
}

impl Event {
    /// Event `kind` of cycle `cycle` at router `router`'s host port.
    fn at(cycle: u64, router: usize, kind: Kind, vc: u8, word: u64) -> Event {
        Event {
            cycle,
            router: router as u32,
            kind,
            vc,
            word,
        }
    }

    /// `CYCLE ROUTER KIND VC WORD` (the word in hex), as the harness reads and writes it.
    pub fn line(&self) -> String {
        format!(
            "{} {} {} {} {:x}",
            self.cycle,
            self.router,
            self.kind.letter(),
            self.vc,
            self.word
        )
    }

    /// An event from its line; `at` names the line in an error.
    pub fn parse(line: &str, at: &str) -> Result<Event> {
        let bad = || {
            Error::new(format!(
                "{at}: expected CYCLE ROUTER KIND VC WORD (KIND one of f c F C, WORD in hex), got {line:?}"
            ))
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        let [cycle, router, kind, vc, word] = f[..] else {
            return Err(bad());
        };
        let kind = Kind::LETTERS
            .iter()
            .find(|(_, c)| kind.len() == 1 && kind.starts_with(*c))
            .ok_or_else(bad)?
            .0;
        Ok(Event {
            cycle: cycle.parse().map_err(|_| bad())?,
            router: router.parse().map_err(|_| bad())?,
            kind,
            vc: vc.parse().map_err(|_| bad())?,
            word: u64::from_str_radix(word, 16).map_err(|_| bad())?,
        })
    }
}

/// Every router's host port (port 0) as its links: per router, the host's link into it and
/// its link out to the host.
#[derive(Debug, Clone)]
pub struct HostPorts {
    /// Mesh width: host h is on router h, at x = h mod nx.
    nx: u32,
    links: Vec<(usize, usize)>,
}

impl HostPorts {
    /// What the host ports receive at `now` (before the cycle: the routers take it).
    fn arrivals(&self, net: &Network<VcFamily>, now: u64, log: &mut Vec<Event>) {
        for (r, &(inl, outl)) in self.links.iter().enumerate() {
            let ev = |kind, vc, word| Event::at(now, r, kind, vc, word);
            if let Some(f) = net.host_link(inl).fwd().peek(now) {
                let dst = net.packets.header(f.pkt).dst;
                log.push(ev(Kind::FlitIn, f.vc, mesh_word(&f, dst, self.nx)));
            }
            if let Some(FlowCtl::Credit { vc, .. }) = net.host_link(outl).back().peek(now) {
                log.push(ev(Kind::CreditIn, vc, 0));
            }
        }
    }

    /// What the routers drove out of their host ports at `now` (after the cycle).
    fn driven(&self, net: &Network<VcFamily>, now: u64, log: &mut Vec<Event>) {
        for (r, &(inl, outl)) in self.links.iter().enumerate() {
            let ev = |kind, vc, word| Event::at(now, r, kind, vc, word);
            if let Some(f) = net.host_link(outl).fwd().driven(now) {
                // ejected at its destination: this router's host
                log.push(ev(Kind::FlitOut, f.vc, mesh_word(&f, r as u32, self.nx)));
            }
            if let Some(FlowCtl::Credit { vc, .. }) = net.host_link(inl).back().driven(now) {
                log.push(ev(Kind::CreditOut, vc, 0));
            }
        }
    }
}

/// Run `net` (from its first cycle) for `cycles` cycles, or until it deadlocks, watching its
/// routers' host ports `ports`: their events, sorted (by cycle, router, kind, VC, word). The
/// clock jumps over idle time, where nothing moves on a link.
pub fn run(net: &mut Network<VcFamily>, ports: &HostPorts, cycles: u64) -> Vec<Event> {
    let end = net.now() + cycles;
    let mut log = vec![];
    while net.skip_idle(end) < end {
        let now = net.now();
        ports.arrivals(net, now, &mut log);
        let alive = net.step();
        ports.driven(net, now, &mut log);
        if !alive {
            break;
        }
    }
    net.sync_engine();
    log.sort_unstable();
    log
}

/// The mesh the Verilog copies: its size and its links' fly time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mesh {
    pub nx: usize,
    pub ny: usize,
    /// Cycles from a router's output to its neighbour's input, flits and credits alike.
    pub fly: u32,
}

/// The mesh `net` is (a mesh of the router twin's preset, before its first cycle) and its
/// routers' host ports, to [`run`] it watched.
pub fn attach(net: &Network<VcFamily>, topo: &Topology) -> Result<(Mesh, HostPorts)> {
    let Shape::Mesh { dims: [nx, ny] } = topo.shape else {
        return Err(Error::field(
            "topology.kind",
            format!(
                "the routers in Verilog form a mesh (topology.kind = \"mesh\"), not a {}",
                crate::topology::fattree::shape_name(&topo.shape)
            ),
        ));
    };
    crate::topology::mesh::check_layout(topo, [nx, ny], false)?;
    for s in net.switches() {
        if let Some(why) = refuse(s, topo) {
            return Err(Error::new(format!("rtl network: {why}")));
        }
    }
    // one fly time for every link between routers
    let flies: Vec<u32> = (0..net.links().len())
        .filter(|&i| {
            matches!(
                net.link_ends(i),
                (Endpoint::Switch { .. }, Endpoint::Switch { .. })
            )
        })
        .map(|i| net.links()[i].fwd().fly())
        .collect();
    let fly = flies.first().copied().unwrap_or(1);
    if let Some(f) = flies.iter().find(|&&f| f != fly) {
        return Err(Error::field(
            "link.fly_cycles",
            format!("the mesh in Verilog has one fly time for every link between routers, this network has {fly} and {f}"),
        ));
    }
    if net.now() != 0 {
        return Err(Error::new(
            "rtl network: the host ports are watched from the network's first cycle",
        ));
    }
    let mut links = vec![(usize::MAX, usize::MAX); net.switches().len()];
    for i in 0..net.links().len() {
        match net.link_ends(i) {
            (Endpoint::Nic(_), Endpoint::Switch { sw, port: 0 }) => links[sw].0 = i,
            (Endpoint::Switch { sw, port: 0 }, Endpoint::Nic(_)) => links[sw].1 = i,
            _ => {}
        }
    }
    if let Some(r) = links
        .iter()
        .position(|&(i, o)| i == usize::MAX || o == usize::MAX)
    {
        return Err(Error::field(
            "topology.hosts_per_switch",
            format!("rtl network: router {r} has no host on its port 0; allowed: a host on every router's port 0"),
        ));
    }
    Ok((
        Mesh { nx, ny, fly },
        HostPorts {
            nx: nx as u32,
            links,
        },
    ))
}

/// The model's outputs beside the Verilog's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Flits the model ejected, credits it sent the hosts.
    pub flits: u64,
    pub credits: u64,
    /// Events of one side missing from the other (a flit ejected a cycle late counts twice:
    /// missing at its cycle, extra at the other).
    pub differences: u64,
    /// The first differences: the model's event (None: the Verilog's is extra) or the
    /// Verilog's (None: the model's is missing).
    pub first: Vec<(Option<Event>, Option<Event>)>,
}

/// Differences kept for the report.
const FIRST: usize = 10;

/// Compare the model's outputs (`model`, the host ports' output events, sorted) with the
/// Verilog's log (`rtl`, sorted).
pub fn compare(model: &[Event], rtl: &[Event]) -> Comparison {
    let mut c = Comparison::default();
    for e in model {
        match e.kind {
            Kind::FlitOut => c.flits += 1,
            Kind::CreditOut => c.credits += 1,
            _ => {}
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut differ = |m: Option<Event>, r: Option<Event>| {
        c.differences += 1;
        if c.first.len() < FIRST {
            c.first.push((m, r));
        }
    };
    while i < model.len() || j < rtl.len() {
        match (model.get(i), rtl.get(j)) {
            (Some(m), Some(r)) if m == r => {
                i += 1;
                j += 1;
            }
            (Some(m), Some(r)) if m < r => {
                differ(Some(*m), None);
                i += 1;
            }
            (Some(m), None) => {
                differ(Some(*m), None);
                i += 1;
            }
            (_, Some(r)) => {
                differ(None, Some(*r));
                j += 1;
            }
            (None, None) => unreachable!(),
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(cycle: u64, kind: Kind, word: u64) -> Event {
        Event {
            cycle,
            router: 3,
            kind,
            vc: 1,
            word,
        }
    }

    #[test]
    fn an_event_reads_back_from_its_line() {
        for k in [Kind::FlitIn, Kind::CreditIn, Kind::FlitOut, Kind::CreditOut] {
            let e = ev(12, k, 0xab_cdef_0123);
            assert_eq!(Event::parse(&e.line(), "x").unwrap(), e);
        }
        for bad in [
            "",
            "1 2 F 0",
            "1 2 X 0 0",
            "1 2 FF 0 0",
            "a 2 F 0 0",
            "1 2 F 0 zz",
        ] {
            let e = Event::parse(bad, "log:4").unwrap_err().to_string();
            assert!(
                e.contains("log:4") && e.contains("CYCLE ROUTER KIND"),
                "{e}"
            );
        }
    }

    #[test]
    fn a_flit_a_cycle_late_is_two_differences() {
        let model = [ev(5, Kind::FlitOut, 7), ev(6, Kind::CreditOut, 0)];
        let same = compare(&model, &model);
        assert_eq!((same.flits, same.credits, same.differences), (1, 1, 0));
        let late = [ev(6, Kind::CreditOut, 0), ev(6, Kind::FlitOut, 7)];
        let mut late = late.to_vec();
        late.sort();
        let c = compare(&model, &late);
        assert_eq!(c.differences, 2);
        assert_eq!(c.first[0], (Some(model[0]), None));
        assert_eq!(c.first[1], (None, Some(ev(6, Kind::FlitOut, 7))));
        assert_eq!(compare(&model, &[]).differences, 2);
    }
}
