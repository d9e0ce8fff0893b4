//! Area of every twin: cells, flip-flops and CMOS transistors of its Yosys synthesis, for
//! design-space exploration that pairs a router configuration with the area of its control
//! blocks (docs/rtl.md §The blocks).
//!
//! Each twin records its own figures (`Twin::AREA`, in its file), so [`area`] works from any
//! directory and the library compiles no generated file in. `flitwave rtl check` synthesizes
//! every twin, writes `rtl/reports/<block>.txt` and fails a block whose figures differ from
//! what it records; a test reads the checked-in reports against them.

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

/// Area of twin `block` as its twin records it ([`super::lockstep::Twin::AREA`]); an unknown
/// block is an error listing the twins.
pub fn area(block: &str) -> Result<Area> {
    Ok(super::find(block)?.area())
}

/// Area of twin `block` from the report in `reports_dir` (a report just written).
pub fn area_in(reports_dir: &Path, block: &str) -> Result<Area> {
    let p = reports_dir.join(format!("{block}.txt"));
    let text = std::fs::read_to_string(&p)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", p.display())))?;
    Area::parse(&text).ok_or_else(|| Error::new(format!("{}: no area figures", p.display())))
}
