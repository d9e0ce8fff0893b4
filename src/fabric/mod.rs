//! Assemblies: the packet table and the networks that wire a topology with blocks and step it.

pub mod fattree;
pub mod network;
pub mod packet;
pub mod storage;
pub mod watchdog;

use crate::sim::{Probe, ProbeVisitor};

/// The probe walk of a whole network: scope `sw<id>` for every switch, then `nic<host>` for
/// every NIC (the hierarchy every network's waveform has).
pub(crate) fn probe_network<'a, V, S, N>(
    v: &mut V,
    switches: impl Iterator<Item = (usize, &'a S)>,
    nics: impl Iterator<Item = (usize, &'a N)>,
) where
    V: ProbeVisitor,
    S: Probe + 'a,
    N: Probe + 'a,
{
    for (id, sw) in switches {
        v.scope_idx("sw", id);
        sw.probe(v);
        v.up();
    }
    for (host, nic) in nics {
        v.scope_idx("nic", host);
        nic.probe(v);
        v.up();
    }
}
