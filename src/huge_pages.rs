//! The heap in transparent huge pages (Linux with glibc): the allocator of the `flitwave`
//! binary asks the kernel to back the memory it gets with 2 MiB pages.
//!
//! A large network's state — the dragonfly preset's 264 routers of 15 ports with 256-flit
//! VCs, its 1,056 NICs, the planes' rings: some 50 MB — is read all over every cycle; in 4 KiB
//! pages nearly every such read also misses the processor's TLB. glibc backs its heap with
//! 4 KiB pages unless told otherwise (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, read at
//! start-up, does), and most kernels give huge pages only to memory marked for them
//! (`madvise`, the default of `/sys/kernel/mm/transparent_hugepage/enabled`). So
//! [`HugeHeap`] marks it: the main heap's growth as glibc extends it (before anything is
//! written there: a page written in 4 KiB stays so), and blocks of 2 MiB or more it maps
//! itself, aligned. Nothing else changes: results are the same byte for byte, and where the
//! kernel has no huge page to give it gives 4 KiB ones.
//!
//! `FLITWAVE_HUGE_PAGES=off` leaves the heap as glibc keeps it (for measuring both); `on`,
//! or the variable unset, marks it.

use std::alloc::{GlobalAlloc, Layout, System};

/// The environment variable that turns the marking off (as the allocator reads it, without
/// allocating: a C string).
const VAR_C: &std::ffi::CStr = c"FLITWAVE_HUGE_PAGES";

/// The environment variable that turns the marking off.
pub const VAR: &str = match VAR_C.to_str() {
    Ok(v) => v,
    Err(_) => panic!("the variable's name is text"),
};

/// An error naming the variable when it holds neither `on` nor `off` (the allocator, which
/// cannot report one, reads anything but `off` as on).
pub fn check_setting() -> crate::error::Result<()> {
    crate::error::env_choice(VAR, &["on", "off"]).map(|_| ())
}

/// The binary's allocator: [`System`]'s, its memory marked for huge pages.
pub struct HugeHeap;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod imp {
    use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};

    /// A huge page.
    pub const HUGE: usize = 2 << 20;

    /// 0: not decided yet, 1: on, 2: off.
    static STATE: AtomicU8 = AtomicU8::new(0);
    /// The end of the main heap marked so far.
    static MARKED: AtomicUsize = AtomicUsize::new(0);

    /// Whether the heap is marked (decided at the first allocation: the environment read
    /// without allocating), glibc then told to grow it in steps of huge pages and to serve
    /// blocks below 2 MiB from it.
    #[inline]
    pub fn on() -> bool {
        match STATE.load(Relaxed) {
            1 => true,
            2 => false,
            _ => decide(),
        }
    }

    #[cold]
    fn decide() -> bool {
        // SAFETY: getenv of a NUL-terminated name; the value is read before anything could
        // change the environment (the first allocation of the program)
        let off = unsafe {
            let v = libc::getenv(super::VAR_C.as_ptr());
            !v.is_null() && std::ffi::CStr::from_ptr(v).to_bytes() == b"off"
        };
        if !off {
            // SAFETY: mallopt only sets glibc's parameters
            unsafe {
                libc::mallopt(libc::M_TOP_PAD, (4 * HUGE) as i32);
                libc::mallopt(libc::M_TRIM_THRESHOLD, (16 * HUGE) as i32);
                libc::mallopt(libc::M_MMAP_THRESHOLD, HUGE as i32);
            }
        }
        STATE.store(if off { 2 } else { 1 }, Relaxed);
        !off
    }

    /// Mark what the main heap grew by since the last call (from block `p`, the first time).
    #[inline]
    pub fn mark_growth(p: *mut u8) {
        // SAFETY: sbrk(0) reads the current end of the heap
        let end = unsafe { libc::sbrk(0) } as usize;
        if end == usize::MAX {
            return;
        }
        // (threads growing it at once mark what each saw grow, no part twice)
        let from = MARKED.fetch_max(end, Relaxed);
        if end <= from {
            return;
        }
        let start = if from == 0 { p as usize & !4095 } else { from };
        if end > start && start != 0 {
            // SAFETY: advice on pages of the heap; a range not mapped is refused, not harmed
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }

    /// A block of `size` bytes (2 MiB or more) mapped aligned to a huge page and marked.
    pub fn map(size: usize) -> *mut u8 {
        let len = size.next_multiple_of(HUGE) + HUGE;
        // SAFETY: an anonymous private mapping, trimmed below to the aligned part
        unsafe {
            let p = libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if p == libc::MAP_FAILED {
                return std::ptr::null_mut();
            }
            let p = p as usize;
            let a = p.next_multiple_of(HUGE);
            let keep = size.next_multiple_of(HUGE);
            if a > p {
                libc::munmap(p as *mut libc::c_void, a - p);
            }
            if p + len > a + keep {
                libc::munmap((a + keep) as *mut libc::c_void, p + len - (a + keep));
            }
            libc::madvise(a as *mut libc::c_void, keep, libc::MADV_HUGEPAGE);
            a as *mut u8
        }
    }

    /// Unmap a block of [`map`].
    pub fn unmap(p: *mut u8, size: usize) {
        // SAFETY: the block [`map`] returned for `size`
        unsafe { libc::munmap(p as *mut libc::c_void, size.next_multiple_of(HUGE)) };
    }
}

/// Whether a block of layout `l` is one [`imp::map`] maps (2 MiB or more, marking on).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn mapped(l: Layout) -> bool {
    imp::on() && l.size() >= imp::HUGE && l.align() <= imp::HUGE
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
impl HugeHeap {
    /// A block of layout `l` from glibc (`get`: its `alloc` or `alloc_zeroed`), the heap's
    /// growth marked; a large one mapped (zero, as every fresh mapping).
    ///
    /// # Safety
    /// As [`GlobalAlloc::alloc`].
    unsafe fn get(&self, l: Layout, get: unsafe fn(&System, Layout) -> *mut u8) -> *mut u8 {
        if mapped(l) {
            return imp::map(l.size());
        }
        let p = get(&System, l);
        if imp::on() {
            imp::mark_growth(p);
        }
        p
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
unsafe impl GlobalAlloc for HugeHeap {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        self.get(l, System::alloc)
    }

    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        self.get(l, System::alloc_zeroed)
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        if mapped(l) {
            return imp::unmap(p, l.size());
        }
        System.dealloc(p, l)
    }

    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        let small = |n: usize| n < imp::HUGE || l.align() > imp::HUGE;
        if !imp::on() || (small(l.size()) && small(size)) {
            // glibc's own, in place where it can
            let q = System.realloc(p, l, size);
            if imp::on() {
                imp::mark_growth(q);
            }
            return q;
        }
        // a block of 2 MiB or more on either side: a new one, the contents copied
        let new = Layout::from_size_align_unchecked(size, l.align());
        let q = self.alloc(new);
        if !q.is_null() {
            std::ptr::copy_nonoverlapping(p, q, l.size().min(size));
            self.dealloc(p, l);
        }
        q
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
unsafe impl GlobalAlloc for HugeHeap {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        System.alloc(l)
    }

    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        System.alloc_zeroed(l)
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l)
    }

    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        System.realloc(p, l, size)
    }
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// The flags of the mapping that holds address `a` (`/proc/self/smaps`' `VmFlags`).
    fn flags_at(a: usize) -> String {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        for line in smaps.lines() {
            if let Some((range, _)) = line.split_once(' ') {
                if let Some((lo, hi)) = range.split_once('-') {
                    if let (Ok(lo), Ok(hi)) =
                        (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
                    {
                        inside = (lo..hi).contains(&a);
                        continue;
                    }
                }
            }
            if inside {
                if let Some(f) = line.strip_prefix("VmFlags:") {
                    return f.to_string();
                }
            }
        }
        panic!("no mapping holds {a:#x}")
    }

    /// The kernel marks memory for huge pages (built with them; `never` still takes the
    /// advice, it only gives no page).
    fn kernel_has_them() -> bool {
        std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists()
    }

    #[test]
    fn a_large_block_is_aligned_zeroed_marked_and_keeps_its_contents() {
        if std::env::var(VAR).as_deref() == Ok("off") {
            return;
        }
        let l = Layout::from_size_align(5 << 20, 8).unwrap();
        // SAFETY: a block of `l` used within it, then freed with its layout
        unsafe {
            let p = HugeHeap.alloc_zeroed(l);
            assert!(!p.is_null());
            assert_eq!(p as usize % imp::HUGE, 0, "aligned to a huge page");
            assert!((0..l.size()).step_by(4096).all(|i| *p.add(i) == 0));
            if kernel_has_them() {
                let f = flags_at(p as usize);
                assert!(f.split_whitespace().any(|x| x == "hg"), "marked: {f}");
            }
            for i in 0..l.size() {
                *p.add(i) = i as u8;
            }
            let q = HugeHeap.realloc(p, l, 7 << 20);
            assert!(
                (0..l.size()).all(|i| *q.add(i) == i as u8),
                "kept on growing"
            );
            let l7 = Layout::from_size_align(7 << 20, 8).unwrap();
            let r = HugeHeap.realloc(q, l7, 1000);
            assert!((0..1000).all(|i| *r.add(i) == i as u8), "kept on shrinking");
            HugeHeap.dealloc(r, Layout::from_size_align(1000, 8).unwrap());
        }
    }
}
