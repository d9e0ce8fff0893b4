//! Assemblies: the packet table and the networks that wire a topology with blocks and step it.

pub mod fattree;
pub mod network;
pub mod packet;
pub mod storage;
pub mod watchdog;
