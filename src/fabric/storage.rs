//! Closed-loop storage workload on a fat-tree (seed 001 §5.2.2, our stand-in for the cello
//! traces): hosts issue the requests of `traffic::storage::workload` at their (compressed)
//! times; a disk starts serving a request when the whole request message has been delivered to
//! it — after reordering, with in-order delivery — one request at a time, first come first
//! served, for the positioning time plus the size at the media rate (compressed as well: the
//! faster devices of the compression argument); then it sends the answer (the data of a read,
//! a small acknowledgement of a write). The execution time is the delivery of the last answer.
//!
//! Unlike the open-loop replay of a trace file, where every answer leaves at the time the trace
//! gives, here whatever delays a request at its disk — congestion, or waiting in a reorder
//! buffer for a packet that took a longer path — delays its answer and the requests queued
//! behind it at that disk.
//!
//! Hosts may also wait for their answers (`traffic.storage_outstanding` = W > 0): a host holds
//! at most W requests whose answer has not been delivered to it, like a process doing
//! synchronous I/O (W = 1) or a driver with W tags; its next request leaves at its own time or
//! the cycle after an answer frees a slot, whichever is later. Then whatever delays an answer
//! also delays the host's later requests. W = 0 (the default) issues every request at its time.
//!
//! Every message leaves through one queue of due messages: requests at their (compressed)
//! time or when a slot frees, answers when the disk's service ends.

use crate::error::{Error, Result};
use crate::traffic::storage::{Issued, StorageParams};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The packets of a message of `bytes`: full packets of `mtu` bytes and the rest
/// (`traffic.mtu_bytes`; seed 001 §5.1 splits at 1 KB).
pub fn split(bytes: u64, mtu: u32) -> impl Iterator<Item = u32> {
    let full = bytes / mtu as u64;
    let rest = (bytes % mtu as u64) as u32;
    (0..full)
        .map(move |_| mtu)
        .chain((rest > 0).then_some(rest))
}

/// State of a closed-loop storage run. Message `2i` is request `i` (host → disk), message
/// `2i + 1` its answer (disk → host).
#[derive(Debug, Clone)]
pub struct StorageRun {
    pub reqs: Vec<Issued>,
    /// Node of every disk.
    pub disk_node: Vec<u32>,
    p: StorageParams,
    compression: f64,
    clock_ns: f64,
    /// Largest packet payload.
    mtu: u32,
    parts_left: Vec<u32>,
    disk_free: Vec<u64>,
    /// Messages due: (cycle, message), earliest first, ties by message id.
    due: BinaryHeap<Reverse<(u64, u32)>>,
    /// Per host: requests unanswered, and its requests not yet issued (indices, latest last).
    open: Vec<u32>,
    waiting: Vec<std::collections::VecDeque<u32>>,
    /// The cycle after the last request's time (the span of the workload).
    span: u64,
    /// Answers delivered, and the cycle of the last one.
    pub answered: usize,
    pub last_answer: u64,
}

impl StorageRun {
    /// The run of `reqs` (made with `p`) at `compression` on a clock of `clock_ns`, messages
    /// split into packets of at most `mtu` bytes, hosts holding at most `window` unanswered
    /// requests (0: no limit).
    pub fn new(
        reqs: Vec<Issued>,
        p: &StorageParams,
        compression: f64,
        clock_ns: f64,
        mtu: u32,
        window: u32,
    ) -> Result<Self> {
        if !(compression.is_finite() && compression > 0.0) {
            return Err(Error::field(
                "compression",
                format!("{compression} is not allowed, expected a number > 0"),
            ));
        }
        let mut parts_left = Vec::with_capacity(2 * reqs.len());
        for r in &reqs {
            let (req, ans) = Self::sizes(p, r);
            parts_left.push(split(req, mtu).count() as u32);
            parts_left.push(split(ans, mtu).count() as u32);
        }
        let hosts = reqs.iter().map(|r| r.host as usize + 1).max().unwrap_or(0);
        let mut run = StorageRun {
            disk_node: p.disk_nodes(),
            disk_free: vec![0; p.disks],
            p: p.clone(),
            compression,
            clock_ns,
            mtu,
            parts_left,
            due: BinaryHeap::new(),
            open: vec![0; hosts],
            waiting: vec![Default::default(); hosts],
            span: 0,
            answered: 0,
            last_answer: 0,
            reqs,
        };
        let mut order: Vec<u32> = (0..run.reqs.len() as u32).collect();
        order.sort_by_key(|&i| (run.issue_cycle(i), i));
        for i in order {
            run.span = run.span.max(run.issue_cycle(i) + 1);
            let h = run.reqs[i as usize].host as usize;
            if window == 0 || run.open[h] < window {
                run.open[h] += 1;
                run.due.push(Reverse((run.issue_cycle(i), 2 * i)));
            } else {
                run.waiting[h].push_back(i);
            }
        }
        Ok(run)
    }

    /// The cycle request `i` is issued at by its (compressed) time.
    fn issue_cycle(&self, i: u32) -> u64 {
        (self.reqs[i as usize].time / self.compression / self.clock_ns).floor() as u64
    }

    /// The cycle after the last request's own time.
    pub fn span(&self) -> u64 {
        self.span
    }

    /// Bytes of the request message and of the answer.
    fn sizes(p: &StorageParams, r: &Issued) -> (u64, u64) {
        if r.read {
            (p.command_bytes, r.size)
        } else {
            (r.size, p.ack_bytes)
        }
    }

    /// A packet of message `msg` was delivered at cycle `now`.
    pub fn delivered(&mut self, now: u64, msg: u32) {
        let left = &mut self.parts_left[msg as usize];
        *left -= 1;
        if *left > 0 {
            return;
        }
        let i = (msg / 2) as usize;
        if msg % 2 == 1 {
            self.answered += 1;
            self.last_answer = now;
            // the host's slot frees: its next request leaves at its time or next cycle
            let h = self.reqs[i].host as usize;
            self.open[h] -= 1;
            if let Some(j) = self.waiting[h].pop_front() {
                self.open[h] += 1;
                let at = self.issue_cycle(j).max(now + 1);
                self.due.push(Reverse((at, 2 * j)));
            }
            return;
        }
        // the whole request is at the disk: queue it
        let r = self.reqs[i];
        let service_ns =
            self.p.service_us * 1000.0 + r.size as f64 / (self.p.disk_mb_per_s / 1000.0);
        let cycles = (service_ns / self.compression / self.clock_ns).ceil() as u64;
        let start = (now + 1).max(self.disk_free[r.disk]);
        self.disk_free[r.disk] = start + cycles;
        self.due.push(Reverse((start + cycles, 2 * i as u32 + 1)));
    }

    /// Messages due at cycle `now` — requests and answers — as (source, destination, payload,
    /// message) per packet.
    pub fn due(&mut self, now: u64, out: &mut Vec<(u32, u32, u32, u32)>) {
        while let Some(&Reverse((t, m))) = self.due.peek() {
            if t > now {
                break;
            }
            self.due.pop();
            let r = self.reqs[(m / 2) as usize];
            let (req, ans) = Self::sizes(&self.p, &r);
            let (host, disk) = (r.host, self.disk_node[r.disk]);
            let (src, dst, bytes) = if m % 2 == 0 {
                (host, disk, req)
            } else {
                (disk, host, ans)
            };
            for part in split(bytes, self.mtu) {
                out.push((src, dst, part, m));
            }
        }
    }

    /// The cycle the next message is due (`u64::MAX`: none queued).
    pub fn next_due(&self) -> u64 {
        self.due.peek().map_or(u64::MAX, |&Reverse((t, _))| t)
    }

    /// Every answer delivered.
    pub fn done(&self) -> bool {
        self.answered == self.reqs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_split_into_1kb_packets() {
        assert_eq!(split(64, 1024).collect::<Vec<_>>(), vec![64]);
        assert_eq!(split(4096, 1024).collect::<Vec<_>>(), vec![1024; 4]);
        assert_eq!(split(2500, 1024).collect::<Vec<_>>(), vec![1024, 1024, 452]);
        assert_eq!(
            split(2500, 512).collect::<Vec<_>>(),
            vec![512, 512, 512, 512, 452]
        );
    }
}
