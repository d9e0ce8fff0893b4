//! The DL routing-table unit of RHiNET-2/SW (seed 003 §4.1.2): the output port is read from a
//! table indexed by the destination, the output VC is the input VC plus a difference read from a
//! table indexed by (input port, output port). Tables computed by `routing::dl_table`.
//!
//! A diff entry is 4 bits: bit 3 *absolute* (the input port leads to a host, whose VC carries no
//! layer: the entry is the starting VC itself), bits 2..0 a signed difference (−4..=3). The
//! resulting VC is *legal* when it lies in `0..layers`; a route that would leave the layers is
//! flagged, not wrapped.
//!
//! Latency: 1 cycle. Both tables are synchronous RAMs read at the clock edge of the request —
//! the port entry of the destination and the whole diff row of the input port (one RAM per
//! output port) — and the next cycle muxes the row by the port read and adds the held input VC.
//! Tables and the layer count are written through one configuration port (`cfg_sel` 0 port
//! table at `cfg_addr` = destination, 1 diff table at `cfg_addr` = in·ports + out, 2 layers);
//! a write commits at the edge, after the reads of that edge (a lookup in the same cycle reads
//! the old entry). Power-on: every entry 0, layers 0 (nothing legal until configured).

/// Configuration-bus code of the port table.
pub const SEL_PORT: u8 = 0;
/// Configuration-bus code of the diff table.
pub const SEL_DIFF: u8 = 1;
/// Configuration-bus code of the layer count.
pub const SEL_LAYERS: u8 = 2;

/// A configuration write: table `sel`, entry `addr`, value `data` (4 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DlCfgWrite {
    pub sel: u8,
    pub addr: usize,
    pub data: u8,
}

/// A lookup: destination, input port, input VC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DlLookup {
    pub dest: usize,
    pub in_port: usize,
    pub in_vc: u8,
}

/// The answer to the last cycle's lookup.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DlRoute {
    /// A lookup was presented last cycle.
    pub valid: bool,
    pub out_port: u8,
    /// Output VC (3 bits; meaningful when `vc_ok`).
    pub out_vc: u8,
    /// The VC lies in `0..layers`.
    pub vc_ok: bool,
}

/// Encode a diff entry: `absolute` from a host port, `diff` the (signed) difference.
pub fn diff_entry(absolute: bool, diff: i8) -> u8 {
    (absolute as u8) << 3 | (diff as u8 & 7)
}

/// Ports of a unit (3-bit port entries; the diff table's address is in·8 + out).
pub const PORTS: usize = 8;

/// Layers (VCs) a unit can name: the output VC is 3 bits, so a VC of 8 or more would wrap
/// (`out_vc = v & 7`) and still compare below a 4-bit `layers`; configurations above this
/// are refused (`routing::dl_table::build`).
pub const MAX_LAYERS: usize = 8;

/// The routing-table unit.
#[derive(Debug, Clone)]
pub struct DlTableUnit {
    port: Vec<u8>,
    diff: [[u8; PORTS]; PORTS],
    layers: u8,
    /// Read at the last edge: (port entry, diff row, input VC).
    held: Option<(u8, [u8; PORTS], u8)>,
}

impl DlTableUnit {
    /// A unit for `2^dest_bits` destinations, tables and layers 0.
    pub fn new(dest_bits: u32) -> Self {
        DlTableUnit {
            port: vec![0; 1 << dest_bits],
            diff: [[0; PORTS]; PORTS],
            layers: 0,
            held: None,
        }
    }

    /// Reset: layers 0 and no lookup in flight; the tables keep their contents (RAMs).
    pub fn reset(&mut self) {
        self.layers = 0;
        self.held = None;
    }

    /// One cycle: the answer to last cycle's lookup, then this cycle's reads and the write
    /// commit at the edge (reads first).
    pub fn cycle(&mut self, w: Option<DlCfgWrite>, q: Option<DlLookup>) -> DlRoute {
        let out = match self.held {
            Some((port, row, in_vc)) => {
                let e = row[port as usize];
                let d = ((e & 7) << 5) as i8 >> 5; // sign-extend 3 bits
                let base = if e & 8 != 0 { 0 } else { in_vc as i8 };
                let v = base + d;
                DlRoute {
                    valid: true,
                    out_port: port,
                    out_vc: (v as u8) & 7,
                    vc_ok: v >= 0 && (v as u8) < self.layers,
                }
            }
            None => DlRoute::default(),
        };
        let n = self.port.len();
        self.held = q.map(|q| {
            (
                self.port[q.dest % n],
                self.diff[q.in_port % PORTS],
                q.in_vc & 7,
            )
        });
        if let Some(w) = w {
            match w.sel {
                SEL_PORT => self.port[w.addr % n] = w.data & 7,
                SEL_DIFF => self.diff[w.addr / PORTS % PORTS][w.addr % PORTS] = w.data & 15,
                SEL_LAYERS => self.layers = w.data & 15,
                _ => {}
            }
        }
        out
    }
}
