//! `flitwave rtl prove`: each twin's properties proven (docs/rtl.md §Proofs), printed as a
//! table with every property's whole text, with progress while the proofs run.

use super::args::RtlProveArgs;
use super::progress::{self, Beat, Mode};
use flitwave::hdl::eda::{
    self, mutate,
    prove::{self, Event, ProveOptions, Verdict},
};
use flitwave::{Error, Result};
use indicatif::ProgressBar;

/// Width of the property text column: a row, the columns before it included, fits in 100
/// columns; a longer text goes on over more lines of the column, never cut.
const TEXT: usize = 39;

pub(crate) fn cmd_prove(a: RtlProveArgs) -> Result<()> {
    let blocks = flitwave::hdl::selected(&a.block)?;
    let o = ProveOptions {
        depth: a.depth,
        cex_dir: Some(a.cex.clone()),
        only: a.property.clone(),
    };
    if a.mutant.is_some() && blocks.len() != 1 {
        return Err(Error::field(
            "--mutant",
            "names a mutant of one block: give exactly one block with it",
        ));
    }
    if o.only.is_some() && blocks.len() != 1 {
        return Err(Error::field(
            "--property",
            "names a property of one block: give exactly one block with it",
        ));
    }
    let mode = progress::mode(a.quiet);
    if mode != Mode::Off {
        errln!(
            "rtl prove: {} twin(s) ({}), each property a bounded check from reset and a k-induction (yosys-smtbmc, z3); a twin takes from a second (arbiter) to half a minute (vc_router)",
            blocks.len(),
            blocks
                .iter()
                .map(|b| b.name())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut shown = Shown {
        pb: match mode {
            Mode::Bar => progress::bar(blocks.len() as u64, "twins"),
            _ => ProgressBar::hidden(),
        },
        beat: (mode == Mode::Lines).then(Beat::new),
        block: String::new(),
        model: String::new(),
        label: String::new(),
        depth: 0,
    };
    if let Some(n) = a.mutant {
        let name = blocks[0].name();
        let table = mutate::of(name)?;
        let m = table.get(n.wrapping_sub(1)).ok_or_else(|| {
            Error::field(
                "--mutant",
                format!("{name} has no mutant {n}; allowed 1..={}", table.len()),
            )
        })?;
        outln!("{name} mutant {n}: {} (`{}` -> `{}`)", m.what, m.from, m.to);
    }
    row(
        &mut |l| outln!("{l}"),
        ["block", "name", "verdict", "secs"],
        "property",
    );
    let (mut proven, mut bad) = (0, vec![]);
    for b in blocks {
        let vfile = eda::verilog_path(&a.dir, b.name());
        let pfile = prove::props_path(&a.dir, b.name());
        let read = |p: &std::path::Path, hint: &str| {
            std::fs::read_to_string(p)
                .map_err(|e| Error::new(format!("{}: {e} ({hint})", p.display())))
        };
        // the file synthesis reads (`eda::synth` in `rtl check`), or one mutant of it
        let verilog = read(&vfile, "`flitwave rtl emit --dir` writes it")?;
        let verilog = match a.mutant {
            Some(n) => mutate::apply(b.name(), &verilog, n)?,
            None => verilog,
        };
        let props = read(
            &pfile,
            "every twin has its properties there; docs/rtl.md §Proofs",
        )?;
        let file = pfile.display().to_string();
        shown.block = b.name().to_string();
        let proofs = prove::prove_with(b.name(), &verilog, &props, &file, &o, &mut |e| {
            shown.event(e)
        })?;
        shown.pb.inc(1);
        let mut lines = vec![];
        for p in proofs {
            let v = match &p.verdict {
                Verdict::Proven => "PROVEN",
                Verdict::Failed { .. } => "FAILED",
                Verdict::Unproven { .. } => "UNPROVEN",
            };
            let secs = format!("{:.2}{}", p.secs, if p.jointly { "*" } else { " " });
            let cells = [b.name(), &p.property.name, v, &secs];
            row(&mut |l| lines.push(l), cells, &p.property.about);
            match &p.verdict {
                Verdict::Proven => proven += 1,
                Verdict::Failed { step, vcd, .. } => {
                    if let Some(vcd) = vcd {
                        lines.push(format!(
                            "    fails {step} cycles after reset; counterexample: gtkwave {}",
                            flitwave::sim::gtkw::save_path(vcd).display()
                        ));
                    }
                    bad.push(format!("{}.{}", b.name(), p.property.name));
                }
                Verdict::Unproven { depth } => {
                    lines.push(format!(
                        "    holds {depth} cycles after reset but is not {depth}-inductive"
                    ));
                    bad.push(format!("{}.{}", b.name(), p.property.name));
                }
            }
        }
        shown.pb.suspend(|| {
            for l in &lines {
                outln!("{l}");
            }
        });
    }
    shown.pb.finish_and_clear();
    drop(shown);
    outln!(
        "PROVEN: bounded check from reset and k-induction at the same depth (yosys-smtbmc, z3; k = --depth, else the props file's `// depth`, else {}): holds in every reachable state",
        prove::DEPTH
    );
    outln!("*: proven together with the block's other properties in one model (the time of that proof)");
    if bad.is_empty() {
        outln!("{proven} properties proven");
        Ok(())
    } else {
        Err(Error::new(format!(
            "{} propert{} not proven: {}",
            bad.len(),
            if bad.len() == 1 { "y" } else { "ies" },
            bad.join(", ")
        )))
    }
}

/// One row of the table: the cells, then the property text wrapped to [`TEXT`] columns, its
/// further lines under its first.
fn row(out: &mut dyn FnMut(String), cells: [&str; 4], text: &str) {
    let head = format!(
        "{:<14} {:<26} {:<9} {:>7}  ",
        cells[0], cells[1], cells[2], cells[3]
    );
    let pad = " ".repeat(head.chars().count());
    for (i, l) in wrap(text, TEXT).into_iter().enumerate() {
        out(format!("{}{l}", if i == 0 { &head } else { &pad }));
    }
}

/// `text` in lines of at most `width` characters, broken between words (a word longer than
/// `width` has a line of its own); at least one line.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    let mut line = String::new();
    for w in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + w.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    lines.push(line);
    lines
}

/// The progress of the proofs: the bar's message on a terminal; off one, a line at each
/// model's start and end and the heartbeat.
struct Shown {
    pb: ProgressBar,
    beat: Option<Beat>,
    /// The block being proven.
    block: String,
    /// The model being proven, in words ("property 3/6 name", "6/6 properties together").
    model: String,
    /// The same, short, for the bar ("name", "6 together").
    label: String,
    /// The depth of the model's checks.
    depth: u32,
}

impl Shown {
    fn event(&mut self, e: &Event) {
        let b = &self.block;
        match e {
            Event::Model {
                names,
                index,
                total,
                depth,
            } => {
                self.model = if names.len() == 1 {
                    format!("property {index}/{total} {}", names[0])
                } else {
                    format!(
                        "{}/{total} properties together ({})",
                        names.len(),
                        names.join(", ")
                    )
                };
                self.label = short(names);
                self.depth = *depth;
                self.pb.set_message(format!("{b}: {}", self.label));
                if let Some(beat) = &self.beat {
                    let line = format!("prove {b}: {}, depth {depth}", self.model);
                    beat.say(Some(&line), Some(line.clone()), true);
                }
            }
            Event::Step(s) => {
                self.pb
                    .set_message(format!("{b}: {}, {}", self.label, s.what()));
                if let Some(beat) = &self.beat {
                    beat.say(
                        None,
                        Some(format!(
                            "prove {b}: {}, {}, depth {}",
                            self.model,
                            s.what(),
                            self.depth
                        )),
                        false,
                    );
                }
            }
            Event::Done { verdict, secs } => {
                if let Some(beat) = &self.beat {
                    let outcome = match verdict {
                        Some(Verdict::Proven) => "PROVEN".to_string(),
                        Some(Verdict::Failed { step, .. }) => {
                            format!("FAILED {step} cycles after reset")
                        }
                        Some(Verdict::Unproven { depth }) => {
                            format!("UNPROVEN (not {depth}-inductive)")
                        }
                        None => "error".to_string(),
                    };
                    let next =
                        if self.model.contains(" together ") && verdict != &Some(Verdict::Proven) {
                            "; each alone next"
                        } else {
                            ""
                        };
                    let line = format!("prove {b}: {}: {outcome}{next}, {secs:.1} s", self.model);
                    beat.say(Some(&line), None, true);
                }
            }
        }
    }
}

/// The properties of a model, short, for the bar's message.
fn short(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        more => format!("{} together", more.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_wraps_between_words_and_is_never_cut() {
        let t =
            "every input (each of the 8, not only input 0) that requests without pause is granted";
        let w = wrap(t, 20);
        assert!(w.iter().all(|l| l.chars().count() <= 20), "{w:?}");
        assert_eq!(w.join(" "), t);
        assert_eq!(
            wrap("a_very_long_identifier_indeed x", 10),
            ["a_very_long_identifier_indeed", "x"]
        );
        assert_eq!(wrap("", 10), [""]);
    }
}
