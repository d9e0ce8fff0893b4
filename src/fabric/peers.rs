//! What each switch port and NIC is wired to, as the waveforms show it: a constant string
//! signal `peer` (`sw5.p3`, `nic12`) in every `swS.inP` / `swS.outP` scope and every `nicH`
//! scope, so a port's waveform says where its flits come from or go to.

use crate::sim::ProbeVisitor;
use crate::topology::Endpoint;

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
}

impl Peers {
    /// The peers of `switches` switches of `ports` ports and `hosts` NICs wired by `links`
    /// (sender, receiver).
    pub fn new(
        switches: usize,
        ports: usize,
        hosts: usize,
        links: &[(Endpoint, Endpoint)],
    ) -> Peers {
        let mut p = Peers {
            ports,
            sw_in: vec![None; switches * ports],
            sw_out: vec![None; switches * ports],
            nic: vec![None; hosts],
        };
        for &(a, b) in links {
            if let Endpoint::Switch { sw, port } = b {
                p.sw_in[sw * ports + port] = Some(a.to_string());
            }
            match a {
                Endpoint::Switch { sw, port } => p.sw_out[sw * ports + port] = Some(b.to_string()),
                Endpoint::Nic(h) => p.nic[h] = Some(b.to_string()),
            }
        }
        p
    }

    /// Inside scope `sw<sw>`: `peer` in each `in<P>` and `out<P>` scope that has a link.
    pub fn probe_switch<V: ProbeVisitor>(&self, v: &mut V, sw: usize) {
        for (dir, list) in [("in", &self.sw_in), ("out", &self.sw_out)] {
            for port in 0..self.ports {
                if let Some(name) = list.get(sw * self.ports + port).and_then(|x| x.as_deref()) {
                    v.scope_idx(dir, port);
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
