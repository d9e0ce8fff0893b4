//! `flitwave rtl`: the RTL twins' Verilog, its checks, and waveforms (docs/rtl.md).

use super::args::{RtlCheckArgs, RtlCmd};
use flitwave::hdl;
use flitwave::hdl::eda::{self, CheckOptions};
use flitwave::hdl::lockstep::Options;
use flitwave::sim::trace::WaveFormat;
use flitwave::{Error, Result};
use std::path::PathBuf;

pub(crate) fn cmd_rtl(c: RtlCmd) -> Result<()> {
    match c {
        RtlCmd::List => {
            for b in hdl::BLOCKS {
                outln!("{:<14} {}", b.name(), b.summary());
                let ports = |ps: &[hdl::lockstep::Port]| {
                    ps.iter()
                        .map(|p| format!("{}[{}]", p.name, p.width))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                outln!("{:<14}   module: {}", "", eda::module(b.name()));
                outln!("{:<14}   in:  clock reset {}", "", ports(b.inputs()));
                outln!("{:<14}   out: {}", "", ports(b.outputs()));
            }
            Ok(())
        }
        RtlCmd::Emit { dir } => {
            let changed = eda::emit(hdl::BLOCKS, &dir)?;
            for b in hdl::BLOCKS {
                for p in [
                    eda::verilog_path(&dir, b.name()),
                    eda::tidy_path(&dir, b.name()),
                ] {
                    let tag = if changed.contains(&p) {
                        "written"
                    } else {
                        "unchanged"
                    };
                    outln!("{:<40} {tag}", p.display());
                }
            }
            Ok(())
        }
        RtlCmd::Check(a) => cmd_check(a),
        RtlCmd::Prove(a) => super::rtl_prove::cmd_prove(a),
        RtlCmd::Mutate(a) => super::rtl_mutate::cmd_mutate(a),
        RtlCmd::Network(a) => super::rtl_network::cmd_network(*a),
        RtlCmd::Testbench {
            block,
            output,
            cycles,
            seed,
        } => {
            let b = hdl::find(&block)?;
            let (n, v) = b.lockstep(&lockstep_options(cycles, seed)?)?;
            let bench = eda::testbench(b.name(), &b.verilog(), &v, None);
            for p in eda::write_bench(&bench, &output)? {
                outln!("{}", p.display());
            }
            outln!(
                "{n} cycles; run: cd {} && iverilog -g2012 -o tb *.v && vvp tb",
                output.display()
            );
            Ok(())
        }
        RtlCmd::Wave {
            block,
            output,
            wave_format,
            cycles,
            seed,
        } => {
            let b = hdl::find(&block)?;
            if cycles == 0 {
                return Err(Error::field("--cycles", "0 is out of range, allowed >= 1"));
            }
            let ext = wave_format.as_deref().unwrap_or("vcd");
            let out = output.unwrap_or_else(|| PathBuf::from(format!("waves/{block}.{ext}")));
            let format = WaveFormat::resolve(&out, wave_format.as_deref(), "--wave-format")?;
            let stem = out.with_extension("");
            let internal = PathBuf::from(format!("{}_rtl.vcd", stem.display()));
            let o = Options {
                seed,
                ..Options::default()
            };
            b.wave(&o, cycles, &out, format, Some(&internal))?;
            outln!(
                "model and twin ports: {} (open: gtkwave {})",
                out.display(),
                flitwave::sim::gtkw::save_path(&out).display()
            );
            outln!("twin internals:       {}", internal.display());
            Ok(())
        }
    }
}

fn cmd_check(a: RtlCheckArgs) -> Result<()> {
    if a.cycles == 0 {
        return Err(Error::field("--cycles", "0 is out of range, allowed >= 1"));
    }
    let blocks = hdl::selected(&a.block)?;
    eda::require_tools()?;
    let o = CheckOptions {
        lockstep: Options {
            seed: a.seed,
            random_cycles: a.cycles,
            ..Options::default()
        },
        reports_dir: (!a.no_reports).then(|| a.dir.join("reports")),
        corrupt: a.corrupt_cycle,
    };
    outln!(
        "{:<14} {:>9} {:>8} {:>7} {:>6} {:>8} {:>5} {:>5} {:>8} {:>10} {:>9} {:>6} {:>15}  result",
        "block",
        "lockstep",
        "Mcyc/s",
        "cells",
        "flops",
        "transist",
        "depth",
        "LUT4",
        "fmax",
        "lint",
        "tidy",
        "equiv",
        "replay"
    );
    // about 25 s a twin at 100,000 cycles on one core (lockstep, lint, synthesis, replay)
    let est = blocks.len() as f64 * (10.0 + 15.0 * a.cycles as f64 / 100_000.0);
    super::progress::announce(&format!(
        "rtl check: {} twin(s), each: lockstep over {} random cycles, Verilator lint, Yosys synthesis (generic and CMOS), iCE40 place and route, Icarus replay, the tidy form's lint and equivalence (and the router's pipeline form's, minutes more); about {}",
        blocks.len(),
        a.cycles,
        flitwave::reproduce::duration(est)
    ));
    let pb = super::progress::bar(blocks.len() as u64, "twins");
    let mut failed = vec![];
    for b in blocks {
        pb.set_message(b.name());
        let r = eda::check(b, &a.dir, &o)?;
        pb.inc(1);
        let (lint, tidy) = (r.lint.summary(), r.tidy_lint.summary());
        pb.suspend(|| {
            outln!(
                "{:<14} {:>9} {:>8.2} {:>7} {:>6} {:>8} {:>5} {:>5} {:>8} {:>10} {:>9} {:>6} {:>15}  {}",
                r.name,
                r.lockstep_cycles,
                r.lockstep_cycles as f64 / r.lockstep_secs.max(1e-9) / 1e6,
                r.synth.cells,
                r.synth.flip_flops,
                r.synth.transistors,
                r.synth.depth,
                r.ice40.luts,
                r.ice40
                    .fmax_mhz
                    .map_or("-".to_string(), |f| format!("{f:.1}")),
                lint,
                tidy,
                if r.equiv.passed() { "proven" } else { "FAILED" },
                format!(
                    "{}/{}",
                    r.replay.vectors - r.replay.errors.min(r.replay.vectors),
                    r.replay.vectors
                ),
                if r.passed() { "ok" } else { "FAIL" }
            )
        });
        if let Some(s) = &r.stages {
            outln!(
                "    stages: rtl/stages/{}/, {} modules: lint {}, {} pairs proven equal to rtl/{}.v{}",
                r.name,
                s.files.len(),
                s.lint.summary(),
                s.equiv.proven,
                r.name,
                if s.equiv.passed() { "" } else { " (FAILED)" }
            );
        }
        for p in r.problems() {
            outln!("    {p}");
        }
        if !r.passed() {
            failed.push(r.name);
        }
    }
    pb.finish_and_clear();
    outln!("lint: clean(N) = no warning left after waiving N known rust-hdl noise warnings (docs/rtl.md)");
    outln!("tidy: lint of rtl/tidy/<block>.v, the tidy form (docs/rtl.md §Tidy Verilog); equiv: proven equivalent to rtl/<block>.v by Yosys (equiv_make, equiv_simple -short, equiv_simple, equiv_induct)");
    outln!("stages: the router as its pipeline, a module per stage (docs/rtl.md §The router as its pipeline), proven equivalent register by register");
    outln!("transist: transistors of the CMOS mapping (abc -g cmos; stat -tech cmos)");
    outln!("depth: gates on the longest combinational path (yosys ltp -noff, generic gates)");
    outln!(
        "LUT4, fmax: iCE40 {} placed and routed by nextpnr-ice40 (MHz; '-': no register-to-register path)",
        eda::pnr::DEVICE.0
    );
    outln!("Mcyc/s: lockstep speed, model and twin stepped together (release build, one core)");
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Error::new(format!(
            "rtl check failed for: {}",
            failed.join(", ")
        )))
    }
}

/// The lockstep stimulus of `--cycles` random cycles from `--seed` (cycles >= 1).
fn lockstep_options(cycles: u64, seed: u64) -> Result<Options> {
    if cycles == 0 {
        return Err(Error::field("--cycles", "0 is out of range, allowed >= 1"));
    }
    Ok(Options {
        seed,
        random_cycles: cycles,
        ..Options::default()
    })
}
