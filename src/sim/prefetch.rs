//! Software prefetch: the kernel asks the cache for the lines of the next block it will
//! evaluate while it evaluates this one, so the block's registers arrive from L2 in the shadow
//! of useful work (a hint: it changes no result, and is nothing on targets without it).

/// Cache-line size the hints assume.
pub const LINE: usize = 64;

/// Ask for the cache line holding `p`.
#[inline(always)]
pub fn line<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it never faults, whatever the address.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p as *const i8)
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Ask for every cache line of `x` (a block's registers held in one place).
#[inline(always)]
pub fn all<T: ?Sized>(x: &T) {
    let (p, n) = (x as *const T as *const u8, std::mem::size_of_val(x));
    let mut off = 0;
    while off < n {
        line(p.wrapping_add(off));
        off += LINE;
    }
}
