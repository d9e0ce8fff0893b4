//! VCD waveform writer driven by probes.
//!
//! [`Tracer::new`] walks the root's probes once to declare the hierarchy, keeps the variables
//! whose dotted path falls under one of the selected scopes, and writes the VCD header (no date,
//! so the bytes are deterministic). [`Tracer::sample`] walks the probes again every traced cycle
//! and writes only the values that changed. Time is `cycle * period_ps` in a 1 ps timescale.

use crate::error::{Error, Result};
use crate::sim::probe::{Probe, ProbeVisitor};
use std::io::Write;
use std::path::Path;

/// What to trace.
#[derive(Debug, Clone, Default)]
pub struct TraceConfig {
    /// Selected scope prefixes ("network.sw3"); empty = everything.
    pub scopes: Vec<String>,
    /// Cycle window `start..end`; None = every cycle.
    pub window: Option<(u64, u64)>,
    /// Clock period in picoseconds.
    pub period_ps: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bits(u32),
    Int,
    Text,
}

struct VarDecl {
    path: Vec<String>,
    kind: Kind,
}

/// Declaring visitor: records every variable with its full path.
struct Declarer {
    stack: Vec<String>,
    vars: Vec<VarDecl>,
}

fn sanitize(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

impl Declarer {
    fn push(&mut self, name: &str, kind: Kind) {
        let mut path = self.stack.clone();
        path.push(sanitize(name));
        self.vars.push(VarDecl { path, kind });
    }
}

impl ProbeVisitor for Declarer {
    fn scope(&mut self, name: &str) {
        self.stack.push(sanitize(name));
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.stack.push(format!("{}{idx}", sanitize(prefix)));
    }
    fn up(&mut self) {
        self.stack.pop();
    }
    fn bits(&mut self, name: &str, width: u32, _: u64) {
        self.push(name, Kind::Bits(width.clamp(1, 64)));
    }
    fn int(&mut self, name: &str, _: i64) {
        self.push(name, Kind::Int);
    }
    fn text(&mut self, name: &str, _: &str) {
        self.push(name, Kind::Text);
    }
}

/// Sampling visitor: compares every enabled variable with its last value, writes changes.
struct Sampler<'a> {
    t: &'a mut TracerState,
    idx: usize,
}

struct TracerState {
    enabled: Vec<bool>,
    ids: Vec<Vec<u8>>,
    widths: Vec<u32>,
    last: Vec<Option<u64>>,
    last_text: Vec<String>,
    buf: Vec<u8>,
    time: u64,
    stamped: bool,
}

impl TracerState {
    #[inline]
    fn stamp(&mut self) {
        if !self.stamped {
            self.buf.push(b'#');
            self.buf.extend_from_slice(self.time.to_string().as_bytes());
            self.buf.push(b'\n');
            self.stamped = true;
        }
    }
    #[inline]
    fn bits(&mut self, i: usize, v: u64) {
        if !self.enabled[i] || self.last[i] == Some(v) {
            return;
        }
        self.last[i] = Some(v);
        self.stamp();
        let w = self.widths[i];
        if w == 1 {
            self.buf.push(b'0' + (v & 1) as u8);
        } else {
            self.buf.push(b'b');
            let top = 63 - (v | 1).leading_zeros();
            for b in (0..=top).rev() {
                self.buf.push(b'0' + ((v >> b) & 1) as u8);
            }
            self.buf.push(b' ');
        }
        let id = &self.ids[i];
        self.buf.extend_from_slice(id);
        self.buf.push(b'\n');
    }
    #[inline]
    fn text(&mut self, i: usize, s: &str) {
        if !self.enabled[i] || (self.last[i].is_some() && self.last_text[i] == s) {
            return;
        }
        self.last[i] = Some(0);
        self.last_text[i].clear();
        self.last_text[i].push_str(s);
        self.stamp();
        self.buf.push(b's');
        if s.is_empty() {
            self.buf.push(b'_');
        }
        for c in s.bytes() {
            self.buf.push(if c.is_ascii_whitespace() { b'_' } else { c });
        }
        self.buf.push(b' ');
        let id = &self.ids[i];
        self.buf.extend_from_slice(id);
        self.buf.push(b'\n');
    }
}

impl ProbeVisitor for Sampler<'_> {
    fn scope(&mut self, _: &str) {}
    fn scope_idx(&mut self, _: &str, _: usize) {}
    fn up(&mut self) {}
    #[inline]
    fn bits(&mut self, _: &str, width: u32, value: u64) {
        let w = width.clamp(1, 64);
        let v = if w == 64 { value } else { value & ((1u64 << w) - 1) };
        self.t.bits(self.idx + 1, v);
        self.idx += 1;
    }
    #[inline]
    fn int(&mut self, _: &str, value: i64) {
        self.t.bits(self.idx + 1, value as u64 & 0xffff_ffff);
        self.idx += 1;
    }
    #[inline]
    fn text(&mut self, _: &str, value: &str) {
        self.t.text(self.idx + 1, value);
        self.idx += 1;
    }
}

/// The waveform writer.
pub struct Tracer {
    out: Box<dyn Write>,
    st: TracerState,
    nvars: usize,
    window: Option<(u64, u64)>,
    period: u64,
    last_cycle: Option<u64>,
}

/// Base-94 identifier code, as simulators write them.
fn id_code(mut n: usize) -> Vec<u8> {
    let mut s = vec![];
    loop {
        s.push(b'!' + (n % 94) as u8);
        n /= 94;
        if n == 0 {
            break;
        }
        n -= 1;
    }
    s
}

fn under(path: &[String], scope: &[&str]) -> bool {
    scope.len() <= path.len() && scope.iter().zip(path).all(|(a, b)| a == b)
}

impl Tracer {
    /// Declare the hierarchy under `root_name` and write the header.
    pub fn new<P: Probe, W: Write + 'static>(root_name: &str, root: &P, cfg: TraceConfig, out: W) -> Result<Tracer> {
        let root_name = sanitize(root_name);
        let mut d = Declarer { stack: vec![root_name.clone()], vars: vec![] };
        d.vars.push(VarDecl { path: vec![root_name.clone(), "cycle".into()], kind: Kind::Int });
        root.probe(&mut d);
        let scopes: Vec<Vec<&str>> = cfg.scopes.iter().map(|s| s.split('.').collect()).collect();
        let mut enabled: Vec<bool> = d
            .vars
            .iter()
            .map(|v| scopes.is_empty() || scopes.iter().any(|s| under(&v.path, s)))
            .collect();
        enabled[0] = true;
        for (s, raw) in scopes.iter().zip(&cfg.scopes) {
            if !d.vars.iter().any(|v| under(&v.path, s)) {
                let mut tops: Vec<String> = d.vars.iter().filter(|v| v.path.len() > 2).map(|v| v.path[..2].join(".")).collect();
                tops.dedup();
                tops.truncate(6);
                return Err(Error::field(
                    "--vcd-scope",
                    format!("{raw:?} matches no signal; valid scopes include {}", tops.join(", ")),
                ));
            }
        }
        if let Some((a, b)) = cfg.window {
            if a >= b {
                return Err(Error::field("--vcd-window", format!("{a}..{b} is empty")));
            }
        }
        let mut hdr = String::new();
        hdr += "$version flitwave $end\n$timescale 1ps $end\n";
        let mut open: Vec<String> = vec![];
        let mut ids = vec![Vec::new(); d.vars.len()];
        let mut n = 0;
        for (i, v) in d.vars.iter().enumerate() {
            if !enabled[i] {
                continue;
            }
            let scope = &v.path[..v.path.len() - 1];
            let common = open.iter().zip(scope).take_while(|(a, b)| a == b).count();
            while open.len() > common {
                hdr += "$upscope $end\n";
                open.pop();
            }
            for s in &scope[common..] {
                hdr += &format!("$scope module {s} $end\n");
                open.push(s.clone());
            }
            let id = id_code(n);
            n += 1;
            let ids_s = String::from_utf8_lossy(&id).into_owned();
            let name = &v.path[v.path.len() - 1];
            match v.kind {
                Kind::Bits(w) => hdr += &format!("$var wire {w} {ids_s} {name} $end\n"),
                Kind::Int => hdr += &format!("$var integer 32 {ids_s} {name} $end\n"),
                Kind::Text => hdr += &format!("$var string 1 {ids_s} {name} $end\n"),
            }
            ids[i] = id;
        }
        while open.pop().is_some() {
            hdr += "$upscope $end\n";
        }
        hdr += "$enddefinitions $end\n";
        let mut out: Box<dyn Write> = Box::new(out);
        out.write_all(hdr.as_bytes())?;
        let nv = d.vars.len();
        Ok(Tracer {
            out,
            st: TracerState {
                enabled,
                ids,
                widths: d.vars.iter().map(|v| if let Kind::Bits(w) = v.kind { w } else { 32 }).collect(),
                last: vec![None; nv],
                last_text: vec![String::new(); nv],
                buf: Vec::with_capacity(1 << 17),
                time: 0,
                stamped: false,
            },
            nvars: nv,
            window: cfg.window,
            period: cfg.period_ps.max(1),
            last_cycle: None,
        })
    }

    /// Create `path` (and its directory) and declare into it.
    pub fn create_file<P: Probe>(path: &Path, root_name: &str, root: &P, cfg: TraceConfig) -> Result<Tracer> {
        if let Some(d) = path.parent() {
            if !d.as_os_str().is_empty() {
                std::fs::create_dir_all(d)?;
            }
        }
        let f = std::fs::File::create(path).map_err(|e| Error::new(format!("cannot create {}: {e}", path.display())))?;
        Self::new(root_name, root, cfg, std::io::BufWriter::with_capacity(1 << 16, f))
    }

    /// Is `cycle` inside the window?
    pub fn in_window(&self, cycle: u64) -> bool {
        self.window.is_none_or(|(a, b)| cycle >= a && cycle < b)
    }

    /// Sample every selected signal at `cycle` and write the changes.
    pub fn sample<P: Probe>(&mut self, cycle: u64, root: &P) -> Result<()> {
        if !self.in_window(cycle) {
            return Ok(());
        }
        if let Some(l) = self.last_cycle {
            if cycle <= l {
                return Err(Error::new(format!("trace time must increase: cycle {cycle} after {l}")));
            }
        }
        self.last_cycle = Some(cycle);
        self.st.time = cycle * self.period;
        self.st.stamped = false;
        self.st.bits(0, cycle & 0xffff_ffff);
        let mut s = Sampler { t: &mut self.st, idx: 0 };
        root.probe(&mut s);
        let seen = s.idx + 1;
        assert_eq!(seen, self.nvars, "probe walk visited {seen} signals, declared {}", self.nvars);
        if self.st.buf.len() > 1 << 16 {
            self.out.write_all(&self.st.buf)?;
            self.st.buf.clear();
        }
        Ok(())
    }

    /// Number of traced variables.
    pub fn var_count(&self) -> usize {
        self.st.enabled.iter().filter(|&&e| e).count()
    }

    /// Write a closing timestamp and flush.
    pub fn finish(mut self) -> Result<()> {
        if let Some(l) = self.last_cycle {
            let t = (l + 1) * self.period;
            self.st.buf.extend_from_slice(format!("#{t}\n").as_bytes());
        }
        self.out.write_all(&self.st.buf)?;
        self.out.flush()?;
        Ok(())
    }
}
