//! Configuration schema (TOML) of one simulation: topology × switch family × routing ×
//! selection × traffic × hardware.
//!
//! Every field has a default (the Myrinet values of seed 000 §4.3–4.5); a configuration file
//! only names what it changes. Names of families, routings and selections come from the
//! registries (`fabric::registry`, `routing::registry`, `routing::selection`). Unknown keys, wrong types and out-of-range values are errors that
//! name the field, the value and what is allowed. `--set key=value` overrides use the same dotted
//! names (`traffic.rate=0.05`, `topology.switches=64`).

use serde::{Deserialize, Serialize};

/// The embedded default configuration (`configs/default.toml`).
pub const DEFAULT_TOML: &str = include_str!("../../configs/default.toml");

/// A whole simulation configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Seed of everything random (topology, route balancing order, traffic): any u64; TOML
    /// integers stop at 2^63 - 1, so larger seeds are written as strings.
    #[serde(with = "seed_u64")]
    pub seed: u64,
    /// Cycles to simulate, warm-up included.
    pub cycles: u64,
    /// Cycles discarded before measuring.
    pub warmup: u64,
    /// Cycles without progress (with flits in the network) that count as a deadlock.
    pub watchdog_cycles: u64,
    pub topology: TopologyCfg,
    pub routing: RoutingCfg,
    pub traffic: TrafficCfg,
    pub link: LinkCfg,
    pub switch: SwitchCfg,
    pub nic: NicCfg,
    pub exchange: ExchangeCfg,
}

/// `[exchange]`: seed 002's LUC/NCB exchange between the routers of a mesh or torus (vc
/// family), which takes every router-to-router link for handshake_cycles + data_cycles of
/// every period_cycles (§3, §5: 2 + 8 of 100).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExchangeCfg {
    /// 0 (no exchange), 1 (NCB 1-hop) or 2 (NCB 1-hop and 2-hop); when not given, what the
    /// selection reads: ssr 2, ssr-1hop 1, others 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hops: Option<u8>,
    /// Cycles from one exchange to the next (seed 002: 100).
    pub period_cycles: u32,
    /// Handshake cycles at the start of an exchange (seed 002: 2).
    pub handshake_cycles: u32,
    /// Data cycles after the handshake (seed 002: 8).
    pub data_cycles: u32,
}

impl Default for ExchangeCfg {
    fn default() -> Self {
        ExchangeCfg {
            hops: None,
            period_cycles: 100,
            handshake_cycles: 2,
            data_cycles: 8,
        }
    }
}

/// Which network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TopologyKind {
    Irregular,
    Mesh,
    Torus,
    /// k-ary n-tree (seed 001 §2).
    Fattree,
    File,
}

/// `[topology]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TopologyCfg {
    pub kind: TopologyKind,
    /// Irregular: number of switches.
    pub switches: usize,
    /// Hosts on every switch (irregular, mesh, torus).
    pub hosts_per_switch: usize,
    /// Ports per switch (irregular; meshes use hosts_per_switch + 4).
    pub ports: usize,
    /// Mesh/torus dimensions, e.g. "8x8".
    pub dims: String,
    /// Fat-tree arity (a power of two) and stages: k^n hosts.
    pub k: u32,
    pub n: u32,
    /// Topology JSON file (kind = "file").
    pub file: Option<String>,
    /// Seed of the random topology (defaults to the run seed).
    #[serde(with = "seed_opt")]
    pub seed: Option<u64>,
}

/// `[routing]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoutingCfg {
    /// The routing (`flitwave routes --help` lists them): updown, itb, dor, fir-det,
    /// ir-adaptive.
    pub algorithm: String,
    /// Path selection of routings that choose among paths offline. Up*/down*: "balanced"
    /// (GM simple_routes-like, default) or "shortest"; ITB: "random" (default, as the paper)
    /// or "min-itb".
    pub paths: Option<String>,
    /// Selection function of switches that route: only, sadp, ff.
    pub selection: String,
    /// dl: the restriction inside every layer (seed 003 §3.2): ud, ud-du, ud-dud, l-turn.
    pub restriction: String,
    /// dl, updown: layers = VCs per link the routing uses; 0 = not given (dl: switch.vcs;
    /// updown: one layer, no VC named).
    pub layers: usize,
    /// ssr: the weight k of N2 in E = D + R + N1 + k*N2 (seed 002 §4: 0.5), a multiple of
    /// 0.25 in 0..=4.
    pub ssr_k: f64,
    /// ssr, ssr-1hop: how D reads (seed 002 §4): "same-dimension" (D = 1 for the link in the
    /// dimension the message arrived along) or "turn" (D = 1 for a link that turns).
    pub ssr_d: String,
    /// The root of the up*/down* spanning tree (updown, itb, dl, dl-table, adaptive): a switch
    /// id, "lowest-id" (switch 0, seed 000 §2) or "central".
    pub root: crate::routing::updown::Root,
}

impl RoutingCfg {
    /// The path selection in force (the routing's default when none is given), or "-".
    pub fn paths_name(&self) -> &str {
        match (
            &self.paths,
            crate::routing::registry::routing(&self.algorithm),
        ) {
            (Some(s), _) => s,
            (None, Ok(r)) => r.paths.first().copied().unwrap_or("-"),
            (None, Err(_)) => "-",
        }
    }
}

/// `[traffic]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TrafficCfg {
    /// Destination pattern: uniform, bit-reversal, local3, local:5, hot-spot:20@7.
    pub pattern: String,
    /// Message (payload) size in bytes = flits (paper: 32, 512, 1024).
    pub message_bytes: u32,
    /// Offered load in payload flits per cycle per host (0..=1).
    pub rate: f64,
    /// Injection process.
    pub process: crate::traffic::injection::Process,
    /// Source queue capacity in packets per host.
    pub source_queue_limit: usize,
    /// vc family: "fifo" (one source queue, one packet on the wire at a time) or
    /// "per-destination" (virtual output queues: a packet on every injection VC at once, each
    /// destination served oldest first, so a stalled hot spot does not hold back the others).
    pub source_queues: String,
    /// Play this trace file instead of the generators (docs/traffic.md); the run lasts until
    /// the trace is done.
    pub trace: Option<String>,
    /// Closed-loop storage workload of this many µs of the storage-like generator (seed
    /// `seed`): hosts issue requests, disks answer what they received (docs/fattree.md).
    pub storage_us: Option<f64>,
    /// Time compression factor of the trace or storage workload.
    pub compression: f64,
    /// Largest packet payload (the MTU, bytes): trace and storage messages are split into
    /// packets of at most this size. InfiniBand's: 256, 512, 1024, 2048 or 4096 (seed 004
    /// §4.1).
    pub mtu_bytes: u32,
}

/// `[link]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LinkCfg {
    /// Flits in flight on a cable (seed 000: 8).
    pub fly_cycles: u32,
    /// Clock period in ns (seed 000: 6.25 ns per 1-byte flit).
    pub clock_ns: f64,
    /// Bytes per flit; a link moves one flit per cycle (seed 000/001: 1).
    pub flit_bytes: u32,
}

/// `[switch]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SwitchCfg {
    /// Switch family: myrinet (seed 000), vct (seed 001) or vc (virtual-channel routers).
    pub family: String,
    /// vct, vc: cycles from a header at the front of an input (VC) to its routing decision;
    /// when not given, the family's own: vct 20 (seed 001), vc 0 (BookSim2's routing_delay in
    /// its iq preset: lookahead routing). [`SwitchCfg::routing_cycles`] reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routing_cycles: Option<u32>,
    /// vct: input and output queues, in packets of the largest size (seed 001: 2).
    pub buffer_packets: u32,
    /// vct: bytes one credit stands for; 0 = one credit per flit (seed 004 counts 64).
    pub credit_bytes: u32,
    /// myrinet: header arrival to first flit out, free output (seed 000: 24 cycles = 150 ns).
    pub first_flit_latency_cycles: u32,
    /// myrinet: slack buffer bytes (seed 000: 80).
    pub slack_bytes: usize,
    /// myrinet: stop mark (seed 000: 56).
    pub stop_above: usize,
    /// myrinet: go mark (seed 000: 40).
    pub go_below: usize,
    /// vc: virtual channels per port (1..=16, ports x VCs <= 64).
    pub vcs: usize,
    /// vc: flits per VC input buffer (BookSim2 vc_buf_size).
    pub vc_buffer_flits: u32,
    /// vc: VC allocation cycles, >= 1 (BookSim2 vc_alloc_delay).
    pub vc_alloc_cycles: u32,
    /// vc: switch allocation cycles, >= 1 (BookSim2 sw_alloc_delay).
    pub sw_alloc_cycles: u32,
    /// vc: crossbar traversal cycles (BookSim2 st_prepare_delay + st_final_delay).
    pub crossbar_cycles: u32,
    /// vc: cycles a returned credit waits at the sender before it is usable (BookSim2
    /// credit_delay).
    pub credit_delay_cycles: u32,
    /// vc: an output VC is released when its tail's credit returns (true) or when the tail is
    /// sent (false, BookSim2's default).
    pub wait_for_tail_credit: bool,
    /// vc: "wormhole" or "cut-through" (a head advances only when the VC downstream can hold
    /// its whole packet).
    pub switching: crate::fabric::vc::switch::Switching,
    /// vc: flits per VC of the output queues between crossbar and link; 0 = none.
    pub output_buffer_flits: u32,
    /// vc: flits of VC 0's input and output buffers when not 0 — seed 004's escape queue of
    /// one MTU, the other VCs (the adaptive queue) keeping vc_buffer_flits; 0 = VC 0 like the
    /// others.
    pub escape_buffer_flits: u32,
    /// vc: "multiplexed" (one crossbar port per switch port, a switch allocator) or
    /// "non-multiplexed" (one per VC, seed 004; needs output queues).
    pub crossbar: crate::fabric::vc::switch::CrossbarKind,
}

impl SwitchCfg {
    /// Routing cycles in force: the configured value, or the family's default.
    pub fn routing_cycles(&self) -> u32 {
        self.routing_cycles.unwrap_or(match self.family.as_str() {
            "vc" => 0,
            _ => crate::fabric::vct::switch::VctParams::PAPER.routing_cycles,
        })
    }
}

/// `[nic]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NicCfg {
    /// Cycles to load a packet into NIC memory before its transmission starts.
    pub load_cycles: u32,
    /// Receive DMA rate in bytes per cycle (1 = link rate).
    pub recv_bytes_per_cycle: u32,
    /// ITB: header arrival to mark detected (seed 000 §4.5: 275 ns = 44 cycles).
    pub itb_detect_cycles: u32,
    /// ITB: mark detected to re-injection DMA programmed (200 ns = 32 cycles).
    pub itb_program_cycles: u32,
    /// ITB pool per NIC in bytes (512 KB).
    pub itb_pool_bytes: usize,
    /// ITB: extra delay of a packet spilled to host memory, from its tail (3200 cycles = 20 us).
    pub itb_spill_delay_cycles: u32,
    /// ITB: in-transit packets the engine can hold (descriptor memory); a marked header that
    /// finds them all in use waits in the NIC's input buffer.
    pub itb_descriptors: usize,
    /// In-order delivery. vct: reorder buffer and end-to-end flow control (seed 001 §5.1);
    /// vc: seed 004's sequenced NIC (rearrange buffers, ACK/NACK, injection control).
    pub in_order: bool,
    /// How sources learn of deliveries: free (ideal: vct's paper mechanism; vc: an unlimited
    /// rearrange buffer and no ACK/NACK packets, seed 004 §4.2) or packets (real
    /// acknowledgements; vc: ACK/NACK packets and the rearrange memory below).
    pub ack: crate::fabric::vct::nic::AckMode,
    /// Reorder memory per destination NIC, bytes. vct: its reorder buffer (seed 001: 8 MB);
    /// vc with nic.rearrange = "dynamic": the shared pool (seed 004: 256 KB or 4 MB).
    pub reorder_bytes: u64,
    /// vc (nic.in_order, nic.ack = "packets"): rearrange memory "static" (a buffer of
    /// nic.rearrange_conn_bytes per connection) or "dynamic" (the pool of nic.reorder_bytes,
    /// at most nic.rearrange_conn_bytes per connection), seed 004 §3.2.
    pub rearrange: crate::fabric::vc::nic::seq::RearrangeKind,
    /// vc: bytes per connection: the static buffer (seed 004: 2 KB, 32 KB) or the dynamic cap
    /// (128 KB, 1 MB).
    pub rearrange_conn_bytes: u64,
    /// vc: injection control after a NACK, seed 004 §3.3: "immediate", "li" (ADAP-LI) or
    /// "lw" (ADAP-LW, static memory only).
    pub injection: crate::fabric::vc::nic::seq::InjectionKind,
    /// vc (nic.in_order, nic.ack = "packets"): how many of the oldest queued packets (and of
    /// the connections waiting to resend) the send engine looks at for one its connection's
    /// injection control lets go. 1 = a strict FIFO source: a stalled connection holds back
    /// every other (seed 004 §3.3 names no window); 32 lets other connections pass it.
    pub send_window: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 1,
            cycles: 200_000,
            warmup: 20_000,
            watchdog_cycles: 20_000,
            topology: TopologyCfg::default(),
            routing: RoutingCfg::default(),
            traffic: TrafficCfg::default(),
            link: LinkCfg::default(),
            switch: SwitchCfg::default(),
            nic: NicCfg::default(),
            exchange: ExchangeCfg::default(),
        }
    }
}

impl Default for TopologyCfg {
    fn default() -> Self {
        TopologyCfg {
            kind: TopologyKind::Irregular,
            switches: 16,
            hosts_per_switch: 4,
            ports: 8,
            dims: "4x4".into(),
            k: 4,
            n: 3,
            file: None,
            seed: None,
        }
    }
}

impl Default for RoutingCfg {
    fn default() -> Self {
        RoutingCfg {
            algorithm: "updown".into(),
            paths: None,
            selection: "only".into(),
            restriction: "ud".into(),
            layers: 0,
            ssr_k: 0.5,
            ssr_d: "same-dimension".into(),
            root: Default::default(),
        }
    }
}

impl Default for TrafficCfg {
    fn default() -> Self {
        TrafficCfg {
            pattern: "uniform".into(),
            message_bytes: 512,
            rate: 0.05,
            process: crate::traffic::injection::Process::Constant,
            source_queue_limit: 1000,
            source_queues: "fifo".into(),
            trace: None,
            storage_us: None,
            compression: 1.0,
            mtu_bytes: crate::traffic::trace::DEFAULT_MAX_PAYLOAD,
        }
    }
}

impl Default for LinkCfg {
    fn default() -> Self {
        // the paper's values live once, in the blocks' and the network's defaults
        let n = crate::fabric::NetParams::default();
        LinkCfg {
            fly_cycles: n.fly_cycles,
            clock_ns: n.clock_ns,
            flit_bytes: n.flit_bytes,
        }
    }
}

impl Default for SwitchCfg {
    fn default() -> Self {
        let sw = crate::fabric::myrinet::switch::SwitchParams::default();
        let v = crate::fabric::vct::switch::VctParams::PAPER;
        SwitchCfg {
            family: "myrinet".into(),
            routing_cycles: None,
            buffer_packets: v.buffer_packets,
            credit_bytes: 0,
            first_flit_latency_cycles: sw.first_flit_latency,
            slack_bytes: sw.slack.capacity,
            stop_above: sw.slack.stop_above,
            go_below: sw.slack.go_below,
            vcs: 2,
            vc_buffer_flits: 8,
            vc_alloc_cycles: 1,
            sw_alloc_cycles: 1,
            crossbar_cycles: 1,
            credit_delay_cycles: 1,
            wait_for_tail_credit: false,
            switching: crate::fabric::vc::switch::Switching::Wormhole,
            output_buffer_flits: 0,
            escape_buffer_flits: 0,
            crossbar: crate::fabric::vc::switch::CrossbarKind::Multiplexed,
        }
    }
}

impl Default for NicCfg {
    fn default() -> Self {
        let itb = crate::blocks::nic::itb::ItbParams::default();
        NicCfg {
            load_cycles: 0,
            recv_bytes_per_cycle: 1,
            itb_detect_cycles: itb.detect_cycles,
            itb_program_cycles: itb.program_cycles,
            itb_pool_bytes: itb.pool_bytes,
            itb_spill_delay_cycles: itb.spill_delay_cycles,
            itb_descriptors: itb.descriptors,
            in_order: false,
            ack: crate::fabric::vct::nic::AckMode::Free,
            reorder_bytes: 8 << 20,
            rearrange: crate::fabric::vc::nic::seq::RearrangeKind::Static,
            rearrange_conn_bytes: 32 << 10,
            injection: crate::fabric::vc::nic::seq::InjectionKind::Li,
            send_window: crate::fabric::vc::nic::seq::WINDOW,
        }
    }
}

/// A u64 in TOML: an integer up to 2^63 - 1, a decimal string beyond.
mod seed_u64 {
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        if *v <= i64::MAX as u64 {
            s.serialize_i64(*v as i64)
        } else {
            s.serialize_str(&v.to_string())
        }
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Int(i64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        match Either::deserialize(d)? {
            Either::Int(i) => u64::try_from(i).map_err(|_| {
                de::Error::custom(format!("{i} is negative; allowed 0..=18446744073709551615"))
            }),
            Either::Text(t) => t.trim().parse().map_err(|_| {
                de::Error::custom(format!(
                    "{t:?} is not allowed; expected an integer in 0..=18446744073709551615"
                ))
            }),
        }
    }
}

/// [`seed_u64`] for an optional seed.
mod seed_opt {
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => super::seed_u64::serialize(x, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        super::seed_u64::deserialize(d).map(Some)
    }
}
