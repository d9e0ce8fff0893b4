//! The report of `flitwave explore` (`explore`): the Pareto chart and the table of designs.

use super::explore::Design;
use super::plot;
use crate::error::Result;
use crate::stats::number::{fmt_mean_ci, fmt_num};
use crate::stats::saturation::SATURATION_THROUGHPUT;
use std::fmt::Write as _;
use std::path::Path;

/// Draw the designs, one colour per routing, each named, with the (area, throughput) front;
/// designs whose area is partly estimated are drawn hollow.
pub fn chart(path: &Path, title: &str, ds: &[Design]) -> Result<()> {
    let designs: Vec<plot::Design> = ds
        .iter()
        .map(|d| {
            let h = d.throughput.half_width.unwrap_or(0.0);
            plot::Design {
                group: d.routing.clone(),
                name: short(d),
                x: d.area.total(),
                y: d.throughput.mean,
                lo: d.throughput.mean - h,
                hi: d.throughput.mean + h,
                front: d.front,
                estimated: d.area.estimated,
            }
        })
        .collect();
    plot::pareto(
        path,
        title,
        "Router control and buffer area (transistors, CMOS)",
        &format!("{} (flits/cycle/host)", capital(SATURATION_THROUGHPUT)),
        &designs,
    )
}

/// `s` with its first letter upper-case (an axis title).
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// A design's grid values without the keys' sections: `vcs=2 vc_buffer_flits=8`.
fn short(d: &Design) -> String {
    d.grid
        .iter()
        .map(|(k, v)| format!("{}={v}", k.rsplit('.').next().unwrap_or(k)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The table of designs, front first, each by area.
pub fn table(ds: &[Design], rate: f64) -> String {
    let mut v: Vec<&Design> = ds.iter().collect();
    v.sort_by(|a, b| {
        (!a.front, !a.front3)
            .cmp(&(!b.front, !b.front3))
            .then(a.area.total().total_cmp(&b.area.total()))
    });
    let mut md = format!(
        "| design | front (area, thr.) | front (+ latency) | {SATURATION_THROUGHPUT} (flits/cycle/host) | highest accepted (flits/cycle/host) | latency at {} (cycles) | area (transistors) | switch alloc. | VC alloc. | credits | buffers | whole router (twin) |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        fmt_num(rate)
    );
    for d in v {
        let a = &d.area;
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {}{} | {} | {} | {} | {} | {} |",
            d.label,
            if d.front { "yes" } else { "" },
            if d.front3 { "yes" } else { "" },
            fmt_mean_ci(d.throughput.mean, d.throughput.half_width),
            fmt_mean_ci(d.highest_accepted.mean, d.highest_accepted.half_width),
            fmt_mean_ci(d.latency.mean, d.latency.half_width),
            fmt_num(a.total().round()),
            if a.estimated { " (est.)" } else { "" },
            fmt_num(a.switch_allocator.round()),
            fmt_num(a.vc_allocator.round()),
            fmt_num(a.credits.round()),
            fmt_num(a.buffers.round()),
            a.router_twin.map_or("—".into(), |t| fmt_num(t.round())),
        );
    }
    md
}
