//! The sequenced NIC of seed 004 (§3): in-order delivery over adaptive routing.
//!
//! **Source.** Every packet gets the next sequence number of its connection (one per
//! source–destination pair). With acknowledgement packets (`nic.ack = "packets"`) the source
//! holds every packet until an ⟨ACK sn⟩ covers it and resends it after a ⟨NACK sn⟩, under the
//! injection control of `blocks::nic::injection` (immediate, ADAP-LI, ADAP-LW). The send engine
//! puts on the wire, in this order: a NACK, an ACK, the oldest resend its connection's state
//! allows, then the oldest new packet whose connection allows it among the first
//! `nic.send_window` descriptors of the source queue ([`WINDOW`] by default) — a connection in
//! the limited state holds back its own packets only, unless the window is 1 (a strict FIFO
//! source, where it holds back everything behind it).
//!
//! **Destination.** At a data packet's tail the rearrange-buffer controller
//! (`blocks::nic::rearrange`) delivers it with its stored successors (one cumulative ACK),
//! stores it, or rejects it or stored later packets (one NACK each). ACKs of one connection
//! still waiting in the NIC merge into the latest (a cumulative ACK covers the older ones);
//! NACKs never merge. ACK and NACK are [`ACK_BYTES`]-byte packets routed like data.
//!
//! **Ideal mode** (`nic.ack = "free"`): no ACK or NACK packets and an unlimited rearrange
//! buffer — what §4.2 measures as the buffer needed.
//!
//! Every delivery is checked: each source's packets reach the host exactly once, in sequence
//! (any other delivery is an order error). Latency: the controller decides in the cycle the
//! tail arrives (§3.2: overlapped with the next reception).

use crate::blocks::nic::injection::{Injection, Policy};
use crate::blocks::nic::rearrange::{Action, Memory, RearrangeBuffer};
use crate::fabric::vct::nic::ACK_BYTES;
use std::collections::VecDeque;

pub use crate::fabric::vc::keys::{InjectionKind, RearrangeKind, MAX_WINDOW, WINDOW};

/// The packet's role (the vc family's packet extension).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Kind {
    #[default]
    Data,
    Ack,
    Nack,
}

/// What the vc family keeps per packet: its role, its sequence number (a data packet's own, the
/// number an ACK or NACK names) and whether it is a resend.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VcExt {
    pub kind: Kind,
    pub seq: u32,
    pub resent: bool,
}

/// Parameters of the sequenced NIC.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeqParams {
    /// ACK/NACK packets (false: the ideal mode).
    pub ack_packets: bool,
    pub memory: Memory,
    pub policy: Policy,
    /// Descriptors the send engine looks at (`nic.send_window`; 1 = strict FIFO).
    pub window: usize,
}

/// What the source keeps of a held packet to rebuild it for a resend.
#[derive(Debug, Clone, Copy)]
pub struct Held {
    pub gen_cycle: u64,
    pub msg: u32,
    pub measured: bool,
}

/// Packets and flits the NIC injected, by role (the waste traffic of §4.3).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Injected {
    pub data: u64,
    pub data_flits: u64,
    pub resent: u64,
    pub resent_flits: u64,
    pub acks: u64,
    pub ack_flits: u64,
    pub nacks: u64,
    pub nack_flits: u64,
}

impl Injected {
    /// Count one packet of `kind` and `flits` flits.
    pub fn count(&mut self, x: &VcExt, flits: u32) {
        let f = flits as u64;
        let (n, fl) = match (x.kind, x.resent) {
            (Kind::Data, false) => (&mut self.data, &mut self.data_flits),
            (Kind::Data, true) => (&mut self.resent, &mut self.resent_flits),
            (Kind::Ack, _) => (&mut self.acks, &mut self.ack_flits),
            (Kind::Nack, _) => (&mut self.nacks, &mut self.nack_flits),
        };
        *n += 1;
        *fl += f;
    }

    /// The sum of two counts.
    pub fn add(&mut self, o: &Injected) {
        self.data += o.data;
        self.data_flits += o.data_flits;
        self.resent += o.resent;
        self.resent_flits += o.resent_flits;
        self.acks += o.acks;
        self.ack_flits += o.ack_flits;
        self.nacks += o.nacks;
        self.nack_flits += o.nack_flits;
    }

    /// Waste traffic (ACK, NACK and resent packets) as a share of all injected flits.
    pub fn waste_flits(&self) -> f64 {
        let w = self.resent_flits + self.ack_flits + self.nack_flits;
        w as f64 / (w + self.data_flits).max(1) as f64
    }

    /// The same share counted in packets.
    pub fn waste_packets(&self) -> f64 {
        let w = self.resent + self.acks + self.nacks;
        w as f64 / (w + self.data).max(1) as f64
    }
}

/// What the send engine would put on the wire next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// ⟨NACK sn⟩ to `dst` (the front of the NACK queue).
    Nack { dst: u32, sn: u32 },
    /// ⟨ACK sn⟩ to `dst` (the front of the ACK queue).
    Ack { dst: u32, sn: u32 },
    /// Resend packet `sn` of the connection to `dst`.
    Resend { dst: u32, sn: u32 },
    /// The new packet at position `at` of the source queue.
    New { at: usize },
}

/// No ACK pending for a connection.
const NONE: u32 = u32::MAX;

/// The sequenced engine of one NIC: source and destination side.
#[derive(Debug, Clone)]
pub struct Sequenced {
    pub p: SeqParams,
    /// Ideal mode: the next sequence number per destination.
    next_sn: Vec<u32>,
    pub inj: Injection<Held>,
    pub rb: RearrangeBuffer,
    /// Connections with a packet to resend, oldest NACK first, and who is in it.
    resend_q: VecDeque<u32>,
    in_resend_q: Vec<bool>,
    /// Per connection the highest sequence number to acknowledge, and the queue of those
    /// with one.
    ack_pending: Vec<u32>,
    ack_q: VecDeque<u32>,
    nack_q: VecDeque<(u32, u32)>,
    /// Per source: the sequence number the host must get next.
    next_to_host: Vec<u32>,
    /// Deliveries out of sequence, twice or never-sent (must stay 0).
    pub order_errors: u64,
    /// New packets sent ahead of an older queued one (0 with a strict FIFO source).
    pub bypassed: u64,
    pub injected: Injected,
    /// Scratch of the controller's actions (no allocation per arrival once grown).
    pub actions: Vec<Action>,
}

impl Sequenced {
    /// The engine of a NIC in a network of `hosts` hosts.
    pub fn new(p: SeqParams, hosts: usize) -> Self {
        let (policy, memory) = if p.ack_packets {
            (p.policy, p.memory)
        } else {
            (Policy::Immediate, Memory::Unlimited)
        };
        Sequenced {
            p,
            next_sn: vec![0; if p.ack_packets { 0 } else { hosts }],
            inj: Injection::new(policy, if p.ack_packets { hosts } else { 0 }),
            rb: RearrangeBuffer::new(memory, hosts),
            resend_q: VecDeque::new(),
            in_resend_q: vec![false; hosts],
            ack_pending: vec![NONE; hosts],
            ack_q: VecDeque::new(),
            nack_q: VecDeque::new(),
            next_to_host: vec![0; hosts],
            order_errors: 0,
            bypassed: 0,
            injected: Injected::default(),
            actions: Vec::new(),
        }
    }

    /// A new packet of `bytes` to `dst`: its sequence number (held until acknowledged).
    pub fn number(&mut self, dst: u32, bytes: u32, held: Held) -> u32 {
        if self.p.ack_packets {
            self.inj.generate(dst as usize, bytes as u64, held)
        } else {
            let n = &mut self.next_sn[dst as usize];
            *n += 1;
            *n - 1
        }
    }

    /// What to send next, given the source queue's destinations and numbers (oldest first):
    /// nothing is committed.
    pub fn peek(&self, queue: impl Iterator<Item = (u32, u32)>) -> Option<Next> {
        if let Some(&(dst, sn)) = self.nack_q.front() {
            return Some(Next::Nack { dst, sn });
        }
        if let Some(&dst) = self.ack_q.front() {
            let sn = self.ack_pending[dst as usize];
            return Some(Next::Ack { dst, sn });
        }
        if !self.p.ack_packets {
            return queue.take(1).next().map(|_| Next::New { at: 0 });
        }
        for &c in self.resend_q.iter().take(self.p.window) {
            if let Some(sn) = self.inj.peek_resend(c as usize) {
                return Some(Next::Resend { dst: c, sn });
            }
        }
        for (at, (dst, sn)) in queue.take(self.p.window).enumerate() {
            if self.inj.peek_new(dst as usize) == Some(sn) {
                return Some(Next::New { at });
            }
        }
        None
    }

    /// Commit `next` (it is going on the wire); a resend's bytes and held item.
    pub fn commit(&mut self, next: Next) -> Option<(u64, Held)> {
        match next {
            Next::Nack { .. } => {
                self.nack_q.pop_front();
            }
            Next::Ack { dst, .. } => {
                self.ack_q.pop_front();
                self.ack_pending[dst as usize] = NONE;
            }
            Next::Resend { dst, .. } => {
                let c = dst as usize;
                let (_, bytes, held) = self.inj.resend(c).expect("peeked");
                if !self.inj.has_resend(c) {
                    self.in_resend_q[c] = false;
                    self.resend_q.retain(|&x| x != dst);
                }
                return Some((bytes, held));
            }
            Next::New { .. } => {}
        }
        None
    }

    /// The new packet to `dst` numbered `sn` goes on the wire (after [`Sequenced::peek`] chose
    /// it).
    pub fn sent_new(&mut self, dst: u32, sn: u32) {
        if self.p.ack_packets {
            let got = self.inj.admit(dst as usize);
            debug_assert_eq!(got, Some(sn));
        }
    }

    /// ⟨ACK sn⟩ from `dst` reached this source.
    pub fn on_ack(&mut self, dst: u32, sn: u32) {
        self.inj.ack(dst as usize, sn);
        let c = dst as usize;
        if self.in_resend_q[c] && !self.inj.has_resend(c) {
            self.in_resend_q[c] = false;
            self.resend_q.retain(|&x| x != dst);
        }
    }

    /// ⟨NACK sn⟩ from `dst` reached this source.
    pub fn on_nack(&mut self, dst: u32, sn: u32) {
        self.inj.nack(dst as usize, sn);
        let c = dst as usize;
        if self.inj.has_resend(c) && !self.in_resend_q[c] {
            self.in_resend_q[c] = true;
            self.resend_q.push_back(dst);
        }
    }

    /// A data packet from `src` numbered `sn`, of `bytes`, tagged `tag`, arrived whole: the
    /// controller's actions are left in [`Sequenced::actions`]; ACKs and NACKs are queued.
    pub fn on_data(&mut self, src: u32, sn: u32, bytes: u32, tag: u32) {
        let mut out = std::mem::take(&mut self.actions);
        out.clear();
        self.rb
            .arrive(src as usize, sn, bytes as u64, tag, &mut out);
        if self.p.ack_packets {
            for a in &out {
                match *a {
                    Action::Ack(sn) => {
                        let p = &mut self.ack_pending[src as usize];
                        if *p == NONE {
                            self.ack_q.push_back(src);
                        }
                        *p = sn;
                    }
                    Action::Nack { sn, .. } => self.nack_q.push_back((src, sn)),
                    Action::Deliver { .. } => {}
                }
            }
        }
        self.actions = out;
    }

    /// The host gets packet `sn` from `src`: check it is the next of that source.
    pub fn check_delivery(&mut self, src: u32, sn: u32) {
        let next = &mut self.next_to_host[src as usize];
        self.order_errors += (sn != *next) as u64;
        *next = sn.wrapping_add(1);
    }

    /// Control packets and resends waiting (work the send engine has).
    pub fn pending(&self) -> usize {
        self.nack_q.len() + self.ack_q.len() + self.resend_q.len()
    }

    /// Packets of this source rejected and not yet resent (out of the packet table meanwhile).
    pub fn awaiting_resend(&self) -> usize {
        self.resend_q
            .iter()
            .map(|&c| self.inj.resends(c as usize))
            .sum()
    }

    /// The flits of an ACK or NACK packet.
    pub fn control_flits(flit_bytes: u32) -> u32 {
        ACK_BYTES.div_ceil(flit_bytes).max(1)
    }
}
