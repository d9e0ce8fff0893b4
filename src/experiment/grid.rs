//! Grids of configurations for `flitwave sweep --grid KEY=v1,v2,...`: any configuration key,
//! its values parsed exactly as `--set` parses a value ([`super::validate::parse_value`]); the
//! sweep runs the cartesian product of the axes (the first axis outermost).

use super::validate::parse_value;
use crate::error::{Error, Result};
use serde_json::{Map, Value};

/// One axis: a key and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub key: String,
    pub values: Vec<toml::Value>,
}

/// One point of a grid: a value for every axis, in axis order.
pub type GridPoint = Vec<(String, toml::Value)>;

/// Parse `KEY=v1,v2,...` (values do not contain commas).
pub fn parse_axis(s: &str) -> Result<Axis> {
    let bad = |why: &str| {
        Error::new(format!(
            "--grid {s:?}: {why}; expected KEY=v1,v2,..., e.g. switch.vcs=1,2 or traffic.pattern=uniform,transpose"
        ))
    };
    let (key, vals) = s.split_once('=').ok_or_else(|| bad("no '='"))?;
    let key = key.trim();
    if key.is_empty() || key.split('.').any(|p| p.trim().is_empty()) {
        return Err(bad("empty key component"));
    }
    let mut values: Vec<toml::Value> = vec![];
    for v in vals.split(',').map(str::trim) {
        if v.is_empty() {
            return Err(bad("empty value"));
        }
        let parsed = parse_value(v);
        if values.contains(&parsed) {
            return Err(bad(&format!("value {v} given twice")));
        }
        values.push(parsed);
    }
    Ok(Axis {
        key: key.to_string(),
        values,
    })
}

/// Parse every `--grid` option; a key may have one axis only.
pub fn parse_axes(specs: &[String]) -> Result<Vec<Axis>> {
    let axes = specs
        .iter()
        .map(|s| parse_axis(s))
        .collect::<Result<Vec<_>>>()?;
    for (i, a) in axes.iter().enumerate() {
        if axes[..i].iter().any(|b| b.key == a.key) {
            return Err(Error::field(
                "--grid",
                format!(
                    "{} has two axes; give its values once, KEY=v1,v2,...",
                    a.key
                ),
            ));
        }
    }
    Ok(axes)
}

/// The cartesian product of `axes`, first axis outermost (one empty point without axes).
pub fn points(axes: &[Axis]) -> Vec<GridPoint> {
    let mut out: Vec<GridPoint> = vec![vec![]];
    for a in axes {
        out = out
            .into_iter()
            .flat_map(|p| {
                a.values.iter().map(move |v| {
                    let mut q = p.clone();
                    q.push((a.key.clone(), v.clone()));
                    q
                })
            })
            .collect();
    }
    out
}

/// The point as `--set` overrides.
pub fn overrides(p: &GridPoint) -> Vec<String> {
    p.iter().map(|(k, v)| format!("{k}={v}")).collect()
}

/// A value as text (strings without quotes).
pub fn show(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

/// `switch.vcs=1 switch.vc_buffer_flits=4`.
pub fn label(p: &GridPoint) -> String {
    p.iter()
        .map(|(k, v)| format!("{k}={}", show(v)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The point as a JSON object (the `grid` of a store record).
pub fn to_json(p: &GridPoint) -> Map<String, Value> {
    p.iter()
        .map(|(k, v)| (k.clone(), serde_json::to_value(v).unwrap_or(Value::Null)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_parse_like_set_and_multiply() {
        let a = parse_axes(&[
            "switch.vcs=1,2".into(),
            "traffic.pattern=uniform, transpose".into(),
        ])
        .unwrap();
        assert_eq!(
            a[0].values,
            vec![toml::Value::Integer(1), toml::Value::Integer(2)]
        );
        assert_eq!(a[1].values[1], toml::Value::String("transpose".into()));
        let p = points(&a);
        assert_eq!(p.len(), 4);
        assert_eq!(label(&p[1]), "switch.vcs=1 traffic.pattern=transpose");
        assert_eq!(overrides(&p[1])[1], "traffic.pattern=\"transpose\"");
        assert_eq!(points(&[]), vec![vec![]]);
        for bad in [
            "switch.vcs",
            "=1,2",
            "switch..vcs=1",
            "switch.vcs=1,,2",
            "switch.vcs=1,1",
        ] {
            let e = parse_axes(&[bad.into()]).unwrap_err().to_string();
            assert!(e.contains("--grid") && e.contains("KEY=v1,v2"), "{e}");
        }
        let e = parse_axes(&["a.b=1".into(), "a.b=2".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("two axes"), "{e}");
    }
}
