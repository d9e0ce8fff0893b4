//! `flitwave plot STORE`: curves from a sweep's result store (docs/sweeps.md). Every record
//! gives an x and a y value (a record field, a grid key, a summary figure or a configuration
//! key); records are grouped into curves by the `--by` keys, and the records of a curve that
//! differ only in their seed make one point: the mean of x, the mean of y and its 95 %
//! confidence interval (Student t), drawn as an error bar; a point where any seed lies beyond
//! its sweep line's knee by the one criterion (`stats::saturation`) is marked saturated. Two
//! points of a curve at the same independent x (a key the sweep set) are an error naming the
//! key they differ in, so nothing is drawn over something else by accident.

use super::plot::{extent, ErrCurve, ErrPoint, YScale};
use super::store::{Kind, Record};
use crate::error::{Error, Result};
use crate::stats::confidence::mean_ci95;
use crate::stats::saturation::{Load, Saturation};
use serde_json::Value;
use std::collections::HashMap;

/// What to plot.
#[derive(Debug, Clone)]
pub struct Spec {
    pub x: String,
    pub y: String,
    /// Curve keys; empty = the routing and every grid key that varies (except x).
    pub by: Vec<String>,
    pub y_scale: YScale,
}

/// The curves, the keys they were split by, and the axis scale chosen.
#[derive(Debug, Clone)]
pub struct Plotted {
    pub curves: Vec<ErrCurve>,
    pub by: Vec<String>,
    pub y_scale: YScale,
}

/// A point's identity besides its curve and seed: (key, value) pairs.
type Ident = Vec<(String, String)>;

/// Record fields that are not summary or configuration values.
const FIELDS: [&str; 3] = ["rate", "seed", "routing"];

/// The value of `key` in record `r`: `rate`, `seed`, `routing`, a grid key, `search.FIELD`,
/// `config.PATH`, `summary.PATH` or a summary path without the prefix (`latency.ns`).
fn value(r: &Record, key: &str) -> Option<Value> {
    match key {
        "rate" => return r.rate.map(Value::from),
        "seed" => return Some(Value::from(r.seed)),
        "routing" => return Some(Value::from(r.routing.clone())),
        _ => {}
    }
    if let Some(v) = r.grid.get(key) {
        return Some(v.clone());
    }
    if let Some(f) = key.strip_prefix("search.") {
        let s = serde_json::to_value(r.search.as_ref()?).ok()?;
        return path(&s, f).cloned();
    }
    if let Some(p) = key.strip_prefix("config.") {
        return path(&r.config, p).cloned();
    }
    let p = key.strip_prefix("summary.").unwrap_or(key);
    r.summary.as_ref().and_then(|s| path(s, p)).cloned()
}

/// `a.b[2].c` inside `v`.
fn path<'a>(v: &'a Value, p: &str) -> Option<&'a Value> {
    let mut cur = v;
    for part in p.split('.') {
        let (name, idx) = match part.split_once('[') {
            Some((n, rest)) => (n, rest.strip_suffix(']')?.parse::<usize>().ok()),
            None => (part, None),
        };
        if !name.is_empty() {
            cur = cur.get(name)?;
        }
        if let Some(i) = idx {
            cur = cur.get(i)?;
        }
    }
    Some(cur)
}

/// A key as text for labels and identities.
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n
            .as_f64()
            .map_or(n.to_string(), crate::stats::number::fmt_num),
        other => other.to_string(),
    }
}

/// The numeric leaves of a summary, for the error message of an unknown y.
fn known_keys(r: &Record) -> String {
    let mut keys: Vec<String> = FIELDS.iter().map(|s| s.to_string()).collect();
    keys.extend(r.grid.keys().cloned());
    if let Some(s) = &r.summary {
        let agg = crate::stats::confidence::aggregate(std::slice::from_ref(s));
        keys.extend(
            crate::stats::confidence::numeric_leaves(&agg, 0)
                .into_iter()
                .map(|(k, _)| k),
        );
    }
    if r.search.is_some() {
        keys.extend(
            [
                "search.max_unsaturated_rate",
                "search.throughput_flits_per_ns_per_switch",
                "search.throughput_at_rate",
            ]
            .map(String::from),
        );
    }
    keys.push("config.KEY".into());
    keys.join(", ")
}

/// Curves of `records` as `spec` says.
pub fn curves(records: &[Record], spec: &Spec) -> Result<Plotted> {
    let kind = if spec.x.starts_with("search.") || spec.y.starts_with("search.") {
        Kind::Search
    } else {
        Kind::Point
    };
    let recs: Vec<&Record> = records.iter().filter(|r| r.kind == kind).collect();
    let Some(first) = recs.first() else {
        return Err(Error::new(format!(
            "the store holds no {} records{}",
            if kind == Kind::Search {
                "saturation-search"
            } else {
                "point"
            },
            if kind == Kind::Search {
                " (search.* keys need a sweep run with --search)"
            } else {
                ""
            }
        )));
    };
    for (opt, key) in [("--x", &spec.x), ("--y", &spec.y)] {
        if recs.iter().all(|r| value(r, key).is_none()) {
            return Err(Error::field(
                opt,
                format!("{key:?} is in no record; known: {}", known_keys(first)),
            ));
        }
    }
    let by = if spec.by.is_empty() {
        default_by(&recs, &spec.x)
    } else {
        for b in &spec.by {
            if recs.iter().all(|r| value(r, b).is_none()) {
                return Err(Error::field(
                    "--by",
                    format!("{b:?} is in no record; known: {}", known_keys(first)),
                ));
            }
        }
        spec.by.clone()
    };
    // A group is one point of a curve: the records that differ only in their seed.
    let measured_x = is_measured(first, &spec.x);
    let beyond = knees(&recs);
    let mut groups: Vec<(String, Ident, Vec<&Record>)> = vec![];
    for r in &recs {
        let num = |opt: &str, key: &str| -> Result<Option<f64>> {
            match value(r, key) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => v.as_f64().map(Some).ok_or_else(|| {
                    Error::field(
                        opt,
                        format!(
                            "{key:?} is not a number ({v}); a key with text values goes in --by"
                        ),
                    )
                }),
            }
        };
        if num("--x", &spec.x)?.is_none() || num("--y", &spec.y)?.is_none() {
            continue; // e.g. no latency measured at this point
        }
        let label = if by.is_empty() {
            own_name(r, &spec.x)
        } else {
            by.iter()
                .map(|b| {
                    let v = value(r, b).map_or("-".into(), |v| text(&v));
                    if b == "routing" {
                        v
                    } else {
                        format!("{b}={v}")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let rest = rest(r, &by);
        match groups.iter_mut().find(|g| g.0 == label && g.1 == rest) {
            Some(g) => g.2.push(r),
            None => groups.push((label, rest, vec![r])),
        }
    }
    let mut out: Vec<ErrCurve> = vec![];
    let mut rests: Vec<Vec<Ident>> = vec![];
    for (label, rest, rs) in groups {
        let xs: Vec<f64> = rs
            .iter()
            .filter_map(|r| value(r, &spec.x).and_then(|v| v.as_f64()))
            .collect();
        let ys: Vec<f64> = rs
            .iter()
            .filter_map(|r| value(r, &spec.y).and_then(|v| v.as_f64()))
            .collect();
        let m = mean_ci95(&ys);
        let h = m.half_width.unwrap_or(0.0);
        let pt = ErrPoint {
            x: mean_ci95(&xs).mean,
            y: m.mean,
            lo: m.mean - h,
            hi: m.mean + h,
            n: m.n,
            saturated: rs.iter().any(|r| saturated(r, &beyond)),
        };
        match out.iter().position(|c| c.label == label) {
            Some(i) => {
                if !measured_x {
                    if let Some(j) = out[i].points.iter().position(|q| q.x == pt.x) {
                        let (k, a, b) = differing(&rests[i][j], &rest);
                        return Err(Error::field(
                            "--by",
                            format!("two points of curve {label:?} at {} = {} differ in {k} ({a} and {b}), which is neither --x nor --by: add it to --by", spec.x, crate::stats::number::fmt_num(pt.x)),
                        ));
                    }
                }
                out[i].points.push(pt);
                rests[i].push(rest);
            }
            None => {
                out.push(ErrCurve {
                    label,
                    points: vec![pt],
                });
                rests.push(vec![rest]);
            }
        }
    }
    for (c, rs) in out.iter_mut().zip(&rests) {
        // an independent x in x order; a measured x (accepted traffic) in the order of the
        // point's rate and grid values, so a curve may bend back beyond saturation
        let mut idx: Vec<usize> = (0..c.points.len()).collect();
        if measured_x {
            idx.sort_by(|&a, &b| cmp_rest(&rs[a], &rs[b]));
        } else {
            idx.sort_by(|&a, &b| c.points[a].x.total_cmp(&c.points[b].x));
        }
        c.points = idx.into_iter().map(|i| c.points[i]).collect();
    }
    let y_scale = match spec.y_scale {
        YScale::Auto => auto_scale(&out),
        s => s,
    };
    if y_scale == YScale::Log && out.iter().flat_map(|c| &c.points).any(|p| p.lo <= 0.0) {
        return Err(Error::field(
            "--y-scale",
            format!(
                "log needs positive values, and {:?} (or its interval) reaches 0 or below; use linear",
                spec.y
            ),
        ));
    }
    Ok(Plotted {
        curves: out,
        by,
        y_scale,
    })
}

/// The sweep line of a point record: its base configuration, routing, grid point and seed
/// (its records differ only in the rate).
fn line_of(r: &Record) -> String {
    let grid: Vec<String> = r
        .grid
        .iter()
        .map(|(k, v)| format!("{k}={}", text(v)))
        .collect();
    format!(
        "{} {} {} {}",
        r.base_hash,
        r.routing,
        grid.join(" "),
        r.seed
    )
}

/// Each sweep line's first offered load beyond its knee by the one criterion
/// ([`Saturation::of`]: mean latency over 3x zero-load, packets undelivered, or sources
/// overflowed), for the lines that reach one.
fn knees(recs: &[&Record]) -> HashMap<String, f64> {
    let mut lines: HashMap<String, Vec<Load>> = HashMap::new();
    for r in recs.iter().filter(|r| r.kind == Kind::Point) {
        let load = r
            .rate
            .zip(r.summary.as_ref())
            .and_then(|(rate, s)| Load::of_json(rate, s));
        if let Some(l) = load {
            lines.entry(line_of(r)).or_default().push(l);
        }
    }
    lines
        .into_iter()
        .filter_map(|(k, loads)| Some((k, Saturation::of(&loads).first_saturated_rate?)))
        .collect()
}

/// A point record beyond its line's knee ([`knees`]), or flagged saturated by its summary.
fn saturated(r: &Record, beyond: &HashMap<String, f64>) -> bool {
    r.saturated == Some(true)
        || r.rate
            .zip(beyond.get(&line_of(r)))
            .is_some_and(|(rate, &b)| rate >= b)
}

/// The name of a record's curve when nothing splits the records: its routing and grid values
/// (except x), so the legend says what was run rather than what is plotted.
fn own_name(r: &Record, x: &str) -> String {
    let mut parts = vec![r.routing.clone()];
    for (k, v) in &r.grid {
        if k != x {
            parts.push(format!("{k}={}", text(v)));
        }
    }
    parts.join(", ")
}

/// Without `--by`: the routing if it varies, and every grid key that varies, except x.
fn default_by(recs: &[&Record], x: &str) -> Vec<String> {
    let varies = |k: &str| {
        let mut seen: Vec<String> = vec![];
        for r in recs {
            let t = value(r, k).map_or("-".into(), |v| text(&v));
            if !seen.contains(&t) {
                seen.push(t);
            }
        }
        seen.len() > 1
    };
    let mut by = vec![];
    if x != "routing" && varies("routing") {
        by.push("routing".to_string());
    }
    let mut keys: Vec<&String> = recs.iter().flat_map(|r| r.grid.keys()).collect();
    keys.sort();
    keys.dedup();
    for k in keys {
        if k != x && varies(k) {
            by.push(k.clone());
        }
    }
    let independent = recs.first().is_some_and(|r| !is_measured(r, x));
    if x != "rate" && independent && recs.iter().any(|r| r.kind == Kind::Point) && varies("rate") {
        by.push("rate".to_string());
    }
    by
}

/// What identifies a record's point besides its curve and seed: the routing and the rate
/// unless they are --by keys, and the grid values that are not.
fn rest(r: &Record, by: &[String]) -> Ident {
    let mut parts = vec![];
    if !by.iter().any(|b| b == "routing") {
        parts.push(("routing".to_string(), r.routing.clone()));
    }
    if !by.iter().any(|b| b == "rate") {
        parts.push((
            "rate".into(),
            r.rate.map_or("-".into(), |v| text(&v.into())),
        ));
    }
    for (k, v) in &r.grid {
        if !by.contains(k) {
            parts.push((k.clone(), text(v)));
        }
    }
    parts
}

/// The first key two identities differ in, with both values.
fn differing(a: &[(String, String)], b: &[(String, String)]) -> (String, String, String) {
    a.iter()
        .zip(b)
        .find(|(p, q)| p != q)
        .map_or(("seed".into(), "-".into(), "-".into()), |(p, q)| {
            (p.0.clone(), p.1.clone(), q.1.clone())
        })
}

/// Identities in order: numbers numerically, text as text.
fn cmp_rest(a: &[(String, String)], b: &[(String, String)]) -> std::cmp::Ordering {
    for (p, q) in a.iter().zip(b) {
        let o = match (p.1.parse::<f64>(), q.1.parse::<f64>()) {
            (Ok(x), Ok(y)) => x.total_cmp(&y),
            _ => p.1.cmp(&q.1),
        };
        if o.is_ne() {
            return o;
        }
    }
    std::cmp::Ordering::Equal
}

/// `key` is a measured figure (of the summary or a search), not a key the sweep set.
fn is_measured(r: &Record, key: &str) -> bool {
    !(FIELDS.contains(&key) || r.grid.contains_key(key) || key.starts_with("config."))
}

/// Log when every value is positive and they span a factor of 20 or more — judged on the
/// sustained points when there are any: saturated points far above them are clipped on a
/// linear axis ([`super::plot_axes::clip_level`]) rather than squeezing the curve into a decade.
fn auto_scale(curves: &[ErrCurve]) -> YScale {
    let sustained: Vec<ErrCurve> = curves
        .iter()
        .map(|c| ErrCurve {
            label: c.label.clone(),
            points: c.points.iter().filter(|p| !p.saturated).copied().collect(),
        })
        .collect();
    let judged = if sustained.iter().all(|c| c.points.is_empty()) {
        curves
    } else {
        &sustained
    };
    match extent(judged, |p| (p.lo, p.hi)) {
        Some((lo, hi)) if lo > 0.0 && hi / lo >= 20.0 => YScale::Log,
        _ => YScale::Linear,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(ys: &[(f64, f64)]) -> Vec<ErrCurve> {
        vec![ErrCurve {
            label: "c".into(),
            points: ys
                .iter()
                .map(|&(lo, hi)| ErrPoint {
                    x: 0.0,
                    y: (lo + hi) / 2.0,
                    lo,
                    hi,
                    n: 3,
                    saturated: false,
                })
                .collect(),
        }]
    }

    #[test]
    fn log_when_positive_values_span_a_factor_of_20() {
        assert_eq!(
            auto_scale(&curve(&[(40.0, 50.0), (900.0, 1000.0)])),
            YScale::Log
        );
        assert_eq!(
            auto_scale(&curve(&[(80.0, 90.0), (1000.0, 1100.0)])),
            YScale::Linear
        );
        assert_eq!(
            auto_scale(&curve(&[(0.0, 1.0), (900.0, 1000.0)])),
            YScale::Linear
        );
    }

    #[test]
    fn paths_reach_into_objects_and_arrays() {
        let v: Value = serde_json::json!({"a": {"b": [1, {"c": 2}]}});
        assert_eq!(path(&v, "a.b[0]"), Some(&Value::from(1)));
        assert_eq!(path(&v, "a.b[1].c"), Some(&Value::from(2)));
        assert_eq!(path(&v, "a.x"), None);
        assert_eq!(path(&v, "a.b[7]"), None);
    }
}
