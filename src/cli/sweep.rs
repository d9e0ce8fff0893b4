//! `flitwave sweep` (rates x routings x `--grid` x `--seeds`, or a saturation search, with a
//! result store, shards and `--refine`) and `flitwave merge` (docs/sweeps.md).

use super::args::{MergeArgs, SweepArgs};
use super::run::{load_config, load_config_with, quote};
use flitwave::experiment::campaign::{base_hash, parse_shard, seed_list, Campaign, Curve, Mode};
use flitwave::experiment::config::Config;
use flitwave::experiment::grid::{self, Axis};
use flitwave::experiment::store::{self, Appender, Key, Record};
use flitwave::experiment::sweep;
use flitwave::{Error, Result};
use std::collections::HashMap;
use std::path::Path;

/// Most `--refine` rates per curve.
const MAX_REFINE: usize = 100;

pub(crate) fn cmd_sweep(a: SweepArgs) -> Result<()> {
    let base = load_config(&a.sim, &[])?;
    let mode = mode(&a)?;
    let seeds = seed_list(base.seed, a.par.seeds)?;
    let shard = a.shard.as_deref().map(parse_shard).transpose()?;
    if a.resume && a.store.is_none() {
        return Err(Error::new(
            "--resume continues a result store: give it with --store FILE",
        ));
    }
    let axes = grid::parse_axes(&a.grid)?;
    let campaign = Campaign {
        curves: curves(&a, &base, &axes)?,
        seeds,
        mode,
        shard,
        base_hash: base_hash(&base)?,
    };
    campaign.check(a.par.threads)?;
    let (mut known, appender) = match &a.store {
        Some(p) => open_store(p, a.resume, &campaign.base_hash)?,
        None => (HashMap::new(), None),
    };
    if !a.quiet {
        let what = match &campaign.mode {
            Mode::Rates { rates, refine } => format!(
                "{} rate(s){}",
                rates.len(),
                if *refine > 0 {
                    format!(" + {refine} in each knee")
                } else {
                    String::new()
                }
            ),
            Mode::Search { .. } => "a saturation search".to_string(),
        };
        super::progress::announce(&format!(
            "sweep: {} curve(s) x {} seed(s) x {what}, {} cycles per point{}{}",
            campaign.curves.len(),
            campaign.seeds.len(),
            base.cycles,
            campaign.shard.map_or(String::new(), |s| format!(
                ", shard {}/{}",
                s.index, s.count
            )),
            if known.is_empty() {
                String::new()
            } else {
                format!(", {} point(s) already in the store", known.len())
            }
        ));
    }
    let sink = |r: &Record| appender.as_ref().map_or(Ok(()), |ap| ap.append(r));
    let out = campaign.run(&known, &sink, a.par.threads, !a.quiet)?;
    if let Some(p) = &a.store {
        for l in &out.lines {
            for r in l.points.iter().chain(&l.search) {
                known.entry(r.key()).or_insert_with(|| r.clone());
            }
        }
        let all: Vec<Record> = known.into_values().collect();
        flitwave::output::write(p, store::canonical_text(&all)?)?;
        errln!(
            "store {}: {} point(s) run now, {} found in the store, {} record(s) in all",
            p.display(),
            out.ran,
            out.reused,
            all.len()
        );
    }
    if out.no_knee > 0 {
        errln!(
            "--refine: {} curve(s) have no knee among the rates (no rate saturated, or the first did); nothing refined there",
            out.no_knee
        );
    }
    if out.lines.is_empty() {
        errln!("this shard holds no point of the sweep");
        return Ok(());
    }
    super::sweep_report::report(&a, &base, &campaign, &out)
}

/// Rates or search, from the options.
fn mode(a: &SweepArgs) -> Result<Mode> {
    if a.refine > MAX_REFINE {
        return Err(Error::field(
            "--refine",
            format!("{} is out of range, allowed 0..={MAX_REFINE}", a.refine),
        ));
    }
    if a.search {
        if a.rates.is_some() {
            return Err(Error::new(
                "--search finds its own rates; give --rates or --search, not both",
            ));
        }
        if a.refine > 0 {
            return Err(Error::new(
                "--search refines its knee by bisection; --refine adds rates to a --rates or --max-rate sweep",
            ));
        }
        return Ok(Mode::Search { start: 0.01 });
    }
    let mut rates = match &a.rates {
        Some(r) => sweep::parse_rates(r)?,
        None => {
            if !(a.max_rate > 0.0 && a.max_rate <= 1.0) {
                return Err(Error::field(
                    "--max-rate",
                    format!("{} is out of range, allowed (0, 1]", a.max_rate),
                ));
            }
            if a.points == 0 || a.points > 1000 {
                return Err(Error::field(
                    "--points",
                    format!("{} is out of range, allowed 1..=1000", a.points),
                ));
            }
            sweep::linear_rates(a.max_rate, a.points)
        }
    };
    // a rate given twice is one point
    let mut seen = vec![];
    rates.retain(|r| {
        let new = !seen.contains(r);
        seen.push(*r);
        new
    });
    Ok(Mode::Rates {
        rates,
        refine: a.refine,
    })
}

/// One curve per routing (the configuration's own when --routings is absent) and grid point,
/// every configuration built and validated before anything runs.
fn curves(a: &SweepArgs, base: &Config, axes: &[Axis]) -> Result<Vec<Curve>> {
    let specs: Vec<String> = if a.routings.is_empty() {
        vec![base.routing.algorithm.clone()]
    } else {
        a.routings.clone()
    };
    // each value on its own first, so that an error names the axis and the value
    for (ax, spec) in axes.iter().zip(&a.grid) {
        for v in &ax.values {
            let p = vec![(ax.key.clone(), v.clone())];
            load_config_with(&a.sim, &[], &grid::overrides(&p))
                .map_err(|e| Error::new(format!("--grid {spec}: value {}: {e}", grid::show(v))))?;
        }
    }
    let points = grid::points(axes);
    let mut out = vec![];
    for spec in &specs {
        for p in &points {
            let c = if p.is_empty() {
                base.clone()
            } else {
                load_config_with(&a.sim, &[], &grid::overrides(p))
                    .map_err(|e| Error::new(format!("--grid {}: {e}", grid::label(p))))?
            };
            let c = if a.routings.is_empty() {
                c
            } else {
                with_routing(&c, spec)?
            };
            out.push(Curve {
                routing: spec.clone(),
                grid: p.clone(),
                config: c,
            });
        }
    }
    Ok(out)
}

/// The records of the store `p` (when resuming) and its appender. A store that exists is
/// continued only with --resume; one of another base configuration is refused.
fn open_store(
    p: &Path,
    resume: bool,
    base: &str,
) -> Result<(HashMap<Key, Record>, Option<Appender>)> {
    let mut known = HashMap::new();
    if p.exists() {
        if !resume {
            return Err(Error::field(
                "--store",
                format!(
                    "{} exists; --resume continues it (runs only the points it does not hold), or remove it to start over",
                    p.display()
                ),
            ));
        }
        let l = store::read(p, true)?;
        if let Some(h) = l.base_hash.as_deref().filter(|h| *h != base) {
            return Err(Error::field(
                "--resume",
                format!(
                    "{} was written with another base configuration (base_hash {h}, this sweep's {base}); resume it with the options that wrote it, or use a new --store",
                    p.display()
                ),
            ));
        }
        if let Some(n) = l.dropped_tail {
            errln!(
                "store {}: dropped a truncated last line ({n} bytes, a killed run?); its point is run again",
                p.display()
            );
        }
        // the store as read, without a truncated tail, before anything is appended
        flitwave::output::write(p, store::canonical_text(&l.records)?)?;
        for r in l.records {
            known.insert(r.key(), r);
        }
    }
    Ok((known, Some(Appender::open(p)?)))
}

/// `cfg` with the routing of a `--routings` item: ROUTING[:PATHS][/SELECTION].
pub(crate) fn with_routing(cfg: &Config, spec: &str) -> Result<Config> {
    let (rest, sel) = match spec.split_once('/') {
        Some((x, y)) => (x, Some(y)),
        None => (spec, None),
    };
    let (alg, paths) = match rest.split_once(':') {
        Some((x, y)) => (x, Some(y)),
        None => (rest, None),
    };
    let mut base = toml::Table::try_from(cfg).map_err(|e| Error::new(e.to_string()))?;
    if let Some(toml::Value::Table(r)) = base.get_mut("routing") {
        r.remove("paths");
    }
    let mut over = vec![format!("routing.algorithm={}", quote(alg))];
    if let Some(p) = paths {
        over.push(format!("routing.paths={}", quote(p)));
    }
    if let Some(s) = sel {
        over.push(format!("routing.selection={}", quote(s)));
    }
    let text = toml::to_string(&base).map_err(|e| Error::new(e.to_string()))?;
    Config::from_toml(&text, &over).map_err(|e| e.context(format!("--routings {spec}")))
}

/// `flitwave merge A B ... -o OUT`: the shard stores joined in canonical order; OUT is written
/// only when every input is readable and consistent.
pub(crate) fn cmd_merge(a: MergeArgs) -> Result<()> {
    let records = store::merge(&a.inputs)?;
    flitwave::output::write(&a.output, store::canonical_text(&records)?)?;
    errln!(
        "merged {} record(s) from {} store(s) into {}",
        records.len(),
        a.inputs.len(),
        a.output.display()
    );
    Ok(())
}
