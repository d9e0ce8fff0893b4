//! Command implementations of the flitwave binary.

pub(crate) mod args;
pub(crate) mod args_rtl;
pub(crate) mod fattree;
pub(crate) mod help;
pub(crate) mod json;
pub(crate) mod out;
pub(crate) mod plot;
pub(crate) mod progress;
pub(crate) mod reproduce;
pub(crate) mod rtl;
pub(crate) mod rtl_mutate;
pub(crate) mod rtl_network;
pub(crate) mod rtl_prove;
pub(crate) mod run;
pub(crate) mod seeds;
pub(crate) mod simulate;
pub(crate) mod sweep;
pub(crate) mod sweep_report;
pub(crate) mod tools;
pub(crate) mod trace;
