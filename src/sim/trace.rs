//! VCD waveform writer driven by probes.
//!
//! [`Tracer::new`] walks the root's probes once to declare the hierarchy, keeps the variables
//! whose dotted path falls under one of the selected scopes, and writes the VCD header (no date,
//! so the bytes are deterministic). [`Tracer::sample`] walks the probes again every traced cycle
//! and writes only the values that changed. Time is `cycle * period_ps` in a 1 ps timescale.
//!
//! Value encoding: `bits` → `$var wire W` (`0!`/`1!` for one bit, `b101 !` without leading
//! zeros otherwise); `int` → `$var integer 32` (negative values as 32-bit two's complement, so
//! -1 reads back as 32 ones); `text` → `$var string 1`, where whitespace, control and non-ASCII
//! bytes become `_` and an empty text is written as `_`.

use crate::error::{Error, Result};
use crate::sim::probe::{Probe, ProbeVisitor};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

/// What to trace.
#[derive(Debug, Clone)]
pub struct TraceConfig {
    /// Selected scope prefixes ("network.sw3", "network.nic12.send_dma"), matched component by
    /// component against each signal's dotted path; empty = everything.
    pub scopes: Vec<String>,
    /// Cycle window `start..end` (end exclusive); `None` = every cycle.
    pub window: Option<(u64, u64)>,
    /// Clock period in picoseconds; VCD time is `cycle * period_ps`.
    pub period_ps: u64,
}

impl Default for TraceConfig {
    /// Everything, every cycle, Myrinet's 6.25 ns clock.
    fn default() -> Self {
        TraceConfig {
            scopes: vec![],
            window: None,
            period_ps: 6250,
        }
    }
}

/// Bytes of buffered value changes that trigger a write to the output.
const FLUSH_AT: usize = 64 << 10;

/// Kind of a declared variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bits(u32),
    Int,
    Text,
}

/// Per-variable sampling state, indexed by walk order (index 0 is the root `cycle`).
#[derive(Debug, Clone)]
struct Var {
    kind: Kind,
    enabled: bool,
    written: bool,
    id: [u8; 6],
    id_len: u8,
    /// Value mask for bits/int.
    mask: u64,
    /// Last written value (bits/int) or index into the text slots (text).
    last: u64,
}

/// Scope tree built during declaration.
struct Node {
    name: String,
    parent: usize,
    children: Vec<usize>,
    vars: Vec<(String, usize)>,
}

/// Declaring visitor: builds the scope tree and the variable list.
struct Declarer {
    nodes: Vec<Node>,
    index: HashMap<(usize, String), usize>,
    stack: Vec<usize>,
    vars: Vec<(Kind, usize, String)>,
    dup: Option<String>,
}

/// Keep `[A-Za-z0-9_]`, replace anything else with `_` (an empty name becomes `_`).
fn sanitize(s: &str) -> String {
    if s.is_empty() {
        return "_".into();
    }
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

impl Declarer {
    fn enter(&mut self, name: String) {
        let parent = *self
            .stack
            .last()
            .expect("probe walk: scope() after the root was closed");
        let n = self.nodes.len();
        let id = *self.index.entry((parent, name.clone())).or_insert(n);
        if id == n {
            self.nodes.push(Node {
                name,
                parent,
                children: vec![],
                vars: vec![],
            });
            self.nodes[parent].children.push(id);
        }
        self.stack.push(id);
    }

    fn var(&mut self, name: &str, kind: Kind) {
        let node = *self
            .stack
            .last()
            .expect("probe walk: signal after the root scope was closed");
        let name = sanitize(name);
        if self.dup.is_none() && self.nodes[node].vars.iter().any(|(n, _)| *n == name) {
            self.dup = Some(format!("{}.{name}", self.path(node).join(".")));
        }
        self.nodes[node].vars.push((name.clone(), self.vars.len()));
        self.vars.push((kind, node, name));
    }

    /// Component path of a node, root first.
    fn path(&self, node: usize) -> Vec<String> {
        let mut p = vec![];
        let mut n = node;
        loop {
            p.push(self.nodes[n].name.clone());
            if n == 0 {
                break;
            }
            n = self.nodes[n].parent;
        }
        p.reverse();
        p
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
            "probe signal {name:?}: width {width} is outside 1..=64"
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
struct Sampler<'a> {
    vars: &'a mut [Var],
    texts: &'a mut [String],
    buf: &'a mut Vec<u8>,
    idx: usize,
    time: u64,
    stamped: bool,
    #[cfg(debug_assertions)]
    depth: isize,
}

/// Append the decimal digits of `v`.
#[inline]
fn push_u64(buf: &mut Vec<u8>, mut v: u64) {
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
    /// The next variable in walk order; panics if the walk visits more than were declared.
    #[inline]
    fn next(&mut self, _name: &str, _kind: Kind) -> usize {
        let i = self.idx;
        assert!(
            i < self.vars.len(),
            "probe walk visited more signals than the {} declared (at {_name:?}): a block's probe() must walk the same signals in the same order every time",
            self.vars.len()
        );
        #[cfg(debug_assertions)]
        assert!(
            self.vars[i].kind == _kind,
            "probe walk inconsistent: signal #{i} ({_name:?}) was declared as {:?}, sampled as {_kind:?}",
            self.vars[i].kind
        );
        self.idx += 1;
        i
    }

    #[inline]
    fn stamp(&mut self) {
        if !self.stamped {
            self.stamped = true;
            self.buf.push(b'#');
            push_u64(self.buf, self.time);
            self.buf.push(b'\n');
        }
    }

    #[inline]
    fn put_id(&mut self, i: usize) {
        let v = &self.vars[i];
        self.buf.extend_from_slice(&v.id[..v.id_len as usize]);
        self.buf.push(b'\n');
    }

    /// Write bits/int variable `i` if it changed.
    #[inline]
    fn num(&mut self, i: usize, value: u64) {
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
            let mut d = [0u8; 66];
            d[0] = b'b';
            for (k, slot) in d[1..=top + 1].iter_mut().enumerate() {
                *slot = b'0' + ((v >> (top - k)) & 1) as u8;
            }
            d[top + 2] = b' ';
            self.buf.extend_from_slice(&d[..top + 3]);
        }
        self.put_id(i);
    }
}

impl ProbeVisitor for Sampler<'_> {
    #[inline]
    fn scope(&mut self, _: &str) {
        #[cfg(debug_assertions)]
        {
            self.depth += 1;
        }
    }
    #[inline]
    fn scope_idx(&mut self, _: &str, _: usize) {
        #[cfg(debug_assertions)]
        {
            self.depth += 1;
        }
    }
    #[inline]
    fn up(&mut self) {
        #[cfg(debug_assertions)]
        {
            self.depth -= 1;
            assert!(
                self.depth >= 0,
                "probe walk: up() without a matching scope()"
            );
        }
    }
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
        self.buf.extend(
            value
                .bytes()
                .map(|c| if c.is_ascii_graphic() { c } else { b'_' }),
        );
        self.buf.push(b' ');
        self.put_id(i);
    }
}

/// The waveform writer: see the module documentation.
pub struct Tracer {
    out: Box<dyn Write>,
    vars: Vec<Var>,
    texts: Vec<String>,
    buf: Vec<u8>,
    /// GTKWave names of the selected signals, in header order.
    names: Vec<String>,
    window: Option<(u64, u64)>,
    period: u64,
    last_call: Option<u64>,
    last_sampled: Option<u64>,
    finished: bool,
}

/// Base-94 identifier code (`!`..`~`), as simulators write them.
fn id_code(mut n: usize) -> ([u8; 6], u8) {
    let mut s = [0u8; 6];
    let mut len = 0;
    loop {
        s[len] = b'!' + (n % 94) as u8;
        len += 1;
        n /= 94;
        if n == 0 {
            break;
        }
        n -= 1;
    }
    (s, len as u8)
}

/// Does the component path `path` start with the components of `scope`?
fn under(path: &[String], scope: &[&str]) -> bool {
    scope.len() <= path.len() && scope.iter().zip(path).all(|(a, b)| a == b)
}

impl Tracer {
    /// Walk `root.probe()` once under the scope `root_name`, keep the variables under one of
    /// `cfg.scopes` (plus the root `cycle` counter), write the VCD header to `out` and return the
    /// tracer. Errors if a selected scope matches no signal, the window is empty or the period
    /// is zero.
    pub fn new<P: Probe, W: Write + 'static>(
        root_name: &str,
        root: &P,
        cfg: TraceConfig,
        out: W,
    ) -> Result<Tracer> {
        if cfg.period_ps == 0 {
            return Err(Error::field("trace period_ps", "must be > 0"));
        }
        if let Some((a, b)) = cfg.window {
            if a >= b {
                return Err(Error::field(
                    "trace window",
                    format!("{a}..{b} is empty (start must be < end)"),
                ));
            }
        }
        let root_name = sanitize(root_name);
        let mut d = Declarer {
            nodes: vec![Node {
                name: root_name.clone(),
                parent: 0,
                children: vec![],
                vars: vec![],
            }],
            index: HashMap::new(),
            stack: vec![0],
            vars: vec![],
            dup: None,
        };
        d.var("cycle", Kind::Int);
        root.probe(&mut d);
        assert!(
            d.stack.len() == 1,
            "probe walk of {root_name:?}: {} scope() calls without up()",
            d.stack.len() - 1
        );
        if let Some(dup) = d.dup {
            return Err(Error::new(format!("probe signal {dup} is declared twice")));
        }
        // Full component paths, for scope selection.
        let node_paths: Vec<Vec<String>> = (0..d.nodes.len()).map(|n| d.path(n)).collect();
        let var_path = |(_, node, name): &(Kind, usize, String)| {
            let mut p = node_paths[*node].clone();
            p.push(name.clone());
            p
        };
        let paths: Vec<Vec<String>> = d.vars.iter().map(var_path).collect();
        let scopes: Vec<Vec<&str>> = cfg
            .scopes
            .iter()
            .map(|s| s.trim().trim_end_matches('.').split('.').collect())
            .collect();
        for (s, raw) in scopes.iter().zip(&cfg.scopes) {
            if !paths[1..].iter().any(|p| under(p, s)) {
                let tops: Vec<String> = d.nodes[0]
                    .children
                    .iter()
                    .map(|&c| format!("{root_name}.{}", d.nodes[c].name))
                    .collect();
                let shown = tops.iter().take(8).cloned().collect::<Vec<_>>().join(", ");
                let more = if tops.len() > 8 {
                    format!(", ... ({} in all)", tops.len())
                } else {
                    String::new()
                };
                return Err(Error::field(
                    format!("trace scope {raw:?}"),
                    format!("matches no signal; valid top-level scopes: {shown}{more}"),
                ));
            }
        }
        let enabled: Vec<bool> = paths
            .iter()
            .enumerate()
            .map(|(i, p)| i == 0 || scopes.is_empty() || scopes.iter().any(|s| under(p, s)))
            .collect();
        // Count enabled variables per subtree so empty scopes are left out of the header.
        let mut live = vec![0usize; d.nodes.len()];
        for (i, (_, node, _)) in d.vars.iter().enumerate() {
            if enabled[i] {
                let mut n = *node;
                live[n] += 1;
                while n != 0 {
                    n = d.nodes[n].parent;
                    live[n] += 1;
                }
            }
        }
        let mut vars: Vec<Var> = d
            .vars
            .iter()
            .enumerate()
            .map(|(i, (kind, _, _))| Var {
                kind: *kind,
                enabled: enabled[i],
                written: false,
                id: [0; 6],
                id_len: 0,
                mask: match kind {
                    Kind::Bits(64) => u64::MAX,
                    Kind::Bits(w) => (1u64 << w) - 1,
                    Kind::Int => 0xffff_ffff,
                    Kind::Text => 0,
                },
                last: 0,
            })
            .collect();
        let mut texts = vec![];
        for v in vars
            .iter_mut()
            .filter(|v| v.kind == Kind::Text && v.enabled)
        {
            v.last = texts.len() as u64;
            texts.push(String::new());
        }
        // Header, walking the tree depth first: variables first, then child scopes.
        let mut hdr = String::new();
        hdr += "$version flitwave $end\n";
        hdr += &format!(
            "$comment clock period {} ps, time = cycle * {} $end\n",
            cfg.period_ps, cfg.period_ps
        );
        hdr += "$timescale 1ps $end\n";
        let mut names = vec![];
        let mut next_id = 0;
        let mut stack = vec![(0usize, false)];
        while let Some((n, done)) = stack.pop() {
            if done {
                hdr += "$upscope $end\n";
                continue;
            }
            let node = &d.nodes[n];
            hdr += &format!("$scope module {} $end\n", node.name);
            stack.push((n, true));
            for &(ref name, i) in &node.vars {
                if !enabled[i] {
                    continue;
                }
                let (id, len) = id_code(next_id);
                next_id += 1;
                vars[i].id = id;
                vars[i].id_len = len;
                let ids = std::str::from_utf8(&id[..len as usize]).unwrap();
                let full = paths[i].join(".");
                match vars[i].kind {
                    Kind::Bits(w) => {
                        hdr += &format!("$var wire {w} {ids} {name} $end\n");
                        names.push(if w > 1 {
                            format!("{full}[{}:0]", w - 1)
                        } else {
                            full
                        });
                    }
                    Kind::Int => {
                        hdr += &format!("$var integer 32 {ids} {name} $end\n");
                        names.push(full);
                    }
                    Kind::Text => {
                        hdr += &format!("$var string 1 {ids} {name} $end\n");
                        names.push(full);
                    }
                }
            }
            for &c in node.children.iter().rev() {
                if live[c] > 0 {
                    stack.push((c, false));
                }
            }
        }
        hdr += "$enddefinitions $end\n";
        let mut out: Box<dyn Write> = Box::new(out);
        out.write_all(hdr.as_bytes())?;
        Ok(Tracer {
            out,
            vars,
            texts,
            buf: Vec::with_capacity(FLUSH_AT + (8 << 10)),
            names,
            window: cfg.window,
            period: cfg.period_ps,
            last_call: None,
            last_sampled: None,
            finished: false,
        })
    }

    /// [`Tracer::new`] writing to the file `path` (through a `BufWriter`), creating its parent
    /// directories.
    pub fn create_file<P: Probe>(
        path: &Path,
        root_name: &str,
        root: &P,
        cfg: TraceConfig,
    ) -> Result<Tracer> {
        if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(d)
                .map_err(|e| Error::new(format!("cannot create {}: {e}", d.display())))?;
        }
        let f = std::fs::File::create(path)
            .map_err(|e| Error::new(format!("cannot create {}: {e}", path.display())))?;
        Self::new(root_name, root, cfg, std::io::BufWriter::new(f))
    }

    /// Is `cycle` inside the window?
    pub fn in_window(&self, cycle: u64) -> bool {
        self.window.is_none_or(|(a, b)| cycle >= a && cycle < b)
    }

    /// Sample every selected signal at `cycle` (call once per cycle, after the commit phase) and
    /// write the values that changed since they were last written; the first sampled cycle
    /// writes them all. Cycles outside the window are ignored. `cycle` must increase strictly
    /// from call to call.
    pub fn sample<P: Probe>(&mut self, cycle: u64, root: &P) -> Result<()> {
        if let Some(l) = self.last_call {
            if cycle <= l {
                return Err(Error::new(format!(
                    "trace: cycle {cycle} sampled after cycle {l}; time must increase"
                )));
            }
        }
        self.last_call = Some(cycle);
        if !self.in_window(cycle) {
            return Ok(());
        }
        let time = cycle.checked_mul(self.period).ok_or_else(|| {
            Error::new(format!(
                "trace: time of cycle {cycle} overflows u64 picoseconds"
            ))
        })?;
        self.last_sampled = Some(cycle);
        let mut s = Sampler {
            vars: &mut self.vars,
            texts: &mut self.texts,
            buf: &mut self.buf,
            idx: 1,
            time,
            stamped: false,
            #[cfg(debug_assertions)]
            depth: 0,
        };
        s.num(0, cycle);
        root.probe(&mut s);
        assert!(
            s.idx == s.vars.len(),
            "probe walk visited {} signals but {} were declared: a block's probe() must walk the same signals in the same order every time",
            s.idx - 1,
            s.vars.len() - 1
        );
        #[cfg(debug_assertions)]
        assert!(
            s.depth == 0,
            "probe walk: {} scope() calls without up()",
            s.depth
        );
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Number of traced variables (the selected ones plus the root `cycle`).
    pub fn var_count(&self) -> usize {
        self.names.len()
    }

    /// Full names of the traced signals as GTKWave shows them (vectors with `[msb:lsb]`), in
    /// header order; pass a selection of them to [`write_gtkw`].
    pub fn signal_names(&self) -> &[String] {
        &self.names
    }

    /// Write a closing timestamp at (last sampled cycle + 1) * period, so the last values have a
    /// visible width, and flush.
    pub fn finish(mut self) -> Result<()> {
        self.finished = true;
        if let Some(l) = self.last_sampled {
            self.buf.push(b'#');
            push_u64(&mut self.buf, (l + 1).saturating_mul(self.period));
            self.buf.push(b'\n');
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()?;
        Ok(())
    }
}

impl Drop for Tracer {
    /// Best-effort flush of buffered changes when [`Tracer::finish`] was not called.
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.out.write_all(&self.buf);
            let _ = self.out.flush();
        }
    }
}

/// Write a minimal GTKWave save file at `path` that opens `vcd_file_name` and shows `signals`
/// (full dotted names as GTKWave spells them, vectors with `[msb:lsb]`, e.g. from
/// [`Tracer::signal_names`]), grouped by scope, with the scope tree expanded. Vectors are shown
/// in unsigned decimal, other signals in signed decimal (integers), bits and strings as is.
pub fn write_gtkw(path: &Path, vcd_file_name: &str, signals: &[String]) -> Result<()> {
    let mut s = String::new();
    s += &format!("[dumpfile] \"{vcd_file_name}\"\n*-5.000000 0\n");
    let mut opened = std::collections::BTreeSet::new();
    for sig in signals {
        let base = sig.split('[').next().unwrap_or(sig);
        let comps: Vec<&str> = base.split('.').collect();
        for k in 1..comps.len() {
            opened.insert(comps[..k].join(".") + ".");
        }
    }
    for t in &opened {
        s += &format!("[treeopen] {t}\n");
    }
    let mut group: Option<String> = None;
    for sig in signals {
        let base = sig.split('[').next().unwrap_or(sig);
        let scope = base.rsplit_once('.').map(|(a, _)| a).unwrap_or("");
        let label = scope
            .split_once('.')
            .map(|(_, b)| b)
            .unwrap_or("")
            .to_string();
        if group.as_deref() != Some(label.as_str()) {
            if let Some(g) = group.take() {
                s += &format!("@1000200\n-{g}\n");
            }
            if !label.is_empty() {
                s += &format!("@800200\n-{label}\n");
                group = Some(label);
            }
        }
        s += if sig.ends_with(']') {
            "@24\n"
        } else {
            "@424\n"
        };
        s += sig;
        s += "\n";
    }
    if let Some(g) = group {
        s += &format!("@1000200\n-{g}\n");
    }
    if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(d)
            .map_err(|e| Error::new(format!("cannot create {}: {e}", d.display())))?;
    }
    std::fs::write(path, s).map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())))
}
