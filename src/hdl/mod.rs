//! RTL twins of the control blocks, written with rust-hdl 0.46, and the verification flow around
//! them (docs/rtl.md).
//!
//! Every twin has the same name as its model under `blocks/`, its testbench under
//! `testbenches/` and its Verilog `rtl/<name>.v`. The flow:
//! - [`lockstep`]: model and twin driven by the same directed + seeded random stimulus, every
//!   output compared every cycle; the agreed vectors are recorded;
//! - [`eda`]: Verilog emission, Verilator lint, Yosys synthesis and the Icarus replay of the
//!   recorded vectors into the generated Verilog;
//! - [`insitu`]: twins stepped inside a whole-network simulation in place of their models.
//!
//! Every twin has a synchronous active-high `reset` ([`reset::ResetDff`]) and no `initial`
//! block; its modules are named `fw_<name>`; its FSM states are `localparam`s.
//!
//! Adding a twin: write `hdl/<block>.rs` with the rust-hdl block and its [`lockstep::Twin`]
//! implementation (its `AREA` from `flitwave rtl check`'s report), then add one line to
//! [`BLOCKS`].

pub mod allocator;
pub mod arbiter;
pub mod area;
pub mod credit;
pub mod dl_table;
pub mod eda;
pub mod insitu;
pub mod ir_fir;
pub mod itb;
pub mod lockstep;
pub mod luc_ncb;
pub mod rearrange;
pub mod reset;
pub mod slack_buffer;
pub mod speculative;
pub mod stage_map;
pub mod states;
pub mod vc_allocator;
pub mod vc_router;
pub mod verilog_names;

use crate::error::Result;
use lockstep::{Fsm, Options, Param, Port, Twin, Vectors};
use rust_hdl::prelude::generate_verilog;
use std::marker::PhantomData;

/// A registered twin, seen through an object-safe interface (the flow iterates over them).
pub trait Flow: Sync {
    /// Block name (`rtl/<name>.v`, top module `fw_<name>`).
    fn name(&self) -> &'static str;
    /// What the block does.
    fn summary(&self) -> &'static str;
    fn inputs(&self) -> &'static [Port];
    fn outputs(&self) -> &'static [Port];
    /// The FSMs whose states the Verilog names.
    fn fsms(&self) -> &'static [Fsm];
    /// The named parameters of its tidy Verilog ([`Twin::PARAMS`]).
    fn params(&self) -> &'static [Param];
    /// Its synthesized area, as recorded ([`Twin::AREA`]).
    fn area(&self) -> area::Area;
    /// The Verilog of the twin, modules renamed `fw_<name>` and `fw_<name>__<path>`.
    fn verilog(&self) -> String;
    /// The map of its pipeline form onto it ([`Twin::stages`]).
    fn stages(&self) -> Option<stage_map::StageMap>;
    /// Lockstep model against twin; the cycles compared and the recorded vectors.
    fn lockstep(&self, o: &Options) -> Result<(u64, Vectors)>;
    /// Waveform of both sides for the first `cycles` cycles of the lockstep stimulus.
    fn wave(
        &self,
        o: &Options,
        cycles: u64,
        ports: &std::path::Path,
        format: crate::sim::trace::WaveFormat,
        internal: Option<&std::path::Path>,
    ) -> Result<()>;
}

/// The registration of twin `T`.
pub struct Registered<T>(PhantomData<fn() -> T>);

impl<T: Twin> Registered<T> {
    pub const fn new() -> Self {
        Registered(PhantomData)
    }
}

impl<T: Twin> Default for Registered<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Twin> Flow for Registered<T> {
    fn name(&self) -> &'static str {
        T::NAME
    }
    fn summary(&self) -> &'static str {
        T::SUMMARY
    }
    fn inputs(&self) -> &'static [Port] {
        T::INPUTS
    }
    fn outputs(&self) -> &'static [Port] {
        T::OUTPUTS
    }
    fn fsms(&self) -> &'static [Fsm] {
        T::FSMS
    }
    fn params(&self) -> &'static [Param] {
        T::PARAMS
    }
    fn area(&self) -> area::Area {
        T::AREA
    }
    fn verilog(&self) -> String {
        let mut uut = T::rtl();
        uut.connect_all();
        eda::rename_top(&generate_verilog(&uut), T::NAME)
    }
    fn stages(&self) -> Option<stage_map::StageMap> {
        T::stages()
    }
    fn lockstep(&self, o: &Options) -> Result<(u64, Vectors)> {
        lockstep::check::<T>(o)
    }
    fn wave(
        &self,
        o: &Options,
        cycles: u64,
        ports: &std::path::Path,
        format: crate::sim::trace::WaveFormat,
        internal: Option<&std::path::Path>,
    ) -> Result<()> {
        lockstep::wave::<T>(o, cycles, ports, format, internal)
    }
}

/// Every twin, in the order of docs/rtl.md. One line per block.
pub static BLOCKS: &[&dyn Flow] = &[
    &Registered::<arbiter::ArbiterRtl>::new(),
    &Registered::<slack_buffer::SlackBufferRtl<{ slack_buffer::LINK_WORD }>>::new(),
    &Registered::<credit::CreditRtl>::new(),
    &Registered::<ir_fir::IrFirRtl>::new(),
    &Registered::<itb::ItbRtl>::new(),
    &Registered::<allocator::AllocatorRtl>::new(),
    &Registered::<vc_allocator::VcAllocatorRtl>::new(),
    &Registered::<dl_table::DlTableRtl>::new(),
    &Registered::<rearrange::RearrangeRtl>::new(),
    &Registered::<luc_ncb::LucNcbRtl>::new(),
    &Registered::<speculative::SsrRtl>::new(),
    &Registered::<vc_router::VcRouterRtl<{ vc_router::FLIT }>>::new(),
];

/// The twins named (every registered one when none is), or an error listing the names.
pub fn selected(names: &[String]) -> Result<Vec<&'static dyn Flow>> {
    if names.is_empty() {
        return Ok(BLOCKS.to_vec());
    }
    names.iter().map(|n| find(n)).collect()
}

/// The registered twin called `name`, or an error listing the names.
pub fn find(name: &str) -> Result<&'static dyn Flow> {
    BLOCKS
        .iter()
        .copied()
        .find(|b| b.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = BLOCKS.iter().map(|b| b.name()).collect();
            crate::Error::field(
                "block",
                format!(
                    "unknown block {name:?}; the twins are: {}",
                    names.join(", ")
                ),
            )
        })
}

/// What an `rtl wave` waveform records of what made it: the program and commit, the block and
/// the lockstep stimulus.
pub fn wave_provenance(block: &str, o: &lockstep::Options) -> Vec<String> {
    vec![
        crate::output::made_by(),
        format!(
            "rtl wave {block}: model and twin on the lockstep stimulus of seed {}, {} random cycles",
            o.seed, o.random_cycles
        ),
    ]
}
