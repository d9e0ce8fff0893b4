//! Most Credits (seed 004 §4.1: "the output port is selected at arbitration time from the port
//! status and the credits available"): of the candidates that can take the packet now, the
//! one whose VC downstream holds the most credits — the emptiest queue — lowest port first on
//! a tie; escape candidates only when no other one can take it. Combinational.

use super::{fits, Pick, PortView, SelectionFunction};
use crate::routing::function::Candidates;

/// The candidate with the most credits downstream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MostCredits;

impl SelectionFunction for MostCredits {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        let best = |escape: bool| {
            let mut best: Option<(u32, Pick)> = None;
            for x in c.as_slice().iter().filter(|x| x.escape == escape) {
                if let Some(p) = fits(x, view, flits) {
                    let cr = view.credits(p.port as usize, p.vc);
                    if best.is_none_or(|(b, _)| cr > b) {
                        best = Some((cr, p));
                    }
                }
            }
            best.map(|b| b.1)
        };
        best(false).or_else(|| best(true))
    }
}
