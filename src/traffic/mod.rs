//! Traffic: destination patterns, message sizes and injection processes.
pub mod pattern;
