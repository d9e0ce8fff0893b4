//! `[traffic]`: what the hosts send — a destination pattern at an offered load (seed 000 §4.2,
//! seed 001 §5.2.1), a trace, or the closed-loop storage workload (seed 001 §5.2.2).

use crate::error::{Error, Result};
use crate::keys::range;
use serde::{Deserialize, Serialize};

/// How `traffic.local_metric` measures "l switches away" for the local patterns: minimal
/// switch hops, or the switch hops of the route up*/down* routing gives the host pair.
pub const LOCAL_METRICS: [&str; 2] = ["minimal", "route"];

/// The source queue disciplines `traffic.source_queues` names.
pub const SOURCE_QUEUES: [&str; 2] = ["fifo", "per-destination"];

/// Check a value of `traffic.local_metric` given as `key`: the key (its values listed as TOML
/// strings) or a command's flag (`--local-metric`, listed bare).
pub fn local_metric(key: &str, m: &str) -> Result<()> {
    if LOCAL_METRICS.contains(&m) {
        return Ok(());
    }
    let flag = key.starts_with("--");
    let allowed: Vec<String> = LOCAL_METRICS
        .iter()
        .map(|x| {
            if flag {
                x.to_string()
            } else {
                format!("{x:?}")
            }
        })
        .collect();
    Err(Error::field(
        key,
        format!(
            "{m:?} is not a way to count switches away; allowed: {}",
            allowed.join(", ")
        ),
    ))
}

fn is_minimal(m: &String) -> bool {
    m == "minimal"
}

/// `[traffic]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TrafficCfg {
    /// Destination pattern: uniform, bit-reversal, local3, local:5, hot-spot:20@7.
    pub pattern: String,
    /// What "at most l switches away" counts for `localL` (seed 000 §4.2): "minimal" switch
    /// hops, or "route", the switch hops of the route up*/down* routing gives the host pair
    /// (`routing.root`, the run's seed; its paths when the run's routing is up*/down*): the
    /// routes of Myrinet's routing — the same destinations whatever routing the run uses.
    /// (Left out of a result's configuration when "minimal", as before the key existed.)
    #[serde(skip_serializing_if = "is_minimal")]
    pub local_metric: String,
    /// Message (payload) size in bytes = flits (paper: 32, 512, 1024).
    pub message_bytes: u32,
    /// Offered load in payload flits per cycle per host (0..=1).
    pub rate: f64,
    /// Injection process.
    pub process: crate::traffic::injection::Process,
    /// Source queue capacity in packets per host.
    pub source_queue_limit: usize,
    /// "fifo" (one source queue, one packet on the wire at a time) or "per-destination"
    /// (virtual output queues: a packet on every injection VC at once, each destination
    /// served oldest first, so a stalled hot spot does not hold back the others); which a
    /// family's NIC offers, its registration says.
    pub source_queues: String,
    /// Play this trace file instead of the generators (docs/traffic.md); the run lasts until
    /// the trace is done.
    pub trace: Option<String>,
    /// Closed-loop storage workload of this many µs of the storage-like generator (seed
    /// `seed`): hosts issue requests, disks answer what they received (docs/fattree.md).
    pub storage_us: Option<f64>,
    /// Requests a host of the storage workload may have unanswered: its next request waits
    /// for an answer to free a slot (1: synchronous I/O). 0: none, every request leaves at its
    /// time.
    pub storage_outstanding: u32,
    /// Time compression factor of the trace or storage workload.
    pub compression: f64,
    /// Largest packet payload (the MTU, bytes): trace and storage messages are split into
    /// packets of at most this size. InfiniBand's: 256, 512, 1024, 2048 or 4096 (seed 004
    /// §4.1).
    pub mtu_bytes: u32,
}

impl Default for TrafficCfg {
    fn default() -> Self {
        TrafficCfg {
            pattern: "uniform".into(),
            local_metric: "minimal".into(),
            message_bytes: 512,
            rate: 0.05,
            process: crate::traffic::injection::Process::Constant,
            source_queue_limit: 1000,
            source_queues: "fifo".into(),
            trace: None,
            storage_us: None,
            storage_outstanding: 0,
            compression: 1.0,
            mtu_bytes: crate::traffic::trace::DEFAULT_MAX_PAYLOAD,
        }
    }
}

impl TrafficCfg {
    /// Whether a trace or the storage workload drives the hosts (not the generators).
    pub fn workload(&self) -> bool {
        self.trace.is_some() || self.storage_us.is_some()
    }

    /// Check every value and the relations inside the section; the error names the key and
    /// what is allowed.
    pub fn validate(&self) -> Result<()> {
        crate::traffic::pattern::Pattern::parse(&self.pattern)
            .map_err(|e| e.context("traffic.pattern"))?;
        local_metric("traffic.local_metric", &self.local_metric)?;
        range("traffic.message_bytes", self.message_bytes, 1, 1 << 20)?;
        if !(self.rate.is_finite()) {
            return Err(Error::field("traffic.rate", "must be a number in 0..=1"));
        }
        range("traffic.rate", self.rate, 0.0, 1.0)?;
        range(
            "traffic.source_queue_limit",
            self.source_queue_limit,
            1,
            1_000_000,
        )?;
        if !SOURCE_QUEUES.contains(&self.source_queues.as_str()) {
            return Err(Error::field(
                "traffic.source_queues",
                format!(
                    "{:?} is not a source queue discipline; allowed: \"fifo\", \"per-destination\"",
                    self.source_queues
                ),
            ));
        }
        if ![256, 512, 1024, 2048, 4096].contains(&self.mtu_bytes) {
            return Err(Error::field(
                "traffic.mtu_bytes",
                format!(
                    "{} is not an InfiniBand MTU; allowed: 256, 512, 1024, 2048, 4096",
                    self.mtu_bytes
                ),
            ));
        }
        if self.trace.is_some() && self.storage_us.is_some() {
            return Err(Error::field(
                "traffic.trace",
                "a trace and a storage workload (traffic.storage_us) exclude each other; give one",
            ));
        }
        if !(self.compression.is_finite() && self.compression > 0.0 && self.compression <= 1e6) {
            return Err(Error::field(
                "traffic.compression",
                format!(
                    "{} is not allowed, expected a number in (0, 1e6]",
                    self.compression
                ),
            ));
        }
        range(
            "traffic.storage_outstanding",
            self.storage_outstanding,
            0,
            1_000_000,
        )?;
        if let Some(us) = self.storage_us {
            if !(us.is_finite() && us > 0.0 && us <= 1e7) {
                return Err(Error::field(
                    "traffic.storage_us",
                    format!("{us} is not allowed, expected a number of µs in (0, 1e7]"),
                ));
            }
        }
        Ok(())
    }
}
