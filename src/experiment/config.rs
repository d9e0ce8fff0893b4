//! Configuration schema (TOML) of one simulation: topology × routing × traffic × hardware.
//!
//! Every field has a default (the Myrinet values of seed 000 §4.3–4.5); a configuration file
//! only names what it changes. Unknown keys, wrong types and out-of-range values are errors that
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
    /// Topology JSON file (kind = "file").
    pub file: Option<String>,
    /// Seed of the random topology (defaults to the run seed).
    pub seed: Option<u64>,
}

/// Route computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Up*/down* (seed 000 §2).
    Updown,
    /// Dimension order (meshes and tori).
    Dor,
    /// Minimal routes with in-transit buffers (seed 000 §3).
    Itb,
}

/// `[routing]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoutingCfg {
    pub algorithm: Algorithm,
    /// Path selection. Up*/down*: "balanced" (GM simple_routes-like, default) or "shortest";
    /// ITB: "random" (default, as the paper) or "min-itb".
    pub select: Option<String>,
}

impl RoutingCfg {
    /// The selection in force (the algorithm's default when none is given).
    pub fn select_name(&self) -> &str {
        match (&self.select, self.algorithm) {
            (Some(s), _) => s,
            (None, Algorithm::Itb) => "random",
            (None, Algorithm::Dor) => "dimension-order",
            (None, Algorithm::Updown) => "balanced",
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
    pub process: crate::blocks::nic::generator::Process,
    /// Source queue capacity in messages per host.
    pub source_queue_limit: usize,
}

/// `[link]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LinkCfg {
    /// Flits in flight on a cable (seed 000: 8).
    pub fly_cycles: u32,
    /// Clock period in ns (seed 000: 6.25 ns per 1-byte flit).
    pub clock_ns: f64,
}

/// `[switch]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SwitchCfg {
    /// Header arrival to first flit out, free output (seed 000: 24 cycles = 150 ns).
    pub first_flit_latency_cycles: u32,
    /// Slack buffer bytes (seed 000: 80).
    pub slack_bytes: usize,
    /// Stop mark (seed 000: 56).
    pub stop_above: usize,
    /// Go mark (seed 000: 40).
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
            file: None,
            seed: None,
        }
    }
}

impl Default for RoutingCfg {
    fn default() -> Self {
        RoutingCfg {
            algorithm: Algorithm::Updown,
            select: None,
        }
    }
}

impl Default for TrafficCfg {
    fn default() -> Self {
        TrafficCfg {
            pattern: "uniform".into(),
            message_bytes: 512,
            rate: 0.05,
            process: crate::blocks::nic::generator::Process::Constant,
            source_queue_limit: 1000,
        }
    }
}

impl Default for LinkCfg {
    fn default() -> Self {
        LinkCfg {
            fly_cycles: 8,
            clock_ns: 6.25,
        }
    }
}

impl Default for SwitchCfg {
    fn default() -> Self {
        SwitchCfg {
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
        range("topology.switches", t.switches, 1, 4096)?;
        range("topology.ports", t.ports, 2, 32)?;
        range("topology.hosts_per_switch", t.hosts_per_switch, 1, 28)?;
        if t.kind == TopologyKind::File && t.file.is_none() {
            return Err(Error::field(
                "topology.file",
                "kind = \"file\" needs a file path",
            ));
        }
        match self.routing.algorithm {
            Algorithm::Updown => {
                crate::routing::updown::Select::parse(self.routing.select_name())
                    .map_err(|e| e.context("routing.select"))?;
            }
            Algorithm::Itb => {
                crate::routing::itb::ItbSelect::parse(self.routing.select_name())
                    .map_err(|e| e.context("routing.select"))?;
            }
            Algorithm::Dor => {
                if self.routing.select.is_some() {
                    return Err(Error::field(
                        "routing.select",
                        "dimension-order routing has no path selection; remove the key",
                    ));
                }
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
