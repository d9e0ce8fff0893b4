//! Names of the encoded values on the RTL twins' ports (FSM states, word and action kinds), for
//! the GTKWave translate filters of `flitwave rtl wave`. Each twin gives its own
//! ([`super::lockstep::Twin::encoding`]), read from its encoding function or constants, so the
//! names cannot drift from the Verilog.

/// An encoding: a name for the filter file and its (value, name) pairs.
pub type Encoding = (&'static str, Vec<(u64, &'static str)>);
