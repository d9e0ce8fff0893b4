//! Building a VC network from a configuration: router and NIC parameters from the keys, the
//! routing plan's functions or tables for every router, the sequenced NIC (seed 004), and the
//! LUC/NCB exchange with SSR's weights (seed 002).

use super::nic::seq::{InjectionKind, RearrangeKind, SeqParams};
use super::nic::VcNicParams;
use super::switch::{CrossbarKind, Switching, VcParams};
use super::{VcBuild, VcFamily, VcRoles};
use crate::blocks::credit::CreditUnit;
use crate::blocks::luc_ncb::ExchangeParams;
use crate::blocks::nic::injection::Policy;
use crate::blocks::nic::rearrange::Memory;
use crate::blocks::vc_buffer::MAX_VCS;
use crate::error::{Error, Result};
use crate::fabric::keys::FabricCfg;
use crate::fabric::vct::nic::AckMode;
use crate::fabric::{NetParams, Network};
use crate::routing::function::table::TableRouting;
use crate::routing::function::Routing;
use crate::routing::registry::Plan;
use crate::routing::selection::{Selection, SelectionFunction};
use crate::topology::{Shape, Topology};
use crate::traffic::pattern::DestTable;

/// The sequenced NIC's parameters (`nic.in_order`, seed 004), with its settings checked.
fn seq_params(cfg: &FabricCfg) -> Result<Option<SeqParams>> {
    let n = &cfg.nic;
    if !n.in_order {
        return Ok(None);
    }
    let memory = match n.vc.rearrange {
        RearrangeKind::Static => Memory::Static {
            per_conn: n.vc.rearrange_conn_bytes,
        },
        RearrangeKind::Dynamic => {
            if n.vc.rearrange_conn_bytes == 0 || n.vc.rearrange_conn_bytes > n.reorder_bytes {
                return Err(Error::field(
                    "nic.rearrange_conn_bytes",
                    format!(
                        "{} bytes per connection in a dynamic pool of nic.reorder_bytes = {}: allowed 1..={}",
                        n.vc.rearrange_conn_bytes, n.reorder_bytes, n.reorder_bytes
                    ),
                ));
            }
            Memory::new_dynamic(
                n.reorder_bytes,
                n.vc.rearrange_conn_bytes,
                "nic.reorder_bytes",
            )?
        }
    };
    let policy = match (n.vc.injection, n.vc.rearrange) {
        (InjectionKind::Immediate, _) => Policy::Immediate,
        (InjectionKind::Li, _) => Policy::Li,
        (InjectionKind::Lw, RearrangeKind::Static) => Policy::Lw {
            window: n.vc.rearrange_conn_bytes,
        },
        (InjectionKind::Lw, RearrangeKind::Dynamic) => {
            return Err(Error::field(
                "nic.injection",
                "\"lw\" (ADAP-LW) sizes its window by the destination's buffer per connection, which dynamic memory does not fix (In-order delivery paper §3.3); allowed with nic.rearrange = \"dynamic\": \"immediate\", \"li\"",
            ));
        }
    };
    if !(1..=super::nic::seq::MAX_WINDOW).contains(&n.vc.send_window) {
        return Err(Error::field(
            "nic.send_window",
            format!(
                "{} is out of range; allowed 1..={} (1 = a strict FIFO source)",
                n.vc.send_window,
                super::nic::seq::MAX_WINDOW
            ),
        ));
    }
    Ok(Some(SeqParams {
        ack_packets: n.ack == AckMode::Packets,
        memory,
        policy,
        window: n.vc.send_window,
    }))
}

/// A VC network from a configuration.
pub fn build(
    cfg: &FabricCfg,
    topo: &Topology,
    plan: &Plan,
    params: NetParams,
    dests: DestTable,
) -> Result<Network<VcFamily>> {
    let s = &cfg.switch.vc;
    let (np, nv) = (topo.ports_per_switch, s.vcs);
    if nv == 0 || nv > MAX_VCS {
        return Err(Error::field(
            "switch.vcs",
            format!("{nv} is out of range, allowed 1..={MAX_VCS}"),
        ));
    }
    if np * nv > 64 {
        return Err(Error::field(
            "switch.vcs",
            format!(
                "{nv} VCs on {np}-port routers make a {} x {} VC allocator; allowed: ports x VCs <= 64, so at most {} VCs here",
                np * nv,
                np * nv,
                64 / np
            ),
        ));
    }
    if plan.vcs > nv {
        return Err(Error::field(
            "switch.vcs",
            format!(
                "{nv} is fewer than the {} VCs {} routing needs; allowed: switch.vcs >= {}",
                plan.vcs, plan.algorithm, plan.vcs
            ),
        ));
    }
    let selection = cfg.routing.selection()?;
    if plan.escape_vc && s.switching != Switching::CutThrough {
        return Err(Error::field(
            "switch.switching",
            format!(
                "{:?} routing relies on escape paths that are deadlock-free only when a blocked packet lies whole in one queue; allowed: \"cut-through\"",
                plan.algorithm
            ),
        ));
    }
    if plan.escape_vc && !selection.tries_escape() {
        return Err(Error::field(
            "routing.selection",
            format!(
                "{:?} takes the first candidate only, never the escape path {} routing relies on; allowed: {}",
                cfg.routing.selection,
                plan.algorithm,
                crate::routing::selection::SELECTIONS
                    .iter()
                    .map(|(n, _)| *n)
                    .filter(|n| Selection::by_name(n).is_some_and(|s| s.tries_escape()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if selection.decides_once() && plan.algorithm != "dfly-ugal" {
        return Err(Error::field(
            "routing.selection",
            format!(
                "\"ugal-l-once\" decides between the minimal and the non-minimal path dfly-ugal offers; {} routing offers no such pair; allowed: routing.algorithm = \"dfly-ugal\", or another selection",
                plan.algorithm
            ),
        ));
    }
    if plan.algorithm == "dfly-ugal" && matches!(selection, Selection::Only(_)) {
        // UGAL leaves the choice between its two paths to the selection: the first candidate
        // alone would be minimal routing under UGAL's name
        return Err(Error::field(
            "routing.selection",
            "\"only\" takes the first candidate, the minimal path, so dfly-ugal would route minimally; allowed: \"ugal-l\" (decided every cycle a header waits) or \"ugal-l-once\" (decided once, BookSim2's rule)",
        ));
    }
    let (routing, keep_vc) = match &plan.functions {
        Some(f) => (f.clone(), false),
        None => {
            let routes = plan.source_routes(|| {
                Error::field(
                    "routing.algorithm",
                    format!("{:?} gives the routers no routing", plan.algorithm),
                )
            })?;
            if routes.has_itbs() {
                return Err(Error::field(
                    "routing.algorithm",
                    "itb routes need NICs that re-inject in-transit packets: use switch.family = \"myrinet\"",
                ));
            }
            if dests.may_pick_self() {
                return Err(Error::field(
                    "traffic.pattern",
                    format!(
                        "{:?} sends packets to their own host, which {} route tables do not route; allowed: a routing function (dor) or a pattern without self-traffic",
                        cfg.traffic.pattern, plan.algorithm
                    ),
                ));
            }
            // packets keep their VC only where the routes name none; routes that name VC 0
            // everywhere (up*/down* with the low-port selection) move every packet onto it
            let keep = !routes.names_vcs();
            let r = (0..topo.switches)
                .map(|sw| {
                    Routing::Table(TableRouting {
                        sw: sw as u32,
                        routes: routes.clone(),
                    })
                })
                .collect();
            (r, keep)
        }
    };
    // sources stay off an escape VC 0: adaptive routing enters it only as an escape, and
    // deterministic routing on the same switch (seed 004's DET) keeps packets in the adaptive
    // queue, one VC, so they stay in order
    let inject_vcs = if plan.escape_vc || (keep_vc && s.escape_buffer_flits > 0) {
        !1
    } else {
        u32::MAX
    };
    let per_destination = cfg.traffic.source_queues == "per-destination";
    let inject_random = cfg.nic.vc.inject_random()?;
    if inject_random && per_destination {
        return Err(Error::field(
            "nic.inject_vc",
            "\"random\" draws the VC of one source queue's head; per-destination source queues keep a packet on every free VC; allowed with traffic.source_queues = \"per-destination\": round-robin",
        ));
    }
    let fb = params.flit_bytes;
    let credit = CreditUnit::bytes(fb, cfg.switch.credit_bytes);
    let cut_through = s.switching == Switching::CutThrough;
    let nic = VcNicParams {
        payload_bytes: cfg.traffic.message_bytes,
        flit_bytes: fb,
        rate: params.rate,
        process: cfg.traffic.process,
        queue_limit: cfg.traffic.source_queue_limit,
        vcs: nv,
        buffer_flits: s.vc_buffer_flits,
        escape_flits: s.escape_buffer_flits,
        inject_vcs,
        inject_random,
        wait_for_tail_credit: s.wait_for_tail_credit,
        cut_through,
        credit,
        seq: seq_params(cfg)?,
        per_destination,
    };
    let workload = cfg.traffic.workload();
    let payload = if workload {
        cfg.traffic.mtu_bytes.max(cfg.traffic.message_bytes)
    } else {
        cfg.traffic.message_bytes
    };
    let packet = nic.flits(payload);
    // with cut-through every queue a packet may enter holds all of it
    let holds = |key: &str, flits: u32, optional: Option<&str>| {
        if !cut_through || flits >= packet || (optional.is_some() && flits == 0) {
            return Ok(());
        }
        let allowed = match optional {
            Some(zero) => format!("0 ({zero}) or >= {packet}"),
            None => format!(">= {packet}, or switch.switching = \"wormhole\""),
        };
        Err(Error::field(
            key,
            format!("{flits} flits cannot hold a whole {packet}-flit packet, which virtual cut-through needs; allowed: {allowed}"),
        ))
    };
    holds("switch.vc_buffer_flits", s.vc_buffer_flits, None)?;
    if s.crossbar == CrossbarKind::NonMultiplexed && s.output_buffer_flits == 0 {
        return Err(Error::field(
            "switch.crossbar",
            "\"non-multiplexed\" gives every output VC its own crossbar output, which writes into an output queue; allowed: \"multiplexed\", or switch.output_buffer_flits > 0",
        ));
    }
    if s.escape_buffer_flits > 0 && nv < 2 {
        return Err(Error::field(
            "switch.escape_buffer_flits",
            format!(
                "an escape queue (VC 0) of {} flits needs another VC beside it for the adaptive queue; allowed: 0, or switch.vcs >= 2",
                s.escape_buffer_flits
            ),
        ));
    }
    holds(
        "switch.escape_buffer_flits",
        s.escape_buffer_flits,
        Some("VC 0 like the others; the In-order delivery paper: one MTU"),
    )?;
    holds(
        "switch.output_buffer_flits",
        s.output_buffer_flits,
        Some("no output queues"),
    )?;
    if cfg.switch.credit_bytes > 0 {
        let units = credit.buffer_units(s.vc_buffer_flits);
        let per_flit = fb.div_ceil(cfg.switch.credit_bytes) + 1;
        if units == 0 || per_flit > 255 {
            return Err(Error::field(
                "switch.credit_bytes",
                format!(
                    "{} bytes per credit does not fit {fb}-byte flits and VC buffers of {} flits: allowed 0 (one credit per flit) or 1..={} bytes, at least 1/254 of a flit",
                    cfg.switch.credit_bytes,
                    s.vc_buffer_flits,
                    s.vc_buffer_flits as u64 * fb as u64
                ),
            ));
        }
    }
    let exchange = exchange_params(cfg, topo, &selection)?;
    if s.internal_speedup > 1 {
        let other = if s.crossbar == CrossbarKind::NonMultiplexed {
            Some("switch.crossbar = \"non-multiplexed\" (every VC has its own crossbar path; there is no switch allocation to repeat)")
        } else if exchange.hops > 0 {
            Some("the Speculative routing paper's LUC/NCB exchange (its slots are timed in link cycles)")
        } else {
            None
        };
        if let Some(other) = other {
            return Err(Error::field(
                "switch.internal_speedup",
                format!(
                    "{} internal steps a cycle cannot be combined with {other}; allowed: 1 there",
                    s.internal_speedup
                ),
            ));
        }
    }
    let b = VcBuild {
        switch: VcParams {
            ports: np,
            vcs: nv,
            buffer_flits: s.vc_buffer_flits,
            routing_cycles: cfg.routing_cycles,
            vc_alloc_cycles: s.vc_alloc_cycles,
            sw_alloc_cycles: s.sw_alloc_cycles,
            crossbar_cycles: s.crossbar_cycles,
            crossbar_batches: s.crossbar_batches,
            credit_delay_cycles: s.credit_delay_cycles,
            wait_for_tail_credit: s.wait_for_tail_credit,
            switching: s.switching,
            credit,
            selection,
            keep_vc,
            output_buffer_flits: s.output_buffer_flits,
            escape_flits: s.escape_buffer_flits,
            crossbar: s.crossbar,
            exchange,
            first_net_port: (np.saturating_sub(4)) as u8,
            internal_speedup: s.internal_speedup,
        },
        nic: std::sync::Arc::new(nic),
        routing,
        roles: if plan.escape_vc {
            VcRoles::Escape
        } else {
            match plan.algorithm {
                "dl" | "dl-table" => VcRoles::Layers,
                "dor-dateline" | "dfly-min" | "dfly-ugal" | "dfly-ugal-g" | "dfly-valiant" => {
                    VcRoles::Classes
                }
                _ => VcRoles::Plain,
            }
        },
    };
    Network::new(topo, params, b, dests)
}

/// Seed 002's LUC/NCB exchange (`exchange.*`), checked against the topology, the switch and
/// the selection that reads it: SSR needs the two-hop exchange, its one-hop variant at least
/// the one-hop one; without `exchange.hops` the selection's need is taken.
fn exchange_params(cfg: &FabricCfg, topo: &Topology, sel: &Selection) -> Result<ExchangeParams> {
    let e = &cfg.exchange;
    let need = sel.needs().exchange_hops;
    let p = ExchangeParams {
        hops: e.hops.unwrap_or(need),
        period: e.period_cycles,
        handshake: e.handshake_cycles,
        data: e.data_cycles,
    };
    p.check()?;
    if p.hops < need {
        return Err(Error::field(
            "exchange.hops",
            format!(
                "{}: routing.selection = {:?} reads the NCB {need}-hop values, which a {}-hop exchange does not supply; allowed: {need}..=2",
                p.hops, cfg.routing.selection, p.hops
            ),
        ));
    }
    if p.hops > 0 {
        if !matches!(topo.shape, Shape::Mesh { .. } | Shape::Torus { .. }) {
            return Err(Error::field(
                "exchange.hops",
                format!("{}: the LUC/NCB exchange needs the four directions of a mesh or torus (topology.kind = \"mesh\" or \"torus\"); allowed here: 0", p.hops),
            ));
        }
        if cfg.switch.vc.output_buffer_flits > 0 {
            return Err(Error::field(
                "switch.output_buffer_flits",
                format!("{}: the LUC/NCB exchange halts the links at the crossbar, which output queues would bypass; allowed with exchange.hops > 0: 0", cfg.switch.vc.output_buffer_flits),
            ));
        }
    }
    Ok(p)
}
