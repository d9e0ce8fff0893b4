//! Traffic: destination patterns, the injection process of every host (generator or trace
//! player, source queue), trace-driven traffic (format, reader, packet splitting) and a
//! generator of storage-like traces.
pub mod injection;
pub mod keys;
pub mod pattern;
pub mod storage;
pub mod trace;
