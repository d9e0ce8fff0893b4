//! A twin's Verilog as its pipeline, written by hand (`rtl/stages/<block>/`, a module per
//! stage, one module a file, generate loops and named parameters), and the proof that it is the
//! twin's emission (`rtl/<block>.v`). Yosys reads both and flattens them (`prep -flatten`),
//! renames the staged form's registers and RAM ports to the twin's (the twin says which is
//! which: [`StageMap`]), pairs every register, RAM port and output by name (`equiv_make`) and
//! proves all pairs at once by induction (`equiv_induct -seq 1`: each pair equal in the next
//! cycle when every pair is equal in this one — one step is enough, every register being
//! paired; for two structures that differ everywhere a fifth of the time `equiv_simple` takes
//! pair by pair); `equiv_status` counts any pair left unproven. A RAM's read data is taken as
//! equal on both sides (`equiv_remove -gold`) once its inputs are proven equal every cycle and
//! its module is proven the twin's RAM in a check of its own (both mapped to registers,
//! `memory_map`): the same machine fed the same inputs from the same contents. With the reset values (every register of both resets to 0) that is the same
//! outputs in every cycle from reset, for any inputs. The files are also linted, with no waiver
//! (`verilator --lint-only -Wall`).

use super::equiv::{prove, script};
use super::lint::Lint;
use super::{module, scratch, tool, Equiv};
use crate::error::{Error, Result};
pub use crate::hdl::stage_map::{StageMap, StageRam};
use std::path::{Path, PathBuf};

/// The ports of a RAM (rust-hdl's `RAM`, and the staged form's own).
const RAM_PORTS: [&str; 5] = [
    "read_address",
    "read_data",
    "write_address",
    "write_data",
    "write_enable",
];

/// The staged form of a block: its modules, their lint and their equivalence with the raw
/// emission.
#[derive(Debug, Clone, Default)]
pub struct Stages {
    /// The module files, by name (`fw_<block>.v` the top).
    pub files: Vec<String>,
    pub lint: Lint,
    pub equiv: Equiv,
}

impl Stages {
    /// Lint clean (nothing is waived: [`lint`]), and every pair proven.
    pub fn passed(&self) -> bool {
        self.lint.failures.is_empty() && self.equiv.passed()
    }
}

/// The directory of `name`'s staged form under `rtl_dir`: `stages/<name>/`.
pub fn dir(rtl_dir: &Path, name: &str) -> PathBuf {
    rtl_dir.join("stages").join(name)
}

/// The staged form's files of `name` under `rtl_dir`, sorted (none when it has none).
pub fn files(rtl_dir: &Path, name: &str) -> Result<Vec<PathBuf>> {
    let d = dir(rtl_dir, name);
    let Ok(rd) = std::fs::read_dir(&d) else {
        return Ok(vec![]);
    };
    let mut v = vec![];
    for e in rd {
        let p = e
            .map_err(|e| Error::new(format!("cannot read {}: {e}", d.display())))?
            .path();
        if p.extension().is_some_and(|x| x == "v") {
            v.push(p);
        }
    }
    v.sort();
    Ok(v)
}

/// Lint and prove the staged form of block `name` (in `rtl_dir`, its twin's map `map`)
/// against its raw emission `raw`; `None` when the twin has none.
pub fn check(
    name: &str,
    map: Option<StageMap>,
    rtl_dir: &Path,
    raw: &Path,
) -> Result<Option<Stages>> {
    let files = files(rtl_dir, name)?;
    let map = match (map, files.is_empty()) {
        (None, true) => return Ok(None),
        (Some(_), true) => {
            return Err(Error::new(format!(
                "{}: the twin maps a staged form, but {} holds no Verilog",
                name,
                dir(rtl_dir, name).display()
            )))
        }
        (None, false) => {
            return Err(Error::new(format!(
                "{}: {} holds Verilog, but the twin maps none of its registers (Twin::stages)",
                name,
                dir(rtl_dir, name).display()
            )))
        }
        (Some(m), false) => m,
    };
    let top = module(name);
    let lint = lint(&files, &top)?;
    let equiv = equiv(raw, &files, name, &map)?;
    Ok(Some(Stages {
        files: files
            .iter()
            .filter_map(|f| Some(f.file_name()?.to_string_lossy().into_owned()))
            .collect(),
        lint,
        equiv,
    }))
}

/// `verilator --lint-only -Wall` on every file, `top` the top module.
fn lint(files: &[PathBuf], top: &str) -> Result<Lint> {
    let dir = scratch(&format!("{top}-stages-lint"))?;
    // absolute paths: Verilator runs in a scratch directory
    let names = files
        .iter()
        .map(|f| {
            f.canonicalize()
                .map(|p| p.to_string_lossy().into_owned())
                .map_err(|e| Error::new(format!("{}: {e}", f.display())))
        })
        .collect::<Result<Vec<String>>>()?;
    let mut args = vec!["--lint-only", "-Wall", "-Wno-fatal", "--top-module", top];
    args.extend(names.iter().map(String::as_str));
    let (ok, out) = tool("verilator", &args, &dir)?;
    let _ = std::fs::remove_dir_all(&dir);
    // no waiver: the staged form is written by hand, every warning is a failure
    let mut l = Lint {
        waived: 0,
        failures: out
            .lines()
            .filter(|x| x.starts_with("%Warning") || x.starts_with("%Error"))
            .map(String::from)
            .collect(),
    };
    if !ok && l.failures.is_empty() {
        l.failures.push(format!(
            "verilator failed: {}",
            super::log::last_lines(&out, 4)
        ));
    }
    Ok(l)
}

/// The Yosys commands renaming the staged form's registers and RAM ports to the twin's.
fn renames(map: &StageMap) -> String {
    let mut s: String = map
        .registers
        .iter()
        .map(|(staged, twin)| format!("rename {staged} {twin}; "))
        .collect();
    for r in &map.rams {
        for p in RAM_PORTS {
            s += &format!("rename {}.{p} {}{p}; ", r.instance, r.twin_nets);
        }
    }
    s
}

/// Prove the staged files equivalent to the raw emission `raw` of block `name`: each RAM
/// module the twin's, then the whole block with the RAMs' read data taken as equal. The
/// pairs of all the proofs, summed.
fn equiv(raw: &Path, files: &[PathBuf], name: &str, map: &StageMap) -> Result<Equiv> {
    let top = module(name);
    let read = |p: &Path| {
        std::fs::read_to_string(p)
            .map_err(|e| Error::new(format!("cannot read {}: {e}", p.display())))
    };
    let gold = super::tidy::renamed(&read(raw)?);
    let mut gate = String::new();
    for f in files {
        gate.push_str(&read(f)?);
        gate.push('\n');
    }
    let sources = [("gold.v", gold.as_str()), ("gate.v", gate.as_str())];
    let mut total = Equiv::default();
    let mut add = |e: Equiv| {
        total.proven += e.proven;
        total.unproven += e.unproven;
    };
    // each RAM: the same machine as the twin's (both mapped to registers)
    let mut rams: Vec<(&str, &str)> = map
        .rams
        .iter()
        .map(|r| (r.twin_module.as_str(), r.module.as_str()))
        .collect();
    rams.sort();
    rams.dedup();
    for (twin, staged) in rams {
        let script = script(
            (twin, staged),
            |t| format!("prep -top {t}; memory_map; opt_clean"),
            "",
            "equiv_simple; equiv_induct",
        );
        let what = format!("the equivalence check of {staged} with {twin} ({top})");
        add(prove(&what, &sources, &script)?);
    }
    // the block, each RAM's read data taken from the twin's side (one selection a RAM: a
    // selection operator applies to the last pattern only); one step of induction, every
    // register being paired
    let remove: String = map
        .rams
        .iter()
        .map(|r| {
            format!(
                "select -set rd w:{}read_data %ci1:+$equiv[Y] t:$equiv %i; equiv_remove -gold @rd; ",
                r.twin_nets
            )
        })
        .collect();
    let script = script(
        (&top, &top),
        |t| format!("prep -flatten -top {t}"),
        &renames(map),
        &format!("{remove}equiv_induct -seq 1"),
    );
    let what = format!("the equivalence check of rtl/stages/{name}/ ({top})");
    add(prove(&what, &sources, &script)?);
    Ok(total)
}
