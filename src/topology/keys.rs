//! `[topology]`: which network a configuration builds (random irregular networks of seed 000
//! §4.1, meshes and tori, k-ary n-trees of seed 001 §2, or a JSON file) and its size.

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};

/// Which network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TopologyKind {
    Irregular,
    Mesh,
    Torus,
    /// k-ary n-tree (seed 001 §2).
    Fattree,
    /// Dragonfly (`topology.a`, `topology.h`, `hosts_per_switch` = p; docs/topologies.md).
    Dragonfly,
    File,
}

impl TopologyKind {
    /// Every kind, in the order the documentation lists them.
    pub const ALL: [TopologyKind; 6] = [
        TopologyKind::Irregular,
        TopologyKind::Mesh,
        TopologyKind::Torus,
        TopologyKind::Fattree,
        TopologyKind::Dragonfly,
        TopologyKind::File,
    ];

    /// The name `topology.kind` takes.
    pub fn name(self) -> &'static str {
        match self {
            TopologyKind::Irregular => "irregular",
            TopologyKind::Mesh => "mesh",
            TopologyKind::Torus => "torus",
            TopologyKind::Fattree => "fattree",
            TopologyKind::Dragonfly => "dragonfly",
            TopologyKind::File => "file",
        }
    }

    /// The `[topology]` keys this kind reads besides `kind` (what `experiment::build::topology`
    /// builds it from): a key the user gives for another kind is refused.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            TopologyKind::Irregular => &["switches", "hosts_per_switch", "ports", "seed"],
            TopologyKind::Mesh | TopologyKind::Torus => &["dims", "hosts_per_switch"],
            TopologyKind::Fattree => &["k", "n"],
            TopologyKind::Dragonfly => &["a", "h", "hosts_per_switch"],
            TopologyKind::File => &["file"],
        }
    }

    /// Whether this kind reads `key` (`kind` itself always).
    pub fn reads(self, key: &str) -> bool {
        key == "kind" || self.keys().contains(&key)
    }
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
    /// Dragonfly: routers per group (default 8) and global links per router (default 4);
    /// hosts per router: `hosts_per_switch`; a·h + 1 groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<usize>,
    /// Topology JSON file (kind = "file").
    pub file: Option<String>,
    /// Seed of the random topology (defaults to the run seed).
    #[serde(with = "crate::keys::seed_opt")]
    pub seed: Option<u64>,
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
            a: None,
            h: None,
            file: None,
            seed: None,
        }
    }
}

impl TopologyCfg {
    /// The dragonfly these keys shape (`kind = "dragonfly"`).
    pub fn dragonfly(&self) -> crate::topology::dragonfly::Dragonfly {
        crate::topology::dragonfly::Dragonfly {
            a: self.a.unwrap_or(8),
            p: self.hosts_per_switch,
            h: self.h.unwrap_or(4),
        }
    }

    /// Check every value range; the error names the key and what is allowed.
    pub fn validate(&self) -> Result<()> {
        crate::keys::range("topology.switches", self.switches, 1, 4096)?;
        crate::keys::range("topology.ports", self.ports, 2, 32)?;
        crate::keys::range("topology.hosts_per_switch", self.hosts_per_switch, 1, 28)?;
        if self.kind == TopologyKind::File && self.file.is_none() {
            return Err(Error::field(
                "topology.file",
                "kind = \"file\" needs a file path",
            ));
        }
        if self.kind == TopologyKind::Dragonfly {
            self.dragonfly().check()?;
        } else if let Some((key, _)) = [("topology.a", self.a), ("topology.h", self.h)]
            .into_iter()
            .find(|(_, v)| v.is_some())
        {
            return Err(Error::field(
                key,
                "shapes a dragonfly (topology.kind = \"dragonfly\") only; remove it",
            ));
        }
        if self.kind == TopologyKind::Fattree {
            crate::topology::kary_ntree::KAryNTree::wiring(self.k, self.n).map_err(|e| {
                Error::new(format!(
                    "topology.{} (a k-ary n-tree, fat-tree)",
                    e.message()
                ))
            })?;
            if 1u64 << (self.n * self.k.trailing_zeros()) > 65536 {
                return Err(Error::field(
                    "topology.n",
                    format!("a {}-ary {}-tree has more than 65536 hosts", self.k, self.n),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of `[topology]` is read by some kind, and every key a kind reads is one.
    #[test]
    fn every_key_belongs_to_a_kind() {
        let all = TopologyCfg {
            a: Some(8),
            h: Some(4),
            file: Some("t.json".into()),
            seed: Some(1),
            ..TopologyCfg::default()
        };
        let table = toml::Table::try_from(&all).unwrap();
        for key in table.keys() {
            assert!(
                TopologyKind::ALL.iter().any(|k| k.reads(key)),
                "no kind reads {key}"
            );
        }
        for k in TopologyKind::ALL {
            for key in k.keys() {
                assert!(table.contains_key(*key), "{} reads {key}", k.name());
            }
            let named: TopologyKind = toml::Value::String(k.name().into()).try_into().unwrap();
            assert_eq!(named, k);
        }
    }
}
