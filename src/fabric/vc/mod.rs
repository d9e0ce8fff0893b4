//! The virtual-channel router family (issue 12): input-queued routers with per-VC buffers,
//! credits, a VC allocator and a switch allocator, wormhole or virtual cut-through switching
//! ([`switch`]), and NICs that pick the injection VC ([`nic`]). Its preset
//! `configs/booksim-iq.toml` mirrors BookSim2's `iq` router (docs/booksim.md); seeds 002, 003
//! and 004 build on it.
//!
//! Routings: any routing function (dimension order, dimension order with dateline VCs on tori)
//! or route tables (up*/down*): a table that names no VC keeps the packet on the VC its source
//! picked, so every VC is a copy of the deadlock-free network.

pub mod nic;
pub mod switch;

use super::{Family, NetParams, Network, SectionReport, Wiring};
use crate::blocks::credit::CreditUnit;
use crate::blocks::luc_ncb::ExchangeParams;
use crate::blocks::nic::injection::Policy;
use crate::blocks::nic::rearrange::Memory;
use crate::blocks::vc_buffer::MAX_VCS;
use crate::error::{Error, Result};
use crate::experiment::config::Config;
use crate::fabric::vct::nic::AckMode;
use crate::routing::function::table::TableRouting;
use crate::routing::function::Routing;
use crate::routing::registry::Plan;
use crate::routing::selection::speculative::{Ssr, Ssr1Hop, D_READINGS};
use crate::routing::selection::Selection;
use crate::topology::{Shape, Topology};
use crate::traffic::pattern::DestTable;
pub use nic::seq::VcExt;
use nic::seq::{InjectionKind, RearrangeKind, SeqParams, Sequenced};
use nic::{VcNic, VcNicParams};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use switch::{CrossbarKind, Switching, VcParams, VcSwitch};

/// The family.
pub struct VcFamily;

/// Router and NIC parameters, and every router's routing function.
#[derive(Debug, Clone)]
pub struct VcBuild {
    pub switch: VcParams,
    pub nic: VcNicParams,
    pub routing: Vec<Routing>,
    /// What a VC index means to the routing (the summary's per-VC use).
    pub roles: VcRoles,
}

/// What the virtual channels are to the routing, so the summary can say what each VC carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VcRoles {
    /// VC 0 the escape queue, the others adaptive (seed 004).
    Escape,
    /// One layer per VC (seed 003's Descending Layers; a packet only descends).
    Layers,
    /// Dateline classes of a torus.
    Classes,
    /// Copies of one network, or VCs any packet may take.
    Plain,
}

impl VcRoles {
    /// The name of VC `vc` in this role.
    pub fn name(self, vc: usize) -> String {
        match self {
            VcRoles::Escape if vc == 0 => "escape".into(),
            VcRoles::Escape => "adaptive".into(),
            VcRoles::Layers => format!("layer {vc}"),
            VcRoles::Classes => format!("class {vc}"),
            VcRoles::Plain => format!("VC {vc}"),
        }
    }
}

/// What one VC carried: the flits through crossbars into it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct VcUse {
    pub vc: usize,
    /// "escape", "adaptive", "layer 2", "class 1" or "VC 3".
    pub role: String,
    pub flits: u64,
    /// Of all flits through crossbars.
    pub share: f64,
}

/// What the VC family adds to the summary.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct VcSection {
    pub vcs: usize,
    pub vc_buffer_flits: u32,
    /// "wormhole" or "cut-through".
    pub switching: String,
    pub wait_for_tail_credit: bool,
    /// Highest occupancy any VC buffer reached, flits.
    pub max_vc_level: u32,
    /// Flits that crossed a crossbar.
    pub flits_forwarded: u64,
    /// Of them, the share that went into VC 0 (with an escape queue: escape hops).
    pub vc0_share: f64,
    /// Of them, what went into each VC, named by its role in the routing.
    #[serde(default)]
    pub vc_use: Vec<VcUse>,
    /// "multiplexed" or "non-multiplexed".
    pub crossbar: String,
    /// Flits of VC 0's buffers when it is an escape queue (0: like the others), and of the
    /// output queues (0: none).
    pub escape_buffer_flits: u32,
    pub output_buffer_flits: u32,
    /// Seed 004's sequenced NICs (nic.in_order), if configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_order: Option<InOrderSection>,
    /// Seed 002's LUC/NCB exchange, if configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<Box<ExchangeSection>>,
}

/// What the LUC/NCB exchange did (seed 002 §3).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct ExchangeSection {
    pub hops: u8,
    pub period_cycles: u32,
    /// Cycles of every period the router-to-router links are taken.
    pub occupancy_cycles: u32,
    /// Exchange words driven on the links.
    pub words: u64,
    /// Input-VC cycles held back because their flit would have met an exchange slot.
    pub halted: u64,
    /// Highest LUC any router reached at the end of the run, and the mean.
    pub max_luc: u16,
    pub mean_luc: f64,
}

/// What the sequenced NICs of seed 004 measured (§4.2–4.4).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct InOrderSection {
    /// "free" (unlimited rearrange buffer, no ACK/NACK packets) or "packets".
    pub ack: String,
    /// e.g. "static 2048 B/connection", "dynamic 262144 B (131072 B/connection)", "unlimited".
    pub memory: String,
    /// "immediate", "li" or "lw".
    pub injection: String,
    /// Data packets injected for the first time, resent, ACKs and NACKs (packets and flits).
    pub data_packets: u64,
    pub resent_packets: u64,
    pub acks: u64,
    pub nacks: u64,
    pub data_flits: u64,
    pub waste_flits: u64,
    /// Waste traffic (ACKs, NACKs, resends) as a share of the injected flits and packets.
    pub waste_share: f64,
    pub waste_packet_share: f64,
    /// Packets that arrived out of order (stored or rejected) and were rejected.
    pub out_of_order: u64,
    pub rejected: u64,
    /// MBS: the largest buffer one connection needed (bytes, over all NICs); MMS: the largest
    /// memory one NIC needed at once.
    pub mbs_bytes: u64,
    pub mms_bytes: u64,
}

impl InOrderSection {
    /// The section of `nics`' sequenced engines.
    fn of<'a>(p: &SeqParams, engines: impl Iterator<Item = &'a Sequenced>) -> Self {
        let mut inj = nic::seq::Injected::default();
        let mut s = InOrderSection {
            ack: if p.ack_packets { "packets" } else { "free" }.into(),
            memory: if p.ack_packets {
                match p.memory {
                    Memory::Static { per_conn } => format!("static {per_conn} B/connection"),
                    Memory::Dynamic { total, cap } => {
                        format!("dynamic {total} B ({cap} B/connection)")
                    }
                    Memory::Unlimited => "unlimited".into(),
                }
            } else {
                "unlimited".into()
            },
            injection: match p.policy {
                Policy::Immediate => "immediate",
                Policy::Li => "li",
                Policy::Lw { .. } => "lw",
            }
            .into(),
            ..Default::default()
        };
        for e in engines {
            inj.add(&e.injected);
            s.out_of_order += e.rb.stored + e.rb.rejected;
            s.rejected += e.rb.rejected;
            s.mbs_bytes = s.mbs_bytes.max(e.rb.max_buffers());
            s.mms_bytes = s.mms_bytes.max(e.rb.max_used);
        }
        s.data_packets = inj.data;
        s.resent_packets = inj.resent;
        s.acks = inj.acks;
        s.nacks = inj.nacks;
        s.data_flits = inj.data_flits;
        s.waste_flits = inj.resent_flits + inj.ack_flits + inj.nack_flits;
        s.waste_share = inj.waste_flits();
        s.waste_packet_share = inj.waste_packets();
        s
    }
}

impl SectionReport for VcSection {
    fn report(&self) -> String {
        let mut s = format!(
            "routers          {} VCs x {} flits, {}, {} crossbar, highest VC occupancy {} flits, {} flits through crossbars ({:.1} % into VC 0)\n",
            self.vcs,
            self.vc_buffer_flits,
            self.switching,
            self.crossbar,
            self.max_vc_level,
            self.flits_forwarded,
            100.0 * self.vc0_share
        );
        if self.vc_use.len() > 1 {
            let parts: Vec<String> = self
                .vc_use
                .iter()
                .map(|u| {
                    if u.role == format!("VC {}", u.vc) {
                        format!("{} {:.1} %", u.role, 100.0 * u.share)
                    } else {
                        format!("{} (VC {}) {:.1} %", u.role, u.vc, 100.0 * u.share)
                    }
                })
                .collect();
            s += &format!(
                "VC use           {} of the flits through crossbars\n",
                parts.join(", ")
            );
        }
        if self.escape_buffer_flits > 0 || self.output_buffer_flits > 0 {
            s += &format!(
                "queues           escape queue (VC 0) {} flits, output queues {} flits per VC\n",
                self.escape_buffer_flits, self.output_buffer_flits
            );
        }
        if let Some(x) = &self.exchange {
            s += &format!(
                "exchange         LUC/NCB {}-hop, links taken {} of every {} cycles: {} words, {} VC-cycles halted; LUC at the end: max {}, mean {:.2}\n",
                x.hops, x.occupancy_cycles, x.period_cycles, x.words, x.halted, x.max_luc, x.mean_luc
            );
        }
        if let Some(o) = &self.in_order {
            s += &format!(
                "in order         acks {}, rearrange memory {}, injection {}: {} out of order, {} rejected, MBS {} B, MMS {} B\n",
                o.ack, o.memory, o.injection, o.out_of_order, o.rejected, o.mbs_bytes, o.mms_bytes
            );
            s += &format!(
                "waste traffic    {:.2} % of flits ({:.2} % of packets): {} resent, {} ACKs, {} NACKs beside {} data packets\n",
                100.0 * o.waste_share,
                100.0 * o.waste_packet_share,
                o.resent_packets,
                o.acks,
                o.nacks,
                o.data_packets
            );
        }
        s
    }
}

impl Family for VcFamily {
    const NAME: &'static str = "vc";
    const PENDING_PER_HOST: u64 = 4;
    const COUNTS_HOPS: bool = false;
    const SLEEPS: bool = true;
    type Ext = VcExt;
    type Switch = VcSwitch;
    type Nic = VcNic;
    type Shared = ();
    type Build = VcBuild;
    type Section = VcSection;

    fn switch(b: &VcBuild, id: usize, w: Wiring) -> Result<VcSwitch> {
        Ok(VcSwitch::new(id, b.switch, b.routing[id].clone(), w))
    }

    fn nic(
        b: &VcBuild,
        host: usize,
        hosts: usize,
        in_link: u32,
        out_link: u32,
        rng: ChaCha8Rng,
    ) -> VcNic {
        VcNic::new(host, hosts, b.nic, in_link, out_link, rng)
    }

    fn shared(_b: &VcBuild, _hosts: usize) {}

    /// With cut-through a packet must fit every queue it may enter: the adaptive (or every)
    /// VC, the escape queue, the output queues.
    fn max_payload(b: &VcBuild) -> u32 {
        let p = &b.switch;
        match p.switching {
            Switching::Wormhole => u32::MAX,
            Switching::CutThrough => {
                let mut f = p.buffer_flits.min(p.vc0_flits());
                if p.output_buffer_flits > 0 {
                    f = f.min(p.output_buffer_flits);
                }
                f * b.nic.flit_bytes
            }
        }
    }

    fn section(net: &Network<Self>) -> VcSection {
        let p = &net.build.switch;
        VcSection {
            vcs: p.vcs,
            vc_buffer_flits: p.buffer_flits,
            switching: match p.switching {
                Switching::Wormhole => "wormhole",
                Switching::CutThrough => "cut-through",
            }
            .into(),
            wait_for_tail_credit: p.wait_for_tail_credit,
            max_vc_level: net
                .switches
                .iter()
                .map(|s| s.max_level())
                .max()
                .unwrap_or(0),
            flits_forwarded: net.switches.iter().map(|s| s.forwarded).sum(),
            vc0_share: net.switches.iter().map(|s| s.forwarded_vc[0]).sum::<u64>() as f64
                / net.switches.iter().map(|s| s.forwarded).sum::<u64>().max(1) as f64,
            vc_use: {
                let all = net.switches.iter().map(|s| s.forwarded).sum::<u64>().max(1);
                (0..p.vcs)
                    .map(|v| {
                        let flits = net.switches.iter().map(|s| s.forwarded_vc[v]).sum();
                        VcUse {
                            vc: v,
                            role: net.build.roles.name(v),
                            flits,
                            share: flits as f64 / all as f64,
                        }
                    })
                    .collect()
            },
            crossbar: match p.crossbar {
                CrossbarKind::Multiplexed => "multiplexed",
                CrossbarKind::NonMultiplexed => "non-multiplexed",
            }
            .into(),
            escape_buffer_flits: p.escape_flits,
            output_buffer_flits: p.output_buffer_flits,
            in_order: net.build.nic.seq.map(|sp| {
                InOrderSection::of(&sp, net.nics.iter().filter_map(|n| n.seq.as_deref()))
            }),
            exchange: (p.exchange.hops > 0).then(|| {
                let units = || net.switches.iter().filter_map(|s| s.exch.as_ref());
                Box::new(ExchangeSection {
                    hops: p.exchange.hops,
                    period_cycles: p.exchange.period,
                    occupancy_cycles: p.exchange.occupancy(),
                    words: units().map(|x| x.words_out).sum(),
                    halted: net.switches.iter().map(|s| s.halted).sum(),
                    max_luc: units().map(|x| x.luc).max().unwrap_or(0),
                    mean_luc: units().map(|x| x.luc as f64).sum::<f64>()
                        / net.switches.len().max(1) as f64,
                })
            }),
        }
    }
}

/// The sequenced NIC's parameters (`nic.in_order`, seed 004), with its settings checked.
fn seq_params(cfg: &Config) -> Result<Option<SeqParams>> {
    let n = &cfg.nic;
    if !n.in_order {
        return Ok(None);
    }
    let memory = match n.rearrange {
        RearrangeKind::Static => Memory::Static {
            per_conn: n.rearrange_conn_bytes,
        },
        RearrangeKind::Dynamic => {
            if n.rearrange_conn_bytes == 0 || n.rearrange_conn_bytes > n.reorder_bytes {
                return Err(Error::field(
                    "nic.rearrange_conn_bytes",
                    format!(
                        "{} bytes per connection in a dynamic pool of nic.reorder_bytes = {}: allowed 1..={}",
                        n.rearrange_conn_bytes, n.reorder_bytes, n.reorder_bytes
                    ),
                ));
            }
            Memory::new_dynamic(n.reorder_bytes, n.rearrange_conn_bytes, "nic.reorder_bytes")?
        }
    };
    let policy = match (n.injection, n.rearrange) {
        (InjectionKind::Immediate, _) => Policy::Immediate,
        (InjectionKind::Li, _) => Policy::Li,
        (InjectionKind::Lw, RearrangeKind::Static) => Policy::Lw {
            window: n.rearrange_conn_bytes,
        },
        (InjectionKind::Lw, RearrangeKind::Dynamic) => {
            return Err(Error::field(
                "nic.injection",
                "\"lw\" (ADAP-LW) sizes its window by the destination's buffer per connection, which dynamic memory does not fix (seed 004 §3.3); allowed with nic.rearrange = \"dynamic\": \"immediate\", \"li\"",
            ));
        }
    };
    if !(1..=nic::seq::MAX_WINDOW).contains(&n.send_window) {
        return Err(Error::field(
            "nic.send_window",
            format!(
                "{} is out of range; allowed 1..={} (1 = a strict FIFO source)",
                n.send_window,
                nic::seq::MAX_WINDOW
            ),
        ));
    }
    Ok(Some(SeqParams {
        ack_packets: n.ack == AckMode::Packets,
        memory,
        policy,
        window: n.send_window,
    }))
}

/// A VC network from a configuration.
pub fn build(
    cfg: &Config,
    topo: &Topology,
    plan: &Plan,
    params: NetParams,
    dests: DestTable,
) -> Result<Network<VcFamily>> {
    let s = &cfg.switch;
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
    let selection = Selection::by_name(&cfg.routing.selection).ok_or_else(|| {
        Error::field(
            "routing.selection",
            format!("{:?} is unknown", cfg.routing.selection),
        )
    })?;
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
            let keep = routes.vcs() <= 1;
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
    let fb = params.flit_bytes;
    let credit = CreditUnit::bytes(fb, s.credit_bytes);
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
        wait_for_tail_credit: s.wait_for_tail_credit,
        cut_through,
        credit,
        seq: seq_params(cfg)?,
        per_destination: cfg.traffic.source_queues == "per-destination",
    };
    let workload = cfg.traffic.trace.is_some() || cfg.traffic.storage_us.is_some();
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
        Some("VC 0 like the others; seed 004: one MTU"),
    )?;
    holds(
        "switch.output_buffer_flits",
        s.output_buffer_flits,
        Some("no output queues"),
    )?;
    if s.credit_bytes > 0 {
        let units = credit.buffer_units(s.vc_buffer_flits);
        let per_flit = fb.div_ceil(s.credit_bytes) + 1;
        if units == 0 || per_flit > 255 {
            return Err(Error::field(
                "switch.credit_bytes",
                format!(
                    "{} bytes per credit does not fit {fb}-byte flits and VC buffers of {} flits: allowed 0 (one credit per flit) or 1..={} bytes, at least 1/254 of a flit",
                    s.credit_bytes,
                    s.vc_buffer_flits,
                    s.vc_buffer_flits as u64 * fb as u64
                ),
            ));
        }
    }
    let selection = ssr_weight(cfg, selection)?;
    let exchange = exchange_params(cfg, topo, &selection)?;
    let b = VcBuild {
        switch: VcParams {
            ports: np,
            vcs: nv,
            buffer_flits: s.vc_buffer_flits,
            routing_cycles: s.routing_cycles(),
            vc_alloc_cycles: s.vc_alloc_cycles,
            sw_alloc_cycles: s.sw_alloc_cycles,
            crossbar_cycles: s.crossbar_cycles,
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
        },
        nic,
        routing,
        roles: if plan.escape_vc {
            VcRoles::Escape
        } else {
            match plan.algorithm {
                "dl" | "dl-table" => VcRoles::Layers,
                "dor-dateline" => VcRoles::Classes,
                _ => VcRoles::Plain,
            }
        },
    };
    Network::new(topo, params, b, dests)
}

/// Seed 002's LUC/NCB exchange (`exchange.*`), checked against the topology, the switch and
/// the selection that reads it: SSR needs the two-hop exchange, its one-hop variant at least
/// the one-hop one; without `exchange.hops` the selection's need is taken.
fn exchange_params(cfg: &Config, topo: &Topology, sel: &Selection) -> Result<ExchangeParams> {
    let e = &cfg.exchange;
    let need = match sel {
        Selection::Ssr(_) => 2,
        Selection::Ssr1Hop(_) => 1,
        _ => 0,
    };
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
        if cfg.switch.output_buffer_flits > 0 {
            return Err(Error::field(
                "switch.output_buffer_flits",
                format!("{}: the LUC/NCB exchange halts the links at the crossbar, which output queues would bypass; allowed with exchange.hops > 0: 0", cfg.switch.output_buffer_flits),
            ));
        }
    }
    Ok(p)
}

/// SSR's weight k of N2 (`routing.ssr_k`, in quarters; the key belongs to ssr alone) and its
/// reading of D (`routing.ssr_d`, ssr and ssr-1hop).
fn ssr_weight(cfg: &Config, sel: Selection) -> Result<Selection> {
    let reading = cfg.routing.ssr_d.as_str();
    let d_turn = match reading {
        "same-dimension" => false,
        "turn" => true,
        other => {
            return Err(Error::field(
                "routing.ssr_d",
                format!(
                    "{other:?} is not a reading of D; allowed: {}",
                    D_READINGS.join(", ")
                ),
            ))
        }
    };
    if d_turn && !matches!(sel, Selection::Ssr(_) | Selection::Ssr1Hop(_)) {
        return Err(Error::field(
            "routing.ssr_d",
            format!("\"turn\": the reading of D belongs to routing.selection = \"ssr\" or \"ssr-1hop\", not {:?}", cfg.routing.selection),
        ));
    }
    let k = cfg.routing.ssr_k;
    let q = k * 4.0;
    if !(0.0..=4.0).contains(&k) || q.fract() != 0.0 {
        return Err(Error::field(
            "routing.ssr_k",
            format!("{k}: the selection unit weighs N2 in quarters; allowed 0, 0.25, 0.5, ..., 4 (seed 002: 0.5)"),
        ));
    }
    match sel {
        Selection::Ssr(_) => Ok(Selection::Ssr(Ssr {
            k_quarters: q as u8,
            d_turn,
        })),
        Selection::Ssr1Hop(_) if k == 0.5 => Ok(Selection::Ssr1Hop(Ssr1Hop { d_turn })),
        _ if k != 0.5 => Err(Error::field(
            "routing.ssr_k",
            format!("{k}: the weight of N2 belongs to routing.selection = \"ssr\", not {:?} (ssr-1hop has k = 0)", cfg.routing.selection),
        )),
        other => Ok(other),
    }
}
