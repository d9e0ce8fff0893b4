//! Topology JSON interchange (read by other tools, so exactly this form; imported topologies are
//! [`Shape::Irregular`], like the random networks of seed 000 §4.1, except that a file holding
//! exactly a k-ary n-tree as `topology::fattree` wires it gets [`Shape::FatTree`] back; meshes and
//! tori are not recognised):
//! `{"switches": N, "ports_per_switch": P, "links": [[swA, portA, swB, portB], ...], "hosts": [[host, sw, port], ...]}`

use super::{HostSpec, LinkSpec, Shape, Topology};
use crate::error::{Error, Result};
use serde_json::Value;
use std::path::Path;

const KEYS: &str = "switches, ports_per_switch, links, hosts";

/// Serialize (deterministic: links and hosts in stored order, one per line).
pub fn to_json(t: &Topology) -> String {
    let mut s = format!(
        "{{\n  \"switches\": {},\n  \"ports_per_switch\": {},\n  \"links\": [",
        t.switches, t.ports_per_switch
    );
    for (i, l) in t.links.iter().enumerate() {
        s += if i == 0 { "\n    " } else { ",\n    " };
        s += &format!("[{}, {}, {}, {}]", l.a, l.pa, l.b, l.pb);
    }
    s += "\n  ],\n  \"hosts\": [";
    for (i, h) in t.hosts.iter().enumerate() {
        s += if i == 0 { "\n    " } else { ",\n    " };
        s += &format!("[{}, {}, {}]", h.host, h.sw, h.port);
    }
    s += "\n  ]\n}\n";
    s
}

fn uint(v: &Value, what: &str) -> Result<usize> {
    v.as_u64().map(|x| x as usize).ok_or_else(|| {
        Error::field(
            what,
            format!("{v} is not allowed, expected a non-negative integer"),
        )
    })
}

fn tuple(v: &Value, n: usize, what: &str, form: &str) -> Result<Vec<usize>> {
    let a = v.as_array().filter(|a| a.len() == n).ok_or_else(|| {
        Error::field(
            what,
            format!("{v} must be an array of {n} non-negative integers {form}"),
        )
    })?;
    a.iter().map(|x| uint(x, what)).collect()
}

/// Parse and validate.
pub fn from_json(text: &str) -> Result<Topology> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| Error::new(format!("malformed topology JSON: {e}")))?;
    let obj = v
        .as_object()
        .ok_or_else(|| Error::new(format!("topology JSON must be an object with keys {KEYS}")))?;
    for k in obj.keys() {
        if !["switches", "ports_per_switch", "links", "hosts"].contains(&k.as_str()) {
            return Err(Error::field(
                k,
                format!("unknown key, allowed keys are {KEYS}"),
            ));
        }
    }
    let get = |k: &str| {
        obj.get(k).ok_or_else(|| {
            Error::field(
                k,
                format!("missing; a topology needs all of the keys {KEYS}"),
            )
        })
    };
    let switches = uint(get("switches")?, "switches")?;
    let ports = uint(get("ports_per_switch")?, "ports_per_switch")?;
    let links = get("links")?
        .as_array()
        .ok_or_else(|| Error::field("links", "must be an array of [swA, portA, swB, portB]"))?
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let t = tuple(l, 4, &format!("links[{i}]"), "[swA, portA, swB, portB]")?;
            Ok(LinkSpec {
                a: t[0],
                pa: t[1],
                b: t[2],
                pb: t[3],
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let hosts = get("hosts")?
        .as_array()
        .ok_or_else(|| Error::field("hosts", "must be an array of [host, sw, port]"))?
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let t = tuple(h, 3, &format!("hosts[{i}]"), "[host, sw, port]")?;
            Ok(HostSpec {
                host: t[0],
                sw: t[1],
                port: t[2],
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let mut t = Topology::new(switches, ports, links, hosts, Shape::Irregular)?;
    if let Some(shape) = super::fattree::recognize(&t) {
        t.shape = shape;
    }
    Ok(t)
}

/// Read a topology file.
pub fn load(path: &Path) -> Result<Topology> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::new(format!("cannot read topology file {}: {e}", path.display())))?;
    from_json(&text).map_err(|e| e.context(path.display()))
}

/// Write a topology file.
pub fn save(t: &Topology, path: &Path) -> Result<()> {
    if let Some(d) = path.parent() {
        if !d.as_os_str().is_empty() {
            std::fs::create_dir_all(d)?;
        }
    }
    std::fs::write(path, to_json(t))
        .map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())))
}
