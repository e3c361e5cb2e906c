//! Large tables kept in transparent huge pages: the store's memos, the solvers' tables.
//!
//! The memos of comparisons and sums are looked up at random places of tables of hundreds
//! of megabytes: with pages of 4 KB nearly every look-up also missed the processor's table
//! of pages (a walk of the page tables before the slot itself could be fetched). Linux
//! keeps an allocation in pages of 2 MB when asked (`madvise(MADV_HUGEPAGE)`, the mode
//! most systems run transparent huge pages in); it is a hint, and nothing changes where
//! the kernel declines.

/// Tables smaller than this are not worth the advice.
const ADVISED_FROM: usize = 8 << 20;

/// A vector of `n` copies of `fill`, asked for huge pages before its memory is first
/// written (see the module documentation) when it is large.
pub fn filled_table<T: Clone>(n: usize, fill: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise_huge_pages(v.as_mut_ptr().cast(), n * std::mem::size_of::<T>());
    v.resize(n, fill);
    v
}

/// Asks Linux to keep the pages inside `bytes` bytes from `start` (a live allocation of
/// this process) in huge pages.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    use std::ffi::{c_int, c_void};
    const PAGE: usize = 4096;
    const MADV_HUGEPAGE: c_int = 14;
    unsafe extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    if bytes < ADVISED_FROM {
        return;
    }
    // madvise takes whole pages: the pages inside the allocation.
    let begin = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + bytes) / PAGE * PAGE;
    if end > begin {
        // SAFETY: the range lies inside a live allocation of this process, and this advice
        // changes neither its contents nor whether it may be used; its result (whether the
        // kernel took the hint) is not needed.
        unsafe { madvise(begin as *mut c_void, end - begin, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table is filled whatever its size (past the advice's threshold too).
    #[test]
    fn tables_are_filled() {
        for n in [0, 1, 1000, (ADVISED_FROM / 8) + 4097] {
            let v = filled_table(n, 7u64);
            assert_eq!(v.len(), n);
            assert!(v.iter().all(|&x| x == 7));
        }
    }
}
