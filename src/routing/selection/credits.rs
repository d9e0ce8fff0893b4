//! Most Credits, seed 004's selection (§4.1: "the output port is selected at arbitration time
//! by considering the status of the requested output ports and the number of credits
//! available"; §1: "the busy links are skipped"). In this order of preference:
//! 1. an adaptive candidate that can take the packet now (its VC free, room for the packet):
//!    the one whose buffer has the most credits, the lowest port on a tie;
//! 2. else an adaptive candidate whose buffer has room though another packet holds its VC for
//!    the moment (the most credits): the header waits for it;
//! 3. else the escape candidates in the same two steps (Duato: the escape queue only when no
//!    adaptive queue has room).
//!
//! Combinational; re-evaluated every cycle the header waits.

use super::{fits, Pick, PortView, SelectionFunction};
use crate::routing::function::{Candidate, Candidates};

/// The candidate with the most credits downstream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MostCredits;

/// The lowest VC of candidate `x` with room, held or not.
fn roomy<V: PortView>(x: &Candidate, view: &V, flits: u32) -> Option<Pick> {
    let mut m = x.vcs;
    while m != 0 {
        let vc = m.trailing_zeros();
        m &= m - 1;
        if view.has_room(x.port as usize, vc as u8, flits) {
            return Some(Pick {
                port: x.port,
                vc: vc as u8,
            });
        }
        if vc >= 31 {
            break;
        }
    }
    None
}

impl SelectionFunction for MostCredits {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        let best = |escape: bool, now: bool| {
            let mut best: Option<(u32, Pick)> = None;
            for x in c.as_slice().iter().filter(|x| x.escape == escape) {
                let p = if now {
                    fits(x, view, flits)
                } else {
                    roomy(x, view, flits)
                };
                if let Some(p) = p {
                    let cr = view.credits(p.port as usize, p.vc);
                    if best.is_none_or(|(b, _)| cr > b) {
                        best = Some((cr, p));
                    }
                }
            }
            best.map(|b| b.1)
        };
        best(false, true)
            .or_else(|| best(false, false))
            .or_else(|| best(true, true))
            .or_else(|| best(true, false))
    }
}
