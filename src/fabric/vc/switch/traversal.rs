//! The switch traversal of the VC router (BookSim2's `_SwitchEvaluate`/`_SwitchUpdate`): a
//! winner's front flit leaves its input buffer, its credit goes upstream, and it crosses the
//! crossbar ([`Crossbar`]), reaching the link (or the output queue) `sw_alloc_cycles - 1 +
//! crossbar_cycles` cycles later. Two variants of the stage: the multiplexed crossbar (one
//! input per port, one flit per input and cycle, so its credit goes upstream at once) and the
//! non-multiplexed one (one input per VC and one output per output VC, seed 004; several VCs
//! of a port may free credits in one cycle, and they go upstream one symbol per link and
//! cycle, the VCs taking turns: [`CreditReturn::PerVc`]). With an internal speedup an input
//! may send a flit every internal step; each flit's credit then queues at its input and one
//! goes upstream per link and cycle, in the order freed ([`CreditReturn::Queued`], BookSim2's
//! `_credit_buffer`).

use super::input::InputUnit;
use super::output::OutputUnit;
use super::CrossbarKind;
use crate::blocks::credit::CreditUnit;
use crate::blocks::crossbar::Crossbar;
use crate::sim::{Flit, FlowCtl};
use std::collections::VecDeque;

/// The crossbar stage.
#[derive(Debug, Clone)]
pub(super) struct CrossbarStage {
    pub xbar: Crossbar,
    kind: CrossbarKind,
    nv: usize,
}

impl CrossbarStage {
    /// A crossbar of `kind` for `ports` ports of `vcs` VCs, `delay` cycles from grant to
    /// output, pipelined or taking `batches`.
    pub fn new(kind: CrossbarKind, ports: usize, vcs: usize, delay: u32, batches: bool) -> Self {
        let outputs = match kind {
            CrossbarKind::Multiplexed => ports,
            CrossbarKind::NonMultiplexed => ports * vcs,
        };
        CrossbarStage {
            xbar: if batches {
                Crossbar::batched(outputs, delay)
            } else {
                Crossbar::new(outputs, delay)
            },
            kind,
            nv: vcs,
        }
    }

    /// Cycles from grant to output.
    #[inline(always)]
    pub fn delay(&self) -> u32 {
        self.xbar.delay()
    }

    /// The crossbar output towards output `o`'s VC `ov`.
    #[inline(always)]
    pub(super) fn output(&self, o: usize, ov: usize) -> usize {
        match self.kind {
            CrossbarKind::Multiplexed => o,
            CrossbarKind::NonMultiplexed => o * self.nv + ov,
        }
    }

    /// The flits due now leave, each with its router output.
    #[inline]
    pub fn leave(&mut self, now: u64, mut out: impl FnMut(usize, Flit)) {
        let stride = match self.kind {
            CrossbarKind::Multiplexed => 1,
            CrossbarKind::NonMultiplexed => self.nv,
        };
        self.xbar.leave(now, |x, f| out(x / stride, f))
    }
}

/// How freed input-buffer credits go upstream.
#[derive(Debug, Clone)]
pub(super) enum CreditReturn {
    /// At once, in the cycle the flit leaves (multiplexed crossbar).
    AtOnce,
    /// One symbol per input link and cycle, all of one VC's credits, the VCs of a port taking
    /// turns (non-multiplexed crossbar; out of line: [`PerVc`]).
    PerVc(Box<PerVc>),
    /// One symbol per input link and cycle, one flit's credit, in the order freed (an
    /// internal speedup, BookSim2's `_credit_buffer`; out of line: [`Queued`]).
    Queued(Box<Queued>),
}

/// [`CreditReturn::PerVc`]'s registers: credit units freed per input VC and not yet sent, the
/// ports with some, and per port the VC whose credits go first next.
#[derive(Debug, Clone)]
pub(super) struct PerVc {
    back: Vec<u32>,
    ports: u32,
    rr: Vec<u8>,
}

/// [`CreditReturn::Queued`]'s registers: per input a FIFO of the freed flits' credits (VC,
/// units), as many entries deep as the input buffers hold flits (a credit is queued only for
/// a flit that was in them), and the ports with some.
#[derive(Debug, Clone)]
pub(super) struct Queued {
    fifo: Box<[VecDeque<(u8, u8)>]>,
    ports: u32,
}

impl CreditReturn {
    /// The variant of a crossbar of `kind` stepped `speedup` times a cycle, its inputs'
    /// buffers holding `port_flits` flits each (with a speedup an input may free several
    /// credits in one cycle).
    pub fn new(
        kind: CrossbarKind,
        ports: usize,
        vcs: usize,
        speedup: u32,
        port_flits: usize,
    ) -> Self {
        match kind {
            CrossbarKind::Multiplexed if speedup == 1 => CreditReturn::AtOnce,
            CrossbarKind::Multiplexed => CreditReturn::Queued(Box::new(Queued {
                fifo: (0..ports)
                    .map(|_| VecDeque::with_capacity(port_flits))
                    .collect(),
                ports: 0,
            })),
            CrossbarKind::NonMultiplexed => CreditReturn::PerVc(Box::new(PerVc {
                back: vec![0; ports * vcs],
                ports: 0,
                rr: vec![0; ports],
            })),
        }
    }

    /// The ports whose credits wait to go upstream.
    #[inline(always)]
    pub(super) fn ports(&self) -> u32 {
        match self {
            CreditReturn::AtOnce => 0,
            CreditReturn::PerVc(x) => x.ports,
            CreditReturn::Queued(x) => x.ports,
        }
    }

    /// Credits wait to go upstream.
    #[inline(always)]
    pub fn pending(&self) -> bool {
        self.ports() != 0
    }

    /// `n` credit units of input VC `iv` (VC `v` of port `p`) wait to go upstream.
    #[inline]
    pub(super) fn hold(&mut self, p: usize, v: usize, iv: usize, n: u32) {
        match self {
            CreditReturn::AtOnce => unreachable!("credits at once are not held"),
            CreditReturn::PerVc(x) => {
                x.back[iv] += n;
                x.ports |= 1 << p;
            }
            CreditReturn::Queued(x) => {
                x.fifo[p].push_back((v as u8, n.min(u8::MAX as u32) as u8));
                x.ports |= 1 << p;
            }
        }
    }

    /// The symbol port `p` (of `nv` VCs) sends upstream this cycle, if any; a port left with
    /// nothing to send leaves the set.
    #[inline]
    pub(super) fn next_symbol(&mut self, p: usize, nv: usize) -> Option<FlowCtl> {
        match self {
            CreditReturn::AtOnce => None,
            CreditReturn::PerVc(x) => {
                let start = x.rr[p] as usize;
                let back = &mut x.back[p * nv..(p + 1) * nv];
                let Some(v) = (0..nv).map(|i| (start + i) % nv).find(|&v| back[v] > 0) else {
                    x.ports &= !(1 << p);
                    return None;
                };
                let n = back[v].min(u8::MAX as u32);
                back[v] -= n;
                x.rr[p] = ((v + 1) % nv) as u8;
                if back.iter().all(|&c| c == 0) {
                    x.ports &= !(1 << p);
                }
                Some(FlowCtl::Credit {
                    vc: v as u8,
                    n: n as u8,
                })
            }
            CreditReturn::Queued(x) => {
                let c = x.fifo[p].pop_front();
                // (a select: whether the queue emptied is the traffic's)
                x.ports &= !((x.fifo[p].is_empty() as u32) << p);
                c.map(|(vc, n)| FlowCtl::Credit { vc, n })
            }
        }
    }
}

/// What a flit crossing writes beside its router's input and output units (whose rules,
/// [`InputUnit::depart`] and [`OutputUnit::reserve`], [`cross`] applies itself): its lane of
/// the planes (`planes/cross.rs`: a crossbar slot and plane, the rings, the tile's flags).
/// Each method is one of the traversal's effects; [`cross`] is the order and the conditions.
pub(super) trait Traverse {
    /// The router's input and output units.
    fn units(&mut self) -> (&mut InputUnit, &mut OutputUnit);
    /// The depth of the input VCs numbered `v`, and the units a credit carries.
    fn depth(&self, v: usize) -> u32;
    fn unit(&self) -> CreditUnit;
    /// Input VC (`p`, `v`) sent its front flit, `fill` flits left behind it, on output `o`'s
    /// VC `ovc`, which spent a credit (`room`: it has room for another): the switch
    /// allocator's pointer moves past it, the flit is counted on its output VC.
    fn left(&mut self, pv: (usize, usize), fill: u32, out: (usize, usize, bool));
    /// That flit was its packet's tail: the input VC is idle; the head behind it, if any
    /// (`behind`), is routed, for VC allocation from step `at` after the routing delay.
    fn freed(&mut self, pv: (usize, usize), at: u64, behind: bool);
    /// Flit `f`, on output VC `ovc`, enters the crossbar towards output `o` at step `t` of
    /// cycle `now` (a crossbar of 0 cycles: onto the link, its FIFO or queue now).
    fn enter(&mut self, at: (u64, u64), out: (usize, usize), f: Flit);
    /// `n` credit units of input VC (`p`, `v`) go upstream at cycle `now` (with a speedup or
    /// the non-multiplexed crossbar: they queue at the input).
    fn credit_up(&mut self, now: u64, pv: (usize, usize), n: u32);
}

/// The switch traversal's rule: the front flit of input VC `v` of port `p` (of `nv` VCs) leaves its buffer at step `t` of
/// cycle `now` on the output VC its VC holds, spending a credit downstream (or a flit of room
/// in the output queue); a tail frees the input VC (and the output VC, or once every credit
/// of its packet is back: wait-for-tail-credit) and the head behind it is routed; the flit
/// enters the crossbar and the credit units it frees go upstream.
#[inline(always)]
pub(super) fn cross<X: Traverse>(
    x: &mut X,
    (now, t): (u64, u64),
    (p, v, nv): (usize, usize, usize),
) {
    let (depth, unit) = (x.depth(v), x.unit());
    let (input, out) = x.units();
    // the input unit's rule: the flit leaves on its output VC, a tail frees the VC
    let d = input.depart(now, p * nv + v, depth);
    // the output unit's rule: a credit spent; a tail frees the VC for the next packet, or
    // once every credit of this one is back (wait_for_tail_credit)
    let room = out.reserve(d.out, d.ovc, d.next, d.tail);
    x.left((p, v), d.fill, (d.out, d.ovc, room));
    if d.tail {
        x.freed((p, v), t + 1, d.fill > 0);
    }
    x.enter((now, t), (d.out, d.ovc), d.flit);
    // the units it frees upstream (a flit's credit: 1; of several bytes, none until it
    // completes one)
    let n = unit.release_at(d.next, d.len);
    if n > 0 {
        x.credit_up(now, (p, v), n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With a speedup, each input's credits go upstream one a cycle in the order freed, round
    /// the ring as often as it fills and drains; a port with none leaves the set.
    #[test]
    fn queued_credits_leave_in_the_order_freed_round_their_ring() {
        let mut q = CreditReturn::new(CrossbarKind::Multiplexed, 3, 2, 2, 3);
        let mut sent = vec![];
        for round in 0..5u8 {
            for k in 0..3u8 {
                q.hold(1, (k % 2) as usize, 0, (round + k + 1) as u32);
            }
            assert_eq!(q.ports(), 0b10);
            while let Some(FlowCtl::Credit { vc, n }) = q.next_symbol(1, 2) {
                sent.push((vc, n));
            }
            assert!(!q.pending());
        }
        let want: Vec<_> = (0..5u8)
            .flat_map(|r| (0..3u8).map(move |k| (k % 2, r + k + 1)))
            .collect();
        assert_eq!(sent, want);
        assert_eq!(q.next_symbol(0, 2), None);
    }
}
