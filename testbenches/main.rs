//! Every flitwave testbench, as modules of one integration-test crate: one link instead of one
//! per testbench. Each module is the testbench of one block, network or command;
//! `cargo test --profile ci --test testbenches vc_router::` runs one of them (docs/testing.md).
//!
//! Tests marked `#[ignore = "full tier: ..."]` — the RTL flow and the tiny-scale reproductions
//! — run in the full tier (`bash scripts/test.sh`), not in the quick one
//! (`bash scripts/test.sh --quick`).

mod common;

mod allocator;
mod arbiter;
mod bench_script;
mod bounds;
mod bounds_memory;
mod build_stamp;
mod cli;
mod cli_conventions;
mod cli_fabric;
mod cli_fattree;
mod credit;
mod dl;
mod dl_table;
mod dl_vc;
mod dragonfly;
mod dragonfly_ugal;
mod dragonfly_views;
mod explore;
mod fabric;
mod fattree;
mod figures;
mod first_page;
mod fst_trace;
mod fuzz;
mod global_queues;
mod golden;
mod gtkwave;
mod house;
mod idle_jump;
mod inject_vc;
mod inorder;
mod inorder_nic;
mod ir_fir;
mod itb;
mod kary_ntree;
mod ledger;
mod link;
mod luc_ncb;
mod myrinet_switch;
mod network;
mod nic;
mod patterns;
mod planes;
mod planes_shapes;
mod plot;
mod plot_labels;
mod probe_contract;
mod progress;
mod readable_waves;
mod rearrange;
mod routing;
mod routing_tables;
mod rtl;
mod rtl_icarus;
mod rtl_mutate;
mod rtl_prove;
mod rtl_stages;
mod rtl_tidy;
mod slack_buffer;
mod sleep;
mod slurm;
mod speculative;
mod speculative_mesh;
mod speedup;
mod statistics;
mod sweep_check;
mod sweeps;
mod threads;
mod topology;
mod torus;
mod trace;
mod updown_balanced;
mod vc_buffer;
mod vc_credits;
mod vc_fairness;
mod vc_router;
mod vc_router_rtl;
mod vc_waveform;
mod vcd_trace;
