//! `flitwave fattree`: one run of a k-ary n-tree of virtual cut-through switches (seed 001),
//! synthetic or trace-driven, with a summary and optionally a waveform.

use crate::FattreeArgs;
use flitwave::blocks::nic::generator::Process;
use flitwave::blocks::vct_nic::AckMode;
use flitwave::blocks::vct_switch::Selection;
use flitwave::fabric::fattree::{FatTree, FtParams};
use flitwave::fabric::storage::StorageRun;
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::traffic::pattern::Pattern;
use flitwave::traffic::storage::{self, StorageParams};
use flitwave::traffic::trace::{Packetize, Trace};
use flitwave::{Error, Result};

/// Parse a routing name: det (deterministic FIR), sadp or ff (adaptive IR).
pub(crate) fn parse_routing(s: &str) -> Result<Selection> {
    match s {
        "det" | "fir-det" | "deterministic" => Ok(Selection::Deterministic),
        "sadp" | "ir-sadp" => Ok(Selection::Sadp),
        "ff" | "ir-ff" => Ok(Selection::Ff),
        _ => Err(Error::field(
            "--routing",
            format!("{s:?} is not a routing; allowed: det (deterministic FIR), sadp, ff (adaptive IR with that selection function)"),
        )),
    }
}

/// The parameters a [`FattreeArgs`] asks for.
pub(crate) fn params(a: &FattreeArgs) -> Result<FtParams> {
    if !(a.rate >= 0.0 && a.rate <= 1.0) {
        return Err(Error::field(
            "--rate",
            format!("{} is out of range, allowed 0..=1 flits/cycle/node", a.rate),
        ));
    }
    if a.warmup >= a.cycles {
        return Err(Error::field(
            "--warmup",
            format!("{} must be below --cycles {}", a.warmup, a.cycles),
        ));
    }
    if a.packet_bytes == 0 || a.flit_bytes == 0 {
        return Err(Error::new("--packet-bytes and --flit-bytes must be >= 1"));
    }
    let ack = match a.ack.as_str() {
        "free" => AckMode::Free,
        "packets" => AckMode::Packets,
        s => {
            return Err(Error::field(
                "--ack",
                format!("{s:?} is not allowed; allowed: free, packets"),
            ))
        }
    };
    let pattern = Pattern::parse(&a.pattern).map_err(|e| e.context("--pattern"))?;
    if a.trace.is_some() && a.storage_us.is_some() {
        return Err(Error::new(
            "--trace and --storage-us exclude each other; give one",
        ));
    }
    let workload = a.trace.is_some() || a.storage_us.is_some();
    Ok(FtParams {
        k: a.k,
        n: a.n,
        selection: parse_routing(&a.routing)?,
        payload_bytes: a.packet_bytes,
        max_payload_bytes: a.packet_bytes.max(if workload { 1024 } else { 0 }),
        flit_bytes: a.flit_bytes,
        rate: if workload { 0.0 } else { a.rate },
        process: Process::Bernoulli,
        pattern,
        in_order: a.in_order,
        ack,
        reorder_bytes: a.reorder_kb * 1024,
        warmup: a.warmup,
        seed: a.seed,
        ..Default::default()
    })
}

pub(crate) fn cmd_fattree(a: FattreeArgs) -> Result<()> {
    let p = params(&a)?;
    let clock = p.clock_ns;
    let mut net = FatTree::new(p)?;
    let mut trace_done = None;
    if let Some(path) = &a.trace {
        let t = Trace::load(path, Some(net.nics.len()))?;
        let pk = Packetize {
            compression: a.compression,
            clock_ns: clock,
            max_payload: 1024,
        };
        let inj: Vec<_> = t
            .injections(&pk)?
            .iter()
            .map(|i| (i.cycle, i.src, i.dst, i.payload))
            .collect();
        net.load_trace(&inj)?;
    }
    if let Some(us) = a.storage_us {
        let sp = StorageParams {
            seed: a.seed,
            duration_us: us,
            nodes: net.nics.len(),
            ..Default::default()
        };
        let reqs = storage::workload(&sp).map_err(|e| e.context("--storage-us"))?;
        net.load_storage(StorageRun::new(reqs, &sp, a.compression, clock)?)?;
    }
    let tc = match &a.vcd {
        Some(path) => {
            let window = a
                .vcd_window
                .as_deref()
                .map(crate::parse_window)
                .transpose()?;
            let tc = TraceConfig {
                scopes: a.vcd_scope.clone(),
                window,
                period_ps: (clock * 1000.0).round() as u64,
            };
            Some(Tracer::create_file(path, "network", &net, tc)?)
        }
        None => None,
    };
    let mut tracer = tc;
    let t0 = std::time::Instant::now();
    for _ in 0..a.cycles {
        if !net.step() {
            break;
        }
        if let Some(t) = tracer.as_mut() {
            t.sample(net.now() - 1, &net)?;
        }
        if a.trace.is_some()
            && net.packets.live() == 0
            && net.nics.iter().all(|n| n.trace_left() == 0)
        {
            trace_done = Some(net.stats.last_delivery + 1);
            break;
        }
        if let Some(st) = net.storage.as_ref().filter(|s| s.done()) {
            trace_done = Some(st.last_answer + 1);
            break;
        }
    }
    if let Some(t) = tracer {
        t.finish()?;
    }
    let secs = t0.elapsed().as_secs_f64();
    let s = net.summary();
    if a.json {
        let v = serde_json::json!({ "summary": s, "trace_execution_cycles": trace_done });
        println!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| Error::new(e.to_string()))?
        );
    } else {
        print!("{}", s.report());
        if a.trace.is_some() || a.storage_us.is_some() {
            match trace_done {
                Some(c) => println!(
                    "trace            executed in {c} cycles = {:.1} us",
                    c as f64 * clock / 1000.0
                ),
                None => println!("trace            NOT finished within {} cycles", a.cycles),
            }
        }
        println!(
            "{}",
            flitwave::stats::speed_line(secs, s.switches, s.cycles)
        );
    }
    if !s.healthy() {
        return Err(Error::new(
            "the run violated an invariant or deadlocked (see above)",
        ));
    }
    Ok(())
}
