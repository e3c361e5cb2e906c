//! The fuzz test: random programs from the grammar (see `generator.rs`), valid and broken,
//! run in-process through the library as the `cgt` binary runs them (on a thread with its
//! large stack). No program may panic, abort, end in an "internal error" or hang, and every
//! error must render through miette (the handler the binary uses, and the graphical one).
//!
//! Each program has a time bound: past it, a watchdog interrupts it as Ctrl-C would, and the
//! interpreter must then stop promptly, measured in work and not in time: at most
//! `CGT_FUZZ_AFTER_FLAG` (100,000) games and positions created after the flag is set
//! ([`cgt::progress::counts`]); one that does more fails the test, printed with its seed.
//! The time bound only decides when the flag is set; no verdict depends on a clock. The program being run is also written to
//! `$CARGO_TARGET_TMPDIR/fuzz-current.cgt`, so that an abort (which no test can catch)
//! leaves it behind.
//!
//! `cargo test --release --test fuzz` runs a smoke test of a few thousand programs. A longer
//! run: `CGT_FUZZ_CASES=100000 CGT_FUZZ_SEED=7 cargo test --release --test fuzz -- --nocapture`
//! (`CGT_FUZZ_MS` sets the time bound in milliseconds). To replay one program (and see it),
//! run with its seed, `CGT_FUZZ_ONLY=k` and `--nocapture`.

mod generator;

use cgt::eval::{CgtError, Interpreter, report};
use generator::Generator;
use miette::{GraphicalReportHandler, GraphicalTheme};
use std::io::{Seek, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The stack the `cgt` binary gives its interpreter thread.
const STACK: usize = 1 << 30;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The seed of program `k` of a run seeded with `seed`.
fn program_seed(seed: u64, k: u64) -> u64 {
    seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The panic's message.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Renders the error as the binary does, and with miette's graphical handler.
fn render(e: &CgtError, src: &str) -> Result<(), String> {
    report::try_render(e, "<fuzz>", src).map_err(|p| format!("the error printer panicked: {p}"))?;
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor());
    let report = e.to_report("<fuzz>", src);
    let mut out = String::new();
    catch_unwind(AssertUnwindSafe(|| {
        handler.render_report(&mut out, report.as_ref())
    }))
    .map_err(|p| {
        format!(
            "miette's graphical handler panicked: {}",
            panic_message(&*p)
        )
    })?
    .map_err(|e| format!("miette's graphical handler failed: {e}"))?;
    Ok(())
}

/// Runs one program in a fresh session whose interrupt flag is published in `flag` (for
/// the watchdog); the failure, if any.
fn check(src: &str, flag: &Mutex<Option<Arc<AtomicBool>>>) -> Result<bool, String> {
    let (mut interp, _printed) = Interpreter::collecting();
    *flag.lock().unwrap() = Some(interp.interrupt_flag());
    let result = catch_unwind(AssertUnwindSafe(|| interp.run(src)));
    *flag.lock().unwrap() = None;
    match result {
        Err(p) => Err(format!("panicked: {}", panic_message(&*p))),
        Ok(Ok(())) => Ok(false),
        Ok(Err(e)) => {
            if e.message().starts_with("internal") {
                return Err(format!("internal error: {}", e.message()));
            }
            render(&e, src)?;
            Ok(e.message() == "interrupted")
        }
    }
}

/// What a run found.
#[derive(Default)]
struct Summary {
    programs: usize,
    errors: usize,
    interrupted: usize,
    slowest: Duration,
    slowest_program: u64,
    failures: Vec<String>,
}

/// Runs programs `0..cases` of `seed`, each interrupted after `bound` and required to stop
/// within `latency` games and positions after that.
fn run(seed: u64, cases: u64, bound: Duration, latency: u64) -> Summary {
    let only: Option<u64> = std::env::var("CGT_FUZZ_ONLY")
        .ok()
        .and_then(|v| v.parse().ok());
    let current = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-current.cgt");
    // One handle rewritten in place: opening a file per program costs milliseconds.
    let mut current_file = std::fs::File::create(&current).ok();
    let flag: Arc<Mutex<Option<Arc<AtomicBool>>>> = Arc::default();
    let (to_worker, programs) = mpsc::channel::<String>();
    let (to_main, verdicts) = mpsc::channel::<Result<bool, String>>();
    let worker_flag = flag.clone();
    let _worker = std::thread::Builder::new()
        .name("fuzz".into())
        .stack_size(STACK)
        .spawn(move || {
            for src in programs {
                let verdict = check(&src, &worker_flag);
                if to_main.send(verdict).is_err() {
                    break;
                }
            }
        })
        .expect("spawn the worker");
    let mut summary = Summary::default();
    for k in 0..cases {
        if only.is_some_and(|o| o != k) {
            continue;
        }
        let src = Generator::new(program_seed(seed, k)).program();
        if only.is_some() {
            eprintln!("program {k} of seed {seed}:\n{src}\n");
        }
        if let Some(f) = current_file.as_mut() {
            let _ = f
                .set_len(0)
                .and_then(|()| f.rewind())
                .and_then(|()| f.write_all(src.as_bytes()));
        }
        let start = Instant::now();
        to_worker.send(src.clone()).expect("the worker is alive");
        // The counters when the flag was first set, once the bound has passed.
        let mut interrupted_at: Option<cgt::progress::Counts> = None;
        let mut wait = bound;
        let verdict = loop {
            match verdicts.recv_timeout(wait) {
                Ok(v) => break v,
                Err(RecvTimeoutError::Timeout) => {
                    interrupted_at.get_or_insert_with(cgt::progress::counts);
                    if let Some(f) = flag.lock().unwrap().as_ref() {
                        // As Ctrl-C: set (again, in case the run had not yet begun).
                        f.store(true, Ordering::SeqCst);
                    }
                    wait = Duration::from_millis(20);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the worker died on program {k} of seed {seed}:\n{src:?}")
                }
            }
        };
        summary.programs += 1;
        // A statistic for the summary printed at the end, never a verdict.
        let took = start.elapsed();
        if took > summary.slowest {
            summary.slowest = took;
            summary.slowest_program = k;
        }
        // Ctrl-C must be answered promptly, not only eventually.
        let late = interrupted_at.map_or(0, |at| {
            let work = cgt::progress::counts().since(at);
            work.games + work.positions
        });
        let verdict = match verdict {
            Ok(_) if late > latency => Err(format!(
                "created {late} games and positions after being interrupted (more than \
                 {latency})"
            )),
            v => v,
        };
        match verdict {
            Ok(interrupted) => {
                summary.interrupted += usize::from(interrupted);
            }
            Err(why) => {
                summary.errors += 1;
                summary
                    .failures
                    .push(format!("program {k} of seed {seed}: {why}\n{src:?}"));
                if summary.failures.len() >= 20 {
                    break;
                }
            }
        }
    }
    drop(current_file);
    std::fs::remove_file(&current).ok();
    summary
}

#[test]
fn random_programs_never_panic_abort_or_hang() {
    let seed: u64 = env_or("CGT_FUZZ_SEED", 20_240_610);
    let cases: u64 = env_or("CGT_FUZZ_CASES", 3_000);
    let bound = Duration::from_millis(env_or("CGT_FUZZ_MS", 300));
    // Work, not time, so that a busy machine does not fail the test; a program that
    // ignores Ctrl-C goes on creating millions.
    let latency: u64 = env_or("CGT_FUZZ_AFTER_FLAG", 100_000);
    let start = Instant::now();
    let s = run(seed, cases, bound, latency);
    eprintln!(
        "fuzz: {} programs (seed {seed}) in {:?}: {} interrupted after {bound:?}, slowest \
         {:?} (program {}), {} failures",
        s.programs,
        start.elapsed(),
        s.interrupted,
        s.slowest,
        s.slowest_program,
        s.errors
    );
    assert!(
        s.failures.is_empty(),
        "{} failures:\n\n{}",
        s.failures.len(),
        s.failures.join("\n\n")
    );
}

#[test]
fn the_generator_is_deterministic_and_varied() {
    let a: Vec<String> = (0..50)
        .map(|k| Generator::new(program_seed(1, k)).program())
        .collect();
    let b: Vec<String> = (0..50)
        .map(|k| Generator::new(program_seed(1, k)).program())
        .collect();
    assert_eq!(a, b);
    let all = a.concat();
    for needle in ["{", "[", "(", "\"", "let ", "|"] {
        assert!(all.contains(needle), "{needle} never generated");
    }
}
