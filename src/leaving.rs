//! Leaving at once after Ctrl-C: the `cgt` binary's allocator is the memory budget's
//! counting allocator (`cgt::game::budget_alloc`), except that once a script or `-e` run is
//! interrupted it no longer gives memory back. The interrupted
//! computation still unwinds (so that, for instance, `nim_values_to_file` brings its file
//! up to date), and its tables are dropped as it does; freeing them block by block took
//! seconds for gigabytes of tables (9.4 s for 1.8 GB), while the process gives all of its
//! memory back at once when it ends a moment later.

use cgt::game::budget_alloc::CountingAllocator;
use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once the run is being left: from then on nothing is freed.
static LEAVING: AtomicBool = AtomicBool::new(false);

/// Stops giving memory back to the system: the process is about to end.
pub fn stop_freeing() {
    LEAVING.store(true, Ordering::Relaxed);
}

/// The counting allocator, whose `dealloc` does nothing once [`stop_freeing`] was called.
pub struct Allocator;

// SAFETY: every allocation is the counting allocator's (the system's), unchanged; skipping a `dealloc` only
// leaks the block (never reused, so never aliased), which the end of the process reclaims.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { CountingAllocator.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { CountingAllocator.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { CountingAllocator.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if !LEAVING.load(Ordering::Relaxed) {
            unsafe { CountingAllocator.dealloc(ptr, layout) }
        }
    }
}
