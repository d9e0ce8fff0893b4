//! RTL twin of the input-queued virtual-channel router (model:
//! `fabric::vc::switch::VcSwitch` with the BookSim2 `iq` preset, configs/booksim-iq.toml).
//!
//! Five ports (0 the host, 1 +x, 2 −x, 3 +y, 4 −y), two VCs of eight flits per input,
//! dimension-order routing on a mesh of up to 8 × 8, separable input-first VC and switch
//! allocators, credits with a delay of 2 cycles, one crossbar stage. One cycle, as the model's
//! planes order it (`fabric::vc::switch::Planes`, its cycle):
//! 1. an arriving flit (`in_valid`, `in_vc`, `flit_in<p>`) is written into its VC (refused when
//!    the VC is full) and its route computed from its destination (DOR: X, then Y, then the
//!    host port; the router's own `my_x`, `my_y` are inputs); a head reaching the front of an
//!    idle VC asks for an output VC in the same cycle (`routing_cycles` 0);
//! 2. VC allocation: every routed head requests the free VCs of its output port; a separable
//!    input-first allocator of 10 input VCs × 10 output VCs grants (the description of
//!    `hdl::allocator`, whose twins `allocator` and `vc_allocator` are its two sizes); a granted
//!    head may ask for the switch from the next cycle (`vc_alloc_cycles` 1);
//! 3. switch allocation: each input offers, per output, its first VC (round-robin from the VC
//!    after its last winner) that holds an output VC, a flit and a credit downstream; the same
//!    allocator at 5 × 5 grants; the winner leaves its buffer, its credit goes upstream in this
//!    cycle (`cred_out`), its credit downstream is consumed and a tail frees the output VC (the
//!    input VC routes the next head from the next cycle);
//! 4. the crossbar: the winner's word is read from the input's RAM at this edge and driven on
//!    the output link in the next cycle (`sw_alloc_cycles - 1 + crossbar_cycles` = 1) with its
//!    new VC (`out_valid`, `out_vc`, `flit_out<o>`);
//! 5. credits returned from downstream (`cred_in`, `cred_in_vc`) wait one register and then
//!    enter the per-output-VC counter (credits in use, 0..8, as `hdl::credit` counts them):
//!    usable 2 cycles after they arrive (`credit_delay_cycles` 2).
//!
//! The allocators and counters are written out here rather than instantiated as the
//! `allocator`, `vc_allocator` and `credit` twins: rust-hdl emits a module's logic as one
//! `always @(*)`, so a parent that drives an allocator's requests and reads its grants in that
//! block forms a combinational loop for Verilator (`UNOPTFLAT`) although no signal depends on
//! itself; and the 16-bit `credit` twin with its size register would be 4 bits here.
//!
//! Latency per hop as the model's: a head arriving at t leaves at t + 2 (plus the link's fly
//! time). Storage: per input port one rust-hdl `RAM` of 16 words (VC · 8 + slot) holding the
//! flit words, read synchronously at the grant edge (the RAM's output register is the crossbar
//! stage; a flit granted in the cycle it arrives goes through a one-word bypass), and per slot
//! a 4-bit register of its tail mark and route (the control the allocators read in the cycle).
//!
//! The flit word is `W` bits: bit 0 head, bit 1 tail, bits 2..5 the destination's x, 5..8 its
//! y, then the payload (the emitted twin: 8 bits, the model's data byte; in situ also the
//! packet index). The structure and the timing are fixed at the preset's parameters; the flit
//! width is the parameter.

pub mod insitu;
mod logic;
mod model;
pub mod network;
pub mod network_wave;
pub mod stages;
mod twin;

pub use model::{decode, encode, VcRouterModel};

use super::lockstep::Clocked;
use super::reset::ResetDff;
use rust_hdl::prelude::*;

/// Ports of the router.
pub const PORTS: usize = 5;
/// VCs per port.
pub const VCS: usize = 2;
/// Flits per VC buffer.
pub const DEPTH: usize = 8;
/// Flit width of the emitted Verilog: head, tail, destination x and y, a data byte.
pub const FLIT: usize = 16;
/// Flit width inside a network simulation: plus the 32-bit packet index.
pub const SIM_FLIT: usize = 48;

/// The router's RTL twin with `W`-bit flits.
#[derive(LogicBlock)]
pub struct VcRouterRtl<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// The router's mesh coordinates (held constant).
    pub my_x: Signal<In, Bits<3>>,
    pub my_y: Signal<In, Bits<3>>,
    /// Per input port: a flit arrives, on VC `in_vc`.
    pub in_valid: Signal<In, Bits<5>>,
    pub in_vc: Signal<In, Bits<5>>,
    pub flit_in0: Signal<In, Bits<W>>,
    pub flit_in1: Signal<In, Bits<W>>,
    pub flit_in2: Signal<In, Bits<W>>,
    pub flit_in3: Signal<In, Bits<W>>,
    pub flit_in4: Signal<In, Bits<W>>,
    /// Per output port: a credit returns from downstream, for VC `cred_in_vc`.
    pub cred_in: Signal<In, Bits<5>>,
    pub cred_in_vc: Signal<In, Bits<5>>,
    /// Per output port: a flit leaves, on VC `out_vc`.
    pub out_valid: Signal<Out, Bits<5>>,
    pub out_vc: Signal<Out, Bits<5>>,
    pub flit_out0: Signal<Out, Bits<W>>,
    pub flit_out1: Signal<Out, Bits<W>>,
    pub flit_out2: Signal<Out, Bits<W>>,
    pub flit_out3: Signal<Out, Bits<W>>,
    pub flit_out4: Signal<Out, Bits<W>>,
    /// Per input port: a credit goes upstream, for VC `cred_out_vc`.
    pub cred_out: Signal<Out, Bits<5>>,
    pub cred_out_vc: Signal<Out, Bits<5>>,
    /// Per input port: the flit words, address VC · 8 + slot.
    mem: [RAM<Bits<W>, 4>; 5],
    /// The VC allocator (10 x 10): stage-1 pointer per input VC, stage-2 pointer per output VC.
    vin_ptr: [ResetDff<Bits<4>>; 10],
    vout_ptr: [ResetDff<Bits<4>>; 10],
    /// The switch allocator (5 x 5): stage-1 pointer per input, stage-2 pointer per output.
    sin_ptr: [ResetDff<Bits<3>>; 5],
    sout_ptr: [ResetDff<Bits<3>>; 5],
    /// Per output VC (2 · port + VC): credits of the buffer downstream in use (0: all held).
    used: [ResetDff<Bits<4>>; 10],
    /// Per input VC (2 · port + VC): front slot, flits held, state, output port and output
    /// VC (2 · port + VC) held.
    head: [ResetDff<Bits<4>>; 10],
    cnt: [ResetDff<Bits<4>>; 10],
    st: [ResetDff<Bits<2>>; 10],
    oport: [ResetDff<Bits<4>>; 10],
    ocv: [ResetDff<Bits<4>>; 10],
    /// Per input VC and slot (8 · input VC + slot): tail mark (bit 3) and route (bits 0..3).
    sb: [ResetDff<Bits<4>>; 80],
    /// Per output VC: held by an input VC.
    busy: [ResetDff<Bit>; 10],
    /// Per input port: the VC after the last switch winner.
    rr: [ResetDff<Bit>; 5],
    /// Per output port: the credit arrived last cycle (the delay line's register).
    cd_v: [ResetDff<Bit>; 5],
    cd_vc: [ResetDff<Bit>; 5],
    /// Per output port: the crossbar stage (valid, input port, output VC).
    xv: [ResetDff<Bit>; 5],
    xsrc: [ResetDff<Bits<4>>; 5],
    xovc: [ResetDff<Bit>; 5],
    /// Per input port: the word granted in the cycle it arrived (the RAM read it too early).
    byp_v: [ResetDff<Bit>; 5],
    byp_d: [ResetDff<Bits<W>>; 5],
    fin: [Signal<Local, Bits<W>>; 5],
    dx: [Signal<Local, Bits<3>>; 5],
    dy: [Signal<Local, Bits<3>>; 5],
    rin: [Signal<Local, Bits<4>>; 5],
    sbin: [Signal<Local, Bits<4>>; 5],
    arrive: [Signal<Local, Bit>; 10],
    wslot: [Signal<Local, Bits<4>>; 10],
    fsb: [Signal<Local, Bits<4>>; 10],
    froute: [Signal<Local, Bits<4>>; 10],
    hold: [Signal<Local, Bit>; 10],
    vreq: [Signal<Local, Bits<10>>; 10],
    vgrant: [Signal<Local, Bits<10>>; 10],
    vimask: [Signal<Local, Bits<10>>; 10],
    vpick: [Signal<Local, Bits<10>>; 10],
    vcol: [Signal<Local, Bits<10>>; 10],
    vomask: [Signal<Local, Bits<10>>; 10],
    vwin: [Signal<Local, Bits<10>>; 10],
    csend: [Signal<Local, Bit>; 10],
    cand: [Signal<Local, Bit>; 10],
    srow: [Signal<Local, Bits<5>>; 5],
    lab: [Signal<Local, Bits<5>>; 5],
    ca: Signal<Local, Bit>,
    cb: Signal<Local, Bit>,
    simask: [Signal<Local, Bits<5>>; 5],
    spick: [Signal<Local, Bits<5>>; 5],
    scol: [Signal<Local, Bits<5>>; 5],
    somask: [Signal<Local, Bits<5>>; 5],
    swin: [Signal<Local, Bits<5>>; 5],
    sgrant: [Signal<Local, Bits<5>>; 5],
    win: [Signal<Local, Bit>; 5],
    wvc: [Signal<Local, Bit>; 5],
    wout: [Signal<Local, Bits<4>>; 5],
    pop: [Signal<Local, Bit>; 10],
    cnext: [Signal<Local, Bits<4>>; 10],
    consume: [Signal<Local, Bit>; 10],
    ret: [Signal<Local, Bit>; 10],
    give: [Signal<Local, Bit>; 10],
    word: [Signal<Local, Bits<W>>; 5],
    ov: Signal<Local, Bits<5>>,
    ovc: Signal<Local, Bits<5>>,
    co: Signal<Local, Bits<5>>,
    covc: Signal<Local, Bits<5>>,
    /// Constants: one-hot words, small numbers, masks, states.
    oh5: [Constant<Bits<5>>; 5],
    oh10: [Constant<Bits<10>>; 10],
    k4: [Constant<Bits<4>>; 10],
    /// The successor of every pointer value, wrapping (10 and 5 inputs).
    next10: [Constant<Bits<4>>; 10],
    next5: [Constant<Bits<3>>; 5],
    m7: Constant<Bits<4>>,
    vb1: Constant<Bits<4>>,
    t8: Constant<Bits<4>>,
    full: Constant<Bits<4>>,
    idle: Constant<Bits<2>>,
    vcalloc: Constant<Bits<2>>,
    active: Constant<Bits<2>>,
}

/// Names and codes of the input VC states (`st$<iv>`): idle, waiting for an output VC,
/// holding one.
pub const STATES: [(&str, u64); 3] = [("IDLE", 0), ("VCALLOC", 1), ("ACTIVE", 2)];

impl<const W: usize> Default for VcRouterRtl<W> {
    fn default() -> Self {
        assert!(W >= 8, "the flit word holds head, tail and the destination");
        fn c<const N: usize>(v: u64) -> Constant<Bits<N>> {
            Constant::new(v.into())
        }
        VcRouterRtl {
            clock: Default::default(),
            reset: Default::default(),
            my_x: Default::default(),
            my_y: Default::default(),
            in_valid: Default::default(),
            in_vc: Default::default(),
            flit_in0: Default::default(),
            flit_in1: Default::default(),
            flit_in2: Default::default(),
            flit_in3: Default::default(),
            flit_in4: Default::default(),
            cred_in: Default::default(),
            cred_in_vc: Default::default(),
            out_valid: Default::default(),
            out_vc: Default::default(),
            flit_out0: Default::default(),
            flit_out1: Default::default(),
            flit_out2: Default::default(),
            flit_out3: Default::default(),
            flit_out4: Default::default(),
            cred_out: Default::default(),
            cred_out_vc: Default::default(),
            mem: std::array::from_fn(|_| Default::default()),
            vin_ptr: std::array::from_fn(|_| Default::default()),
            vout_ptr: std::array::from_fn(|_| Default::default()),
            sin_ptr: std::array::from_fn(|_| Default::default()),
            sout_ptr: std::array::from_fn(|_| Default::default()),
            used: std::array::from_fn(|_| Default::default()),
            head: std::array::from_fn(|_| Default::default()),
            cnt: std::array::from_fn(|_| Default::default()),
            st: std::array::from_fn(|_| Default::default()),
            oport: std::array::from_fn(|_| Default::default()),
            ocv: std::array::from_fn(|_| Default::default()),
            sb: std::array::from_fn(|_| Default::default()),
            busy: std::array::from_fn(|_| Default::default()),
            rr: std::array::from_fn(|_| Default::default()),
            cd_v: std::array::from_fn(|_| Default::default()),
            cd_vc: std::array::from_fn(|_| Default::default()),
            xv: std::array::from_fn(|_| Default::default()),
            xsrc: std::array::from_fn(|_| Default::default()),
            xovc: std::array::from_fn(|_| Default::default()),
            byp_v: std::array::from_fn(|_| Default::default()),
            byp_d: std::array::from_fn(|_| Default::default()),
            fin: std::array::from_fn(|_| Default::default()),
            dx: std::array::from_fn(|_| Default::default()),
            dy: std::array::from_fn(|_| Default::default()),
            rin: std::array::from_fn(|_| Default::default()),
            sbin: std::array::from_fn(|_| Default::default()),
            arrive: std::array::from_fn(|_| Default::default()),
            wslot: std::array::from_fn(|_| Default::default()),
            fsb: std::array::from_fn(|_| Default::default()),
            froute: std::array::from_fn(|_| Default::default()),
            hold: std::array::from_fn(|_| Default::default()),
            vreq: std::array::from_fn(|_| Default::default()),
            vgrant: std::array::from_fn(|_| Default::default()),
            vimask: std::array::from_fn(|_| Default::default()),
            vpick: std::array::from_fn(|_| Default::default()),
            vcol: std::array::from_fn(|_| Default::default()),
            vomask: std::array::from_fn(|_| Default::default()),
            vwin: std::array::from_fn(|_| Default::default()),
            csend: std::array::from_fn(|_| Default::default()),
            cand: std::array::from_fn(|_| Default::default()),
            srow: std::array::from_fn(|_| Default::default()),
            lab: std::array::from_fn(|_| Default::default()),
            ca: Default::default(),
            cb: Default::default(),
            simask: std::array::from_fn(|_| Default::default()),
            spick: std::array::from_fn(|_| Default::default()),
            scol: std::array::from_fn(|_| Default::default()),
            somask: std::array::from_fn(|_| Default::default()),
            swin: std::array::from_fn(|_| Default::default()),
            sgrant: std::array::from_fn(|_| Default::default()),
            win: std::array::from_fn(|_| Default::default()),
            wvc: std::array::from_fn(|_| Default::default()),
            wout: std::array::from_fn(|_| Default::default()),
            pop: std::array::from_fn(|_| Default::default()),
            cnext: std::array::from_fn(|_| Default::default()),
            consume: std::array::from_fn(|_| Default::default()),
            ret: std::array::from_fn(|_| Default::default()),
            give: std::array::from_fn(|_| Default::default()),
            word: std::array::from_fn(|_| Default::default()),
            ov: Default::default(),
            ovc: Default::default(),
            co: Default::default(),
            covc: Default::default(),
            oh5: std::array::from_fn(|i| c(1 << i)),
            oh10: std::array::from_fn(|i| c(1 << i)),
            k4: std::array::from_fn(|i| c(i as u64)),
            next10: std::array::from_fn(|i| c(((i + 1) % 10) as u64)),
            next5: std::array::from_fn(|i| c(((i + 1) % 5) as u64)),
            m7: c(7),
            vb1: c(8),
            t8: c(8),
            full: c(DEPTH as u64),
            idle: c(STATES[0].1),
            vcalloc: c(STATES[1].1),
            active: c(STATES[2].1),
        }
    }
}

impl<const W: usize> Clocked for VcRouterRtl<W> {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}
