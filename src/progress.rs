//! Progress of long computations: two global counters that the engine and the solvers bump
//! as they work, and a [`Reporter`] thread that shows them on a terminal while an evaluation
//! runs for long.
//!
//! The counters are relaxed atomics, bumped once per new canonical form or solved position
//! (each bump sits next to a hash-table insertion, which costs far more). They only grow:
//! a caller measures a computation by the difference of two [`counts`], so sessions on
//! other threads (the tests run many) never reset each other's numbers.
//!
//! This module knows nothing of the language or the REPL: `game/`, `rulesets/`,
//! `impartial/` and `eval/` bump it; the REPL and the command line start a reporter around
//! each evaluation; the output functions write through [`with_line_cleared`], so that a
//! printed line never lands in the middle of the progress line.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

static POSITIONS: AtomicU64 = AtomicU64::new(0);
static GAMES: AtomicU64 = AtomicU64::new(0);

/// A position of a board or heap game was solved (entered in a transposition table).
#[inline]
pub fn position_solved() {
    POSITIONS.fetch_add(1, Ordering::Relaxed);
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

/// The progress line: `computing… 3.4 s, 1.20 M positions, 340 k games`.
pub fn line(elapsed: Duration, work: Counts) -> String {
    let mut out = format!("computing… {:.1} s", elapsed.as_secs_f64());
    if work.positions > 0 {
        out += &format!(", {} positions", human(work.positions));
    }
    if work.games > 0 {
        out += &format!(", {} games", human(work.games));
    }
    out
}

/// How long an evaluation runs before its progress is shown, unless the environment
/// variable `CGT_PROGRESS_DELAY_MS` says otherwise (the terminal tests set it to 0).
pub const DEFAULT_DELAY: Duration = Duration::from_secs(1);

/// How often the line is redrawn.
const REFRESH: Duration = Duration::from_millis(250);

/// Erases the current terminal line: back to its start, then clear to its end.
const ERASE: &str = "\r\x1b[2K";

/// Whether a reporter runs (so [`with_line_cleared`] costs one load when none does).
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Whether the progress line is on the screen now; its lock orders the reporter's drawing
/// with the output of the evaluation.
static SHOWN: Mutex<bool> = Mutex::new(false);

/// Runs `write` (which writes to the terminal) with the progress line erased: the line is
/// taken off the screen first, and the reporter cannot draw it again before `write` is
/// done, so output always starts on a clean line. The reporter draws the line again at its
/// next refresh. `write` must not call this function itself.
pub fn with_line_cleared<T>(write: impl FnOnce() -> T) -> T {
    if !ACTIVE.load(Ordering::Acquire) {
        return write();
    }
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    if *shown {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(ERASE.as_bytes()).and_then(|()| err.flush());
        *shown = false;
    }
    write()
}

/// Draws `text` as the progress line, cut to the terminal's width so it never wraps (a
/// wrapped line could not be erased).
fn draw(text: &str) {
    let width = terminal_size::terminal_size_of(std::io::stderr())
        .map_or(80, |(w, _)| usize::from(w.0))
        .max(10);
    let text: String = text.chars().take(width - 1).collect();
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "{ERASE}{text}").and_then(|()| err.flush());
    *shown = true;
}

/// Shows the progress of one evaluation on standard error while it lasts: nothing for its
/// first second, then a single line redrawn four times a second, erased when the reporter
/// is dropped.
pub struct Reporter {
    stop: Arc<(Mutex<bool>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Reporter {
    /// Starts a reporter if standard error is a terminal (`None` otherwise: piped output
    /// never receives progress lines).
    pub fn start() -> Option<Reporter> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let delay = std::env::var("CGT_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(DEFAULT_DELAY, Duration::from_millis);
        Some(Reporter::with_delay(delay))
    }

    /// A reporter that draws after `delay`, whatever standard error is.
    pub fn with_delay(delay: Duration) -> Reporter {
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let shared = stop.clone();
        let began = Instant::now();
        let start = counts();
        ACTIVE.store(true, Ordering::Release);
        let thread = std::thread::Builder::new()
            .name("cgt-progress".into())
            .spawn(move || {
                let (lock, wake) = &*shared;
                let mut wait = delay;
                loop {
                    let stopped = lock.lock().unwrap_or_else(|e| e.into_inner());
                    let (stopped, _) = wake
                        .wait_timeout_while(stopped, wait, |s| !*s)
                        .unwrap_or_else(|e| e.into_inner());
                    if *stopped {
                        break;
                    }
                    drop(stopped);
                    draw(&line(began.elapsed(), counts().since(start)));
                    wait = REFRESH;
                }
                with_line_cleared(|| ());
            })
            .ok();
        Reporter { stop, thread }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        let (lock, wake) = &*self.stop;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        wake.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        ACTIVE.store(false, Ordering::Release);
    }
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

    #[test]
    fn the_line_names_what_was_done() {
        let work = Counts {
            positions: 1_200_000,
            games: 340_000,
        };
        assert_eq!(
            line(Duration::from_millis(3_400), work),
            "computing… 3.4 s, 1.20 M positions, 340 k games"
        );
        assert_eq!(
            line(Duration::from_millis(1_000), Counts::default()),
            "computing… 1.0 s"
        );
    }

    #[test]
    fn a_reporter_stops_at_once() {
        // No clock: a reporter that waited out its delay before stopping would keep this
        // test from ever ending (its delay is a century), so returning is the proof.
        drop(Reporter::with_delay(Duration::from_secs(
            100 * 365 * 24 * 3600,
        )));
    }
}
