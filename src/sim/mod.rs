//! The simulation kernel: the two-phase clocked-block contract, bounded queues, pipelined wires
//! with a fly time, data in flight, and the probe/trace API that feeds the VCD writer.
//!
//! # The clocked-block contract
//! Every block holds registered state and is evaluated once per cycle. A block reads only its
//! own state and what arrives on its input [`wire::Wire`]s (values sent at least one cycle
//! earlier), and writes only its own state and its output wires. No combinational path crosses a
//! block boundary, so the order of evaluation inside a cycle never matters. Wires have a fly time
//! of at least one cycle; a zero-latency connection between blocks does not exist.

pub mod flit;
pub mod gtkw;
pub mod packet;
pub mod prefetch;
pub mod probe;
pub mod queue;
pub mod registers;
pub mod runs;
pub mod trace;
pub mod wire;

pub use flit::{Flit, FlowCtl};
pub use probe::{Probe, ProbeVisitor};
pub use queue::Queue;
pub use wire::Wire;
