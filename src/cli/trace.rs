//! `flitwave trace generate | stats`: storage-like traces (seed 001 §5.2.2) and their statistics.

use super::json::emit_json;
use clap::{Args, Subcommand};
use flitwave::output::write as write_file;
use flitwave::topology::MAX_HOSTS;
use flitwave::traffic::storage::{self, StorageParams};
use flitwave::traffic::trace::{Packetize, Trace, DEFAULT_MAX_PAYLOAD};
use flitwave::{Error, Result};
use std::path::PathBuf;

#[derive(Subcommand)]
pub(crate) enum TraceCmd {
    /// Write a storage-like trace (hosts issue bursty reads/writes to disks, disks answer):
    /// the stand-in for the HP cello traces on a 2-ary 7-tree with 23 disks (docs/traffic.md).
    Generate(GenArgs),
    /// Print a trace's counts, bytes, per-host totals and offered load.
    Stats(StatsArgs),
}

#[derive(Args)]
pub(crate) struct GenArgs {
    /// Seed of the generator: the same seed gives the same trace.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Requests are issued during this many microseconds (answers may come later).
    #[arg(long, default_value_t = 10_000.0)]
    duration_us: f64,
    /// Nodes, hosts and disks together (128 = a 2-ary 7-tree).
    #[arg(long, default_value_t = 128)]
    nodes: usize,
    /// Disks, spread evenly over the node ids (node floor(i*nodes/disks)).
    #[arg(long, default_value_t = 23)]
    disks: usize,
    /// Bursts each host starts per ms (Poisson).
    #[arg(long, default_value_t = 0.04)]
    bursts_per_ms: f64,
    /// Mean requests per burst (geometric; one disk per burst).
    #[arg(long, default_value_t = 4.0)]
    burst_len: f64,
    /// Mean gap between the requests of a burst, in microseconds (exponential).
    #[arg(long, default_value_t = 20.0)]
    burst_gap_us: f64,
    /// Fraction of requests that are reads (answered with data); the rest are writes
    /// (carrying data, answered by an acknowledgement).
    #[arg(long, default_value_t = 0.6)]
    read_fraction: f64,
    /// Request sizes and weights, SIZE:WEIGHT,... (K = 1024 bytes).
    #[arg(long, default_value = "4K:40,8K:30,16K:15,32K:10,64K:5")]
    size_mix: String,
    /// Bytes of a read command message.
    #[arg(long, default_value_t = 64)]
    command_bytes: u64,
    /// Bytes of a write acknowledgement.
    #[arg(long, default_value_t = 64)]
    ack_bytes: u64,
    /// Disk positioning time per request, in microseconds.
    #[arg(long, default_value_t = 50.0)]
    service_us: f64,
    /// Disk media rate in MB/s.
    #[arg(long, default_value_t = 200.0)]
    disk_mb_per_s: f64,
    /// Link rate in MB/s (when a message has arrived at the disk).
    #[arg(long, default_value_t = 160.0)]
    link_mb_per_s: f64,
    /// Place the disks on distinct nodes drawn at random with this seed (the In-order delivery
    /// paper: "randomly attached to 23 switch ports"); without it they are spread evenly.
    #[arg(long)]
    disk_seed: Option<u64>,
    /// Output file (default: stdout).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct StatsArgs {
    /// Trace file.
    file: PathBuf,
    /// Hosts of the network the trace is meant for: host ids must be below it (default: the
    /// highest id used + 1).
    #[arg(long)]
    hosts: Option<usize>,
    /// Time compression factor (> 0): times are divided by it.
    #[arg(long, default_value_t = 1.0)]
    compression: f64,
    /// Largest packet payload in bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_PAYLOAD)]
    max_payload: u32,
    /// Clock period in ns, for the injection cycles.
    #[arg(long, default_value_t = 6.25)]
    clock_ns: f64,
    /// Link rate in MB/s, to express the busiest sender's load as a share of a link.
    #[arg(long, default_value_t = 160.0)]
    link_mb_per_s: f64,
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", value_parser = super::json::json_path, help = super::json::JSON_HELP)]
    json: Option<std::path::PathBuf>,
}

pub(crate) fn cmd_trace(c: TraceCmd) -> Result<()> {
    match c {
        TraceCmd::Generate(a) => generate(a),
        TraceCmd::Stats(a) => stats(a),
    }
}

fn generate(a: GenArgs) -> Result<()> {
    let p = StorageParams {
        seed: a.seed,
        duration_us: a.duration_us,
        nodes: a.nodes,
        disks: a.disks,
        bursts_per_ms: a.bursts_per_ms,
        burst_len: a.burst_len,
        burst_gap_us: a.burst_gap_us,
        read_fraction: a.read_fraction,
        size_mix: storage::parse_size_mix(&a.size_mix)?,
        command_bytes: a.command_bytes,
        ack_bytes: a.ack_bytes,
        service_us: a.service_us,
        disk_mb_per_s: a.disk_mb_per_s,
        link_mb_per_s: a.link_mb_per_s,
        disk_seed: a.disk_seed,
    };
    let t = storage::generate(&p).map_err(|e| e.context("trace generate"))?;
    let text = t.to_text(&storage::header(&p));
    match &a.output {
        Some(path) => {
            write_file(path, &text)?;
            let bytes: u64 = t.requests.iter().map(|r| r.bytes).sum();
            errln!(
                "{} messages, {bytes} bytes, {} hosts and {} disks, written to {}",
                t.requests.len(),
                p.nodes - p.disks,
                p.disks,
                path.display()
            );
        }
        None => out!("{text}"),
    }
    Ok(())
}

fn stats(a: StatsArgs) -> Result<()> {
    if !(a.link_mb_per_s.is_finite() && a.link_mb_per_s > 0.0) {
        return Err(Error::field(
            "--link-mb-per-s",
            format!("{} is not allowed, expected a rate > 0", a.link_mb_per_s),
        ));
    }
    if let Some(h) = a.hosts.filter(|&h| !(2..=MAX_HOSTS).contains(&h)) {
        return Err(Error::field(
            "--hosts",
            format!("{h} is out of range, allowed 2..={MAX_HOSTS}"),
        ));
    }
    let t = Trace::load(&a.file, a.hosts)?;
    let p = Packetize {
        compression: a.compression,
        clock_ns: a.clock_ns,
        max_payload: a.max_payload,
    };
    let name = |f: &str| format!("--{}", f.replace('_', "-"));
    let s = t.stats(a.hosts.unwrap_or(0), &p).map_err(|e| {
        // the packetizing fields are CLI options here
        let m = e.message().to_string();
        match m.split_once(':') {
            Some((f, rest)) if ["compression", "clock_ns", "max_payload"].contains(&f) => {
                Error::field(name(f), rest.trim())
            }
            _ => e,
        }
    })?;
    let report = format!(
        "trace {}\n{}",
        a.file.display(),
        s.report(a.link_mb_per_s / 1000.0)
    );
    emit_json(a.json.as_deref(), &s, &report)
}
