//! Loading and validating a [`Config`]: TOML text, `--set key=value` overrides, and every
//! check a value must pass — ranges, names from the registries, and the relations between
//! keys (warm-up below the run, slack thresholds, the watchdog's window) — each error naming
//! the key, the value and what is allowed.

use super::config::{
    Config, NicCfg, RoutingCfg, SwitchCfg, TopologyCfg, TopologyKind, DEFAULT_TOML,
};
use crate::error::{Error, Result};
use crate::keys::{range, Part};

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
        for (name, parts) in [
            ("routing", RoutingCfg::parts()),
            ("switch", SwitchCfg::parts()),
            ("nic", NicCfg::parts()),
        ] {
            if let Some(toml::Value::Table(t)) = table.get(name) {
                check_parts(name, t, &parts)?;
            }
        }
        let de = toml::Value::Table(table);
        let mut cfg: Config = serde_path_to_error::deserialize(de)
            .map_err(|e| de_error(e.path().to_string(), e.into_inner().to_string()))?;
        // the family's default in force, written out (results record what ran)
        cfg.switch.routing_cycles = Some(crate::fabric::registry::routing_cycles(&cfg.switch));
        cfg.validate()?;
        Ok(cfg)
    }

    /// The keys `text` and `overrides` set that a switch family other than `family` owns
    /// (`switch.vcs` on a myrinet run): `family` does not read them. Each as `(key, owner)`,
    /// in file order; empty when the text does not parse (the load reports that).
    pub fn foreign_keys(
        text: &str,
        overrides: &[String],
        family: &str,
    ) -> Vec<(String, &'static str)> {
        let Ok(mut table) = text.parse::<toml::Table>() else {
            return Vec::new();
        };
        if overrides
            .iter()
            .any(|o| apply_override(&mut table, o).is_err())
        {
            return Vec::new();
        }
        let own = format!("{family} family");
        let mut out = Vec::new();
        for (name, parts) in [("switch", SwitchCfg::parts()), ("nic", NicCfg::parts())] {
            let Some(toml::Value::Table(t)) = table.get(name) else {
                continue;
            };
            for key in t.keys() {
                let owner = parts.iter().find(|p| p.names.iter().any(|n| n == key));
                if let Some(p) = owner.filter(|p| p.owner.ends_with(" family")) {
                    if p.owner != own && p.owner != "any family" {
                        out.push((format!("{name}.{key}"), p.owner));
                    }
                }
            }
        }
        out
    }

    /// What a user gave, their TOML `text` (a file, or the embedded default) and overrides,
    /// loaded as [`Config::from_toml`] does once [`Config::check_topology_keys`] passes.
    pub fn from_user_toml(text: &str, overrides: &[String]) -> Result<Config> {
        Self::check_topology_keys(text, overrides)?;
        Self::from_toml(text, overrides)
    }

    /// Refuse a `[topology]` key the user gave that the kind in force does not read
    /// (`topology.k` on an irregular network), naming the key, the kind and the kind's keys
    /// ([`TopologyKind::keys`]). The keys are those of `text` and `overrides`, not of the
    /// deserialized configuration (where every key has a value). A key of `text` may also
    /// belong to the text's own kind (the kind it names, else irregular): `--set
    /// topology.kind=...` on a file of another kind leaves the file's keys alone. Text that
    /// does not parse and a kind that is none pass: the load reports them. A serialized
    /// configuration holds every key: it loads through [`Config::from_toml`], which does not
    /// check this, or is written by [`Config::to_user_toml`].
    pub fn check_topology_keys(text: &str, overrides: &[String]) -> Result<()> {
        let Ok(file) = text.parse::<toml::Table>() else {
            return Ok(());
        };
        let mut table = file.clone();
        if overrides
            .iter()
            .any(|o| apply_override(&mut table, o).is_err())
        {
            return Ok(());
        }
        let (Some(kind), Some(toml::Value::Table(topo))) = (kind_of(&table), table.get("topology"))
        else {
            return Ok(());
        };
        let file_kind = kind_of(&file).unwrap_or(kind);
        for key in topo.keys() {
            let dotted = format!("topology.{key}");
            let by_override = overrides.iter().any(|o| {
                o.split_once('=')
                    .is_some_and(|(k, _)| sets_key(k.trim(), &dotted))
            });
            let own = kind.reads(key) || (!by_override && file_kind.reads(key));
            // a key no kind reads is unknown: deserialization names it
            if own || !TopologyKind::ALL.iter().any(|k| k.reads(key)) {
                continue;
            }
            let owners: Vec<String> = TopologyKind::ALL
                .iter()
                .filter(|k| k.reads(key))
                .map(|k| format!("{:?}", k.name()))
                .collect();
            let who = if by_override || file_kind == kind {
                format!("topology.kind = {:?} does not read it", kind.name())
            } else {
                format!(
                    "neither topology.kind = {:?} nor the file's own kind = {:?} reads it",
                    kind.name(),
                    file_kind.name()
                )
            };
            return Err(Error::field(
                dotted,
                format!(
                    "{who}: it is a key of kind {}; the keys of kind {:?}: kind, {}. Remove it, or set topology.kind to a kind that reads it",
                    owners.join(" or "),
                    kind.name(),
                    kind.keys().join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// The configuration as TOML that [`Config::load`] takes back (`--print-config`): every
    /// key, but in `[topology]` only `kind` and the keys that kind reads.
    pub fn to_user_toml(&self) -> Result<String> {
        let err = |e: &dyn std::fmt::Display| Error::new(e.to_string());
        let all = toml::to_string(self).map_err(|e| err(&e))?;
        let topo = toml::Table::try_from(&self.topology).map_err(|e| err(&e))?;
        let mut mine = String::new();
        for key in std::iter::once(&"kind").chain(self.topology.kind.keys()) {
            if let Some(v) = topo.get(*key) {
                mine += &format!("{key} = {v}\n");
            }
        }
        let body = toml::to_string(&self.topology).map_err(|e| err(&e))?;
        let old = format!("[topology]\n{body}");
        if all.contains(&old) {
            return Ok(all.replacen(&old, &format!("[topology]\n{mine}"), 1));
        }
        // another layout than expected: the same keys, in the table's order
        let mut t = toml::Table::try_from(self).map_err(|e| err(&e))?;
        if let Some(toml::Value::Table(topo)) = t.get_mut("topology") {
            topo.retain(|k, _| self.topology.kind.reads(k));
        }
        toml::to_string(&t).map_err(|e| err(&e))
    }

    /// Read a TOML file a user gave and apply overrides ([`Config::from_user_toml`]). An error
    /// about a key an override set (or about a relation one of them entered, such as warm-up
    /// against cycles) is the override's, not the file's: it is returned without the file's
    /// name, for the caller to name the flag or `--set` that gave it ([`overridden_key`]).
    pub fn load(path: &std::path::Path, overrides: &[String]) -> Result<Config> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::new(format!("cannot read config {}: {e}", path.display())))?;
        Self::from_user_toml(&text, overrides).map_err(|e| {
            if overridden_key(e.message(), overrides).is_some() {
                e
            } else {
                e.context(path.display())
            }
        })
    }

    /// Check every value range; the error names the field and what is allowed.
    pub fn validate(&self) -> Result<()> {
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
        self.topology.validate()?;
        self.switch.validate()?;
        self.routing.validate()?;
        self.traffic.validate()?;
        self.link.validate()?;
        self.nic.validate()?;
        crate::fabric::registry::check(&self.fabric())?;
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
        let mut pause = crate::fabric::registry::pause(&self.fabric());
        if self.routing.algorithm == "itb" {
            pause = pause.max(self.nic.myrinet.itb_pause());
        }
        pause + 2 * self.link.max_fly() as u64 + 1
    }
}

/// The `topology.kind` of a configuration table, the default when it names none; None when
/// it is not a kind.
fn kind_of(table: &toml::Table) -> Option<TopologyKind> {
    let default = TopologyCfg::default().kind;
    match table.get("topology") {
        None => Some(default),
        Some(toml::Value::Table(t)) => match t.get("kind") {
            None => Some(default),
            Some(v) => v.clone().try_into().ok(),
        },
        Some(_) => None,
    }
}

/// Check one section's keys part by part ([`Part`]): a key no part declares is unknown, and
/// each part's values are read alone, so an error names the dotted key.
fn check_parts(section: &str, table: &toml::Table, parts: &[Part]) -> Result<()> {
    for key in table.keys() {
        if !parts.iter().any(|p| p.names.iter().any(|n| n == key)) {
            let expected: Vec<String> = parts
                .iter()
                .map(|p| {
                    let names: Vec<String> = p.names.iter().map(|n| format!("`{n}`")).collect();
                    let owner = if p.owner == section {
                        "any family"
                    } else {
                        p.owner
                    };
                    format!("{} ({owner})", names.join(", "))
                })
                .collect();
            let near = parts
                .iter()
                .flat_map(|p| p.names.iter())
                .map(|n| (edit_distance(key, n), n))
                .filter(|(d, n)| *d <= 2.max(n.len() / 3) || n.starts_with(key.as_str()))
                .min();
            return Err(Error::field(
                format!("{section}.{key}"),
                format!(
                    "unknown field `{key}`{}, expected one of {}",
                    near.map_or(String::new(), |(_, n)| format!(" (did you mean `{n}`?)")),
                    expected.join("; ")
                ),
            ));
        }
    }
    for p in parts {
        let mine: toml::Table = table
            .iter()
            .filter(|(k, _)| p.names.iter().any(|n| n == *k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        (p.check)(toml::Value::Table(mine))
            .map_err(|(path, msg)| de_error(format!("{section}.{path}"), msg))?;
    }
    Ok(())
}

/// Edits (insert, delete, replace a character) from `a` to `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + (ca != *cb) as usize).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// A deserialization error at `path`, in words a user knows.
fn de_error(path: String, msg: String) -> Error {
    let msg = plain_types(&msg);
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
        None => with_nearest(msg),
    };
    Error::field(if path == "." { "config".into() } else { path }, msg)
}

/// "unknown field `rat`, expected one of `rate`, ..." with the nearest known name suggested:
/// "unknown field `rat` (did you mean `rate`?), expected one of ...".
fn with_nearest(msg: String) -> String {
    let Some(rest) = msg.strip_prefix("unknown field `") else {
        return msg;
    };
    let Some((key, tail)) = rest.split_once('`') else {
        return msg;
    };
    let known: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
    let near = known
        .iter()
        .map(|n| (edit_distance(key, n), *n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 3) || n.starts_with(key))
        .min();
    match near {
        Some((_, n)) => format!("unknown field `{key}` (did you mean `{n}`?){tail}"),
        None => msg,
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
