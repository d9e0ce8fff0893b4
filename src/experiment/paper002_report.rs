//! The report of `flitwave reproduce speculative` (`paper002`): the claims of seed 002 §5 beside
//! what flitwave measured, Figures 4 and 5 as tables and SVG plots, the exchange's own cost, the
//! dependence on the hot-spot share, and the other patterns.

use super::config::Config;
use super::paper002::{curve, curve_at, hot_spot, Options, Point, PRESET, SERIES};
use super::plot::{xy, Curve};
use crate::error::Result;
use std::fmt::Write as _;
use std::path::Path;

/// The comparison behind the paper's claim, for one pattern: (straight's knee load, mean
/// accepted beyond it for straight and SSR, latency at the knee for straight and SSR).
pub struct Claim {
    pub knee: Option<f64>,
    pub beyond: (f64, f64),
    pub at_knee: (Option<f64>, Option<f64>),
}

/// Straight selection's knee (its highest unsaturated load) and both selections beyond it.
pub fn claim(pts: &[Point], pattern: &str, ssr: &str) -> Claim {
    let st = curve(pts, "straight", pattern);
    let sp = curve(pts, ssr, pattern);
    let knee = st
        .iter()
        .filter(|p| !p.saturated)
        .map(|p| p.load)
        .reduce(f64::max);
    let mean = |c: &[&Point]| {
        let v: Vec<f64> = c
            .iter()
            .filter(|p| knee.is_none_or(|k| p.load > k))
            .map(|p| p.accepted)
            .collect();
        v.iter().sum::<f64>() / v.len().max(1) as f64
    };
    let lat =
        |c: &[&Point]| knee.and_then(|k| c.iter().find(|p| p.load == k).and_then(|p| p.latency));
    Claim {
        knee,
        beyond: (mean(&st), mean(&sp)),
        at_knee: (lat(&st), lat(&sp)),
    }
}

fn pct(a: f64, b: f64) -> String {
    format!("{:+.1} %", 100.0 * (b - a) / a.max(1e-12))
}

fn load(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.3}"))
}

fn opt(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.1}"))
}

/// The whole markdown report; the figures are written into `out`.
pub fn markdown(o: &Options, pts: &[Point], out: &Path) -> Result<String> {
    let base = Config::from_toml(PRESET, &[])?;
    let hs = hot_spot(&base, o.share);
    let mut md = String::new();
    let c = claim(pts, &hs, "SSR 2-hop");
    let c1 = claim(pts, &hs, "SSR 1-hop");
    md += "## The paper's claim next to flitwave's\n\n";
    md += "Seed 002 §5: \"the speculative selection routing (SSR) improves both the throughput and latency of the network compared with the oblivious straight selection function of Opt-y, especially in the saturation region\" (Figures 4–5, hot-spot traffic, 16×16 mesh). Straight selection's knee is its highest unsaturated load; \"beyond\" averages the accepted traffic of the loads above it.\n\n";
    md += "| comparison | straight | SSR 2-hop | SSR 1-hop | SSR 2-hop better? |\n|---|---|---|---|---|\n";
    let _ = writeln!(
        md,
        "| throughput beyond saturation (flits/cycle/host, loads > {}) | {:.4} | {:.4} ({}) | {:.4} ({}) | {} |",
        load(c.knee),
        c.beyond.0,
        c.beyond.1,
        pct(c.beyond.0, c.beyond.1),
        c1.beyond.1,
        pct(c1.beyond.0, c1.beyond.1),
        if c.beyond.1 > c.beyond.0 { "yes" } else { "no" }
    );
    let better = matches!(c.at_knee, (Some(a), Some(b)) if b < a);
    let _ = writeln!(
        md,
        "| latency near saturation (cycles, load {}) | {} | {} | {} | {} |\n",
        load(c.knee),
        opt(c.at_knee.0),
        opt(c.at_knee.1),
        opt(c1.at_knee.1),
        if better { "yes" } else { "no" }
    );
    // Figures 4 and 5
    let loads: Vec<f64> = curve(pts, "straight", &hs).iter().map(|p| p.load).collect();
    for (fig, what, unit) in [
        ("4", "Throughput", "accepted traffic, flits/cycle/host"),
        (
            "5",
            "Latency",
            "average message latency, cycles (saturated points marked *)",
        ),
    ] {
        let _ = write!(
            md,
            "## Figure {fig}: {what} vs load, hot-spot traffic ({hs})\n\n{unit}; load is the offered traffic in flits/cycle/host.\n\n| load |"
        );
        for s in SERIES {
            let _ = write!(md, " {} |", s.0);
        }
        md += "\n|---|";
        md += &"---|".repeat(SERIES.len());
        md += "\n";
        for &l in &loads {
            let _ = write!(md, "| {l:.3} |");
            for s in SERIES {
                let p = curve(pts, s.0, &hs).into_iter().find(|p| p.load == l);
                let cell = match (fig, p) {
                    (_, None) => "-".into(),
                    ("4", Some(p)) => format!("{:.4}", p.accepted),
                    (_, Some(p)) => {
                        format!("{}{}", opt(p.latency), if p.saturated { "*" } else { "" })
                    }
                };
                let _ = write!(md, " {cell} |");
            }
            md += "\n";
        }
        let curves: Vec<Curve> = SERIES
            .iter()
            .map(|s| Curve {
                label: s.0.into(),
                points: curve(pts, s.0, &hs)
                    .iter()
                    .filter_map(|p| {
                        Some((p.load, if fig == "4" { p.accepted } else { p.latency? }))
                    })
                    .collect(),
            })
            .collect();
        let file = format!("speculative_fig{fig}.svg");
        xy(
            &out.join(&file),
            &format!("Figure {fig}: {what} vs load, {hs}, 16x16 mesh, Opt-y"),
            "Offered load (flits/cycle/host)",
            if fig == "4" {
                "Accepted traffic (flits/cycle/host)"
            } else {
                "Average latency (cycles)"
            },
            &curves,
        )?;
        let _ = writeln!(md, "\n![{file}]({file})\n");
    }
    // the exchange's own cost
    md += "## What the exchange costs by itself\n\nStraight selection with the exchange running (its NCBs unread): the links are taken 10 cycles of every 100. Held: input-VC cycles held back because their flit would meet a slot, per simulated cycle and router.\n\n| load | accepted without / with | latency without / with (cycles) | held per cycle and router |\n|---|---|---|---|\n";
    let (off, on) = (
        curve(pts, "straight", &hs),
        curve(pts, "straight + exchange", &hs),
    );
    let switches =
        crate::topology::mesh::parse_dims(&base.topology.dims).map_or(256, |d| d[0] * d[1]);
    for (a, b) in off.iter().zip(&on) {
        let _ = writeln!(
            md,
            "| {:.3} | {:.4} / {:.4} | {} / {} | {:.3} |",
            a.load,
            a.accepted,
            b.accepted,
            opt(a.latency),
            opt(b.latency),
            b.halted as f64 / (o.cycles as f64 * switches as f64)
        );
    }
    // sensitivity to the share and other patterns
    let mut pats: Vec<String> = o.shares.iter().map(|&s| hot_spot(&base, s)).collect();
    pats.extend(o.patterns.iter().map(|p| p.to_string()));
    let mut seen = std::collections::HashSet::new();
    pats.retain(|p| seen.insert(p.clone()));
    md += "\n## How the result depends on the traffic\n\nThe paper does not give its hot-spot share; the figures use ";
    let _ = write!(
        md,
        "{} % of the messages to the centre node (`{hs}`). Accepted traffic (flits/cycle/host) at each load and, in brackets, SSR 2-hop against straight.\n\n| traffic | load | straight | straight + exchange | SSR 1-hop | SSR 2-hop |\n|---|---|---|---|---|---|\n",
        o.share
    );
    for pat in &pats {
        for &l in &o.pattern_loads {
            let at = |s: &str| curve(pts, s, pat).into_iter().find(|p| p.load == l);
            let (Some(st), Some(ss)) = (at("straight"), at("SSR 2-hop")) else {
                continue;
            };
            let cell = |s: &str| at(s).map_or("-".into(), |p| format!("{:.4}", p.accepted));
            let _ = writeln!(
                md,
                "| {pat} | {l:.2} | {} | {} | {} | {} ({}) |",
                cell("straight"),
                cell("straight + exchange"),
                cell("SSR 1-hop"),
                cell("SSR 2-hop"),
                pct(st.accepted, ss.accepted)
            );
        }
    }
    md += &depth_table(o, pts, &hs);
    Ok(md)
}

/// How the result depends on the VC buffer depth (the paper does not give it): accepted
/// traffic and latency of every series at the figures' share, the preset's depth and the others.
fn depth_table(o: &Options, pts: &[Point], hs: &str) -> String {
    let d0 = super::paper002::preset_depth();
    let mut depths = vec![d0];
    depths.extend(o.depths.iter().copied().filter(|&d| d != d0));
    let mut md = format!(
        "\n## How the result depends on the buffer depth\n\nThe paper does not give the depth of its VC buffers; the figures use {d0} flits per VC (a fifth of a message). Hot-spot traffic (`{hs}`); accepted traffic (flits/cycle/host) / average latency (cycles) and, in brackets, SSR 2-hop against straight.\n\n| VC buffer (flits) | load | straight | straight + exchange | SSR 1-hop | SSR 2-hop |\n|---|---|---|---|---|---|\n"
    );
    for &d in &depths {
        for &l in &o.depth_loads {
            let at = |s: &str| curve_at(pts, s, hs, d).into_iter().find(|p| p.load == l);
            let (Some(st), Some(ss)) = (at("straight"), at("SSR 2-hop")) else {
                continue;
            };
            let cell = |s: &str| {
                at(s).map_or("-".into(), |p| {
                    format!("{:.4} / {}", p.accepted, opt(p.latency))
                })
            };
            let lat = match (st.latency, ss.latency) {
                (Some(a), Some(b)) => format!(", latency {}", pct(a, b)),
                _ => String::new(),
            };
            let _ = writeln!(
                md,
                "| {d} | {l:.2} | {} | {} | {} | {} ({}{lat}) |",
                cell("straight"),
                cell("straight + exchange"),
                cell("SSR 1-hop"),
                cell("SSR 2-hop"),
                pct(st.accepted, ss.accepted)
            );
        }
    }
    md
}
