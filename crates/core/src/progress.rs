//! Progress of long computations: two global counters that the engine and the solvers bump
//! as they work. A front end shows them while an evaluation runs for long (the command
//! line's progress line).
//!
//! The counters are relaxed atomics, bumped once per new canonical form or solved position
//! (each bump sits next to a hash-table insertion, which costs far more). They only grow:
//! a caller measures a computation by the difference of two [`counts`], so sessions on
//! other threads (the tests run many) never reset each other's numbers.
//!
//! This module knows nothing of the language or the terminal: `game/`, `impartial/`, the
//! rulesets and the language bump it; front ends read it.

use std::sync::atomic::{AtomicU64, Ordering};

static POSITIONS: AtomicU64 = AtomicU64::new(0);
static GAMES: AtomicU64 = AtomicU64::new(0);

/// A position of a board or heap game was solved (entered in a transposition table).
#[inline]
pub fn position_solved() {
    POSITIONS.fetch_add(1, Ordering::Relaxed);
}

/// `count` positions were solved (a heap solver's table grew by `count` heaps).
#[inline]
pub fn positions_solved(count: u64) {
    POSITIONS.fetch_add(count, Ordering::Relaxed);
}

/// A new canonical form entered a game store.
#[inline]
pub fn game_created() {
    GAMES.fetch_add(1, Ordering::Relaxed);
}

/// The counters at one moment; the difference of two is the work done in between.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions solved by the board and heap solvers and by rulesets written in cgt.
    pub positions: u64,
    /// Canonical forms created.
    pub games: u64,
}

impl Counts {
    /// The work done since `earlier`.
    pub fn since(self, earlier: Counts) -> Counts {
        Counts {
            positions: self.positions.saturating_sub(earlier.positions),
            games: self.games.saturating_sub(earlier.games),
        }
    }
}

/// The counters now.
pub fn counts() -> Counts {
    Counts {
        positions: POSITIONS.load(Ordering::Relaxed),
        games: GAMES.load(Ordering::Relaxed),
    }
}

/// A count in three significant figures: `950`, `12.3 k`, `1.20 M`.
pub fn human(n: u64) -> String {
    if n < 1000 {
        return n.to_string();
    }
    let (value, unit) = [(1e3, "k"), (1e6, "M"), (1e9, "G"), (1e12, "T")]
        .into_iter()
        .rev()
        .find(|(scale, _)| n as f64 >= *scale)
        .map(|(scale, unit)| (n as f64 / scale, unit))
        .unwrap_or((n as f64, ""));
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_grow_with_the_bumps() {
        let before = counts();
        position_solved();
        position_solved();
        game_created();
        let work = counts().since(before);
        // Other tests may bump the global counters meanwhile.
        assert!(work.positions >= 2 && work.games >= 1, "{work:?}");
    }

    #[test]
    fn numbers_read_in_three_figures() {
        assert_eq!(human(0), "0");
        assert_eq!(human(950), "950");
        assert_eq!(human(1_234), "1.23 k");
        assert_eq!(human(12_345), "12.3 k");
        assert_eq!(human(340_000), "340 k");
        assert_eq!(human(1_200_000), "1.20 M");
        assert_eq!(human(7_000_000_000), "7.00 G");
    }
}
