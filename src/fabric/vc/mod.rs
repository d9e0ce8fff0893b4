//! The virtual-channel router family: input-queued routers with per-VC buffers,
//! credits, a VC allocator and a switch allocator, wormhole or virtual cut-through switching
//! ([`switch`]), and NICs that pick the injection VC ([`nic`]). Its preset
//! `configs/booksim-iq.toml` mirrors BookSim2's `iq` router (docs/booksim.md); seeds 002, 003
//! and 004 build on it.
//!
//! Routings: any routing function (dimension order, dimension order with dateline VCs on tori)
//! or route tables (up*/down*): a table that names no VC keeps the packet on the VC its source
//! picked, so every VC is a copy of the deadlock-free network.

mod build;
pub mod keys;
pub mod nic;
pub mod switch;

pub use build::build;

use super::{Family, Network, OneByOneFn, SectionReport, Wiring};
use crate::blocks::nic::injection::Policy;
use crate::blocks::nic::rearrange::Memory;
use crate::error::{Error, Result};
use crate::routing::function::global_queues::GlobalQueues;
use crate::routing::function::Routing;
pub use nic::seq::VcExt;
use nic::seq::{SeqParams, Sequenced};
use nic::{VcNic, VcNicParams};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use switch::{CrossbarKind, Switching, VcParams, VcSwitch};

/// The family.
pub struct VcFamily;

/// Router and NIC parameters, and every router's routing function.
#[derive(Debug, Clone)]
pub struct VcBuild {
    pub switch: VcParams,
    pub nic: Arc<VcNicParams>,
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
    /// The routers' internal speedup, if any (`switch.internal_speedup` > 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speedup: Option<SpeedupSection>,
}

/// What the routers' internal speedup did.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct SpeedupSection {
    /// Internal pipeline steps per link cycle.
    pub internal_speedup: u32,
    /// The most flits one output's FIFO held (more than 1: the speedup was used).
    pub max_fifo_flits: u32,
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
        if let Some(x) = &self.speedup {
            s += &if self.output_buffer_flits > 0 {
                format!(
                    "speedup          {} internal steps a cycle, into the output queues\n",
                    x.internal_speedup
                )
            } else {
                format!(
                    "speedup          {} internal steps a cycle, output FIFOs up to {} flits\n",
                    x.internal_speedup, x.max_fifo_flits
                )
            };
        }
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
    /// The routers are evaluated in bit planes alone (every router the family builds).
    const ONE_BY_ONE: Option<OneByOneFn<VcSwitch, VcExt>> = None;
    /// The routers evaluated together in bit planes.
    type Engine = switch::Planes;
    type Ext = VcExt;
    type Switch = VcSwitch;
    type Nic = VcNic;
    /// UGAL-G's global queues, when the routing reads them.
    type Shared = Option<Arc<GlobalQueues>>;
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
        VcNic::new(host, hosts, b.nic.clone(), in_link, out_link, rng)
    }

    /// UGAL-G: a global view of this network's own, given to every router's routing unit (the
    /// plan's is shared by every network built from it).
    fn shared(b: &mut VcBuild, _hosts: usize) -> Option<Arc<GlobalQueues>> {
        let mut own: Option<Arc<GlobalQueues>> = None;
        for r in b.routing.iter_mut() {
            if let Routing::DflyUgal(u) = r {
                if let Some(g) = u.global.as_mut() {
                    let mine = own.get_or_insert_with(|| {
                        Arc::new(GlobalQueues::new(g.dragonfly(), g.measure()))
                    });
                    *g = mine.clone();
                }
            }
        }
        own
    }

    /// UGAL-G: every router's global ports publish their queues, by the view's measure, read
    /// from the routers or, where they run in planes, from the planes' registers of them.
    #[inline(always)]
    fn after_switches(
        switches: &[VcSwitch],
        planes: Option<&switch::Planes>,
        shared: &Option<Arc<GlobalQueues>>,
    ) {
        if let Some(gq) = shared {
            let d = gq.dragonfly();
            let globals = d.first_global()..d.first_global() + d.h;
            let mut w = [0u32; 64];
            for (r, s) in switches.iter().enumerate() {
                match planes {
                    Some(p) => p.global_queues((r, s), gq.measure(), globals.clone(), &mut w),
                    None => s.global_queues(gq.measure(), globals.clone(), &mut w),
                }
                for port in globals.clone() {
                    gq.set(r, port, w[port]);
                }
            }
        }
    }

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
                .switches()
                .iter()
                .map(|s| s.max_level())
                .max()
                .unwrap_or(0),
            flits_forwarded: net.switches().iter().map(|s| s.forwarded()).sum(),
            vc0_share: net
                .switches()
                .iter()
                .map(|s| s.forwarded_vc[0])
                .sum::<u64>() as f64
                / net
                    .switches()
                    .iter()
                    .map(|s| s.forwarded())
                    .sum::<u64>()
                    .max(1) as f64,
            vc_use: {
                let all = net
                    .switches()
                    .iter()
                    .map(|s| s.forwarded())
                    .sum::<u64>()
                    .max(1);
                (0..p.vcs)
                    .map(|v| {
                        let flits = net.switches().iter().map(|s| s.forwarded_vc[v]).sum();
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
            speedup: (p.internal_speedup > 1).then(|| SpeedupSection {
                internal_speedup: p.internal_speedup,
                max_fifo_flits: net
                    .switches()
                    .iter()
                    .map(|s| s.fifo_max())
                    .max()
                    .unwrap_or(0),
            }),
            exchange: (p.exchange.hops > 0).then(|| {
                let units = || net.switches().iter().filter_map(|s| s.exchange_unit());
                Box::new(ExchangeSection {
                    hops: p.exchange.hops,
                    period_cycles: p.exchange.period,
                    occupancy_cycles: p.exchange.occupancy(),
                    words: units().map(|x| x.words_out).sum(),
                    halted: net.switches().iter().map(|s| s.halted()).sum(),
                    max_luc: units().map(|x| x.luc).max().unwrap_or(0),
                    mean_luc: units().map(|x| x.luc as f64).sum::<f64>()
                        / net.switches().len().max(1) as f64,
                })
            }),
        }
    }
}

/// What the vc family tells the schema: BookSim2's iq preset routes by lookahead (0 routing
/// cycles); its NIC offers both source queue disciplines.
pub const FAMILY: crate::fabric::keys::FamilyKeys = crate::fabric::keys::FamilyKeys {
    routing_cycles: 0,
    source_queues: &["fifo", "per-destination"],
    pause,
    check,
    bytes,
};

/// A vc router port's memory: each VC's buffer (16 bytes a flit) and state (about 320
/// bytes), and about 4 KiB of the port's own registers, link and the router's share. Maximum
/// resident sets (`/usr/bin/time`, `flitwave run ... --cycles 10`, less the 10 MiB of an empty
/// run): the preset on 64x64 and 128x128 meshes, 2-8 VCs of 8-64 flits, within 5 % of this;
/// the dragonfly preset 61 MiB against 88 estimated.
fn bytes(c: &crate::fabric::keys::FabricCfg) -> crate::fabric::keys::PartBytes {
    let s = &c.switch.vc;
    crate::fabric::keys::PartBytes {
        switch: 0,
        port: s.vcs as u64 * (16 * s.vc_buffer_flits as u64 + 320) + 4096,
        host: 2048,
    }
}

/// The longest a healthy vc router holds a head without a flit moving: its pipeline and a
/// credit's delay.
fn pause(c: &crate::fabric::keys::FabricCfg) -> u64 {
    let s = &c.switch.vc;
    (c.routing_cycles + s.vc_alloc_cycles + s.sw_alloc_cycles + s.crossbar_cycles) as u64
        + s.credit_delay_cycles as u64
}

/// The sequenced NIC has its own send engine: per-destination source queues do not combine
/// with it.
fn check(c: &crate::fabric::keys::FabricCfg) -> Result<()> {
    if c.traffic.source_queues == "per-destination" && c.nic.in_order {
        return Err(Error::field(
            "traffic.source_queues",
            "\"per-destination\" with nic.in_order: the sequenced NIC has its own send engine (nic.send_window); allowed with nic.in_order = true: \"fifo\"",
        ));
    }
    Ok(())
}
