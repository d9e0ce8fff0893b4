//! The virtual cut-through family (seed 001): switches with input and output queues of two
//! packets, credit-based flow control and a routing unit per switch (IR/FIR on k-ary n-trees,
//! dimension order on meshes and tori, route tables anywhere) with a selection function
//! ([`switch`]); NICs with sequence numbers, a destination reorder buffer and the end-to-end
//! flow control of in-order delivery ([`nic`]).

pub mod keys;
pub mod nic;
pub mod switch;

use super::{one_by_one, Family, NetParams, Network, OneByOneFn, SectionReport, Wiring};
use crate::blocks::credit::CreditUnit;
use crate::error::{Error, Result};
use crate::fabric::keys::FabricCfg;
use crate::routing::function::table::TableRouting;
use crate::routing::function::Routing;
use crate::routing::registry::Plan;
use crate::topology::{Shape, Topology};
use crate::traffic::pattern::DestTable;
use nic::{ack_window, AckMode, E2e, VctNic, VctNicParams};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use switch::{VctParams, VctSwitch};

/// The family.
pub struct VctFamily;

/// What a packet of this family carries besides the common header.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VctExt {
    /// Sequence number of the packet among those from its source to its destination.
    pub seq: u32,
    /// An end-to-end acknowledgement, not data (seed 001 §5.1 option).
    pub ack: bool,
    /// Payload bytes an acknowledgement releases at the source.
    pub acked: u32,
}

/// Switch and NIC parameters, and every switch's routing function and stage.
#[derive(Debug, Clone)]
pub struct VctBuild {
    pub switch: VctParams,
    pub nic: VctNicParams,
    pub routing: Vec<Routing>,
    pub stages: Vec<u32>,
    /// Largest packet payload, bytes (the buffers hold `buffer_packets` of them).
    pub max_payload: u32,
}

/// What the virtual cut-through family adds to the summary.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct VctSection {
    /// In-order delivery was enforced.
    pub in_order: bool,
    /// Average time measured packets waited in a reorder buffer.
    pub reorder_delay_cycles: Option<f64>,
    /// Out-of-order degree: the largest reorder-buffer occupancy of any NIC.
    pub ooo_max_bytes: u64,
    pub ooo_max_packets: u32,
    /// Packets that arrived out of order.
    pub out_of_order_packets: u64,
    /// Acknowledgement packets and their flits (the waste traffic of real acknowledgements).
    pub acks: u64,
    pub ack_flits: u64,
    /// Cycles sources held a packet back for the destination's reorder buffer.
    pub e2e_stall_cycles: u64,
}

impl SectionReport for VctSection {
    fn report(&self) -> String {
        if !self.in_order {
            return String::new();
        }
        format!(
            "reordering       {} packets out of order, max {} packets = {} bytes held, avg delay {:.1} cycles, sources stalled {} cycles, {} acks\n",
            self.out_of_order_packets,
            self.ooo_max_packets,
            self.ooo_max_bytes,
            self.reorder_delay_cycles.unwrap_or(0.0),
            self.e2e_stall_cycles,
            self.acks
        )
    }
}

impl Family for VctFamily {
    const NAME: &'static str = "vct";
    const PENDING_PER_HOST: u64 = 4;
    const COUNTS_HOPS: bool = false;
    const SLEEPS: bool = true;
    const ONE_BY_ONE: Option<OneByOneFn<VctSwitch, VctExt>> = Some(one_by_one::<VctSwitch, VctExt>);
    type Engine = ();
    type Ext = VctExt;
    type Switch = VctSwitch;
    type Nic = VctNic;
    type Shared = E2e;
    type Build = VctBuild;
    type Section = VctSection;

    fn switch(b: &VctBuild, id: usize, w: Wiring) -> Result<VctSwitch> {
        let stage = b.stages.get(id).copied().unwrap_or(0);
        Ok(VctSwitch::new(
            id,
            stage,
            b.switch,
            b.routing[id].clone(),
            w,
        ))
    }

    fn nic(
        b: &VctBuild,
        host: usize,
        hosts: usize,
        in_link: u32,
        out_link: u32,
        rng: ChaCha8Rng,
    ) -> VctNic {
        VctNic::new(host, hosts, b.nic, in_link, out_link, rng)
    }

    fn shared(_b: &mut VctBuild, hosts: usize) -> E2e {
        E2e {
            outstanding: vec![0; hosts],
        }
    }

    fn max_payload(b: &VctBuild) -> u32 {
        b.max_payload
    }

    fn section(net: &Network<Self>) -> VctSection {
        let st = &net.stats;
        let nics = &net.nics;
        VctSection {
            in_order: net.build.nic.in_order,
            reorder_delay_cycles: (st.measured_msgs > 0)
                .then(|| st.reorder_delay_sum as f64 / st.measured_msgs as f64),
            ooo_max_bytes: nics.iter().map(|n| n.reorder.max_bytes).max().unwrap_or(0),
            ooo_max_packets: nics
                .iter()
                .map(|n| n.reorder.max_packets)
                .max()
                .unwrap_or(0),
            out_of_order_packets: nics.iter().map(|n| n.reorder.stored).sum(),
            acks: st.acks,
            ack_flits: st.ack_flits,
            e2e_stall_cycles: nics.iter().map(|n| n.e2e_stalls).sum(),
        }
    }
}

/// A virtual cut-through network from a configuration.
pub fn build(
    cfg: &FabricCfg,
    topo: &Topology,
    plan: &Plan,
    params: NetParams,
    dests: DestTable,
) -> Result<Network<VctFamily>> {
    plan.check_vcs(1, "vct")?;
    let s = &cfg.switch;
    let fb = params.flit_bytes;
    let payload = cfg.traffic.message_bytes;
    let workload = cfg.traffic.workload();
    let max_payload = payload.max(if workload { cfg.traffic.mtu_bytes } else { 0 });
    let selection = cfg.routing.selection()?;
    if selection.decides_once() {
        return Err(Error::field(
            "routing.selection",
            "\"ugal-l-once\" keeps a header's decision through the vc family's VC allocation; allowed: switch.family = \"vc\" with routing.algorithm = \"dfly-ugal\"",
        ));
    }
    let credit = CreditUnit::bytes(fb, cfg.switch.credit_bytes);
    let nic = VctNicParams {
        payload_bytes: payload,
        flit_bytes: fb,
        rate: cfg.traffic.rate,
        process: cfg.traffic.process,
        queue_limit: cfg.traffic.source_queue_limit,
        buffer_flits: 0,
        switch_buffer_flits: 0,
        in_order: cfg.nic.in_order,
        ack: cfg.nic.ack,
        reorder_bytes: cfg.nic.reorder_bytes,
        credit,
    };
    let buf = s.vct.buffer_packets * nic.flits(max_payload);
    if cfg.switch.credit_bytes > 0 {
        let per_flit = fb.div_ceil(cfg.switch.credit_bytes) + 1;
        if credit.buffer_units(buf) < credit.packet_units(nic.flits(max_payload)) || per_flit > 255
        {
            return Err(Error::field(
                "switch.credit_bytes",
                format!(
                    "{} bytes per credit does not fit {fb}-byte flits and buffers of {buf} flits: allowed 0 (one credit per flit) or 1..={} bytes, at least 1/254 of a flit",
                    cfg.switch.credit_bytes,
                    buf as u64 * fb as u64 / 2
                ),
            ));
        }
    }
    if cfg.nic.in_order {
        check_reorder_fits(cfg, max_payload, topo.num_hosts() as u64)?;
    }
    let routing: Vec<Routing> = match &plan.functions {
        Some(f) => f.clone(),
        None => {
            let routes = plan.source_routes(|| {
                Error::field(
                    "routing.algorithm",
                    format!("{:?} gives the switches no routing", plan.algorithm),
                )
            })?;
            (0..topo.switches)
                .map(|sw| {
                    Routing::Table(TableRouting {
                        sw: sw as u32,
                        routes: routes.clone(),
                    })
                })
                .collect()
        }
    };
    if plan.routes.as_ref().is_some_and(|r| r.has_itbs()) {
        return Err(Error::field(
            "routing.algorithm",
            "itb routes need NICs that re-inject in-transit packets: use switch.family = \"myrinet\"",
        ));
    }
    let stages = match topo.shape {
        Shape::FatTree { k, n } => {
            let t = crate::topology::kary_ntree::KAryNTree::wiring(k, n)?;
            (0..topo.switches)
                .map(|i| t.switch_of(i as u64).stage)
                .collect()
        }
        _ => vec![0; topo.switches],
    };
    let b = VctBuild {
        switch: VctParams {
            ports: topo.ports_per_switch,
            routing_cycles: cfg.routing_cycles,
            buffer_flits: buf,
            credit,
            selection,
        },
        nic: VctNicParams {
            buffer_flits: buf,
            switch_buffer_flits: buf,
            ..nic
        },
        routing,
        stages,
        max_payload,
    };
    Network::new(topo, params, b, dests)
}

/// In-order delivery needs room for one whole packet: in the destination's reorder buffer (free
/// acknowledgements) or in each source's share of it (acknowledgement packets). A smaller buffer
/// would stall the first source forever, so it is refused.
fn check_reorder_fits(cfg: &FabricCfg, packet: u32, hosts: u64) -> Result<()> {
    let (packet, bytes) = (packet as u64, cfg.nic.reorder_bytes);
    let sources = hosts.saturating_sub(1).max(1);
    let (room, minimum, what) = match cfg.nic.ack {
        AckMode::Free => (bytes, packet, "the reorder buffer".to_string()),
        AckMode::Packets => (
            ack_window(bytes, hosts as usize),
            packet * sources,
            format!("each of the {sources} sources' share of it"),
        ),
    };
    if room < packet {
        return Err(Error::field(
            "nic.reorder_bytes (--reorder-kb)",
            format!(
                "{bytes} bytes leave {room} bytes in {what}, less than one {packet}-byte packet; \
                 allowed: at least {minimum} bytes"
            ),
        ));
    }
    Ok(())
}

/// What the vct family tells the schema.
pub const FAMILY: crate::fabric::keys::FamilyKeys = crate::fabric::keys::FamilyKeys {
    routing_cycles: switch::VctParams::PAPER.routing_cycles,
    source_queues: &["fifo"],
    pause,
    check: |_| Ok(()),
    // maximum resident sets (`/usr/bin/time`, 10 cycles, less an empty run's 10 MiB): a
    // 64x64 mesh 139 MiB (136 estimated), k-ary n-trees of 2x10 to 16x3 13-40 MiB (at most
    // four times less than estimated: a switch of a mesh holds more than one of a tree)
    bytes: |_| crate::fabric::keys::PartBytes {
        switch: 26 << 10,
        port: 1 << 10,
        host: 1536,
    },
};

/// The longest a healthy vct switch holds a packet without a flit moving: its routing delay.
fn pause(c: &crate::fabric::keys::FabricCfg) -> u64 {
    c.routing_cycles as u64
}
