//! Static And Destination Priority (seed 001 §5.1): the candidates the routing function marks
//! preferred (the deterministic FIR port) first, then the others in order; escape candidates
//! last.

use super::{first_fit, Pick, PortView, SelectionFunction};
use crate::routing::function::Candidates;

/// Preferred candidates first, then the rest, each in order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sadp;

impl SelectionFunction for Sadp {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        first_fit(c, view, flits, false, Some(1))
            .or_else(|| first_fit(c, view, flits, false, None))
            .or_else(|| first_fit(c, view, flits, true, None))
    }

    fn uses_priority(&self) -> bool {
        true
    }
}
