//! What `flitwave sweep` reports: the text tables (one per curve and seed, or per curve with
//! mean ± 95 % half-width over the seeds), the JSON (every seed's sweep and the aggregates), the
//! CSV (through the `csv` crate) and the plot.

use super::args::SweepArgs;
use super::json::emit_json;
use flitwave::experiment::build;
use flitwave::experiment::campaign::{Campaign, Curve, Line, Outcome};
use flitwave::experiment::config::Config;
use flitwave::experiment::grid;
use flitwave::experiment::plot;
use flitwave::experiment::provenance::{csv_comment, provenance};
use flitwave::experiment::sweep::{self, SweepPoint, SweepResult};
use flitwave::fabric::Summary;
use flitwave::routing::bound::Bound;
use flitwave::stats::confidence::{aggregate, mean_ci95};
use flitwave::stats::number::{fmt_mean_ci, round_sig};
use flitwave::stats::saturation::SATURATION_THROUGHPUT;
use flitwave::{Error, Result};
use serde_json::{json, Value};

/// A line's sweep result.
fn line_result(c: &Curve, l: &Line) -> Result<SweepResult> {
    let points = l
        .points
        .iter()
        .map(|r| {
            let s: Summary = serde_json::from_value(r.summary.clone().unwrap_or(Value::Null))
                .map_err(|e| {
                    Error::new(format!(
                        "the stored point {} has a summary this flitwave cannot read ({e}); was it written by another version?",
                        r.describe()
                    ))
                })?;
            Ok(SweepPoint {
                rate: r.rate.unwrap_or(0.0),
                saturated: s.saturated,
                summary: s,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let switches = points.first().map_or(0, |p| p.summary.switches);
    let mut label = sweep::label(&c.config, switches);
    if !c.grid.is_empty() {
        label += &format!(" [{}]", grid::label(&c.grid));
    }
    SweepResult::new(label, points)
}

/// A curve's throughput bound, and what no minimal routing exceeds (`build::throughput_bounds`).
type Bounds = (Bound, Option<Bound>);

/// Text, JSON, CSV and plot of the sweep.
pub(crate) fn report(a: &SweepArgs, base: &Config, cp: &Campaign, out: &Outcome) -> Result<()> {
    let results: Vec<(&Line, SweepResult)> = out
        .lines
        .iter()
        .map(|l| Ok((l, line_result(&cp.curves[l.curve], l)?)))
        .collect::<Result<Vec<_>>>()?;
    let many = cp.seeds.len() > 1;
    // each curve's throughput bound, computed once (a dragonfly's walks every path)
    let mut bounds: Vec<Option<Option<Bounds>>> = vec![None; cp.curves.len()];
    let mut bound_of = |ci: usize| -> Result<Option<Bounds>> {
        if bounds[ci].is_none() {
            let c = &cp.curves[ci].config;
            let topo = build::topology(c)?;
            bounds[ci] = Some(build::throughput_bounds(c, &topo, &build::plan(c, &topo)?)?);
        }
        Ok(bounds[ci].clone().flatten())
    };
    let mut text = String::new();
    let mut aggregates = vec![];
    if many {
        for (ci, c) in cp.curves.iter().enumerate() {
            let mine: Vec<&(&Line, SweepResult)> =
                results.iter().filter(|(l, _)| l.curve == ci).collect();
            if mine.is_empty() {
                continue;
            }
            let (t, j) = curve_aggregate(c, &mine)?;
            text += &t;
            aggregates.push(j);
        }
    } else {
        for (l, r) in &results {
            text += &r.report();
            if let Some(b) = bound_of(l.curve)? {
                text += &build::bound_text(&b);
                text += "\n";
            }
            if let Some(s) = l.search.as_ref().and_then(|s| s.search.as_ref()) {
                text += &format!(
                    "saturation search: highest unsaturated rate {}\n",
                    round_sig(s.max_unsaturated_rate, 6)
                );
            }
        }
        if a.grid.is_empty() && results.len() > 1 {
            let base_r = &results[0];
            let base_th = base_r.1.throughput_flits_per_ns_per_switch;
            let base_sat = base_r.1.saturation.throughput;
            for (l, r) in &results[1..] {
                text += &format!(
                    "throughput factor {}/{}: {:.2} by saturation throughput, {:.2} by highest accepted\n",
                    cp.curves[l.curve].routing,
                    cp.curves[base_r.0.curve].routing,
                    r.saturation.throughput / base_sat.max(1e-12),
                    r.throughput_flits_per_ns_per_switch / base_th.max(1e-12)
                );
            }
        }
    }
    let name = |l: &Line| {
        let c = &cp.curves[l.curve];
        let mut n = c.routing.clone();
        if !c.grid.is_empty() {
            n += &format!(" {}", grid::label(&c.grid));
        }
        if many {
            n += &format!(" seed {}", l.seed);
        }
        n
    };
    if let Some(p) = &a.plot {
        let curves = results
            .iter()
            .map(|(l, r)| Ok((name(l), r, bound_of(l.curve)?.map(|b| b.0.rate))))
            .collect::<Result<Vec<_>>>()?;
        let title = format!(
            "{} switches, {} traffic, {} B messages",
            results[0].1.points[0].summary.switches,
            base.traffic.pattern,
            base.traffic.message_bytes
        );
        plot::sweep_chart(p, &title, &curves)?;
    }
    if let Some(p) = &a.csv {
        flitwave::output::write(p, csv(base, cp, &results)?)?;
    }
    let mut all = json!({
        "flitwave": provenance(),
        "seed": base.seed,
        "config": base,
        "sweeps": results
            .iter()
            .map(|(l, r)| {
                let c = &cp.curves[l.curve];
                let mut cfg = c.config.clone();
                cfg.seed = l.seed;
                let mut j = json!({"routing": c.routing, "config": cfg, "result": r});
                if !c.grid.is_empty() {
                    j["grid"] = Value::Object(grid::to_json(&c.grid));
                }
                if many {
                    j["seed"] = json!(l.seed);
                }
                if let Some(s) = l.search.as_ref().and_then(|s| s.search.as_ref()) {
                    j["search"] = json!(s);
                }
                j
            })
            .collect::<Vec<_>>(),
    });
    if many {
        all["seeds"] = json!(cp.seeds);
        all["aggregates"] = Value::Array(aggregates);
    }
    emit_json(a.json.as_deref(), &all, &text)?;
    let bad: usize = results
        .iter()
        .map(|(_, r)| r.points.iter().filter(|p| !p.summary.healthy()).count())
        .sum();
    if bad > 0 && !a.keep_going {
        return Err(Error::new(format!(
            "{bad} point(s) violated an invariant or deadlocked (see the report; each point's summary says which); --keep-going exits 0 anyway"
        )));
    }
    Ok(())
}

/// The text table and JSON aggregate of one curve over its seeds' lines.
fn curve_aggregate(c: &Curve, lines: &[&(&Line, SweepResult)]) -> Result<(String, Value)> {
    let seeds: Vec<u64> = lines.iter().map(|(l, _)| l.seed).collect();
    let mut rates: Vec<f64> = lines
        .iter()
        .flat_map(|(_, r)| r.points.iter().map(|p| p.rate))
        .collect();
    rates.sort_by(f64::total_cmp);
    rates.dedup();
    let mut t = format!(
        "sweep: {}, seeds {} (mean ± 95 % confidence half-width)\n",
        lines[0].1.label,
        seeds
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    t += "  offered     accepted            mean latency      mean net latency  accepted            mean latency      saturated\n";
    t += "  (flits/cycle/host)              (cycles)          (cycles)          (flits/ns/sw)       (ns)              seeds\n";
    let mut points = vec![];
    for &rate in &rates {
        let at: Vec<&SweepPoint> = lines
            .iter()
            .filter_map(|(_, r)| r.points.iter().find(|p| p.rate == rate))
            .collect();
        let values = at
            .iter()
            .map(|p| serde_json::to_value(&p.summary))
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(|e| Error::new(e.to_string()))?;
        let agg = aggregate(&values);
        let cell = |path: &[&str]| {
            let mut v = &agg;
            for k in path {
                v = &v[*k];
            }
            match v["mean"].as_f64() {
                Some(m) => fmt_mean_ci(m, v["ci95"].as_f64()),
                None => "-".into(),
            }
        };
        let sat = at.iter().filter(|p| p.saturated).count();
        t += &format!(
            "  {:<10}  {:<18}  {:<16}  {:<16}  {:<18}  {:<16}  {}/{}\n",
            round_sig(rate, 6),
            cell(&["accepted_flits_per_cycle_per_host"]),
            cell(&["latency", "cycles"]),
            cell(&["network_latency", "cycles"]),
            cell(&["accepted_flits_per_ns_per_switch"]),
            cell(&["latency", "ns"]),
            sat,
            at.len()
        );
        points.push(json!({"rate": rate, "n": at.len(), "saturated_seeds": sat, "summary": agg}));
    }
    let sat: Vec<f64> = lines.iter().map(|(_, r)| r.saturation.throughput).collect();
    let m = mean_ci95(&sat);
    t += &format!(
        "{SATURATION_THROUGHPUT}: {} flits/cycle/host (each seed's; docs/statistics.md)\n",
        fmt_mean_ci(m.mean, m.half_width)
    );
    let peak: Vec<f64> = lines
        .iter()
        .map(|(_, r)| r.saturation.highest_accepted)
        .collect();
    let th: Vec<f64> = lines
        .iter()
        .map(|(_, r)| r.throughput_flits_per_ns_per_switch)
        .collect();
    let (m, n) = (mean_ci95(&peak), mean_ci95(&th));
    t += &format!(
        "highest accepted: {} flits/cycle/host, {} flits/ns/switch (each seed's, at any load)\n",
        fmt_mean_ci(m.mean, m.half_width),
        fmt_mean_ci(n.mean, n.half_width)
    );
    let searches: Vec<Value> = lines
        .iter()
        .filter_map(|(l, _)| l.search.as_ref().and_then(|s| s.search.as_ref()))
        .map(|s| json!(s))
        .collect();
    let search_agg = (!searches.is_empty()).then(|| aggregate(&searches));
    if let Some(s) = &search_agg {
        let v = &s["max_unsaturated_rate"];
        t += &format!(
            "saturation search: highest unsaturated rate {}\n",
            fmt_mean_ci(v["mean"].as_f64().unwrap_or(f64::NAN), v["ci95"].as_f64())
        );
    }
    let results = lines
        .iter()
        .map(|(_, r)| {
            let mut v = serde_json::to_value(r).map_err(|e| Error::new(e.to_string()))?;
            if let Some(o) = v.as_object_mut() {
                o.remove("points");
                o.remove("label");
            }
            Ok(v)
        })
        .collect::<Result<Vec<_>>>()?;
    let mut j = json!({
        "routing": c.routing,
        "grid": grid::to_json(&c.grid),
        "seeds": seeds,
        "points": points,
        "result": aggregate(&results),
    });
    if let Some(s) = search_agg {
        j["search"] = s;
    }
    Ok((t, j))
}

/// One CSV row of a point (grid values and routing come first).
#[derive(serde::Serialize)]
struct Row {
    seed: u64,
    rate_flits_per_cycle_per_host: f64,
    offered_flits_per_ns_per_switch: f64,
    accepted_flits_per_ns_per_switch: f64,
    accepted_flits_per_cycle_per_switch: f64,
    latency_ns: Option<f64>,
    latency_cycles: Option<f64>,
    network_latency_ns: Option<f64>,
    measured_packets: u64,
    saturated: bool,
    healthy: bool,
}

/// The sweep as CSV: a provenance comment line, then a header and one row per point and seed;
/// columns routing, the grid keys, seed, then the figures (6 significant digits).
fn csv(base: &Config, cp: &Campaign, results: &[(&Line, SweepResult)]) -> Result<String> {
    let e = |e: csv::Error| Error::new(format!("CSV: {e}"));
    let cj = serde_json::to_string(base).map_err(|e| Error::new(e.to_string()))?;
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(vec![]);
    let keys: Vec<String> = cp
        .curves
        .first()
        .map(|c| c.grid.iter().map(|g| g.0.clone()).collect())
        .unwrap_or_default();
    let mut header = vec!["routing".to_string()];
    header.extend(keys.iter().cloned());
    header.extend(
        [
            "seed",
            "rate_flits_per_cycle_per_host",
            "offered_flits_per_ns_per_switch",
            "accepted_flits_per_ns_per_switch",
            "accepted_flits_per_cycle_per_switch",
            "latency_ns",
            "latency_cycles",
            "network_latency_ns",
            "measured_packets",
            "saturated",
            "healthy",
        ]
        .map(String::from),
    );
    w.write_record(&header).map_err(e)?;
    let r6 = |x: f64| round_sig(x, 6);
    for (l, r) in results {
        let c = &cp.curves[l.curve];
        let mut lead = vec![c.routing.clone()];
        lead.extend(c.grid.iter().map(|g| grid::show(&g.1)));
        for p in &r.points {
            let m = &p.summary;
            let row = Row {
                seed: l.seed,
                rate_flits_per_cycle_per_host: p.rate,
                offered_flits_per_ns_per_switch: r6(m.offered_flits_per_ns_per_switch),
                accepted_flits_per_ns_per_switch: r6(m.accepted_flits_per_ns_per_switch),
                accepted_flits_per_cycle_per_switch: r6(m.accepted_flits_per_cycle_per_switch),
                latency_ns: m.latency.map(|x| r6(x.ns)),
                latency_cycles: m.latency.map(|x| r6(x.cycles)),
                network_latency_ns: m.network_latency.map(|x| r6(x.ns)),
                measured_packets: m.measured_packets,
                saturated: p.saturated,
                healthy: m.healthy(),
            };
            w.serialize((&lead, row)).map_err(e)?;
        }
    }
    let body = w
        .into_inner()
        .map_err(|x| Error::new(format!("CSV: {}", x.error())))?;
    Ok(csv_comment(base.seed, &cj) + &String::from_utf8_lossy(&body))
}
