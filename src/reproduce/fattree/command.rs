//! `flitwave reproduce fattree`: seed 001's Figures 5-7 and the bit-reversal case, or the
//! report rendered again from the raw points of an earlier run (`--from-raw`).

use super::{report, run, Options, Point, Raw};
use crate::error::{Error, Result};
use crate::experiment::provenance::provenance;
use crate::reproduce::report::{made_with, pretty};
use crate::reproduce::{Flags, Report, Reproduction};

/// Seed 001's reproduction.
pub struct Fattree;

impl Reproduction for Fattree {
    fn reproduce(&self, f: &Flags, start: &dyn Fn(&str)) -> Result<Report> {
        let mut o = f.scale(Options::full, Options::reduced);
        if let Some(c) = f.cycles {
            if !(10_000..=100_000_000).contains(&c) {
                return Err(Error::field(
                    "--cycles",
                    format!("{c} is out of range, allowed 10000..=100000000"),
                ));
            }
            o.cycles = c;
            o.warmup = c / 4;
        }
        if !f.figures.is_empty() {
            o.figures = f.figures.clone();
        }
        if let Some(us) = f.trace_us()? {
            o.trace_us = us;
        }
        if let Some(n) = f.seeds()? {
            o.seeds = n;
        }
        o.threads = f.threads;
        o.progress = !f.quiet;
        if !f.from_raw {
            start(&format!(
                "reproduce fattree: figures {:?}, {} cycles per point, {} seed(s); {}",
                o.figures,
                o.cycles,
                o.seeds,
                if f.full {
                    "the paper's scale: about an hour on 2 cores"
                } else {
                    "reduced scale: about 3 minutes on 2 cores"
                }
            ));
        }
        let t0 = std::time::Instant::now();
        let mut made_by = Some(provenance());
        // re-rendered, the report quotes the command that simulated the points
        let mut cmd = f.command("fattree");
        let (points, secs) = if f.from_raw {
            let (r, secs) = from_raw(f, &o)?;
            if let Some(c) = &r.command {
                cmd = c.clone();
            }
            o = Options {
                threads: o.threads,
                progress: o.progress,
                ..r.options
            };
            made_by = r.flitwave;
            (r.points, secs)
        } else {
            let points = run(&o)?;
            (points, t0.elapsed().as_secs_f64())
        };
        // the report draws the first seed; the raw file keeps every replicate
        let first: Vec<Point> = points
            .iter()
            .filter(|p| p.seed == o.seed)
            .cloned()
            .collect();
        let mut md = report::markdown(&first, &o, &f.out, secs, &cmd)?;
        if o.seeds > 1 {
            md += &format!(
                "\nThe tables and plots show seed {}; fattree_raw.json holds every point of seeds {}..={} (the fidelity ledger reads them all).\n",
                o.seed,
                o.seed,
                o.seed + o.seeds as u64 - 1
            );
        }
        if let Some(p) = &made_by {
            md += &format!(
                "\n---\nSimulated with {}; every point's options and summary are in fattree_raw.json.\n",
                made_with(p)
            );
        }
        let sick = points.iter().any(|p| !p.summary.healthy());
        let raw = pretty(&Raw {
            flitwave: made_by,
            command: Some(cmd),
            options: o,
            points,
        })?;
        Ok(Report {
            md_file: "fattree.md",
            md,
            raw,
            sick: sick.then(|| "some simulation".into()),
        })
    }
}

/// The raw results of an earlier run in `--out`: the current form {options, points}, or a bare
/// list of points, which takes the options `o` of the flags; and the simulation time the
/// report was made with.
fn from_raw(f: &Flags, o: &Options) -> Result<(Raw, f64)> {
    let raw = f.out.join(crate::reproduce::papers::raw_file("fattree"));
    let text = std::fs::read_to_string(&raw)
        .map_err(|e| Error::new(format!("--from-raw: cannot read {}: {e}", raw.display())))?;
    let bad = |e: serde_json::Error| Error::new(format!("--from-raw: {}: {e}", raw.display()));
    let parsed = if text.trim_start().starts_with('[') {
        let points: Vec<Point> = serde_json::from_str(&text).map_err(bad)?;
        Raw {
            flitwave: Some(provenance()),
            command: None,
            options: o.clone(),
            points,
        }
    } else {
        serde_json::from_str::<Raw>(&text).map_err(bad)?
    };
    // keep the simulation time the report was made with
    let secs = std::fs::read_to_string(f.out.join("fattree.md"))
        .ok()
        .and_then(|t| {
            let i = t.find("` in ")? + 5;
            t[i..].split(" s:").next()?.parse::<f64>().ok()
        })
        .unwrap_or(0.0);
    Ok((parsed, secs))
}
