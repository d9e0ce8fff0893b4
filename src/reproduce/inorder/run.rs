//! Running `reproduce inorder` (`reproduce::inorder`): every job in parallel, the synthetic curves'
//! offered loads placed by the routing's throughput bound (routing::bound) and their knees
//! bisected by the one saturation criterion (stats::saturation), the up*/down* roots of the
//! "roots" part, and seed 001's free-acknowledgement runs for the fat-tree comparison.

use crate::error::{Error, Result};
use crate::experiment::build::build;
use crate::fabric::registry::AnyNetwork;
use crate::reproduce::fattree;
use crate::reproduce::inorder::{
    det, job_config, jobs, Job, Net, Options, Point, Variant, Workload,
};
use crate::reproduce::jobs::Workers;
use crate::routing::updown::Root;
use crate::stats::number::decimal;
use crate::stats::saturation::{Load, Saturation};
use crate::traffic::trace::Packetize;

/// Offered loads of a synthetic curve (bytes/ns/switch = flits/cycle/host on the preset): up
/// to 1.3 times the bound of a route set, or 1.1 times what no minimal routing exceeds for
/// adaptive routing — a little beyond saturation, not far past it. With them, the bound and
/// limit (flits/cycle/host).
#[allow(clippy::type_complexity)]
pub fn rates(
    o: &Options,
    net: Net,
    v: &Variant,
    pattern: &'static str,
) -> Result<(Vec<f64>, Option<(f64, Option<f64>)>)> {
    let j = Job {
        seed: None,
        figure: String::new(),
        net,
        variant: v.clone(),
        workload: Workload::Synthetic { pattern, rate: 0.0 },
        x: 0.0,
        bound: None,
    };
    let cfg = job_config(o, &j)?;
    let topo = crate::experiment::build::topology(&cfg)?;
    let plan = crate::experiment::build::plan(&cfg, &topo)?;
    let b = crate::experiment::build::throughput_bounds(&cfg, &topo, &plan)?;
    let max = match &b {
        Some((_, Some(limit))) => 1.1 * limit.rate,
        Some((b, None)) => 1.3 * b.rate,
        None => 0.45,
    }
    .min(1.0);
    let rates = (1..=o.points)
        .map(|i| decimal(max * i as f64 / o.points as f64))
        .collect();
    Ok((rates, b.map(|(b, l)| (b.rate, l.map(|l| l.rate)))))
}

/// The up*/down* roots of the "roots" part on `net`: switch 0 (the default), the central
/// switch, and the roots whose forwarding tables have the highest and the lowest uniform bound.
pub fn roots(o: &Options, net: Net) -> Result<Vec<String>> {
    let j = Job {
        seed: None,
        figure: String::new(),
        net,
        variant: det(),
        workload: Workload::Synthetic {
            pattern: "uniform",
            rate: 0.0,
        },
        x: 0.0,
        bound: None,
    };
    let cfg = job_config(o, &j)?;
    let topo = crate::experiment::build::topology(&cfg)?;
    let mut by_bound = vec![];
    for r in 0..topo.switches {
        let mut c = cfg.clone();
        c.routing.root = Root::Switch(r);
        let plan = crate::experiment::build::plan(&c, &topo)?;
        if let Some((b, _)) = crate::experiment::build::throughput_bounds(&c, &topo, &plan)? {
            by_bound.push((b.rate, r));
        }
    }
    by_bound.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let central = Root::Rule("central".into()).resolve(&topo)?;
    let mut out: Vec<String> = vec!["0".into(), central.to_string()];
    for &(_, r) in [by_bound.last(), by_bound.first()].into_iter().flatten() {
        out.push(r.to_string());
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|r| seen.insert(r.clone()));
    Ok(out)
}

/// `v` with the up*/down* root `root`, its label naming it.
pub fn rooted(v: Variant, root: &str) -> Variant {
    let mut v = v;
    v.label = format!("{} root {root}", v.label);
    v.sets.push(format!("routing.root={root}"));
    v
}

/// A synthetic curve: figure, network, variant and pattern.
pub type CurveKey = (String, Net, String, String);

fn key_of(p: &Point) -> CurveKey {
    (
        p.figure.clone(),
        p.net,
        p.variant.clone(),
        p.pattern.clone(),
    )
}

/// The saturation of every synthetic curve of `points` (stats::saturation).
pub fn saturations(points: &[Point]) -> Vec<(CurveKey, Saturation)> {
    let mut keys: Vec<CurveKey> = points
        .iter()
        .filter(|p| !p.pattern.is_empty())
        .map(key_of)
        .collect();
    keys.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            let loads: Vec<Load> = points
                .iter()
                .filter(|p| key_of(p) == k)
                .map(|p| p.summary.load(p.x))
                .collect();
            (k, Saturation::of(&loads))
        })
        .collect()
}

/// One more job per synthetic curve whose knee lies between two loads more than 2 % apart: the
/// midpoint.
pub fn knee_jobs(jobs: &[Job], points: &[Point]) -> Vec<Job> {
    let mut out = vec![];
    for (k, s) in saturations(points) {
        let Some(r) = s.bisect(0.02) else { continue };
        let Some(j) = jobs.iter().find(|j| {
            j.figure == k.0
                && j.net == k.1
                && j.variant.label == k.2
                && matches!(&j.workload, Workload::Synthetic { pattern, .. } if *pattern == k.3)
        }) else {
            continue;
        };
        let Workload::Synthetic { pattern, .. } = j.workload else {
            continue;
        };
        out.push(Job {
            workload: Workload::Synthetic { pattern, rate: r },
            x: r,
            ..j.clone()
        });
    }
    out
}

/// Run one job.
pub fn run_job(o: &Options, j: &Job) -> Result<Point> {
    let cfg = job_config(o, j)?;
    let mut net = build(&cfg)?.network;
    let AnyNetwork::Vc(n) = &mut net else {
        return Err(Error::new(
            "the In-order delivery preset builds vc networks",
        ));
    };
    let exec = match &j.workload {
        Workload::Synthetic { .. } => {
            n.run(o.cycles);
            None
        }
        Workload::Trace {
            trace,
            compression,
            mtu,
        } => {
            let pk = Packetize {
                compression: *compression,
                clock_ns: cfg.link.clock_ns,
                max_payload: *mtu,
            };
            let inj: Vec<_> = trace
                .injections(&pk)?
                .iter()
                .map(|i| (i.cycle, i.src, i.dst, i.payload))
                .collect();
            let last = inj.last().map_or(0, |i| i.0);
            n.load_trace(&inj, *mtu)?;
            n.run_workload(last * 20 + 2_000_000)
        }
    };
    Ok(Point {
        figure: j.figure.clone(),
        net: j.net,
        variant: j.variant.label.clone(),
        pattern: match &j.workload {
            Workload::Synthetic { pattern, .. } => pattern.to_string(),
            Workload::Trace { .. } => String::new(),
        },
        x: j.x,
        summary: n.summary(),
        exec_cycles: exec,
        mms_per_nic: n
            .nics
            .iter()
            .map(|x| x.seq.as_ref().map_or(0, |s| s.rb.max_used))
            .collect(),
        bound: j.bound,
    })
}

/// Run every job (in parallel; the result does not depend on the thread count), then
/// `o.bisections` rounds that halve every synthetic curve's knee interval.
pub fn run(o: &Options) -> Result<Vec<Point>> {
    let jobs = jobs(o)?;
    let workers = Workers::new(o.threads, o.progress, jobs.len(), "points")?;
    let configs = |j: &Job| Ok(vec![job_config(o, j)?]);
    let mut points = workers.run(&jobs, configs, |j| run_job(o, j))?;
    for _ in 0..o.bisections {
        let more = knee_jobs(&jobs, &points);
        if more.is_empty() {
            break;
        }
        workers.more(more.len());
        points.extend(workers.run(&more, configs, |j| run_job(o, j))?);
    }
    Ok(points)
}

/// Seed 001's free-acknowledgement runs of its Figure 7(b) (the vct family, 8 MB reorder
/// buffers) on the same trace, for the fat-tree comparison.
pub fn fattree_free_acks(o: &Options) -> Result<Vec<fattree::Point>> {
    let p1 = fattree::Options {
        trace_us: o.fattree_trace_us,
        figures: vec!["fig7".into()],
        seed: o.seed,
        threads: o.threads,
        progress: false,
        ..fattree::Options::reduced()
    };
    let pts = fattree::run(&p1)?;
    Ok(pts
        .into_iter()
        .filter(|p| o.fattree_compressions.contains(&p.x))
        .collect())
}
