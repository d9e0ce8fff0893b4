//! Where the heat map puts switches, hosts and links, by topology kind:
//! - **mesh, torus**: routers as boxes at their coordinates (x to the right, y up), each
//!   direction of a link as an arrow on its own side of the pair; a torus's wrap links as two
//!   stubs leaving one edge and entering the opposite one; each host as a small box at its
//!   router's lower left with its two links;
//! - **k-ary n-tree**: two panels, links going up (towards the roots, injection included) and
//!   going down (ejection included), one above the other; stages as rows, the top stage highest, hosts at the bottom;
//! - **dragonfly**: a group x group matrix of the global links beside one block per group of
//!   its local and host links (`super::dragonfly`);
//! - **anything else**: a matrix, row = sending switch, column = receiving switch, cell =
//!   the link between them; extra columns `h0..` are the links from the row's switch to its
//!   hosts, extra rows `h0..` the links from the column's hosts to it.

use super::{arrow, link_cell, link_path, text, Plot, Scale};
use crate::stats::links::LinkLoad;
use crate::topology::Endpoint;
use crate::topology::Topology;
use std::fmt::Write;

/// Links drawn least utilised first, so busy ones lie on top where they cross.
fn by_load(loads: &[LinkLoad]) -> Vec<&LinkLoad> {
    let mut v: Vec<&LinkLoad> = loads.iter().collect();
    v.sort_by_key(|l| l.flits);
    v
}

/// The position of host `h` among the hosts of its switch.
fn host_slot(topo: &Topology, h: usize) -> usize {
    let sw = topo.host(h).sw;
    topo.hosts_of(sw).position(|x| x == h).unwrap_or(0)
}

pub(super) fn grid(
    topo: &Topology,
    [nx, ny]: [usize; 2],
    loads: &[LinkLoad],
    scale: &Scale,
) -> Plot {
    let s = if nx.max(ny) <= 8 {
        96.0
    } else {
        (768.0 / nx.max(ny) as f64).max(40.0)
    };
    let r = s * 0.34;
    // room for a torus's wrap stubs, and the axis labels beyond them
    let m = s * 0.8 + 24.0;
    let centre = |sw: usize| {
        let (x, y) = (sw % nx, sw / nx);
        (m + x as f64 * s, m + (ny - 1 - y) as f64 * s)
    };
    let hosts_per = topo.hosts_of(0).count().max(1);
    let host_pos = |h: usize| {
        let (cx, cy) = centre(topo.host(h).sw);
        let j = host_slot(topo, h) as f64;
        let d = s * 0.3 + j * s * 0.14 / hosts_per as f64;
        (cx - d - j * 6.0, cy + d - j * 6.0)
    };
    let hs = (s * 0.1).max(5.0);
    let mut b = String::new();
    // axes
    for x in 0..nx {
        text(
            &mut b,
            m + x as f64 * s,
            m + (ny - 1) as f64 * s + s * 0.72,
            11.0,
            "middle",
            &format!("x={x}"),
        );
    }
    for y in 0..ny {
        text(
            &mut b,
            2.0,
            m + (ny - 1 - y) as f64 * s + 4.0,
            11.0,
            "start",
            &format!("y={y}"),
        );
    }
    let (hw, hl, off) = (
        (s * 0.03).max(1.5),
        (s * 0.08).max(4.0),
        (s * 0.045).max(2.5),
    );
    for l in by_load(loads) {
        let d = match (l.from, l.to) {
            (Endpoint::Switch { sw: a, port }, Endpoint::Switch { sw: bb, .. }) => {
                let (pa, pb) = (centre(a), centre(bb));
                let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
                let len = (dx * dx + dy * dy).sqrt();
                if len <= s * 1.01 {
                    let (ux, uy) = (dx / len, dy / len);
                    let g = r * 0.5 + 3.0;
                    arrow(
                        (pa.0 + ux * g, pa.1 + uy * g),
                        (pb.0 - ux * g, pb.1 - uy * g),
                        off,
                        hw,
                        hl,
                    )
                } else {
                    // a wrap link: out of one edge, into the opposite one
                    let h = topo.ports_per_switch - 4;
                    let (ux, uy) = match port.wrapping_sub(h) {
                        0 => (1.0, 0.0),
                        1 => (-1.0, 0.0),
                        2 => (0.0, -1.0),
                        _ => (0.0, 1.0),
                    };
                    let g = r * 0.5 + 3.0;
                    let stub = s * 0.55;
                    let out = arrow(
                        (pa.0 + ux * g, pa.1 + uy * g),
                        (pa.0 + ux * stub, pa.1 + uy * stub),
                        off,
                        hw,
                        0.0,
                    );
                    let inn = arrow(
                        (pb.0 - ux * stub, pb.1 - uy * stub),
                        (pb.0 - ux * g, pb.1 - uy * g),
                        off,
                        hw,
                        hl,
                    );
                    format!("{out} {inn}")
                }
            }
            (Endpoint::Nic(h), Endpoint::Switch { sw, .. }) => {
                arrow(host_pos(h), centre(sw), off * 0.6, hw * 0.8, hl * 0.8)
            }
            (Endpoint::Switch { sw, .. }, Endpoint::Nic(h)) => {
                arrow(centre(sw), host_pos(h), off * 0.6, hw * 0.8, hl * 0.8)
            }
            _ => continue,
        };
        link_path(&mut b, &d, l, scale);
    }
    for h in 0..topo.num_hosts() {
        let (x, y) = host_pos(h);
        let _ = writeln!(
            b,
            r##"<rect x="{:.1}" y="{:.1}" width="{hs:.1}" height="{hs:.1}" fill="#e8eef8" stroke="#335" stroke-width="0.6"><title>nic{h}</title></rect>"##,
            x - hs / 2.0,
            y - hs / 2.0
        );
    }
    for sw in 0..topo.switches {
        let (x, y) = centre(sw);
        let _ = writeln!(
            b,
            r##"<rect x="{:.1}" y="{:.1}" width="{r:.1}" height="{r:.1}" rx="3" fill="#f4f4f4" stroke="#222" stroke-width="0.8"><title>sw{sw}</title></rect>"##,
            x - r / 2.0,
            y - r / 2.0
        );
        text(
            &mut b,
            x,
            y + 3.5,
            (r * 0.3).clamp(6.0, 10.0),
            "middle",
            &sw.to_string(),
        );
    }
    Plot {
        body: b,
        width: 2.0 * m + (nx - 1) as f64 * s,
        height: 2.0 * m + (ny - 1) as f64 * s,
    }
}

pub(super) fn tree(topo: &Topology, k: u32, n: u32, loads: &[LinkLoad], scale: &Scale) -> Plot {
    let spp = (k as usize).pow(n - 1);
    let hosts = topo.num_hosts();
    let w = (hosts as f64 * 14.0).clamp(480.0, 1400.0);
    let v = 110.0;
    let (x0, top) = (56.0, 26.0);
    // the panels one above the other: links going up, then links going down
    let panel_h = top + n as f64 * v + 30.0;
    let stage = |sw: usize| sw / spp;
    let sw_pos = |sw: usize, y0: f64| {
        let (s, o) = (stage(sw), sw % spp);
        (
            x0 + (o as f64 + 0.5) * w / spp as f64,
            y0 + top + (n as usize - 1 - s) as f64 * v,
        )
    };
    let host_pos = |h: usize, y0: f64| {
        (
            x0 + (h as f64 + 0.5) * w / hosts as f64,
            y0 + top + n as f64 * v,
        )
    };
    let bw = (w / spp as f64 * 0.6).min(36.0);
    let mut b = String::new();
    for (panel, y0) in [
        (
            "links going up (towards the roots), injection from the hosts included",
            0.0,
        ),
        (
            "links going down (towards the hosts), ejection to the hosts included",
            panel_h,
        ),
    ] {
        text(&mut b, x0 + w / 2.0, y0 + 10.0, 13.0, "middle", panel);
        for s in 0..n as usize {
            let y = y0 + top + (n as usize - 1 - s) as f64 * v + 4.0;
            text(&mut b, x0 - 6.0, y, 10.0, "end", &format!("stage {s}"));
        }
        text(
            &mut b,
            x0 - 6.0,
            y0 + top + n as f64 * v + 8.0,
            10.0,
            "end",
            "hosts",
        );
    }
    let (hw, hl) = (1.3, 6.0);
    for l in by_load(loads) {
        let (a, c) = match (l.from, l.to) {
            (Endpoint::Switch { sw: a, .. }, Endpoint::Switch { sw: c, .. }) => {
                let y0 = if stage(c) > stage(a) { 0.0 } else { panel_h };
                (sw_pos(a, y0), sw_pos(c, y0))
            }
            (Endpoint::Nic(h), Endpoint::Switch { sw, .. }) => (host_pos(h, 0.0), sw_pos(sw, 0.0)),
            (Endpoint::Switch { sw, .. }, Endpoint::Nic(h)) => {
                (sw_pos(sw, panel_h), host_pos(h, panel_h))
            }
            _ => continue,
        };
        // from the edge of the switch box, not its centre
        let dy = if c.1 < a.1 { -1.0 } else { 1.0 };
        let a = (a.0, a.1 + dy * 8.0);
        let c = (c.0, c.1 - dy * 8.0);
        link_path(&mut b, &arrow(a, c, 0.0, hw, hl), l, scale);
    }
    for y0 in [0.0, panel_h] {
        for sw in 0..topo.switches {
            let (x, y) = sw_pos(sw, y0);
            let _ = writeln!(
                b,
                r##"<rect x="{:.1}" y="{:.1}" width="{bw:.1}" height="16" rx="3" fill="#f4f4f4" stroke="#222" stroke-width="0.8"><title>sw{sw}</title></rect>"##,
                x - bw / 2.0,
                y - 8.0
            );
            text(&mut b, x, y + 3.5, 8.5, "middle", &sw.to_string());
        }
        let hs = (w / hosts as f64 * 0.6).clamp(3.0, 10.0);
        for h in 0..hosts {
            let (x, y) = host_pos(h, y0);
            let _ = writeln!(
                b,
                r##"<rect x="{:.1}" y="{:.1}" width="{hs:.1}" height="{hs:.1}" fill="#e8eef8" stroke="#335" stroke-width="0.5"><title>nic{h}</title></rect>"##,
                x - hs / 2.0,
                y
            );
        }
    }
    Plot {
        body: b,
        width: x0 + w + 8.0,
        height: 2.0 * panel_h,
    }
}

pub(super) fn matrix(topo: &Topology, loads: &[LinkLoad], scale: &Scale) -> Plot {
    let ns = topo.switches;
    let nh = (0..ns).map(|s| topo.hosts_of(s).count()).max().unwrap_or(0);
    let cells = ns + nh;
    let c = (640.0 / cells as f64).clamp(5.0, 30.0);
    let (x0, y0) = (64.0, 64.0);
    let fs = (c * 0.55).clamp(5.0, 11.0);
    let label_every = (12.0 / c).ceil().max(1.0) as usize;
    let mut b = String::new();
    text(
        &mut b,
        x0 + cells as f64 * c / 2.0,
        12.0,
        12.0,
        "middle",
        "to (column): switch, or the row switch's host h0..",
    );
    let _ = writeln!(
        b,
        r#"<text x="14" y="{:.1}" font-size="12" text-anchor="middle" transform="rotate(-90 14 {:.1})">from (row): switch, or the column switch's host h0..</text>"#,
        y0 + cells as f64 * c / 2.0,
        y0 + cells as f64 * c / 2.0
    );
    let name = |i: usize| {
        if i < ns {
            i.to_string()
        } else {
            format!("h{}", i - ns)
        }
    };
    for i in (0..cells).filter(|i| i % label_every == 0 || *i >= ns) {
        let p = i as f64 * c + c / 2.0;
        text(&mut b, x0 - 4.0, y0 + p + fs * 0.35, fs, "end", &name(i));
        text(&mut b, x0 + p, y0 - 6.0, fs, "middle", &name(i));
    }
    // the frame: cells without a link stay white
    let _ = writeln!(
        b,
        r##"<rect x="{x0}" y="{y0}" width="{:.1}" height="{:.1}" fill="white" stroke="#888" stroke-width="0.6"/>"##,
        cells as f64 * c,
        cells as f64 * c
    );
    for l in loads {
        let (row, col) = match (l.from, l.to) {
            (Endpoint::Switch { sw: a, .. }, Endpoint::Switch { sw: z, .. }) => (a, z),
            (Endpoint::Switch { sw, .. }, Endpoint::Nic(h)) => (sw, ns + host_slot(topo, h)),
            (Endpoint::Nic(h), Endpoint::Switch { sw, .. }) => (ns + host_slot(topo, h), sw),
            _ => continue,
        };
        link_cell(
            &mut b,
            x0 + col as f64 * c,
            y0 + row as f64 * c,
            c,
            l,
            scale,
        );
    }
    let e = x0 + ns as f64 * c;
    let f = y0 + ns as f64 * c;
    let _ = writeln!(
        b,
        r##"<path d="M{e:.1} {y0:.1} V{:.1} M{x0:.1} {f:.1} H{:.1}" stroke="#222" stroke-width="1.2"/>"##,
        y0 + cells as f64 * c,
        x0 + cells as f64 * c
    );
    Plot {
        body: b,
        width: x0 + cells as f64 * c + 8.0,
        height: y0 + cells as f64 * c + 8.0,
    }
}
