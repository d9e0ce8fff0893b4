//! Injection control of the sequenced NIC's source side (seed 004 §3.3).
//!
//! The source numbers every packet of a connection, keeps it until an ⟨ACK sn⟩ covers it, and
//! resends it after a ⟨NACK sn⟩. What it may put on the wire next depends on the policy:
//! - `Immediate`: new packets and resends as soon as possible (no limitation);
//! - `Li` (ADAP-LI): a connection is *unlimited* (UI) until one of its packets is rejected, then
//!   *limited* (LI): it injects or re-injects only as many packets as ACKs have acknowledged
//!   since, back to UI once every rejected packet is acknowledged;
//! - `Lw` (ADAP-LW, static memory only): in LI, a packet goes out only if it fits the
//!   destination's per-connection window — the bytes of the unacknowledged packets from the
//!   first one up to it are at most `window`.
//!
//! In the limited state the lowest unacknowledged packet may always go: the destination
//! expects it, so it is delivered on arrival, and every connection stays live.
//!
//! Resends go before new packets, lowest sequence number first. Each held packet keeps an item
//! of the NIC's choosing (what it needs to rebuild the packet: generation cycle, message).
//! Latency: a decision per injection slot, combinational in the NIC's send engine.

/// How a source limits injection after a rejection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    Immediate,
    Li,
    Lw { window: u64 },
}

/// One connection at the source.
#[derive(Debug, Clone)]
struct Conn<T> {
    /// Sequence numbers below `acked` are acknowledged; `sent` .. `next` are generated but not
    /// yet injected.
    acked: u32,
    sent: u32,
    next: u32,
    /// Bytes and item of every held packet, index `sn - acked`.
    held: std::collections::VecDeque<(u64, T)>,
    /// Bytes of the held packets already sent (`acked` .. `sent`).
    sent_bytes: u64,
    /// Rejected packets waiting to be resent, sorted.
    resend: Vec<u32>,
    /// Limited state: the highest rejected sequence number not yet acknowledged.
    limited: Option<u32>,
    /// Packets the limited state may still inject.
    allowance: u32,
}

impl<T> Default for Conn<T> {
    fn default() -> Self {
        Conn {
            acked: 0,
            sent: 0,
            next: 0,
            held: Default::default(),
            sent_bytes: 0,
            resend: vec![],
            limited: None,
            allowance: 0,
        }
    }
}

/// The injection control of one source NIC; `T` is what it keeps of each held packet.
#[derive(Debug, Clone)]
pub struct Injection<T> {
    pub policy: Policy,
    conns: Vec<Conn<T>>,
    /// Packets resent, ACKs and NACKs received (waste traffic is counted by the NIC from these).
    pub resent: u64,
    pub acks: u64,
    pub nacks: u64,
}

impl<T: Copy> Injection<T> {
    /// Control for `conns` connections.
    pub fn new(policy: Policy, conns: usize) -> Self {
        Injection {
            policy,
            conns: (0..conns).map(|_| Conn::default()).collect(),
            resent: 0,
            acks: 0,
            nacks: 0,
        }
    }

    /// A new packet of `bytes` bytes for connection `c`, keeping `item`: its sequence number.
    pub fn generate(&mut self, c: usize, bytes: u64, item: T) -> u32 {
        let k = &mut self.conns[c];
        k.held.push_back((bytes, item));
        k.next += 1;
        k.next - 1
    }

    /// Is connection `c` in the limited state?
    pub fn limited(&self, c: usize) -> bool {
        self.conns[c].limited.is_some()
    }

    /// Packets connection `c` holds (generated, not yet acknowledged).
    pub fn held(&self, c: usize) -> usize {
        self.conns[c].held.len()
    }

    /// Does connection `c` have a packet to put on the wire (a resend or a new one), whether
    /// or not its state lets it go now?
    pub fn has_work(&self, c: usize) -> bool {
        let k = &self.conns[c];
        !k.resend.is_empty() || k.sent < k.next
    }

    /// ⟨ACK sn⟩ for connection `c`: release every packet up to `sn`.
    pub fn ack(&mut self, c: usize, sn: u32) {
        self.acks += 1;
        let k = &mut self.conns[c];
        if sn < k.acked || sn >= k.sent {
            return; // an older cumulative ACK, or one for a packet never sent
        }
        let n = sn + 1 - k.acked;
        k.sent_bytes -= k.held.drain(..n as usize).map(|h| h.0).sum::<u64>();
        k.acked = sn + 1;
        k.resend.retain(|&x| x > sn);
        if let Some(r) = k.limited {
            if r <= sn {
                k.limited = None;
                k.allowance = 0;
            } else {
                k.allowance += n;
            }
        }
    }

    /// ⟨NACK sn⟩ for connection `c`: resend `sn`; ADAP-LI/LW enter the limited state.
    pub fn nack(&mut self, c: usize, sn: u32) {
        self.nacks += 1;
        let limit = self.policy != Policy::Immediate;
        let k = &mut self.conns[c];
        if sn < k.acked || sn >= k.sent {
            return; // acknowledged already, or never sent
        }
        if let Err(at) = k.resend.binary_search(&sn) {
            k.resend.insert(at, sn);
        }
        if limit {
            k.limited = Some(k.limited.map_or(sn, |r| r.max(sn)));
        }
    }

    /// May connection `c` put packet `sn` on the wire now (its state's limit: in the limited
    /// state one acknowledged packet per injection, ADAP-LI, or the window, ADAP-LW)?
    ///
    /// The lowest unacknowledged packet may always go: the destination expects it and
    /// delivers it on arrival, without buffer. Without this exception a connection whose
    /// every other packet was already acknowledged when the NACK arrived (ACKs and NACKs take
    /// different adaptive paths) would wait for an ACK that never comes.
    fn allows(&self, c: usize, sn: u32) -> bool {
        let k = &self.conns[c];
        if k.limited.is_none() || sn == k.acked {
            return true;
        }
        match self.policy {
            Policy::Lw { window } if sn == k.sent => {
                k.sent_bytes + k.held[(sn - k.acked) as usize].0 <= window
            }
            Policy::Lw { window } => {
                k.held
                    .iter()
                    .take((sn - k.acked + 1) as usize)
                    .map(|h| h.0)
                    .sum::<u64>()
                    <= window
            }
            _ => k.allowance > 0,
        }
    }

    /// The rejected packet connection `c` would resend now (the lowest), if any and allowed.
    pub fn peek_resend(&self, c: usize) -> Option<u32> {
        let sn = *self.conns[c].resend.first()?;
        self.allows(c, sn).then_some(sn)
    }

    /// The new packet connection `c` would send now (never sent; no resend waits before it),
    /// if any and allowed.
    pub fn peek_new(&self, c: usize) -> Option<u32> {
        let k = &self.conns[c];
        if !k.resend.is_empty() || k.sent >= k.next {
            return None;
        }
        self.allows(c, k.sent).then_some(k.sent)
    }

    /// Has connection `c` a rejected packet waiting to be resent?
    pub fn has_resend(&self, c: usize) -> bool {
        !self.conns[c].resend.is_empty()
    }

    /// Bytes of held packet `sn` of connection `c`.
    pub fn bytes(&self, c: usize, sn: u32) -> u64 {
        let k = &self.conns[c];
        k.held[(sn - k.acked) as usize].0
    }

    /// Rejected packets of connection `c` waiting to be resent.
    pub fn resends(&self, c: usize) -> usize {
        self.conns[c].resend.len()
    }

    /// Resend [`Injection::peek_resend`]'s packet: its sequence number, bytes and item.
    pub fn resend(&mut self, c: usize) -> Option<(u32, u64, T)> {
        let sn = self.peek_resend(c)?;
        let k = &mut self.conns[c];
        k.allowance = k.allowance.saturating_sub(1);
        k.resend.remove(0);
        self.resent += 1;
        let (bytes, item) = k.held[(sn - k.acked) as usize];
        Some((sn, bytes, item))
    }

    /// Send [`Injection::peek_new`]'s packet: its sequence number.
    pub fn admit(&mut self, c: usize) -> Option<u32> {
        let sn = self.peek_new(c)?;
        let k = &mut self.conns[c];
        k.allowance = k.allowance.saturating_sub(1);
        k.sent_bytes += k.held[(sn - k.acked) as usize].0;
        k.sent += 1;
        Some(sn)
    }

    /// The next packet connection `c` may put on the wire — a resend first, else a new one —
    /// with its bytes and item, or None; the packet counts as injected.
    pub fn next(&mut self, c: usize) -> Option<(u32, u64, T)> {
        if self.has_resend(c) {
            return self.resend(c);
        }
        let sn = self.admit(c)?;
        let k = &self.conns[c];
        let (bytes, item) = k.held[(sn - k.acked) as usize];
        Some((sn, bytes, item))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sequence number of the next injection.
    trait Sn {
        fn sn(&mut self, c: usize) -> Option<u32>;
    }

    impl Sn for Injection<()> {
        fn sn(&mut self, c: usize) -> Option<u32> {
            self.next(c).map(|n| n.0)
        }
    }

    #[test]
    fn unlimited_injects_everything_and_holds_until_acked() {
        let mut j = Injection::<()>::new(Policy::Li, 1);
        for _ in 0..3 {
            j.generate(0, 256, ());
        }
        assert_eq!(
            [j.sn(0), j.sn(0), j.sn(0), j.sn(0)],
            [Some(0), Some(1), Some(2), None]
        );
        assert_eq!(j.held(0), 3);
        j.ack(0, 1);
        assert_eq!(j.held(0), 1);
    }

    #[test]
    fn adap_li_limits_to_acknowledged_packets_until_the_rejected_are_acked() {
        let mut j = Injection::<()>::new(Policy::Li, 1);
        for _ in 0..6 {
            j.generate(0, 256, ());
        }
        for _ in 0..4 {
            j.sn(0);
        }
        j.nack(0, 3);
        assert!(j.limited(0));
        assert_eq!(j.sn(0), None, "LI: nothing until an ACK");
        j.ack(0, 0); // one packet acknowledged: one injection
        assert_eq!(j.sn(0), Some(3), "the resend first");
        assert_eq!(j.sn(0), None);
        j.ack(0, 2); // two more
        assert_eq!([j.sn(0), j.sn(0), j.sn(0)], [Some(4), Some(5), None]);
        j.ack(0, 3); // the rejected packet is acknowledged: back to UI
        assert!(!j.limited(0));
        j.generate(0, 256, ());
        assert_eq!(j.sn(0), Some(6));
        assert_eq!((j.resent, j.nacks, j.acks), (1, 1, 3));
    }

    #[test]
    fn immediate_resends_at_once_and_adap_lw_fills_the_window() {
        let mut j = Injection::<()>::new(Policy::Immediate, 1);
        j.generate(0, 256, ());
        j.generate(0, 256, ());
        j.sn(0);
        j.sn(0);
        j.nack(0, 1);
        assert!(!j.limited(0));
        assert_eq!(j.sn(0), Some(1));
        // LW with room for two packets beyond the acknowledged ones
        let mut j = Injection::<()>::new(Policy::Lw { window: 512 }, 1);
        for _ in 0..5 {
            j.generate(0, 256, ());
        }
        j.sn(0);
        j.sn(0);
        j.nack(0, 1);
        assert_eq!(j.sn(0), Some(1), "1 fits: packets 0..=1 are 512 bytes");
        assert_eq!(j.sn(0), None, "2 does not: 768 bytes");
        j.ack(0, 0);
        assert_eq!(j.sn(0), Some(2));
    }
}
