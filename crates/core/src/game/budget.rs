//! The session's memory budget: how many bytes the big tables of a computation may take.
//!
//! A computation that would outgrow the machine (a quadratic table of a loopy game, a game
//! store of hundreds of millions of forms) must end in an error, not in an aborted process:
//! the allocator aborts when it cannot give memory, and that loses the session. So the
//! allocators of the engine ask [`check`] *before* they allocate, with an estimate of the
//! bytes they are about to hold; over the budget, the computation is abandoned with
//! [`Abort::TooLarge`] naming what grew, and the session keeps its prompt and bindings.
//!
//! The budget is one number for the process (a relaxed atomic): the session sets it once
//! (`--memory`, `:memory`), and every thread's checks read it. Its default is half the
//! physical memory, and at most half the address-space limit (`ulimit -v`) when one is
//! set, read from `/proc` on Linux; elsewhere [`FALLBACK_BYTES`]. Half, because the
//! estimates count the big tables only, and a table that doubles holds both its old and
//! its new buffer for a moment.

use super::abort::{Abort, raise};
use std::sync::atomic::{AtomicU64, Ordering};

/// The budget when the machine's memory cannot be read: 4 GB.
pub const FALLBACK_BYTES: u64 = 4 << 30;

/// Address space the threads' stacks reserve (the interpreter runs on a 1 GB stack), not
/// available to the tables under an address-space limit.
const STACKS_BYTES: u64 = (1 << 30) + (64 << 20);

/// 0 stands for "not set yet": the default is computed at the first use.
static BUDGET: AtomicU64 = AtomicU64::new(0);

/// The budget in bytes.
pub fn budget() -> u64 {
    match BUDGET.load(Ordering::Relaxed) {
        0 => {
            let d = default_budget();
            BUDGET.store(d, Ordering::Relaxed);
            d
        }
        b => b,
    }
}

/// Sets the budget (at least 1 MB, so that the smallest computations still run).
pub fn set_budget(bytes: u64) {
    BUDGET.store(bytes.max(1 << 20), Ordering::Relaxed);
}

/// Half the physical memory, and at most half the address-space limit left beside the
/// stacks.
pub fn default_budget() -> u64 {
    let physical = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| mem_total(&t))
        .map_or(FALLBACK_BYTES, |total| total / 2);
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|t| address_space_limit(&t));
    match limit {
        Some(l) => physical.min(l.saturating_sub(STACKS_BYTES) / 2),
        None => physical,
    }
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The soft "Max address space" of `/proc/self/limits`, in bytes (`None` when unlimited).
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    soft.parse().ok()
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
    format!(
        "{what} would hold {} {items} ({}), over the memory budget of {} \
         (set it with --memory or :memory)",
        human_count(count),
        human(bytes),
        human(budget())
    )
}

/// Abandons the computation with [`Abort::TooLarge`] if `bytes` exceed the budget; the
/// message says that `what` would hold `count` `items`.
pub fn check(what: &str, count: u64, items: &str, bytes: u64) {
    if let Some(message) = exceeded(what, count, items, bytes) {
        raise(Abort::TooLarge(message));
    }
}

/// [`check`] for a caller that reports errors itself: the message when `bytes` exceed the
/// budget.
pub fn exceeded(what: &str, count: u64, items: &str, bytes: u64) -> Option<String> {
    (bytes > budget()).then(|| over_budget(what, count, items, bytes))
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
    fn machine_memory_and_limits_are_read() {
        let meminfo = "MemTotal:       24000000 kB\nMemFree: 1 kB\n";
        assert_eq!(mem_total(meminfo), Some(24_000_000 * 1024));
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         3000000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(3_000_000_000));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        assert!(default_budget() >= 1 << 20);
    }

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
