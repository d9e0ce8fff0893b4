//! The packet table: packet headers live here once, not copied into every flit.
//!
//! Slots are recycled through a free list, so the table stops growing once the network reaches
//! a steady state: no heap allocation per cycle.

/// Everything the hardware and the statistics need to know about one packet.
#[derive(Debug, Clone, Copy, Default)]
pub struct Packet {
    /// Unique, increasing packet number (for waveforms and debugging).
    pub serial: u64,
    /// Source host.
    pub src: u32,
    /// Destination host.
    pub dst: u32,
    /// Message (payload) bytes = flits.
    pub payload: u32,
    /// Route bytes in the header at injection.
    pub route_len: u32,
    /// Cycle the message was generated (entered the source queue).
    pub gen_cycle: u64,
    /// Cycle its first flit entered the network.
    pub inject_cycle: u64,
    /// Generated after warm-up: counts in latency statistics.
    pub measured: bool,
    /// Offset in the source route of the sub-route being travelled (after the last ITB mark).
    pub route_off: u32,
    /// In-transit hosts crossed so far.
    pub itbs: u32,
    /// Virtual cut-through networks: flits on the wire (header flit + payload flits).
    pub flits: u32,
    /// Sequence number of the packet among those from `src` to `dst` (in-order delivery).
    pub seq: u32,
    /// Cycle the tail reached the destination NIC (before any reordering).
    pub arrive_cycle: u64,
    /// An end-to-end acknowledgement, not data (seed 001 §5.1 option).
    pub ack: bool,
    /// Payload bytes an acknowledgement releases at the source.
    pub acked: u32,
    /// Message this packet is part of (closed-loop workloads; [`NO_MSG`] otherwise).
    pub msg: u32,
}

/// No message: the packet stands alone.
pub const NO_MSG: u32 = u32::MAX;

/// Slab of live packets indexed by a 32-bit slot id.
#[derive(Debug, Clone, Default)]
pub struct PacketTable {
    slots: Vec<Packet>,
    free: Vec<u32>,
    next_serial: u64,
    live: usize,
}

impl PacketTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Store a packet, assigning its serial; returns its slot id.
    pub fn alloc(&mut self, mut p: Packet) -> u32 {
        p.serial = self.next_serial;
        self.next_serial += 1;
        self.live += 1;
        if let Some(id) = self.free.pop() {
            self.slots[id as usize] = p;
            id
        } else {
            self.slots.push(p);
            (self.slots.len() - 1) as u32
        }
    }

    /// The packet in slot `id`.
    #[inline]
    pub fn get(&self, id: u32) -> &Packet {
        &self.slots[id as usize]
    }

    /// Mutable packet in slot `id`.
    #[inline]
    pub fn get_mut(&mut self, id: u32) -> &mut Packet {
        &mut self.slots[id as usize]
    }

    /// Release slot `id` (the packet was delivered).
    pub fn release(&mut self, id: u32) {
        self.live -= 1;
        self.free.push(id);
    }

    /// Packets currently alive (generated, not yet delivered).
    pub fn live(&self) -> usize {
        self.live
    }

    /// Packets ever created.
    pub fn created(&self) -> u64 {
        self.next_serial
    }
}
