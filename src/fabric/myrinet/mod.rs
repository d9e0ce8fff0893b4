//! The Myrinet family (seed 000): source-routed wormhole switches with stop/go slack buffers
//! ([`switch`]) and NICs with send/receive DMA and the in-transit-buffer engine ([`nic`]). The
//! NICs share one routing table, filled offline by the routing (up*/down*, ITB, dimension
//! order); a packet's extension holds where in its source route it is.

pub mod keys;
pub mod nic;
pub mod switch;

use super::{one_by_one, Family, NetParams, Network, OneByOneFn, SectionReport, Wiring};
use crate::blocks::nic::itb::ItbParams;
use crate::blocks::nic::routing_table::RoutingTable;
use crate::blocks::slack_buffer::SlackParams;
use crate::error::{Error, Result};
use crate::fabric::keys::FabricCfg;
use crate::routing::registry::Plan;
use crate::topology::Topology;
use crate::traffic::pattern::DestTable;
use nic::{MyrinetNic, NicParams};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use switch::{MyrinetSwitch, SwitchParams};

/// The family.
pub struct MyrinetFamily;

/// What a Myrinet packet carries besides the common header.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MyrinetExt {
    /// Route bytes in the header at injection.
    pub route_len: u32,
    /// Offset in the source route of the sub-route being travelled (after the last ITB mark).
    pub route_off: u32,
    /// In-transit hosts crossed so far.
    pub itbs: u32,
}

/// Switch and NIC parameters, and the routes.
#[derive(Debug, Clone)]
pub struct MyrinetBuild {
    pub switch: SwitchParams,
    pub nic: NicParams,
    pub routes: Arc<crate::routing::RouteSet>,
}

/// What the Myrinet family adds to the summary.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MyrinetSection {
    /// Average in-transit hosts per measured packet.
    pub itbs_per_packet: Option<f64>,
    /// In-transit packets re-injected, spilled to host memory, and the largest pool occupancy.
    pub itb_forwarded: u64,
    pub itb_spills: u64,
    pub itb_max_pool_bytes: usize,
    /// Highest slack-buffer occupancy seen anywhere (bytes).
    pub max_slack_level: usize,
}

impl SectionReport for MyrinetSection {
    fn report(&self) -> String {
        let mut s = String::new();
        if self.itb_forwarded > 0 {
            s += &format!(
                "in-transit       {:.3} ITBs per packet, {} re-injections, {} spills to host memory, max pool {} bytes\n",
                self.itbs_per_packet.unwrap_or(0.0),
                self.itb_forwarded,
                self.itb_spills,
                self.itb_max_pool_bytes
            );
        }
        s += &format!("max slack level  {} bytes\n", self.max_slack_level);
        s
    }
}

impl Family for MyrinetFamily {
    const NAME: &'static str = "myrinet";
    const PENDING_PER_HOST: u64 = 2;
    const COUNTS_HOPS: bool = true;
    const SLEEPS: bool = true;
    const ONE_BY_ONE: Option<OneByOneFn<MyrinetSwitch, MyrinetExt>> =
        Some(one_by_one::<MyrinetSwitch, MyrinetExt>);
    type Engine = ();
    type Ext = MyrinetExt;
    type Switch = MyrinetSwitch;
    type Nic = MyrinetNic;
    type Shared = RoutingTable;
    type Build = MyrinetBuild;
    type Section = MyrinetSection;

    fn switch(b: &MyrinetBuild, id: usize, w: Wiring) -> Result<MyrinetSwitch> {
        Ok(MyrinetSwitch::new(id, b.switch, w))
    }

    fn nic(
        b: &MyrinetBuild,
        host: usize,
        _hosts: usize,
        in_link: u32,
        out_link: u32,
        rng: ChaCha8Rng,
    ) -> MyrinetNic {
        MyrinetNic::new(host, b.nic, in_link, out_link, rng)
    }

    fn shared(b: &mut MyrinetBuild, _hosts: usize) -> RoutingTable {
        RoutingTable::new(b.routes.clone())
    }

    fn section(net: &Network<Self>) -> MyrinetSection {
        let st = &net.stats;
        MyrinetSection {
            itbs_per_packet: (st.measured_msgs > 0)
                .then(|| st.itbs_sum as f64 / st.measured_msgs as f64),
            itb_forwarded: net.nics.iter().map(|n| n.itb.forwarded).sum(),
            itb_spills: net.nics.iter().map(|n| n.itb.spills).sum(),
            itb_max_pool_bytes: net
                .nics
                .iter()
                .map(|n| n.itb.max_pool_used)
                .max()
                .unwrap_or(0),
            max_slack_level: net
                .switches()
                .iter()
                .map(|s| s.max_slack_level())
                .chain(net.nics.iter().map(|n| n.recv.slack.max_level))
                .max()
                .unwrap_or(0),
        }
    }
}

/// A Myrinet network from a configuration: the routing must give source routes.
pub fn build(
    cfg: &FabricCfg,
    topo: &Topology,
    plan: &Plan,
    params: NetParams,
    dests: DestTable,
) -> Result<Network<MyrinetFamily>> {
    plan.check_vcs(1, "myrinet")?;
    let routes = plan.source_routes(|| {
        Error::field(
            "routing.algorithm",
            format!(
                "{:?} has no source routes; the myrinet family is source-routed: use updown, itb or dor, or switch.family = \"vct\"",
                plan.algorithm
            ),
        )
    })?;
    if routes.hosts() != topo.num_hosts() {
        return Err(Error::new(format!(
            "route set is for {} hosts but the topology has {}",
            routes.hosts(),
            topo.num_hosts()
        )));
    }
    if cfg.routing.selection != "only" {
        return Err(Error::field(
            "routing.selection",
            format!(
                "{:?}: a source-routed myrinet switch has one way for every packet; allowed: only",
                cfg.routing.selection
            ),
        ));
    }
    let slack = SlackParams {
        capacity: cfg.switch.myrinet.slack_bytes,
        stop_above: cfg.switch.myrinet.stop_above,
        go_below: cfg.switch.myrinet.go_below,
    };
    let b = MyrinetBuild {
        switch: SwitchParams {
            ports: topo.ports_per_switch,
            first_flit_latency: cfg.switch.myrinet.first_flit_latency_cycles,
            slack,
        },
        nic: NicParams {
            payload: cfg.traffic.message_bytes,
            rate: cfg.traffic.rate,
            process: cfg.traffic.process,
            queue_limit: cfg.traffic.source_queue_limit,
            load_cycles: cfg.nic.myrinet.load_cycles,
            recv_bytes_per_cycle: cfg.nic.myrinet.recv_bytes_per_cycle,
            slack,
            itb: ItbParams {
                detect_cycles: cfg.nic.myrinet.itb_detect_cycles,
                program_cycles: cfg.nic.myrinet.itb_program_cycles,
                pool_bytes: cfg.nic.myrinet.itb_pool_bytes,
                spill_delay_cycles: cfg.nic.myrinet.itb_spill_delay_cycles,
                descriptors: cfg.nic.myrinet.itb_descriptors,
            },
        },
        routes,
    };
    if params.flit_bytes != 1 {
        return Err(Error::field(
            "link.flit_bytes",
            format!(
                "{}: Myrinet links carry 1-byte flits (ITB paper §2); allowed: 1",
                params.flit_bytes
            ),
        ));
    }
    Network::new(topo, params, b, dests)
}

/// What the myrinet family tells the schema.
pub const FAMILY: crate::fabric::keys::FamilyKeys = crate::fabric::keys::FamilyKeys {
    // myrinet does not read switch.routing_cycles; results record vct's default for it
    routing_cycles: crate::fabric::vct::FAMILY.routing_cycles,
    source_queues: &["fifo"],
    pause,
    check,
    // about 2 KiB a port with its slack buffer and link, 4 KiB a host with its NIC's DMA
    // engines and in-transit bookkeeping (irregular networks of 256 and 1,024 switches, whose
    // route sets, checked on their own, hold most of their memory)
    bytes: |_| crate::fabric::keys::PartBytes {
        switch: 0,
        port: 2048,
        host: 4096,
    },
};

/// The longest a healthy myrinet switch or NIC holds a packet without a flit moving.
fn pause(c: &crate::fabric::keys::FabricCfg) -> u64 {
    (c.switch.myrinet.first_flit_latency_cycles as u64).max(c.nic.myrinet.load_cycles as u64)
}

/// Stop/go must never overflow: everything in flight after the stop decision must fit.
fn check(c: &crate::fabric::keys::FabricCfg) -> Result<()> {
    let s = &c.switch.myrinet;
    let fly = c.link.max_fly();
    let need = s.stop_above + 1 + 2 * fly as usize + 1;
    if need > s.slack_bytes {
        return Err(Error::field(
            "switch.slack_bytes",
            format!(
                "{} is too small for stop_above {} and a fly time of {fly} (link.fly_cycles, link.host_fly_cycles): stop/go needs at least {need} (stop_above + 2*fly + 2)",
                s.slack_bytes, s.stop_above
            ),
        ));
    }
    Ok(())
}
