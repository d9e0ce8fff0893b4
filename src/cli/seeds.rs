//! `flitwave run --seeds N`: one configuration at N seeds in parallel, reported as the mean and
//! 95 % confidence interval of every figure of the summary (`stats::confidence`).

use super::args::RunOut;
use super::simulate::{headline, simulate};
use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::experiment::provenance::provenance;
use flitwave::experiment::sweep::worker_pool;
use flitwave::fabric::Summary;
use flitwave::sim::trace::TraceConfig;
use flitwave::stats::confidence::aggregate;
use flitwave::with_network;
use flitwave::{Error, Result};
use rayon::prelude::*;

/// One run of `cfg` without waveforms.
fn one(cfg: &Config) -> Result<Summary> {
    let mut net = build::build(cfg)?.network;
    let limit = build::run_limit(cfg, &net);
    let tc = TraceConfig {
        period_ps: 1,
        ..Default::default()
    };
    with_network!(&mut net, n => simulate(n, &RunOut::default(), tc, limit))
}

/// Run `cfg` at every seed of `seeds` on `threads` workers and report.
pub(crate) fn run_seeds(
    cfg: &Config,
    o: &RunOut,
    rtl_switch: Option<usize>,
    seeds: &[u64],
    threads: Option<usize>,
) -> Result<()> {
    let only_one = |what: &str| {
        Error::new(format!(
            "{what} traces one run; with --seeds {} give it to a run of one seed (--seed S)",
            seeds.len()
        ))
    };
    if o.vcd.is_some() || o.vcd_window.is_some() || o.wave_format.is_some() {
        return Err(only_one("--vcd"));
    }
    if o.vcd_on_deadlock.is_some() {
        return Err(only_one("--vcd-on-deadlock"));
    }
    if rtl_switch.is_some() {
        return Err(only_one("--rtl-switch"));
    }
    let shape = flitwave::topology::fattree::shape_name(&build::topology(cfg)?.shape);
    let t0 = std::time::Instant::now();
    let sums: Vec<Summary> = worker_pool(threads)?.install(|| {
        seeds
            .par_iter()
            .map(|&s| {
                let mut c = cfg.clone();
                c.seed = s;
                one(&c)
            })
            .collect::<Result<Vec<_>>>()
    })?;
    let secs = t0.elapsed().as_secs_f64();
    let values = sums
        .iter()
        .map(serde_json::to_value)
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| Error::new(e.to_string()))?;
    let mut agg = aggregate(&values);
    // the busiest links are other links in every seed: rank-by-rank means mean nothing
    if let Some(l) = agg.get_mut("links").and_then(|l| l.as_object_mut()) {
        l.remove("busiest");
    }
    if let Some(to) = &o.json {
        let v = serde_json::json!({
            "flitwave": provenance(),
            "seeds": seeds,
            "config": cfg,
            "runs": seeds.iter().zip(&values)
                .map(|(s, v)| serde_json::json!({"seed": s, "summary": v}))
                .collect::<Vec<_>>(),
            "aggregate": agg,
        });
        super::json::write_json(to, &v)?;
    }
    if !super::json::json_only(&o.json) {
        outln!(
            "{}, seeds {}..={} ({} runs; mean ± 95 % confidence half-width, Student t)",
            headline(cfg, &shape),
            seeds[0],
            seeds[seeds.len() - 1],
            seeds.len()
        );
        out!("{}", flitwave::fabric::summary::report_over(&sums));
        let switches = sums.first().map_or(0, |s| s.switches);
        let cycles: u64 = sums.iter().map(|s| s.cycles).sum();
        outln!("{}", flitwave::stats::speed_line(secs, switches, cycles));
    }
    let bad: Vec<String> = seeds
        .iter()
        .zip(&sums)
        .filter(|(_, s)| !s.healthy())
        .map(|(x, _)| x.to_string())
        .collect();
    if !bad.is_empty() {
        return Err(Error::new(format!(
            "the run of seed(s) {} violated an invariant or deadlocked (--json shows each seed's summary)",
            bad.join(", ")
        )));
    }
    Ok(())
}
