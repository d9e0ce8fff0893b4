//! The credits of a tile's output VCs ([`super`]): the counters are the routers' own (their
//! output unit's [`VcCredits`], or with output queues the queues' room), spent and given back
//! by their own rules (`OutputUnit::reserve`, `VcCredits::credit`); the tile keeps beside
//! them `cok`, per output VC the routers whose VC has room for a flit, which the switch
//! allocation of the tile reads in word operations. A credit is applied the credit delay after
//! it arrives; with `wait_for_tail_credit` the counters free a VC whose packet's tail was sent
//! when its credits are all back.
//!
//! [`VcCredits`]: crate::blocks::vc_credits::VcCredits

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::rings::Due;
use super::Tile;
use crate::blocks::credit::CreditUnit;
use crate::fabric::vc::switch::VcSwitch;

/// The credits from downstream of every tile, by the cycle each is applied — the credit
/// delay after it arrives: one from a router enters the ring its link's fly time and the
/// delay after it leaves, one from a host the delay after it arrives (the planes keep no
/// delay line of their own; the sync splits the ring back into the links' credits and the
/// routers' delay lines). 2^`bits` slots a tile (slot = cycle mod 2^`bits`, a power of two
/// above the longest such wait: the flits' rings need not span the credit delay): per slot,
/// output and VC the routers a credit is applied at, and per router the credit's units (kept
/// only when a credit may carry several: credits not of one flit, or several flits' credits
/// of a VC sent as one symbol — the non-multiplexed crossbar's; else its units are 1).
pub(super) struct CreditRing<const P: usize, const V: usize> {
    bits: u32,
    pub due: Vec<[[u64; V]; P]>,
    pub unit: CreditUnit,
    units: Vec<[[[u8; 64]; V]; P]>,
}

impl<const P: usize, const V: usize> CreditRing<P, V> {
    /// The ring of `tiles` tiles for credits of `unit` that wait at most `longest` cycles
    /// from leaving (or from a host's arriving) to being applied; `several`: a credit of one
    /// flit's unit may still carry several units.
    pub fn new(unit: CreditUnit, tiles: usize, longest: u64, several: bool) -> Self {
        let slots = (longest as usize + 1).next_power_of_two();
        CreditRing {
            bits: slots.trailing_zeros(),
            due: vec![[[0; V]; P]; tiles * slots],
            unit,
            units: match unit.per_flit() && !several {
                true => Vec::new(),
                false => vec![[[[0; 64]; V]; P]; tiles * slots],
            },
        }
    }

    /// The ring's index of tile `tile`'s slot of cycle `t`.
    #[inline(always)]
    pub fn slot(&self, tile: usize, t: u64) -> usize {
        super::ring(self.bits, tile, t as usize & ((1 << self.bits) - 1))
    }

    /// A credit of `n` units for output `o`'s VC `v` of router `r` is applied at cycle `t`.
    #[inline(always)]
    pub fn add(&mut self, t: u64, (o, v, r): (usize, usize, usize), n: u8) {
        let s = self.slot(r / 64, t);
        self.due[s][o][v] |= 1 << (r % 64);
        if let Some(u) = self.units.get_mut(s) {
            u[o][v][r % 64] = n;
        }
    }

    /// The slot bits (2^bits slots a tile).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The units' slots as the threads of a cycle write them (`rings::Rings`); null where
    /// credits are of one flit.
    pub fn units_ptr(&mut self) -> *mut [[[u8; 64]; V]; P] {
        if self.units.is_empty() {
            std::ptr::null_mut()
        } else {
            self.units.as_mut_ptr()
        }
    }

    /// The units of the credit for output `o`'s VC `v` of router `lb` in slot `s`: 1 for
    /// credits of one flit.
    pub fn of(&self, s: usize, (o, v, lb): (usize, usize, usize)) -> u8 {
        self.units.get(s).map_or(1, |r| r[o][v][lb & 63])
    }
}

/// Virtual cut-through: of the tile's input VCs holding an output VC with their packet's head
/// at the front (`cth`) and a flit, those whose output VC cannot take their whole packet may
/// not ask for the switch: they join `held` (per input and VC, the routers whose VC waits this
/// step). The router's rule (`OutputUnit::can_accept`), router by router where a head waits.
#[inline(never)]
pub(super) fn cut_through<const P: usize, const V: usize>(
    pl: &Tile<P, V>,
    switches: &[VcSwitch],
    held: &mut [[u64; V]; P],
    nv: usize,
) {
    for p in 0..P {
        for v in 0..V {
            // (a head not yet crossed holds its output VC: `cth` lies within `act`)
            let mut m = pl.cth[p][v] & pl.hold[p][v] & !held[p][v];
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                let sw = &switches[lb];
                let s = &sw.input.vcs[(p * nv + v) & 63];
                if !sw
                    .out
                    .can_accept(s.out as usize, s.ovc as usize, s.next, s.len)
                {
                    held[p][v] |= 1 << lb;
                }
            }
        }
    }
}

/// Apply the credits from downstream due now (`due`, the credits' ring's slot: per output and
/// VC, the routers of tile `pl` whose credit's delay is over; emptied; their `units` where
/// credits are not of one flit) to the counters of the
/// routers' own output units (`switches`, from the tile's first); without output queues
/// (`oq`) the VCs then have room. Credits of several units go by [`due_units`]. Returns the
/// credits applied. (Once a tile and cycle: out of line, so that the cycle's own code stays
/// small.)
#[inline(never)]
pub(super) fn due<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    (due, units): Due<'_, P, V>,
    switches: &mut [VcSwitch],
    oq: bool,
) -> u32 {
    if let Some(units) = units {
        return due_units(pl, due, switches, units, oq);
    }
    let mut applied = 0;
    for o in 0..P {
        for v in 0..V {
            let mut m = std::mem::take(&mut due[o][v]);
            if m == 0 {
                continue;
            }
            applied += m.count_ones();
            if !oq {
                pl.cok[o][v] |= m;
            }
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                switches[lb].out.credits[o].credit(v, 1);
            }
        }
    }
    applied
}

/// [`due`] for credits of several units (`units`: per output, VC and router, those of the
/// credit due): each adds its units to its VC's counter, and without output queues the VC
/// has room when the flit that crosses it next — its owner's next, or a head — finds its
/// units there (the router's own rule, `OutputUnit::has_room`).
#[inline(never)]
fn due_units<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    due: &mut [[u64; V]; P],
    switches: &mut [VcSwitch],
    units: &[[[u8; 64]; V]; P],
    oq: bool,
) -> u32 {
    let mut applied = 0;
    for o in 0..P {
        for v in 0..V {
            let mut m = std::mem::take(&mut due[o][v]);
            applied += m.count_ones();
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                let sw = &mut switches[lb];
                sw.out.credits[o].credit(v, units[o][v][lb] as u32);
                if !oq {
                    let input = &sw.input;
                    let next = sw.out.next_across(o, v, |iv| input.vcs[iv & 63].next);
                    pl.cok[o][v] |= (sw.out.has_room(o, v, next) as u64) << lb;
                }
            }
        }
    }
    applied
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_credit_is_filed_by_the_cycle_it_is_applied_and_keeps_its_units() {
        // waits of up to 13 cycles: 16 slots a tile, two tiles
        let mut r = CreditRing::<5, 2>::new(CreditUnit::bytes(4, 2), 2, 13, false);
        r.add(1_000 + 13, (3, 1, 64 + 7), 2);
        let s = r.slot(1, 1_013);
        assert_eq!(s, 16 + (1_013 % 16));
        assert_eq!(
            r.due[s][3][1],
            1 << 7,
            "router 71 is bit 7 of the second tile"
        );
        assert_eq!(r.of(s, (3, 1, 7)), 2);
        // the slots of the cycles around it and the first tile's hold nothing
        for t in 1_000..1_013 {
            assert!(r.due[r.slot(1, t)].iter().flatten().all(|&w| w == 0), "{t}");
        }
        assert!(r.due[r.slot(0, 1_013)].iter().flatten().all(|&w| w == 0));
        // credits of one flit keep no units: each is one
        let mut f = CreditRing::<5, 2>::new(CreditUnit::flits(), 1, 3, false);
        f.add(7, (0, 0, 5), 1);
        let s = f.slot(0, 7);
        assert_eq!((f.due[s][0][0], f.of(s, (0, 0, 5))), (1 << 5, 1));
        assert_eq!(f.slot(0, 7), f.slot(0, 11), "4 slots: cycle mod 4");
        // unless one symbol may carry several flits' credits (the non-multiplexed crossbar)
        let mut g = CreditRing::<5, 2>::new(CreditUnit::flits(), 1, 3, true);
        g.add(7, (0, 1, 5), 3);
        assert_eq!(g.of(g.slot(0, 7), (0, 1, 5)), 3);
    }
}
