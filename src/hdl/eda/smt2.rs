//! The SMT-LIB model `yosys-smtbmc` reads, its deep cells declared instead of defined
//! (docs/rtl.md §Proofs).
//!
//! Yosys' `write_smt2` gives each cell of a module a function of the state, `(define-fun
//! |<mod>#<n>| ((state |<mod>_s|)) <sort> <body>)`, whose body calls the cells before it. z3
//! 4.8.12 expands a `define-fun` as a macro where it is used, walking the whole expanded body
//! of every function it calls, so that reading a bit-blasted model of tens of thousands of
//! chained gates takes time quadratic in its depth: 48 s for the rearrange controller before a
//! single check, and again in every call of `yosys-smtbmc`. [`declare_cells`] declares each
//! cell whose expansion would reach more than [`REACH`] other defined cells, its definition
//! an equation `(= (|<mod>#<n>| state) <body>)` in the module's `|<mod>_h|`, which
//! `yosys-smtbmc` asserts for every state of every check, bounded or inductive: the same
//! constraints on the same states, read in linear time. The other cells stay definitions:
//! every declared function slows z3's search (the bounded check of an ITB mutant: 5 s as Yosys
//! writes the model, 21 s with every cell declared, 7 s with [`REACH`] 16; the rearrange
//! controller's proof: 89 s, 6.5 s and 4 s).

use crate::error::{Error, Result};
use std::collections::HashMap;

/// The defined cells a cell's expansion may reach before it is declared.
pub const REACH: usize = 16;

/// A cell definition of a module whose `_h` follows it.
struct Cell<'a> {
    line: usize,
    module: usize,
    name: &'a str,
    sort: &'a str,
    body: &'a str,
    rest: &'a str,
}

/// `text`, the output of `write_smt2`, with every cell of Bool or BitVec sort whose expansion
/// reaches more than [`REACH`] defined cells declared, its definition an equation in its
/// module's `_h`. A cell stays a definition when its module's `_h` is not a one-line definition
/// after it; a module without such an `_h` is an error.
pub fn declare_cells(text: &str) -> Result<String> {
    declare(text, REACH)
}

/// [`declare_cells`] with `reach` for [`REACH`].
fn declare(text: &str, reach: usize) -> Result<String> {
    let lines: Vec<&str> = text.lines().collect();
    // each module's `_h`: its name, its line, its body
    let mut hier: Vec<(&str, usize, &str)> = vec![];
    let mut modules: Vec<&str> = vec![];
    for (i, l) in lines.iter().enumerate() {
        if let Some(m) = l.strip_prefix("; yosys-smt2-module ") {
            modules.push(m.trim());
        }
        if let Some((name, "Bool", body, _)) = definition(l) {
            if let Some(m) = name.strip_suffix("_h").filter(|m| modules.contains(m)) {
                hier.push((m, i, body));
            }
        }
    }
    if let Some(m) = modules.iter().find(|m| !hier.iter().any(|h| h.0 == **m)) {
        return Err(Error::new(format!(
            "the SMT-LIB model of {m} has no one-line `|{m}_h|`"
        )));
    }
    let mut cells: Vec<Cell> = vec![];
    for (line, l) in lines.iter().enumerate() {
        let Some((name, sort, body, rest)) = definition(l) else {
            continue;
        };
        let Some((m, n)) = name.rsplit_once('#') else {
            continue;
        };
        let numbered = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
        let sorted = sort == "Bool" || sort.starts_with("(_ BitVec ");
        let module = hier.iter().position(|h| h.0 == m && h.1 > line);
        if let (true, true, Some(module)) = (numbered, sorted, module) {
            cells.push(Cell {
                line,
                module,
                name,
                sort,
                body,
                rest,
            });
        }
    }
    let declared = deep(&cells, reach);
    let mut equations: Vec<Vec<String>> = vec![vec![]; hier.len()];
    let mut at = cells.iter().zip(&declared).filter(|(_, d)| **d).peekable();
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (i, l) in lines.iter().enumerate() {
        if let Some(h) = hier.iter().position(|h| h.1 == i) {
            let (m, _, body) = hier[h];
            out.push_str(&format!("(define-fun |{m}_h| ((state |{m}_s|)) Bool "));
            if equations[h].is_empty() {
                out.push_str(body);
            } else {
                out.push_str("(and ");
                out.push_str(body);
                for e in &equations[h] {
                    out.push_str("\n  ");
                    out.push_str(e);
                }
                out.push(')');
            }
            out.push_str(")\n");
        } else if let Some((c, _)) = at.next_if(|(c, _)| c.line == i) {
            let (m, name, sort) = (hier[c.module].0, c.name, c.sort);
            out.push_str(&format!(
                "(declare-fun |{name}| (|{m}_s|) {sort}){}\n",
                c.rest
            ));
            equations[c.module].push(format!("(= (|{name}| state) {})", c.body));
        } else {
            out.push_str(l);
            out.push('\n');
        }
    }
    Ok(out)
}

/// Which of `cells` (in the order of their definitions) to declare: those whose body, its
/// defined cells expanded, would reach more than `reach_max` defined cells.
fn deep(cells: &[Cell], reach_max: usize) -> Vec<bool> {
    let index: HashMap<&str, usize> = cells.iter().enumerate().map(|(i, c)| (c.name, i)).collect();
    let mut declared = vec![false; cells.len()];
    // the defined cells each defined cell's expansion reaches
    let mut reach: Vec<Vec<usize>> = vec![vec![]; cells.len()];
    for (i, c) in cells.iter().enumerate() {
        let mut r: Vec<usize> = vec![];
        for name in c.body.split('|').skip(1).step_by(2) {
            let Some(&j) = index.get(name).filter(|&&j| j < i && !declared[j]) else {
                continue;
            };
            for k in std::iter::once(j).chain(reach[j].iter().copied()) {
                if !r.contains(&k) {
                    r.push(k);
                }
            }
            if r.len() > reach_max {
                break;
            }
        }
        if r.len() > reach_max {
            declared[i] = true;
        } else {
            reach[i] = r;
        }
    }
    declared
}

/// A one-line definition of a function of one state, `(define-fun |NAME| ((state |M_s|)) SORT
/// BODY) REST` with `M` the part of NAME before its `#` or its last `_`: (NAME, SORT, BODY,
/// REST), REST the comment after it, if any; None for any other line.
fn definition(line: &str) -> Option<(&str, &str, &str, &str)> {
    let rest = line.strip_prefix("(define-fun |")?;
    let (name, rest) = rest.split_once('|')?;
    let rest = rest.strip_prefix(" ((state |")?;
    let (sort_of_state, rest) = rest.split_once("|)) ")?;
    let m = sort_of_state.strip_suffix("_s")?;
    let of_m = name
        .strip_prefix(m)
        .is_some_and(|r| r.starts_with('#') || r == "_h");
    if !of_m {
        return None;
    }
    let sort_len = if rest.starts_with("Bool ") {
        4
    } else if rest.starts_with("(_ BitVec ") {
        rest.find(')')? + 1
    } else {
        return None;
    };
    let (sort, rest) = rest.split_at(sort_len);
    let rest = rest.strip_prefix(' ')?;
    // the body ends where the definition's parenthesis closes (`|...|` symbols skipped)
    let mut depth = 1i32;
    let mut quoted = false;
    let mut end = None;
    for (at, c) in rest.char_indices() {
        match c {
            '|' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => {
                depth -= 1;
                if depth == 0 {
                    end = Some(at);
                    break;
                }
            }
            ';' if !quoted => return None,
            _ => {}
        }
    }
    let end = end?;
    let (body, tail) = (&rest[..end], &rest[end + 1..]);
    let tail_ok = tail.is_empty() || tail.starts_with(" ;");
    (tail_ok && !body.trim().is_empty()).then_some((name, sort, body, tail))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A register, a chain of cells (3 reaches 2 and 1), an array cell, a wire, the
    /// assertions, `_h`, and a cell after it.
    const MODEL: &str = "; yosys-smt2-module m\n\
        (declare-sort |m_s| 0)\n\
        (declare-fun |m#0| (|m_s|) Bool) ; \\r\n\
        (define-fun |m#1| ((state |m_s|)) Bool (not (|m#0| state))) ; $abc$1\n\
        (define-fun |m#2| ((state |m_s|)) (_ BitVec 2) (concat (ite (|m#1| state) #b1 #b0) #b0))\n\
        (define-fun |m#3| ((state |m_s|)) Bool (= ((_ extract 0 0) (|m#2| state)) #b1)) ; $abc$3\n\
        (define-fun |m#4| ((state |m_s|)) Bool (and (|m#3| state) (|m#1| state)))\n\
        (define-fun |m#5| ((state |m_s|)) (Array (_ BitVec 1) Bool) (|m#9| state))\n\
        (define-fun |m_n w| ((state |m_s|)) Bool (|m#4| state))\n\
        (define-fun |m_a| ((state |m_s|)) Bool (and\n  (|m#4| state)\n))\n\
        (define-fun |m_h| ((state |m_s|)) Bool true)\n\
        (define-fun |m#6| ((state |m_s|)) Bool (|m#4| state))\n";

    #[test]
    fn deep_cells_become_declarations_fixed_in_the_hierarchy_function() {
        // reach 1: 3 reaches 2 and 1, declared; 4 then reaches nothing defined
        let want = "; yosys-smt2-module m\n\
            (declare-sort |m_s| 0)\n\
            (declare-fun |m#0| (|m_s|) Bool) ; \\r\n\
            (define-fun |m#1| ((state |m_s|)) Bool (not (|m#0| state))) ; $abc$1\n\
            (define-fun |m#2| ((state |m_s|)) (_ BitVec 2) (concat (ite (|m#1| state) #b1 #b0) #b0))\n\
            (declare-fun |m#3| (|m_s|) Bool) ; $abc$3\n\
            (define-fun |m#4| ((state |m_s|)) Bool (and (|m#3| state) (|m#1| state)))\n\
            (define-fun |m#5| ((state |m_s|)) (Array (_ BitVec 1) Bool) (|m#9| state))\n\
            (define-fun |m_n w| ((state |m_s|)) Bool (|m#4| state))\n\
            (define-fun |m_a| ((state |m_s|)) Bool (and\n  (|m#4| state)\n))\n\
            (define-fun |m_h| ((state |m_s|)) Bool (and true\n  \
            (= (|m#3| state) (= ((_ extract 0 0) (|m#2| state)) #b1))))\n\
            (define-fun |m#6| ((state |m_s|)) Bool (|m#4| state))\n";
        assert_eq!(declare(MODEL, 1).unwrap(), want);
        // reach 0: 2 reaches 1, declared; 3 then reaches nothing defined, 4 reaches 3 (the
        // cell after `_h` stays defined)
        let out = declare(MODEL, 0).unwrap();
        for n in [2, 4] {
            assert!(
                out.contains(&format!("(declare-fun |m#{n}| (|m_s|)")),
                "{n}: {out}"
            );
        }
        for n in [1, 3, 5, 6] {
            assert!(out.contains(&format!("(define-fun |m#{n}| ")), "{n}: {out}");
        }
        // the default reach leaves a small model as Yosys wrote it
        assert_eq!(declare_cells(MODEL).unwrap(), MODEL);
    }

    #[test]
    fn lines_that_are_not_whole_cell_definitions_are_kept() {
        for l in [
            "(define-fun |m#1| ((state |m_s|)) Bool (and (|m#0| state)",
            "(define-fun |m#1| ((state |m_s|)) Bool (|m#0| state)) (extra)",
            "(define-fun |m#1| ((state |n_s|)) Bool (|m#0| state))",
            "(define-fun |m#1| ((state |m_s|) (next_state |m_s|)) Bool true)",
            "(define-fun |m#1| ((state |m_s|)) Bool )",
        ] {
            assert_eq!(definition(l), None, "{l}");
        }
        let l = "(define-fun |m#1| ((state |m_s|)) Bool (|m#0 (| state)) ; a (";
        assert_eq!(
            definition(l),
            Some(("m#1", "Bool", "(|m#0 (| state)", " ; a ("))
        );
        let e = declare_cells("; yosys-smt2-module m\n(declare-sort |m_s| 0)\n").unwrap_err();
        assert!(e.to_string().contains("|m_h|"), "{e}");
    }
}
