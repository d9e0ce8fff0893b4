//! Topology JSON interchange:
//! `{"kind": K, "switches": N, "ports_per_switch": P, "links": [[swA, portA, swB, portB], ...], "hosts": [[host, sw, port], ...]}`
//! with `"kind"` one of `"irregular"`, `"mesh"` or `"torus"` (then `"dims": [X, Y]`) and
//! `"fattree"` (then `"k": K, "n": N`). The kind is what lets a mesh file be routed with
//! dimension order; a file that names a kind must hold exactly that network (the mesh/torus
//! port layout of `topology::mesh`, the tree of `topology::fattree`). Files without a kind (an
//! older flitwave, another tool) are irregular, except that a file holding exactly a k-ary
//! n-tree is recognised as one. A key that sizes another kind than the file's (`k` in an
//! irregular file or one without a kind, `dims` in a fat-tree) is refused.

use super::{HostSpec, LinkSpec, Shape, Topology};
use crate::error::{Error, Result};
use serde_json::Value;
use std::path::Path;

const KEYS: &str = "switches, ports_per_switch, links, hosts";
const OPTIONAL: &str = "kind, dims (mesh, torus), k and n (fattree), a, p and h (dragonfly)";

/// The keys that size each kind, beyond the four every file has and `kind` itself.
const KIND_KEYS: [(&str, &[&str]); 5] = [
    ("irregular", &[]),
    ("mesh", &["dims"]),
    ("torus", &["dims"]),
    ("fattree", &["k", "n"]),
    ("dragonfly", &["a", "p", "h"]),
];

/// A key that sizes one kind of topology given in a file of another kind (or of none), named
/// with the kind and the keys that kind allows. A kind flitwave does not know is left to
/// [`declared_shape`] to refuse.
fn check_kind_keys(obj: &serde_json::Map<String, Value>) -> Result<()> {
    let kind = obj.get("kind").map(|k| k.as_str());
    let allowed: &[&str] = match kind {
        None => &[],
        Some(Some(name)) => match KIND_KEYS.iter().find(|(k, _)| *k == name) {
            Some((_, keys)) => keys,
            None => return Ok(()),
        },
        Some(None) => return Ok(()),
    };
    for key in obj.keys() {
        let owners: Vec<_> = KIND_KEYS
            .iter()
            .filter(|(_, keys)| keys.contains(&key.as_str()))
            .map(|(k, _)| format!("\"{k}\""))
            .collect();
        if owners.is_empty() || allowed.contains(&key.as_str()) {
            continue;
        }
        let (of, keys) = match kind {
            Some(Some(name)) => (
                format!("a topology of kind \"{name}\""),
                std::iter::once("kind")
                    .chain(allowed.iter().copied())
                    .collect::<Vec<_>>(),
            ),
            _ => (
                "a topology without \"kind\" (irregular)".to_string(),
                vec!["kind"],
            ),
        };
        return Err(Error::field(
            key,
            format!(
                "does not belong to {of} (it sizes a {}); the keys allowed are {KEYS}, {}",
                owners.join(" or "),
                keys.join(", ")
            ),
        ));
    }
    Ok(())
}

/// Serialize (deterministic: links and hosts in stored order, one per line).
pub fn to_json(t: &Topology) -> String {
    let kind = match t.shape {
        Shape::Irregular => "\"kind\": \"irregular\"".to_string(),
        Shape::Mesh { dims } => format!(
            "\"kind\": \"mesh\",\n  \"dims\": [{}, {}]",
            dims[0], dims[1]
        ),
        Shape::Torus { dims } => format!(
            "\"kind\": \"torus\",\n  \"dims\": [{}, {}]",
            dims[0], dims[1]
        ),
        Shape::FatTree { k, n } => format!("\"kind\": \"fattree\",\n  \"k\": {k},\n  \"n\": {n}"),
        Shape::Dragonfly { a, p, h } => {
            format!("\"kind\": \"dragonfly\",\n  \"a\": {a},\n  \"p\": {p},\n  \"h\": {h}")
        }
    };
    let mut s = format!(
        "{{\n  {kind},\n  \"switches\": {},\n  \"ports_per_switch\": {},\n  \"links\": [",
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
    let v: Value = serde_json::from_str::<Strict>(text)
        .map_err(|e| Error::new(format!("malformed topology JSON: {e}")))?
        .0;
    let obj = v
        .as_object()
        .ok_or_else(|| Error::new(format!("topology JSON must be an object with keys {KEYS}")))?;
    for k in obj.keys() {
        if ![
            "switches",
            "ports_per_switch",
            "links",
            "hosts",
            "kind",
            "dims",
            "k",
            "n",
            "a",
            "p",
            "h",
        ]
        .contains(&k.as_str())
        {
            return Err(Error::field(
                k,
                format!("unknown key, allowed keys are {KEYS} and optionally {OPTIONAL}"),
            ));
        }
    }
    check_kind_keys(obj)?;
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
    let recognized = super::fattree::recognize(&t);
    t.shape = match obj.get("kind") {
        None => recognized.unwrap_or(Shape::Irregular),
        Some(k) => declared_shape(k, obj, &t, recognized)?,
    };
    Ok(t)
}

/// The shape a file declares, checked against what the file holds.
fn declared_shape(
    kind: &Value,
    obj: &serde_json::Map<String, Value>,
    t: &Topology,
    recognized: Option<Shape>,
) -> Result<Shape> {
    let dims = || -> Result<[usize; 2]> {
        let d = obj.get("dims").ok_or_else(|| {
            Error::field(
                "dims",
                "missing: a mesh or torus file needs \"dims\": [X, Y]",
            )
        })?;
        let v = tuple(d, 2, "dims", "[X, Y]")?;
        Ok([v[0], v[1]])
    };
    let tree = |k: &str| -> Result<u32> {
        let v = obj
            .get(k)
            .ok_or_else(|| Error::field(k, "missing: a fattree file needs \"k\" and \"n\""))?;
        u32::try_from(uint(v, k)?).map_err(|_| Error::field(k, "out of range"))
    };
    let shape = match kind.as_str() {
        Some("irregular") => return Ok(recognized.unwrap_or(Shape::Irregular)),
        Some("mesh") => Shape::Mesh { dims: dims()? },
        Some("torus") => Shape::Torus { dims: dims()? },
        Some("fattree") => Shape::FatTree {
            k: tree("k")?,
            n: tree("n")?,
        },
        Some("dragonfly") => {
            let size = |k: &str| -> Result<usize> {
                let v = obj.get(k).ok_or_else(|| {
                    Error::field(k, "missing: a dragonfly file needs \"a\", \"p\" and \"h\"")
                })?;
                uint(v, k)
            };
            Shape::Dragonfly {
                a: size("a")?,
                p: size("p")?,
                h: size("h")?,
            }
        }
        _ => {
            return Err(Error::field(
                "kind",
                format!(
                "{kind} is not allowed; allowed: \"irregular\", \"mesh\", \"torus\", \"fattree\", \"dragonfly\""
            ),
            ))
        }
    };
    match shape {
        Shape::Mesh { dims } | Shape::Torus { dims } => {
            let wrap = matches!(shape, Shape::Torus { .. });
            super::mesh::check_layout(t, dims, wrap).map_err(|e| e.context("kind"))?;
        }
        Shape::FatTree { k, n } if recognized != Some(shape.clone()) => {
            return Err(Error::field(
                "kind",
                format!("\"fattree\" with k = {k}, n = {n}: the links and hosts are not that k-ary n-tree as `flitwave topology fattree` wires it"),
            ));
        }
        Shape::Dragonfly { a, p, h } => {
            let d = super::dragonfly::Dragonfly { a, p, h };
            let want = super::dragonfly::dragonfly(d).map_err(|e| e.context("kind"))?;
            let same = want.switches == t.switches
                && want.ports_per_switch == t.ports_per_switch
                && (0..t.switches)
                    .all(|sw| (0..t.ports_per_switch).all(|p| want.peer(sw, p) == t.peer(sw, p)));
            if !same {
                return Err(Error::field(
                    "kind",
                    format!("\"dragonfly\" with a = {a}, p = {p}, h = {h}: the links and hosts are not that dragonfly as flitwave wires it (docs/topologies.md)"),
                ));
            }
        }
        _ => {}
    }
    Ok(shape)
}

/// Memory a topology file's text and JSON tree take per byte of text, at most: a short number
/// or key of a few bytes becomes a 32-byte `serde_json::Value` or a map entry.
const JSON_BYTES_PER_TEXT_BYTE: u64 = 16;

/// Read a topology file.
pub fn load(path: &Path) -> Result<Topology> {
    // the text and its parsed JSON tree (serde_json's values take several times the text)
    let len = std::fs::metadata(path)
        .map_err(|e| Error::new(format!("cannot read topology file {}: {e}", path.display())))?
        .len();
    crate::memory::check(
        "topology.file",
        path.display(),
        &format!("a topology file of {len} bytes read and parsed"),
        len.saturating_mul(JSON_BYTES_PER_TEXT_BYTE),
    )?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::new(format!("cannot read topology file {}: {e}", path.display())))?;
    from_json(&text).map_err(|e| e.context(path.display()))
}

/// Write a topology file.
pub fn save(t: &Topology, path: &Path) -> Result<()> {
    crate::output::write(path, to_json(t))
}

/// A JSON value read strictly: a key given twice in one object is an error (serde_json keeps
/// the last silently).
struct Strict(Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> std::result::Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> std::result::Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> std::result::Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> std::result::Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> std::result::Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_unit<E>(self) -> std::result::Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> std::result::Result<Value, A::Error> {
        let mut v = Vec::new();
        while let Some(Strict(x)) = seq.next_element()? {
            v.push(x);
        }
        Ok(Value::Array(v))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Value, A::Error> {
        let mut m = serde_json::Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if m.contains_key(&k) {
                return Err(serde::de::Error::custom(format!(
                    "key {k:?} appears twice in one object; give it once"
                )));
            }
            let Strict(v) = map.next_value()?;
            m.insert(k, v);
        }
        Ok(Value::Object(m))
    }
}
