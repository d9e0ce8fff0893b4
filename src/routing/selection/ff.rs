//! First Free (seed 001 §5.1): the first candidate — the lowest port, as routing units list
//! them — that has room; escape candidates last.

use super::{first_fit, Pick, PortView, SelectionFunction};
use crate::routing::function::Candidates;

/// The first candidate with room.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FirstFree;

impl SelectionFunction for FirstFree {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        first_fit(c, view, flits, false, None).or_else(|| first_fit(c, view, flits, true, None))
    }
}
