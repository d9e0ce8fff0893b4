//! What each switch port and NIC is wired to, as the waveforms show it: a constant string
//! signal `peer` (`sw5.p3`, `nic12`) in every `swS.inP` / `swS.outP` scope and every `nicH`
//! scope, so a port's waveform says where its flits come from or go to. Where the topology
//! names its ports (a mesh's or torus's `local`, `xp`, `xm`, `yp`, `ym`:
//! [`Topology::port_name`]) the port scopes take the name (`swS.in_xp`, `swS.out_local`) and
//! so do the peers (`sw5.xm`).

use crate::sim::ProbeVisitor;
use crate::topology::{Endpoint, Topology};

/// Peer names, computed once when the network is wired (sampling only compares them).
#[derive(Debug, Clone, Default)]
pub struct Peers {
    ports: usize,
    /// Per switch port (`sw * ports + port`): the sender of its input link.
    sw_in: Vec<Option<String>>,
    /// Per switch port: the receiver of its output link.
    sw_out: Vec<Option<String>>,
    /// Per host: the switch port its NIC sends to.
    nic: Vec<Option<String>>,
    /// Per port number, when the topology names it: its scopes (`in_xp`, `out_xp`).
    scopes: Vec<Option<[String; 2]>>,
}

impl Peers {
    /// The peers of the switches and NICs of `topo` wired by `links` (sender, receiver).
    pub fn new(topo: &Topology, links: &[(Endpoint, Endpoint)]) -> Peers {
        let ports = topo.ports_per_switch;
        let names: Vec<Option<String>> = (0..ports).map(|p| topo.port_name(p)).collect();
        let name = |e: Endpoint| match e {
            Endpoint::Switch { sw, port } => match &names[port] {
                Some(n) => format!("sw{sw}.{n}"),
                None => e.to_string(),
            },
            Endpoint::Nic(_) => e.to_string(),
        };
        let switches = topo.switches;
        let mut p = Peers {
            ports,
            sw_in: vec![None; switches * ports],
            sw_out: vec![None; switches * ports],
            nic: vec![None; topo.num_hosts()],
            scopes: names
                .iter()
                .map(|n| n.as_ref().map(|n| [format!("in_{n}"), format!("out_{n}")]))
                .collect(),
        };
        for &(a, b) in links {
            if let Endpoint::Switch { sw, port } = b {
                p.sw_in[sw * ports + port] = Some(name(a));
            }
            match a {
                Endpoint::Switch { sw, port } => p.sw_out[sw * ports + port] = Some(name(b)),
                Endpoint::Nic(h) => p.nic[h] = Some(name(b)),
            }
        }
        p
    }

    /// The scope of port `port` in direction `dir` (`in`, `out`) when the topology names the
    /// port (`in_xp`), else `None` (`in3`).
    pub fn port_scope(&self, dir: &str, port: usize) -> Option<&str> {
        let [i, o] = self.scopes.get(port)?.as_ref()?;
        match dir {
            "in" => Some(i),
            "out" => Some(o),
            _ => None,
        }
    }

    /// Inside scope `sw<sw>`: `peer` in each `in<P>` and `out<P>` scope that has a link.
    pub fn probe_switch<V: ProbeVisitor>(&self, v: &mut V, sw: usize) {
        for (dir, list) in [("in", &self.sw_in), ("out", &self.sw_out)] {
            for port in 0..self.ports {
                if let Some(name) = list.get(sw * self.ports + port).and_then(|x| x.as_deref()) {
                    v.port(dir, port);
                    v.text("peer", name);
                    v.up();
                }
            }
        }
    }

    /// Inside scope `nic<host>`: its `peer`, the switch port it is attached to.
    pub fn probe_nic<V: ProbeVisitor>(&self, v: &mut V, host: usize) {
        if let Some(name) = self.nic.get(host).and_then(|x| x.as_deref()) {
            v.text("peer", name);
        }
    }
}

/// A probe visitor inside a switch's scope that names its port scopes as the topology names
/// the ports ([`Peers::port_scope`]); everything else passes through unchanged.
pub(crate) struct Named<'a, V> {
    pub(crate) v: &'a mut V,
    pub(crate) peers: &'a Peers,
}

impl<V: ProbeVisitor> ProbeVisitor for Named<'_, V> {
    #[inline]
    fn scope(&mut self, name: &str) {
        self.v.scope(name);
    }
    #[inline]
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.v.scope_idx(prefix, idx);
    }
    #[inline]
    fn port(&mut self, dir: &str, port: usize) {
        match self.peers.port_scope(dir, port) {
            Some(name) => self.v.scope(name),
            None => self.v.port(dir, port),
        }
    }
    #[inline]
    fn up(&mut self) {
        self.v.up();
    }
    #[inline]
    fn bits(&mut self, name: &str, width: u32, value: u64) {
        self.v.bits(name, width, value);
    }
    #[inline]
    fn int(&mut self, name: &str, value: i64) {
        self.v.int(name, value);
    }
    #[inline]
    fn text(&mut self, name: &str, value: &str) {
        self.v.text(name, value);
    }
}
