//! From a [`Config`] to a ready-to-run [`Network`]: topology, routes, destination table, hardware
//! parameters.

use super::config::{Algorithm, Config, TopologyKind};
use crate::blocks::myrinet_switch::SwitchParams;
use crate::blocks::nic::NicParams;
use crate::blocks::slack_buffer::SlackParams;
use crate::error::{Error, Result};
use crate::fabric::network::{NetParams, Network};
use crate::routing::{dor, itb, updown, RouteSet};
use crate::topology::{irregular, json, mesh, Topology};
use crate::traffic::pattern::{DestTable, Pattern};
use std::path::Path;

/// Build the topology a configuration names.
pub fn topology(cfg: &Config) -> Result<Topology> {
    let t = &cfg.topology;
    let seed = t.seed.unwrap_or(cfg.seed);
    match t.kind {
        TopologyKind::Irregular => {
            irregular::generate(t.switches, t.hosts_per_switch, t.ports, seed)
        }
        TopologyKind::Mesh => mesh::mesh(
            mesh::parse_dims(&t.dims).map_err(|e| e.context("topology.dims"))?,
            t.hosts_per_switch,
        ),
        TopologyKind::Torus => mesh::torus(
            mesh::parse_dims(&t.dims).map_err(|e| e.context("topology.dims"))?,
            t.hosts_per_switch,
        ),
        TopologyKind::File => {
            let f = t
                .file
                .as_deref()
                .ok_or_else(|| Error::field("topology.file", "missing"))?;
            json::load(Path::new(f))
        }
    }
}

/// Compute the routes a configuration names.
pub fn routes(cfg: &Config, topo: &Topology) -> Result<RouteSet> {
    match cfg.routing.algorithm {
        Algorithm::Updown => {
            let sel = updown::Select::parse(cfg.routing.select_name())
                .map_err(|e| e.context("routing.select"))?;
            updown::routes(topo, sel, cfg.seed)
        }
        Algorithm::Itb => {
            let sel = itb::ItbSelect::parse(cfg.routing.select_name())
                .map_err(|e| e.context("routing.select"))?;
            itb::routes(topo, sel, cfg.seed)
        }
        Algorithm::Dor => dor::routes(topo).map_err(|e| e.context("routing.algorithm")),
    }
}

/// Hardware and traffic parameters.
pub fn net_params(cfg: &Config, topo: &Topology) -> NetParams {
    let slack = SlackParams {
        capacity: cfg.switch.slack_bytes,
        stop_above: cfg.switch.stop_above,
        go_below: cfg.switch.go_below,
    };
    NetParams {
        fly_cycles: cfg.link.fly_cycles,
        clock_ns: cfg.link.clock_ns,
        switch: SwitchParams {
            ports: topo.ports_per_switch,
            first_flit_latency: cfg.switch.first_flit_latency_cycles,
            slack,
        },
        nic: NicParams {
            payload: cfg.traffic.message_bytes,
            rate: cfg.traffic.rate,
            process: cfg.traffic.process,
            queue_limit: cfg.traffic.source_queue_limit,
            load_cycles: cfg.nic.load_cycles,
            recv_bytes_per_cycle: cfg.nic.recv_bytes_per_cycle,
            slack,
            itb: crate::blocks::nic::itb::ItbParams {
                detect_cycles: cfg.nic.itb_detect_cycles,
                program_cycles: cfg.nic.itb_program_cycles,
                pool_bytes: cfg.nic.itb_pool_bytes,
                spill_delay_cycles: cfg.nic.itb_spill_delay_cycles,
                descriptors: cfg.nic.itb_descriptors,
            },
        },
        warmup: cfg.warmup,
        watchdog_cycles: cfg.watchdog_cycles,
        seed: cfg.seed,
    }
}

/// Everything needed to simulate: topology, routes and the network itself.
pub struct Built {
    pub topology: Topology,
    pub routes: RouteSet,
    pub network: Network,
}

/// Build the network, reusing a topology and routes when given (sweeps compute them once).
pub fn network_with(cfg: &Config, topo: &Topology, routes: &RouteSet) -> Result<Network> {
    let pattern = Pattern::parse(&cfg.traffic.pattern)
        .map_err(|e| e.context("traffic.pattern"))?
        .resolve(topo.num_hosts(), cfg.seed);
    let dests = DestTable::new(&pattern, topo).map_err(|e| e.context("traffic.pattern"))?;
    Network::new(topo, routes, dests, net_params(cfg, topo))
}

/// Build everything from scratch.
pub fn build(cfg: &Config) -> Result<Built> {
    let topology = topology(cfg)?;
    let routes = routes(cfg, &topology)?;
    let network = network_with(cfg, &topology, &routes)?;
    Ok(Built {
        topology,
        routes,
        network,
    })
}
