//! UGAL-L (`routing.selection = "ugal-l"`), BookSim2's decision in `ugal_dragonflynew`: of the
//! routing's minimal candidate (priority 1) and its non-minimal one, the minimal unless its
//! output queue holds more than twice the non-minimal's plus [`THRESHOLD`] flits — a queue being
//! the flits held in the buffer behind the output port over all its VCs (BookSim2's
//! `GetUsedCredit`). `ugal-l` remakes the choice every cycle the header waits for its VC;
//! `ugal-l-once` makes it once, at the header's first VC-allocation cycle, and the header then
//! waits for a VC of that path (BookSim2 routes a head once). A set without both kinds: the
//! first that fits. Combinational.
use super::{first_fit, fits, Pick, PortView, SelectionFunction};
use crate::routing::function::{Candidate, Candidates};

/// BookSim2's `adaptive_threshold`: the bias toward the minimal path, flits.
pub const THRESHOLD: u32 = 30;

/// UGAL's local decision.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UgalLocal;

/// The candidate UGAL-L takes of the minimal (priority 1) and the non-minimal one, whether it
/// fits or not; None without both kinds.
#[inline]
fn choose<'a, V: PortView>(c: &'a Candidates, view: &V) -> Option<&'a Candidate> {
    let s = c.as_slice();
    let min = s.iter().find(|x| x.pri > 0)?;
    let non = s.iter().find(|x| x.pri == 0)?;
    let (qm, qn) = (
        view.occupancy(min.port as usize),
        view.occupancy(non.port as usize),
    );
    Some(if qm <= 2 * qn + THRESHOLD { min } else { non })
}

impl SelectionFunction for UgalLocal {
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        match choose(c, view) {
            Some(x) => fits(x, view, flits),
            None => first_fit(c, view, flits, false, None),
        }
    }

    fn uses_priority(&self) -> bool {
        true
    }
}

/// UGAL's local decision made once per header (BookSim2's rule).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UgalLocalOnce;

impl SelectionFunction for UgalLocalOnce {
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        UgalLocal.select(c, view, flits)
    }

    fn uses_priority(&self) -> bool {
        true
    }

    fn decide<V: PortView>(&self, c: &Candidates, view: &V) -> Option<Candidate> {
        choose(c, view).copied()
    }
}
