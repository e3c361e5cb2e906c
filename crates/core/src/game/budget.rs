//! The session's memory budget: how many bytes a computation may hold.
//!
//! A computation that would outgrow the machine (a quadratic table of a loopy game, a game
//! store of hundreds of millions of forms, a list doubled forty times) must end in an
//! error, not in an aborted process: the allocator aborts when it cannot give memory, and
//! that loses the session. So the engine asks [`check`] *before* a table grows, with an
//! estimate of the bytes it is about to hold, and the language asks [`reserve`] before it
//! builds a large value; the loops that poll for Ctrl-C also [`poll`] the heap. Over the
//! budget, the computation is abandoned with [`Abort::TooLarge`] naming what grew, and the
//! session keeps its prompt and bindings.
//!
//! What the heap holds is counted by [`super::budget_alloc`]'s allocator where the program
//! installs it (the command line does): then the budget bounds everything the process
//! holds, the session's values included. Without it, the tables' estimates alone count.
//!
//! The budget belongs to a session ([`crate::MathState::set_memory_budget`]): a session
//! makes its budget the one of the thread it computes on ([`set_thread_budget`]) each time
//! it starts a computation, and the parallel solvers give it to their helper threads, so
//! two sessions in one process (two notebooks in one kernel) keep their own. A thread that
//! no session computes on uses the process's default: half the smallest limit of the
//! machine (see [`super::budget_limits`]), unless [`set_default_budget`] changed it.

use super::abort::{Abort, raise};
pub use super::budget_alloc::in_use;
pub use super::budget_limits::{DefaultBudget, FALLBACK_BYTES};
use std::cell::Cell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The process's default set by [`set_default_budget`] (0: the machine's default).
static DEFAULT_SET: AtomicU64 = AtomicU64::new(0);

/// The machine's default, read once.
static MACHINE_DEFAULT: OnceLock<DefaultBudget> = OnceLock::new();

thread_local! {
    /// The budget of the session computing on this thread (0: the process's default).
    static THREAD_BUDGET: Cell<u64> = const { Cell::new(0) };
}

/// The smallest budget: the smallest computations still run.
pub const MIN_BYTES: u64 = 1 << 20;

/// The budget of the computation running on this thread, in bytes.
pub fn budget() -> u64 {
    match THREAD_BUDGET.with(Cell::get) {
        0 => default_budget(),
        b => b,
    }
}

/// Makes `bytes` (at least [`MIN_BYTES`]; 0: the process's default) the budget of what
/// this thread computes from now on. A session calls it when it starts a computation; a
/// parallel solver calls it on each helper thread with [`thread_budget`] of the thread
/// that started it.
pub fn set_thread_budget(bytes: u64) {
    let b = if bytes == 0 { 0 } else { bytes.max(MIN_BYTES) };
    THREAD_BUDGET.with(|t| t.set(b));
}

/// What [`set_thread_budget`] last set on this thread (0: the process's default), to hand
/// to a helper thread.
pub fn thread_budget() -> u64 {
    THREAD_BUDGET.with(Cell::get)
}

/// The budget of the threads no session set one on: [`set_default_budget`]'s, or the
/// machine's default.
pub fn default_budget() -> u64 {
    match DEFAULT_SET.load(Ordering::Relaxed) {
        0 => machine_default().bytes,
        b => b,
    }
}

/// Sets the process's default budget (at least [`MIN_BYTES`]; 0: the machine's again),
/// for every session that sets none of its own.
pub fn set_default_budget(bytes: u64) {
    let b = if bytes == 0 { 0 } else { bytes.max(MIN_BYTES) };
    DEFAULT_SET.store(b, Ordering::Relaxed);
}

/// The machine's default budget and where it came from (the smallest of the physical
/// memory, the address-space limit and the cgroup's limit; read once).
pub fn machine_default() -> &'static DefaultBudget {
    MACHINE_DEFAULT.get_or_init(super::budget_limits::machine_default)
}

/// `bytes` in the unit a reader takes in at a glance: `512 B`, `3.2 MB`, `2.9 GB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    if bytes < 1000 {
        return format!("{bytes} B");
    }
    let mut x = bytes as f64 / 1000.0;
    let mut unit = 0;
    while x >= 1000.0 && unit + 1 < UNITS.len() {
        x /= 1000.0;
        unit += 1;
    }
    format!("{x:.1} {}", UNITS[unit])
}

/// A count in the same spirit: `950`, `41 M`, `3 k`.
fn human_count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{} k", n / 1_000),
        _ => format!("{} M", n / 1_000_000),
    }
}

/// The message of a check that failed: `what` (e.g. "the game store") would hold `count`
/// `items` taking `bytes`, over the budget.
pub fn over_budget(what: &str, count: u64, items: &str, bytes: u64) -> String {
    // Beside the heap in use, when that is what passes the budget.
    let used = in_use();
    let beside = if bytes <= budget() && used > 0 {
        format!(", beside {} in use", human(used))
    } else {
        String::new()
    };
    format!(
        "{what} would hold {} {items} ({}{beside}), over the memory budget of {} \
         (set it with --memory or :memory)",
        human_count(count),
        human(bytes),
        human(budget())
    )
}

/// Abandons the computation with [`Abort::TooLarge`] if a table that is about to grow to
/// `bytes` does not fit the budget; the message says that `what` would hold `count`
/// `items`. See [`exceeded`].
pub fn check(what: &str, count: u64, items: &str, bytes: u64) {
    if let Some(message) = exceeded(what, count, items, bytes) {
        raise(Abort::TooLarge(message));
    }
}

/// [`check`] for a caller that reports errors itself: the message when a table growing to
/// `bytes` does not fit. It does not when `bytes` exceed the budget, or when the heap in
/// use ([`in_use`], which holds the table's old buffer) and the half of `bytes` that
/// growing adds (a table doubles) exceed it.
pub fn exceeded(what: &str, count: u64, items: &str, bytes: u64) -> Option<String> {
    let b = budget();
    (bytes > b || in_use().saturating_add(bytes / 2) > b)
        .then(|| over_budget(what, count, items, bytes))
}

/// Abandons the computation with [`Abort::TooLarge`] unless `bytes` more (a new value
/// about to be built: a list, a string) fit in the budget beside the heap in use.
pub fn reserve(what: &str, count: u64, items: &str, bytes: u64) {
    if let Some(message) = reserve_exceeded(what, count, items, bytes) {
        raise(Abort::TooLarge(message));
    }
}

/// [`reserve`] for a caller that reports errors itself.
pub fn reserve_exceeded(what: &str, count: u64, items: &str, bytes: u64) -> Option<String> {
    (in_use().saturating_add(bytes) > budget()).then(|| over_budget(what, count, items, bytes))
}

/// Abandons the computation with [`Abort::TooLarge`] if the heap in use has passed the
/// budget; the loops that check for Ctrl-C call it (one load and one comparison).
#[inline]
pub fn poll() {
    if let Some(message) = poll_exceeded() {
        raise(Abort::TooLarge(message));
    }
}

/// [`poll`] for a caller that reports errors itself.
#[inline]
pub fn poll_exceeded() -> Option<String> {
    poll_exceeded_with(String::new)
}

/// [`poll_exceeded`] with a detail after the bytes in use (`detail` is called only over
/// the budget): ", 300 MB of them in the game store".
#[inline]
pub fn poll_exceeded_with(detail: impl FnOnce() -> String) -> Option<String> {
    let used = in_use();
    (used > budget()).then(|| {
        format!(
            "the computation's tables and values hold {}{}, over the memory budget of {} \
             (set it with --memory or :memory)",
            human(used),
            detail(),
            human(budget())
        )
    })
}

/// Reads a size as `--memory` and `:memory` take it: bytes, or a number with `K`, `M`,
/// `G` or `T` (powers of 1024, an optional `B`, any case): `512M`, `2G`, `1.5GB`.
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.strip_suffix('B').unwrap_or(&t);
    let (number, scale) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 1u64 << 10),
        'M' => (&t[..t.len() - 1], 1 << 20),
        'G' => (&t[..t.len() - 1], 1 << 30),
        'T' => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let x: f64 = number.trim().parse().ok()?;
    if !x.is_finite() || x <= 0.0 {
        return None;
    }
    let bytes = x * scale as f64;
    (bytes < u64::MAX as f64).then_some(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::catch_abort;

    #[test]
    fn sizes_are_read_with_units() {
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("2g"), Some(2 << 30));
        assert_eq!(parse_size("1.5GB"), Some(3 << 29));
        assert_eq!(parse_size("1000"), Some(1000));
        assert_eq!(parse_size("-1G"), None);
        assert_eq!(parse_size("lots"), None);
        assert_eq!(human(2_900_000_000), "2.9 GB");
    }

    #[test]
    fn a_check_over_the_budget_is_a_clean_abort() {
        let b = budget();
        assert!(catch_abort(|| check("a table", 10, "entries", 100)).is_ok());
        match catch_abort(|| check("the game store", 41_000_000, "games", b + 1)) {
            Err(Abort::TooLarge(msg)) => {
                assert!(
                    msg.contains("the game store would hold 41 M games"),
                    "{msg}"
                );
                assert!(msg.contains("memory budget"), "{msg}");
            }
            other => panic!("expected TooLarge, got {other:?}"),
        }
    }
}
