//! NIC routing table: one source route per destination (seed 000 §4.5).
//!
//! The routing scheme (up*/down*, dimension order, ...) fills the tables offline; at run time the
//! send DMA copies the route bytes of the destination into the header. All hosts' tables are kept
//! in one flat array.

/// The routing tables of every NIC, flattened.
#[derive(Debug, Clone)]
pub struct RoutingTable {
    hosts: usize,
    offsets: Vec<u32>,
    bytes: Vec<u8>,
}

impl RoutingTable {
    /// Build from the header bytes of every route of `hosts` hosts, source-major
    /// (`headers[src * hosts + dst]`).
    pub fn new(hosts: usize, headers: impl IntoIterator<Item = Vec<u8>>) -> Self {
        let mut offsets = Vec::with_capacity(hosts * hosts + 1);
        let mut bytes = Vec::new();
        offsets.push(0);
        for h in headers {
            bytes.extend_from_slice(&h);
            offsets.push(bytes.len() as u32);
        }
        assert_eq!(offsets.len(), hosts * hosts + 1, "one route per host pair");
        RoutingTable {
            hosts,
            offsets,
            bytes,
        }
    }

    /// The route bytes from `src` to `dst`.
    #[inline]
    pub fn route(&self, src: usize, dst: usize) -> &[u8] {
        let i = src * self.hosts + dst;
        &self.bytes[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The route bytes from `src` to `dst` starting at byte `off` (after an ITB mark).
    #[inline]
    pub fn route_from(&self, src: usize, dst: usize, off: usize) -> &[u8] {
        &self.route(src, dst)[off..]
    }

    /// Number of hosts.
    pub fn hosts(&self) -> usize {
        self.hosts
    }
}
