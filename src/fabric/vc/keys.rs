//! The vc family's keys: its router's VCs, buffers, allocator and crossbar delays, switching
//! and crossbar kind (`[switch]`, BookSim2's iq router names in brackets); its sequenced NIC
//! (`[nic]`, seed 004 §3); seed 002's LUC/NCB exchange (`[exchange]`). The family's behaviour
//! towards the schema (`FamilyKeys`) is in its `mod.rs`.

use crate::error::{Error, Result};
use crate::keys::{range, Keys};
use serde::{Deserialize, Serialize};

/// How a head advances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Switching {
    /// A head advances when the downstream VC has room for one flit.
    Wormhole,
    /// A head advances only when the downstream VC can hold its whole packet.
    CutThrough,
}

/// How the crossbar connects the VCs (seed 004 §4.1: non-multiplexed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrossbarKind {
    /// One crossbar input per input port and one output per output port: the VCs of a port
    /// take turns (a switch allocator arbitrates; BookSim2's iq router).
    Multiplexed,
    /// One crossbar input per input VC and one output per output VC, into the output queues:
    /// every VC moves a flit per cycle, no switch allocation (needs output queues).
    NonMultiplexed,
}

/// How many of the oldest queued packets the send engine looks at for one whose connection
/// may inject (a descriptor window; `nic.send_window`, this by default; 1 = strict FIFO).
pub const WINDOW: usize = 32;

/// The largest `nic.send_window`.
pub const MAX_WINDOW: usize = 4096;

/// Rearrange memory allocation (`nic.rearrange`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RearrangeKind {
    /// A buffer of `nic.rearrange_conn_bytes` per connection.
    Static,
    /// A pool of `nic.reorder_bytes`, at most `nic.rearrange_conn_bytes` per connection.
    Dynamic,
}

/// Injection control after a rejection (`nic.injection`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InjectionKind {
    Immediate,
    /// ADAP-LI.
    Li,
    /// ADAP-LW (static memory only).
    Lw,
}

/// The highest `switch.internal_speedup`.
pub const MAX_SPEEDUP: u32 = 4;

/// The vc router's keys, in `[switch]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SwitchKeys {
    /// Virtual channels per port (1..=16, ports x VCs <= 64).
    pub vcs: usize,
    /// Flits per VC input buffer (BookSim2 vc_buf_size).
    pub vc_buffer_flits: u32,
    /// VC allocation cycles, >= 1 (BookSim2 vc_alloc_delay).
    pub vc_alloc_cycles: u32,
    /// Switch allocation cycles, >= 1 (BookSim2 sw_alloc_delay).
    pub sw_alloc_cycles: u32,
    /// Crossbar traversal cycles (BookSim2 st_prepare_delay + st_final_delay).
    pub crossbar_cycles: u32,
    /// The crossbar takes granted flits in batches, a new batch only once the last has
    /// crossed (BookSim2's iq router, `_SwitchEvaluate`), each output draining one flit a
    /// cycle; false: a pipeline taking flits every cycle. The same with a 1-cycle traversal.
    #[serde(skip_serializing_if = "is_false")]
    pub crossbar_batches: bool,
    /// Cycles a returned credit waits at the sender before it is usable (BookSim2
    /// credit_delay).
    pub credit_delay_cycles: u32,
    /// An output VC is released when its tail's credit returns (true) or when the tail is
    /// sent (false, BookSim2's default).
    pub wait_for_tail_credit: bool,
    /// "wormhole" or "cut-through" (a head advances only when the VC downstream can hold its
    /// whole packet).
    pub switching: Switching,
    /// Flits per VC of the output queues between crossbar and link; 0 = none.
    pub output_buffer_flits: u32,
    /// Flits of VC 0's input and output buffers when not 0 — seed 004's escape queue of one
    /// MTU, the other VCs (the adaptive queue) keeping vc_buffer_flits; 0 = VC 0 like the
    /// others.
    pub escape_buffer_flits: u32,
    /// "multiplexed" (one crossbar port per switch port, a switch allocator) or
    /// "non-multiplexed" (one per VC, seed 004; needs output queues).
    pub crossbar: CrossbarKind,
    /// Internal pipeline steps per link cycle (BookSim2 internal_speedup): routing, VC and
    /// switch allocation and the crossbar run this many times a cycle, an output taking up to
    /// this many flits a cycle into a FIFO that drains one a cycle onto its link; 1 = none.
    #[serde(skip_serializing_if = "is_one")]
    pub internal_speedup: u32,
}

fn is_one(v: &u32) -> bool {
    *v == 1
}

fn is_false(v: &bool) -> bool {
    !*v
}

impl Default for SwitchKeys {
    fn default() -> Self {
        SwitchKeys {
            vcs: 2,
            vc_buffer_flits: 8,
            vc_alloc_cycles: 1,
            sw_alloc_cycles: 1,
            crossbar_cycles: 1,
            crossbar_batches: false,
            credit_delay_cycles: 1,
            wait_for_tail_credit: false,
            switching: Switching::Wormhole,
            output_buffer_flits: 0,
            escape_buffer_flits: 0,
            crossbar: CrossbarKind::Multiplexed,
            internal_speedup: 1,
        }
    }
}

impl Keys for SwitchKeys {
    const OWNER: &'static str = "vc family";
    const UNECHOED: &'static [&'static str] = &["internal_speedup", "crossbar_batches"];
}

impl SwitchKeys {
    /// Every value in range.
    pub fn validate(&self) -> Result<()> {
        range("switch.vcs", self.vcs, 1, crate::blocks::vc_buffer::MAX_VCS)?;
        range("switch.vc_buffer_flits", self.vc_buffer_flits, 1, 1 << 16)?;
        range("switch.vc_alloc_cycles", self.vc_alloc_cycles, 1, 64)?;
        range("switch.sw_alloc_cycles", self.sw_alloc_cycles, 1, 64)?;
        range("switch.crossbar_cycles", self.crossbar_cycles, 0, 64)?;
        range(
            "switch.credit_delay_cycles",
            self.credit_delay_cycles,
            0,
            1024,
        )?;
        range(
            "switch.output_buffer_flits",
            self.output_buffer_flits,
            0,
            1 << 16,
        )?;
        range(
            "switch.escape_buffer_flits",
            self.escape_buffer_flits,
            0,
            1 << 16,
        )?;
        range(
            "switch.internal_speedup",
            self.internal_speedup,
            1,
            MAX_SPEEDUP,
        )?;
        if self.crossbar_batches && self.crossbar_cycles > 1 && self.sw_alloc_cycles > 1 {
            return Err(Error::field(
                "switch.crossbar_batches",
                format!(
                    "true with a {}-cycle crossbar needs switch.sw_alloc_cycles = 1 (it is {}), as BookSim2 does",
                    self.crossbar_cycles, self.sw_alloc_cycles
                ),
            ));
        }
        if self.crossbar_batches && self.internal_speedup > 1 && self.crossbar_cycles > 1 {
            return Err(Error::field(
                "switch.crossbar_batches",
                format!(
                    "true with a {}-cycle crossbar needs switch.internal_speedup = 1 (it is {}): batches are modelled for one step a cycle",
                    self.crossbar_cycles, self.internal_speedup
                ),
            ));
        }
        Ok(())
    }
}

/// The sequenced NIC's keys (seed 004 §3), in `[nic]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NicKeys {
    /// With nic.in_order and nic.ack = "packets": rearrange memory "static" (a buffer of
    /// nic.rearrange_conn_bytes per connection) or "dynamic" (the pool of nic.reorder_bytes,
    /// at most nic.rearrange_conn_bytes per connection), seed 004 §3.2.
    pub rearrange: RearrangeKind,
    /// Bytes per connection: the static buffer (seed 004: 2 KB, 32 KB) or the dynamic cap
    /// (128 KB, 1 MB).
    pub rearrange_conn_bytes: u64,
    /// Injection control after a NACK, seed 004 §3.3: "immediate", "li" (ADAP-LI) or "lw"
    /// (ADAP-LW, static memory only).
    pub injection: InjectionKind,
    /// With nic.in_order and nic.ack = "packets": how many of the oldest queued packets (and
    /// of the connections waiting to resend) the send engine looks at for one its
    /// connection's injection control lets go. 1 = a strict FIFO source: a stalled connection
    /// holds back every other (seed 004 §3.3 names no window); 32 lets other connections
    /// pass it.
    pub send_window: usize,
    /// The VC a packet's head is injected on: "round-robin" (default: the next VC after the
    /// last one used that is free and has a credit) or "random" (BookSim2's source: one VC
    /// drawn every cycle the head waits, taken only if it is free and has a credit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inject_vc: Option<String>,
}

/// `nic.inject_vc`'s values.
pub const INJECT_VC: &[&str] = &["round-robin", "random"];

impl Default for NicKeys {
    fn default() -> Self {
        NicKeys {
            rearrange: RearrangeKind::Static,
            rearrange_conn_bytes: 32 << 10,
            injection: InjectionKind::Li,
            send_window: WINDOW,
            inject_vc: None,
        }
    }
}

impl Keys for NicKeys {
    const OWNER: &'static str = "vc family";
    const UNECHOED: &'static [&'static str] = &["inject_vc"];
}

impl NicKeys {
    /// Every value in range.
    pub fn validate(&self) -> Result<()> {
        self.inject_random()?;
        range(
            "nic.rearrange_conn_bytes",
            self.rearrange_conn_bytes,
            0,
            1 << 40,
        )
    }

    /// `nic.inject_vc`: true for "random", false for "round-robin" (the default); an error
    /// naming the key and the allowed values otherwise.
    pub fn inject_random(&self) -> Result<bool> {
        match self.inject_vc.as_deref() {
            None | Some("round-robin") => Ok(false),
            Some("random") => Ok(true),
            Some(v) => Err(crate::error::Error::field(
                "nic.inject_vc",
                format!(
                    "{v:?} is not an injection VC rule; allowed: {}",
                    INJECT_VC.join(", ")
                ),
            )),
        }
    }
}

/// `[exchange]`: seed 002's LUC/NCB exchange between the routers of a mesh or torus, which
/// takes every router-to-router link for handshake_cycles + data_cycles of every
/// period_cycles (§3, §5: 2 + 8 of 100).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExchangeCfg {
    /// 0 (no exchange), 1 (NCB 1-hop) or 2 (NCB 1-hop and 2-hop); when not given, what the
    /// selection reads: ssr 2, ssr-1hop 1, others 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hops: Option<u8>,
    /// Cycles from one exchange to the next (seed 002: 100).
    pub period_cycles: u32,
    /// Handshake cycles at the start of an exchange (seed 002: 2).
    pub handshake_cycles: u32,
    /// Data cycles after the handshake (seed 002: 8).
    pub data_cycles: u32,
}

impl Default for ExchangeCfg {
    fn default() -> Self {
        ExchangeCfg {
            hops: None,
            period_cycles: 100,
            handshake_cycles: 2,
            data_cycles: 8,
        }
    }
}
