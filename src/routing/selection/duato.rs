//! Duato's order, seed 004's selection (§4.1: "the output port is selected at arbitration time
//! by considering the status of the requested output ports and the number of credits
//! available"; §1: "the busy links are skipped"; the escape-channel rule of reference [4]).
//! In this order of preference, re-evaluated every cycle the header waits:
//! 1. an adaptive candidate that can take the packet now (its VC free, room for the whole
//!    packet): the one whose buffer downstream has the most credits, the lowest port on a tie;
//! 2. else an escape candidate that can take the packet now, the same way;
//! 3. else nothing: the header waits one cycle and asks again. A busy adaptive queue is skipped
//!    however much room it has — that is what the escape queue is for.
//!
//! Combinational (a comparator tree over the candidates' credit counters); no state.

use super::credits::most_credits;
use super::{Pick, PortView, SelectionFunction};
use crate::routing::function::Candidates;

/// A free adaptive queue with the most credits, else a free escape queue, else wait.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Duato;

impl SelectionFunction for Duato {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        most_credits(c, view, flits, false, true)
            .or_else(|| most_credits(c, view, flits, true, true))
    }
}
