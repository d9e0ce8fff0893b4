//! Waveform writer driven by probes: one front end (the probe walks, scopes, window, clock,
//! save file) and two back ends, VCD (`vcd.rs`) and FST (`fst.rs`, see [`WaveFormat`]).
//!
//! [`Tracer::new`] walks the root's probes once to declare the hierarchy, keeps the variables
//! whose dotted path falls under one of the selected scopes, and writes the header (no date,
//! so the bytes are deterministic). [`Tracer::sample`] walks the probes again every traced cycle
//! and writes only the values that changed. Time is `cycle * period_ps` in a 1 ps timescale.
//! Two root signals are always there: the `cycle` counter and a `clk` bit that rises at each
//! cycle's start and falls half a period later. A tracer writing a file
//! ([`Tracer::create_file`]) also writes a GTKWave save file beside it (`run.vcd`: `run.gtkw`,
//! `run.fst`: `run.fst.gtkw`, [`super::gtkw::save_path`]) and the translate filter files given
//! to [`Tracer::translate`].
//!
//! Value encoding in the VCD (the FST holds the same values, texts as ASCII vectors: `fst.rs`):
//! `bits` → `$var wire W` (`0!`/`1!` for one bit, `b101 !` without leading zeros otherwise); `int` → `$var integer 32` (negative values as 32-bit two's complement, so
//! -1 reads back as 32 ones); `text` → `$var string 1`, where whitespace, control and non-ASCII
//! bytes become `_` and an empty text is written as `_`. Values wider than the declared width
//! are truncated to it.

use crate::error::{Error, Result};
use crate::sim::probe::Probe;
use std::io::Write;
use std::path::Path;

pub use super::gtkw::{write_gtkw, Focus, Format, Trace, View};

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
    /// What made the waveform, a line each: the program and its commit first, then what it
    /// ran (seed, configuration). The VCD header's `$version` and `$comment`s, the FST
    /// header's version and date fields, the save file's comment lines.
    pub provenance: Vec<String>,
}

impl Default for TraceConfig {
    /// Everything, every cycle, Myrinet's 6.25 ns clock.
    fn default() -> Self {
        let period_ps = 6250;
        TraceConfig {
            scopes: vec![],
            window: None,
            period_ps,
            provenance: vec![crate::output::made_by()],
        }
    }
}

mod format;
mod fst;
mod var;
mod vcd;
mod visit;

pub use format::WaveFormat;
use var::Decl;
pub use var::TEXT_CHARS;

/// A translate filter: signal name, table name, `VALUE NAME` pairs.
type Filter = (String, String, Vec<(u64, String)>);

/// Signals every trace has at its root: `cycle` (index 0) and `clk` (index 1).
const ROOT_VARS: usize = 2;

use var::{Kind, Var};
use visit::{inconsistent, sanitize, Block, Declarer, Node, Sampler, Sink};

/// The waveform writer: see the module documentation.
pub struct Tracer {
    sink: Sink,
    format: WaveFormat,
    vars: Vec<Var>,
    /// The blocks of the walk, those whose signals it reads or not.
    blocks: Vec<Block>,
    texts: Vec<String>,
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
    /// What made the waveform ([`TraceConfig::provenance`]), for the save file too.
    provenance: Vec<String>,
    /// Where the save file draws the eye ([`Tracer::focus`]).
    focus: Option<Focus>,
}

/// Does the component path `path` start with the components of `scope`?
fn under(path: &[String], scope: &[&str]) -> bool {
    scope.len() <= path.len() && scope.iter().zip(path).all(|(a, b)| a == b)
}

/// What the declaring walk gives a tracer: the variables (walk order), the text slots, the
/// header lines, and the GTKWave names, formats and FST text widths.
struct Layout {
    vars: Vec<Var>,
    blocks: Vec<Block>,
    texts: Vec<String>,
    decls: Vec<Decl>,
    names: Vec<String>,
    formats: Vec<Format>,
    chars: Vec<u32>,
}

/// The GTKWave name of a variable: vectors with `[msb:lsb]` (an FST's texts are vectors too),
/// integers and a VCD's strings without.
fn gtkwave_name(full: String, kind: Kind, format: WaveFormat, chars: u32) -> String {
    let width = match (kind, format) {
        (Kind::Bits(w), _) => w,
        (Kind::Text, WaveFormat::Fst) => 8 * chars,
        _ => 1,
    };
    if width > 1 {
        format!("{full}[{}:0]", width - 1)
    } else {
        full
    }
}

/// Walk `root`'s probes and lay out the trace `cfg` selects, for a waveform in `format`.
fn layout<P: Probe>(
    root_name: &str,
    root: &P,
    cfg: &TraceConfig,
    format: WaveFormat,
) -> Result<Layout> {
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
    let (stack, vars, chars, dup) = (vec![0], vec![], vec![], None);
    let mut d = Declarer {
        nodes,
        stack,
        vars,
        chars,
        dup,
        blocks: vec![],
        open: vec![],
    };
    d.var("cycle", Kind::Int, 0);
    d.var("clk", Kind::Bits(1), 0);
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
    let mut blocks = d.blocks;
    for b in &mut blocks {
        b.read = vars[b.start..b.end].iter().any(|v| v.enabled);
    }
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
    // The header, walking the tree depth first: variables first, then child scopes.
    let (mut decls, mut names, mut formats) = (vec![], vec![], vec![]);
    let mut stack = vec![(0usize, false)];
    while let Some((n, done)) = stack.pop() {
        if done {
            decls.push(Decl::Up);
            continue;
        }
        let Node(name, _, children, node_vars) = &d.nodes[n];
        decls.push(Decl::Scope(name.clone()));
        stack.push((n, true));
        for &i in node_vars {
            if !vars[i].enabled {
                continue;
            }
            vars[i].slot = names.len() as u32;
            let path = &d.vars[i].1;
            let leaf = &path[path.len() - 1];
            decls.push(Decl::Var(i, leaf.clone()));
            let kind = vars[i].kind;
            formats.push(match (kind, format) {
                (Kind::Bits(w), _) => Format::of(Some(w), leaf),
                (Kind::Int, _) => Format::of(Some(0), leaf),
                (Kind::Text, WaveFormat::Vcd) => Format::of(None, leaf),
                (Kind::Text, WaveFormat::Fst) => Format::Ascii,
            });
            names.push(gtkwave_name(path.join("."), kind, format, d.chars[i]));
        }
        let live_children = children.iter().rev().filter(|&&c| live[c]);
        stack.extend(live_children.map(|&c| (c, false)));
    }
    let chars = d.chars;
    Ok(Layout {
        vars,
        blocks,
        texts,
        decls,
        names,
        formats,
        chars,
    })
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
        let mut l = layout(root_name, root, &cfg, WaveFormat::Vcd)?;
        let vcd = vcd::Vcd::new(Box::new(out), &l.decls, &mut l.vars, &cfg)?;
        Ok(Self::assemble(l, Sink::Vcd(vcd), WaveFormat::Vcd, &cfg))
    }

    fn assemble(l: Layout, sink: Sink, format: WaveFormat, cfg: &TraceConfig) -> Tracer {
        let (window, period, last_call, last_sampled) = (cfg.window, cfg.period_ps, None, None);
        let (finished, first_sampled, filters) = (false, None, vec![]);
        Tracer {
            sink,
            format,
            vars: l.vars,
            blocks: l.blocks,
            texts: l.texts,
            names: l.names,
            formats: l.formats,
            filters,
            window,
            period,
            last_call,
            first_sampled,
            last_sampled,
            finished,
            file: None,
            provenance: cfg.provenance.clone(),
            focus: None,
        }
    }

    /// [`Tracer::create`] in the format `path`'s extension names (`.fst`: FST, else VCD).
    pub fn create_file<P: Probe>(
        path: &Path,
        root_name: &str,
        root: &P,
        cfg: TraceConfig,
    ) -> Result<Tracer> {
        Self::create(path, WaveFormat::of_path(path), root_name, root, cfg)
    }

    /// [`Tracer::new`] writing a `format` waveform to the file `path` (through a `BufWriter`),
    /// creating its parent directories. The waveform goes to a temporary file next to `path`
    /// first and replaces `path` only when [`Tracer::finish`] succeeds: a bad scope or a failing
    /// run never destroys an existing file. `finish` also writes the GTKWave save file `path`
    /// with the extension `.gtkw`, and the translate filter files.
    pub fn create<P: Probe>(
        path: &Path,
        format: WaveFormat,
        root_name: &str,
        root: &P,
        cfg: TraceConfig,
    ) -> Result<Tracer> {
        // validate the selection before touching the file system
        let mut l = layout(root_name, root, &cfg, format)?;
        if path.extension().is_some_and(|e| e == "gtkw") {
            let msg = "is the name of its own GTKWave save file (the waveform's stem + .gtkw); \
                       allowed: another extension, e.g. .vcd or .fst";
            return Err(Error::field(
                format!("waveform file {}", path.display()),
                msg,
            ));
        }
        let pf = crate::output::PartialFile::new(path)?;
        let f = std::fs::File::create(pf.tmp())
            .map_err(|e| Error::new(format!("cannot create {}: {e}", pf.tmp().display())))?;
        let sink = match format {
            WaveFormat::Vcd => {
                let out = Box::new(std::io::BufWriter::new(f));
                Sink::Vcd(vcd::Vcd::new(out, &l.decls, &mut l.vars, &cfg)?)
            }
            WaveFormat::Fst => Sink::Fst(Box::new(fst::Fst::new(
                f,
                &l.decls,
                &l.vars,
                &l.chars,
                &cfg.provenance,
            )?)),
        };
        let mut t = Self::assemble(l, sink, format, &cfg);
        t.file = Some((pf, path.to_path_buf()));
        Ok(t)
    }

    /// The format this tracer writes.
    pub fn format(&self) -> WaveFormat {
        self.format
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
        let (vars, texts, sink) = (&mut self.vars[..], &mut self.texts[..], &mut self.sink);
        let mut s = Sampler {
            vars,
            blocks: &self.blocks,
            block: 0,
            texts,
            sink,
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
        match &mut self.sink {
            Sink::Vcd(v) => v.after_sample(),
            Sink::Fst(f) => f.after_sample(),
        }
    }

    /// Open the save file on `focus` ([`Focus`]: its groups open and first, the others closed,
    /// its notes and marker), the marker given as a cycle.
    pub fn focus(&mut self, mut focus: Focus) {
        focus.marker = focus.marker.saturating_mul(self.period);
        self.focus = Some(focus);
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
        let stem = super::gtkw::companion_stem(vcd_name);
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
        let savefile = format!("{}.gtkw", super::gtkw::companion_stem(vcd_name));
        let (a, b) = match (self.first_sampled, self.last_sampled, self.window) {
            (Some(a), Some(b), _) => (a, b + 1),
            (_, _, Some(w)) => w,
            _ => (0, 1),
        };
        let traces = self.traces(vcd_name);
        super::gtkw::render(&View {
            dumpfile: vcd_name,
            savefile: &savefile,
            comments: &self.provenance,
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
            focus: self.focus.as_ref(),
        })
    }

    /// Write the save file and the filter files beside the waveform `path`.
    fn write_companions(&self, path: &Path) -> Result<()> {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        crate::output::write(&super::gtkw::save_path(path), self.save_file(&name))?;
        for (_, table, states) in &self.filters {
            let states: Vec<(u64, &str)> = states.iter().map(|(v, n)| (*v, n.as_str())).collect();
            let stem = super::gtkw::companion_stem(&name);
            let f = path.with_file_name(format!("{stem}.{table}.filter"));
            crate::output::write(&f, super::gtkw::filter_text(&states))?;
        }
        Ok(())
    }

    /// Write a closing timestamp at (last sampled cycle + 1) * period, so the last values have a
    /// visible width, and flush; a file waveform then takes its name and gets its save file.
    pub fn finish(mut self) -> Result<()> {
        self.finished = true;
        let end = self
            .last_sampled
            .map(|l| (l + 1).saturating_mul(self.period));
        let placeholder = Sink::Vcd(vcd::Vcd::closed());
        match std::mem::replace(&mut self.sink, placeholder) {
            Sink::Vcd(mut v) => v.finish(end)?,
            Sink::Fst(f) => f.finish(end)?,
        }
        if let Some((pf, path)) = self.file.take() {
            pf.commit()?;
            self.write_companions(&path)?;
        }
        Ok(())
    }
}

impl Drop for Tracer {
    /// Best-effort flush of buffered changes when [`Tracer::finish`] was not called (a VCD to a
    /// writer); a file waveform that was not finished is removed (the target is left as it was).
    fn drop(&mut self) {
        if !self.finished {
            if let Sink::Vcd(v) = &mut self.sink {
                v.abandon();
            }
        }
        // an unfinished FST is closed here, before the file's own drop removes it
        self.sink = Sink::Vcd(vcd::Vcd::closed());
    }
}
