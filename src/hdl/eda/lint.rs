//! Verilator lint of the emitted Verilog (`verilator --lint-only -Wall`), and the one waiver
//! list (docs/rtl.md §Lint).

use super::{scratch, tool};
use crate::error::Result;
use std::path::Path;

/// Verilator lint result.
#[derive(Debug, Clone, Default)]
pub struct Lint {
    /// Warnings waived as known rust-hdl noise (see [`waived`]).
    pub waived: usize,
    /// Every other warning or error: each one fails the check.
    pub failures: Vec<String>,
}

impl Lint {
    /// `clean(N)`: no warning left after waiving N; else `N warn`.
    pub fn summary(&self) -> String {
        if self.failures.is_empty() {
            format!("clean({})", self.waived)
        } else {
            format!("{} warn", self.failures.len())
        }
    }
}

/// The waiver list, and the only one (docs/rtl.md §Lint):
/// - `DECLFILENAME`: rust-hdl writes every sub-block instance as its own module into one file,
///   so module and file names cannot match;
/// - `WIDTH` naming a 32- or 64-bit operand: rust-hdl writes Rust integer literals as `32'hN` /
///   `64'hN`, so every expression with a literal is widened and truncated back. flitwave's twins
///   have no 32- or 64-bit signal, so a real width bug (say 8 bits into 3) is never waived.
pub fn waived(kind: &str, message: &str) -> bool {
    match kind {
        "DECLFILENAME" => true,
        "WIDTH" => {
            let widths = message
                .split(" bits")
                .filter_map(|s| s.rsplit(' ').next()?.parse::<u32>().ok());
            widths.into_iter().any(|w| w == 32 || w == 64)
        }
        _ => false,
    }
}

/// Classify Verilator's output lines (`%Warning-KIND: file:line:col: message`, `%Error...`).
pub fn classify_lint(output: &str) -> Lint {
    let mut l = Lint::default();
    for line in output.lines() {
        let Some(rest) = line.strip_prefix('%') else {
            continue;
        };
        if let Some(w) = rest.strip_prefix("Warning-") {
            let (kind, msg) = w.split_once(':').unwrap_or((w, ""));
            if waived(kind, msg) {
                l.waived += 1;
            } else {
                l.failures.push(line.to_string());
            }
        } else if rest.starts_with("Error") {
            l.failures.push(line.to_string());
        }
    }
    l
}

/// `verilator --lint-only -Wall` on `file` with top module `top`.
pub fn lint(file: &Path, top: &str) -> Result<Lint> {
    let dir = scratch(top)?;
    let f = file.to_string_lossy();
    let (ok, out) = tool(
        "verilator",
        &[
            "--lint-only",
            "-Wall",
            "-Wno-fatal",
            "--top-module",
            top,
            &f,
        ],
        &dir,
    )?;
    let mut l = classify_lint(&out);
    if !ok && l.failures.is_empty() {
        l.failures.push(format!("verilator failed: {out}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(l)
}
