//! Every ruleset cgt shares with an independent implementation, timed side by side in one
//! run, with every value checked to agree.
//!
//! The other implementation is the `cgt` crate of crates.io (t4ccer's cgt-tools, renamed
//! `cgt_rs` here because our library is also called `cgt`), built without its `rayon`
//! feature so that it runs on one thread like ours (a new `GameStore` is sequential).
//!
//! Each workload is a list of positions, each solved from scratch (a new store and solver
//! for ours, a new transposition table for theirs); the figure is the CPU time of this
//! thread over the whole list, the least over the repetitions (the work is deterministic,
//! so the fastest run is the one least disturbed by the other processes of a loaded
//! machine). Ours and theirs alternate position by position, so that a change in the
//! machine's speed during the run falls on both alike. Their values are imported into one
//! of our stores, where equal canonical forms are the same id, and compared with ours.
//!
//! `COMPARE_REPS` sets the number of repetitions (default 3); `COMPARE_ONLY=Fission` runs
//! the workloads whose name contains that text; `COMPARE_SIDE=ours` runs ours alone (to
//! profile it).
//!
//! Run with `cargo run --release --manifest-path benches/compare/Cargo.toml`.

mod workloads;

use std::time::Duration;

use cgt::game::{GameId, GameStore, Notation};
use cgt_rs::short::partizan::canonical_form::CanonicalForm;

use workloads::Workload;

/// The CPU time this thread has used.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "clock_gettime failed");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Runs `f` once, with the CPU time it took.
fn cpu_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = thread_cpu();
    let out = f();
    (out, thread_cpu() - start)
}

/// Builds the other crate's canonical form in our store, from its options (our
/// `canonical` puts them in canonical form again, so any equal form gives the same id).
fn import(store: &mut GameStore, g: &CanonicalForm) -> GameId {
    let left: Vec<GameId> = g.left_moves().map(|o| import(store, &o)).collect();
    let right: Vec<GameId> = g.right_moves().map(|o| import(store, &o)).collect();
    store.canonical(&left, &right)
}

/// A duration in seconds or milliseconds.
fn show(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else {
        format!("{:.1} ms", s * 1e3)
    }
}

/// One workload timed: the least CPU time of ours and theirs over the repetitions, and
/// how many of its positions agree.
struct Row {
    name: String,
    positions: usize,
    ours: Duration,
    theirs: Duration,
    /// Ours by the code path before the latest speed-up, where one is kept.
    before: Option<Duration>,
    agreed: usize,
    sample: String,
}

fn run(w: &Workload, reps: usize) -> Row {
    let mut best = (Duration::MAX, Duration::MAX);
    let mut best_before: Option<Duration> = None;
    let mut agreed = 0;
    let mut sample = String::new();
    for rep in 0..reps {
        let (mut ours_t, mut theirs_t) = (Duration::ZERO, Duration::ZERO);
        let mut before_t: Option<Duration> = None;
        let mut check = GameStore::new();
        let mut agree_now = 0;
        for (k, p) in w.positions.iter().enumerate() {
            let mut store = GameStore::new();
            let (v, t) = cpu_timed(|| (p.ours)(&mut store));
            ours_t += t;
            if ours_only() {
                continue;
            }
            let (cf, t) = cpu_timed(|| (p.theirs)());
            theirs_t += t;
            if let Some(before) = &p.before {
                let mut old_store = GameStore::new();
                let (old, t) = cpu_timed(|| before(&mut old_store));
                *before_t.get_or_insert(Duration::ZERO) += t;
                if rep == 0 {
                    let a = copy(&mut old_store, old, &mut check);
                    let b = copy(&mut store, v, &mut check);
                    assert_eq!(a, b, "{}: the code path before disagrees", p.label);
                }
            }
            if rep == 0 {
                // Our value, printed, read into the checking store through its options.
                let text = store.display(v, Notation::Ascii);
                let ours_there = copy(&mut store, v, &mut check);
                let theirs_there = import(&mut check, &cf);
                if ours_there == theirs_there {
                    agree_now += 1;
                } else {
                    eprintln!("{}: {} disagree: ours {text}, theirs {cf}", w.name, p.label);
                }
                if k == 0 {
                    sample = format!("{} = {text}", p.label);
                }
            }
        }
        if rep == 0 {
            agreed = agree_now;
        }
        best = (best.0.min(ours_t), best.1.min(theirs_t));
        if let Some(t) = before_t {
            best_before = Some(best_before.map_or(t, |b| b.min(t)));
        }
    }
    Row {
        name: w.name.clone(),
        positions: w.positions.len(),
        ours: best.0,
        theirs: best.1,
        before: best_before,
        agreed,
        sample,
    }
}

/// Whether only our side is run (`COMPARE_SIDE=ours`, for profiling ours alone; nothing
/// is checked then).
fn ours_only() -> bool {
    std::env::var("COMPARE_SIDE").is_ok_and(|s| s == "ours")
}

/// Copies the canonical form `g` of `from` into `to`.
fn copy(from: &mut GameStore, g: GameId, to: &mut GameStore) -> GameId {
    let (left, right) = from.options(g);
    let l: Vec<GameId> = left.iter().map(|&o| copy(from, o, to)).collect();
    let r: Vec<GameId> = right.iter().map(|&o| copy(from, o, to)).collect();
    to.canonical(&l, &r)
}

fn main() {
    let reps: usize = std::env::var("COMPARE_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(3);
    let only = std::env::var("COMPARE_ONLY").unwrap_or_default();
    let rows: Vec<Row> = workloads::all()
        .iter()
        .filter(|w| w.name.contains(&only))
        .map(|w| {
            let row = run(w, reps);
            eprintln!(
                "{}: cgt {}, cgt crate {}, {}/{} agree",
                w.name,
                show(row.ours),
                show(row.theirs),
                row.agreed,
                row.positions
            );
            row
        })
        .collect();

    println!("CPU time of one thread, fastest of {reps} runs; a fresh table per position\n");
    println!(
        "| workload | positions | cgt | cgt crate 0.11 | cgt is faster by | values agree | cgt before |"
    );
    println!("|---|---|---|---|---|---|---|");
    for r in &rows {
        println!(
            "| {} | {} | {} | {} | {:.1}× | {}/{} | {} |",
            r.name,
            r.positions,
            show(r.ours),
            show(r.theirs),
            r.theirs.as_secs_f64() / r.ours.as_secs_f64().max(1e-9),
            r.agreed,
            r.positions,
            r.before.map_or("".to_string(), show)
        );
    }
    println!("\nA value from each workload (ours, in ASCII):");
    for r in &rows {
        println!("{}: {}", r.name, r.sample);
    }
    let all_agree = ours_only() || rows.iter().all(|r| r.agreed == r.positions);
    assert!(all_agree, "the implementations disagree");
}
