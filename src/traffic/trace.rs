//! Trace-driven traffic (seed 001 §5.1, §5.2.2): a text format of timed requests, its reader,
//! time compression, and splitting into packets of at most 1 KB of payload.
//!
//! # Format
//!
//! One request (one message) per line, four whitespace-separated fields:
//!
//! ```text
//! # time_ns source destination bytes
//! 0        12  5  64
//! 1250.5   5   12 8192
//! ```
//!
//! - `time_ns`: when the source hands the message to its NIC, in ns from the start of the trace;
//!   a non-negative decimal number (`1500`, `1500.25`, `1.5e3`); times are **non-decreasing**
//!   down the file;
//! - `source`, `destination`: host ids (integers), different from each other, and below the
//!   network's host count when one is given (host id = node address in a k-ary n-tree);
//! - `bytes`: the message size, an integer in `1..=2^30`.
//!
//! Blank lines are ignored and `#` starts a comment (whole line or after the fields). Every
//! bad line is an error naming the line number, the field, its value and what is allowed.
//!
//! # Packets
//!
//! [`Trace::injections`] divides every time by the compression factor `c` (seed 001 applies
//! 1, 5 and 10 to make old traces heavier), converts it to a clock cycle
//! (`floor(time_ns / c / clock_ns)`) and splits each message into packets of at most
//! `max_payload` bytes (1024 by default, the paper's 1 KB): `⌈bytes / max_payload⌉` packets,
//! all full but the last. The result is one flat list in injection order: by cycle, then trace
//! order, then packet order within a message.

use crate::error::{Error, Result};
use serde::Serialize;
use std::fmt;
use std::path::Path;

/// The paper's largest packet payload (seed 001 §5.1).
pub const DEFAULT_MAX_PAYLOAD: u32 = 1024;
/// Largest message a trace line may carry.
pub const MAX_REQUEST_BYTES: u64 = 1 << 30;
/// Most packets [`Trace::injections`] produces.
pub const MAX_PACKETS: u64 = 100_000_000;
/// Largest injection cycle (times beyond it lose integer precision).
pub const MAX_CYCLE: f64 = 9_007_199_254_740_992.0; // 2^53

/// One message of a trace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Request {
    pub time_ns: f64,
    pub src: u32,
    pub dst: u32,
    pub bytes: u64,
}

/// A trace: messages in non-decreasing time order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trace {
    pub requests: Vec<Request>,
}

/// How [`Trace::injections`] turns messages into packets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Packetize {
    /// Time compression factor `c > 0`: times are divided by it.
    pub compression: f64,
    /// Clock period in ns (`link.clock_ns`).
    pub clock_ns: f64,
    /// Largest payload of one packet, in bytes (≥ 1).
    pub max_payload: u32,
}

impl Default for Packetize {
    /// No compression, the Myrinet clock of 6.25 ns, 1 KB packets.
    fn default() -> Self {
        Packetize {
            compression: 1.0,
            clock_ns: 6.25,
            max_payload: DEFAULT_MAX_PAYLOAD,
        }
    }
}

/// One packet to inject: at `cycle`, host `src` sends `payload` bytes to `dst`. It is packet
/// `part` (0-based) of `parts` of message `request` (an index into [`Trace::requests`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Injection {
    pub cycle: u64,
    pub src: u32,
    pub dst: u32,
    pub payload: u32,
    pub request: u32,
    pub part: u32,
    pub parts: u32,
}

/// Bytes of the shortest request line, `0 0 1 1` and its newline.
const SHORTEST_LINE: u64 = 8;

const FIELDS: &str = "4 whitespace-separated fields `time_ns source destination bytes`";

use crate::topology::MAX_HOSTS;

fn parse_host(line: usize, what: &str, v: &str, hosts: Option<usize>) -> Result<u32> {
    let h: u32 = v.parse().map_err(|_| {
        Error::new(format!(
            "line {line}: {what} {v:?} is not a host id; allowed: an integer host id{}",
            range(hosts)
        ))
    })?;
    let n = hosts.unwrap_or(MAX_HOSTS).min(MAX_HOSTS);
    if h as usize >= n {
        let allowed = match hosts {
            Some(_) => range(Some(n)),
            None => format!(" 0..={} (a network has at most {MAX_HOSTS} hosts)", n - 1),
        };
        return Err(Error::new(format!(
            "line {line}: {what} {h} is out of range; allowed: host ids{allowed}"
        )));
    }
    Ok(h)
}

fn range(hosts: Option<usize>) -> String {
    match hosts {
        Some(n) => format!(" 0..={} (the network has {n} hosts)", n.saturating_sub(1)),
        None => String::new(),
    }
}

impl Trace {
    /// Parse the text format; `hosts`, when given, bounds the host ids. Errors start with
    /// `line N:`.
    pub fn parse(text: &str, hosts: Option<usize>) -> Result<Trace> {
        let mut requests = Vec::new();
        let mut last = 0.0f64;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("");
            let f: Vec<&str> = body.split_whitespace().collect();
            if f.is_empty() {
                continue;
            }
            if f.len() != 4 {
                return Err(Error::new(format!(
                    "line {line}: {} field{} ({:?}); expected {FIELDS}",
                    f.len(),
                    if f.len() == 1 { "" } else { "s" },
                    body.trim()
                )));
            }
            let time_ns: f64 = f[0]
                .parse()
                .ok()
                .filter(|t: &f64| t.is_finite() && *t >= 0.0)
                .ok_or_else(|| {
                    Error::new(format!(
                        "line {line}: time_ns {:?} is not allowed; expected a non-negative number of ns (e.g. 1500 or 1500.25)",
                        f[0]
                    ))
                })?;
            if time_ns < last {
                return Err(Error::new(format!(
                    "line {line}: time_ns {time_ns} is before the previous request's {last}; times must be non-decreasing"
                )));
            }
            last = time_ns;
            let src = parse_host(line, "source", f[1], hosts)?;
            let dst = parse_host(line, "destination", f[2], hosts)?;
            if src == dst {
                return Err(Error::new(format!(
                    "line {line}: source and destination are both host {src}; a message must go to another host"
                )));
            }
            let bytes: u64 = f[3]
                .parse()
                .ok()
                .filter(|b| (1..=MAX_REQUEST_BYTES).contains(b))
                .ok_or_else(|| {
                    Error::new(format!(
                        "line {line}: bytes {:?} is not allowed; expected an integer in 1..={MAX_REQUEST_BYTES}",
                        f[3]
                    ))
                })?;
            requests.push(Request {
                time_ns,
                src,
                dst,
                bytes,
            });
        }
        Ok(Trace { requests })
    }

    /// Read a trace file (errors are prefixed with the file name), its size bounded first by
    /// the memory limit: the text and, at most, a request per shortest line (`0 0 1 1`).
    pub fn load(path: &Path, hosts: Option<usize>) -> Result<Trace> {
        let len = std::fs::metadata(path)
            .map_err(|e| Error::new(format!("cannot read trace file {}: {e}", path.display())))?
            .len();
        let lines = len.div_ceil(SHORTEST_LINE);
        crate::memory::check(
            "trace file",
            path.display(),
            &format!("a trace of {len} bytes (up to {lines} requests)"),
            len.saturating_add(lines.saturating_mul(std::mem::size_of::<Request>() as u64)),
        )?;
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::new(format!("cannot read trace file {}: {e}", path.display())))?;
        Trace::parse(&text, hosts).map_err(|e| e.context(path.display()))
    }

    /// The text format, `header` lines first as `#` comments, then the column names.
    pub fn to_text(&self, header: &[String]) -> String {
        let mut s = String::with_capacity(24 * self.requests.len() + 256);
        for h in header {
            s += "# ";
            s += h;
            s += "\n";
        }
        s += "# time_ns source destination bytes\n";
        for r in &self.requests {
            s += &format!("{} {} {} {}\n", r.time_ns, r.src, r.dst, r.bytes);
        }
        s
    }

    /// Write the text format to `path` (creating its directory).
    pub fn save(&self, path: &Path, header: &[String]) -> Result<()> {
        crate::output::write(path, self.to_text(header))
    }

    /// One more than the highest host id used (0 for an empty trace).
    pub fn hosts_used(&self) -> usize {
        self.requests
            .iter()
            .map(|r| r.src.max(r.dst) as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// The packet injections (see the module documentation), checked: `compression` and
    /// `clock_ns` finite and > 0, `max_payload` ≥ 1, at most [`MAX_PACKETS`] packets, cycles
    /// below 2^53.
    pub fn injections(&self, p: &Packetize) -> Result<Vec<Injection>> {
        if !(p.compression.is_finite() && p.compression > 0.0) {
            return Err(Error::field(
                "compression",
                format!("{} is not allowed, expected a number > 0", p.compression),
            ));
        }
        if !(p.clock_ns.is_finite() && p.clock_ns > 0.0) {
            return Err(Error::field(
                "clock_ns",
                format!("{} is not allowed, expected a number > 0", p.clock_ns),
            ));
        }
        if p.max_payload == 0 {
            return Err(Error::field(
                "max_payload",
                "0 is not allowed, expected >= 1",
            ));
        }
        let mp = p.max_payload as u64;
        let total: u64 = self.requests.iter().map(|r| r.bytes.div_ceil(mp)).sum();
        if total > MAX_PACKETS {
            return Err(Error::field(
                "max_payload",
                format!(
                    "{} bytes per packet split the trace into {total} packets, at most {MAX_PACKETS} are allowed",
                    p.max_payload
                ),
            ));
        }
        if self.requests.len() > u32::MAX as usize {
            return Err(Error::new("a trace may hold at most 2^32 - 1 requests"));
        }
        crate::memory::check(
            "max_payload",
            p.max_payload,
            &format!("a trace of {total} packets"),
            total.saturating_mul(std::mem::size_of::<Injection>() as u64),
        )?;
        let mut out = Vec::with_capacity(total as usize);
        for (i, r) in self.requests.iter().enumerate() {
            let c = (r.time_ns / p.compression / p.clock_ns).floor();
            if c >= MAX_CYCLE {
                return Err(Error::new(format!(
                    "request {} (time {} ns): cycle {c} is beyond 2^53 at compression {} and a {} ns clock",
                    i + 1,
                    r.time_ns,
                    p.compression,
                    p.clock_ns
                )));
            }
            let parts = r.bytes.div_ceil(mp) as u32;
            for part in 0..parts {
                let done = part as u64 * mp;
                out.push(Injection {
                    cycle: c as u64,
                    src: r.src,
                    dst: r.dst,
                    payload: (r.bytes - done).min(mp) as u32,
                    request: i as u32,
                    part,
                    parts,
                });
            }
        }
        // times are non-decreasing, so cycles are; keep the order stable regardless
        out.sort_by_key(|x| x.cycle);
        Ok(out)
    }

    /// Counts, bytes, per-node totals and offered load (over `hosts` hosts; at least
    /// [`Trace::hosts_used`]).
    pub fn stats(&self, hosts: usize, p: &Packetize) -> Result<TraceStats> {
        let hosts = hosts.max(self.hosts_used());
        let mut nodes = vec![NodeTotals::default(); hosts];
        let mut bytes = 0u64;
        for r in &self.requests {
            bytes += r.bytes;
            let s = &mut nodes[r.src as usize];
            s.sent_messages += 1;
            s.sent_bytes += r.bytes;
            let d = &mut nodes[r.dst as usize];
            d.received_messages += 1;
            d.received_bytes += r.bytes;
        }
        let inj = self.injections(p)?;
        let first = self.requests.first().map_or(0.0, |r| r.time_ns);
        let last = self.requests.last().map_or(0.0, |r| r.time_ns);
        let span = (last - first) / p.compression;
        let load = (span > 0.0).then(|| bytes as f64 / span);
        let busiest = (0..hosts)
            .max_by_key(|&h| (nodes[h].sent_bytes, std::cmp::Reverse(h)))
            .unwrap_or(0);
        Ok(TraceStats {
            messages: self.requests.len() as u64,
            bytes,
            packets: inj.len() as u64,
            max_payload: p.max_payload,
            compression: p.compression,
            first_ns: first,
            last_ns: last,
            last_cycle: inj.last().map_or(0, |x| x.cycle),
            clock_ns: p.clock_ns,
            offered_bytes_per_ns: load,
            offered_bytes_per_ns_per_host: load.map(|l| l / hosts.max(1) as f64),
            busiest_sender: busiest,
            busiest_sender_bytes_per_ns: (span > 0.0)
                .then(|| nodes.get(busiest).map_or(0, |n| n.sent_bytes) as f64 / span),
            nodes,
        })
    }
}

/// What one host sends and receives in a trace.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct NodeTotals {
    pub sent_messages: u64,
    pub sent_bytes: u64,
    pub received_messages: u64,
    pub received_bytes: u64,
}

/// The statistics `flitwave trace stats` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceStats {
    pub messages: u64,
    pub bytes: u64,
    /// Packets after splitting at `max_payload`.
    pub packets: u64,
    pub max_payload: u32,
    pub compression: f64,
    pub first_ns: f64,
    pub last_ns: f64,
    /// Injection cycle of the last packet at `compression` and `clock_ns`.
    pub last_cycle: u64,
    pub clock_ns: f64,
    /// All bytes over the (compressed) time between the first and last message; None when the
    /// trace spans no time.
    pub offered_bytes_per_ns: Option<f64>,
    pub offered_bytes_per_ns_per_host: Option<f64>,
    /// The host that sends the most bytes, and its rate.
    pub busiest_sender: usize,
    pub busiest_sender_bytes_per_ns: Option<f64>,
    /// Per host id.
    pub nodes: Vec<NodeTotals>,
}

impl TraceStats {
    /// The summary lines, with the busiest sender's rate as a share of a link of
    /// `link_bytes_per_ns` (0.16 = Myrinet's 160 MB/s).
    pub fn report(&self, link_bytes_per_ns: f64) -> String {
        let o = |x: Option<f64>| x.map_or_else(|| "n/a".to_string(), |v| format!("{v:.4}"));
        let mut s = format!(
            "{} messages, {} bytes ({:.1} KB average), {} packets of at most {} bytes\n",
            self.messages,
            self.bytes,
            self.bytes as f64 / self.messages.max(1) as f64 / 1024.0,
            self.packets,
            self.max_payload
        );
        s += &format!(
            "time             {} .. {} ns; at compression {} and {} ns/cycle the last packet is injected at cycle {}\n",
            self.first_ns, self.last_ns, self.compression, self.clock_ns, self.last_cycle
        );
        s += &format!(
            "offered load     {} bytes/ns in total, {} bytes/ns per host ({} hosts)\n",
            o(self.offered_bytes_per_ns),
            o(self.offered_bytes_per_ns_per_host),
            self.nodes.len()
        );
        if let Some(b) = self.busiest_sender_bytes_per_ns {
            s += &format!(
                "busiest sender   host {}: {b:.4} bytes/ns = {:.1} % of a {link_bytes_per_ns} bytes/ns link\n",
                self.busiest_sender,
                100.0 * b / link_bytes_per_ns
            );
        }
        s += "per host (hosts with traffic)\n  host  sent msgs   sent bytes  recv msgs   recv bytes\n";
        for (h, n) in self.nodes.iter().enumerate() {
            if n.sent_messages + n.received_messages > 0 {
                s += &format!(
                    "{h:>6} {:>10} {:>12} {:>10} {:>12}\n",
                    n.sent_messages, n.sent_bytes, n.received_messages, n.received_bytes
                );
            }
        }
        s
    }
}

impl fmt::Display for TraceStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report(0.16))
    }
}
