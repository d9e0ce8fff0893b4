//! Traffic: destination patterns, trace-driven traffic (format, reader, packet splitting) and a
//! generator of storage-like traces.
pub mod pattern;
pub mod storage;
pub mod trace;
