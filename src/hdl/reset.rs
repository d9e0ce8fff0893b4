//! The register every twin uses: a D flip-flop with a synchronous, active-high reset and no
//! power-on value (docs/rtl.md §Reset).
//!
//! rust-hdl's `DFF` has no reset port and sets its power-on value in an `initial` block, which
//! synthesis tools ignore or reject for an ASIC. [`ResetDff`] replaces it in every twin: on a
//! rising clock edge with `reset` high, `q` takes the power-on value (`T::default()`, zero);
//! otherwise `q` takes `d`. Its Verilog is
//!
//! ```verilog
//! always @(posedge clock) begin
//!    if (reset) q <= 3'h0;
//!    else q <= d;
//! end
//! ```
//!
//! and nothing else: no `initial` block, so an unreset register starts as `x` in a Verilog
//! simulator. In the Rust simulation a `ResetDff` powers up at all ones ([`PowerOn::garbage`]),
//! not at its reset value, so a twin whose outputs depend on a register that reset misses
//! disagrees with its model in the lockstep, as it would in silicon.
//!
//! Wiring, in a twin's `update` (rust-hdl's `#[hdl_gen]` accepts only its own macros):
//! `dff_setup!(self, clock, r)` for clock and hold, then `self.r.reset.next = self.reset.val();`.
//! rust-hdl's connectivity check (`check_all`, run by `lockstep::Stepper::new`) fails on a
//! register whose reset is left unconnected.

use rust_hdl::prelude::*;

/// A value a register holds before its first reset: not its reset value.
pub trait PowerOn: Synth {
    /// All ones.
    fn garbage() -> Self;
}

impl<const N: usize> PowerOn for Bits<N> {
    fn garbage() -> Self {
        Bits::<N>::mask()
    }
}

impl PowerOn for Bit {
    fn garbage() -> Self {
        true
    }
}

/// A D flip-flop with synchronous active-high reset to `T::default()`.
#[derive(Clone, Debug, LogicBlock)]
pub struct ResetDff<T: PowerOn> {
    pub d: Signal<In, T>,
    pub q: Signal<Out, T>,
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
}

impl<T: PowerOn> Default for ResetDff<T> {
    fn default() -> Self {
        ResetDff {
            d: Signal::default(),
            q: Signal::new_with_default(T::garbage()),
            clock: Signal::default(),
            reset: Signal::default(),
        }
    }
}

impl<T: PowerOn> Logic for ResetDff<T> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.q.next = if self.reset.val() {
                T::default()
            } else {
                self.d.val()
            };
        }
    }
    fn connect(&mut self) {
        self.q.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
always @(posedge clock) begin
   if (reset) q <= {:x};
   else q <= d;
end
      ",
            T::default().verilog()
        ))
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![TimingInfo {
            name: "rdff".into(),
            clock: "clock".into(),
            inputs: vec!["d".into(), "reset".into()],
            outputs: vec!["q".into()],
        }]
    }
}
