//! The self-checking Icarus testbench of a twin (`flitwave rtl testbench`, and the replay of
//! `rtl check`): the lockstep vectors packed as `$readmemh` words, the testbench that drives
//! them cycle by cycle and names the first wrong output, and running it with iverilog/vvp.

use super::{module, scratch, tool};
use crate::error::{Error, Result};
use crate::hdl::lockstep::{Port, Vectors};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Total width of a port list.
fn width(ports: &[Port]) -> u32 {
    ports.iter().map(|p| p.width).sum()
}

/// Concatenate `vals` (first port most significant) into a hex string of `width(ports)` bits.
pub fn pack_hex(ports: &[Port], vals: &[u64]) -> String {
    let total = width(ports) as usize;
    let mut words = vec![0u64; total.div_ceil(64) + 1];
    let mut at = total;
    for (p, &v) in ports.iter().zip(vals) {
        at -= p.width as usize;
        let v = v & crate::hdl::lockstep::mask(p.width);
        words[at / 64] |= v << (at % 64);
        if at % 64 + p.width as usize > 64 {
            words[at / 64 + 1] |= v >> (64 - at % 64);
        }
    }
    let digits = total.div_ceil(4);
    (0..digits)
        .rev()
        .map(|d| {
            let nib = (words[d * 4 / 64] >> (d * 4 % 64)) & 0xf;
            char::from_digit(nib as u32, 16).unwrap()
        })
        .collect()
}

/// Split a hex string of the concatenated `ports` back into values (inverse of [`pack_hex`]).
pub fn unpack_hex(ports: &[Port], hex: &str) -> Option<Vec<u64>> {
    let bits: Vec<bool> = hex
        .chars()
        .map(|c| c.to_digit(16))
        .collect::<Option<Vec<u32>>>()?
        .into_iter()
        .flat_map(|d| (0..4).rev().map(move |b| d >> b & 1 == 1))
        .collect();
    let total = width(ports) as usize;
    let bits = &bits[bits.len().checked_sub(total)?..];
    let mut at = 0;
    Some(
        ports
            .iter()
            .map(|p| {
                let v = bits[at..at + p.width as usize]
                    .iter()
                    .fold(0u64, |v, &b| v << 1 | b as u64);
                at += p.width as usize;
                v
            })
            .collect(),
    )
}

fn decl(p: &Port, kind: &str, prefix: &str) -> String {
    if p.width == 1 {
        format!("    {kind} {prefix}{};\n", p.name)
    } else {
        format!("    {kind} [{}:0] {prefix}{};\n", p.width - 1, p.name)
    }
}

fn concat(ports: &[Port], prefix: &str) -> String {
    let names: Vec<String> = ports
        .iter()
        .map(|p| format!("{prefix}{}", p.name))
        .collect();
    format!("{{{}}}", names.join(", "))
}

/// A self-checking testbench of one twin: its files, by name.
#[derive(Debug, Clone)]
pub struct Bench {
    /// `fw_<block>`: the twin's module, in `fw_<block>.v`.
    pub top: String,
    /// `fw_<block>.v`: the twin's Verilog.
    pub verilog: String,
    /// `fw_<block>_tb.v`: the testbench (module `fw_<block>_tb`).
    pub tb: String,
    /// `fw_<block>_vectors.hex`: one line per cycle, inputs then expected outputs.
    pub vectors: String,
}

impl Bench {
    /// File names and contents.
    pub fn files(&self) -> [(String, &str); 3] {
        [
            (format!("{}.v", self.top), &self.verilog),
            (format!("{}_tb.v", self.top), &self.tb),
            (format!("{}_vectors.hex", self.top), &self.vectors),
        ]
    }
}

/// The self-checking testbench of block `name` (Verilog `verilog`) over the recorded vectors
/// `v`: each cycle drives the inputs while the clock is low, compares every output 1 ns later
/// (before the rising edge, where the Rust lockstep samples) unless `reset` is high, and prints
/// `FAIL cycle <c> signal <s> expected <e> got <g>` for each wrong output (the first 20); the
/// last line is `PASS <n> cycles` or `FAIL <m> mismatches in <n> cycles`, and a failing run
/// ends with `$fatal` (non-zero exit of `vvp`). `corrupt` flips the lowest bit of the last
/// expected output of that cycle — a self-test that the testbench catches a wrong value.
pub fn testbench(name: &str, verilog: &str, v: &Vectors, corrupt: Option<usize>) -> Bench {
    let top = module(name);
    let inputs: Vec<Port> = std::iter::once(crate::hdl::lockstep::RESET)
        .chain(v.inputs.iter().copied())
        .collect();
    let (bi, no, n) = (v.inputs.len(), v.outputs.len(), v.cycles());
    let ni = bi + 1;
    let all: Vec<Port> = inputs.iter().chain(&v.outputs).copied().collect();
    let w = width(&all);
    let layout: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let e = if i < ni { "" } else { "exp_" };
            if p.width == 1 {
                format!("{e}{}", p.name)
            } else {
                format!("{e}{}[{}:0]", p.name, p.width - 1)
            }
        })
        .collect();
    let mut vectors = format!(
        "// {top}: {n} cycles of lockstep vectors (model = twin), one line per cycle:\n\
         // {{{}}}\n\
         // exp_* are the model's outputs, compared before the rising edge; not on reset cycles.\n",
        layout.join(", ")
    );
    vectors.reserve(n * (w as usize / 4 + 2));
    let mut row = vec![0u64; ni + no];
    for c in 0..n {
        row[0] = v.reset[c] as u64;
        row[1..ni].copy_from_slice(&v.stim[c * bi..(c + 1) * bi]);
        row[ni..].copy_from_slice(&v.expect[c * no..(c + 1) * no]);
        if corrupt == Some(c) {
            row[ni + no - 1] ^= 1;
        }
        vectors.push_str(&pack_hex(&all, &row));
        vectors.push('\n');
    }
    let mut tb = format!(
        "// {top}_tb: self-checking testbench of {top}, generated by `flitwave rtl testbench {name}`.\n\
         // Run: iverilog -g2012 -o tb *.v && vvp tb   (in this directory; prints PASS or FAIL)\n\
         `timescale 1ns/1ps\nmodule {top}_tb;\n    localparam CYCLES = {n};\n    reg clock = 0;\n"
    );
    for p in &inputs {
        tb.push_str(&decl(p, "reg", ""));
    }
    for p in &v.outputs {
        tb.push_str(&decl(p, "wire", ""));
    }
    for p in &v.outputs {
        tb.push_str(&decl(p, "reg", "exp_"));
    }
    let conns: Vec<String> = std::iter::once("clock")
        .chain(inputs.iter().chain(&v.outputs).map(|p| p.name))
        .map(|n| format!(".{n}({n})"))
        .collect();
    let _ = write!(
        tb,
        "    reg [{wm}:0] vectors [0:CYCLES-1];\n    integer cycle, errors;\n\n\
         \x20   {top} dut({conns});\n\n\
         \x20   initial begin\n\
         \x20       $readmemh(\"{top}_vectors.hex\", vectors);\n\
         \x20       errors = 0;\n\
         \x20       for (cycle = 0; cycle < CYCLES; cycle = cycle + 1) begin\n\
         \x20           {{{ins}, {exps}}} = vectors[cycle];\n\
         \x20           #1;\n\
         \x20           if (!reset) begin\n",
        wm = w - 1,
        conns = conns.join(", "),
        ins = concat(&inputs, "").trim_matches(['{', '}']),
        exps = concat(&v.outputs, "exp_").trim_matches(['{', '}']),
    );
    for p in &v.outputs {
        let _ = write!(
            tb,
            "                if ({n} !== exp_{n}) begin\n\
             \x20                   errors = errors + 1;\n\
             \x20                   if (errors <= 20) $display(\"FAIL cycle %0d signal {n} expected %h got %h\", cycle, exp_{n}, {n});\n\
             \x20               end\n",
            n = p.name
        );
    }
    tb.push_str(
        "            end\n            #4 clock = 1;\n            #5 clock = 0;\n        end\n\
         \x20       if (errors == 0) begin\n\
         \x20           $display(\"PASS %0d cycles\", CYCLES);\n\
         \x20           $finish;\n\
         \x20       end else begin\n\
         \x20           $display(\"FAIL %0d mismatches in %0d cycles\", errors, CYCLES);\n\
         \x20           $fatal(1);\n\
         \x20       end\n    end\nendmodule\n",
    );
    Bench {
        top,
        verilog: verilog.to_string(),
        tb,
        vectors,
    }
}

/// Write `bench` into `dir` (created if missing). Files of the same names are replaced, each
/// written whole under a temporary name and renamed; a directory holding other Verilog files
/// (which `iverilog *.v` would compile too) is refused.
pub fn write_bench(bench: &Bench, dir: &Path) -> Result<Vec<PathBuf>> {
    let files = bench.files();
    let ours: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    own_dir(dir, &ours)?;
    let mut written = vec![];
    for (n, text) in files {
        let p = dir.join(n);
        crate::output::write(&p, text)?;
        written.push(p);
    }
    Ok(written)
}

/// Replay result.
#[derive(Debug, Clone, Default)]
pub struct Replay {
    pub vectors: usize,
    /// Wrong outputs (one per signal and cycle).
    pub errors: usize,
    /// The first mismatches: `cycle N: signal got X expected Y`.
    pub first: Vec<String>,
}

/// Run a testbench written by [`write_bench`] in `dir` as a user would:
/// `iverilog -g2012 -o tb *.v && vvp tb`; returns the PASS/FAIL figures.
pub fn run_bench(dir: &Path, top: &str) -> Result<Replay> {
    let mut sources: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".v"))
        .collect();
    sources.sort();
    let mut args = vec!["-g2012", "-Wall", "-o", "tb"];
    args.extend(sources.iter().map(String::as_str));
    let (ok, log) = tool("iverilog", &args, dir)?;
    if !ok {
        return Err(Error::new(format!("{top}: iverilog failed:\n{log}")));
    }
    let (_, log) = tool("vvp", &["-n", "tb"], dir)?;
    let last = log
        .lines()
        .rev()
        .find_map(|l| {
            l.strip_prefix("PASS ").map(|r| (true, r)).or_else(|| {
                l.strip_prefix("FAIL ")
                    .filter(|r| r.contains(" mismatches in "))
                    .map(|r| (false, r))
            })
        })
        .ok_or_else(|| Error::new(format!("{top}: the testbench did not finish:\n{log}")))?;
    let nums: Vec<usize> = last
        .1
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let mut r = match (last.0, nums.as_slice()) {
        (true, [n]) => Replay {
            vectors: *n,
            ..Default::default()
        },
        (false, [e, n]) => Replay {
            vectors: *n,
            errors: *e,
            ..Default::default()
        },
        _ => {
            return Err(Error::new(format!(
                "{top}: unexpected testbench result: {log}"
            )))
        }
    };
    for l in log.lines().filter_map(|l| l.strip_prefix("FAIL cycle ")) {
        let w: Vec<&str> = l.split_whitespace().collect();
        if let [c, "signal", s, "expected", e, "got", g] = w.as_slice() {
            r.first
                .push(format!("cycle {c}: {s} got 0x{g} expected 0x{e}"));
        }
    }
    Ok(r)
}

/// Replay `v` into `file` (block `name`) with Icarus Verilog through the self-checking
/// testbench of [`testbench`], run in a scratch directory. `corrupt` flips the lowest bit of
/// the expected outputs of that cycle — to show the replay catches a wrong value.
pub fn replay(file: &Path, name: &str, v: &Vectors, corrupt: Option<usize>) -> Result<Replay> {
    let verilog = std::fs::read_to_string(file)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", file.display())))?;
    let bench = testbench(name, &verilog, v, corrupt);
    let dir = scratch(name)?;
    write_bench(&bench, &dir)?;
    let r = run_bench(&dir, &bench.top);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// Make `dir` (the `-o` of a command writing Verilog) ready for the files `ours`: created if
/// missing, refused when it is not a directory or holds Verilog files of other names, which a
/// tool run on `*.v` there would compile with ours.
pub(crate) fn own_dir(dir: &Path, ours: &[&str]) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::field(
            "-o",
            format!("{} exists and is not a directory", dir.display()),
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::new(format!("cannot create {}: {e}", dir.display())))?;
    let mut others: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".v") && !ours.contains(&n.as_str()))
        .collect();
    if !others.is_empty() {
        others.sort();
        return Err(Error::field(
            "-o",
            format!(
                "{} already holds other Verilog files ({}) that `*.v` would compile with ours; use an empty or new directory",
                dir.display(),
                others.join(", ")
            ),
        ));
    }
    Ok(())
}
