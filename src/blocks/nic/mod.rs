//! NIC engines, one file each: send DMA, receive DMA, in-transit-buffer engine, reorder buffer,
//! rearrange buffer with ACK/NACK (seed 004),
//! routing table. The NICs that assemble them live with their switch families in `fabric`.

pub mod injection;
pub mod itb;
pub mod rearrange;
pub mod recv_dma;
pub mod reorder;
pub mod routing_table;
pub mod send_dma;
