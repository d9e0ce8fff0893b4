//! Software prefetch: the kernel asks the cache for the lines of the next block it will
//! evaluate while it evaluates this one, so the block's registers arrive from L2 in the shadow
//! of useful work (a hint: it changes no result, and is nothing on targets without it).

/// Cache-line size the hints assume.
pub const LINE: usize = 64;

/// Networks whose blocks' state (switches and links, in bytes) is at most this fit in a
/// core's L2 cache: prefetching them costs instructions and saves nothing.
pub const ABOVE: usize = 512 << 10;

/// Blocks due in one cycle from which a cycle of a network above [`ABOVE`] gives the hints:
/// with fewer awake (low load) each does little, and the hints cost more than they save.
pub const MIN_DUE: usize = 256;

/// From how many blocks due in one cycle a network whose switches and links take `state`
/// bytes gives the hints (`usize::MAX`: never): [`MIN_DUE`] above [`ABOVE`], else never —
/// unless the environment's `FLITWAVE_PREFETCH` says `on` (every cycle) or `off` (never), for
/// measuring both; no result depends on it.
pub fn min_due(state: usize) -> crate::error::Result<usize> {
    let setting = crate::error::env_choice("FLITWAVE_PREFETCH", &["auto", "on", "off"])?;
    Ok(match setting {
        Some("on") => 0,
        Some("off") => usize::MAX,
        _ if state > ABOVE => MIN_DUE,
        _ => usize::MAX,
    })
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
    upto(x, usize::MAX)
}

/// Lines a hint asks for of one of a block's stores at most ([`upto`]): a router's deep
/// buffers (the dragonfly's 256-flit VCs, 61 KiB a router) are asked for by their first
/// lines only, as the hints for the whole store cost more than every miss they save
/// (docs/performance.md, "the cache hints").
pub const MAX_LINES: usize = 8;

/// Ask for the first `lines` cache lines of `x` at most.
#[inline(always)]
pub fn upto<T: ?Sized>(x: &T, lines: usize) {
    let (p, n) = (x as *const T as *const u8, std::mem::size_of_val(x));
    let n = n.min(lines.saturating_mul(LINE));
    let mut off = 0;
    while off < n {
        line(p.wrapping_add(off));
        off += LINE;
    }
}
