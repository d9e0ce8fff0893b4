//! Configuration schema (TOML) of one simulation: topology × switch family × routing ×
//! selection × traffic × hardware.
//!
//! Every field has a default (the Myrinet values of seed 000 §4.3–4.5); a configuration file
//! only names what it changes. Names of families, routings and selections come from the
//! registries (`fabric::registry`, `routing::registry`, `routing::selection`). Unknown keys, wrong types and out-of-range values are errors that
//! name the field, the value and what is allowed. `--set key=value` overrides use the same dotted
//! names (`traffic.rate=0.05`, `topology.switches=64`).

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};

/// The embedded default configuration (`configs/default.toml`).
pub const DEFAULT_TOML: &str = include_str!("../../configs/default.toml");

/// A whole simulation configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Seed of everything random (topology, route balancing order, traffic).
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
    /// Play this trace file instead of the generators (docs/traffic.md); the run lasts until
    /// the trace is done.
    pub trace: Option<String>,
    /// Closed-loop storage workload of this many µs of the storage-like generator (seed
    /// `seed`): hosts issue requests, disks answer what they received (docs/fattree.md).
    pub storage_us: Option<f64>,
    /// Time compression factor of the trace or storage workload.
    pub compression: f64,
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
    /// Switch family: myrinet (seed 000) or vct (seed 001).
    pub family: String,
    /// vct: cycles from a header at an input to its routing decision (seed 001: 20).
    pub routing_cycles: u32,
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
    /// vct: in-order delivery (reorder buffer and end-to-end flow control, seed 001 §5.1).
    pub in_order: bool,
    /// vct: how sources learn of deliveries: free (ideal, the paper) or packets (real acks).
    pub ack: crate::fabric::vct::nic::AckMode,
    /// vct: reorder buffer per destination NIC, bytes (seed 001: 8 MB).
    pub reorder_bytes: u64,
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
            trace: None,
            storage_us: None,
            compression: 1.0,
        }
    }
}

impl Default for LinkCfg {
    fn default() -> Self {
        LinkCfg {
            fly_cycles: 8,
            clock_ns: 6.25,
            flit_bytes: 1,
        }
    }
}

impl Default for SwitchCfg {
    fn default() -> Self {
        SwitchCfg {
            family: "myrinet".into(),
            routing_cycles: 20,
            buffer_packets: 2,
            credit_bytes: 0,
            first_flit_latency_cycles: 24,
            slack_bytes: 80,
            stop_above: 56,
            go_below: 40,
        }
    }
}

impl Default for NicCfg {
    fn default() -> Self {
        NicCfg {
            load_cycles: 0,
            recv_bytes_per_cycle: 1,
            itb_detect_cycles: 44,
            itb_program_cycles: 32,
            itb_pool_bytes: 512 * 1024,
            itb_spill_delay_cycles: 3200,
            itb_descriptors: 1 << 20,
            in_order: false,
            ack: crate::fabric::vct::nic::AckMode::Free,
            reorder_bytes: 8 << 20,
        }
    }
}

impl Config {
    /// The embedded default.
    pub fn embedded() -> Result<Config> {
        Self::from_toml(DEFAULT_TOML, &[]).map_err(|e| e.context("embedded default"))
    }

    /// Parse TOML text and apply `key=value` overrides, then validate.
    pub fn from_toml(text: &str, overrides: &[String]) -> Result<Config> {
        let mut table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| Error::new(format!("invalid TOML: {e}")))?;
        for o in overrides {
            apply_override(&mut table, o)?;
        }
        let de = toml::Value::Table(table);
        let cfg: Config = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            Error::field(
                if path == "." { "config".into() } else { path },
                e.into_inner(),
            )
        })?;
        cfg.validate()?;
        Ok(cfg)
    }

    /// Read a TOML file and apply overrides.
    pub fn load(path: &std::path::Path, overrides: &[String]) -> Result<Config> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::new(format!("cannot read config {}: {e}", path.display())))?;
        Self::from_toml(&text, overrides).map_err(|e| e.context(path.display()))
    }

    /// Check every value range; the error names the field and what is allowed.
    pub fn validate(&self) -> Result<()> {
        fn range<T: PartialOrd + std::fmt::Display>(f: &str, v: T, lo: T, hi: T) -> Result<()> {
            if v < lo || v > hi {
                return Err(Error::field(
                    f,
                    format!("{v} is out of range, allowed {lo}..={hi}"),
                ));
            }
            Ok(())
        }
        range("cycles", self.cycles, 1, 10_000_000_000)?;
        if self.warmup >= self.cycles {
            return Err(Error::field(
                "warmup",
                format!(
                    "{} must be smaller than cycles ({})",
                    self.warmup, self.cycles
                ),
            ));
        }
        range("watchdog_cycles", self.watchdog_cycles, 100, u64::MAX)?;
        let t = &self.topology;
        let s_cfg = &self.switch;
        range("topology.switches", t.switches, 1, 4096)?;
        range("topology.ports", t.ports, 2, 32)?;
        range("topology.hosts_per_switch", t.hosts_per_switch, 1, 28)?;
        if t.kind == TopologyKind::File && t.file.is_none() {
            return Err(Error::field(
                "topology.file",
                "kind = \"file\" needs a file path",
            ));
        }
        crate::fabric::registry::family(&self.switch.family)
            .map_err(|e| e.context("switch.family"))?;
        let r = crate::routing::registry::routing(&self.routing.algorithm)
            .map_err(|e| e.context("routing.algorithm"))?;
        r.paths_name(self.routing.paths.as_deref())
            .map_err(|e| e.context("routing.paths"))?;
        if crate::routing::selection::Selection::by_name(&self.routing.selection).is_none() {
            return Err(Error::field(
                "routing.selection",
                format!(
                    "{:?} is not a selection; allowed: {}",
                    self.routing.selection,
                    crate::routing::registry::names(
                        crate::routing::selection::SELECTIONS.iter().map(|s| s.0)
                    )
                ),
            ));
        }
        if t.kind == TopologyKind::Fattree {
            crate::topology::kary_ntree::KAryNTree::wiring(t.k, t.n).map_err(|e| {
                Error::new(format!(
                    "topology.{} (a k-ary n-tree, fat-tree)",
                    e.message()
                ))
            })?;
            if 1u64 << (t.n * t.k.trailing_zeros()) > 65536 {
                return Err(Error::field(
                    "topology.n",
                    format!("a {}-ary {}-tree has more than 65536 hosts", t.k, t.n),
                ));
            }
        }
        crate::traffic::pattern::Pattern::parse(&self.traffic.pattern)
            .map_err(|e| e.context("traffic.pattern"))?;
        range(
            "traffic.message_bytes",
            self.traffic.message_bytes,
            1,
            1 << 20,
        )?;
        if !(self.traffic.rate.is_finite()) {
            return Err(Error::field("traffic.rate", "must be a number in 0..=1"));
        }
        range("traffic.rate", self.traffic.rate, 0.0, 1.0)?;
        range(
            "traffic.source_queue_limit",
            self.traffic.source_queue_limit,
            1,
            1_000_000,
        )?;
        range("link.fly_cycles", self.link.fly_cycles, 1, 1024)?;
        range("link.flit_bytes", self.link.flit_bytes, 1, 4096)?;
        range("switch.routing_cycles", s_cfg.routing_cycles, 0, 100_000)?;
        range("switch.buffer_packets", s_cfg.buffer_packets, 1, 1024)?;
        range("switch.credit_bytes", s_cfg.credit_bytes, 0, 1 << 20)?;
        range("nic.reorder_bytes", self.nic.reorder_bytes, 0, 1 << 40)?;
        let tr = &self.traffic;
        if tr.trace.is_some() && tr.storage_us.is_some() {
            return Err(Error::field(
                "traffic.trace",
                "a trace and a storage workload (traffic.storage_us) exclude each other; give one",
            ));
        }
        if !(tr.compression.is_finite() && tr.compression > 0.0 && tr.compression <= 1e6) {
            return Err(Error::field(
                "traffic.compression",
                format!(
                    "{} is not allowed, expected a number in (0, 1e6]",
                    tr.compression
                ),
            ));
        }
        if let Some(us) = tr.storage_us {
            if !(us.is_finite() && us > 0.0 && us <= 1e7) {
                return Err(Error::field(
                    "traffic.storage_us",
                    format!("{us} is not allowed, expected a number of µs in (0, 1e7]"),
                ));
            }
        }
        if !(self.link.clock_ns > 0.0 && self.link.clock_ns.is_finite()) {
            return Err(Error::field(
                "link.clock_ns",
                format!("{} must be a positive number", self.link.clock_ns),
            ));
        }
        let s = &self.switch;
        range(
            "switch.first_flit_latency_cycles",
            s.first_flit_latency_cycles,
            1,
            10_000,
        )?;
        range("switch.slack_bytes", s.slack_bytes, 2, 1 << 20)?;
        range("switch.stop_above", s.stop_above, 1, s.slack_bytes - 1)?;
        range("switch.go_below", s.go_below, 1, s.stop_above)?;
        // stop/go must never overflow: everything in flight after the stop decision must fit
        let need = s.stop_above + 1 + 2 * self.link.fly_cycles as usize + 1;
        if need > s.slack_bytes {
            return Err(Error::field(
                "switch.slack_bytes",
                format!(
                    "{} is too small for stop_above {} and fly_cycles {}: stop/go needs at least {need} (stop_above + 2*fly + 2)",
                    s.slack_bytes, s.stop_above, self.link.fly_cycles
                ),
            ));
        }
        range("nic.load_cycles", self.nic.load_cycles, 0, 1_000_000)?;
        range(
            "nic.recv_bytes_per_cycle",
            self.nic.recv_bytes_per_cycle,
            1,
            64,
        )?;
        range("nic.itb_detect_cycles", self.nic.itb_detect_cycles, 0, 255)?;
        range(
            "nic.itb_program_cycles",
            self.nic.itb_program_cycles,
            0,
            255,
        )?;
        range(
            "nic.itb_spill_delay_cycles",
            self.nic.itb_spill_delay_cycles,
            1,
            4095,
        )?;
        range("nic.itb_descriptors", self.nic.itb_descriptors, 1, 1 << 20)?;
        Ok(())
    }
}

/// Apply one `dotted.key=value` override to a TOML table. The value is parsed as TOML (number,
/// bool, string, array); anything that does not parse is taken as a string.
pub fn apply_override(table: &mut toml::Table, kv: &str) -> Result<()> {
    let Some((key, val)) = kv.split_once('=') else {
        return Err(Error::new(format!(
            "--set {kv:?}: expected key=value, e.g. traffic.rate=0.05"
        )));
    };
    let key = key.trim();
    let parts: Vec<&str> = key.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(Error::new(format!(
            "--set {kv:?}: empty key component in {key:?}"
        )));
    }
    let value: toml::Value = format!("v = {}", val.trim())
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(val.trim().to_string()));
    let mut cur = table;
    for p in &parts[..parts.len() - 1] {
        let entry = cur
            .entry(p.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        cur = entry
            .as_table_mut()
            .ok_or_else(|| Error::new(format!("--set {key}: {p} is not a section")))?;
    }
    cur.insert(parts[parts.len() - 1].to_string(), value);
    Ok(())
}
