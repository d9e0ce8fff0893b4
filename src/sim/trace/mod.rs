//! VCD waveform writer driven by probes.
//!
//! [`Tracer::new`] walks the root's probes once to declare the hierarchy, keeps the variables
//! whose dotted path falls under one of the selected scopes, and writes the VCD header (no date,
//! so the bytes are deterministic). [`Tracer::sample`] walks the probes again every traced cycle
//! and writes only the values that changed. Time is `cycle * period_ps` in a 1 ps timescale.
//! Two root signals are always there: the `cycle` counter and a `clk` bit that rises at each
//! cycle's start and falls half a period later. A tracer writing a file
//! ([`Tracer::create_file`]) also writes a GTKWave save file beside it (same stem, `.gtkw`,
//! see [`super::gtkw`]) and the translate filter files given to [`Tracer::translate`].
//!
//! Value encoding: `bits` → `$var wire W` (`0!`/`1!` for one bit, `b101 !` without leading
//! zeros otherwise); `int` → `$var integer 32` (negative values as 32-bit two's complement, so
//! -1 reads back as 32 ones); `text` → `$var string 1`, where whitespace, control and non-ASCII
//! bytes become `_` and an empty text is written as `_`. Values wider than the declared width
//! are truncated to it.

use crate::error::{Error, Result};
use crate::sim::probe::Probe;
use std::io::Write;
use std::path::Path;

pub use super::gtkw::{write_gtkw, Format, Trace, View};

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
        let period_ps = 6250;
        TraceConfig {
            scopes: vec![],
            window: None,
            period_ps,
        }
    }
}

mod visit;

/// A translate filter: signal name, table name, `VALUE NAME` pairs.
type Filter = (String, String, Vec<(u64, String)>);

/// Signals every trace has at its root: `cycle` (index 0) and `clk` (index 1).
const ROOT_VARS: usize = 2;

use visit::{inconsistent, push_u64, sanitize, Declarer, Kind, Node, Sampler, Var, FLUSH_AT};

/// The waveform writer: see the module documentation.
pub struct Tracer {
    out: Box<dyn Write>,
    vars: Vec<Var>,
    texts: Vec<String>,
    buf: Vec<u8>,
    /// GTKWave names of the selected signals, in header order.
    names: Vec<String>,
    /// How GTKWave shows each of them.
    formats: Vec<Format>,
    /// Translate filters: (signal name, table name, `VALUE NAME` table), see
    /// [`Tracer::translate`].
    filters: Vec<Filter>,
    window: Option<(u64, u64)>,
    period: u64,
    last_call: Option<u64>,
    first_sampled: Option<u64>,
    last_sampled: Option<u64>,
    finished: bool,
    /// The file being written under its temporary name: named by `finish`, removed if dropped.
    file: Option<(crate::output::PartialFile, std::path::PathBuf)>,
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
    /// `cfg.scopes` (plus the root `cycle` counter and `clk`), write the VCD header to `out` and
    /// return the tracer. Errors if a selected scope matches no signal, the window is empty or
    /// the period is below 2 ps (the clock needs two halves).
    pub fn new<P, W>(root_name: &str, root: &P, cfg: TraceConfig, out: W) -> Result<Tracer>
    where
        P: Probe,
        W: Write + 'static,
    {
        if cfg.period_ps < 2 {
            let msg = format!(
                "{} ps is too short to draw the clock's two halves; allowed: >= 2 ps \
                 (link.clock_ns >= 0.002)",
                cfg.period_ps
            );
            return Err(Error::field("waveform clock period", msg));
        }
        if let Some((a, b)) = cfg.window.filter(|(a, b)| a >= b) {
            return Err(Error::field("trace window", format!("{a}..{b} is empty")));
        }
        let root_name = sanitize(root_name);
        let nodes = vec![Node(root_name.clone(), 0, vec![], vec![])];
        let mut d = Declarer {
            nodes,
            stack: vec![0],
            vars: vec![],
            dup: None,
        };
        d.var("cycle", Kind::Int);
        d.var("clk", Kind::Bits(1));
        root.probe(&mut d);
        let open = d.stack.len() - 1;
        assert!(
            open == 0,
            "probe walk of {root_name:?}: {open} scope() calls without up()"
        );
        if let Some(dup) = d.dup {
            return Err(Error::new(format!("probe signal {dup} is declared twice")));
        }
        let split = |s: &str| s.trim().trim_end_matches('.').to_string();
        let trimmed: Vec<String> = cfg.scopes.iter().map(|s| split(s)).collect();
        let scopes: Vec<Vec<&str>> = trimmed.iter().map(|s| s.split('.').collect()).collect();
        for (s, raw) in scopes.iter().zip(&cfg.scopes) {
            if !d.vars.iter().any(|(_, p)| under(p, s)) {
                let tops = &d.nodes[0].2;
                let mut list: Vec<String> =
                    tops.iter().take(8).map(|&c| d.nodes[c].0.clone()).collect();
                if tops.len() > 8 {
                    list.push(format!("... ({} in all)", tops.len()));
                }
                let list = list.join(&format!(", {root_name}."));
                let msg = format!("matches no signal; valid top-level scopes: {root_name}.{list}");
                return Err(Error::field(format!("trace scope {raw:?}"), msg));
            }
        }
        let pick = |p: &[String]| scopes.is_empty() || scopes.iter().any(|s| under(p, s));
        let mut vars: Vec<Var> = d
            .vars
            .iter()
            .enumerate()
            .map(|(i, (k, p))| Var::new(*k, i < ROOT_VARS || pick(p)))
            .collect();
        let mut texts = vec![];
        for v in vars
            .iter_mut()
            .filter(|v| v.kind == Kind::Text && v.enabled)
        {
            v.last = texts.len() as u64;
            texts.push(String::new());
        }
        // Subtrees with a selected variable; the others are left out of the header.
        let has = |n: &Node| n.3.iter().any(|&i| vars[i].enabled);
        let mut live: Vec<bool> = d.nodes.iter().map(has).collect();
        for n in (1..d.nodes.len()).rev() {
            live[d.nodes[n].1] |= live[n]; // children come after their parent
        }
        // Header, walking the tree depth first: variables first, then child scopes.
        let p = cfg.period_ps;
        let mut hdr = format!(
            "$version flitwave $end\n$comment clock period {p} ps, time = cycle * {p} $end\n\
             $timescale 1ps $end\n"
        );
        let mut names = vec![];
        let mut formats = vec![];
        let mut stack = vec![(0usize, false)];
        while let Some((n, done)) = stack.pop() {
            if done {
                hdr += "$upscope $end\n";
                continue;
            }
            let Node(name, _, children, node_vars) = &d.nodes[n];
            hdr += &format!("$scope module {name} $end\n");
            stack.push((n, true));
            for &i in node_vars {
                if !vars[i].enabled {
                    continue;
                }
                let (id, len) = id_code(names.len());
                vars[i].id = id;
                vars[i].id_len = len;
                let id = std::str::from_utf8(&id[..len as usize]).unwrap();
                let (ty, w) = match vars[i].kind {
                    Kind::Bits(w) => ("wire", w),
                    Kind::Int => ("integer", 32),
                    Kind::Text => ("string", 1),
                };
                let path = &d.vars[i].1;
                let leaf = &path[path.len() - 1];
                hdr += &format!("$var {ty} {w} {id} {leaf} $end\n");
                formats.push(match vars[i].kind {
                    Kind::Bits(w) => Format::of(Some(w), leaf),
                    Kind::Int => Format::of(Some(0), leaf),
                    Kind::Text => Format::of(None, leaf),
                });
                let range = matches!(vars[i].kind, Kind::Bits(w) if w > 1);
                let full = path.join(".");
                names.push(if range {
                    format!("{full}[{}:0]", w - 1)
                } else {
                    full
                });
            }
            stack.extend(
                children
                    .iter()
                    .rev()
                    .filter(|&&c| live[c])
                    .map(|&c| (c, false)),
            );
        }
        hdr += "$enddefinitions $end\n";
        let mut out: Box<dyn Write> = Box::new(out);
        out.write_all(hdr.as_bytes())?;
        let buf = Vec::with_capacity(FLUSH_AT + (8 << 10));
        let (window, period, last_call, last_sampled) = (cfg.window, p, None, None);
        let (finished, first_sampled, filters) = (false, None, vec![]);
        Ok(Tracer {
            out,
            vars,
            texts,
            buf,
            names,
            formats,
            filters,
            window,
            period,
            last_call,
            first_sampled,
            last_sampled,
            finished,
            file: None,
        })
    }

    /// [`Tracer::new`] writing to the file `path` (through a `BufWriter`), creating its parent
    /// directories. The waveform goes to a temporary file next to `path` first and replaces
    /// `path` only when [`Tracer::finish`] succeeds: a bad scope or a failing run never
    /// destroys an existing file. `finish` also writes the GTKWave save file `path` with the
    /// extension `.gtkw`, and the translate filter files.
    pub fn create_file<P: Probe>(
        path: &Path,
        root_name: &str,
        root: &P,
        cfg: TraceConfig,
    ) -> Result<Tracer> {
        // validate the selection before touching the file system
        Self::new(root_name, root, cfg.clone(), std::io::sink())?;
        if path.extension().is_some_and(|e| e == "gtkw") {
            let msg = "is the name of its own GTKWave save file (the waveform's stem + .gtkw); \
                       allowed: another extension, e.g. .vcd";
            return Err(Error::field(
                format!("waveform file {}", path.display()),
                msg,
            ));
        }
        let pf = crate::output::PartialFile::new(path)?;
        let f = std::fs::File::create(pf.tmp())
            .map_err(|e| Error::new(format!("cannot create {}: {e}", pf.tmp().display())))?;
        let mut t = Self::new(root_name, root, cfg, std::io::BufWriter::new(f))?;
        t.file = Some((pf, path.to_path_buf()));
        Ok(t)
    }

    /// Cycles sampled so far inside the window (none: the waveform holds no value change).
    pub fn sampled(&self) -> bool {
        self.last_sampled.is_some()
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
        if let Some(l) = self.last_call.filter(|&l| cycle <= l) {
            let msg = format!("trace: cycle {cycle} sampled after cycle {l}; time must increase");
            return Err(Error::new(msg));
        }
        self.last_call = Some(cycle);
        if !self.in_window(cycle) {
            return Ok(());
        }
        let Some(time) = cycle.checked_mul(self.period) else {
            return Err(Error::new(format!(
                "trace: time of cycle {cycle} overflows u64 ps"
            )));
        };
        self.last_sampled = Some(cycle);
        self.first_sampled.get_or_insert(cycle);
        let (vars, texts, buf) = (&mut self.vars[..], &mut self.texts[..], &mut self.buf);
        let mut s = Sampler {
            vars,
            texts,
            buf,
            idx: ROOT_VARS,
            time,
            stamped: false,
        };
        s.num(0, cycle);
        s.num(1, 1);
        root.probe(&mut s);
        if s.idx != s.vars.len() {
            let what = format!(
                "visited {} signals but {} were declared",
                s.idx - ROOT_VARS,
                s.vars.len() - ROOT_VARS
            );
            inconsistent(what, "<end of walk>");
        }
        // the clock's falling edge, half a period later
        s.time = time.saturating_add(self.period / 2);
        s.stamped = false;
        s.num(1, 0);
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Number of traced variables (the selected ones plus the root `cycle` and `clk`).
    pub fn var_count(&self) -> usize {
        self.names.len()
    }

    /// Full names of the traced signals as GTKWave shows them (vectors with `[msb:lsb]`), in
    /// header order.
    pub fn signal_names(&self) -> &[String] {
        &self.names
    }

    /// Show every traced signal whose last name component is `signal` through a GTKWave
    /// translate filter: `states` maps its values to names (an FSM state encoded in bits). The
    /// filter file is written beside the waveform as `<stem>.<table>.filter`.
    pub fn translate(&mut self, signal: &str, table: &str, states: &[(u64, &str)]) {
        let t = states.iter().map(|&(v, n)| (v, n.to_string())).collect();
        self.filters.push((signal.to_string(), sanitize(table), t));
    }

    /// The traces of the save file, in display order (`clk`, `cycle`, then the header order),
    /// the filters named after the waveform file name `vcd_name`.
    pub fn traces(&self, vcd_name: &str) -> Vec<Trace> {
        let stem = vcd_name.rsplit_once('.').map_or(vcd_name, |(s, _)| s);
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.swap(0, 1);
        order
            .into_iter()
            .map(|i| {
                let name = self.names[i].clone();
                let base = name.split('[').next().unwrap_or_default();
                let leaf = base.rsplit('.').next().unwrap_or_default();
                let filter = self
                    .filters
                    .iter()
                    .find(|(s, _, _)| s == leaf)
                    .map(|(_, t, _)| format!("{stem}.{t}.filter"));
                let format = self.formats[i];
                Trace {
                    name,
                    format,
                    filter,
                }
            })
            .collect()
    }

    /// The GTKWave save file for this trace written as `vcd_name`: every traced signal, grouped
    /// by scope, zoomed to the cycles sampled so far (the whole window if none yet).
    pub fn save_file(&self, vcd_name: &str) -> String {
        let stem = vcd_name.rsplit_once('.').map_or(vcd_name, |(s, _)| s);
        let savefile = format!("{stem}.gtkw");
        let (a, b) = match (self.first_sampled, self.last_sampled, self.window) {
            (Some(a), Some(b), _) => (a, b + 1),
            (_, _, Some(w)) => w,
            _ => (0, 1),
        };
        let traces = self.traces(vcd_name);
        super::gtkw::render(&View {
            dumpfile: vcd_name,
            savefile: &savefile,
            traces: &traces,
            start: a.saturating_mul(self.period),
            end: b.saturating_mul(self.period),
            // a full-network dump: every group closed; else one open group per switch port
            // (or NIC engine), its details (VCs, slack buffers, sub-blocks) collapsed
            open_depth: if traces.len() > super::gtkw::OPEN_GROUPS_UP_TO {
                0
            } else {
                2
            },
        })
    }

    /// Write the save file and the filter files beside the waveform `path`.
    fn write_companions(&self, path: &Path) -> Result<()> {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        crate::output::write(&path.with_extension("gtkw"), self.save_file(&name))?;
        for (_, table, states) in &self.filters {
            let states: Vec<(u64, &str)> = states.iter().map(|(v, n)| (*v, n.as_str())).collect();
            let f = path.with_extension(format!("{table}.filter"));
            crate::output::write(&f, super::gtkw::filter_text(&states))?;
        }
        Ok(())
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
        if let Some((pf, path)) = self.file.take() {
            // close the file before it takes the target's name
            self.out = Box::new(std::io::sink());
            pf.commit()?;
            self.write_companions(&path)?;
        }
        Ok(())
    }
}

impl Drop for Tracer {
    /// Best-effort flush of buffered changes when [`Tracer::finish`] was not called; a file
    /// waveform that was not finished is removed (the target is left as it was).
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.out.write_all(&self.buf);
            let _ = self.out.flush();
        }
        if self.file.is_some() {
            // close it; the field's own drop then removes it
            self.out = Box::new(std::io::sink());
        }
    }
}
