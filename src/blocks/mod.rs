//! Models of hardware blocks, one file each: cycle-accurate and fast, used inside whole networks.

pub mod arbiter;
pub mod ir_fir;
pub mod link;
pub mod myrinet_switch;
pub mod nic;
pub mod slack_buffer;
