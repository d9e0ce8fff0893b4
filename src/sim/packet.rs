//! The packet table: packet headers live here once, not copied into every flit.
//!
//! Every packet has a family-neutral [`Header`] (source, destination, size, timestamps) and a
//! typed extension `X` that belongs to its switch family (the source-route offset of a Myrinet
//! packet, the sequence number of an in-order packet, ...). Routing functions and statistics
//! read only the header. Slots are recycled through a free list, so the table stops growing
//! once the network reaches a steady state: no heap allocation per cycle.

/// What every family knows about a packet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Header {
    /// Unique, increasing packet number (for waveforms and debugging).
    pub serial: u64,
    /// Source host.
    pub src: u32,
    /// Destination host.
    pub dst: u32,
    /// Payload bytes.
    pub payload: u32,
    /// Flits on the wire at injection (header flits or route bytes included).
    pub flits: u32,
    /// Cycle the packet was generated (entered the source queue).
    pub gen_cycle: u64,
    /// Cycle its first flit entered the network.
    pub inject_cycle: u64,
    /// Cycle its tail reached the destination NIC (before any reordering).
    pub arrive_cycle: u64,
    /// Generated after warm-up: counts in latency statistics.
    pub measured: bool,
    /// Message this packet is part of (closed-loop workloads; [`NO_MSG`] otherwise).
    pub msg: u32,
}

/// No message: the packet stands alone.
pub const NO_MSG: u32 = u32::MAX;

/// A packet: the common header and the family's extension.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Packet<X = ()> {
    pub h: Header,
    pub x: X,
}

/// Slab of live packets indexed by a 32-bit slot id.
#[derive(Debug, Clone)]
pub struct PacketTable<X = ()> {
    slots: Vec<Packet<X>>,
    free: Vec<u32>,
    next_serial: u64,
    live: usize,
}

impl<X> Default for PacketTable<X> {
    fn default() -> Self {
        PacketTable {
            slots: Vec::new(),
            free: Vec::new(),
            next_serial: 0,
            live: 0,
        }
    }
}

impl<X: Copy> PacketTable<X> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Store a packet, assigning its serial; returns its slot id.
    pub fn alloc(&mut self, mut p: Packet<X>) -> u32 {
        p.h.serial = self.next_serial;
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
    pub fn get(&self, id: u32) -> &Packet<X> {
        &self.slots[id as usize]
    }

    /// Mutable packet in slot `id`.
    #[inline]
    pub fn get_mut(&mut self, id: u32) -> &mut Packet<X> {
        &mut self.slots[id as usize]
    }

    /// The header of the packet in slot `id`.
    #[inline]
    pub fn header(&self, id: u32) -> &Header {
        &self.slots[id as usize].h
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
