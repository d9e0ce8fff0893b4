//! The two walks of the probes: the declarer (names, kinds, widths: the header) and the
//! sampler (values that changed, handed to the back end: [`Sink`]).

use super::fst::Fst;
use super::var::{text_chars, Kind, Var};
use super::vcd::Vcd;
use crate::sim::ProbeVisitor;

/// Where value changes go: the VCD or the FST back end.
pub(super) enum Sink {
    Vcd(Vcd),
    Fst(Box<Fst>),
}

/// A scope of the declared hierarchy: name, parent, child scopes and variables (in walk order).
pub(super) struct Node(
    pub(super) String,
    pub(super) usize,
    pub(super) Vec<usize>,
    pub(super) Vec<usize>,
);

/// Declaring visitor: builds the scope tree and the variable list (kind, full path), with the
/// FST width in characters of each text variable (from its first value; 0 for the others).
pub(super) struct Declarer {
    pub(super) nodes: Vec<Node>,
    pub(super) stack: Vec<usize>,
    pub(super) vars: Vec<(Kind, Vec<String>)>,
    pub(super) chars: Vec<u32>,
    pub(super) dup: Option<String>,
    /// The blocks entered by [`ProbeVisitor::block`], in walk order: their first variable and
    /// the one after their last; and those open, with the depth of their scope.
    pub(super) blocks: Vec<Block>,
    pub(super) open: Vec<(usize, usize)>,
}

/// A block of the walk ([`ProbeVisitor::block`]): its variables `start..end` (walk order),
/// and whether the waveform reads any of them (else the sampler skips its walk).
#[derive(Clone, Copy, Debug)]
pub(super) struct Block {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) read: bool,
}

/// Keep `[A-Za-z0-9_]`, replace anything else with `_` (an empty name becomes `_`).
pub(super) fn sanitize(s: &str) -> String {
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let s: String = s.chars().map(|c| if ok(c) { c } else { '_' }).collect();
    if s.is_empty() {
        "_".into()
    } else {
        s
    }
}

impl Declarer {
    pub(super) fn enter(&mut self, name: String) {
        let parent = *self
            .stack
            .last()
            .expect("probe walk: scope() after the root was closed");
        let kids = &self.nodes[parent].2;
        let id = match kids.iter().rev().find(|&&c| self.nodes[c].0 == name) {
            Some(&c) => c,
            None => {
                self.nodes.push(Node(name, parent, vec![], vec![]));
                let id = self.nodes.len() - 1;
                self.nodes[parent].2.push(id);
                id
            }
        };
        self.stack.push(id);
    }

    pub(super) fn var(&mut self, name: &str, kind: Kind, chars: u32) {
        let node = *self
            .stack
            .last()
            .expect("probe walk: signal after the root was closed");
        let mut path: Vec<String> = self
            .stack
            .iter()
            .map(|&n| self.nodes[n].0.clone())
            .collect();
        path.push(sanitize(name));
        let twice = |&v: &usize| self.vars[v].1.last() == path.last();
        if self.dup.is_none() && self.nodes[node].3.iter().any(twice) {
            self.dup = Some(path.join("."));
        }
        self.nodes[node].3.push(self.vars.len());
        self.vars.push((kind, path));
        self.chars.push(chars);
    }
}

impl ProbeVisitor for Declarer {
    fn scope(&mut self, name: &str) {
        self.enter(sanitize(name));
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.enter(format!("{}{idx}", sanitize(prefix)));
    }
    fn block(&mut self, prefix: &str, idx: usize) -> bool {
        self.scope_idx(prefix, idx);
        self.open.push((self.blocks.len(), self.stack.len()));
        let start = self.vars.len();
        self.blocks.push(Block {
            start,
            end: start,
            read: true,
        });
        true
    }
    fn up(&mut self) {
        assert!(
            self.stack.len() > 1,
            "probe walk: up() without a matching scope()"
        );
        if let Some(&(b, depth)) = self.open.last() {
            if depth == self.stack.len() {
                self.blocks[b].end = self.vars.len();
                self.open.pop();
            }
        }
        self.stack.pop();
    }
    fn bits(&mut self, name: &str, width: u32, _: u64) {
        assert!(
            (1..=64).contains(&width),
            "probe signal {name:?}: width {width} not in 1..=64"
        );
        self.var(name, Kind::Bits(width), 0);
    }
    fn int(&mut self, name: &str, _: i64) {
        self.var(name, Kind::Int, 0);
    }
    fn text(&mut self, name: &str, value: &str) {
        self.var(name, Kind::Text, text_chars(value));
    }
}

/// Sampling visitor: no allocation, no name formatting; compares each enabled variable (in walk
/// order) with its last written value and hands the changes to `sink`, stamping the time before
/// the first change of a step.
pub(super) struct Sampler<'a> {
    pub(super) vars: &'a mut [Var],
    /// The blocks of the walk (the declaring walk's) and the next one's index.
    pub(super) blocks: &'a [Block],
    pub(super) block: usize,
    pub(super) texts: &'a mut [String],
    pub(super) sink: &'a mut Sink,
    pub(super) idx: usize,
    pub(super) time: u64,
    pub(super) stamped: bool,
}

impl Sampler<'_> {
    /// Index of the next variable in walk order; panics if the walk is not the declared one.
    #[inline]
    pub(super) fn next(&mut self, name: &str, kind: Kind) -> usize {
        let i = self.idx;
        if i >= self.vars.len() {
            inconsistent(
                format!("visited more signals than the {} declared", i - 1),
                name,
            );
        }
        if self.vars[i].kind != kind {
            let was = self.vars[i].kind;
            inconsistent(
                format!("signal #{i} was declared as {was:?}, sampled as {kind:?}"),
                name,
            );
        }
        self.idx += 1;
        i
    }

    #[inline]
    pub(super) fn stamp(&mut self) {
        if !self.stamped {
            self.stamped = true;
            match self.sink {
                Sink::Vcd(v) => v.stamp(self.time),
                Sink::Fst(f) => f.stamp(self.time),
            }
        }
    }

    /// Write bits/int variable `i` if it changed.
    #[inline]
    pub(super) fn num(&mut self, i: usize, value: u64) {
        let var = &mut self.vars[i];
        let v = value & var.mask;
        if !var.enabled || (var.written && var.last == v) {
            return;
        }
        var.written = true;
        var.last = v;
        self.stamp();
        let var = &self.vars[i];
        match self.sink {
            Sink::Vcd(out) => out.num(var, v),
            Sink::Fst(out) => out.num(var, v),
        }
    }
}

/// Panic for a probe walk that differs from the declaring walk (a programming error).
#[cold]
#[inline(never)]
pub(super) fn inconsistent(what: String, name: &str) -> ! {
    panic!(
        "probe walk {what} (at signal {name:?}): a block's probe() must walk the same signals, \
         with the same kinds, in the same order every time"
    )
}

impl ProbeVisitor for Sampler<'_> {
    fn scope(&mut self, _: &str) {}
    fn scope_idx(&mut self, _: &str, _: usize) {}
    /// A block none of whose signals the waveform reads is skipped: its variables are passed
    /// over without walking it.
    #[inline]
    fn block(&mut self, prefix: &str, idx: usize) -> bool {
        let Some(&b) = self.blocks.get(self.block) else {
            inconsistent("entered more blocks than declared".into(), prefix);
        };
        self.block += 1;
        if b.start != self.idx {
            let what = format!(
                "block {prefix}{idx} began at signal #{}, not #{}",
                self.idx, b.start
            );
            inconsistent(what, prefix);
        }
        if !b.read {
            self.idx = b.end;
        }
        b.read
    }
    fn up(&mut self) {}
    #[inline]
    fn bits(&mut self, name: &str, width: u32, value: u64) {
        let i = self.next(name, Kind::Bits(width));
        self.num(i, value);
    }
    #[inline]
    fn int(&mut self, name: &str, value: i64) {
        let i = self.next(name, Kind::Int);
        self.num(i, value as u64);
    }
    #[inline]
    fn text(&mut self, name: &str, value: &str) {
        let i = self.next(name, Kind::Text);
        let var = &mut self.vars[i];
        if !var.enabled {
            return;
        }
        let slot = &mut self.texts[var.last as usize];
        if var.written && slot == value {
            return;
        }
        var.written = true;
        slot.clear();
        slot.push_str(value);
        self.stamp();
        let var = &self.vars[i];
        match self.sink {
            Sink::Vcd(out) => out.text(var, value),
            Sink::Fst(out) => out.text(var, value),
        }
    }
}
