//! Proven properties of a twin (docs/rtl.md §Proofs): `flitwave rtl prove`.
//!
//! A twin's properties are immediate SystemVerilog assertions in a file of their own beside
//! its Verilog, `rtl/props/<block>.sv`, written in the twin's own signal names (its ports and
//! its registers' `name$q` outputs). For each property the flow splices the file's shared part
//! (assumptions about the inputs) and that property's block into the module before its
//! `endmodule`, after a preamble that makes the first cycle a reset (`fw_init`), and proves it
//! with Yosys's SMT-LIB back end and `yosys-smtbmc` (z3), on the model bit-blasted to an
//! and-inverter graph first (`techmap; abc -g AND`: z3 decides the word-level form of the
//! allocators' 32-bit index arithmetic in minutes, the bit-level one in under a second), its
//! deep cells then declared instead of defined, which z3 reads in linear time ([`super::smt2`]):
//! 1. bounded model checking from reset for `depth` cycles (`--presat`: the assumptions are
//!    satisfiable, so no proof holds vacuously) — a failure is a real counterexample, written as
//!    a VCD with its GTKWave save file;
//! 2. k-induction at the same depth (`-i`): any `depth` consecutive cycles satisfying the
//!    property are followed by one that does — with 1, an unbounded proof.
//!
//! The properties of a file are first proven together (one model with every assertion: if
//! the conjunction holds and is inductive, so is each); only when that fails is each proven
//! alone, to name the one that fails. PROVEN needs both steps; a property that holds for `depth` cycles but is not inductive is
//! UNPROVEN (strengthen it with helper assertions in its block, or deepen the induction).

use super::{last_lines, module, scratch, tool};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// Install hint of the proof tools.
pub const PROVE_HINT: &str =
    "the proofs need yosys, yosys-smtbmc and z3 (`apt-get install -y --no-install-recommends yosys z3`)";

/// The file of a block's properties.
pub fn props_path(rtl_dir: &Path, name: &str) -> PathBuf {
    rtl_dir.join("props").join(format!("{name}.sv"))
}

/// One property of a props file: its name, its description (the whole text, its lines
/// joined by spaces), its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    pub name: String,
    pub about: String,
    pub body: String,
}

/// A props file: the part every property shares (assumptions) and the properties, each
/// starting at a `// property NAME: description` line. The description goes on in the comment
/// lines right below that line, up to the first line that is not a comment or is an empty
/// `//`: a blank line separates it from notes on the code below, so that no description is
/// ever cut short.
pub fn parse(text: &str, file: &str) -> Result<(String, Vec<Property>)> {
    let mut shared = String::new();
    let mut props: Vec<Property> = vec![];
    // the last line read was part of a property's description
    let mut describing = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().starts_with("// depth ") {
            depth_of(line, file, i + 1)?;
        }
        if describing && !line.trim().starts_with("// property ") {
            let more = line.trim().strip_prefix("//").map(str::trim);
            match (more, props.last_mut()) {
                (Some(more), Some(p)) if !more.is_empty() => {
                    p.about.push(' ');
                    p.about.push_str(more);
                    continue;
                }
                _ => describing = false,
            }
        }
        if let Some(rest) = line.trim().strip_prefix("// property ") {
            let (name, about) = rest.split_once(':').ok_or_else(|| {
                Error::new(format!(
                    "{file}:{}: `// property NAME: description` expected",
                    i + 1
                ))
            })?;
            let name = name.trim();
            if name.is_empty()
                || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || props.iter().any(|p| p.name == name)
            {
                return Err(Error::new(format!(
                    "{file}:{}: property name `{name}` is empty, repeated or not [A-Za-z0-9_]",
                    i + 1
                )));
            }
            props.push(Property {
                name: name.to_string(),
                about: about.trim().to_string(),
                body: String::new(),
            });
            describing = true;
            continue;
        }
        let to = props.last_mut().map_or(&mut shared, |p| &mut p.body);
        to.push_str(line);
        to.push('\n');
    }
    if let Some(p) = props.iter().find(|p| !p.body.contains("assert")) {
        return Err(Error::new(format!(
            "{file}: property {} asserts nothing",
            p.name
        )));
    }
    if props.is_empty() {
        return Err(Error::new(format!("{file}: no `// property` in it")));
    }
    Ok((shared, props))
}

/// The depth a props file asks for (`// depth N: why`, before its first property): the
/// induction depth its helper invariants make enough, for a model too large to unroll 20
/// cycles in reasonable time. Any depth at which both steps pass is an unbounded proof.
pub fn file_depth(text: &str, file: &str) -> Result<Option<u32>> {
    for (i, line) in text.lines().enumerate() {
        if line.trim().starts_with("// property ") {
            break;
        }
        if line.trim().starts_with("// depth ") {
            return depth_of(line, file, i + 1).map(Some);
        }
    }
    Ok(None)
}

fn depth_of(line: &str, file: &str, at: usize) -> Result<u32> {
    let n = line.trim()["// depth ".len()..]
        .split(':')
        .next()
        .and_then(|n| n.trim().parse::<u32>().ok())
        .filter(|&n| n >= 1);
    n.ok_or_else(|| Error::new(format!("{file}:{at}: `// depth N: why` expected, N >= 1")))
}

/// The preamble spliced first: `fw_init` is high in the first cycle only, which is a reset.
const PREAMBLE: &str = "    // flitwave rtl prove: the first cycle is a reset\n\
    reg fw_init = 1'b1;\n\
    always @(posedge clock) fw_init <= 1'b0;\n\
    always @(*) if (fw_init) assume(reset);\n";

/// The formal model of `top` in `verilog`: `extra` spliced before its `endmodule`.
pub fn splice(verilog: &str, top: &str, extra: &str) -> Result<String> {
    let end = format!("endmodule // {top}\n");
    let at = verilog
        .find(&end)
        .ok_or_else(|| Error::new(format!("no `{}` in the Verilog", end.trim())))?;
    // no implicit nets: a misspelt signal in a property is an error, not a free wire
    Ok(format!(
        "`default_nettype none\n{}{PREAMBLE}{extra}{}",
        &verilog[..at],
        &verilog[at..]
    ))
}

/// The outcome of one property.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Holds in every reachable state (bounded check and induction passed).
    Proven,
    /// Fails `step` cycles after reset (found by a bounded check of `depth`); the
    /// counterexample is in `vcd` (when one was asked).
    Failed {
        step: u32,
        depth: u32,
        vcd: Option<PathBuf>,
    },
    /// Holds for `depth` cycles after reset but is not inductive at that depth.
    Unproven { depth: u32 },
}

/// One property's result.
#[derive(Debug, Clone)]
pub struct Proof {
    pub property: Property,
    pub verdict: Verdict,
    /// Seconds of its proof; of the joint proof when `jointly`.
    pub secs: f64,
    /// Proven together with the block's other properties, in one model.
    pub jointly: bool,
}

/// The default depth of the bounded check and of the induction.
pub const DEPTH: u32 = 20;

/// Options of [`prove`].
#[derive(Debug, Clone, Default)]
pub struct ProveOptions {
    /// Cycles of the bounded check and of the induction (None: the file's `// depth`, else
    /// [`DEPTH`]).
    pub depth: Option<u32>,
    /// Where counterexample VCDs and their save files go (None: none written).
    pub cex_dir: Option<PathBuf>,
    /// Only the property of this name (None: every one).
    pub only: Option<String>,
}

/// A step of one model's proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Yosys reads, flattens and bit-blasts the model.
    Compile,
    /// The bounded check from reset.
    Bounded,
    /// The k-induction.
    Induction,
}

impl Step {
    /// What the step is, in words.
    pub fn what(self) -> &'static str {
        match self {
            Step::Compile => "compiling",
            Step::Bounded => "bounded check",
            Step::Induction => "induction",
        }
    }
}

/// What [`prove_with`] is doing, reported as it goes (for progress output): a model starts,
/// goes through its steps, ends.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A model starts: the properties in it (one, or the block's properties proven together),
    /// the place of the first among the block's `total` (from 1), the depth of its checks.
    Model {
        names: Vec<String>,
        index: usize,
        total: usize,
        depth: u32,
    },
    /// The model enters a step.
    Step(Step),
    /// The model is done after `secs`: its verdict, or None when it ended in an error (a
    /// joint model that is not proven is followed by each property alone).
    Done { verdict: Option<Verdict>, secs: f64 },
}

/// Prove every property of `props` (the text of `file`) on block `name` whose Verilog is
/// `verilog`. Tool and syntax failures are errors; failed properties are results.
pub fn prove(
    name: &str,
    verilog: &str,
    props: &str,
    file: &str,
    o: &ProveOptions,
) -> Result<Vec<Proof>> {
    prove_with(name, verilog, props, file, o, &mut |_| {})
}

/// [`prove`], telling `on` what it does as it goes.
pub fn prove_with(
    name: &str,
    verilog: &str,
    props: &str,
    file: &str,
    o: &ProveOptions,
    on: &mut dyn FnMut(&Event),
) -> Result<Vec<Proof>> {
    if o.depth == Some(0) {
        return Err(Error::field("--depth", "0 is out of range, allowed >= 1"));
    }
    let depth = o.depth.or(file_depth(props, file)?).unwrap_or(DEPTH);
    let (shared, mut list) = parse(props, file)?;
    if let Some(only) = &o.only {
        let names: Vec<_> = list.iter().map(|p| p.name.clone()).collect();
        list.retain(|p| &p.name == only);
        if list.is_empty() {
            return Err(Error::field(
                "--property",
                format!(
                    "{file} has no property `{only}`; it has {}",
                    names.join(", ")
                ),
            ));
        }
    }
    // the properties without assumptions of their own in one model first: if their
    // conjunction holds for `depth` cycles and is `depth`-inductive, each one holds in every
    // reachable state; only when it is not are they proven one by one, to say which fails (a
    // property with its own assumption is always proven alone: it must not constrain others)
    let order: Vec<String> = list.iter().map(|p| p.name.clone()).collect();
    let place = |n: &str| order.iter().position(|o| o == n).map_or(0, |i| i + 1);
    let (free, own): (Vec<_>, Vec<_>) = list.into_iter().partition(|p| !p.body.contains("assume"));
    let mut out = vec![];
    let mut alone = own;
    if free.len() > 1 {
        let t0 = std::time::Instant::now();
        let all: String = free.iter().map(|p| p.body.as_str()).collect();
        let joint = Property {
            name: "all".into(),
            about: String::new(),
            body: all,
        };
        on(&Event::Model {
            names: free.iter().map(|p| p.name.clone()).collect(),
            index: place(&free[0].name),
            total: order.len(),
            depth,
        });
        let verdict = one(name, verilog, &shared, &joint, file, depth, None, on);
        on(&Event::Done {
            verdict: verdict.as_ref().ok().cloned(),
            secs: t0.elapsed().as_secs_f64(),
        });
        if let Ok(Verdict::Proven) = verdict {
            let secs = t0.elapsed().as_secs_f64();
            out.extend(free.into_iter().map(|property| Proof {
                property,
                verdict: Verdict::Proven,
                secs,
                jointly: true,
            }));
        } else {
            alone.extend(free);
        }
    } else {
        alone.extend(free);
    }
    alone.sort_by_key(|p| place(&p.name));
    for p in alone {
        let t0 = std::time::Instant::now();
        on(&Event::Model {
            names: vec![p.name.clone()],
            index: place(&p.name),
            total: order.len(),
            depth,
        });
        let cex = o.cex_dir.as_deref();
        let verdict = one(name, verilog, &shared, &p, file, depth, cex, on);
        let secs = t0.elapsed().as_secs_f64();
        on(&Event::Done {
            verdict: verdict.as_ref().ok().cloned(),
            secs,
        });
        out.push(Proof {
            property: p,
            verdict: verdict?,
            secs,
            jointly: false,
        });
    }
    out.sort_by_key(|p| order.iter().position(|n| *n == p.property.name));
    Ok(out)
}

/// Prove property `p` (with the shared part) on block `name`: the bounded check, then the
/// induction, telling `on` each step.
#[allow(clippy::too_many_arguments)] // the model, its depth, where to keep a counterexample
fn one(
    name: &str,
    verilog: &str,
    shared: &str,
    p: &Property,
    file: &str,
    depth: u32,
    cex_dir: Option<&Path>,
    on: &mut dyn FnMut(&Event),
) -> Result<Verdict> {
    on(&Event::Step(Step::Compile));
    let dir = compile(name, verilog, &format!("{shared}{}", p.body), file, &p.name)?;
    let k = depth.to_string();
    let bmc = [
        "-s",
        "z3",
        "--presat",
        "-t",
        &k,
        "--dump-vcd",
        "cex.vcd",
        "model.smt2",
    ];
    on(&Event::Step(Step::Bounded));
    let (_, log) = smtbmc(&bmc, &dir)?;
    let verdict = if let Some(step) = failed_step(&log) {
        let vcd = match cex_dir {
            Some(d) => Some(keep_cex(&dir, d, name, &p.name)?),
            None => None,
        };
        Verdict::Failed { step, depth, vcd }
    } else {
        passed(&log, &p.name, "bounded check")?;
        on(&Event::Step(Step::Induction));
        let (_, log) = smtbmc(&["-s", "z3", "-i", "-t", &k, "model.smt2"], &dir)?;
        if log.contains("Temporal induction successful.") {
            Verdict::Proven
        } else {
            Verdict::Unproven { depth }
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    Ok(verdict)
}

/// The formal model of block `name` with `extra` (shared part and property bodies) spliced in,
/// read, flattened and bit-blasted by Yosys into `model.smt2` of a fresh scratch directory,
/// its deep cells declared ([`super::smt2`]), which is returned; `what` names the property (or
/// the model) in an error. The script is `prep`'s passes less its `check`s, `stat`, `peepopt`
/// and two `opt` loops, which `opt -full` repeats, and no `opt` between `techmap` and `abc`,
/// which rebuilds the gates as an and-inverter graph of its own: an equivalent model, compiled
/// in half the time (the VC allocator's 6.0 s, now 3.0 s).
pub(crate) fn compile(
    name: &str,
    verilog: &str,
    extra: &str,
    file: &str,
    what: &str,
) -> Result<PathBuf> {
    let top = module(name);
    let dir = scratch(&format!("{name}-prove-{what}"))?;
    let model = splice(verilog, &top, extra)?;
    std::fs::write(dir.join("model.sv"), model)
        .map_err(|e| Error::new(format!("cannot write the formal model of {top}: {e}")))?;
    let script = format!(
        "read_verilog -formal -sv model.sv; hierarchy -check -top {top}; proc; flatten; \
         async2sync; opt_expr -keepdc; opt_clean; wreduce -keepdc; memory_collect; opt -full; \
         techmap; abc -g AND; dffunmap; opt_clean; write_smt2 -wires model.smt2"
    );
    let (ok, log) = tool("yosys", &["-q", "-p", &script], &dir)?;
    if !ok {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(Error::new(format!(
            "{file}: property {what} does not compile with {top}:\n{}",
            last_lines(&log, 8)
        )));
    }
    // its deep cells declared, so that z3 reads it in linear time
    let smt = dir.join("model.smt2");
    let model = std::fs::read_to_string(&smt)
        .map_err(|e| Error::new(format!("yosys wrote no SMT-LIB model of {top}: {e}")))
        .and_then(|text| super::smt2::declare_cells(&text))
        .and_then(|text| {
            std::fs::write(&smt, text)
                .map_err(|e| Error::new(format!("cannot write the model of {top}: {e}")))
        });
    if let Err(e) = model {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(e);
    }
    Ok(dir)
}

pub(crate) fn smtbmc(args: &[&str], dir: &Path) -> Result<(bool, String)> {
    tool("yosys-smtbmc", args, dir).map_err(|e| Error::new(format!("{e} ({PROVE_HINT})")))
}

/// The step of the first failed assertion of a bounded check, if one failed.
pub fn failed_step(log: &str) -> Option<u32> {
    if !log.contains("Status: FAILED") {
        return None;
    }
    // `##   0:00:00  Checking assertions in step 3..` precedes `BMC failed!`
    let at = log.find("BMC failed!").unwrap_or(log.len());
    log[..at]
        .lines()
        .rev()
        .find_map(|l| {
            l.split_once("assertions in step ")?
                .1
                .trim_end_matches('.')
                .parse()
                .ok()
        })
        .or(Some(0))
}

/// A bounded check that neither passed nor failed (unsatisfiable assumptions, solver
/// trouble) is an error naming why.
pub(crate) fn passed(log: &str, prop: &str, what: &str) -> Result<()> {
    if log.contains("Status: PASSED") {
        return Ok(());
    }
    let why = if log.contains("Assumptions are unsatisfiable") {
        " (the assumptions contradict each other: every proof would hold vacuously)"
    } else {
        ""
    };
    Err(Error::new(format!(
        "property {prop}: the {what} ended neither PASSED nor FAILED{why}:\n{}",
        last_lines(log, 8)
    )))
}

/// Move the counterexample into `to` as `<block>.<property>.vcd`, with its save file.
fn keep_cex(dir: &Path, to: &Path, name: &str, prop: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(to)
        .map_err(|e| Error::new(format!("cannot create {}: {e}", to.display())))?;
    let dst = to.join(format!("{name}.{prop}.vcd"));
    let text = std::fs::read_to_string(dir.join("cex.vcd"))
        .map_err(|e| Error::new(format!("yosys-smtbmc wrote no counterexample: {e}")))?;
    let end = text
        .lines()
        .filter_map(|l| l.strip_prefix('#')?.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    crate::output::write(&dst, text)?;
    crate::sim::gtkw::write_for_vcd(&dst, 0, end.max(1), |_| None)?;
    Ok(dst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_props_file_splits_into_shared_assumptions_and_properties() {
        let t = "// header\nalways @(*) assume(x);\n// property a_b: first one\nalways @(*) assert(y);\n// property c: second,\n//   on two lines\n\n// a note\nalways @(*) assert(z);\n// property d: third\n//\n// a note\nassert(w);\n";
        let (shared, p) = parse(t, "f.sv").unwrap();
        assert_eq!(shared, "// header\nalways @(*) assume(x);\n");
        assert_eq!(p.len(), 3);
        assert_eq!(
            (p[0].name.as_str(), p[0].about.as_str()),
            ("a_b", "first one")
        );
        // a description goes on below its line, up to a blank line or an empty comment
        assert_eq!(p[1].about, "second, on two lines");
        assert_eq!(p[1].body, "\n// a note\nalways @(*) assert(z);\n");
        assert_eq!(p[2].about, "third");
        assert_eq!(p[2].body, "//\n// a note\nassert(w);\n");
        for bad in [
            "// property : x\nassert(y);\n",
            "// property a b: x\nassert(y);\n",
            "// property a: x\nassert(y);\n// property a: again\nassert(z);\n",
            "// property a: asserts nothing\nassume(y);\n",
            "always @(*) assume(x);\n",
        ] {
            assert!(parse(bad, "f.sv").is_err(), "{bad}");
        }
    }

    #[test]
    fn the_failed_step_is_read_from_the_log() {
        let log = "##   0:00:00  Checking assertions in step 2..\n##   0:00:00  Checking assertions in step 3..\n##   0:00:00  BMC failed!\n##   0:00:00  Status: FAILED\n";
        assert_eq!(failed_step(log), Some(3));
        assert_eq!(failed_step("##   0:00:00  Status: PASSED\n"), None);
    }

    #[test]
    fn the_properties_go_before_the_top_modules_end() {
        let v = "module fw_a(clock);\nendmodule // fw_a\nmodule fw_a__r();\nendmodule // fw_a__r\n";
        let m = splice(v, "fw_a", "    always @(*) assert(1);\n").unwrap();
        let at = m.find("assert(1)").unwrap();
        assert!(at < m.find("endmodule // fw_a\n").unwrap() && m.contains("fw_init"));
        assert!(splice(v, "fw_b", "").is_err());
    }
}
