//! Seeded mutation of a twin's Verilog (docs/rtl.md §Seeded mutants): one-gate changes to
//! `rtl/<block>.v` — the file `rtl prove` proves and synthesis reads — each of which the
//! block's properties must reject with a counterexample. The mutants of every twin are listed
//! in one table per twin ([`super::mutants`]); `flitwave rtl prove BLOCK --mutant N` proves the
//! properties on mutant N, `flitwave rtl mutate` checks them all.
//!
//! A mutant is rejected when a bounded check from reset finds a counterexample: the block's
//! properties (those without assumptions of their own in one model, then each one with its
//! own assumption alone) are checked for [`DEPTH`] cycles, or the props file's depth if it is
//! deeper; the failing assertions' source lines name the properties that reject it. A mutant
//! no counterexample reaches within that depth survives — a property set that lets it through
//! does not bind the gate it changes.

use super::mutants::{self, Mutant};
use super::prove::{self, compile, failed_step, passed, smtbmc};
use crate::error::{Error, Result};

/// Cycles after reset a mutant's counterexample is sought over (at least).
pub const DEPTH: u32 = 20;

/// The mutants of block `name`: its table, or an error naming the blocks that have one.
pub fn of(name: &str) -> Result<&'static [Mutant]> {
    mutants::TABLES
        .iter()
        .find(|(b, _)| *b == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<_> = mutants::TABLES.iter().map(|(b, _)| *b).collect();
            Error::new(format!(
                "{name} has no table of seeded mutants; the twins with one: {}",
                names.join(", ")
            ))
        })
}

/// `verilog` (the text of `rtl/<name>.v`) with mutant `n` (from 1) of block `name` applied:
/// its original text must occur exactly once, else an error naming the mutant.
pub fn apply(name: &str, verilog: &str, n: usize) -> Result<String> {
    let table = of(name)?;
    let m = n
        .checked_sub(1)
        .and_then(|i| table.get(i))
        .ok_or_else(|| {
            Error::field(
                "--mutant",
                format!(
                    "{name} has no mutant {n}; allowed 1..={} (`flitwave rtl mutate {name}` lists them)",
                    table.len()
                ),
            )
        })?;
    match verilog.matches(m.from).count() {
        1 => Ok(verilog.replacen(m.from, m.to, 1)),
        k => Err(Error::new(format!(
            "{name} mutant {n} ({}): its original text occurs {k} times in the Verilog, not once: `{}`",
            m.what, m.from
        ))),
    }
}

/// A mutant's counterexample: the cycle after reset where it first breaks a property, and
/// the properties whose assertions fail there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub step: u32,
    pub properties: Vec<String>,
}

/// The outcome of one mutant.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Rejected with a counterexample, or None: it survived the bounded check of `depth`.
    pub rejected: Option<Rejection>,
    pub depth: u32,
    pub secs: f64,
}

/// Check mutant `n` of block `name` against the properties `props` (the text of `file`):
/// bounded checks from reset, as the module's documentation says.
pub fn check(name: &str, verilog: &str, props: &str, file: &str, n: usize) -> Result<Outcome> {
    let t0 = std::time::Instant::now();
    let v = apply(name, verilog, n)?;
    let depth = prove::file_depth(props, file)?.unwrap_or(0).max(DEPTH);
    let (shared, list) = prove::parse(props, file)?;
    let (free, own): (Vec<_>, Vec<_>) = list.into_iter().partition(|p| !p.body.contains("assume"));
    // the properties free of assumptions together, then each one with an assumption alone
    let mut models: Vec<Vec<prove::Property>> = vec![];
    if !free.is_empty() {
        models.push(free);
    }
    models.extend(own.into_iter().map(|p| vec![p]));
    let mut rejected = None;
    for model in models {
        if let Some(r) = bounded(name, &v, &shared, &model, file, depth)? {
            rejected = Some(r);
            break;
        }
    }
    Ok(Outcome {
        rejected,
        depth,
        secs: t0.elapsed().as_secs_f64(),
    })
}

/// Marker of a property's first line in the formal model.
const MARK: &str = "// fw_mutate property ";

/// A bounded check of `depth` cycles of the properties `props` together on `verilog`: the
/// counterexample, if any, with the properties whose assertions fail in it.
fn bounded(
    name: &str,
    verilog: &str,
    shared: &str,
    props: &[prove::Property],
    file: &str,
    depth: u32,
) -> Result<Option<Rejection>> {
    let mut extra = shared.to_string();
    for p in props {
        extra.push_str(&format!("{MARK}{}\n{}", p.name, p.body));
    }
    let what = if props.len() == 1 {
        &props[0].name
    } else {
        "all"
    };
    let dir = compile(name, verilog, &extra, file, what)?;
    let k = depth.to_string();
    let run = smtbmc(&["-s", "z3", "--presat", "-t", &k, "model.smt2"], &dir);
    let model = std::fs::read_to_string(dir.join("model.sv")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    let (_, log) = run?;
    let Some(step) = failed_step(&log) else {
        passed(&log, what, "bounded check of a mutant")?;
        return Ok(None);
    };
    let properties = failing(&log, &model);
    if properties.is_empty() {
        return Err(Error::new(format!(
            "{name}: a counterexample whose failed assertions name no property:\n{}",
            super::last_lines(&log, 8)
        )));
    }
    Ok(Some(Rejection { step, properties }))
}

/// The properties of the failed assertions of a yosys-smtbmc log (`Assert failed in fw_x:
/// model.sv:89.26-89.53 ...`): each line's property is the last marker above it in `model`.
pub fn failing(log: &str, model: &str) -> Vec<String> {
    let lines: Vec<&str> = model.lines().collect();
    let mut names: Vec<String> = vec![];
    for l in log.lines().filter(|l| l.contains("Assert failed in ")) {
        let Some(at) = l
            .split_once("model.sv:")
            .and_then(|(_, r)| r.split('.').next()?.parse::<usize>().ok())
        else {
            continue;
        };
        let name = lines[..at.min(lines.len())]
            .iter()
            .rev()
            .find_map(|l| l.trim().strip_prefix(MARK.trim()).map(str::trim));
        if let Some(n) = name {
            if !names.iter().any(|m| m == n) {
                names.push(n.to_string());
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_assertions_are_named_by_the_marker_above_them() {
        let model = "module m;\n// fw_mutate property a\nassert(x);\n// fw_mutate property b\n\nassert(y);\nendmodule\n";
        let log = "##   0:00:00  Assert failed in m: model.sv:6.1-6.10 ($assert$model.sv:6$1)\n\
                   ##   0:00:00  Assert failed in m: model.sv:3.1-3.10 ($assert$model.sv:3$2)\n";
        assert_eq!(failing(log, model), ["b", "a"]);
        assert!(failing("Status: FAILED\n", model).is_empty());
    }

    #[test]
    fn every_table_names_a_twin_and_has_three_mutants_at_least() {
        for (b, t) in mutants::TABLES {
            assert!(crate::hdl::find(b).is_ok(), "{b}");
            assert!(t.len() >= 3, "{b}: {} mutants", t.len());
            for m in t.iter() {
                assert!(m.from != m.to && !m.what.is_empty(), "{b}: {}", m.what);
            }
        }
        assert!(of("nosuch").unwrap_err().to_string().contains("credit"));
        let e = apply("credit", "", 99).unwrap_err().to_string();
        assert!(e.contains("--mutant") && e.contains("1..="), "{e}");
        let e = apply("credit", "", 1).unwrap_err().to_string();
        assert!(e.contains("mutant 1") && e.contains("0 times"), "{e}");
    }
}
