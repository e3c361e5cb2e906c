//! The heap as the budget sees it: an allocator that counts the bytes the process holds.
//!
//! The tables of the engine estimate their own size before they grow, but a session holds
//! more than its tables: the values a program builds (lists, strings, maps), a printer's
//! text, the options a ruleset lists. [`CountingAllocator`] wraps the system allocator and
//! keeps the bytes live in one counter, so that [`in_use`] is what the process really
//! holds on its heap; the budget's checks compare it with the budget (see
//! [`super::budget`]).
//!
//! A library cannot choose the allocator of the program that uses it: each program
//! installs it (`cgt`'s command line does, and so may a Python module or a Rust program):
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: cgt_core::game::budget_alloc::CountingAllocator =
//!     cgt_core::game::budget_alloc::CountingAllocator;
//! ```
//!
//! Where it is not installed, [`in_use`] stays 0 and the budget bounds the tables by their
//! estimates only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes allocated and not yet freed, through [`CountingAllocator`].
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes it holds (see the module documentation).
pub struct CountingAllocator;

// SAFETY: every call is passed on to `System` unchanged; the counter is only arithmetic
// on the sizes, and no call unwinds or allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System.alloc`'s.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator (so by `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc`, and `new_size` follows `realloc`'s contract.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

/// The bytes the process holds on its heap now, when [`CountingAllocator`] is its
/// allocator (0 otherwise).
#[inline]
pub fn in_use() -> u64 {
    LIVE.load(Ordering::Relaxed) as u64
}
