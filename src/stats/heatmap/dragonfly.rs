//! The heat map of a dragonfly: two panels side by side.
//! - **global links**: a group x group matrix, row = sending group, column = receiving
//!   group, cell = the one global link between them in that direction (next-group traffic
//!   lights the diagonal just right of the main one);
//! - **groups**: one block per group, the routers of a group together, laid out in rows of
//!   blocks; inside a block, row = sending router r0.. or host h0.. of the column's router,
//!   column = receiving router or host h0.. of the row's router: its local links and its
//!   routers' host links.
//!
//! Every link is one cell, inside `<g class="global-links">` or `<g class="group"
//! data-group="G">`. At BookSim2's 33 groups of 8 routers with 4 hosts each the matrix has 33 x
//! 33 cells of 16 px and each block 12 x 12 cells of 6 px.

use super::{link_cell, text, Plot, Scale};
use crate::stats::links::LinkLoad;
use crate::topology::dragonfly::Dragonfly;
use crate::topology::Endpoint;
use std::fmt::Write;

/// The two panels of dragonfly `d`'s links.
pub fn draw(d: Dragonfly, loads: &[LinkLoad], scale: &Scale) -> Plot {
    let (g, a, p) = (d.groups(), d.a, d.p);
    let mut b = String::new();
    // the global matrix
    let c = (560.0 / g as f64).clamp(6.0, 28.0);
    let (x0, y0) = (56.0, 56.0);
    let side = g as f64 * c;
    let fs = (c * 0.6).clamp(6.0, 11.0);
    let every = (14.0 / c).ceil().max(1.0) as usize;
    text(
        &mut b,
        x0 + side / 2.0,
        12.0,
        13.0,
        "middle",
        "global links: to group (column)",
    );
    let _ = writeln!(
        b,
        r#"<text x="14" y="{m:.1}" font-size="13" text-anchor="middle" transform="rotate(-90 14 {m:.1})">from group (row)</text>"#,
        m = y0 + side / 2.0
    );
    for i in (0..g).filter(|i| i % every == 0) {
        let q = i as f64 * c + c / 2.0;
        text(
            &mut b,
            x0 - 4.0,
            y0 + q + fs * 0.35,
            fs,
            "end",
            &i.to_string(),
        );
        text(&mut b, x0 + q, y0 - 6.0, fs, "middle", &i.to_string());
    }
    let _ = writeln!(
        b,
        r##"<rect x="{x0}" y="{y0}" width="{side:.1}" height="{side:.1}" fill="white" stroke="#888" stroke-width="0.6"/>"##
    );
    b.push_str("<g class=\"global-links\">\n");
    let group = |sw: usize| sw / a;
    for l in loads {
        if let (Endpoint::Switch { sw: x, .. }, Endpoint::Switch { sw: z, .. }) = (l.from, l.to) {
            if group(x) != group(z) {
                let (r, col) = (group(x), group(z));
                link_cell(&mut b, x0 + col as f64 * c, y0 + r as f64 * c, c, l, scale);
            }
        }
    }
    b.push_str("</g>\n");
    // the group blocks, right of the matrix
    let n = a + p;
    let per_row = (g as f64).sqrt().ceil() as usize;
    let rows = g.div_ceil(per_row);
    let bc = (560.0 / (per_row * n) as f64).clamp(4.0, 24.0);
    let gap = (bc * 2.0).max(14.0);
    let bx0 = x0 + side + 48.0;
    let block = n as f64 * bc;
    text(
        &mut b,
        bx0 + (per_row as f64 * (block + gap)) / 2.0,
        12.0,
        13.0,
        "middle",
        &format!(
            "groups: local links among routers r0..r{}, host links h0..h{} (row to column)",
            a - 1,
            p - 1
        ),
    );
    let origin = |grp: usize| {
        (
            bx0 + (grp % per_row) as f64 * (block + gap),
            y0 + (grp / per_row) as f64 * (block + gap),
        )
    };
    for grp in 0..g {
        let (ox, oy) = origin(grp);
        text(
            &mut b,
            ox + block / 2.0,
            oy - 3.0,
            9.0,
            "middle",
            &format!("group {grp}"),
        );
        let _ = writeln!(
            b,
            r##"<rect x="{ox:.1}" y="{oy:.1}" width="{block:.1}" height="{block:.1}" fill="white" stroke="#888" stroke-width="0.5"/>"##
        );
        // routers apart from hosts
        let e = ox + a as f64 * bc;
        let f = oy + a as f64 * bc;
        let _ = writeln!(
            b,
            r##"<path d="M{e:.1} {oy:.1} V{:.1} M{ox:.1} {f:.1} H{:.1}" stroke="#222" stroke-width="0.8"/>"##,
            oy + block,
            ox + block
        );
    }
    let mut cells: Vec<Vec<(usize, usize, &LinkLoad)>> = vec![vec![]; g];
    for l in loads {
        let slot = |h: usize| h % p;
        let (grp, r, col) = match (l.from, l.to) {
            (Endpoint::Switch { sw: x, .. }, Endpoint::Switch { sw: z, .. }) => {
                if group(x) != group(z) {
                    continue;
                }
                (group(x), x % a, z % a)
            }
            (Endpoint::Switch { sw, .. }, Endpoint::Nic(h)) => (group(sw), sw % a, a + slot(h)),
            (Endpoint::Nic(h), Endpoint::Switch { sw, .. }) => (group(sw), a + slot(h), sw % a),
            _ => continue,
        };
        cells[grp].push((r, col, l));
    }
    for (grp, v) in cells.iter().enumerate() {
        let (ox, oy) = origin(grp);
        let _ = writeln!(b, r#"<g class="group" data-group="{grp}">"#);
        for &(r, col, l) in v {
            link_cell(
                &mut b,
                ox + col as f64 * bc,
                oy + r as f64 * bc,
                bc,
                l,
                scale,
            );
        }
        b.push_str("</g>\n");
    }
    let blocks_h = rows as f64 * (block + gap);
    Plot {
        body: b,
        width: bx0 + per_row as f64 * (block + gap) + 8.0,
        height: y0 + side.max(blocks_h) + 8.0,
    }
}
