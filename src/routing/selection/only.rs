//! "Only one": deterministic routing gives one candidate, and the packet waits for it.

use super::{fits, Pick, PortView, SelectionFunction};
use crate::routing::function::Candidates;

/// Take the first candidate when it can take the packet; never another.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Only;

impl SelectionFunction for Only {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        c.as_slice().first().and_then(|x| fits(x, view, flits))
    }
}
