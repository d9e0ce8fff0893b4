//! The report of `flitwave reproduce inorder` (`reproduce::inorder`): the paper's claims checked against
//! flitwave's measurements, Figures 5–8 as SVG, Tables 1 and 2 beside the paper's, and the
//! fat-tree comparison (the trace parts in `traces`). Why flitwave differs where it
//! does is in docs/inorder.md.

use crate::error::Result;
use crate::experiment::plot::{xy, Curve};
use crate::reproduce::inorder::traces::{
    fattree, figure7, figure8, load_table, table, TABLE1, TABLE2,
};
use crate::reproduce::inorder::{in_order, kb_label, pts, Net, Options, Point, FIG6_BYTES};
use crate::stats::saturation::{Load, Saturation};
use std::fmt::Write;
use std::path::Path;

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

/// The saturation of one synthetic curve by the one criterion (stats::saturation): its
/// saturation throughput and highest accepted traffic (flits/cycle/host = bytes/ns/switch on
/// the preset), and its bound.
#[derive(Debug, Clone, Copy, Default)]
struct Thr {
    sat: f64,
    highest: f64,
    bound: Option<f64>,
    limit: Option<f64>,
}

fn thr(points: &[Point], fig: &str, net: Net, variant: &str, pattern: &str) -> Thr {
    let c = curve(points, fig, net, variant, pattern);
    let loads: Vec<Load> = c.iter().map(|p| p.summary.load(p.x)).collect();
    let s = Saturation::of(&loads);
    let b = c.first().and_then(|p| p.bound);
    Thr {
        sat: s.throughput,
        highest: s.highest_accepted,
        bound: b.map(|b| b.0),
        limit: b.and_then(|b| b.1),
    }
}

/// The mean over the topologies of a curve's [`Thr`].
fn mean_thr(o: &Options, points: &[Point], fig: &str, sw: usize, pattern: &str, v: &str) -> Thr {
    let k = o.topologies as f64;
    let mut m = Thr::default();
    for t in 1..=o.topologies as u64 {
        let x = thr(points, fig, Net::Irregular(sw, t), v, pattern);
        m.sat += x.sat / k;
        m.highest += x.highest / k;
        m.bound = x.bound.map(|b| m.bound.unwrap_or(0.0) + b / k);
        m.limit = x.limit.map(|b| m.limit.unwrap_or(0.0) + b / k);
    }
    m
}

fn opt(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.3}"))
}

/// The DET and adaptive cells of a row and their ratio: saturation / highest accepted / bound
/// (adaptive: and the minimal-routing limit), then adaptive over DET by each measure.
fn cells(d: &Thr, a: &Thr) -> String {
    format!(
        "{:.3} / {:.3} / {} | {:.3} / {:.3} / {} / {} | {:.2}x ({:.2}x)",
        d.sat,
        d.highest,
        opt(d.bound),
        a.sat,
        a.highest,
        opt(a.bound),
        opt(a.limit),
        a.sat / d.sat.max(1e-9),
        a.highest / d.highest.max(1e-9)
    )
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

/// The knee (highest sustained load) of a curve's points.
fn thr_knee(c: &[&Point]) -> Option<f64> {
    let loads: Vec<Load> = c.iter().map(|p| p.summary.load(p.x)).collect();
    Saturation::of(&loads).knee_rate
}

/// The largest MBS of a curve's points at or below its knee (or at any load).
fn curve_mbs(o: &Options, points: &[Point], sw: usize, pattern: &str, below: bool) -> u64 {
    (1..=o.topologies as u64)
        .flat_map(|t| {
            let c = curve(points, "fig5", Net::Irregular(sw, t), "ADAP", pattern);
            let knee = thr_knee(&c);
            c.into_iter()
                .filter(move |p| !below || knee.is_some_and(|k| p.x <= k))
        })
        .map(mbs)
        .max()
        .unwrap_or(0)
}

/// Figure 5's uniform curves of the first topology of each size under several up*/down* roots:
/// the spread of DET's bound and throughput, and of the ratio.
fn roots_table(o: &Options, points: &[Point]) -> String {
    let mut md = String::from("## The up*/down* root (Figure 5, uniform, first topology of each size)\n\nThe In-order delivery paper names neither its topologies nor the root of its up*/down* tree, and both DET's forwarding tables and the adaptive routing's escape paths hang from it. Switch 0 is the ITB paper's rule; the others are the most central switch and the roots whose forwarding tables have the highest and the lowest uniform bound (`flitwave routes --routing updown --paths forwarding --root R`). Saturation throughput / highest accepted / bound, flits/cycle/host.\n\n| switches | root | DET | ADAP (bound: even split / limit) | ratio by saturation (highest accepted) |\n|---|---|---|---|---|\n");
    for sw in [16usize, 64] {
        let net = Net::Irregular(sw, 1);
        let mut rs: Vec<String> = vec!["0".into()];
        if let Ok(r) = crate::reproduce::inorder::run::roots(o, net) {
            rs.extend(r.into_iter().filter(|r| r != "0"));
        }
        for r in rs {
            let (fig, dl, al) = if r == "0" {
                ("fig5", "DET".to_string(), "ADAP".to_string())
            } else {
                ("roots", format!("DET root {r}"), format!("ADAP root {r}"))
            };
            let d = thr(points, fig, net, &dl, "uniform");
            let a = thr(points, fig, net, &al, "uniform");
            if d.highest == 0.0 && a.highest == 0.0 {
                continue;
            }
            let _ = writeln!(md, "| {sw} | {r} | {} |", cells(&d, &a));
        }
    }
    md + "\n"
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
            let a = mean_thr(o, points, "fig5", sw, "uniform", "ADAP");
            let d = mean_thr(o, points, "fig5", sw, "uniform", "DET");
            let r = a.sat / d.sat.max(1e-9);
            rows.push((
                format!("Fig. 5, uniform, {sw} switches: adaptive saturation throughput over DET's (up*/down* root: switch 0)"),
                paper.into(),
                format!(
                    "{r:.2}x ({:.2}x by highest accepted; bounds {:.2}x)",
                    a.highest / d.highest.max(1e-9),
                    a.bound.unwrap_or(0.0) / d.bound.unwrap_or(1.0).max(1e-9)
                ),
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
            let t = |v: &str| mean_thr(o, points, "fig6", sw, "bit-reversal", v).sat;
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

| finding (In-order delivery §4) | paper | flitwave | holds? |
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
    free: &[crate::reproduce::fattree::Point],
    out: &Path,
) -> Result<String> {
    let mut md = claims(o, points);
    let sizes = [16usize, 64];
    let has = |f: &str| o.figures.iter().any(|x| x == f);
    if has("fig5") {
        md += "## Figure 5: latency and buffer needed against traffic (256-byte packets)\n\n";
        md += "Adaptive routing here keeps every packet in order with an unlimited rearrange buffer (the ideal mode: no ACK/NACK), so its latency includes the wait for reordering and MBS is the buffer §4.2 measures. Throughput is the **saturation throughput** of each curve by flitwave's one criterion (the highest load within 3x zero-load latency delivering 95 % of its packets, bisected; docs/statistics.md), with the highest accepted traffic beside it, averaged over the topologies, in flits/cycle/host (= bytes/ns/switch here). Beside each, its **bound** (routing::bound): DET's is where its busiest forwarding-table link is full; adaptive routing's is that of its minimal paths split evenly, with what no minimal routing can exceed after the slash. The up*/down* root is switch 0 (the ITB paper's rule; the In-order delivery paper names none — see the roots table). MBS is the largest buffer any connection needed at a load below saturation and overall.\n\n";
        md += "| switches | pattern | DET: saturation / highest / bound | ADAP: saturation / highest / bound / limit | ratio by saturation (highest accepted) — paper: 2x at 16, >4x at 64, uniform | ADAP MBS below saturation | ADAP MBS at any load |\n|---|---|---|---|---|---|---|\n";
        for sw in sizes {
            for pattern in ["uniform", "bit-reversal"] {
                let (mut mbs_low, mut mbs_all) = (0u64, 0u64);
                for t in 1..=o.topologies as u64 {
                    let a = curve(points, "fig5", Net::Irregular(sw, t), "ADAP", pattern);
                    let knee = thr_knee(&a);
                    for p in &a {
                        mbs_all = mbs_all.max(mbs(p));
                        if knee.is_some_and(|k| p.x <= k) {
                            mbs_low = mbs_low.max(mbs(p));
                        }
                    }
                }
                let d = mean_thr(o, points, "fig5", sw, pattern, "DET");
                let a = mean_thr(o, points, "fig5", sw, pattern, "ADAP");
                let _ = writeln!(
                    md,
                    "| {sw} | {pattern} | {} | {mbs_low} B | {mbs_all} B |",
                    cells(&d, &a)
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
    if has("roots") {
        md += &roots_table(o, points);
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
                let t = mean_thr(o, points, "fig6", sw, "bit-reversal", l);
                let _ = write!(row, " {:.3} ({:.3}) |", t.sat, t.highest);
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
        md += "Saturation throughput by the one criterion (the highest accepted traffic in parentheses), flits/cycle/host = bytes/ns/switch.\n\n";
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
