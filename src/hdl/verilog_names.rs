//! What a twin's Verilog names: its FSMs' states (`localparam` names, never literals) and the
//! named parameters of its tidy form. `rtl emit` and `rtl check` read them
//! (`hdl::eda::tidy`, `hdl::eda::state_literals`); each twin lists its own
//! ([`crate::hdl::lockstep::Twin::FSMS`], [`crate::hdl::lockstep::Twin::PARAMS`]).

/// An FSM of a twin: the signal holding (or computing) the state and its states, by the
/// `localparam` names the Verilog uses and their codes. `rtl check` fails when the Verilog
/// assigns or compares the signal with a literal instead of a name.
#[derive(Debug, Clone, Copy)]
pub struct Fsm {
    /// The register or output, as named in the Verilog (a register `r` is `r$d`/`r$q`).
    pub signal: &'static str,
    pub states: &'static [(&'static str, u64)],
}

/// A named parameter of the tidy Verilog (`rtl/tidy/<NAME>.v`): a `localparam` of the top
/// module, and the width `[NAME-1:0]` of every signal it lists. A `localparam`, not a
/// `parameter`: rust-hdl unrolls the logic for these values, so they are regenerated, not
/// overridden. `rtl emit` and `rtl check` fail when a listed signal has another width.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub value: u32,
    /// Its Verilog definition from earlier parameters (`$clog2(N)`), or None for the value.
    pub def: Option<&'static str>,
    /// What it is, for the comment beside it.
    pub doc: &'static str,
    /// Signals of the top module (tidy names), declared `[value-1:0]`; one `*` stands for any
    /// non-empty part (`flit_in*`: `flit_in0` to `flit_in4`; `mem_*_read_data`).
    pub signals: &'static [&'static str],
}

/// A parameter given by its value.
pub const fn param(
    name: &'static str,
    value: u32,
    doc: &'static str,
    signals: &'static [&'static str],
) -> Param {
    Param {
        name,
        value,
        def: None,
        doc,
        signals,
    }
}

/// A parameter derived from earlier ones (`def`, a Verilog constant expression worth `value`).
pub const fn derived(
    name: &'static str,
    value: u32,
    def: &'static str,
    doc: &'static str,
    signals: &'static [&'static str],
) -> Param {
    Param {
        name,
        value,
        def: Some(def),
        doc,
        signals,
    }
}
