//! Data in flight: flits forward, flow-control symbols backward.
//!
//! A flit is a small `Copy` value. Packet headers (the source route, timestamps) live once in the
//! packet table; a header flit carries its route byte in `data`, as on the Myrinet wire where the
//! first header flit *is* the output-port number (seed 000 §2, Figure 1).

/// One flit (1 byte on a Myrinet link). Eight bytes in memory, and eight as an `Option` too
/// (the [`Present`] byte's niche): a wire slot or register holding "a flit or none".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flit {
    /// Packet-table slot of the packet this flit belongs to.
    pub pkt: u32,
    /// Payload byte; for a header flit, the route byte (output port of the next switch).
    pub data: u8,
    /// [`Flit::HEAD`] / [`Flit::TAIL`] bits.
    pub flags: u8,
    /// Virtual channel the flit travels on over this link (0 in networks without VCs).
    pub vc: u8,
    /// Always [`Present::Yes`]: fills the padding byte, and its 255 other values let
    /// `Option<Flit>` say "none" without a ninth byte (`..Flit::default()` in a literal).
    pub present: Present,
}

/// The byte that makes `Option<Flit>` eight bytes: one value, so every other one is a niche.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Present {
    #[default]
    Yes = 1,
}

const _: () = assert!(std::mem::size_of::<Option<Flit>>() == 8);

impl Flit {
    /// First flit of the packet as it stands at this point of the network.
    pub const HEAD: u8 = 1;
    /// Last flit of the packet.
    pub const TAIL: u8 = 2;
    /// Not a flit of a packet: a word of seed 002's LUC/NCB exchange on the same wire
    /// (`blocks::luc_ncb`), which the receiving router's exchange unit takes.
    pub const EXCHANGE: u8 = 4;

    /// True if this is the packet's current first flit.
    #[inline]
    pub fn is_head(&self) -> bool {
        self.flags & Self::HEAD != 0
    }

    /// True if this is a word of the LUC/NCB exchange, not a flit of a packet.
    #[inline]
    pub fn is_exchange(&self) -> bool {
        self.flags & Self::EXCHANGE != 0
    }

    /// True if this is the packet's last flit.
    #[inline]
    pub fn is_tail(&self) -> bool {
        self.flags & Self::TAIL != 0
    }
}

/// A flow-control symbol sent upstream over a link's reverse direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlowCtl {
    /// Stop sending (the receiver's slack buffer rose above its stop mark).
    Stop,
    /// Resume sending (the slack buffer fell below its go mark).
    Go,
    /// `n` credit units of virtual channel `vc` came free in the receiver's buffer
    /// (credit-based flow control, seed 001 §5.1; a unit is one flit or a number of bytes).
    Credit { vc: u8, n: u8 },
}

impl FlowCtl {
    /// One credit of virtual channel 0 (networks without VCs, one credit per flit).
    pub const CREDIT: FlowCtl = FlowCtl::Credit { vc: 0, n: 1 };
}
