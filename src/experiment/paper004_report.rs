//! The report of `flitwave reproduce inorder` (`paper004`): the paper's claims checked against
//! flitwave's measurements, Figures 5–8 as SVG, Tables 1 and 2 beside the paper's, and the
//! fat-tree comparison (the trace parts in `paper004_traces`). Why flitwave differs where it
//! does is in docs/inorder.md.

use super::paper004::{kb_label, Net, Options, Point, FIG6_BYTES};
use super::paper004_traces::{fattree, figure7, figure8, load_table, table, TABLE1, TABLE2};
use super::plot::{xy, Curve};
use crate::error::Result;
use std::fmt::Write;
use std::path::Path;

pub(super) fn pts<'a>(points: &'a [Point], fig: &'a str) -> impl Iterator<Item = &'a Point> + 'a {
    points.iter().filter(move |p| p.figure == fig)
}

/// Accepted traffic in bytes/ns/switch (flits of one byte).
fn accepted(p: &Point) -> f64 {
    p.summary.accepted_flits_per_ns_per_switch * p.summary.flit_bytes as f64
}

fn mbs(p: &Point) -> u64 {
    match &p.summary.section {
        crate::fabric::Section::Vc(v) => v.in_order.as_ref().map_or(0, |o| o.mbs_bytes),
        _ => 0,
    }
}

pub(super) fn in_order(p: &Point) -> Option<crate::fabric::vc::InOrderSection> {
    match &p.summary.section {
        crate::fabric::Section::Vc(v) => v.in_order.clone(),
        _ => None,
    }
}

/// The throughput (highest accepted traffic) of one synthetic curve.
fn throughput(points: &[Point], fig: &str, net: Net, variant: &str) -> f64 {
    pts(points, fig)
        .filter(|p| p.net == net && p.variant == variant)
        .map(accepted)
        .fold(0.0, f64::max)
}

/// The synthetic points of one curve, by pattern (Figure 5 mixes two patterns).
fn curve<'a>(
    points: &'a [Point],
    fig: &'a str,
    net: Net,
    variant: &'a str,
    pattern: &'a str,
) -> Vec<&'a Point> {
    let mut v: Vec<&Point> = pts(points, fig)
        .filter(|p| p.net == net && p.variant == variant)
        .filter(|p| p.pattern == pattern)
        .collect();
    v.sort_by(|a, b| a.x.total_cmp(&b.x));
    v
}

/// Points up to the first saturated one, as (accepted, y).
fn until_saturated(c: &[&Point], y: impl Fn(&Point) -> Option<f64>) -> Vec<(f64, f64)> {
    let mut out = vec![];
    for p in c {
        if let Some(v) = y(p) {
            out.push((accepted(p), v));
        }
        if p.summary.saturated {
            break;
        }
    }
    out
}

fn latency_ns(p: &Point) -> Option<f64> {
    p.summary.latency.map(|l| l.ns)
}

/// Mean over the topologies of a synthetic curve's throughput.
fn mean_throughput(
    o: &Options,
    points: &[Point],
    fig: &str,
    sw: usize,
    pattern: &str,
    v: &str,
) -> f64 {
    (1..=o.topologies as u64)
        .map(|t| {
            curve(points, fig, Net::Irregular(sw, t), v, pattern)
                .iter()
                .map(|p| accepted(p))
                .fold(0.0, f64::max)
        })
        .sum::<f64>()
        / o.topologies as f64
}

/// The largest MBS of a curve's points below saturation (or at any load).
fn curve_mbs(o: &Options, points: &[Point], sw: usize, pattern: &str, below: bool) -> u64 {
    (1..=o.topologies as u64)
        .flat_map(|t| curve(points, "fig5", Net::Irregular(sw, t), "ADAP", pattern))
        .filter(|p| !below || !p.summary.saturated)
        .map(mbs)
        .max()
        .unwrap_or(0)
}

/// Execution-time improvement of `v` over DET in a trace part, percent.
fn improvement(points: &[Point], fig: &str, v: &str, x: Option<f64>) -> Option<f64> {
    let find = |l: &str| {
        pts(points, fig)
            .find(|p| p.variant == l && x.is_none_or(|x| p.x == x))
            .and_then(|p| p.exec_cycles)
    };
    let (d, c) = (find("DET")? as f64, find(v)? as f64);
    Some(100.0 * (d - c) / d)
}

/// The waste share (percent) of a trace row.
fn waste(points: &[Point], fig: &str, v: &str) -> Option<f64> {
    pts(points, fig)
        .find(|p| p.variant == v)
        .and_then(in_order)
        .map(|s| 100.0 * s.waste_share)
}

/// The paper's findings, each beside what flitwave measured and whether it holds.
fn claims(o: &Options, points: &[Point]) -> String {
    let has = |f: &str| o.figures.iter().any(|x| x == f);
    let mut rows: Vec<(String, String, String, bool)> = vec![];
    if has("fig5") {
        for (sw, paper, need) in [(16, "2x", 1.9), (64, "more than 4x", 4.0)] {
            let r = mean_throughput(o, points, "fig5", sw, "uniform", "ADAP")
                / mean_throughput(o, points, "fig5", sw, "uniform", "DET").max(1e-9);
            rows.push((
                format!("Fig. 5, uniform, {sw} switches: adaptive throughput over DET"),
                paper.into(),
                format!("{r:.2}x"),
                r >= need,
            ));
        }
        for sw in [16, 64] {
            let m = curve_mbs(o, points, sw, "uniform", true);
            rows.push((
                format!(
                    "Fig. 5, uniform, {sw} switches: buffer needed per connection below saturation"
                ),
                "less than 600 bytes (2 packets)".into(),
                format!("{m} bytes"),
                m < 600,
            ));
            let (u, b) = (
                curve_mbs(o, points, sw, "uniform", false),
                curve_mbs(o, points, sw, "bit-reversal", false),
            );
            rows.push((
                format!("Fig. 5, {sw} switches: bit-reversal needs far more buffer than uniform near saturation"),
                "grows very fast".into(),
                format!("{b} vs {u} bytes"),
                b >= 4 * u.max(1),
            ));
        }
    }
    if has("fig6") {
        for sw in [16, 64] {
            let t = |v: &str| mean_throughput(o, points, "fig6", sw, "bit-reversal", v);
            let (det, small, big, ooo) =
                (t("DET"), t("ADAP 32 B"), t("ADAP 8192 B"), t("ADAP-OOO"));
            rows.push((
                format!("Fig. 6, {sw} switches: adaptive with a 32-byte buffer (below a packet) beats DET"),
                "yes, curves of 32 B and 128 B superimposed".into(),
                format!("{small:.3} vs DET {det:.3} bytes/ns/switch"),
                small > det,
            ));
            rows.push((
                format!("Fig. 6, {sw} switches: larger buffers approach adaptive routing without ordering"),
                "close".into(),
                format!("8 KB {big:.3} vs ADAP-OOO {ooo:.3}"),
                big >= 0.85 * ooo,
            ));
        }
    }
    if has("tables") {
        for (fig, name) in [
            ("table1", "Table 1 (irregular)"),
            ("table2", "Table 2 (torus)"),
        ] {
            let paper = if fig == "table1" { &TABLE1 } else { &TABLE2 };
            let pi = |l: &str| {
                paper
                    .iter()
                    .find(|r| r.0 == l)
                    .and_then(|r| r.5)
                    .unwrap_or(0.0)
            };
            let i = |v: &str| improvement(points, fig, v, None).unwrap_or(f64::NAN);
            let li2 = "ADAP-LI static 2 KB";
            rows.push((
                format!("{name}: 2 KB static memory loses to DET"),
                format!("{:+.1} % (ADAP-LI)", pi(li2)),
                format!("{:+.1} %", i(li2)),
                i(li2) < 0.0,
            ));
            rows.push((
                format!("{name}: waste with 2 KB static memory"),
                "20-30 %".into(),
                format!(
                    "{:.1} % (ADAP-LI)",
                    waste(points, fig, li2).unwrap_or(f64::NAN)
                ),
                waste(points, fig, li2).is_some_and(|w| (15.0..=35.0).contains(&w)),
            ));
            let dy = "ADAP-LI dynamic 256 KB (128 KB/conn)";
            let (d, oo) = (i(dy), i("ADAP-OOO"));
            rows.push((
                format!("{name}: 256 KB dynamic memory within a few per cent of ADAP-OOO"),
                format!("{:+.1} % vs {:+.1} %", pi(dy), pi("ADAP-OOO")),
                format!("{d:+.1} % vs {oo:+.1} %"),
                (oo - d).abs() <= 7.0,
            ));
            rows.push((
                format!("{name}: ADAP-OOO improves on DET"),
                format!("{:+.1} %", pi("ADAP-OOO")),
                format!("{oo:+.1} %"),
                oo > 0.0,
            ));
        }
    }
    if has("fig8") {
        let small = format!("ADAP-LI {}", kb_label(o.pools_kb[0]));
        let t = |v: &str, m: u32| {
            pts(points, "fig8")
                .find(|p| p.variant == v && p.x == m as f64)
                .and_then(|p| p.exec_cycles)
                .unwrap_or(0) as f64
        };
        let m = o.mtus[0];
        let (det, s, ooo) = (t("DET", m), t(&small, m), t("ADAP-OOO", m));
        rows.push((
            format!(
                "Fig. 8: with {} the execution time is close to DET's (MTU {m})",
                kb_label(o.pools_kb[0])
            ),
            "similar to deterministic".into(),
            format!(
                "{:.0} % of DET's, ADAP-OOO {:.0} %",
                100.0 * s / det.max(1.0),
                100.0 * ooo / det.max(1.0)
            ),
            s >= 0.9 * det,
        ));
    }
    if rows.is_empty() {
        return String::new();
    }
    let mut md = String::from(
        "## The paper's findings next to flitwave's

| finding (seed 004 §4) | paper | flitwave | holds? |
|---|---|---|---|
",
    );
    for (c, p, f, ok) in rows {
        let _ = writeln!(
            md,
            "| {c} | {p} | {f} | {} |",
            if ok { "yes" } else { "no" }
        );
    }
    md + "\nWhere flitwave differs and why: [../inorder.md](../inorder.md#results-where-flitwave-differs-and-why).\n\n"
}

/// The markdown and SVG figures of the report.
pub fn report(
    o: &Options,
    points: &[Point],
    free: &[super::paper001::Point],
    out: &Path,
) -> Result<String> {
    let mut md = claims(o, points);
    let sizes = [16usize, 64];
    let has = |f: &str| o.figures.iter().any(|x| x == f);
    if has("fig5") {
        md += "## Figure 5: latency and buffer needed against traffic (256-byte packets)\n\n";
        md += "Adaptive routing here keeps every packet in order with an unlimited rearrange buffer (the ideal mode: no ACK/NACK), so its latency includes the wait for reordering and MBS is the buffer §4.2 measures. Throughput is the highest accepted traffic of the curve, averaged over the topologies; MBS the largest buffer any connection needed at a load below saturation and overall.\n\n";
        md += "| switches | pattern | DET throughput | ADAP throughput | ratio (paper: 2x at 16, >4x at 64, uniform) | ADAP MBS below saturation | ADAP MBS at any load |\n|---|---|---|---|---|---|---|\n";
        for sw in sizes {
            for pattern in ["uniform", "bit-reversal"] {
                let mut det = 0.0;
                let mut adap = 0.0;
                let (mut mbs_low, mut mbs_all) = (0u64, 0u64);
                for t in 1..=o.topologies as u64 {
                    let net = Net::Irregular(sw, t);
                    let d = curve(points, "fig5", net, "DET", pattern);
                    let a = curve(points, "fig5", net, "ADAP", pattern);
                    det += d.iter().map(|p| accepted(p)).fold(0.0, f64::max);
                    adap += a.iter().map(|p| accepted(p)).fold(0.0, f64::max);
                    for p in &a {
                        mbs_all = mbs_all.max(mbs(p));
                        if !p.summary.saturated {
                            mbs_low = mbs_low.max(mbs(p));
                        }
                    }
                }
                let k = o.topologies as f64;
                let _ = writeln!(
                    md,
                    "| {sw} | {pattern} | {:.3} | {:.3} | {:.2}x | {mbs_low} B | {mbs_all} B |",
                    det / k,
                    adap / k,
                    adap / det.max(1e-9)
                );
            }
        }
        md += "\n";
        for sw in sizes {
            let net = Net::Irregular(sw, 1);
            let mut lat = vec![];
            let mut buf = vec![];
            for pattern in ["uniform", "bit-reversal"] {
                for v in ["DET", "ADAP"] {
                    let c = curve(points, "fig5", net, v, pattern);
                    lat.push(Curve {
                        label: format!("{v} {pattern}"),
                        points: until_saturated(&c, latency_ns),
                    });
                    if v == "ADAP" {
                        buf.push(Curve {
                            label: format!("ADAP {pattern} MBS"),
                            points: c.iter().map(|p| (accepted(p), mbs(p) as f64)).collect(),
                        });
                    }
                }
            }
            let f = format!("inorder_fig5_{sw}sw_latency.svg");
            xy(
                &out.join(&f),
                &format!("Figure 5: {sw} switches, latency"),
                "Accepted traffic (bytes/ns/switch)",
                "Average packet latency (ns)",
                &lat,
            )?;
            let g = format!("inorder_fig5_{sw}sw_mbs.svg");
            xy(
                &out.join(&g),
                &format!("Figure 5: {sw} switches, maximum buffer needed"),
                "Accepted traffic (bytes/ns/switch)",
                "MBS per connection (bytes)",
                &buf,
            )?;
            let _ = writeln!(md, "![{f}]({f}) ![{g}]({g})\n");
        }
    }
    if has("fig6") {
        md += "## Figure 6: bit-reversal with small static buffers (rejected packets resent at once)\n\n| switches | DET | ADAP-OOO |";
        for b in FIG6_BYTES {
            let _ = write!(md, " ADAP {b} B |");
        }
        md += "\n|---|---|---|";
        md += &"---|".repeat(FIG6_BYTES.len());
        md += "\n";
        for sw in sizes {
            let mut row = format!("| {sw} |");
            let mut labels = vec!["DET".to_string(), "ADAP-OOO".to_string()];
            labels.extend(FIG6_BYTES.iter().map(|b| format!("ADAP {b} B")));
            for l in &labels {
                let mut s = 0.0;
                for t in 1..=o.topologies as u64 {
                    s += throughput(points, "fig6", Net::Irregular(sw, t), l);
                }
                let _ = write!(row, " {:.3} |", s / o.topologies as f64);
            }
            md += &row;
            md += "\n";
            let curves: Vec<Curve> = labels
                .iter()
                .map(|l| Curve {
                    label: l.clone(),
                    points: until_saturated(
                        &curve(points, "fig6", Net::Irregular(sw, 1), l, "bit-reversal"),
                        latency_ns,
                    ),
                })
                .collect();
            let f = format!("inorder_fig6_{sw}sw.svg");
            xy(
                &out.join(&f),
                &format!("Figure 6: {sw} switches, bit-reversal"),
                "Accepted traffic (bytes/ns/switch)",
                "Average packet latency (ns)",
                &curves,
            )?;
            md += &format!("\n![{f}]({f})\n\n");
        }
        md += "Throughput in bytes/ns/switch (the highest accepted traffic of each curve).\n\n";
    }
    if has("tables") {
        for (fig, title, paper) in [
            (
                "table1",
                "Table 1: the trace on the 32-switch irregular network",
                &TABLE1,
            ),
            (
                "table2",
                "Table 2: the trace on the 4x4 torus (8 hosts per switch)",
                &TABLE2,
            ),
        ] {
            md += &table(points, fig, title, paper);
        }
        md += &load_table(o, points);
        md += &figure7(points, out)?;
    }
    if has("fig8") {
        md += &figure8(o, points, out)?;
    }
    if has("fattree") {
        md += &fattree(o, points, free);
    }
    Ok(md)
}
