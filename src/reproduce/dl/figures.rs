//! `flitwave reproduce dl`, Figures 6 and 7 of seed 003: average latency versus accepted
//! traffic under uniform traffic, on an irregular network (Figure 6: the largest size asked
//! for, topology seed 1) and on the 8×8 2D torus (Figure 7), for ten routings: up*/down* and DL
//! (UD)* with each of the three path selections, DL's other restrictions with high
//! physical-channel first, and DL in RHiNET-2's table form (flitwave's addition). Each curve is
//! the saturation search of `Runner::search` plus points at fixed fractions of its knee, on the
//! §5.1 setup of configs/dl.toml.

use crate::error::Result;
use crate::experiment::config::{Config, TopologyKind};
use crate::experiment::plot::{xy, Curve};
use crate::experiment::sweep::Runner;
use crate::reproduce::dl::{preset, Options, Routing};
use std::path::Path;

/// The curves of both figures: label and routing.
pub const CURVES: [(&str, Routing); 10] = [
    ("up*/down* low-port", ("updown", "ud", "low-port")),
    ("up*/down* sancho", ("updown", "ud", "sancho")),
    ("up*/down* high-pch", ("updown", "ud", "high-pch")),
    ("DL (UD)* low-port", ("dl", "ud", "low-port")),
    ("DL (UD)* sancho", ("dl", "ud", "sancho")),
    ("DL (UD)* high-pch", ("dl", "ud", "high-pch")),
    ("DL (UD-DU)* high-pch", ("dl", "ud-du", "high-pch")),
    ("DL UD-(DU)* high-pch", ("dl", "ud-dud", "high-pch")),
    ("DL (L-turn)* high-pch", ("dl", "l-turn", "high-pch")),
    ("DL tables (UD)* high-pch", ("dl-table", "ud", "high-pch")),
];

/// Fractions of a curve's knee (highest unsaturated rate) run besides the search's points.
const FRACTIONS: [f64; 6] = [0.1, 0.3, 0.5, 0.7, 0.85, 1.15];

/// One point of a curve.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FigPoint {
    /// Offered load (flits/host/cycle).
    pub rate: f64,
    /// Accepted traffic (flits/host/cycle).
    pub accepted: f64,
    /// Average packet latency (cycles), None when nothing was measured.
    pub latency: Option<f64>,
    pub saturated: bool,
    pub healthy: bool,
}

/// One curve of Figure 6 or 7.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FigCurve {
    pub figure: &'static str,
    pub label: &'static str,
    pub routing: Routing,
    pub points: Vec<FigPoint>,
}

impl FigCurve {
    /// The highest accepted traffic of the curve.
    pub fn throughput(&self) -> f64 {
        self.points.iter().map(|p| p.accepted).fold(0.0, f64::max)
    }

    /// Latency at accepted traffic `x`, interpolated between the unsaturated points around
    /// it; None when the curve does not reach `x` before saturating.
    pub fn latency_at(&self, x: f64) -> Option<f64> {
        let pts: Vec<(f64, f64)> = self
            .points
            .iter()
            .filter(|p| !p.saturated)
            .filter_map(|p| Some((p.accepted, p.latency?)))
            .collect();
        let first = pts.first()?;
        if x <= first.0 {
            return Some(first.1);
        }
        pts.windows(2)
            .find(|w| w[0].0 <= x && x <= w[1].0)
            .map(|w| w[0].1 + (w[1].1 - w[0].1) * (x - w[0].0) / (w[1].0 - w[0].0).max(1e-12))
    }
}

fn config(figure: &str, o: &Options, r: Routing) -> Result<Config> {
    preset(o, r, "uniform", |c| {
        if figure == "fig6" {
            c.topology.kind = TopologyKind::Irregular;
            c.topology.switches = o.sizes.iter().copied().max().unwrap_or(64);
            c.topology.seed = Some(1);
        } else {
            c.topology.kind = TopologyKind::Torus;
            c.topology.dims = "8x8".into();
        }
    })
}

/// Both figures' curves.
pub fn figures(o: &Options) -> Result<Vec<FigCurve>> {
    let jobs: Vec<(&'static str, &'static str, Routing)> = ["fig6", "fig7"]
        .into_iter()
        .flat_map(|f| CURVES.iter().map(move |&(l, r)| (f, l, r)))
        .collect();
    let configs = |&(figure, _, r): &(&str, &str, Routing)| Ok(vec![config(figure, o, r)?]);
    crate::reproduce::jobs::run_all(
        &jobs,
        o.threads,
        false,
        "curves",
        configs,
        |&(figure, label, r)| {
            let run = Runner::new(config(figure, o, r)?)?;
            let (mut pts, knee) = run.search(0.01)?;
            for f in FRACTIONS {
                pts.push(run.point(knee * f)?);
            }
            pts.sort_by(|a, b| a.rate.total_cmp(&b.rate));
            let points = pts
                .iter()
                .map(|p| FigPoint {
                    rate: p.rate,
                    accepted: p.summary.accepted_flits_per_cycle_per_host,
                    latency: p.summary.latency.map(|l| l.cycles),
                    saturated: p.saturated,
                    healthy: p.summary.healthy(),
                })
                .collect();
            Ok(FigCurve {
                figure,
                label,
                routing: r,
                points,
            })
        },
    )
}

/// Draw `dir/fig6.svg` and `dir/fig7.svg` and return their section of the report.
pub fn markdown(o: &Options, curves: &[FigCurve], dir: &Path) -> Result<String> {
    let mut s = String::new();
    for (fig, title, paper) in [
        (
            "fig6",
            format!(
                "Figure 6: {}-switch irregular network (topology seed 1), uniform traffic",
                o.sizes.iter().copied().max().unwrap_or(64)
            ),
            "every DL routing lowers the latency and raises the throughput of up*/down*; with high-pch the ratio is Table 6's average",
        ),
        (
            "fig7",
            "Figure 7: 8×8 2D torus, uniform traffic".to_string(),
            "each DL routing achieves up to 266% more throughput than up*/down* with the same path selection, and lower latency",
        ),
    ] {
        let cs: Vec<&FigCurve> = curves.iter().filter(|c| c.figure == fig).collect();
        // unsaturated points and the first saturated one, as in seed 000's plots
        let plot: Vec<Curve> = cs
            .iter()
            .map(|c| {
                let mut points = vec![];
                for p in &c.points {
                    if let Some(l) = p.latency {
                        points.push((p.accepted, l));
                    }
                    if p.saturated {
                        break;
                    }
                }
                Curve {
                    label: c.label.to_string(),
                    points,
                }
            })
            .collect();
        xy(
            &dir.join(format!("dl_{fig}.svg")),
            &title,
            "Accepted traffic (flits/host/cycle)",
            "Average latency (cycles)",
            &plot,
        )?;
        s += &format!("## {title}\n\nThe paper: {paper}.\n\n![{fig}](dl_{fig}.svg)\n\n");
        // a common load every balanced routing carries: half up*/down* high-pch's throughput
        let x = 0.5
            * cs.iter()
                .find(|c| c.routing == ("updown", "ud", "high-pch"))
                .map_or(0.0, |c| c.throughput());
        s += &format!("| routing | throughput (flits/host/cycle) | × up*/down* with the same selection | latency at {x:.4} flits/host/cycle (cycles) |\n|---|---|---|---|\n");
        for c in &cs {
            let ud = cs
                .iter()
                .find(|u| u.routing.0 == "updown" && u.routing.2 == c.routing.2)
                .map(|u| u.throughput());
            let ratio = match (c.routing.0, ud) {
                ("updown", _) | (_, None) => "–".to_string(),
                (_, Some(u)) => format!("{:.2}", c.throughput() / u),
            };
            let lat = c
                .latency_at(x)
                .map_or("saturated".to_string(), |l| format!("{l:.0}"));
            s += &format!("| {} | {:.4} | {ratio} | {lat} |\n", c.label, c.throughput());
        }
        s += "\n";
    }
    Ok(s)
}
