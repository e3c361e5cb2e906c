//! Aborting a computation from deep inside the engine: Ctrl-C, or a quantity out of range.
//!
//! The engine's operations are infallible in their signatures (a sum of two games always
//! exists), but a user may interrupt a long computation or ask for something too big to
//! enumerate. Such a computation is abandoned by unwinding with an [`Abort`] payload through
//! `std::panic::resume_unwind`, which does not run the panic hook and so prints nothing; the
//! caller (the evaluator) catches it with [`catch_abort`]. The store stays consistent because
//! memo tables only ever receive finished results.

use std::panic::{AssertUnwindSafe, catch_unwind};

/// Why a computation was abandoned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Abort {
    /// The user pressed Ctrl-C.
    Interrupted,
    /// An exact quantity left its range (e.g. more than 2^63 ups).
    Overflow(String),
    /// Something too large to enumerate was needed (e.g. the options of `*(2^40)`).
    TooLarge(String),
    /// An internal error (a bug): a panic that was not an [`Abort`].
    Internal(String),
}

impl std::fmt::Display for Abort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Abort::Interrupted => write!(f, "interrupted"),
            Abort::Overflow(what) => write!(f, "arithmetic overflow: {what}"),
            Abort::TooLarge(what) => write!(f, "too large: {what}"),
            Abort::Internal(what) => write!(f, "internal error: {what}"),
        }
    }
}

/// Stack kept free below the deepest recursion: a computation that would use it is
/// abandoned. The checks are at most a few frames apart, none of them large.
const STACK_RESERVE: usize = 256 * 1024;

/// Whether the running thread has less than `STACK_RESERVE` of stack left (false where
/// the stack's bounds are unknown). Recursion in the engine and the evaluator is bounded by
/// the stack itself: a game nested a million deep, or a user's recursion through deeply
/// nested expressions, ends in an error rather than a crash.
pub fn stack_exhausted() -> bool {
    remaining_stack().is_some_and(|left| left < STACK_RESERVE)
}

/// How much of the running thread's stack is left, if known. On WebAssembly the linker
/// puts the stack first in memory, growing down towards address 0, so what is left is the
/// address of a local itself (stacker cannot tell there).
fn remaining_stack() -> Option<usize> {
    #[cfg(target_arch = "wasm32")]
    return Some(stack_address());
    #[cfg(not(target_arch = "wasm32"))]
    stacker::remaining_stack()
}

/// The lowest address the running thread's stack may reach before [`stack_exhausted`]
/// holds (the stack grows down), `None` where the stack's bounds are unknown. A caller that
/// checks often keeps it and compares the address of one of its locals, which costs less
/// than asking for the stack's bounds each time.
pub fn stack_floor() -> Option<usize> {
    let here = stack_address();
    remaining_stack().map(|left| here.saturating_sub(left) + STACK_RESERVE)
}

/// An address in the running function's stack frame.
#[inline(always)]
pub fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Abandons the current computation; see the module documentation. Where panics abort
/// rather than unwind (WebAssembly in the browser), nothing can catch it: it panics so that
/// the panic hook hears why, and the front end starts afresh.
pub fn raise(abort: Abort) -> ! {
    #[cfg(panic = "abort")]
    std::panic::panic_any(abort);
    #[cfg(not(panic = "abort"))]
    std::panic::resume_unwind(Box::new(abort))
}

/// Runs `f`, turning an [`Abort`] (or any other panic) into an `Err`.
pub fn catch_abort<T>(f: impl FnOnce() -> T) -> Result<T, Abort> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => Ok(v),
        Err(payload) => Err(match payload.downcast::<Abort>() {
            Ok(a) => *a,
            Err(other) => {
                let msg = other
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| other.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".to_string());
                Abort::Internal(msg)
            }
        }),
    }
}
