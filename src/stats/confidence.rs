//! Runs of several seeds: the mean and the 95 % confidence interval of every numeric figure of
//! a summary (Student's t with n - 1 degrees of freedom), computed over the summaries' JSON so
//! that any figure a summary gains is covered without naming it here.
//!
//! [`aggregate`] walks the summaries together: a number becomes `{"mean", "ci95", "n"}`
//! (`ci95` is the half-width, null with one sample; `n` counts the seeds that have the figure,
//! a figure that is null in a seed — no latency without deliveries — is left out for that
//! seed); objects and equal-length arrays are walked element by element (a seed where one is
//! null is left out of it); any other value is
//! kept when every seed agrees and becomes `{"per_seed": [...]}` when they differ.

use serde::Serialize;
use serde_json::{json, Map, Value};

/// Mean and 95 % confidence half-width of a sample.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MeanCi {
    /// Sample mean (NaN for an empty sample).
    pub mean: f64,
    /// Half-width of the 95 % interval, `t(0.975, n-1) * s / sqrt(n)`; None when n < 2.
    pub half_width: Option<f64>,
    /// Sample size.
    pub n: usize,
}

/// Student's t quantile 0.975 for 1..=30 degrees of freedom.
const T975: [f64; 30] = [
    12.706204736,
    4.302652730,
    3.182446305,
    2.776445105,
    2.570581836,
    2.446911851,
    2.364624252,
    2.306004135,
    2.262157163,
    2.228138852,
    2.200985160,
    2.178812830,
    2.160368656,
    2.144786688,
    2.131449546,
    2.119905299,
    2.109815578,
    2.100922040,
    2.093024054,
    2.085963447,
    2.079613845,
    2.073873068,
    2.068657610,
    2.063898562,
    2.059538553,
    2.055529439,
    2.051830516,
    2.048407142,
    2.045229642,
    2.042272456,
];

/// Student's t quantile 0.975 with `df` >= 1 degrees of freedom: the table up to 30, beyond
/// it the Cornish-Fisher expansion around the normal quantile (error below 1e-6).
pub fn t975(df: usize) -> f64 {
    if df == 0 {
        return f64::NAN;
    }
    if df <= 30 {
        return T975[df - 1];
    }
    let z: f64 = 1.959963984540054;
    let v = df as f64;
    let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
    z + (z3 + z) / (4.0 * v)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v.powi(3))
        + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / (92160.0 * v.powi(4))
}

/// Mean and 95 % confidence half-width of `xs` (a sample of equal values has mean exactly that
/// value and half-width 0).
pub fn mean_ci95(xs: &[f64]) -> MeanCi {
    let n = xs.len();
    if n == 0 {
        return MeanCi {
            mean: f64::NAN,
            half_width: None,
            n,
        };
    }
    if xs.iter().all(|&x| x == xs[0]) {
        return MeanCi {
            mean: xs[0],
            half_width: (n > 1).then_some(0.0),
            n,
        };
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    let half_width = (n > 1).then(|| {
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        t975(n - 1) * var.sqrt() / (n as f64).sqrt()
    });
    MeanCi {
        mean,
        half_width,
        n,
    }
}

/// The aggregate of `summaries` (one per seed, any JSON objects): see the module's doc.
pub fn aggregate(summaries: &[Value]) -> Value {
    let refs: Vec<&Value> = summaries.iter().collect();
    walk(&refs)
}

fn walk(vals: &[&Value]) -> Value {
    let present: Vec<&Value> = vals.iter().copied().filter(|v| !v.is_null()).collect();
    if present.is_empty() {
        return Value::Null;
    }
    if present.iter().all(|v| v.is_number()) {
        let xs: Vec<f64> = present.iter().filter_map(|v| v.as_f64()).collect();
        let m = mean_ci95(&xs);
        return json!({"mean": m.mean, "ci95": m.half_width, "n": m.n});
    }
    if present.iter().all(|v| v.is_object()) {
        let mut keys: Vec<&String> = vec![];
        for v in vals {
            for k in v.as_object().into_iter().flat_map(|o| o.keys()) {
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
        let mut out = Map::new();
        for k in keys {
            let sub: Vec<&Value> = vals
                .iter()
                .map(|v| v.get(k).unwrap_or(&Value::Null))
                .collect();
            out.insert(k.clone(), walk(&sub));
        }
        return Value::Object(out);
    }
    let len = present[0].as_array().map(Vec::len);
    if len.is_some() && present.iter().all(|v| v.as_array().map(Vec::len) == len) {
        let out = (0..len.unwrap_or(0))
            .map(|i| walk(&vals.iter().map(|v| &v[i]).collect::<Vec<_>>()))
            .collect();
        return Value::Array(out);
    }
    if vals.iter().all(|v| *v == vals[0]) {
        return vals[0].clone();
    }
    json!({"per_seed": vals})
}

/// Every aggregated number of an [`aggregate`], by dotted path (`latency.ns`,
/// `links[3].utilisation`), in the aggregate's order; arrays longer than `max_array` are
/// left out (they are in the JSON).
pub fn numeric_leaves(agg: &Value, max_array: usize) -> Vec<(String, MeanCi)> {
    fn go(v: &Value, path: String, max: usize, out: &mut Vec<(String, MeanCi)>) {
        match v {
            Value::Object(o) if o.contains_key("mean") && o.contains_key("n") => out.push((
                path,
                MeanCi {
                    mean: o["mean"].as_f64().unwrap_or(f64::NAN),
                    half_width: o["ci95"].as_f64(),
                    n: o["n"].as_u64().unwrap_or(0) as usize,
                },
            )),
            Value::Object(o) => {
                for (k, x) in o {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    go(x, p, max, out);
                }
            }
            Value::Array(a) if a.len() <= max => {
                for (i, x) in a.iter().enumerate() {
                    go(x, format!("{path}[{i}]"), max, out);
                }
            }
            _ => {}
        }
    }
    let mut out = vec![];
    go(agg, String::new(), max_array, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_matches_student_t() {
        // 1, 2, 3: mean 2, s = 1, t(0.975, 2) = 4.3027 -> 4.3027 / sqrt(3)
        let m = mean_ci95(&[1.0, 2.0, 3.0]);
        assert_eq!(m.mean, 2.0);
        assert!((m.half_width.unwrap() - 2.484138).abs() < 1e-6, "{m:?}");
        assert_eq!(mean_ci95(&[5.0]).half_width, None);
        assert_eq!(mean_ci95(&[0.1, 0.1, 0.1]).mean, 0.1);
        assert!(mean_ci95(&[]).mean.is_nan());
        // the expansion continues the table smoothly
        assert!((t975(31) - 2.039513).abs() < 1e-5, "{}", t975(31));
        assert!((t975(120) - 1.979930).abs() < 1e-5);
        assert!(t975(30) > t975(31) && t975(10_000) > 1.95996);
    }

    #[test]
    fn aggregate_covers_every_number_generically() {
        let a = json!({"x": 1.0, "lat": {"ns": 10.0}, "fam": "vc", "ok": true,
                       "l": [1, 2], "d": null, "s": "a"});
        let b = json!({"x": 3.0, "lat": null, "fam": "vc", "ok": false,
                       "l": [3, 4], "d": null, "s": "a", "new": 7});
        let g = aggregate(&[a, b]);
        assert_eq!(g["x"]["mean"], 2.0);
        assert_eq!(g["x"]["n"], 2);
        assert!(g["x"]["ci95"].as_f64().unwrap() > 0.0);
        assert_eq!(g["lat"]["ns"]["n"], 1);
        assert!(g["lat"]["ns"]["ci95"].is_null());
        assert_eq!(g["fam"], "vc");
        assert_eq!(g["ok"]["per_seed"], json!([true, false]));
        assert_eq!(g["l"][1]["mean"], 3.0);
        assert!(g["d"].is_null());
        assert_eq!(g["new"]["n"], 1);
        let leaves = numeric_leaves(&g, 8);
        let names: Vec<&str> = leaves.iter().map(|l| l.0.as_str()).collect();
        assert!(names.contains(&"lat.ns") && names.contains(&"l[1]") && names.contains(&"x"));
        assert!(!numeric_leaves(&g, 1).iter().any(|l| l.0.starts_with("l[")));
    }
}
