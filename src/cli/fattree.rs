//! `flitwave fattree`: shorthand for `flitwave run` on a k-ary n-tree of the vct family (seed
//! 001). It builds a configuration — the paper's switches and NICs (§5.1), Bernoulli sources
//! with 64-packet queues, 1 KB messages at 0.3 flits/cycle/host, 100,000 cycles — under
//! everything the user gives; `--print-config` shows the TOML that `run --config` and
//! `sweep --config` accept.

use super::args::FattreeArgs;
use super::run::{load_config, quote, run_config};
use flitwave::experiment::config::Config;
use flitwave::{Error, Result};

/// The shorthand's own values, under the user's options.
const PRESET: [&str; 12] = [
    "switch.family=\"vct\"",
    "topology.kind=\"fattree\"",
    "topology.k=4",
    "topology.n=3",
    "routing.algorithm=\"fir-det\"",
    "routing.selection=\"only\"",
    "traffic.process=\"bernoulli\"",
    "traffic.source_queue_limit=64",
    "traffic.message_bytes=1024",
    "traffic.rate=0.3",
    "cycles=100000",
    "warmup=10000",
];

/// The configuration a [`FattreeArgs`] asks for.
pub(crate) fn config(a: &FattreeArgs) -> Result<Config> {
    if a.sim.config.is_some() || a.sim.topology_file.is_some() {
        return Err(Error::new(
            "fattree builds its own configuration: --config and --topology-file belong to `flitwave run` (print this one with --print-config and edit it)",
        ));
    }
    let mut preset: Vec<String> = PRESET.iter().map(|s| s.to_string()).collect();
    preset.push("watchdog_cycles=50000".into());
    if let Some(k) = a.k {
        preset.push(format!("topology.k={k}"));
    }
    if let Some(n) = a.n {
        preset.push(format!("topology.n={n}"));
    }
    // an adaptive selection without a routing means adaptive IR
    if a.sim.routing.is_none() && a.sim.selection.as_deref().is_some_and(|s| s != "only") {
        preset.push("routing.algorithm=\"ir-adaptive\"".into());
    }
    if a.in_order {
        preset.push("nic.in_order=true".into());
    }
    if let Some(ack) = &a.ack {
        preset.push(format!("nic.ack={}", quote(ack)));
    }
    if let Some(kb) = a.reorder_kb {
        let bytes = kb.checked_mul(1024).ok_or_else(|| {
            Error::field(
                "--reorder-kb",
                format!("{kb} is out of range, allowed 1..={}", 1u64 << 30),
            )
        })?;
        preset.push(format!("nic.reorder_bytes={bytes}"));
    }
    let cfg = load_config(&a.sim, &preset)?;
    super::run::note_foreign_keys(&a.sim, &preset, &cfg);
    Ok(cfg)
}

pub(crate) fn cmd_fattree(a: FattreeArgs) -> Result<()> {
    let cfg = config(&a)?;
    run_config(&cfg, &a.out, None, &a.par)
}
