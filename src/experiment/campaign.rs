//! Sweeps that scale out (docs/sweeps.md): curves (a routing and a `--grid` point) x seeds x
//! rates, or a saturation search per curve and seed, with `--refine` points at each curve's
//! knee, one deterministic shard of them (`--shard i/n`), skipping points a store already holds
//! (`--resume`) and handing every finished point to a sink (the store's appender) at once.

use super::config::Config;
use super::grid::{self, GridPoint};
use super::provenance::provenance;
use super::store::{hash_of, Key, Kind, Record, SearchOutcome};
use super::sweep::{progress_bar, search_rates, worker_pool, Runner};
use crate::error::{Error, Result};
use crate::stats::number::decimal;
use crate::stats::saturation::Load;
use rayon::prelude::*;
use std::collections::HashMap;

/// One curve: a routing and a grid point, and the configuration they give.
#[derive(Debug, Clone)]
pub struct Curve {
    /// The `--routings` item, or the configuration's routing.
    pub routing: String,
    pub grid: GridPoint,
    pub config: Config,
}

/// What is run per curve and seed.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// These rates, then `refine` more between the last unsaturated and the first saturated
    /// rate of every curve.
    Rates { rates: Vec<f64>, refine: usize },
    /// The saturation search ([`search_rates`]) from this rate.
    Search { start: f64 },
}

/// Shard `index` of `count`, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// Most seeds of one `--seeds`.
pub const MAX_SEEDS: u64 = 10_000;

/// The seeds of `--seeds n` from `first`: first, first+1, ..., first+n-1.
pub fn seed_list(first: u64, n: u64) -> Result<Vec<u64>> {
    if !(1..=MAX_SEEDS).contains(&n) {
        return Err(Error::field(
            "--seeds",
            format!("{n} is out of range, allowed 1..={MAX_SEEDS}"),
        ));
    }
    if first.checked_add(n - 1).is_none() {
        return Err(Error::field(
            "--seeds",
            format!(
                "{n} seeds from seed {first} pass 18446744073709551615; choose a smaller --seed"
            ),
        ));
    }
    Ok((0..n).map(|i| first + i).collect())
}

/// Most shards.
pub const MAX_SHARDS: usize = 100_000;

/// Parse `--shard i/n` (1 <= i <= n).
pub fn parse_shard(s: &str) -> Result<Shard> {
    let bad = |why: String| {
        Error::field(
            "--shard",
            format!("{s:?}: {why}; expected i/n with 1 <= i <= n <= {MAX_SHARDS}, e.g. 1/4 (shards are numbered from 1)"),
        )
    };
    let (i, n) = s.split_once('/').ok_or_else(|| bad("no '/'".into()))?;
    let i: usize = i
        .trim()
        .parse()
        .map_err(|_| bad(format!("{i:?} is not a number")))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| bad(format!("{n:?} is not a number")))?;
    if n == 0 || n > MAX_SHARDS || i == 0 || i > n {
        return Err(bad("out of range".into()));
    }
    Ok(Shard { index: i, count: n })
}

impl Shard {
    /// Whether unit `u` (numbered from 0 in plan order) belongs to this shard.
    fn has(&self, u: usize) -> bool {
        u % self.count == self.index - 1
    }
}

/// A whole sweep campaign.
pub struct Campaign {
    pub curves: Vec<Curve>,
    pub seeds: Vec<u64>,
    pub mode: Mode,
    pub shard: Option<Shard>,
    /// Hash of the base configuration ([`base_hash`]).
    pub base_hash: String,
}

/// The hash identifying a sweep's base configuration: its JSON with `seed` and `traffic.rate`
/// set to 0 (the sweep sets them per point).
pub fn base_hash(base: &Config) -> Result<String> {
    let mut c = base.clone();
    c.seed = 0;
    c.traffic.rate = 0.0;
    hash_of(&c)
}

/// The results of one curve and seed in this shard.
#[derive(Debug, Clone)]
pub struct Line {
    pub curve: usize,
    pub seed: u64,
    /// Point records in rate order.
    pub points: Vec<Record>,
    /// The search record (search mode).
    pub search: Option<Record>,
}

/// What a campaign did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The lines of this shard in plan order (curves, then seeds), every point whether run
    /// now or found in the store.
    pub lines: Vec<Line>,
    /// Points simulated now.
    pub ran: usize,
    /// Points found in the store.
    pub reused: usize,
    /// Curves of a `--refine` sweep without a knee among their rates.
    pub no_knee: usize,
}

/// Where finished records go (the store's appender); called from worker threads.
pub type Sink<'a> = &'a (dyn Fn(&Record) -> Result<()> + Sync);

impl Campaign {
    fn config(&self, curve: usize, seed: u64, rate: f64) -> Config {
        let mut c = self.curves[curve].config.clone();
        c.seed = seed;
        c.traffic.rate = rate;
        c
    }

    /// The record of a point or search with these results (everything but the results).
    fn record(&self, curve: usize, seed: u64, rate: Option<f64>) -> Result<Record> {
        let c = self.config(curve, seed, rate.unwrap_or(0.0));
        let cv = &self.curves[curve];
        Ok(Record {
            kind: if rate.is_some() {
                Kind::Point
            } else {
                Kind::Search
            },
            routing: cv.routing.clone(),
            grid: grid::to_json(&cv.grid),
            seed,
            rate,
            saturated: None,
            search: None,
            summary: None,
            base_hash: self.base_hash.clone(),
            config_hash: hash_of(&c)?,
            config: serde_json::to_value(&c).map_err(|e| Error::new(e.to_string()))?,
            flitwave: provenance(),
        })
    }

    /// Run one point now.
    fn run_point(&self, runner: &Runner, curve: usize, seed: u64, rate: f64) -> Result<Record> {
        let p = runner.point(rate)?;
        let mut r = self.record(curve, seed, Some(rate))?;
        r.saturated = Some(p.saturated);
        r.summary = Some(serde_json::to_value(&p.summary).map_err(|e| Error::new(e.to_string()))?);
        Ok(r)
    }

    fn runner(&self, curve: usize, seed: u64) -> Result<Runner> {
        Runner::new(self.config(curve, seed, self.curves[curve].config.traffic.rate))
    }

    /// Run the campaign on `threads` workers: the points of this shard that `known` does not
    /// hold, each handed to `sink` as it finishes.
    pub fn run(
        &self,
        known: &HashMap<Key, Record>,
        sink: Sink,
        threads: Option<usize>,
        progress: bool,
    ) -> Result<Outcome> {
        let pool = worker_pool(threads)?;
        pool.install(|| match &self.mode {
            Mode::Rates { rates, refine } => self.run_rates(rates, *refine, known, sink, progress),
            Mode::Search { start } => self.run_search(*start, known, sink, progress),
        })
    }

    /// Every line of the campaign (curve and seed, in every shard) built as its points will
    /// be — topology, routing plan, network and workload — before any point runs, so that a
    /// configuration its routing or family refuses (too few VCs for a routing, a topology a
    /// routing cannot route) stops the campaign at once, naming its curve and seed, instead
    /// of after the points before it have run. The first refusal in plan order is reported.
    /// Call it before [`Campaign::run`] and before anything is written.
    pub fn check(&self, threads: Option<usize>) -> Result<()> {
        worker_pool(threads)?.install(|| self.check_lines())
    }

    fn check_lines(&self) -> Result<()> {
        let first_rate = match &self.mode {
            Mode::Rates { rates, .. } => rates.first().copied().unwrap_or(0.0),
            Mode::Search { start } => *start,
        };
        let lines = self.lines();
        let built: Vec<Result<()>> = lines
            .par_iter()
            .map(|&(c, s)| {
                let runner = self.runner(c, s)?;
                let cfg = self.config(c, s, first_rate);
                crate::experiment::build::network_with(&cfg, &runner.topo, &runner.plan).map(drop)
            })
            .collect();
        for ((c, s), r) in lines.iter().zip(built) {
            r.map_err(|e| {
                let cv = &self.curves[*c];
                let grid = if cv.grid.is_empty() {
                    String::new()
                } else {
                    format!(", grid {}", grid::label(&cv.grid))
                };
                e.context(format!(
                    "curve {} (routing {}{grid}), seed {s}, checked before any point ran",
                    c + 1,
                    cv.routing
                ))
            })?;
        }
        Ok(())
    }

    /// The (curve, seed) lines in plan order.
    fn lines(&self) -> Vec<(usize, u64)> {
        (0..self.curves.len())
            .flat_map(|c| self.seeds.iter().map(move |&s| (c, s)))
            .collect()
    }

    /// Run the `todo` points (curve, seed, rate), those not in `known`, line by line in
    /// parallel; returns every record of `todo`, and how many ran.
    fn points(
        &self,
        todo: &[(usize, u64, f64)],
        known: &HashMap<Key, Record>,
        sink: Sink,
        progress: bool,
    ) -> Result<(Vec<Record>, usize)> {
        let mut found = vec![];
        let mut missing: Vec<(usize, u64, Vec<f64>)> = vec![];
        for &(c, s, r) in todo {
            match known.get(&self.record(c, s, Some(r))?.key()) {
                Some(rec) => found.push(rec.clone()),
                None => match missing.last_mut().filter(|m| m.0 == c && m.1 == s) {
                    Some(m) => m.2.push(r),
                    None => missing.push((c, s, vec![r])),
                },
            }
        }
        let n: usize = missing.iter().map(|m| m.2.len()).sum();
        let pb = progress_bar(n, "points", progress);
        let new: Vec<Vec<Record>> = missing
            .par_iter()
            .map(|(c, s, rates)| {
                let runner = self.runner(*c, *s)?;
                rates
                    .par_iter()
                    .map(|&r| {
                        let rec = self.run_point(&runner, *c, *s, r)?;
                        sink(&rec)?;
                        pb.inc(1);
                        Ok(rec)
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .collect::<Result<Vec<_>>>()?;
        pb.finish_and_clear();
        found.extend(new.into_iter().flatten());
        Ok((found, n))
    }

    fn run_rates(
        &self,
        rates: &[f64],
        refine: usize,
        known: &HashMap<Key, Record>,
        sink: Sink,
        progress: bool,
    ) -> Result<Outcome> {
        // units: points, or whole curves when --refine needs a curve's points together
        let mut todo = vec![];
        let mut unit = 0;
        for (ci, _) in self.curves.iter().enumerate() {
            for &s in &self.seeds {
                for &r in rates {
                    let u = if refine > 0 { ci } else { unit };
                    unit += 1;
                    if self.shard.is_none_or(|sh| sh.has(u)) {
                        todo.push((ci, s, r));
                    }
                }
            }
        }
        let (mut recs, mut ran) = self.points(&todo, known, sink, progress)?;
        let mut out = Outcome::default();
        if refine > 0 {
            let mut more = vec![];
            for ci in 0..self.curves.len() {
                if !self.shard.is_none_or(|sh| sh.has(ci)) {
                    continue;
                }
                let extra = knee_rates(&recs, &self.curves[ci], rates, refine);
                if extra.is_empty() {
                    out.no_knee += 1;
                }
                for &s in &self.seeds {
                    more.extend(extra.iter().map(|&r| (ci, s, r)));
                }
            }
            let (r2, n2) = self.points(&more, known, sink, progress)?;
            recs.extend(r2);
            ran += n2;
        }
        out.ran = ran;
        out.reused = recs.len() - ran;
        out.lines = self.group(recs, vec![]);
        Ok(out)
    }

    fn run_search(
        &self,
        start: f64,
        known: &HashMap<Key, Record>,
        sink: Sink,
        progress: bool,
    ) -> Result<Outcome> {
        let lines: Vec<(usize, u64)> = self
            .lines()
            .into_iter()
            .enumerate()
            .filter(|(u, _)| self.shard.is_none_or(|sh| sh.has(*u)))
            .map(|x| x.1)
            .collect();
        let pb = progress_bar(lines.len(), "searches", progress);
        let done: Vec<(Vec<Record>, Record, usize)> = lines
            .par_iter()
            .map(|&(c, s)| {
                let r = self.search_line(c, s, start, known, sink);
                pb.inc(1);
                r
            })
            .collect::<Result<Vec<_>>>()?;
        pb.finish_and_clear();
        let mut out = Outcome::default();
        let (mut pts, mut searches) = (vec![], vec![]);
        for (p, s, ran) in done {
            out.ran += ran;
            out.reused += p.len() - ran;
            pts.extend(p);
            searches.push(s);
        }
        out.lines = self.group(pts, searches);
        Ok(out)
    }

    /// One curve and seed's search: its points (from `known` or run now) and its record.
    fn search_line(
        &self,
        c: usize,
        s: u64,
        start: f64,
        known: &HashMap<Key, Record>,
        sink: Sink,
    ) -> Result<(Vec<Record>, Record, usize)> {
        let mut runner = None;
        let mut pts: Vec<Record> = vec![];
        let mut ran = 0;
        // the one criterion (stats::saturation): held to the first point's latency
        let mut zero = None;
        let (rates, lo, hi) = search_rates(start, |r| {
            let rec = match known.get(&self.record(c, s, Some(r))?.key()) {
                Some(k) => k.clone(),
                None => {
                    if runner.is_none() {
                        runner = Some(self.runner(c, s)?);
                    }
                    let rec = self.run_point(runner.as_ref().expect("set above"), c, s, r)?;
                    sink(&rec)?;
                    ran += 1;
                    rec
                }
            };
            let load = rec.summary.as_ref().and_then(|s| Load::of_json(r, s));
            let sat = match load {
                Some(l) => l.saturated(*zero.get_or_insert(l.latency.unwrap_or(f64::INFINITY))),
                None => rec.saturated.unwrap_or(false),
            };
            pts.push(rec);
            Ok(sat)
        })?;
        let best = pts
            .iter()
            .map(|p| (accepted(p), p.rate.unwrap_or(0.0)))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap_or((0.0, 0.0));
        let mut rec = self.record(c, s, None)?;
        rec.search = Some(SearchOutcome {
            max_unsaturated_rate: lo,
            first_saturated_rate: hi,
            throughput_flits_per_ns_per_switch: best.0,
            throughput_at_rate: best.1,
            rates,
            saturation_throughput_flits_per_cycle_per_host: pts
                .iter()
                .find(|p| p.rate == Some(lo))
                .and_then(|p| p.summary.as_ref())
                .and_then(|s| s["accepted_flits_per_cycle_per_host"].as_f64())
                .unwrap_or(0.0),
        });
        match known.get(&rec.key()) {
            Some(k) => rec = k.clone(),
            None => sink(&rec)?,
        }
        pts.sort_by(|a, b| a.rate.unwrap_or(0.0).total_cmp(&b.rate.unwrap_or(0.0)));
        Ok((pts, rec, ran))
    }

    /// Records grouped into lines in plan order, points in rate order.
    fn group(&self, points: Vec<Record>, searches: Vec<Record>) -> Vec<Line> {
        let mut idx: HashMap<(usize, u64), usize> = HashMap::new();
        let mut lines: Vec<Line> = vec![];
        let curve_of = |r: &Record| {
            self.curves
                .iter()
                .position(|c| c.routing == r.routing && grid::to_json(&c.grid) == r.grid)
        };
        for (c, s) in self.lines() {
            idx.insert((c, s), lines.len());
            lines.push(Line {
                curve: c,
                seed: s,
                points: vec![],
                search: None,
            });
        }
        for r in points.into_iter().chain(searches) {
            if let Some(&i) = curve_of(&r).and_then(|c| idx.get(&(c, r.seed))) {
                match r.kind {
                    Kind::Point => lines[i].points.push(r),
                    Kind::Search => lines[i].search = Some(r),
                }
            }
        }
        for l in &mut lines {
            l.points
                .sort_by(|a, b| a.rate.unwrap_or(0.0).total_cmp(&b.rate.unwrap_or(0.0)));
            l.points.dedup_by(|a, b| a.rate == b.rate);
        }
        lines.retain(|l| !l.points.is_empty() || l.search.is_some());
        lines
    }
}

/// A point record's accepted traffic, flits/ns/switch.
fn accepted(r: &Record) -> f64 {
    r.summary
        .as_ref()
        .and_then(|s| s["accepted_flits_per_ns_per_switch"].as_f64())
        .unwrap_or(0.0)
}

/// `--refine k` rates of curve `ci`: `k` evenly spaced rates strictly between the highest rate
/// at which no seed saturated and the lowest rate at which one did (above it), saturated by the
/// one criterion (stats::saturation, each seed held to its lowest rate's latency); none when
/// every rate saturated or none did.
fn knee_rates(recs: &[Record], curve: &Curve, rates: &[f64], k: usize) -> Vec<f64> {
    let mut sorted = rates.to_vec();
    sorted.sort_by(f64::total_cmp);
    let ours: Vec<&Record> = recs
        .iter()
        .filter(|x| x.routing == curve.routing && x.grid == grid::to_json(&curve.grid))
        .collect();
    // zero-load latency per seed: its lowest rate's
    let zero = |seed: u64| {
        ours.iter()
            .filter(|x| x.seed == seed && x.rate.is_some())
            .min_by(|a, b| a.rate.unwrap_or(0.0).total_cmp(&b.rate.unwrap_or(0.0)))
            .and_then(|x| x.summary.as_ref())
            .and_then(|s| s["latency"]["cycles"].as_f64())
            .unwrap_or(f64::INFINITY)
    };
    let sat = |r: f64| {
        ours.iter().any(|x| {
            x.rate == Some(r)
                && match x.summary.as_ref().and_then(|s| Load::of_json(r, s)) {
                    Some(l) => l.saturated(zero(x.seed)),
                    None => x.saturated == Some(true),
                }
        })
    };
    let Some(hi_i) = sorted.iter().position(|&r| sat(r)) else {
        return vec![];
    };
    if hi_i == 0 {
        return vec![];
    }
    let (lo, hi) = (sorted[hi_i - 1], sorted[hi_i]);
    (1..=k)
        .map(|j| decimal(lo + (hi - lo) * j as f64 / (k + 1) as f64))
        .filter(|r| *r > lo && *r < hi)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_one_based_and_checked() {
        assert_eq!(parse_shard("2/4").unwrap(), Shard { index: 2, count: 4 });
        for bad in ["0/4", "5/4", "1/0", "a/2", "3", "1/200000"] {
            let e = parse_shard(bad).unwrap_err().to_string();
            assert!(e.contains("--shard") && e.contains("1 <= i <= n"), "{e}");
        }
        let s = Shard { index: 2, count: 3 };
        assert_eq!((0..7).filter(|&u| s.has(u)).collect::<Vec<_>>(), vec![1, 4]);
    }
}
