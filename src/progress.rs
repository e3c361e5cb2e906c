//! The progress line of a long computation at a terminal: a [`Reporter`] thread shows the
//! core's work counters ([`cgt::progress`]) on standard error while an evaluation runs for
//! long; the output functions ([`crate::output`]) write through [`with_line_cleared`], so
//! that a printed line never lands in the middle of the progress line.

use cgt::progress::{Counts, counts, human};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

/// Runs `f` (which hands the terminal to another program: the pager) with the progress
/// line erased and not drawn again before `f` is done.
pub fn paused<T>(f: impl FnOnce() -> T) -> T {
    with_line_cleared(|| PAUSED.fetch_add(1, Ordering::AcqRel));
    let result = f();
    PAUSED.fetch_sub(1, Ordering::AcqRel);
    result
}

/// How many [`paused`] calls are running: while any is, the line is not drawn.
static PAUSED: AtomicUsize = AtomicUsize::new(0);

/// Draws `text` as the progress line, cut to the terminal's width so it never wraps (a
/// wrapped line could not be erased).
fn draw(text: &str) {
    let width = terminal_size::terminal_size_of(std::io::stderr())
        .map_or(80, |(w, _)| usize::from(w.0))
        .max(10);
    let text: String = text.chars().take(width - 1).collect();
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    if PAUSED.load(Ordering::Acquire) > 0 {
        return;
    }
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
    fn a_reporter_stops_without_waiting_for_its_delay() {
        // Dropping wakes the thread rather than waiting out the 60 s delay (were it to
        // wait, this test would hang); afterwards output no longer clears a line.
        let reporter = Reporter::with_delay(Duration::from_secs(60));
        assert!(ACTIVE.load(Ordering::Acquire));
        drop(reporter);
        assert!(!ACTIVE.load(Ordering::Acquire));
    }
}
