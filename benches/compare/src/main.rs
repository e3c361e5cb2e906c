//! Canonical forms of the empty Domineering rectangles `m × n`, 1 ≤ m, n ≤ 5: our solver
//! timed against an independent implementation in the same run, with the values checked
//! to agree.
//!
//! The other implementation is the `cgt` crate of crates.io (t4ccer's cgt-tools, renamed
//! `cgt_rs` here because our library is also called `cgt`), built without its `rayon`
//! feature so that it runs on one thread like ours.
//!
//! Columns, each the least over the repetitions of the wall time of one call (the work is
//! deterministic, so the fastest run is the one least disturbed by other processes on the
//! machine; building and dropping the tables is outside the clock):
//! - `ours fresh`: `domineering_rect` with a new `GameStore` for each rectangle;
//! - `ours shared`: `domineering_rect` with one `GameStore` for the whole sweep (the
//!   solver's transposition table is still new at each call, only the canonical forms and
//!   the store's sum and comparison memos carry over);
//! - `ours table`: one `GameStore` and one `Domineering` solver for the whole sweep;
//! - `cgt_rs fresh`: a new transposition table for each rectangle;
//! - `cgt_rs shared`: one transposition table for the whole sweep.
//!
//! The sweep goes `1×1, 1×2, …, 1×5, 2×1, …, 5×5`. `total median` is the median of
//! the repetitions' sums and `total fastest` the least of them. `DOMINEERING_REPS` sets the
//! number of repetitions (default 5).
//!
//! Run with `cargo run --release --manifest-path benches/compare/Cargo.toml`.

use std::time::{Duration, Instant};

use cgt::game::{GameId, GameStore, Notation};
use cgt::rulesets::{Domineering, Grid, domineering_rect};
use cgt_rs::grid::small_bit_grid::SmallBitGrid;
use cgt_rs::short::partizan::canonical_form::CanonicalForm;
use cgt_rs::short::partizan::games::domineering::Domineering as RsDomineering;
use cgt_rs::short::partizan::partizan_game::PartizanGame;
use cgt_rs::short::partizan::transposition_table::ParallelTranspositionTable;

const MAX_SIDE: usize = 5;

/// The rectangles in sweep order, as (rows, columns).
fn rectangles() -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for m in 1..=MAX_SIDE {
        for n in 1..=MAX_SIDE {
            out.push((m, n));
        }
    }
    out
}

/// The empty `rows × cols` board of the other crate (its grids are given width first).
fn rs_board(rows: usize, cols: usize) -> RsDomineering {
    let width = u8::try_from(cols).unwrap();
    let height = u8::try_from(rows).unwrap();
    RsDomineering::new(SmallBitGrid::empty(width, height).unwrap())
}

/// Times `f` once.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// The ways of computing one sweep that are timed.
const METHODS: [&str; 5] = [
    "ours fresh",
    "ours shared",
    "ours table",
    "cgt_rs fresh",
    "cgt_rs shared",
];

/// One repetition: the time of every rectangle by every method, and the values found.
struct Sweep {
    /// `times[method][rectangle]`.
    times: Vec<Vec<Duration>>,
    /// Our value of each rectangle, printed, by each of our three methods.
    ours: Vec<[String; 3]>,
    /// The other crate's value of each rectangle, by its two methods.
    theirs: Vec<[CanonicalForm; 2]>,
}

fn sweep() -> Sweep {
    let rects = rectangles();
    let mut times = vec![Vec::new(); METHODS.len()];
    let mut ours: Vec<[String; 3]> = Vec::new();
    let mut theirs: Vec<[CanonicalForm; 2]> = Vec::new();

    let mut shared_store = GameStore::new();
    let mut table_store = GameStore::new();
    let mut solver = Domineering::new();
    let shared_tt = ParallelTranspositionTable::new();

    // The methods alternate rectangle by rectangle so that any drift in the machine's
    // speed during the run falls on all of them alike.
    for &(m, n) in &rects {
        let mut fresh_store = GameStore::new();
        let (a, t) = timed(|| domineering_rect(&mut fresh_store, m, n));
        times[0].push(t);
        let (b, t) = timed(|| domineering_rect(&mut shared_store, m, n));
        times[1].push(t);
        let board = Grid::empty(m, n);
        let (c, t) = timed(|| solver.value(&mut table_store, &board));
        times[2].push(t);
        ours.push([
            fresh_store.display(a, Notation::Ascii),
            shared_store.display(b, Notation::Ascii),
            table_store.display(c, Notation::Ascii),
        ]);

        let fresh_tt = ParallelTranspositionTable::new();
        let pos = rs_board(m, n);
        let (x, t) = timed(|| pos.canonical_form(&fresh_tt));
        times[3].push(t);
        let (y, t) = timed(|| pos.canonical_form(&shared_tt));
        times[4].push(t);
        theirs.push([x, y]);
    }
    Sweep {
        times,
        ours,
        theirs,
    }
}

/// Builds the other crate's canonical form in our store, from its options (our
/// `canonical` puts them in canonical form again, so any equal form gives the same id).
fn import(store: &mut GameStore, g: &CanonicalForm) -> GameId {
    let left: Vec<GameId> = g.left_moves().map(|o| import(store, &o)).collect();
    let right: Vec<GameId> = g.right_moves().map(|o| import(store, &o)).collect();
    store.canonical(&left, &right)
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

/// A duration in the unit that suits it.
fn show(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns < 10_000 {
        format!("{ns} ns")
    } else if ns < 10_000_000 {
        format!("{:.1} µs", ns as f64 / 1e3)
    } else {
        format!("{:.1} ms", ns as f64 / 1e6)
    }
}

fn main() {
    let reps: usize = std::env::var("DOMINEERING_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(5);
    let sweeps: Vec<Sweep> = (0..reps).map(|_| sweep()).collect();
    let rects = rectangles();

    // Every run of every method must give the same value; ours and theirs are compared in
    // one store, where equal canonical forms are the same id.
    let mut store = GameStore::new();
    let mut agree = Vec::new();
    let mut values = Vec::new();
    for (i, &(m, n)) in rects.iter().enumerate() {
        let ours = domineering_rect(&mut store, m, n);
        let printed = store.display(ours, Notation::Ascii);
        let theirs = &sweeps[0].theirs[i][0];
        let same = sweeps.iter().all(|s| {
            s.ours[i].iter().all(|p| *p == printed) && s.theirs[i].iter().all(|g| g == theirs)
        }) && import(&mut store, theirs) == ours;
        agree.push(same);
        values.push((printed, theirs.to_string()));
    }

    println!("Domineering m×n (m rows, Left vertical): fastest of {reps} runs\n");
    print!("{:<14}", "m×n");
    for name in METHODS {
        print!("{name:>15}");
    }
    println!("{:>8}", "agree");
    for (i, &(m, n)) in rects.iter().enumerate() {
        print!("{:<14}", format!("{m}×{n}"));
        for k in 0..METHODS.len() {
            let t = sweeps.iter().map(|s| s.times[k][i]).min().unwrap();
            print!("{:>15}", show(t));
        }
        println!("{:>8}", if agree[i] { "yes" } else { "NO" });
    }
    print!("{:<14}", "total median");
    for k in 0..METHODS.len() {
        let t = median(sweeps.iter().map(|s| s.times[k].iter().sum()).collect());
        print!("{:>15}", show(t));
    }
    let agreed = agree.iter().filter(|&&a| a).count();
    println!("{:>8}", format!("{agreed}/{}", rects.len()));
    print!("{:<14}", "total fastest");
    for k in 0..METHODS.len() {
        let t = sweeps
            .iter()
            .map(|s| s.times[k].iter().sum())
            .min()
            .unwrap();
        print!("{:>15}", show(t));
    }
    println!();

    println!("\nValues (ours in ASCII; the cgt crate's as it prints them):");
    for (&(m, n), (ours, theirs)) in rects.iter().zip(&values) {
        println!("{m}×{n}  {ours}   [cgt_rs: {theirs}]");
    }
    assert_eq!(agreed, rects.len(), "the implementations disagree");
}
