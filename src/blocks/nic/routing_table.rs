//! NIC routing table: one source route per destination (seed 000 §4.5).
//!
//! The routing scheme (up*/down*, dimension order, ...) fills the tables offline; at run time the
//! send DMA copies the route bytes of the destination into the header. All hosts' tables share
//! one [`RouteSource`] — the network's route set (`routing::RouteSet`: 4 bytes per host pair and
//! every distinct path once), which the routing layer implements it for, so this block imports
//! nothing above it.

use std::sync::Arc;

/// Where the tables read their routes: the header bytes of one route per ordered host pair.
pub trait RouteSource: std::fmt::Debug + Send + Sync {
    /// The route bytes a source writes in the header for `src` to `dst` (empty: no route).
    fn header(&self, src: usize, dst: usize) -> RouteBytes<'_>;
    /// Number of hosts.
    fn hosts(&self) -> usize;
}

/// The route bytes of a header: the bytes up to the destination's switch, then the port of the
/// destination host (kept once per destination in the route set).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteBytes<'a> {
    pub body: &'a [u8],
    pub last: Option<u8>,
}

impl<'a> RouteBytes<'a> {
    /// No route bytes.
    pub const EMPTY: RouteBytes<'static> = RouteBytes {
        body: &[],
        last: None,
    };

    /// The bytes of `b` as one route.
    pub fn new(b: &'a [u8]) -> Self {
        match b.split_last() {
            Some((&l, body)) => RouteBytes {
                body,
                last: Some(l),
            },
            None => RouteBytes::EMPTY,
        }
    }

    /// Number of bytes.
    #[inline]
    pub fn len(&self) -> usize {
        self.body.len() + usize::from(self.last.is_some())
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Byte `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u8> {
        match self.body.get(i) {
            Some(&b) => Some(b),
            None if i == self.body.len() => self.last,
            None => None,
        }
    }

    /// The bytes from `off` on.
    #[inline]
    pub fn skip(&self, off: usize) -> RouteBytes<'a> {
        if off <= self.body.len() {
            RouteBytes {
                body: &self.body[off..],
                last: self.last,
            }
        } else {
            RouteBytes::EMPTY
        }
    }

    /// The first position of byte `b`.
    pub fn position(&self, b: u8) -> Option<usize> {
        (0..self.len()).find(|&i| self.get(i) == Some(b))
    }

    /// The bytes, owned.
    pub fn to_vec(&self) -> Vec<u8> {
        (0..self.len()).filter_map(|i| self.get(i)).collect()
    }
}

/// The routing tables of every NIC.
#[derive(Debug, Clone)]
pub struct RoutingTable {
    routes: Arc<dyn RouteSource>,
}

impl RoutingTable {
    /// The tables of a route set.
    pub fn new(routes: Arc<dyn RouteSource>) -> Self {
        RoutingTable { routes }
    }

    /// The route bytes from `src` to `dst`.
    #[inline]
    pub fn route(&self, src: usize, dst: usize) -> RouteBytes<'_> {
        self.routes.header(src, dst)
    }

    /// Number of hosts.
    pub fn hosts(&self) -> usize {
        self.routes.hosts()
    }
}
