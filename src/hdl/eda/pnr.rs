//! Real implementation figures of a twin (docs/rtl.md §FPGA): Yosys maps it to
//! the iCE40 (`synth_ice40`: LUT4s, flip-flops, carry cells, block RAMs), and nextpnr-ice40
//! places and routes it on the largest iCE40, the HX8K (7,680 logic cells, 32 block RAMs),
//! reporting its maximum clock frequency from the timing analysis.
//!
//! A twin's ports outnumber the package's pins (up to 353 bits against 206), and unregistered
//! ports leave its paths half outside the clock domain, so it is placed inside a harness: every
//! input bit is a flip-flop of one shift chain from one pin, every output bit a flip-flop of a
//! loadable shift chain to one pin. The harness adds no logic in front of the inputs and at
//! most one LUT level behind the outputs, and makes every path of the twin register to
//! register: the fmax is the twin's own, as it would clock between registered neighbours. The
//! LUT, flip-flop and RAM counts are those of the twin alone, without the harness.
//!
//! The tools are Debian's (`nextpnr-ice40`, `fpga-icestorm`); the seed is fixed, so the figures
//! are reproducible and the checked-in reports can be compared.

use super::{cell_counts, last_lines, module, scratch, tool};
use crate::error::{Error, Result};
use crate::hdl::lockstep::Port;
use std::fmt::Write as _;
use std::path::Path;

/// The device and package placed on: the largest iCE40 (HX8K in its 256-ball package).
pub const DEVICE: (&str, &str) = ("hx8k", "ct256");

/// Logic cells and block RAMs of the device.
pub const DEVICE_LCS: u64 = 7680;
pub const DEVICE_BRAMS: u64 = 32;

/// nextpnr's placement seed.
pub const SEED: u32 = 1;

/// Figures of one twin on the iCE40.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ice40 {
    /// Cells of `synth_ice40` (the twin alone).
    pub luts: u64,
    pub flip_flops: u64,
    pub carries: u64,
    pub brams: u64,
    /// Logic cells nextpnr packed the harnessed design into (harness included).
    pub logic_cells: u64,
    /// Maximum clock frequency, MHz (None: no register-to-register path).
    pub fmax_mhz: Option<f64>,
    pub nextpnr: String,
}

impl Ice40 {
    /// The critical path's delay, logic and routing, ns.
    pub fn critical_ns(&self) -> Option<f64> {
        self.fmax_mhz.map(|f| 1000.0 / f)
    }

    /// Lines of the checked-in report (`rtl/reports/<name>.txt`).
    pub fn report(&self) -> String {
        let (dev, pkg) = DEVICE;
        let mut s = format!(
            "\niCE40 ({dev}, {pkg}): `synth_ice40`, then `nextpnr-ice40 --{dev} --package {pkg} --seed {SEED}` of\n\
             the twin inside a harness of shift chains (every port bit a flip-flop; docs/rtl.md); tool: {}\n",
            self.nextpnr
        );
        let _ = writeln!(s, "  LUT4s        {}", self.luts);
        let _ = writeln!(s, "  flip-flops   {}", self.flip_flops);
        let _ = writeln!(s, "  carry cells  {}", self.carries);
        let _ = writeln!(s, "  block RAMs   {} of {DEVICE_BRAMS}", self.brams);
        let _ = writeln!(
            s,
            "  logic cells  {} of {DEVICE_LCS} (with the harness)",
            self.logic_cells
        );
        match (self.fmax_mhz, self.critical_ns()) {
            (Some(f), Some(ns)) => {
                let _ = writeln!(s, "  fmax         {f:.2} MHz (critical path {ns:.2} ns)");
            }
            _ => s.push_str("  fmax         - (no register-to-register path)\n"),
        }
        s
    }
}

/// The harness around `top`: inputs from one shift chain, outputs into a loadable one.
pub fn harness(top: &str, inputs: &[Port], outputs: &[Port]) -> String {
    let ni: u32 = inputs.iter().map(|p| p.width).sum();
    let no: u32 = outputs.iter().map(|p| p.width).sum();
    let mut v = format!(
        "// Place-and-route harness of {top} (flitwave rtl check): every input bit a flip-flop of\n\
         // one shift chain, every output bit one of a loadable shift chain.\n\
         module {top}_pnr(input wire clock, input wire reset, input wire sin, input wire load, output wire sout);\n\
         \x20   reg [{}:0] in_r;\n\
         \x20   reg [{}:0] out_r;\n\
         \x20   wire [{}:0] o;\n\
         \x20   always @(posedge clock) in_r <= {{in_r, sin}};\n\
         \x20   always @(posedge clock) out_r <= load ? o : {{out_r, 1'b0}};\n\
         \x20   assign sout = out_r[{}];\n\
         \x20   {top} dut(.clock(clock), .reset(reset)",
        ni.max(1) - 1,
        no.max(1) - 1,
        no.max(1) - 1,
        no.max(1) - 1
    );
    let mut at = 0;
    for p in inputs {
        let _ = write!(v, ", .{}(in_r[{}:{}])", p.name, at + p.width - 1, at);
        at += p.width;
    }
    let mut at = 0;
    for p in outputs {
        let _ = write!(v, ", .{}(o[{}:{}])", p.name, at + p.width - 1, at);
        at += p.width;
    }
    v.push_str(");\nendmodule\n");
    v
}

/// Synthesise `file` (top `fw_<name>`) for the iCE40 and place and route it in its harness.
pub fn ice40(file: &Path, name: &str, inputs: &[Port], outputs: &[Port]) -> Result<Ice40> {
    let top = module(name);
    let dir = scratch(&format!("{name}-pnr"))?;
    std::fs::write(dir.join("harness.v"), harness(&top, inputs, outputs))
        .map_err(|e| Error::new(format!("cannot write the harness of {top}: {e}")))?;
    let f = file.display();
    // the twin alone: its cells
    let (ok, log) = tool(
        "yosys",
        &[
            "-p",
            &format!("read_verilog {f}; synth_ice40 -top {top}; stat"),
        ],
        &dir,
    )?;
    if !ok {
        return Err(Error::new(format!(
            "{top}: yosys synth_ice40 failed:\n{}",
            last_lines(&log, 12)
        )));
    }
    let cells = cell_counts(&log);
    let count = |pre: &str| -> u64 {
        cells
            .iter()
            .filter(|(t, _)| t.starts_with(pre))
            .map(|(_, n)| n)
            .sum()
    };
    // the harnessed design, placed and routed
    let script = format!("read_verilog {f} harness.v; synth_ice40 -top {top}_pnr -json pnr.json");
    let (ok, log) = tool("yosys", &["-q", "-p", &script], &dir)?;
    if !ok {
        return Err(Error::new(format!(
            "{top}: yosys synth_ice40 of the harness failed:\n{}",
            last_lines(&log, 12)
        )));
    }
    let (dev, pkg) = DEVICE;
    let seed = SEED.to_string();
    let args = [
        &format!("--{dev}")[..],
        "--package",
        pkg,
        "--json",
        "pnr.json",
        "--seed",
        &seed,
        "--freq",
        "12",
    ];
    let (ok, log) = tool("nextpnr-ice40", &args, &dir)
        .map_err(|e| Error::new(format!("{e} (place and route needs nextpnr-ice40)")))?;
    let (_, v) = tool("nextpnr-ice40", &["--version"], &dir)?;
    let _ = std::fs::remove_dir_all(&dir);
    if !ok {
        return Err(Error::new(format!(
            "{top}: nextpnr-ice40 could not place and route it on the {dev}:\n{}",
            last_lines(&log, 12)
        )));
    }
    let fmax_mhz = parse_timing(&log);
    Ok(Ice40 {
        luts: count("SB_LUT4"),
        flip_flops: count("SB_DFF"),
        carries: count("SB_CARRY"),
        brams: count("SB_RAM"),
        logic_cells: parse_used(&log, "ICESTORM_LC")
            .ok_or_else(|| Error::new(format!("{top}: no logic-cell count in the nextpnr log")))?,
        fmax_mhz,
        nextpnr: version(&v),
    })
}

/// `Info: ICESTORM_LC:   117/ 7680     1%` → 117.
pub fn parse_used(log: &str, kind: &str) -> Option<u64> {
    log.lines().rev().find_map(|l| {
        let rest = l.split_once(&format!("{kind}:"))?.1;
        rest.split('/').next()?.trim().parse().ok()
    })
}

/// The final timing analysis: fmax of the clock (MHz) — the last `Max frequency for clock`
/// line, which follows routing.
pub fn parse_timing(log: &str) -> Option<f64> {
    log.lines()
        .rev()
        .find(|l| l.contains("Max frequency for clock"))
        .and_then(|l| {
            l.rsplit_once("': ")?
                .1
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
}

/// nextpnr's version from `--version`: `nextpnr-ice40 -- … (Version 0.4-1+b1)`.
fn version(text: &str) -> String {
    text.split_once("(Version ")
        .and_then(|(_, v)| v.split(')').next())
        .map(|v| format!("nextpnr-ice40 {v}"))
        .unwrap_or_else(|| "nextpnr-ice40".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hdl::lockstep::port;

    #[test]
    fn the_harness_wires_every_port_bit_once() {
        let v = harness(
            "fw_x",
            &[port("a", 3), port("b", 1)],
            &[port("y", 2), port("z", 5)],
        );
        assert!(v.contains("reg [3:0] in_r;") && v.contains("reg [6:0] out_r;"));
        assert!(v.contains(".a(in_r[2:0]), .b(in_r[3:3])"), "{v}");
        assert!(v.contains(".y(o[1:0]), .z(o[6:2])"), "{v}");
        assert!(v.contains("assign sout = out_r[6];"));
    }

    #[test]
    fn timing_and_utilisation_are_read_from_the_log() {
        let log = "Info: Max frequency for clock 'clk': 50.00 MHz (PASS at 12.00 MHz)\n\
                   Info: \t         ICESTORM_LC:   117/ 7680     1%\n\
                   Info: Max frequency for clock 'clock$SB_IO_IN_$glb_clk': 135.56 MHz (PASS at 12.00 MHz)\n";
        let f = parse_timing(log);
        assert_eq!(f, Some(135.56));
        let ns = Ice40 {
            fmax_mhz: f,
            ..Default::default()
        }
        .critical_ns();
        assert!((ns.unwrap() - 7.3768).abs() < 1e-3);
        assert_eq!(parse_used(log, "ICESTORM_LC"), Some(117));
        assert_eq!(
            parse_timing("Info: Clock 'c' has no interior paths\n"),
            None
        );
        let stat = "   Number of cells:                157\n     SB_CARRY                       28\n     SB_DFFESR                      32\n\n";
        assert_eq!(
            cell_counts(stat),
            vec![("SB_CARRY".into(), 28), ("SB_DFFESR".into(), 32)]
        );
    }
}
