//! The trace parts of `flitwave reproduce inorder`'s report (`report`): Tables 1 and 2
//! beside the paper's, the trace's load, Figure 7 (memory per destination), Figure 8
//! (execution time against the MTU) and the fat-tree comparison.

use crate::error::Result;
use crate::experiment::plot::{xy, Curve};
use crate::reproduce::inorder::{in_order, kb_label, pts, Options, Point};
use std::fmt::Write;
use std::path::Path;

/// One row of the paper's Tables 1 and 2: label, time (M), waste %, MBS, MMS, improvement %.
type PaperRow = (
    &'static str,
    f64,
    f64,
    Option<u64>,
    Option<u64>,
    Option<f64>,
);

/// Table 1: 32-switch irregular network, compression 2.
pub const TABLE1: [PaperRow; 8] = [
    ("DET", 1961.09, 0.0, None, None, None),
    ("ADAP-OOO", 1286.21, 0.0, None, None, Some(34.41)),
    (
        "ADAP-LI static 2 KB",
        2011.33,
        25.8,
        Some(2560),
        Some(52812),
        Some(-2.56),
    ),
    (
        "ADAP-LW static 2 KB",
        1954.89,
        20.8,
        Some(2560),
        Some(48106),
        Some(0.32),
    ),
    (
        "ADAP-LI static 32 KB",
        1421.1,
        7.4,
        Some(33280),
        Some(345272),
        Some(27.54),
    ),
    (
        "ADAP-LW static 32 KB",
        1412.56,
        6.8,
        Some(33280),
        Some(405528),
        Some(27.97),
    ),
    (
        "ADAP-LI dynamic 256 KB (128 KB/conn)",
        1404.24,
        3.8,
        Some(131584),
        Some(262656),
        Some(28.39),
    ),
    (
        "ADAP-LI dynamic 4 MB (1 MB/conn)",
        1298.59,
        0.3,
        Some(666494),
        Some(915552),
        Some(33.78),
    ),
];

/// Table 2: 4x4 torus, compression 2.5.
pub const TABLE2: [PaperRow; 8] = [
    ("DET", 1906.72, 0.0, None, None, None),
    ("ADAP-OOO", 1509.12, 0.0, None, None, Some(20.85)),
    (
        "ADAP-LI static 2 KB",
        2324.63,
        29.4,
        Some(2560),
        Some(52378),
        Some(-21.91),
    ),
    (
        "ADAP-LW static 2 KB",
        2197.88,
        24.2,
        Some(2560),
        Some(45644),
        Some(-15.27),
    ),
    (
        "ADAP-LI static 32 KB",
        1573.82,
        4.1,
        Some(33280),
        Some(164462),
        Some(17.46),
    ),
    (
        "ADAP-LW static 32 KB",
        1559.49,
        3.6,
        Some(33280),
        Some(154528),
        Some(18.21),
    ),
    (
        "ADAP-LI dynamic 256 KB (128 KB/conn)",
        1516.31,
        0.7,
        Some(131580),
        Some(262604),
        Some(20.48),
    ),
    (
        "ADAP-LI dynamic 4 MB (1 MB/conn)",
        1515.60,
        0.3,
        Some(475522),
        Some(571066),
        Some(20.51),
    ),
];

/// Tables 1 and 2 beside the paper's.
pub fn table(points: &[Point], fig: &str, title: &str, paper: &[PaperRow]) -> String {
    let rows: Vec<&Point> = pts(points, fig).collect();
    let det = rows
        .iter()
        .find(|p| p.variant == "DET")
        .and_then(|p| p.exec_cycles);
    let clock = rows.first().map_or(4.0, |p| p.summary.clock_ns);
    let mut md = format!(
        "## {title}\n\nCompression {}; time is the trace's execution time (µs), improvement is over DET; waste is ACK, NACK and resent traffic as a share of all injected bytes (packets in brackets); MBS and MMS in bytes. The paper's values in the right half (its time unit is not stated; its improvements are comparable). Rows marked \"FIFO source\" run the same NIC with `nic.send_window = 1`: a connection held back by its injection control holds back everything queued behind it, where the default window of 32 lets other connections pass (the paper names no window).\n\n| | time (µs) | waste % | MBS | MMS | impr. % | paper time | paper waste % | paper MBS | paper MMS | paper impr. % |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
        rows.first().map_or(0.0, |p| p.x)
    );
    // each paper row, then the same row with a strict FIFO source where it was run
    let variants: Vec<(String, &PaperRow)> = paper
        .iter()
        .flat_map(|r| [(r.0.to_string(), r), (format!("{}, FIFO source", r.0), r)])
        .collect();
    for (label, r) in &variants {
        let Some(p) = rows.iter().find(|p| p.variant == *label) else {
            continue;
        };
        let time = p.exec_cycles.map(|c| c as f64 * clock / 1000.0);
        let impr = match (det, p.exec_cycles) {
            (Some(d), Some(c)) if label != "DET" => {
                format!("{:+.2}", 100.0 * (d as f64 - c as f64) / d as f64)
            }
            _ => "-".into(),
        };
        let (waste, m1, m2) = match in_order(p) {
            Some(s) if s.ack == "packets" => (
                format!(
                    "{:.2} ({:.2})",
                    100.0 * s.waste_share,
                    100.0 * s.waste_packet_share
                ),
                s.mbs_bytes.to_string(),
                s.mms_bytes.to_string(),
            ),
            _ => ("0".into(), "-".into(), "-".into()),
        };
        let opt = |x: Option<u64>| x.map_or("-".into(), |v| v.to_string());
        let _ = writeln!(
            md,
            "| {} | {} | {waste} | {m1} | {m2} | {impr} | {:.2}M | {:.1} | {} | {} | {} |",
            label,
            time.map_or("did not finish".into(), |t| format!("{t:.1}")),
            r.1,
            r.2,
            opt(r.3),
            opt(r.4),
            r.5.map_or("-".into(), |v| format!("{v:+.2}"))
        );
    }
    md + "\n"
}

/// The trace's load: the rows' ends at other burst rates of the generator.
pub fn load_table(o: &Options, points: &[Point]) -> String {
    let mut md = format!("## How much the trace's load matters (32-switch irregular, compression {})

The tables use {} bursts per ms per host; here the generator's other loads (0.04 is the Fat-trees reproduction's default). Execution time in µs, improvement over DET in brackets.

| bursts/ms/host | DET | ADAP-OOO | ADAP-LI static 2 KB | ADAP-LI dynamic 256 KB |\n|---|---|---|---|---|\n", o.compression_irregular, o.trace_bursts_per_ms);
    let mut loads = o.sensitivity_bursts.clone();
    loads.push(o.trace_bursts_per_ms);
    loads.sort_by(f64::total_cmp);
    for b in loads {
        let find = |v: &str| {
            if b == o.trace_bursts_per_ms {
                pts(points, "table1").find(|p| p.variant == v)
            } else {
                pts(points, "load").find(|p| p.x == b && p.variant == v)
            }
        };
        let det = find("DET").and_then(|p| p.exec_cycles);
        let cell = |v: &str| match find(v) {
            Some(p) => match (p.exec_cycles, det) {
                (Some(c), Some(d)) => format!(
                    "{:.1} ({:+.1} %)",
                    c as f64 * p.summary.clock_ns / 1000.0,
                    100.0 * (d as f64 - c as f64) / d as f64
                ),
                _ => "did not finish".into(),
            },
            None => "-".into(),
        };
        let _ = writeln!(
            md,
            "| {b} | {} | {} | {} | {} |",
            cell("DET"),
            cell("ADAP-OOO"),
            cell("ADAP-LI static 2 KB"),
            cell("ADAP-LI dynamic 256 KB (128 KB/conn)")
        );
    }
    md + "\n"
}

/// Figure 7: per destination, the most rearrange memory it needed at once (ADAP-LI, 2 KB).
pub fn figure7(points: &[Point], out: &Path) -> Result<String> {
    let mut md = String::from("## Figure 7: worst-case rearrange memory per destination (ADAP-LI, 2 KB static)\n\n| network | destinations that stored something | mean of those (bytes) | largest (bytes) | memory reserved per NIC (bytes) |\n|---|---|---|---|---|\n");
    let mut curves = vec![];
    for (fig, name) in [("table1", "32-switch irregular"), ("table2", "4x4 torus")] {
        let Some(p) = pts(points, fig).find(|p| p.variant == "ADAP-LI static 2 KB") else {
            continue;
        };
        let used: Vec<u64> = p.mms_per_nic.iter().copied().filter(|&b| b > 0).collect();
        let mean = used.iter().sum::<u64>() as f64 / used.len().max(1) as f64;
        let _ = writeln!(
            md,
            "| {name} | {} of {} | {mean:.0} | {} | {} |",
            used.len(),
            p.mms_per_nic.len(),
            used.iter().max().unwrap_or(&0),
            2048 * (p.mms_per_nic.len() as u64 - 1)
        );
        curves.push(Curve {
            label: name.into(),
            points: p
                .mms_per_nic
                .iter()
                .enumerate()
                .map(|(i, &b)| (i as f64, b as f64))
                .collect(),
        });
    }
    let f = "inorder_fig7.svg";
    xy(
        &out.join(f),
        "Figure 7: worst-case total rearrange memory per destination",
        "Destination host",
        "Bytes needed at once",
        &curves,
    )?;
    let _ = writeln!(md, "\n![{f}]({f})\n");
    Ok(md)
}

/// Figure 8: execution time against the MTU on the torus.
pub fn figure8(o: &Options, points: &[Point], out: &Path) -> Result<String> {
    let mut labels = vec!["DET".to_string(), "ADAP-OOO".to_string()];
    labels.extend(
        o.pools_kb
            .iter()
            .map(|&kb| format!("ADAP-LI {}", kb_label(kb))),
    );
    let mut md = String::from("## Figure 8: execution time against the MTU (4x4 torus, dynamic memory, cap half the pool)\n\n| | ");
    for m in &o.mtus {
        let _ = write!(md, "MTU {m} | ");
    }
    md += "\n|---|";
    md += &"---|".repeat(o.mtus.len());
    md += "\n";
    let mut curves = vec![];
    for l in &labels {
        let mut c: Vec<&Point> = pts(points, "fig8").filter(|p| &p.variant == l).collect();
        c.sort_by(|a, b| a.x.total_cmp(&b.x));
        let _ = write!(md, "| {l} |");
        let mut xy_pts = vec![];
        for p in &c {
            let t = p
                .exec_cycles
                .map(|e| e as f64 * p.summary.clock_ns / 1000.0);
            let _ = write!(md, " {} |", t.map_or("-".into(), |t| format!("{t:.1}")));
            if let Some(t) = t {
                xy_pts.push((p.x, t));
            }
        }
        md += "\n";
        curves.push(Curve {
            label: l.clone(),
            points: xy_pts,
        });
    }
    let f = "inorder_fig8.svg";
    xy(
        &out.join(f),
        "Figure 8: execution time vs MTU, 4x4 torus",
        "MTU (bytes)",
        "Trace execution time (us)",
        &curves,
    )?;
    let _ = writeln!(md, "\nExecution time in µs.\n\n![{f}]({f})\n");
    Ok(md)
}

/// An execution time in µs ("-" when the trace did not finish).
fn micros(cycles: Option<u64>, clock_ns: f64) -> String {
    cycles.map_or("-".into(), |c| {
        format!("{:.1}", c as f64 * clock_ns / 1000.0)
    })
}

/// The sequenced NIC on seed 001's fat-tree, beside seed 001's free acknowledgements.
pub fn fattree(o: &Options, points: &[Point], free: &[crate::reproduce::fattree::Point]) -> String {
    let mut md = format!("## The same NIC on fat-trees: the Fat-trees paper's Figure 7(b)\n\nThe 2-ary 7-tree of the Fat-trees paper with its storage-like trace ({} µs), execution time (µs) per compression factor. Left: the Fat-trees paper's vct switches with its ideal in-order mechanism (free acknowledgements, 8 MB reorder buffers; `reproduce fattree`). Right: the vc family configured as the Fat-trees paper's switch (virtual cut-through, queues of two packets, credits, 1-byte flits at 6.25 ns) with In-order delivery's sequenced NIC: ACK/NACK packets, ADAP-LI, a dynamic 8 MB pool per destination.\n\n| compression | vct DET | vct SADP in-order (free acks) | vct FF in-order (free acks) | vc DET | vc SADP | vc FF | vc SADP ADAP-LI | vc FF ADAP-LI | waste % SADP / FF ADAP-LI |\n|---|---|---|---|---|---|---|---|---|---|\n", o.fattree_trace_us);
    for &c in &o.fattree_compressions {
        let f = |v: &str| {
            let p = free.iter().find(|p| p.x == c && p.variant == v);
            p.map_or("-".into(), |p| micros(p.exec_cycles, p.summary.clock_ns))
        };
        let g = |v: &str| {
            let p = pts(points, "fattree").find(|p| p.x == c && p.variant == v);
            p.map_or("-".into(), |p| micros(p.exec_cycles, p.summary.clock_ns))
        };
        let w = |v: &str| {
            pts(points, "fattree")
                .find(|p| p.x == c && p.variant == v)
                .and_then(in_order)
                .map_or("-".into(), |s| format!("{:.2}", 100.0 * s.waste_share))
        };
        let _ = writeln!(
            md,
            "| {c} | {} | {} | {} | {} | {} | {} | {} | {} | {} / {} |",
            f("DET"),
            f("SADP in-order 8 MB"),
            f("FF in-order 8 MB"),
            g("DET"),
            g("SADP"),
            g("FF"),
            g("SADP ADAP-LI 8 MB"),
            g("FF ADAP-LI 8 MB"),
            w("SADP ADAP-LI 8 MB"),
            w("FF ADAP-LI 8 MB")
        );
    }
    md + "\n"
}
