//! flitwave: a cycle-accurate, HDL-style model of interconnection-network hardware.
//!
//! See `docs/architecture.md` for the tour of the source layout.

pub mod blocks;
pub mod error;
#[macro_use]
pub mod fabric;
pub mod experiment;
pub mod hdl;
pub mod huge_pages;
pub mod keys;
pub mod memory;
pub mod output;
pub mod reproduce;
pub mod routing;
pub mod sim;
pub mod stats;
pub mod topology;
pub mod traffic;

pub use error::{Error, Result};
