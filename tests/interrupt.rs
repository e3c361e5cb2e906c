//! Ctrl-C: every long computation stops promptly with "interrupted" and the session keeps
//! its bindings, in the library and in the REPL.
//!
//! "Promptly" is measured in work, not time (a busy machine makes any time bound fail):
//! the games and positions created between the moment the interrupt flag is set and the
//! moment the computation returns ([`cgt::progress::counts`]) stay under [`AFTER_FLAG`].
//! The counters are shared by the whole process, so the tests that read them run one at
//! a time ([`one_at_a_time`]); the watchdogs sleep before interrupting, which decides
//! only when the flag is set, never whether a test passes.

use cgt::eval::Interpreter;
use cgt::progress::{Counts, counts};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// Games and positions a computation may still create after the interrupt flag is set
/// (measured: at most a few hundred; a computation that ignores the flag goes on for
/// millions).
const AFTER_FLAG: u64 = 10_000;

/// Held by the tests that measure work with the process-wide counters.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sets `flag` after `after`, as Ctrl-C would; the thread's result is the counters at the
/// moment the flag was set.
fn watchdog(flag: Arc<AtomicBool>, after: Duration) -> JoinHandle<Counts> {
    std::thread::spawn(move || {
        std::thread::sleep(after);
        let at = counts();
        flag.store(true, Ordering::SeqCst);
        at
    })
}

/// The work done between the flag being set (`at`) and now.
fn work_since(at: Counts) -> u64 {
    let w = counts().since(at);
    w.games + w.positions
}

/// Computations that run for minutes (or exhaust memory) if not interrupted.
const LONG: &[&str] = &[
    // (`{0 | *60000}` and its atomic weight stood here, canonicalising a literal with
    // thousands of nimbers below it: since the stops carry how a game sits against them
    // (stop 38), that takes milliseconds and no longer needs an interrupt.)
    // Board solvers: large boards (all moves were listed at every level of the search,
    // gigabytes in seconds) and exponential searches.
    "cram(1000, 1000)",
    "cram(2, 1000)",
    "domineering(9, 9)",
    "chomp(40, 40)",
    "clobber(\"xoxoxoxoxoxoxoxo|oxoxoxoxoxoxoxox|xoxoxoxoxoxoxoxo\")",
    "toads_and_frogs(\"TTTTTTTTTTTT......FFFFFFFFFFFF\")",
    "cutcake(800, 800)",
];

/// Runs `src` in a session (as the binary does, on a large stack) that a watchdog
/// interrupts after `after`; returns the error message, the work done after the
/// interrupt, and whether the session still knows `keep`.
fn interrupt(src: &'static str, after: Duration) -> (String, u64, bool) {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let (mut i, out) = Interpreter::collecting();
            i.run("let keep = 5").unwrap();
            let flag = watchdog(i.interrupt_flag(), after);
            let result = i.run(src);
            let late = work_since(flag.join().unwrap());
            let message = result.err().map(|e| e.message().to_string());
            out.borrow_mut().clear();
            i.run("keep").unwrap();
            let kept = out.borrow().as_slice() == ["5"];
            (message.unwrap_or_else(|| "finished".into()), late, kept)
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn long_computations_stop_promptly_and_keep_the_session() {
    let _serial = one_at_a_time();
    for src in LONG {
        let (message, late, kept) = interrupt(src, Duration::from_millis(300));
        assert_eq!(message, "interrupted", "{src}");
        assert!(
            late < AFTER_FLAG,
            "{src}: {late} games and positions after the interrupt"
        );
        assert!(kept, "{src}: the session lost its bindings");
    }
}

#[test]
fn ctrl_c_in_the_repl_returns_to_the_prompt() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("NO_COLOR", "1")
        .spawn()
        .expect("cgt runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // The first entry's output says the session is up; the second runs for minutes.
    stdin.write_all(b"let keep = 5\nkeep\n").unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line.trim(), "5");
    for src in ["cram(2, 1000)", "chomp(40, 40)"] {
        stdin.write_all(format!("{src}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(Duration::from_millis(500));
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        stdin.write_all(b"keep + 1\n").unwrap();
        stdin.flush().unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        // Waiting for the answer is the test: an interrupt that is ignored never gives it.
        assert_eq!(line.trim(), "6", "{src}: the session must go on");
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.matches("interrupted").count(), 2, "{stderr}");
    assert!(!stderr.contains("internal error"), "{stderr}");
}

#[test]
fn an_interrupted_ruleset_leaves_no_position_marked() {
    // Millions of positions, each on the search's stack until the bottom is reached:
    // Ctrl-C comes while hundreds of thousands are marked as being solved. The marks must
    // all go, or asking for any of those positions again would report the rules as loopy.
    let _serial = one_at_a_time();
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(|| {
            let (mut i, _out) = Interpreter::collecting();
            i.run("let S = impartial_game(n -> [n - k for k in [1, 3, 4] if k <= n])")
                .unwrap();
            let flag = watchdog(i.interrupt_flag(), Duration::from_millis(300));
            let result = i.run("S(9000000)");
            let late = work_since(flag.join().unwrap());
            let message = result.err().map(|e| e.message().to_string());
            assert_eq!(message.as_deref(), Some("interrupted"));
            assert!(late < AFTER_FLAG, "{late} positions after the interrupt");
            let value = i.eval_value("S").unwrap();
            let Some(rules) = value.as_ruleset() else {
                panic!("S is a ruleset")
            };
            let rules = rules
                .as_any()
                .downcast_ref::<cgt::eval::usergame::UserRules>()
                .expect("S is written in cgt");
            assert_eq!(rules.pending(), 0, "positions left marked as being solved");
            assert_eq!(i.eval_to_string("S(100) == S(2)").unwrap(), "true");
        })
        .unwrap()
        .join()
        .unwrap();
}
