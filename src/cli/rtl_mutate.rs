//! `flitwave rtl mutate`: the seeded-mutation table of the twins (docs/rtl.md §Seeded
//! mutants): per twin, its properties proven on the Verilog as emitted, then each one-gate
//! mutant of its table applied alone and rejected (or not) by a counterexample.

use super::args::RtlMutateArgs;
use super::progress::{self, Mode};
use super::rtl_prove::wrap;
use flitwave::hdl::eda::{
    self, mutate,
    prove::{self, ProveOptions, Verdict},
};
use flitwave::{Error, Result};

/// Width of the last column (what the mutant changes, and what rejects it): a row fits in
/// 100 columns.
const TEXT: usize = 58;

pub(crate) fn cmd_mutate(a: RtlMutateArgs) -> Result<()> {
    let blocks = if a.block.is_empty() {
        eda::mutants::TABLES.iter().map(|(b, _)| *b).collect()
    } else {
        for b in &a.block {
            flitwave::hdl::find(b)?;
            mutate::of(b)?;
        }
        a.block.iter().map(String::as_str).collect::<Vec<_>>()
    };
    if a.mutant.is_some() && blocks.len() != 1 {
        return Err(Error::field(
            "--mutant",
            "names a mutant of one block: give exactly one block with it",
        ));
    }
    if let Some(n) = a.mutant {
        let len = mutate::of(blocks[0])?.len();
        if n == 0 || n > len {
            return Err(Error::field(
                "--mutant",
                format!("{} has no mutant {n}; allowed 1..={len}", blocks[0]),
            ));
        }
    }
    let say = progress::mode(a.quiet) != Mode::Off;
    row(
        ["block", "mutant", "verdict", "step", "secs"],
        "what it changes; rejected by",
    );
    let mut bad = vec![];
    for name in blocks {
        let read = |p: &std::path::Path| {
            std::fs::read_to_string(p).map_err(|e| Error::new(format!("{}: {e}", p.display())))
        };
        let pfile = prove::props_path(&a.dir, name);
        let file = pfile.display().to_string();
        let verilog = read(&eda::verilog_path(&a.dir, name))?;
        let props = read(&pfile)?;
        if !a.mutants_only {
            if say {
                errln!("mutate {name}: proving the properties on the Verilog as emitted");
            }
            let t0 = std::time::Instant::now();
            let proofs = prove::prove(name, &verilog, &props, &file, &ProveOptions::default())?;
            let secs = t0.elapsed().as_secs_f64();
            let unproven: Vec<_> = proofs
                .iter()
                .filter(|p| p.verdict != Verdict::Proven)
                .map(|p| p.property.name.clone())
                .collect();
            let verdict = if unproven.is_empty() {
                "PROVEN"
            } else {
                "FAILED"
            };
            let text = if unproven.is_empty() {
                format!("as emitted: its {} properties proven", proofs.len())
            } else {
                bad.push(format!("{name} as emitted ({})", unproven.join(", ")));
                format!("as emitted: not proven: {}", unproven.join(", "))
            };
            row([name, "-", verdict, "", &format!("{secs:.1}")], &text);
        }
        let table = mutate::of(name)?;
        let which: Vec<usize> = match a.mutant {
            Some(n) => vec![n],
            None => (1..=table.len()).collect(),
        };
        for n in which {
            let m = &table[n - 1];
            if say {
                errln!("mutate {name}: mutant {n}/{}: {}", table.len(), m.what);
            }
            let o = mutate::check(name, &verilog, &props, &file, n)?;
            let secs = format!("{:.1}", o.secs);
            match &o.rejected {
                Some(r) => {
                    let text = format!("{}; rejected by {}", m.what, r.properties.join(", "));
                    row(
                        [name, &n.to_string(), "REJECTED", &r.step.to_string(), &secs],
                        &text,
                    );
                }
                None => {
                    bad.push(format!("{name} mutant {n}"));
                    let text = format!("{}; no counterexample in {} cycles", m.what, o.depth);
                    row([name, &n.to_string(), "SURVIVED", "", &secs], &text);
                }
            }
        }
    }
    outln!("REJECTED: a bounded check from reset (yosys-smtbmc, z3; {} cycles, or the props file's depth if deeper) finds a counterexample to the properties named, the first in the cycle after reset shown as step", mutate::DEPTH);
    if bad.is_empty() {
        outln!("every twin proven as emitted and every mutant rejected");
        Ok(())
    } else {
        Err(Error::new(format!(
            "not as required (a twin proven, each mutant rejected): {}",
            bad.join(", ")
        )))
    }
}

/// One row: the cells, then `text` wrapped to [`TEXT`] columns, its further lines under its
/// first.
fn row(cells: [&str; 5], text: &str) {
    let head = format!(
        "{:<13} {:>6} {:<9} {:>4} {:>6}  ",
        cells[0], cells[1], cells[2], cells[3], cells[4]
    );
    let pad = " ".repeat(head.chars().count());
    for (i, l) in wrap(text, TEXT).into_iter().enumerate() {
        outln!("{}{l}", if i == 0 { &head } else { &pad });
    }
}
