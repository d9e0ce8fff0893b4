//! Experiments: the configuration schema, building a network from it, single runs, load sweeps
//! and the speed benchmark.

pub mod bench;
pub mod build;
pub mod campaign;
pub mod config;
pub mod explore;
pub mod explore_report;
pub mod grid;
pub mod pareto;
pub mod plot;
pub mod plot_axes;
pub mod provenance;
pub mod quantity;
pub mod store;
pub mod store_plot;
pub mod sweep;
pub mod validate;
