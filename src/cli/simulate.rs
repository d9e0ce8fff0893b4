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

/// The threads one run uses: `--threads` (1..=MAX_THREADS), else one (a network's routers in
/// planes on one core outrun them split on two below several tiles: docs/performance.md).
pub(crate) fn run_threads(threads: Option<usize>) -> Result<usize> {
    match threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(Error::field(
            "--threads",
            format!("{t} is out of range, allowed 1..={MAX_THREADS}"),
        )),
        Some(t) => Ok(t),
        None => Ok(1),
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

/// The switches a waveform `tc` reads (`None`: every one): those written into from the
/// family's engine before each cycle of its window.
pub(crate) fn reads(tc: &TraceConfig) -> Option<Vec<usize>> {
    flitwave::fabric::switches_in_scopes(&tc.scopes, "network")
}

/// Run `n` to cycle `end` (or its deadlock), sampling `tr` (traced over `tc`) after every
/// cycle, the switches it reads written into from the family's engine first
/// (`Network::run_traced`).
pub(crate) fn trace_cycles<F: Family>(
    n: &mut Network<F>,
    tr: &mut Tracer,
    tc: &TraceConfig,
    end: u64,
) -> Result<()> {
    n.run_traced(tr, end, reads(tc).as_deref())
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
    let read = reads(&tc);
    let mut tracer = match &o.vcd {
        Some(p) => Some(Tracer::create(p, wave_format(p, o)?, "network", n, tc)?),
        None => None,
    };
    // (the switches evaluated together where their family can: a waveform's written into
    // from the engine before each cycle it samples)
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
        let alive = n.step();
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
