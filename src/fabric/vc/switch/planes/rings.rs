//! What the planes' ([`super`]) tiles write into one another during a cycle: a flit into the
//! ring of the router downstream, a credit into the ring of the router upstream, and each
//! tile's count of credits on their way to it. A tile's cycle reads and empties its own
//! slots of the cycle `t` and writes other routers' slots of `t + 1` or later only (every
//! link has a fly time of a cycle or more, every credit a wait of as much: `build`), so the
//! tiles of a cycle are independent and may be evaluated on several threads, each taking
//! tiles of its own. [`Rings`] is that view: raw pointers into `Of`'s rings, shared by the
//! threads of one cycle; the words several tiles may write at once (a slot's arriving routers,
//! a slot's due credits, a tile's count) are written atomically on several threads and as
//! plain words on one, so the results are the same (an or and a sum do not depend on the
//! order), and a flit's or a credit's units have one writer, the router at the link's other
//! end.

use super::{ring, Of};
use crate::sim::Flit;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// A tile's credits due in one cycle: per output and VC the routers (emptied as they are
/// applied), and their units where credits are not of one flit.
pub(super) type Due<'a, const P: usize, const V: usize> =
    (&'a mut [[u64; V]; P], Option<&'a [[[u8; 64]; V]; P]>);

/// The rings of `Of` as one cycle's tiles write them (see the module).
#[derive(Clone, Copy)]
pub(super) struct Rings<const P: usize, const V: usize> {
    arr: *mut [u64; P],
    fwd: *mut [[Flit; 64]; P],
    due: *mut [[u64; V]; P],
    /// Null where credits are of one flit (they keep no units).
    units: *mut [[[u8; 64]; V]; P],
    tile_credits: *mut u32,
    /// The flits' rings' and the credits' ring's slot bits (2^bits slots a tile).
    sbits: u32,
    cbits: u32,
    /// Several threads write (the shared words atomically).
    par: bool,
    /// Slots of the flits' rings and the credits' ring, tiles (for the debug checks).
    slots: usize,
    cslots: usize,
    tiles: usize,
}

// SAFETY: the threads of a cycle evaluate disjoint tiles; each reads and empties its own
// tiles' slots of the cycle and writes other slots of later cycles only, the words several
// may write at once atomically (`par`), the others with one writer (the module's doc).
unsafe impl<const P: usize, const V: usize> Send for Rings<P, V> {}
unsafe impl<const P: usize, const V: usize> Sync for Rings<P, V> {}

/// A word `w` or'ed with `bit`: atomically when several threads may write it.
///
/// # Safety
/// `w` is valid, and while `par` is false no other thread accesses it.
#[inline(always)]
unsafe fn or(w: *mut u64, bit: u64, par: bool) {
    if par {
        AtomicU64::from_ptr(w).fetch_or(bit, Relaxed);
    } else {
        *w |= bit;
    }
}

impl<const P: usize, const V: usize> Of<P, V> {
    /// The rings as the tiles of one cycle write them, on several threads (`par`) or one.
    /// Nothing else may touch `arr`, `fwd`, the credits' ring or `tile_credits` while the
    /// view is used.
    pub(super) fn rings(&mut self, par: bool) -> Rings<P, V> {
        let cr = &mut self.cr;
        Rings {
            arr: self.arr.as_mut_ptr(),
            fwd: self.fwd.as_mut_ptr(),
            due: cr.due.as_mut_ptr(),
            units: cr.units_ptr(),
            tile_credits: self.tile_credits.as_mut_ptr(),
            sbits: self.sbits,
            cbits: cr.bits(),
            par,
            slots: self.arr.len(),
            cslots: cr.due.len(),
            tiles: self.tile_credits.len(),
        }
    }
}

impl<const P: usize, const V: usize> Rings<P, V> {
    /// Flit `f` arrives at cycle `t` at router `r`'s input `p` (from another tile's router,
    /// or this one's: a cycle to come).
    #[inline(always)]
    pub fn flit(&self, t: u64, (r, p): (usize, usize), f: Flit) {
        let at = ring(self.sbits, r / 64, t as usize & ((1 << self.sbits) - 1));
        debug_assert!(at < self.slots && p < P);
        // SAFETY: `at` lies within the rings (its tile is a router's, its slot masked); the
        // flit's place has one writer, the router upstream of (r, p), and no reader before
        // cycle t, a later one (the module's doc).
        unsafe {
            (*self.fwd.add(at))[p][r % 64] = f;
            or(&mut (*self.arr.add(at))[p], 1 << (r % 64), self.par);
        }
    }

    /// A credit of `n` units for output `o`'s VC `v` of router `r` is applied at cycle `t`
    /// (a later one), and is on its way to `r`'s tile until then.
    #[inline(always)]
    pub fn credit(&self, t: u64, (o, v, r): (usize, usize, usize), n: u8) {
        let s = ring(self.cbits, r / 64, t as usize & ((1 << self.cbits) - 1));
        debug_assert!(s < self.cslots && o < P && v < V);
        // SAFETY: as `flit`: the credit's units have one writer, the router downstream of
        // r's output o; the due word and the tile's count are or'ed and added atomically
        // where several threads write.
        unsafe {
            or(&mut (*self.due.add(s))[o][v], 1 << (r % 64), self.par);
            if !self.units.is_null() {
                (*self.units.add(s))[o][v][r % 64] = n;
            }
        }
        self.count(r / 64, 1);
    }

    /// Tile `tile`'s credits on their way change by `d` (queued at an input, applied).
    #[inline(always)]
    pub fn count(&self, tile: usize, d: i32) {
        debug_assert!(tile < self.tiles);
        // SAFETY: within `tile_credits`; added atomically where several threads write.
        unsafe {
            let c = self.tile_credits.add(tile);
            if self.par {
                AtomicU32::from_ptr(c).fetch_add(d as u32, Relaxed);
            } else {
                *c = (*c).wrapping_add(d as u32);
            }
        }
    }

    /// Tile `tile`'s credits on their way (other tiles may add some for later cycles at the
    /// same time: a tile with none due now does nothing with them this cycle).
    #[inline(always)]
    pub fn credits_of(&self, tile: usize) -> u32 {
        debug_assert!(tile < self.tiles);
        // SAFETY: within `tile_credits`; read atomically where several threads write.
        unsafe {
            let c = self.tile_credits.add(tile);
            if self.par {
                AtomicU32::from_ptr(c).load(Relaxed)
            } else {
                *c
            }
        }
    }

    /// The flits' slot of cycle `t` of tile `tile` (its index in the rings).
    #[inline(always)]
    pub fn slot(&self, tile: usize, t: u64) -> usize {
        ring(self.sbits, tile, t as usize & ((1 << self.sbits) - 1))
    }

    /// The routers of tile `tile` with a flit arriving at cycle `t` (per input port) and the
    /// flits.
    ///
    /// # Safety
    /// The caller evaluates tile `tile` at cycle `t` (no other thread does), and holds no
    /// other reference into the slot.
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn arriving(&self, tile: usize, t: u64) -> (&mut [u64; P], &[[Flit; 64]; P]) {
        let at = self.slot(tile, t);
        debug_assert!(at < self.slots);
        (&mut *self.arr.add(at), &*self.fwd.add(at))
    }

    /// The credits due at cycle `t` at tile `tile`: per output and VC the routers, and their
    /// units where credits are not of one flit.
    ///
    /// # Safety
    /// As [`Rings::arriving`].
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn due(&self, tile: usize, t: u64) -> Due<'_, P, V> {
        let s = ring(self.cbits, tile, t as usize & ((1 << self.cbits) - 1));
        debug_assert!(s < self.cslots);
        let units = (!self.units.is_null()).then(|| &*self.units.add(s));
        (&mut *self.due.add(s), units)
    }
}
