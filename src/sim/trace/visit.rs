//! The two walks of the probes: the declarer (names, kinds, widths: the VCD header) and the
//! sampler (values that changed, written as VCD value changes).

use crate::sim::ProbeVisitor;

/// Bytes of buffered value changes that trigger a write to the output.
pub(super) const FLUSH_AT: usize = 64 << 10;

/// Kind of a declared variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Bits(u32),
    Int,
    Text,
}

/// Per-variable sampling state, indexed by walk order (index 0 is the root `cycle`).
#[derive(Debug, Clone)]
pub(super) struct Var {
    pub(super) kind: Kind,
    pub(super) enabled: bool,
    pub(super) written: bool,
    pub(super) id: [u8; 6],
    pub(super) id_len: u8,
    /// Value mask for bits/int.
    pub(super) mask: u64,
    /// Last written value (bits/int) or index into the text slots (text).
    pub(super) last: u64,
}

impl Var {
    pub(super) fn new(kind: Kind, enabled: bool) -> Var {
        let mask = match kind {
            Kind::Bits(w) => u64::MAX >> (64 - w),
            Kind::Int => 0xffff_ffff,
            Kind::Text => 0,
        };
        let (id, id_len, written, last) = ([0; 6], 0, false, 0);
        Var {
            kind,
            enabled,
            written,
            id,
            id_len,
            mask,
            last,
        }
    }
}

/// A scope of the declared hierarchy: name, parent, child scopes and variables (in walk order).
pub(super) struct Node(
    pub(super) String,
    pub(super) usize,
    pub(super) Vec<usize>,
    pub(super) Vec<usize>,
);

/// Declaring visitor: builds the scope tree and the variable list (kind, full path).
pub(super) struct Declarer {
    pub(super) nodes: Vec<Node>,
    pub(super) stack: Vec<usize>,
    pub(super) vars: Vec<(Kind, Vec<String>)>,
    pub(super) dup: Option<String>,
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

    pub(super) fn var(&mut self, name: &str, kind: Kind) {
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
    }
}

impl ProbeVisitor for Declarer {
    fn scope(&mut self, name: &str) {
        self.enter(sanitize(name));
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.enter(format!("{}{idx}", sanitize(prefix)));
    }
    fn up(&mut self) {
        assert!(
            self.stack.len() > 1,
            "probe walk: up() without a matching scope()"
        );
        self.stack.pop();
    }
    fn bits(&mut self, name: &str, width: u32, _: u64) {
        assert!(
            (1..=64).contains(&width),
            "probe signal {name:?}: width {width} not in 1..=64"
        );
        self.var(name, Kind::Bits(width));
    }
    fn int(&mut self, name: &str, _: i64) {
        self.var(name, Kind::Int);
    }
    fn text(&mut self, name: &str, _: &str) {
        self.var(name, Kind::Text);
    }
}

/// Sampling visitor: no allocation, no name formatting; compares each enabled variable (in walk
/// order) with its last written value and appends the changes to `buf`.
pub(super) struct Sampler<'a> {
    pub(super) vars: &'a mut [Var],
    pub(super) texts: &'a mut [String],
    pub(super) buf: &'a mut Vec<u8>,
    pub(super) idx: usize,
    pub(super) time: u64,
    pub(super) stamped: bool,
}

/// Append the decimal digits of `v`.
#[inline]
pub(super) fn push_u64(buf: &mut Vec<u8>, mut v: u64) {
    let mut d = [0u8; 20];
    let mut i = d.len();
    loop {
        i -= 1;
        d[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&d[i..]);
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
            self.buf.push(b'#');
            push_u64(self.buf, self.time);
            self.buf.push(b'\n');
        }
    }

    #[inline]
    pub(super) fn put_id(&mut self, i: usize) {
        let v = &self.vars[i];
        self.buf.extend_from_slice(&v.id[..v.id_len as usize]);
        self.buf.push(b'\n');
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
        let one = var.kind == Kind::Bits(1);
        self.stamp();
        if one {
            self.buf.push(b'0' + v as u8);
        } else {
            let top = 63 - (v | 1).leading_zeros() as usize;
            let mut d = [b' '; 66];
            d[0] = b'b';
            for (k, slot) in d[1..=top + 1].iter_mut().enumerate() {
                *slot = b'0' + ((v >> (top - k)) & 1) as u8;
            }
            self.buf.extend_from_slice(&d[..top + 3]);
        }
        self.put_id(i);
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
        self.buf.push(b's');
        if value.is_empty() {
            self.buf.push(b'_');
        }
        let safe = |c: u8| if c.is_ascii_graphic() { c } else { b'_' };
        self.buf.extend(value.bytes().map(safe));
        self.buf.push(b' ');
        self.put_id(i);
    }
}
