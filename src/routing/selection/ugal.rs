//! UGAL-L (`routing.selection = "ugal-l"`), BookSim2's decision in `ugal_dragonflynew`: of the
//! routing's minimal candidate (priority 1) and its non-minimal one, the minimal unless its
//! output queue holds more than twice the non-minimal's plus [`THRESHOLD`] flits — a queue being
//! the flits held in the buffer behind the output port over all its VCs (BookSim2's
//! `GetUsedCredit`). The choice is remade every cycle the header waits for its VC (BookSim2
//! makes it once, when the head is routed). A set without both kinds: the first that fits.
//! Combinational.

use super::{first_fit, fits, Pick, PortView, SelectionFunction};
use crate::routing::function::Candidates;

/// BookSim2's `adaptive_threshold`: the bias toward the minimal path, flits.
pub const THRESHOLD: u32 = 30;

/// UGAL's local decision.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UgalLocal;

impl SelectionFunction for UgalLocal {
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        let s = c.as_slice();
        let (Some(min), Some(non)) = (s.iter().find(|x| x.pri > 0), s.iter().find(|x| x.pri == 0))
        else {
            return first_fit(c, view, flits, false, None);
        };
        let (qm, qn) = (
            view.occupancy(min.port as usize),
            view.occupancy(non.port as usize),
        );
        fits(
            if qm <= 2 * qn + THRESHOLD { min } else { non },
            view,
            flits,
        )
    }

    fn uses_priority(&self) -> bool {
        true
    }
}
