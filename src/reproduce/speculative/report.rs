//! The report of `flitwave reproduce speculative` (`reproduce::speculative`): the claims of seed 002 §5 beside
//! what flitwave measured, Figures 4 and 5 as tables and SVG plots, the exchange's own cost, the
//! dependence on the hot-spot share, and the other patterns.

use crate::error::Result;
use crate::experiment::config::Config;
use crate::experiment::plot::{xy, Curve};
use crate::reproduce::speculative::{
    curve, curve_at, curve_src, hot_spot, Options, Point, PRESET, SERIES, SOURCES,
};
use crate::stats::saturation::Saturation;
use std::fmt::Write as _;
use std::path::Path;

/// The comparison behind the paper's claim, for one pattern: (the baseline's knee load, mean
/// accepted beyond it for the baseline and SSR, latency at the knee for both), and the
/// saturation throughput of both by the one criterion.
pub struct Claim {
    pub knee: Option<f64>,
    pub beyond: (f64, f64),
    pub at_knee: (Option<f64>, Option<f64>),
    pub saturation: (f64, f64),
}

/// The primary baseline: straight selection paying the same exchange.
pub const BASELINE: &str = SERIES[0].0;

/// What seed 002 §5 shows of SSR against straight selection in each row of the claim table:
/// Figures 4 and 5 as curves, with no number in the text.
const PAPER: [&str; 3] = [
    "SSR higher (Fig. 4)",
    "SSR higher, \"especially in the saturation region\" (Fig. 4)",
    "SSR lower (Fig. 5)",
];

fn saturation(c: &[&Point]) -> Saturation {
    Saturation::of(&c.iter().map(|p| p.load()).collect::<Vec<_>>())
}

/// The baseline's knee (its highest sustained load, stats::saturation) and both selections
/// beyond it.
pub fn claim(pts: &[Point], pattern: &str, ssr: &str) -> Claim {
    let st = curve(pts, BASELINE, pattern);
    let sp = curve(pts, ssr, pattern);
    let knee = saturation(&st).knee_rate;
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
        saturation: (saturation(&st).throughput, saturation(&sp).throughput),
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
    md += "## The paper's claim next to flitwave's\n\n";
    md += "Speculative routing, §5: \"the speculative selection routing (SSR) improves both the throughput and latency of the network compared with the oblivious straight selection function of Opt-y, especially in the saturation region\" (Figures 4–5, hot-spot traffic, 16×16 mesh). The baseline is straight selection **with the exchange running** (it pays the same stolen link cycles; straight without it is in the figures). Sources keep a queue per destination. The baseline's knee is its highest load by the one saturation criterion (docs/statistics.md); \"beyond\" averages the accepted traffic of the loads above it. §4's D is read both ways: \"same-dimension\" (D = 1 for the link the message keeps going along, so SSR avoids going straight) and \"turn\" (D = 1 for a link that turns).\n\n";
    for share in share_list(o) {
        let hs = hot_spot(&base, share);
        let at = |s: &str| claim(pts, &hs, s);
        let cs: Vec<(&str, Claim)> = SERIES[2..].iter().map(|s| (s.0, at(s.0))).collect();
        let Some(first) = cs.first().map(|c| &c.1) else {
            continue;
        };
        let bound = curve(pts, BASELINE, &hs)
            .first()
            .and_then(|p| p.bound)
            .map_or("-".into(), |b| {
                format!("{:.4} (no minimal routing above {})", b.0, load(b.1))
            });
        let _ = write!(
            md,
            "**{hs}** (bound of Opt-y's minimal paths split evenly: {bound} flits/cycle/host)\n\n| comparison | {BASELINE} |"
        );
        for (l, _) in &cs {
            let _ = write!(md, " {l} |");
        }
        md += " paper (§5; figures only, no numbers) |\n|---|---|";
        md += &"---|".repeat(cs.len() + 1);
        md += "\n";
        let _ = write!(
            md,
            "| saturation throughput (flits/cycle/host) | {:.4} |",
            first.saturation.0
        );
        for (_, c) in &cs {
            let _ = write!(
                md,
                " {:.4} ({}) |",
                c.saturation.1,
                pct(c.saturation.0, c.saturation.1)
            );
        }
        let _ = write!(md, " {} |", PAPER[0]);
        let _ = write!(
            md,
            "\n| throughput beyond saturation (flits/cycle/host, loads > {}) | {:.4} |",
            load(first.knee),
            first.beyond.0
        );
        for (_, c) in &cs {
            let _ = write!(md, " {:.4} ({}) |", c.beyond.1, pct(c.beyond.0, c.beyond.1));
        }
        let _ = write!(md, " {} |", PAPER[1]);
        let _ = write!(
            md,
            "\n| latency at the baseline's knee (cycles, load {}) | {} |",
            load(first.knee),
            opt(first.at_knee.0)
        );
        for (_, c) in &cs {
            let _ = write!(md, " {} |", opt(c.at_knee.1));
        }
        let _ = write!(md, " {} |", PAPER[2]);
        md += "\n\n";
    }
    md += &fifo_table(o, pts, &hs);
    // Figures 4 and 5
    let loads: Vec<f64> = curve(pts, BASELINE, &hs).iter().map(|p| p.load).collect();
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
        "{} % of the messages to the centre node (`{hs}`). Accepted traffic (flits/cycle/host) at each load; in brackets, against {BASELINE}.\n\n| traffic | load |",
        o.share
    );
    for s in SERIES {
        let _ = write!(md, " {} |", s.0);
    }
    md += "\n|---|---|";
    md += &"---|".repeat(SERIES.len());
    md += "\n";
    for pat in &pats {
        for &l in &o.pattern_loads {
            let at = |s: &str| curve(pts, s, pat).into_iter().find(|p| p.load == l);
            let Some(base_p) = at(BASELINE) else {
                continue;
            };
            let _ = write!(md, "| {pat} | {l:.2} |");
            for s in SERIES {
                let cell = at(s.0).map_or("-".into(), |p| {
                    if s.0 == BASELINE {
                        format!("{:.4}", p.accepted)
                    } else {
                        format!("{:.4} ({})", p.accepted, pct(base_p.accepted, p.accepted))
                    }
                });
                let _ = write!(md, " {cell} |");
            }
            md += "\n";
        }
    }
    md += &depth_table(o, pts, &hs);
    Ok(md)
}

/// How the result depends on the VC buffer depth (the paper does not give it): accepted
/// traffic and latency of every series at the figures' share, the preset's depth and the others.
fn depth_table(o: &Options, pts: &[Point], hs: &str) -> String {
    let d0 = crate::reproduce::speculative::preset_depth();
    let mut depths = vec![d0];
    depths.extend(o.depths.iter().copied().filter(|&d| d != d0));
    let mut md = format!(
        "\n## How the result depends on the buffer depth\n\nThe paper does not give the depth of its VC buffers; the figures use {d0} flits per VC (a fifth of a message). Hot-spot traffic (`{hs}`); accepted traffic (flits/cycle/host) / average latency (cycles).\n\n| VC buffer (flits) | load |"
    );
    for s in SERIES {
        let _ = write!(md, " {} |", s.0);
    }
    md += "\n|---|---|";
    md += &"---|".repeat(SERIES.len());
    md += "\n";
    for &d in &depths {
        for &l in &o.depth_loads {
            let at = |s: &str| curve_at(pts, s, hs, d).into_iter().find(|p| p.load == l);
            if at(BASELINE).is_none() {
                continue;
            }
            let _ = write!(md, "| {d} | {l:.2} |");
            for s in SERIES {
                let cell = at(s.0).map_or("-".into(), |p| {
                    format!("{:.4} / {}", p.accepted, opt(p.latency))
                });
                let _ = write!(md, " {cell} |");
            }
            md += "\n";
        }
    }
    md
}

/// The hot-spot shares the claims table covers: the figures' first, then the others.
fn share_list(o: &Options) -> Vec<u32> {
    let mut v = vec![o.share];
    v.extend(o.shares.iter().copied().filter(|&s| s != o.share && s != 0));
    v
}

/// The same series with one FIFO source queue per host (the alternative reading of the
/// source), at the figures' share.
fn fifo_table(o: &Options, pts: &[Point], hs: &str) -> String {
    let d0 = crate::reproduce::speculative::preset_depth();
    let mut md = format!(
        "**A FIFO source** (`traffic.source_queues = \"fifo\"`, `{hs}`): accepted traffic (flits/cycle/host) beside the per-destination source's, FIFO / per-destination. With one FIFO per host every source stalls behind its messages to a saturated hot spot, which caps accepted traffic near 1/(255 x share) under any selection.\n\n| load |"
    );
    for s in SERIES {
        let _ = write!(md, " {} |", s.0);
    }
    md += "\n|---|";
    md += &"---|".repeat(SERIES.len());
    md += "\n";
    for &l in &o.fifo_loads {
        let _ = write!(md, "| {l:.2} |");
        for s in SERIES {
            let f = curve_src(pts, s.0, hs, d0, SOURCES[1])
                .into_iter()
                .find(|p| p.load == l);
            let v = curve(pts, s.0, hs).into_iter().find(|p| p.load == l);
            let c = |p: Option<&Point>| p.map_or("-".into(), |p| format!("{:.4}", p.accepted));
            let _ = write!(md, " {} / {} |", c(f), c(v));
        }
        md += "\n";
    }
    md + "\n"
}
