//! RTL twin of the VC router's VC allocator (BookSim2 `separable_input_first` as the
//! `iq` preset's `vc_allocator`; model: `blocks::allocator::SeparableInputFirst::new(10, 10)`).
//!
//! Hardware: a separable input-first round-robin allocator of 10 requesters x 10 resources,
//! requester `input_port*2 + vc`, resource `out_port*2 + out_vc` (5 ports x 2 VCs, numbered as
//! BookSim2 numbers them). Stage 1: each input VC's round-robin arbiter picks one requested
//! output VC at or after its pointer; stage 2: each output VC's arbiter picks one of the inputs
//! that picked it. Only the pointers of granted pairs move at the clock edge, one past the winner.
//! Latency: the grant is combinational in the requests of the same cycle; the 20 pointers
//! (4 bits each) are registered and visible on `in_ptrs` / `out_ptrs`.
//!
//! Ports: the 100 request bits (bit `10*i + o`: input VC i requests output VC o) are split over
//! `req_lo` (inputs 0..5) and `req_hi` (inputs 5..10), 50 bits each, and the grants the same way
//! (`grant_lo`, `grant_hi`): the lockstep flow exchanges every port as one `u64`
//! (`lockstep::Port`, 1..=64 bits) and rust-hdl's `to_u64()` asserts N <= 64 (primer §11.6).
//!
//! The description is the 5 x 5 switch allocator's (`hdl::allocator`), stamped here with the
//! literal sizes of the VC allocator.

use super::allocator::{allocator_twin, grant_ports, pack, rows};
use super::lockstep::{derived, param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::allocator::{SeparableInputFirst, NO_GRANT};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

allocator_twin!(
    VcAllocatorRtl,
    10,
    4,
    5,
    50,
    50,
    40,
    "vc_allocator",
    "separable input-first round-robin allocator, 10 x 10: the VC allocator of 5 ports x 2 VCs (BookSim2 iq)",
    crate::hdl::area::Area {
        cells: 2808,
        flops: 80,
        transistors: 10384
    }
);
