//! Benchmarks of the board-game rulesets: canonical forms of Domineering rectangles (each
//! iteration with a fresh store and table, so nothing carries over), Clobber and Toads and
//! Frogs strips, the Domineering sweep of every rectangle up to 5×5, and 5×5 and 6×5 on
//! 1 and 2 threads (`cargo bench --bench rulesets -- threads`), Konane's opened
//! checkerboards and small Amazons boards (these two were `#[ignore]`d tests that printed
//! times and asserted nothing).
//!
//! The same sweep timed against an independent implementation is the separate crate
//! `benches/compare` (see the README's performance table).

use cgt::game::GameStore;
use cgt::rulesets::amazons::amazons;
use cgt::rulesets::konane::konane;
use cgt::rulesets::{Domineering, Grid, clobber, domineering_rect, toads_and_frogs};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

fn domineering(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering");
    group.sample_size(10);
    for (m, n) in [(4, 4), (4, 5), (5, 5)] {
        group.bench_function(format!("{m}x{n}"), |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                black_box(domineering_rect(&mut s, m, n))
            })
        });
    }
    group.bench_function("every rectangle up to 5x5, one table", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            let mut table = Domineering::new();
            for m in 1..=5 {
                for n in 1..=5 {
                    black_box(table.value(&mut s, &Grid::empty(m, n)));
                }
            }
        })
    });
    group.finish();
}

/// The parallel solver against the sequential one on the same boards: 5×5 and 6×5 (6 rows,
/// 5 columns) on 1 and 2 threads, each iteration with a fresh store and table.
fn threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering threads");
    group.sample_size(10);
    for (m, n) in [(5, 5), (6, 5)] {
        for threads in [1, 2] {
            group.bench_function(format!("{m}x{n} on {threads} threads"), |b| {
                b.iter(|| {
                    let mut s = GameStore::new();
                    s.set_threads(threads);
                    black_box(domineering_rect(&mut s, m, n))
                })
            });
        }
    }
    group.finish();
}

fn strips(c: &mut Criterion) {
    let mut group = c.benchmark_group("strips");
    group.sample_size(10);
    group.bench_function("clobber xoxoxoxoxoxo", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            black_box(clobber(&mut s, "xoxoxoxoxoxo").unwrap())
        })
    });
    group.bench_function("toads and frogs TTTT..FFFF", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            black_box(toads_and_frogs(&mut s, "TTTT..FFFF").unwrap())
        })
    });
    group.finish();
}

/// A checkerboard of side `n` with two adjacent stones taken out near the centre, as after
/// Konane's opening, in the text form (`x`, `o`, `.`, rows separated by `|`).
fn opened_checkerboard(n: usize) -> String {
    let centre = (n / 2) * n + n / 2;
    let cell = |i: usize| {
        if i == centre || i + 1 == centre {
            '.'
        } else if (i / n + i % n).is_multiple_of(2) {
            'x'
        } else {
            'o'
        }
    };
    (0..n)
        .map(|r| (0..n).map(|c| cell(r * n + c)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

fn konane_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("konane");
    group.sample_size(10);
    for n in 3..=5 {
        let board = opened_checkerboard(n);
        group.bench_function(format!("opened {n}x{n}"), |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                black_box(konane(&mut s, &board).unwrap())
            })
        });
    }
    group.finish();
}

fn amazons_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("amazons");
    group.sample_size(10);
    for board in [
        "L..|...|..R",
        "L.R|...|...",
        ".L.|...|.R.",
        "L...|....|....|...R",
    ] {
        group.bench_function(board, |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                black_box(amazons(&mut s, board).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    domineering,
    threads,
    strips,
    konane_boards,
    amazons_boards
);
criterion_main!(benches);
