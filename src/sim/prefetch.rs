//! Software prefetch: the kernel asks the cache for the lines of the next block it will
//! evaluate while it evaluates this one, so the block's registers arrive from L2 in the shadow
//! of useful work (a hint: it changes no result, and is nothing on targets without it).

/// Cache-line size the hints assume.
pub const LINE: usize = 64;

/// Networks whose blocks' state (switches and links, in bytes) is at most this fit in a
/// core's L2 cache: prefetching them costs instructions and saves nothing.
pub const ABOVE: usize = 512 << 10;

/// Whether a network whose switches and links take `state` bytes prefetches: above
/// [`ABOVE`], unless the environment's `FLITWAVE_PREFETCH` says `on` or `off` (for measuring
/// both; no result depends on it).
pub fn enabled(state: usize) -> crate::error::Result<bool> {
    match std::env::var("FLITWAVE_PREFETCH").as_deref() {
        Err(_) | Ok("auto") => Ok(state > ABOVE),
        Ok("on") => Ok(true),
        Ok("off") => Ok(false),
        Ok(v) => Err(crate::error::Error::new(format!(
            "environment variable FLITWAVE_PREFETCH={v:?}: allowed values are auto, on and off"
        ))),
    }
}

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
