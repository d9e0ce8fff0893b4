//! One simulation as every command runs it: a network stepped to its limit (or until its trace
//! or storage workload is done) with the progress bar and the waveform over its window, and the
//! headline that names what ran. `run` and `run --seeds` both use it.

use super::args::RunOut;
use flitwave::experiment::config::Config;
use flitwave::experiment::sweep::MAX_THREADS;
use flitwave::fabric::{Family, Network, Summary};
use flitwave::sim::trace::{TraceConfig, Tracer, WaveFormat};
use flitwave::{Error, Result};

/// The format of the waveform file `path`: `--wave-format`, else its extension.
pub(crate) fn wave_format(path: &std::path::Path, o: &RunOut) -> Result<WaveFormat> {
    WaveFormat::resolve(path, o.wave_format.as_deref(), "--wave-format")
}

/// The threads one run uses: `--threads` (1..=MAX_THREADS), else `auto` (the network's
/// choice, [`Network::auto_threads`]).
pub(crate) fn run_threads(threads: Option<usize>, auto: usize) -> Result<usize> {
    match threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(Error::field(
            "--threads",
            format!("{t} is out of range, allowed 1..={MAX_THREADS}"),
        )),
        Some(t) => Ok(t),
        None => Ok(auto),
    }
}

/// `flitwave run: mesh network of vc switches, routing dor (...), uniform traffic, 20-byte
/// messages`.
pub(crate) fn headline(cfg: &Config, shape: &str) -> String {
    let order = if cfg.nic.in_order && cfg.switch.family == "vct" {
        ", in-order delivery"
    } else {
        ""
    };
    format!(
        "flitwave run: {shape} network of {} switches, routing {} (paths {}, selection {}){order}, {} traffic, {}-byte messages",
        cfg.switch.family,
        cfg.routing.algorithm,
        cfg.routing.paths_name(),
        cfg.routing.selection,
        cfg.traffic.pattern,
        cfg.traffic.message_bytes,
    )
}

/// Whether a waveform `tc` of a run of `limit` cycles and `switches` switches reads few
/// enough of it to be sampled from the switches evaluated together, the switches it reads
/// written into before each cycle of its window (`TraceConfig::few_cycles_of`); and which
/// switches it reads (`None`: every one).
pub(crate) fn reads_few(
    tc: &TraceConfig,
    limit: u64,
    switches: usize,
) -> (bool, Option<Vec<usize>>) {
    let read = flitwave::fabric::switches_in_scopes(&tc.scopes, "network");
    let selected = read.as_ref().map_or(switches, |r| r.len());
    (tc.few_cycles_of(limit, (selected, switches)), read)
}

/// Run `n` to cycle `end` (or its deadlock), sampling `tr` (traced over `tc`) after every
/// cycle, from the switches evaluated together where the waveform reads little of the run
/// ([`reads_few`]), else one by one (`Network::run_traced`).
pub(crate) fn trace_cycles<F: Family>(
    n: &mut Network<F>,
    tr: &mut Tracer,
    tc: &TraceConfig,
    end: u64,
) -> Result<()> {
    let (synced, read) = reads_few(tc, end, n.switches.len());
    n.run_traced(tr, end, (synced, read.as_deref()))
}

/// Run `n` to `limit` cycles — or until its trace or storage workload is done — writing the
/// waveform `o.vcd` over `tc`'s window.
pub(crate) fn simulate<F: Family>(
    n: &mut Network<F>,
    o: &RunOut,
    tc: TraceConfig,
    limit: u64,
) -> Result<Summary> {
    let workload = n.has_workload();
    let end = tc.window.map_or(limit, |w| w.1.min(limit));
    let (synced, read) = reads_few(&tc, limit, n.switches.len());
    let mut tracer = match &o.vcd {
        Some(p) => Some(Tracer::create(p, wave_format(p, o)?, "network", n, tc)?),
        None => None,
    };
    // statistics only, or a waveform of a window a small part of the run: the switches
    // evaluated together where their family can, their state written into them before each
    // cycle sampled; a waveform of most of the run: one by one (the tracer walked the probes),
    // which costs less than a sync every cycle
    if tracer.is_some() && synced {
        n.use_engine_synced();
    } else {
        n.use_engine();
    }
    let mut progress = super::progress::Cycles::new(limit);
    let mut tick = 0;
    while n.now() < limit {
        // the clock jumps over idle time, except inside the waveform's window
        if (tracer.is_none() || n.now() > end) && n.skip_idle(limit) >= limit {
            break;
        }
        if n.now() >= tick {
            progress.at(n.now());
            tick = (n.now() | super::progress::EVERY) + 1;
        }
        let alive = n.advance();
        if let Some(t) = tracer.as_mut().filter(|_| n.now() <= end) {
            n.sample_synced(t, read.as_deref())?;
        }
        if !alive || (workload && n.workload_done().is_some()) {
            break;
        }
    }
    // the engine's statistics into the switches, for the summary
    n.sync_engine();
    progress.done();
    if let (Some(t), Some(p)) = (tracer, &o.vcd) {
        if t.sampled() {
            t.finish()?;
            errln!(
                "waveform written to {} (open: gtkwave {})",
                p.display(),
                flitwave::sim::gtkw::save_path(p).display()
            );
        } else {
            drop(t); // nothing written: an existing file stays as it was
            return Err(Error::field(
                "--vcd-window",
                format!(
                    "the run stopped at cycle {}, before the window; {} not written",
                    n.now(),
                    p.display()
                ),
            ));
        }
    }
    Ok(n.summary())
}
