//! Lockstep: the model and its RTL twin driven by the same stimulus, every output compared every
//! cycle.
//!
//! A [`Twin`] names a block's ports (as they appear in the Verilog), builds the rust-hdl block and
//! the plain-Rust model, drives inputs into the one and the other, and supplies directed and
//! seeded random stimulus. [`run`] steps both, one clock cycle per stimulus vector:
//!
//! 1. the inputs are driven while the clock is low and the twin settles (delta cycles);
//! 2. the twin's outputs are sampled — they are the combinational outputs of this cycle;
//! 3. the model evaluates the same cycle and returns its outputs;
//! 4. the two are compared, port by port; then the clock rises and the twin's registers commit.
//!
//! The replay testbench that checks the generated Verilog (`hdl::eda`) samples at the same point,
//! so the recorded [`Vectors`] mean the same thing in Rust and in Icarus Verilog. On a mismatch
//! [`run`] reports the cycle, the signal and both values, and writes a VCD of both sides (the
//! ports of model and twin side by side, plus every internal signal of the twin).

use crate::error::{Error, Result};
use crate::sim::trace::{TraceConfig, Tracer, WaveFormat};
use crate::sim::{Probe, ProbeVisitor};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::{
    check_all, simulate, write_vcd_change, write_vcd_dump, write_vcd_header, Block,
};
use std::fmt;
use std::path::{Path, PathBuf};

pub use super::verilog_names::{derived, param, Fsm, Param};

/// One port of a twin: its Verilog name and width in bits (1..=64).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Port {
    pub name: &'static str,
    pub width: u32,
}

/// Shorthand for port tables.
pub const fn port(name: &'static str, width: u32) -> Port {
    Port { name, width }
}

/// A rust-hdl block with one clock input and a synchronous active-high reset input (`reset`).
pub trait Clocked: Block {
    /// Drive the clock input.
    fn set_clock(&mut self, high: bool);
    /// Drive the reset input: held high through a rising edge, it puts every register in its
    /// power-on state (`hdl::reset`).
    fn set_reset(&mut self, on: bool);
}

/// The reset input, first in the recorded vectors (the clock is implicit).
pub const RESET: Port = port("reset", 1);

/// Cycles of reset at power-on (and at a reset in mid-run): reset is synchronous, one rising
/// edge puts every register in its power-on state.
pub const RESET_CYCLES: u64 = 1;

/// A control block that exists twice: as a plain-Rust model and as a rust-hdl RTL twin.
///
/// Implement it once per block, in the twin's file; register it in `hdl::BLOCKS`. Ports are
/// exchanged as `u64` values in the order of [`Twin::INPUTS`] and [`Twin::OUTPUTS`].
pub trait Twin: Clocked + Sized {
    /// Block name: the model's file under `blocks/`, the twin's under `hdl/`, the testbench
    /// and `rtl/<NAME>.v` (whose top module is called `NAME`).
    const NAME: &'static str;
    /// One line saying what the block does, with the paper section.
    const SUMMARY: &'static str;
    /// Its area as Yosys synthesizes `rtl/<NAME>.v` (`rtl/reports/<NAME>.txt`), recorded here
    /// for design-space exploration; `rtl check` fails when synthesis gives another.
    const AREA: super::area::Area;
    /// Inputs in drive order (the clock is implicit and not listed).
    const INPUTS: &'static [Port];
    /// Outputs in compare order.
    const OUTPUTS: &'static [Port];
    /// The plain-Rust model paired with this twin.
    type Model;

    /// The twin in the configuration emitted to `rtl/` (not yet connected).
    fn rtl() -> Self;
    /// A model in the power-on state of [`Twin::rtl`].
    fn model() -> Self::Model;
    /// Drive the inputs (clock low).
    fn drive(&mut self, inp: &[u64]);
    /// Read the outputs after the twin has settled.
    fn sample(&self, out: &mut [u64]);
    /// Evaluate one cycle of the model: outputs of this cycle, then commit its registers.
    fn model_cycle(m: &mut Self::Model, inp: &[u64], out: &mut [u64]);
    /// Directed stimulus: edge cases, one vector per cycle, run before the random part.
    fn directed() -> Vec<Vec<u64>>;
    /// Random stimulus for `cycle` (counted from the start of the random part). `model` is the
    /// model before this cycle, for blocks whose inputs must follow a protocol (a reactive
    /// testbench); the twin is in the same state, or the lockstep has already failed.
    fn random(rng: &mut ChaCha8Rng, cycle: u64, model: &Self::Model, inp: &mut [u64]);
    /// The model after a reset of the twin in mid-run: by default a fresh [`Twin::model`].
    /// A twin whose memories are loaded through a configuration port and not cleared by reset
    /// (a RAM keeps its contents) keeps them in the model too.
    fn reset_model(_old: &Self::Model) -> Self::Model {
        Self::model()
    }
    /// The FSMs whose states the Verilog names with `localparam`s.
    const FSMS: &'static [Fsm] = &[];
    /// The named parameters of the tidy Verilog: its configuration (widths and counts).
    const PARAMS: &'static [Param] = &[];
    /// How its hand-written pipeline form (`rtl/stages/<NAME>/`, a module per stage) maps onto
    /// the twin, register by register, for the proof that the two are equivalent
    /// (`hdl::eda::stages`); `None` when it has none.
    fn stages() -> Option<super::stage_map::StageMap> {
        None
    }
    /// Names of the encoded values on port `signal` (FSM states, word and action kinds), for
    /// the GTKWave translate filters of `flitwave rtl wave`, read from the twin's own encoding
    /// so they cannot drift from the Verilog; None when its values are plain numbers.
    fn encoding(_signal: &str) -> Option<super::states::Encoding> {
        None
    }
}

/// Mask of a `width`-bit port.
#[inline]
pub fn mask(width: u32) -> u64 {
    u64::MAX >> (64 - width)
}

/// A twin, connected and checked, stepped directly (single thread, no `Simulation`): the fast
/// way to run rust-hdl blocks (rust-hdl primer §4).
pub struct Stepper<T: Clocked> {
    pub uut: T,
    name: &'static str,
}

impl<T: Clocked> Stepper<T> {
    /// Connect `uut`, run rust-hdl's static checks and settle it once.
    pub fn new(name: &'static str, mut uut: T) -> Result<Self> {
        uut.connect_all();
        check_all(&uut).map_err(|e| Error::new(format!("{name}: rust-hdl check failed: {e:?}")))?;
        let mut s = Stepper { uut, name };
        s.settle()?;
        Ok(s)
    }

    /// Let the delta cycles run until nothing changes.
    #[inline]
    pub fn settle(&mut self) -> Result<()> {
        if simulate(&mut self.uut, 200) {
            Ok(())
        } else {
            Err(Error::new(format!(
                "{}: the twin did not settle (combinational loop?)",
                self.name
            )))
        }
    }

    /// Lower the clock (inputs are driven with it) and settle; outputs are then this cycle's.
    #[inline]
    pub fn low(&mut self) -> Result<()> {
        self.uut.set_clock(false);
        self.settle()
    }

    /// The rising edge: registers commit.
    #[inline]
    pub fn edge(&mut self) -> Result<()> {
        self.uut.set_clock(true);
        self.settle()
    }

    /// One reset cycle (reset high through a rising edge, other inputs as driven), then reset
    /// low with the clock low: every register is in its power-on state.
    pub fn reset(&mut self) -> Result<()> {
        self.uut.set_reset(true);
        self.low()?;
        self.edge()?;
        self.uut.set_reset(false);
        self.low()
    }
}

/// Recorded stimulus and expected outputs, one entry per cycle, reset cycles included: their
/// inputs and expected outputs are zeros, and the outputs are not compared.
#[derive(Debug, Clone, Default)]
pub struct Vectors {
    /// The block's inputs (`reset` is the separate column [`Vectors::reset`]).
    pub inputs: Vec<Port>,
    pub outputs: Vec<Port>,
    /// `cycles × inputs.len()` values.
    pub stim: Vec<u64>,
    /// `cycles × outputs.len()` values.
    pub expect: Vec<u64>,
    /// Reset asserted, per cycle.
    pub reset: Vec<bool>,
}

impl Vectors {
    /// Number of cycles recorded.
    pub fn cycles(&self) -> usize {
        self.reset.len()
    }

    /// Stimulus and expected outputs from the end of the power-on reset: cycle 0 of the slices
    /// is the model's cycle 0.
    pub fn from_power_on(&self) -> (&[u64], &[u64]) {
        let r = RESET_CYCLES as usize;
        (
            &self.stim[(r * self.inputs.len()).min(self.stim.len())..],
            &self.expect[(r * self.outputs.len()).min(self.expect.len())..],
        )
    }
}

/// A model/twin disagreement.
#[derive(Debug, Clone)]
pub struct Mismatch {
    pub block: &'static str,
    pub cycle: u64,
    pub signal: &'static str,
    pub model: u64,
    pub rtl: u64,
    /// The inputs of that cycle, `name=value`.
    pub inputs: String,
    /// VCD files written (ports of both sides; the twin's internal signals).
    pub vcd: Vec<PathBuf>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: model and RTL twin disagree at cycle {} on `{}`: model {:#x}, rtl {:#x} (inputs {})",
            self.block, self.cycle, self.signal, self.model, self.rtl, self.inputs
        )?;
        for v in &self.vcd {
            write!(f, "; waveform {}", v.display())?;
        }
        Ok(())
    }
}

/// How to run a lockstep comparison.
#[derive(Debug, Clone)]
pub struct Options {
    pub seed: u64,
    /// Random cycles after the directed ones.
    pub random_cycles: u64,
    /// Keep the vectors (for the Verilog replay).
    pub record: bool,
    /// Where to write the waveforms of a mismatch (`<dir>/<block>_mismatch.vcd` and
    /// `<dir>/<block>_mismatch_rtl.vcd`); `None` writes none.
    pub mismatch_dir: Option<PathBuf>,
    /// Assert reset again at this cycle (after the power-on reset), for [`RESET_CYCLES`]; the
    /// model is then [`Twin::reset_model`] and the stimulus starts over (directed, then
    /// `random_cycles` random ones; the random generator runs on).
    pub reset_at: Option<u64>,
}

impl Default for Options {
    /// Seed 1, 100,000 random cycles, record, waveforms of a mismatch into `waves/`.
    fn default() -> Self {
        Options {
            seed: 1,
            random_cycles: 100_000,
            record: true,
            mismatch_dir: Some(PathBuf::from("waves")),
            reset_at: None,
        }
    }
}

/// The outcome of [`run`].
#[derive(Debug)]
pub enum Outcome {
    /// Every output agreed on every cycle.
    Agree {
        cycles: u64,
        vectors: Vectors,
    },
    Mismatch(Box<Mismatch>),
}

/// The stimulus of cycle `c`: [`RESET_CYCLES`] of reset, directed vectors, then seeded random
/// ones; with [`Options::reset_at`], the same again from that cycle.
struct Stimulus {
    directed: Vec<Vec<u64>>,
    rng: ChaCha8Rng,
    reset_at: Option<u64>,
    total: u64,
}

impl Stimulus {
    fn new<T: Twin>(o: &Options) -> Self {
        let directed = T::directed();
        for (i, v) in directed.iter().enumerate() {
            assert_eq!(v.len(), T::INPUTS.len(), "{}: directed vector {i}", T::NAME);
        }
        let segment = RESET_CYCLES + directed.len() as u64 + o.random_cycles;
        let reset_at = o.reset_at.filter(|&k| k >= RESET_CYCLES && k < segment);
        Stimulus {
            directed,
            rng: ChaCha8Rng::seed_from_u64(o.seed ^ 0x6c6f_636b_7374_6570),
            reset_at,
            total: reset_at.unwrap_or(0) + segment,
        }
    }

    /// Cycle `c`'s inputs into `inp`; true when it is a reset cycle (inputs then zero).
    fn fill<T: Twin>(&mut self, c: u64, model: &T::Model, inp: &mut [u64]) -> bool {
        let s = match self.reset_at {
            Some(k) if c >= k => c - k,
            _ => c,
        };
        let d = self.directed.len() as u64;
        inp.fill(0);
        if s < RESET_CYCLES {
            return true;
        }
        let s = s - RESET_CYCLES;
        if s < d {
            inp.copy_from_slice(&self.directed[s as usize]);
        } else {
            T::random(&mut self.rng, s - d, model, inp);
        }
        for (v, p) in inp.iter_mut().zip(T::INPUTS) {
            *v &= mask(p.width);
        }
        false
    }
}

/// Model and twin with their stimulus: what [`run`] and [`wave`] step alike.
struct Pair<T: Twin> {
    st: Stepper<T>,
    model: T::Model,
    stim: Stimulus,
    /// This cycle is a reset cycle: outputs are not compared, the model does not run.
    reset: bool,
    inp: Vec<u64>,
    /// Outputs of the model and of the twin this cycle.
    mo: Vec<u64>,
    ro: Vec<u64>,
}

impl<T: Twin> Pair<T> {
    fn new(o: &Options) -> Result<Self> {
        let (ni, no) = (T::INPUTS.len(), T::OUTPUTS.len());
        Ok(Pair {
            st: Stepper::new(T::NAME, T::rtl())?,
            model: T::model(),
            stim: Stimulus::new::<T>(o),
            reset: false,
            inp: vec![0; ni],
            mo: vec![0; no],
            ro: vec![0; no],
        })
    }

    /// Cycle `c` up to the clock edge: drive its inputs and reset (clock low), settle the twin,
    /// sample its outputs, and evaluate the model's cycle. In a reset cycle the model is reset
    /// instead and shows the twin's outputs (they are not compared).
    fn before_edge(&mut self, c: u64) -> Result<()> {
        self.reset = self.stim.fill::<T>(c, &self.model, &mut self.inp);
        self.st.uut.set_reset(self.reset);
        self.st.uut.drive(&self.inp);
        self.st.low()?;
        self.st.uut.sample(&mut self.ro);
        if self.reset {
            if c > 0 {
                self.model = T::reset_model(&self.model);
            }
            self.mo.copy_from_slice(&self.ro);
        } else {
            T::model_cycle(&mut self.model, &self.inp, &mut self.mo);
        }
        Ok(())
    }
}

/// Run model and twin in lockstep on directed + random stimulus.
pub fn run<T: Twin>(o: &Options) -> Result<Outcome> {
    let mut x = Pair::<T>::new(o)?;
    let total = x.stim.total;
    let mut vec = Vectors {
        inputs: T::INPUTS.to_vec(),
        outputs: T::OUTPUTS.to_vec(),
        ..Default::default()
    };
    if o.record {
        vec.stim.reserve(total as usize * T::INPUTS.len());
        vec.reset.reserve(total as usize);
        vec.expect.reserve(total as usize * T::OUTPUTS.len());
    }
    for c in 0..total {
        x.before_edge(c)?;
        for (k, p) in T::OUTPUTS.iter().enumerate() {
            let (m, r) = (x.mo[k] & mask(p.width), x.ro[k] & mask(p.width));
            if m != r && !x.reset {
                let inputs = T::INPUTS
                    .iter()
                    .zip(&x.inp)
                    .map(|(p, v)| format!("{}={v:#x}", p.name))
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut mm = Mismatch {
                    block: T::NAME,
                    cycle: c,
                    signal: p.name,
                    model: m,
                    rtl: r,
                    inputs,
                    vcd: vec![],
                };
                if let Some(dir) = &o.mismatch_dir {
                    let ports = dir.join(format!("{}_mismatch.vcd", T::NAME));
                    let internal = dir.join(format!("{}_mismatch_rtl.vcd", T::NAME));
                    wave::<T>(o, c + 1, &ports, WaveFormat::Vcd, Some(&internal))?;
                    mm.vcd = vec![ports, internal];
                }
                return Ok(Outcome::Mismatch(Box::new(mm)));
            }
        }
        if o.record {
            vec.reset.push(x.reset);
            vec.stim.extend_from_slice(&x.inp);
            if x.reset {
                vec.expect.extend(std::iter::repeat_n(0, T::OUTPUTS.len()));
            } else {
                vec.expect.extend_from_slice(&x.mo);
            }
        }
        x.st.edge()?;
    }
    Ok(Outcome::Agree {
        cycles: total,
        vectors: vec,
    })
}

/// [`run`], with a mismatch turned into an error.
pub fn check<T: Twin>(o: &Options) -> Result<(u64, Vectors)> {
    match run::<T>(o)? {
        Outcome::Agree { cycles, vectors } => Ok((cycles, vectors)),
        Outcome::Mismatch(m) => Err(Error::new(m.to_string())),
    }
}

/// Port values of both sides for one cycle, shown as `tb.in.*`, `tb.model.*`, `tb.rtl.*`.
struct Sides<'a> {
    inputs: &'static [Port],
    outputs: &'static [Port],
    inp: &'a [u64],
    model: &'a [u64],
    rtl: &'a [u64],
}

impl Probe for Sides<'_> {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("in");
        for (p, x) in self.inputs.iter().zip(self.inp) {
            v.bits(p.name, p.width, *x);
        }
        v.up();
        for (scope, vals) in [("model", self.model), ("rtl", self.rtl)] {
            v.scope(scope);
            for (p, x) in self.outputs.iter().zip(vals) {
                v.bits(p.name, p.width, *x);
            }
            v.up();
        }
        let diff = self.model.iter().zip(self.rtl).any(|(a, b)| a != b);
        v.flag("mismatch", diff);
    }
}

/// Replay the first `cycles` cycles of the lockstep stimulus of `o` and write the waveform of
/// both sides: the ports of model and twin side by side in `ports` (in `format`; 1 cycle =
/// 10 ns), and, when `internal` is given, every signal of the twin as rust-hdl sees it (its own
/// VCD writer, one timestamp per clock edge).
pub fn wave<T: Twin>(
    o: &Options,
    cycles: u64,
    ports: &Path,
    format: WaveFormat,
    internal: Option<&Path>,
) -> Result<()> {
    let mut x = Pair::<T>::new(o)?;
    let cfg = TraceConfig {
        period_ps: 10_000,
        provenance: super::wave_provenance(T::NAME, o),
        ..Default::default()
    };
    let mut tracer: Option<Tracer> = None;
    let rtl_file = internal.map(crate::output::PartialFile::new).transpose()?;
    let mut rtl_vcd = match &rtl_file {
        Some(pf) => {
            let p = pf.tmp();
            let f = std::fs::File::create(p)
                .map_err(|e| Error::new(format!("cannot create {}: {e}", p.display())))?;
            let w = write_vcd_header(std::io::BufWriter::new(f), &x.st.uut);
            Some(write_vcd_dump(w, &x.st.uut))
        }
        None => None,
    };
    for c in 0..cycles.min(x.stim.total) {
        x.before_edge(c)?;
        let s = Sides {
            inputs: T::INPUTS,
            outputs: T::OUTPUTS,
            inp: &x.inp,
            model: &x.mo,
            rtl: &x.ro,
        };
        if tracer.is_none() {
            let mut t = Tracer::create(ports, format, "tb", &s, cfg.clone())?;
            // encoded states read as names in GTKWave (translate filters)
            for p in T::INPUTS.iter().chain(T::OUTPUTS) {
                if let Some((table, states)) = T::encoding(p.name) {
                    t.translate(p.name, table, &states);
                }
            }
            tracer = Some(t);
        }
        if let Some(t) = tracer.as_mut() {
            t.sample(c, &s)?;
        }
        if let Some(w) = rtl_vcd.take() {
            let mut w = w;
            w.timestamp(c * 10_000)
                .map_err(|e| Error::new(format!("rtl vcd: {e}")))?;
            w = write_vcd_change(w, &x.st.uut);
            x.st.edge()?;
            w.timestamp(c * 10_000 + 5_000)
                .map_err(|e| Error::new(format!("rtl vcd: {e}")))?;
            rtl_vcd = Some(write_vcd_change(w, &x.st.uut));
        } else {
            x.st.edge()?;
        }
    }
    if let Some(t) = tracer {
        t.finish()?;
    }
    drop(rtl_vcd);
    if let (Some(pf), Some(path)) = (rtl_file, internal) {
        pf.commit()?;
        let end = cycles.min(x.stim.total) * 10_000;
        crate::sim::gtkw::write_for_vcd(path, 0, end, |s| T::encoding(s))?;
    }
    Ok(())
}
