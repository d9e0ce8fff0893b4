//! A generator of storage-like traces in the [`super::trace`] format, standing in for the HP
//! *cello* traces of seed 001 §5.2.2 (not available): a timesharing system whose storage
//! subsystem has 23 disks, on a 2-ary 7-tree (128 nodes) with the disks on 23 leaves and
//! 105 hosts on the rest.
//!
//! # Model (every number is a parameter of [`StorageParams`]; defaults in brackets)
//!
//! - **Placement.** Disk `i` (of `D` [23]) sits on node `⌊i·N/D⌋` of `N` [128] nodes — evenly
//!   spread, so for 128/23 they are nodes 0, 5, 11, 16, 22, 27, 33, 38, 44, 50, 55, 61, 66, 72,
//!   77, 83, 89, 94, 100, 105, 111, 116, 122, each on its own stage-0 switch of the 2-ary
//!   7-tree. Every other node is a host. Hosts only talk to disks and disks only to hosts.
//! - **Bursty requests.** Each host starts bursts as a Poisson process [0.04 bursts per ms]; a
//!   burst goes to one disk (uniform) and holds a geometric number of requests [mean 4] spaced
//!   by exponential gaps [mean 20 µs] — a Poisson cluster process, like a process reading or
//!   writing a file. Requests are issued during `duration` [10,000 µs]; answers may come later.
//! - **Reads and writes.** A request is a read with probability [0.6], else a write. Its size
//!   comes from a mix [4 KB 40 %, 8 KB 30 %, 16 KB 15 %, 32 KB 10 %, 64 KB 5 %: 12.8 KB mean].
//!   A read is a small command message host → disk [64 bytes] answered by the data disk → host;
//!   a write carries the data host → disk and is answered by a small acknowledgement [64 bytes].
//! - **Disks** serve requests first come first served, one at a time: a request arrives when
//!   its message has crossed a link [160 MB/s, Myrinet's] and takes a positioning time [50 µs]
//!   plus its size at the media rate [200 MB/s]; the answer leaves when service ends.
//!
//! With the defaults a host issues 0.16 requests per ms, a disk receives about 0.73 per ms and
//! is busy about 8 % of the time, and a disk's link carries on average about 3.6 % of 160 MB/s
//! of read data at compression 1 (36 % at compression 10), in bursts: light enough at
//! compression 1, heavy at 10 (seed 001 §5.2.2 compresses by 1, 5 and 10). The trace is deterministic: one ChaCha8
//! stream of the seed, hosts in id order; times are whole ns; equal times keep generation order
//! (requests before answers).

use super::trace::{Request, Trace, MAX_REQUEST_BYTES};
use crate::error::{Error, Result};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Most requests a generated trace may hold (estimated before generating).
pub const MAX_REQUESTS: f64 = 10_000_000.0;

/// The parameters of [`generate`] (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct StorageParams {
    pub seed: u64,
    /// Requests are issued in `[0, duration_us)`.
    pub duration_us: f64,
    /// Nodes (hosts + disks), 2..=65536.
    pub nodes: usize,
    /// Disks, 1..nodes.
    pub disks: usize,
    /// Bursts started per ms by each host (Poisson), > 0.
    pub bursts_per_ms: f64,
    /// Mean requests per burst (geometric), ≥ 1.
    pub burst_len: f64,
    /// Mean gap between the requests of a burst (exponential), ≥ 0 µs.
    pub burst_gap_us: f64,
    /// Probability that a request is a read, 0..=1.
    pub read_fraction: f64,
    /// Request sizes in bytes with their weights.
    pub size_mix: Vec<(u64, f64)>,
    /// Size of a read command message.
    pub command_bytes: u64,
    /// Size of a write acknowledgement.
    pub ack_bytes: u64,
    /// Positioning time of a disk per request.
    pub service_us: f64,
    /// Disk media rate in MB/s (10^6 bytes per s).
    pub disk_mb_per_s: f64,
    /// Link rate in MB/s for the arrival of a message at the disk.
    pub link_mb_per_s: f64,
    /// Disk placement: evenly spread (None), or on `disks` distinct nodes drawn at random with
    /// this seed (seed 004 §4.1: "the disks will be randomly attached to 23 switch ports").
    pub disk_seed: Option<u64>,
}

impl Default for StorageParams {
    fn default() -> Self {
        StorageParams {
            seed: 1,
            duration_us: 10_000.0,
            nodes: 128,
            disks: 23,
            bursts_per_ms: 0.04,
            burst_len: 4.0,
            burst_gap_us: 20.0,
            read_fraction: 0.6,
            size_mix: vec![
                (4096, 40.0),
                (8192, 30.0),
                (16384, 15.0),
                (32768, 10.0),
                (65536, 5.0),
            ],
            command_bytes: 64,
            ack_bytes: 64,
            service_us: 50.0,
            disk_mb_per_s: 200.0,
            link_mb_per_s: 160.0,
            disk_seed: None,
        }
    }
}

/// The disk nodes: `⌊i·nodes/disks⌋` for `i` in `0..disks` (distinct when `disks ≤ nodes`).
pub fn disk_nodes(nodes: usize, disks: usize) -> Vec<u32> {
    (0..disks).map(|i| (i * nodes / disks) as u32).collect()
}

impl StorageParams {
    /// The node of every disk, in disk order: [`disk_nodes`], or with a `disk_seed` distinct
    /// nodes drawn at random (a seeded shuffle of all nodes, its first `disks`, sorted).
    pub fn disk_nodes(&self) -> Vec<u32> {
        let Some(seed) = self.disk_seed else {
            return disk_nodes(self.nodes, self.disks);
        };
        use rand::seq::SliceRandom;
        let mut all: Vec<u32> = (0..self.nodes as u32).collect();
        all.shuffle(&mut ChaCha8Rng::seed_from_u64(seed ^ 0xD15C));
        let mut d = all[..self.disks.min(self.nodes)].to_vec();
        d.sort_unstable();
        d
    }
}

/// Parse a size mix `SIZE:WEIGHT,...`, sizes in bytes with an optional `K` (×1024) or `M`
/// (×1024²) suffix, weights positive numbers: `4K:40,8K:30,16K:15,32K:10,64K:5`.
pub fn parse_size_mix(s: &str) -> Result<Vec<(u64, f64)>> {
    let bad = |item: &str, why: &str| {
        Error::field(
            "--size-mix",
            format!("{item:?} {why}; expected SIZE:WEIGHT[,SIZE:WEIGHT...] with sizes 1..=1G bytes (suffix K or M allowed) and weights > 0, e.g. 4K:40,64K:5"),
        )
    };
    let mut mix = Vec::new();
    for item in s.split(',') {
        let item = item.trim();
        let (size, w) = item
            .split_once(':')
            .ok_or_else(|| bad(item, "has no ':'"))?;
        let size = size.trim().to_ascii_uppercase();
        let (num, mul) = match size.strip_suffix('K') {
            Some(x) => (x, 1024),
            None => match size.strip_suffix('M') {
                Some(x) => (x, 1 << 20),
                None => (size.as_str(), 1),
            },
        };
        let bytes = num
            .parse::<u64>()
            .ok()
            .and_then(|x| x.checked_mul(mul))
            .filter(|b| (1..=MAX_REQUEST_BYTES).contains(b))
            .ok_or_else(|| bad(item, "has no valid size"))?;
        let weight: f64 = w
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite() && *x > 0.0)
            .ok_or_else(|| bad(item, "has no valid weight"))?;
        mix.push((bytes, weight));
    }
    Ok(mix)
}

fn check(p: &StorageParams) -> Result<()> {
    let num = |name: &str, v: f64, ok: bool, allowed: &str| {
        if v.is_finite() && ok {
            Ok(())
        } else {
            Err(Error::field(
                name,
                format!("{v} is not allowed, expected {allowed}"),
            ))
        }
    };
    num(
        "duration_us",
        p.duration_us,
        p.duration_us > 0.0 && p.duration_us <= 1e9,
        "a duration in (0, 1e9] us",
    )?;
    if !(2..=65536).contains(&p.nodes) {
        return Err(Error::field(
            "nodes",
            format!("{} is out of range, allowed 2..=65536", p.nodes),
        ));
    }
    if !(1..p.nodes).contains(&p.disks) {
        return Err(Error::field(
            "disks",
            format!(
                "{} is out of range, allowed 1..={} (at least one node must be a host)",
                p.disks,
                p.nodes - 1
            ),
        ));
    }
    num(
        "bursts_per_ms",
        p.bursts_per_ms,
        p.bursts_per_ms > 0.0,
        "a rate > 0",
    )?;
    num("burst_len", p.burst_len, p.burst_len >= 1.0, "a mean >= 1")?;
    num(
        "burst_gap_us",
        p.burst_gap_us,
        p.burst_gap_us >= 0.0,
        "a gap >= 0",
    )?;
    num(
        "read_fraction",
        p.read_fraction,
        (0.0..=1.0).contains(&p.read_fraction),
        "a fraction in [0, 1]",
    )?;
    num(
        "service_us",
        p.service_us,
        p.service_us >= 0.0,
        "a time >= 0",
    )?;
    num(
        "disk_mb_per_s",
        p.disk_mb_per_s,
        p.disk_mb_per_s > 0.0,
        "a rate > 0",
    )?;
    num(
        "link_mb_per_s",
        p.link_mb_per_s,
        p.link_mb_per_s > 0.0,
        "a rate > 0",
    )?;
    if p.size_mix.is_empty()
        || p.size_mix
            .iter()
            .any(|&(b, w)| !((1..=MAX_REQUEST_BYTES).contains(&b) && w.is_finite() && w > 0.0))
    {
        return Err(Error::field(
            "size_mix",
            format!(
                "{:?}: needs at least one size in 1..={MAX_REQUEST_BYTES} bytes, every weight > 0",
                p.size_mix
            ),
        ));
    }
    for (name, b) in [
        ("command_bytes", p.command_bytes),
        ("ack_bytes", p.ack_bytes),
    ] {
        if !(1..=MAX_REQUEST_BYTES).contains(&b) {
            return Err(Error::field(
                name,
                format!("{b} is out of range, allowed 1..={MAX_REQUEST_BYTES}"),
            ));
        }
    }
    let expect =
        (p.nodes - p.disks) as f64 * p.duration_us / 1000.0 * p.bursts_per_ms * p.burst_len;
    if expect > MAX_REQUESTS {
        return Err(Error::new(format!(
            "these parameters would generate about {expect:.0} requests, at most {MAX_REQUESTS} are allowed; shorten duration_us or lower the rate"
        )));
    }
    Ok(())
}

/// An exponential sample of mean `mean`.
fn exp(rng: &mut ChaCha8Rng, mean: f64) -> f64 {
    -mean * (1.0 - rng.random::<f64>()).ln()
}

/// A host request, before any disk has answered it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Issued {
    /// Issue time, ns.
    pub time: f64,
    pub host: u32,
    /// Index of the disk (its node is `StorageParams::disk_nodes()[disk]`).
    pub disk: usize,
    pub read: bool,
    pub size: u64,
}

/// The requests hosts issue, in host order then time; the disks' answers are not included:
/// [`generate`] computes them with the open-loop disk model, a closed-loop simulation
/// (`fabric::Network::load_storage`) from the deliveries it simulates.
pub fn workload(p: &StorageParams) -> Result<Vec<Issued>> {
    check(p)?;
    let disks = p.disk_nodes();
    let mut is_disk = vec![false; p.nodes];
    for &d in &disks {
        is_disk[d as usize] = true;
    }
    let total_w: f64 = p.size_mix.iter().map(|x| x.1).sum();
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed ^ 0x5707_A6E0_CE11_0000);
    let dur = p.duration_us * 1000.0;
    let q = 1.0 - 1.0 / p.burst_len; // geometric continuation probability
    let mut issued = Vec::new();
    for host in (0..p.nodes).filter(|&h| !is_disk[h]) {
        let mut start = 0.0;
        loop {
            start += exp(&mut rng, 1e6 / p.bursts_per_ms);
            if start >= dur {
                break;
            }
            let disk = rng.random_range(0..p.disks);
            let mut t = start;
            let mut first = true;
            while t < dur {
                if !first && rng.random::<f64>() >= q {
                    break;
                }
                if !first {
                    t += exp(&mut rng, p.burst_gap_us * 1000.0);
                    if t >= dur {
                        break;
                    }
                }
                first = false;
                let read = rng.random::<f64>() < p.read_fraction;
                let mut x = rng.random::<f64>() * total_w;
                let mut size = p.size_mix[p.size_mix.len() - 1].0;
                for &(b, w) in &p.size_mix {
                    if x < w {
                        size = b;
                        break;
                    }
                    x -= w;
                }
                if issued.len() as f64 >= MAX_REQUESTS {
                    // the expected count passed the check, this draw did not (a long burst)
                    return Err(Error::new(format!(
                        "these parameters generated more than {MAX_REQUESTS} requests (bursts of burst_len {} with burst_gap_us {} run long); shorten duration_us, burst_len or lower the rate",
                        p.burst_len, p.burst_gap_us
                    )));
                }
                issued.push(Issued {
                    time: t.round(),
                    host: host as u32,
                    disk,
                    read,
                    size,
                });
            }
        }
    }
    Ok(issued)
}

/// Generate the trace (errors name the bad parameter).
pub fn generate(p: &StorageParams) -> Result<Trace> {
    let issued = workload(p)?;
    let disks = p.disk_nodes();
    // (time, order) of every message; requests are numbered first, answers after them
    let link = p.link_mb_per_s / 1000.0; // bytes per ns
    let media = p.disk_mb_per_s / 1000.0;
    let mut msgs: Vec<(f64, usize, Request)> = Vec::with_capacity(2 * issued.len());
    let mut arrivals: Vec<(f64, usize)> = Vec::with_capacity(issued.len());
    for (i, r) in issued.iter().enumerate() {
        let bytes = if r.read { p.command_bytes } else { r.size };
        msgs.push((
            r.time,
            i,
            Request {
                time_ns: r.time,
                src: r.host,
                dst: disks[r.disk],
                bytes,
            },
        ));
        arrivals.push((r.time + bytes as f64 / link, i));
    }
    arrivals.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut free = vec![0.0f64; p.disks];
    for &(arrive, i) in &arrivals {
        let r = &issued[i];
        let done = arrive.max(free[r.disk]) + p.service_us * 1000.0 + r.size as f64 / media;
        free[r.disk] = done;
        let t = done.round();
        msgs.push((
            t,
            issued.len() + i,
            Request {
                time_ns: t,
                src: disks[r.disk],
                dst: r.host,
                bytes: if r.read { r.size } else { p.ack_bytes },
            },
        ));
    }
    msgs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    Ok(Trace {
        requests: msgs.into_iter().map(|m| m.2).collect(),
    })
}

/// The `#` header lines of a generated trace: what made it, with every parameter.
pub fn header(p: &StorageParams) -> Vec<String> {
    let disks: Vec<String> = p.disk_nodes().iter().map(|d| d.to_string()).collect();
    let mix: Vec<String> = p.size_mix.iter().map(|(b, w)| format!("{b}:{w}")).collect();
    vec![
        "flitwave storage-like trace (cello-like stand-in for the Fat-trees paper's §5.2.2 traces; flitwave trace generate)".into(),
        format!(
            "seed {} duration_us {} nodes {} disks {} bursts_per_ms {} burst_len {} burst_gap_us {}",
            p.seed, p.duration_us, p.nodes, p.disks, p.bursts_per_ms, p.burst_len, p.burst_gap_us
        ),
        format!(
            "read_fraction {} size_mix {} command_bytes {} ack_bytes {} service_us {} disk_mb_per_s {} link_mb_per_s {}",
            p.read_fraction,
            mix.join(","),
            p.command_bytes,
            p.ack_bytes,
            p.service_us,
            p.disk_mb_per_s,
            p.link_mb_per_s
        ),
        format!("disk nodes: {}", disks.join(" ")),
    ]
}
