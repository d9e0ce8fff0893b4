//! Loading and validating a [`Config`]: TOML text, `--set key=value` overrides, and every
//! check a value must pass — ranges, names from the registries, and the relations between
//! keys (warm-up below the run, slack thresholds, the watchdog's window) — each error naming
//! the key, the value and what is allowed.

use super::config::{Config, TopologyKind, DEFAULT_TOML};
use crate::error::{Error, Result};

/// The sections of a configuration: each must be a table of keys.
const SECTIONS: [&str; 6] = ["topology", "routing", "traffic", "link", "switch", "nic"];

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
        for (k, v) in &table {
            if SECTIONS.contains(&k.as_str()) && !v.is_table() {
                return Err(Error::field(
                    k,
                    format!(
                        "{v} is not allowed: [{k}] is a section of keys; set them one by one, e.g. {k}.{}=...",
                        match k.as_str() {
                            "link" => "fly_cycles",
                            "topology" => "kind",
                            "routing" => "algorithm",
                            "traffic" => "rate",
                            "switch" => "family",
                            _ => "in_order",
                        }
                    ),
                ));
            }
        }
        let de = toml::Value::Table(table);
        let mut cfg: Config = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let msg = plain_types(&e.into_inner().to_string());
            // a number above TOML's integers arrives as a string: say what it is
            let huge = msg
                .strip_prefix("invalid type: string \"")
                .and_then(|r| r.split_once('"'))
                .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            let msg = match huge {
                Some((n, _)) => format!(
                    "{n} is out of range: integers here are at most {} (and the field's own limit)",
                    i64::MAX
                ),
                None => msg,
            };
            Error::field(if path == "." { "config".into() } else { path }, msg)
        })?;
        // the family's default in force, written out (results record what ran)
        cfg.switch.routing_cycles = Some(cfg.switch.routing_cycles());
        cfg.validate()?;
        Ok(cfg)
    }

    /// Read a TOML file and apply overrides. An error about a key an override set (or about
    /// a relation one of them entered, such as warm-up against cycles) is the override's, not
    /// the file's: it is returned without the file's name, for the caller to name the flag
    /// or `--set` that gave it ([`overridden_key`]).
    pub fn load(path: &std::path::Path, overrides: &[String]) -> Result<Config> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::new(format!("cannot read config {}: {e}", path.display())))?;
        Self::from_toml(&text, overrides).map_err(|e| {
            if overridden_key(e.message(), overrides).is_some() {
                e
            } else {
                e.context(path.display())
            }
        })
    }

    /// `routing.selection` with its own keys (`routing.ssr_k`, `routing.ssr_d`), read in this
    /// one place by validation and by every family's builder.
    pub fn selection(&self) -> Result<crate::routing::selection::Selection> {
        use crate::routing::selection::{Selection, SelectionParams};
        Selection::from_config(
            &self.routing.selection,
            &SelectionParams {
                ssr_k: self.routing.ssr_k,
                ssr_d: &self.routing.ssr_d,
            },
        )
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
        range("watchdog_cycles", self.watchdog_cycles, 100, 1 << 40)?;
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
        self.selection()?;
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
        range("switch.routing_cycles", s_cfg.routing_cycles(), 0, 100_000)?;
        range("switch.buffer_packets", s_cfg.buffer_packets, 1, 1024)?;
        range("switch.credit_bytes", s_cfg.credit_bytes, 0, 1 << 20)?;
        range(
            "switch.vcs",
            s_cfg.vcs,
            1,
            crate::blocks::vc_buffer::MAX_VCS,
        )?;
        range("switch.vc_buffer_flits", s_cfg.vc_buffer_flits, 1, 1 << 16)?;
        range("switch.vc_alloc_cycles", s_cfg.vc_alloc_cycles, 1, 64)?;
        range("switch.sw_alloc_cycles", s_cfg.sw_alloc_cycles, 1, 64)?;
        range("switch.crossbar_cycles", s_cfg.crossbar_cycles, 0, 64)?;
        range(
            "switch.credit_delay_cycles",
            s_cfg.credit_delay_cycles,
            0,
            1024,
        )?;
        range(
            "switch.output_buffer_flits",
            s_cfg.output_buffer_flits,
            0,
            1 << 16,
        )?;
        range(
            "switch.escape_buffer_flits",
            s_cfg.escape_buffer_flits,
            0,
            1 << 16,
        )?;
        range("nic.reorder_bytes", self.nic.reorder_bytes, 0, 1 << 40)?;
        range(
            "nic.rearrange_conn_bytes",
            self.nic.rearrange_conn_bytes,
            0,
            1 << 40,
        )?;
        let tr = &self.traffic;
        match (tr.source_queues.as_str(), self.switch.family.as_str()) {
            ("fifo", _) | ("per-destination", "vc") => {}
            ("per-destination", f) => {
                return Err(Error::field(
                    "traffic.source_queues",
                    format!("\"per-destination\" is the vc family's NIC, not {f:?}'s; allowed with switch.family = {f:?}: \"fifo\""),
                ))
            }
            (q, _) => {
                return Err(Error::field(
                    "traffic.source_queues",
                    format!("{q:?} is not a source queue discipline; allowed: \"fifo\", \"per-destination\""),
                ))
            }
        }
        if tr.source_queues == "per-destination" && self.nic.in_order {
            return Err(Error::field(
                "traffic.source_queues",
                "\"per-destination\" with nic.in_order: the sequenced NIC has its own send engine (nic.send_window); allowed with nic.in_order = true: \"fifo\"",
            ));
        }
        if ![256, 512, 1024, 2048, 4096].contains(&tr.mtu_bytes) {
            return Err(Error::field(
                "traffic.mtu_bytes",
                format!(
                    "{} is not an InfiniBand MTU; allowed: 256, 512, 1024, 2048, 4096",
                    tr.mtu_bytes
                ),
            ));
        }
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
        if !(self.link.clock_ns >= 1e-3 && self.link.clock_ns <= 1e6) {
            return Err(Error::field(
                "link.clock_ns",
                format!(
                    "{:?} is out of range, allowed 0.001..=1000000 ns (1 ps to 1 ms)",
                    self.link.clock_ns
                ),
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
        // (only the myrinet family has slack buffers)
        let need = s.stop_above + 1 + 2 * self.link.fly_cycles as usize + 1;
        if s.family == "myrinet" && need > s.slack_bytes {
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
        // relations last: every value in range first
        let least = self.least_watchdog();
        if self.watchdog_cycles < least {
            return Err(Error::field(
                "watchdog_cycles",
                format!(
                    "{} is shorter than the longest pause a healthy network of this configuration can make ({} cycles: a block's own delay plus a round trip on a link); allowed: at least {least}",
                    self.watchdog_cycles,
                    least - 1
                ),
            ));
        }
        Ok(())
    }
}

impl Config {
    /// The shortest watchdog window that cannot mistake a legitimate pause for a deadlock: the
    /// longest time a block of this family holds a packet without any flit moving (routing or
    /// first-flit delay, NIC loading, ITB detection, programming and spilling), plus a round
    /// trip on a link, plus one.
    pub fn least_watchdog(&self) -> u64 {
        let (s, n) = (&self.switch, &self.nic);
        let mut pause = match self.switch.family.as_str() {
            "vct" => s.routing_cycles() as u64,
            "vc" => {
                (s.routing_cycles() + s.vc_alloc_cycles + s.sw_alloc_cycles + s.crossbar_cycles)
                    as u64
                    + s.credit_delay_cycles as u64
            }
            _ => (s.first_flit_latency_cycles as u64).max(n.load_cycles as u64),
        };
        if self.routing.algorithm == "itb" {
            pause = pause
                .max((n.itb_detect_cycles + n.itb_program_cycles) as u64)
                .max(n.itb_spill_delay_cycles as u64);
        }
        pause + 2 * self.link.fly_cycles as u64 + 1
    }
}

/// A `--set` value: TOML (number, bool, string, array), or else the text as a string.
pub fn parse_value(val: &str) -> toml::Value {
    format!("v = {}", val.trim())
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(val.trim().to_string()))
}

/// Apply one `dotted.key=value` override to a TOML table. The value is parsed as TOML (number,
/// bool, string, array); anything that does not parse is taken as a string.
/// The key an error message is about (its text before the first `:` or ` (`) and every key
/// the relation it names involves (`warmup` against `cycles`), the key first.
pub fn error_keys(msg: &str) -> Option<Vec<&str>> {
    let head = msg.split(": ").next().unwrap_or("");
    let key = head.split(" (").next().unwrap_or("").trim();
    if key.is_empty() || key.contains(' ') {
        return None;
    }
    Some(match key {
        "warmup" => vec!["warmup", "cycles"],
        _ => vec![key],
    })
}

/// Whether an override of `given` (a key or a section) sets `key` or a key inside it.
pub fn sets_key(given: &str, key: &str) -> bool {
    given == key || key.starts_with(&format!("{given}.")) || given.starts_with(&format!("{key}."))
}

/// The key of the last of `overrides` (`key=value`) that set a key the error message `msg` is
/// about ([`error_keys`]).
pub fn overridden_key<'a>(msg: &str, overrides: &'a [String]) -> Option<&'a str> {
    let keys = error_keys(msg)?;
    overrides.iter().rev().find_map(|o| {
        let k = o.split_once('=')?.0.trim();
        keys.iter().any(|key| sets_key(k, key)).then_some(k)
    })
}

/// A serde type error in words a user knows: `expected usize` becomes "a whole number".
fn plain_types(msg: &str) -> String {
    let mut m = msg.to_string();
    for (rust, words) in [
        ("expected usize", "expected a whole number (e.g. 2)"),
        ("expected u64", "expected a whole number (e.g. 2)"),
        ("expected u32", "expected a whole number (e.g. 2)"),
        ("expected u16", "expected a whole number (e.g. 2)"),
        ("expected u8", "expected a whole number (e.g. 2)"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number (e.g. 0.5)"),
        ("expected a boolean", "expected true or false"),
        (
            "expected a string",
            "expected a quoted string (e.g. \"name\")",
        ),
    ] {
        if let Some(i) = m.find(rust) {
            let end = i + rust.len();
            if !m[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                m.replace_range(i..end, words);
            }
        }
    }
    // the TOML deserializer appends where it was ("in `switch`"): the key already says it
    m.lines()
        .filter(|l| !(l.starts_with("in `") && l.ends_with('`')))
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

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
    let value = parse_value(val);
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
