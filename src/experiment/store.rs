//! The result store of a sweep (`--store FILE`, docs/sweeps.md): JSON lines, one
//! self-contained [`Record`] per finished point, appended and flushed as each point finishes;
//! `--resume` reads it back (a truncated last line — a killed run — is dropped and re-run),
//! and [`merge`] joins the stores of shards into one, in canonical order.

use super::provenance::Provenance;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a record holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One simulation at one rate.
    Point,
    /// The result of a saturation search (its points are point records).
    Search,
}

/// What a saturation search found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchOutcome {
    /// Highest rate that did not saturate (0 when the first did).
    pub max_unsaturated_rate: f64,
    /// Lowest rate that saturated, if any.
    pub first_saturated_rate: Option<f64>,
    /// Highest accepted traffic over the search's points, flits/ns/switch.
    pub throughput_flits_per_ns_per_switch: f64,
    /// Rate of that point.
    pub throughput_at_rate: f64,
    /// Rates the search ran, in rate order.
    pub rates: Vec<f64>,
    /// Saturation throughput by the one criterion (stats::saturation): accepted traffic at
    /// `max_unsaturated_rate`, flits/cycle/host (0 in stores written before the one criterion, 2026-11-25).
    #[serde(default)]
    pub saturation_throughput_flits_per_cycle_per_host: f64,
}

/// One line of a store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub kind: Kind,
    /// The `--routings` item of the curve, or the configuration's routing.
    pub routing: String,
    /// The `--grid` coordinates, key -> value (empty without --grid).
    pub grid: Map<String, Value>,
    pub seed: u64,
    /// point: offered load, flits/cycle/host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<f64>,
    /// point: the summary's saturated flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saturated: Option<bool>,
    /// search: the outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchOutcome>,
    /// point: the run's summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
    /// Hash of the sweep's base configuration (seed and traffic.rate set to 0).
    pub base_hash: String,
    /// Hash of `config`.
    pub config_hash: String,
    /// The full effective configuration of the point (a search's has traffic.rate 0).
    pub config: Value,
    /// Version and commit of the flitwave that wrote it.
    pub flitwave: Provenance,
}

/// A point's identity: grid coordinates, routing, rate, seed and the hash of its full
/// configuration.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub kind: Kind,
    pub routing: String,
    pub grid: String,
    pub seed: u64,
    pub rate_bits: u64,
    pub config_hash: String,
}

impl Record {
    /// The identity of this record.
    pub fn key(&self) -> Key {
        Key {
            kind: self.kind,
            routing: self.routing.clone(),
            grid: Value::Object(self.grid.clone()).to_string(),
            seed: self.seed,
            rate_bits: self.rate.map_or(u64::MAX, f64::to_bits),
            config_hash: self.config_hash.clone(),
        }
    }

    /// One line of JSON, without the newline.
    pub fn line(&self) -> Result<String> {
        serde_json::to_string(self).map_err(|e| Error::new(format!("cannot encode record: {e}")))
    }

    /// `routing dor, switch.vcs=1, seed 2, rate 0.05`, for messages.
    pub fn describe(&self) -> String {
        let mut s = format!("routing {}", self.routing);
        for (k, v) in &self.grid {
            s += &format!(", {k}={v}");
        }
        s += &format!(", seed {}", self.seed);
        match self.rate {
            Some(r) => s += &format!(", rate {r}"),
            None => s += ", saturation search",
        }
        s
    }

    /// The record without what may differ between equal results (the writer's version).
    fn comparable(&self) -> Record {
        let mut r = self.clone();
        r.flitwave = Provenance {
            version: String::new(),
            commit: None,
        };
        r
    }
}

/// A stable 64-bit FNV-1a hash of `text`, as 16 hex digits (the same on every platform and
/// Rust version).
pub fn hash_text(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Hash of a serialisable configuration (its JSON).
pub fn hash_of<T: Serialize>(v: &T) -> Result<String> {
    serde_json::to_string(v)
        .map(|t| hash_text(&t))
        .map_err(|e| Error::new(e.to_string()))
}

/// Order of JSON values: numbers numerically, then strings, booleans, the rest by text.
fn cmp_value(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x
            .as_f64()
            .unwrap_or(0.0)
            .total_cmp(&y.as_f64().unwrap_or(0.0)),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Object(x), Value::Object(y)) => {
            for ((ka, va), (kb, vb)) in x.iter().zip(y.iter()) {
                let o = ka.cmp(kb).then_with(|| cmp_value(va, vb));
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
        _ => a.to_string().cmp(&b.to_string()),
    }
}

/// Canonical order: routing, grid coordinates, seed, points before the search, rate.
pub fn canonical_cmp(a: &Record, b: &Record) -> Ordering {
    a.routing
        .cmp(&b.routing)
        .then_with(|| {
            cmp_value(
                &Value::Object(a.grid.clone()),
                &Value::Object(b.grid.clone()),
            )
        })
        .then(a.seed.cmp(&b.seed))
        .then(a.kind.cmp(&b.kind))
        .then_with(|| {
            a.rate
                .unwrap_or(f64::NEG_INFINITY)
                .total_cmp(&b.rate.unwrap_or(f64::NEG_INFINITY))
        })
        .then_with(|| a.config_hash.cmp(&b.config_hash))
}

/// The store text of `records` in canonical order.
pub fn canonical_text(records: &[Record]) -> Result<String> {
    let mut v: Vec<&Record> = records.iter().collect();
    v.sort_by(|a, b| canonical_cmp(a, b));
    let mut s = String::new();
    for r in v {
        s += &r.line()?;
        s.push('\n');
    }
    Ok(s)
}

/// A store read back.
#[derive(Debug, Default)]
pub struct Loaded {
    pub records: Vec<Record>,
    /// Bytes of a truncated last line that was dropped.
    pub dropped_tail: Option<usize>,
    /// The base configuration hash of every record (None for an empty store).
    pub base_hash: Option<String>,
}

/// Read the store `path`. A last line that is not complete (no newline, not a record) is
/// dropped when `tolerate_truncated`, an error otherwise; any other bad line is an error
/// naming it; so are records of two base configurations.
pub fn read(path: &Path, tolerate_truncated: bool) -> Result<Loaded> {
    let text = std::fs::read(path)
        .map_err(|e| Error::new(format!("cannot read store {}: {e}", path.display())))?;
    let text = String::from_utf8_lossy(&text);
    let mut out = Loaded::default();
    let segments: Vec<&str> = text.split('\n').collect();
    for (i, line) in segments.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let last = i + 1 == segments.len(); // no newline after it
        let r: Record = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(_) if last && tolerate_truncated => {
                out.dropped_tail = Some(line.len());
                continue;
            }
            Err(e) if last => {
                return Err(Error::new(format!(
                    "{} line {}: truncated last line (a killed run?): {e}; `flitwave sweep --resume --store {}` re-runs its point",
                    path.display(),
                    i + 1,
                    path.display()
                )))
            }
            Err(e) => {
                return Err(Error::new(format!(
                    "{} line {}: not a flitwave store record: {e}",
                    path.display(),
                    i + 1
                )))
            }
        };
        match &out.base_hash {
            None => out.base_hash = Some(r.base_hash.clone()),
            Some(h) if *h != r.base_hash => {
                return Err(Error::new(format!(
                    "{} line {}: base configuration {} differs from the earlier lines' {h}; a store holds one sweep's base configuration",
                    path.display(),
                    i + 1,
                    r.base_hash
                )))
            }
            Some(_) => {}
        }
        out.records.push(r);
    }
    Ok(out)
}

/// Appends records to a store, one line each, written and flushed at once; shared by the
/// worker threads.
pub struct Appender {
    file: Mutex<std::fs::File>,
    path: PathBuf,
}

impl Appender {
    /// Open `path` for appending (created with its directories when missing).
    pub fn open(path: &Path) -> Result<Self> {
        if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(d)
                .map_err(|e| Error::new(format!("cannot create directory {}: {e}", d.display())))?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::new(format!("cannot open store {}: {e}", path.display())))?;
        Ok(Appender {
            file: Mutex::new(file),
            path: path.to_path_buf(),
        })
    }

    /// Append `r` as one line and flush it.
    pub fn append(&self, r: &Record) -> Result<()> {
        let mut line = r.line()?;
        line.push('\n');
        let mut f = self
            .file
            .lock()
            .map_err(|_| Error::new("store writer poisoned"))?;
        f.write_all(line.as_bytes())
            .and_then(|_| f.flush())
            .map_err(|e| Error::new(format!("cannot append to {}: {e}", self.path.display())))
    }
}

/// Join the stores `inputs` (shards of one sweep): every file must be readable and complete,
/// of one base configuration; a point in two files must have the same result there. Returns
/// the records in canonical order.
pub fn merge(inputs: &[PathBuf]) -> Result<Vec<Record>> {
    if inputs.is_empty() {
        return Err(Error::new("merge: no input store given"));
    }
    let mut base: Option<(String, &Path)> = None;
    let mut seen: HashMap<Key, (Record, &Path)> = HashMap::new();
    for p in inputs {
        let l = read(p, false)?;
        if let Some(h) = l.base_hash {
            match &base {
                None => base = Some((h, p)),
                Some((b, q)) if *b != h => {
                    return Err(Error::new(format!(
                        "{} and {} were written with different base configurations (base_hash {b} and {h}); merge only the shards of one sweep",
                        q.display(),
                        p.display()
                    )))
                }
                Some(_) => {}
            }
        }
        for r in l.records {
            match seen.get(&r.key()) {
                Some((old, q)) if old.comparable() != r.comparable() => {
                    return Err(Error::new(format!(
                        "{} and {} disagree on the point {}: the same point with different results",
                        q.display(),
                        p.display(),
                        r.describe()
                    )))
                }
                Some(_) => {}
                None => {
                    seen.insert(r.key(), (r, p));
                }
            }
        }
    }
    let mut v: Vec<Record> = seen.into_values().map(|x| x.0).collect();
    v.sort_by(canonical_cmp);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rec(seed: u64, rate: f64, grid: i64) -> Record {
        Record {
            kind: Kind::Point,
            routing: "dor".into(),
            grid: json!({"switch.vcs": grid}).as_object().unwrap().clone(),
            seed,
            rate: Some(rate),
            saturated: Some(false),
            search: None,
            summary: Some(json!({"x": rate})),
            base_hash: "b".into(),
            config_hash: format!("c{seed}{rate}{grid}"),
            config: json!({}),
            flitwave: super::super::provenance::provenance(),
        }
    }

    #[test]
    fn canonical_order_is_numeric_and_total() {
        let v = vec![
            rec(1, 0.2, 10),
            rec(1, 0.1, 2),
            rec(0, 0.3, 2),
            rec(1, 0.1, 10),
        ];
        let t = canonical_text(&v).unwrap();
        let order: Vec<Record> = t
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let keys: Vec<(i64, u64, f64)> = order
            .iter()
            .map(|r| {
                (
                    r.grid["switch.vcs"].as_i64().unwrap(),
                    r.seed,
                    r.rate.unwrap(),
                )
            })
            .collect();
        assert_eq!(
            keys,
            vec![(2, 0, 0.3), (2, 1, 0.1), (10, 1, 0.1), (10, 1, 0.2)]
        );
        assert_eq!(hash_text("abc"), "e71fa2190541574b");
    }
}
