//! Area of every twin, from its checked-in synthesis report (`rtl/reports/<block>.txt`, written
//! by `flitwave rtl check`; docs/rtl.md §The blocks): for design-space exploration that pairs a
//! router configuration with the area of its control blocks.
//!
//! The reports are compiled in, so [`area`] works from any directory; a test checks that they
//! are fresh (what `rtl check` writes now) and that every registered twin has one.

use crate::error::{Error, Result};
use std::path::Path;

/// Area of one twin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Area {
    /// Cells of Yosys's generic gate library (`synth -flatten`).
    pub cells: u64,
    /// Flip-flops (RAMs included: generic synthesis has no RAM macro).
    pub flops: u64,
    /// Transistors of the CMOS mapping (`dffunmap; abc -g cmos; stat -tech cmos`).
    pub transistors: u64,
}

impl Area {
    /// Read the figures of a synthesis report (`eda::Synth::report`).
    pub fn parse(report: &str) -> Option<Area> {
        let field = |key: &str| {
            report.lines().find_map(|l| {
                let mut w = l.split_whitespace();
                (w.next() == Some(key)).then(|| w.next()?.parse().ok())?
            })
        };
        Some(Area {
            cells: field("cells")?,
            flops: field("flip-flops")?,
            transistors: field("transistors")?,
        })
    }
}

/// The checked-in reports, by block.
pub static REPORTS: &[(&str, &str)] = &[
    ("arbiter", include_str!("../../rtl/reports/arbiter.txt")),
    (
        "slack_buffer",
        include_str!("../../rtl/reports/slack_buffer.txt"),
    ),
    ("credit", include_str!("../../rtl/reports/credit.txt")),
    ("ir_fir", include_str!("../../rtl/reports/ir_fir.txt")),
    ("itb", include_str!("../../rtl/reports/itb.txt")),
    ("allocator", include_str!("../../rtl/reports/allocator.txt")),
    (
        "vc_allocator",
        include_str!("../../rtl/reports/vc_allocator.txt"),
    ),
    ("dl_table", include_str!("../../rtl/reports/dl_table.txt")),
    ("rearrange", include_str!("../../rtl/reports/rearrange.txt")),
    ("luc_ncb", include_str!("../../rtl/reports/luc_ncb.txt")),
    (
        "speculative",
        include_str!("../../rtl/reports/speculative.txt"),
    ),
];

/// Area of twin `block` from its checked-in report; an unknown block is an error listing the
/// twins.
pub fn area(block: &str) -> Result<Area> {
    super::find(block)?;
    let (_, text) = REPORTS
        .iter()
        .find(|(n, _)| *n == block)
        .ok_or_else(|| Error::new(format!("{block}: no rtl/reports/{block}.txt compiled in")))?;
    Area::parse(text).ok_or_else(|| {
        Error::new(format!(
            "rtl/reports/{block}.txt has no cells/flip-flops/transistors figures: run `flitwave rtl check`"
        ))
    })
}

/// Area of twin `block` from the report in `reports_dir` (a report just written).
pub fn area_in(reports_dir: &Path, block: &str) -> Result<Area> {
    let p = reports_dir.join(format!("{block}.txt"));
    let text = std::fs::read_to_string(&p)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", p.display())))?;
    Area::parse(&text).ok_or_else(|| Error::new(format!("{}: no area figures", p.display())))
}
