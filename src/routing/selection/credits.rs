//! Most Credits, adaptive queues first even when busy (`routing.selection = "max-credits"`):
//! the order flitwave used for seed 004 before the duato selection (2026-11-25). It waits on a busy adaptive queue that
//! still has room rather than take a free escape queue, so under load the escape queues carry
//! almost nothing; seed 004's own order is `duato` ([`super::duato`]). In this order of
//! preference:
//! 1. an adaptive candidate that can take the packet now (its VC free, room for the packet):
//!    the one whose buffer has the most credits, the lowest port on a tie;
//! 2. else an adaptive candidate whose buffer has room though another packet holds its VC for
//!    the moment (the most credits): the header waits for it;
//! 3. else the escape candidates in the same two steps (the escape queue only when no
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

/// Of the candidates of class `escape`, the one whose VC downstream holds the most credits
/// (the lowest port on a tie): among those that can take the packet now (`now`), or among those
/// whose buffer has room though another packet may hold the VC.
pub(super) fn most_credits<V: PortView>(
    c: &Candidates,
    view: &V,
    flits: u32,
    escape: bool,
    now: bool,
) -> Option<Pick> {
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
}

impl SelectionFunction for MostCredits {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        most_credits(c, view, flits, false, true)
            .or_else(|| most_credits(c, view, flits, false, false))
            .or_else(|| most_credits(c, view, flits, true, true))
            .or_else(|| most_credits(c, view, flits, true, false))
    }
}
