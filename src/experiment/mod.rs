//! Experiments: the configuration schema, building a network from it, single runs, load sweeps
//! and the speed benchmark.

pub mod bench;
pub mod build;
pub mod campaign;
pub mod config;
pub mod explore;
pub mod explore_report;
pub mod grid;
pub mod ledger;
pub mod paper000;
pub mod paper001;
pub mod paper001_report;
pub mod paper002;
pub mod paper002_report;
pub mod paper003;
pub mod paper003_figures;
pub mod paper004;
pub mod paper004_report;
pub mod paper004_run;
pub mod paper004_traces;
pub mod papers;
pub mod plot;
pub mod provenance;
pub mod reproduce;
pub mod store;
pub mod store_plot;
pub mod sweep;
pub mod validate;
