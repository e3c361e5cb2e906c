//! Benchmarks of the board-game rulesets: canonical forms of Domineering rectangles (each
//! iteration with a fresh store and table, so nothing carries over), Clobber and Toads and
//! Frogs strips, the Domineering sweep of every rectangle up to 5×5, and 5×5 and 6×5 on
//! 1 and 2 threads (`cargo bench --bench rulesets -- threads`), Konane's opened
//! checkerboards and small Amazons boards (these two were `#[ignore]`d tests that printed
//! times and asserted nothing).
//!
//! The goals of issue 27 against cgt-tools: Fission on 5×5 boards, twenty random 6×6
//! Domineering boards with 40% of the squares blocked and three Konane boards (also on the
//! byte boards they had before) (`cargo bench --bench rulesets --
//! goals`), the same positions as `benches/compare`, which times them against the other
//! implementation (see docs/performance.md). Item 4's bounded memory: 5×5 Domineering on
//! one thread with the transposition table unbounded and limited to 256 KB.
//!
//! The same sweep timed against an independent implementation is the separate crate
//! `benches/compare` (see the README's performance table).

use cgt::game::GameStore;
use cgt::rulesets::amazons::amazons;
use cgt::rulesets::domineering::{DominoBoard, DominoGame, DominoRules};
use cgt::rulesets::fission::FissionRules;
use cgt::rulesets::konane::{ByteKonaneRules, KonaneRules, konane};
use cgt::rulesets::ruleset::{Ruleset, Solver};
use cgt::rulesets::ski_jumps::SkiJumpsRules;
use cgt::rulesets::snort::{VertexGame, VertexRules};
use cgt::rulesets::toads::ToadsRules;
use cgt::rulesets::toppling::TopplingRules;
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

/// The 6×6 boards of `benches/compare` with each square blocked with probability 2/5 (the
/// same xorshift generator and seed).
fn random_boards() -> Vec<Grid> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..20)
        .map(|_| {
            let rows: Vec<String> = (0..6)
                .map(|_| {
                    (0..6)
                        .map(|_| if next() % 5 < 2 { '#' } else { '.' })
                        .collect()
                })
                .collect();
            Grid::parse(&rows.join("|")).expect("a board")
        })
        .collect()
}

/// Issue 27's goals against cgt-tools, each position from a fresh store and table.
fn goals(c: &mut Criterion) {
    let mut group = c.benchmark_group("goals");
    group.sample_size(10);
    let boards = random_boards();
    group.bench_function("20 random 6x6 Domineering boards, 40% blocked", |b| {
        b.iter(|| {
            for g in &boards {
                let mut s = GameStore::new();
                black_box(cgt::rulesets::domineering(&mut s, g));
            }
        })
    });
    for board in [
        "x.x.x|.....|..x..|.....|x.x.x",
        ".....|.x.x.|.....|.x.x.|.....",
        "..x..|.....|x.x.x|.....|..x..",
    ] {
        group.bench_function(format!("fission {board}"), |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                let mut solver = Solver::new(FissionRules);
                black_box(solver.value_of(&mut s, board).unwrap())
            })
        });
    }
    // Issue 27 item 4 (6×6 Domineering in bounded memory), on a board a bench can repeat:
    // 5×5 on one thread with the transposition table unbounded and limited to 256 KB (it
    // is then emptied again and again, and the values are found again).
    for limit in [None, Some(256 << 10)] {
        let name = match limit {
            None => "5x5 Domineering, one thread".to_string(),
            Some(bytes) => format!(
                "5x5 Domineering, one thread, table limited to {} KB",
                bytes >> 10
            ),
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                let rules = DominoRules {
                    game: DominoGame::Domineering,
                };
                let mut solver = match limit {
                    None => Solver::new(rules),
                    Some(bytes) => Solver::with_table_limit(rules, bytes),
                };
                let board = DominoBoard::new(Grid::empty(5, 5));
                black_box(solver.value_alone(&mut s, &board))
            })
        });
    }
    // Konane on bit masks and on the byte boards before them (benches/compare's boards).
    for board in [
        "xoxo|oxox|xoxo|o..x",
        "xoxox|oxo.o|x.xox|oxoxo",
        "xox.x|o.oxo|xoxox",
    ] {
        group.bench_function(format!("konane {board}"), |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                black_box(Solver::new(KonaneRules).value_of(&mut s, board).unwrap())
            })
        });
        group.bench_function(format!("konane on bytes {board}"), |b| {
            b.iter(|| {
                let mut s = GameStore::new();
                black_box(
                    Solver::new(ByteKonaneRules)
                        .value_of(&mut s, board)
                        .unwrap(),
                )
            })
        });
    }
    group.finish();
}

/// Issue 27 item 2's other rulesets, on positions of the workloads `benches/compare` times
/// against cgt-tools: a row of 16 Toppling Dominoes (there: ten random rows of 16), its
/// three Ski Jumps boards, its path of 14 for Snort and its four Toads and Frogs rows, each
/// from a fresh store and table.
fn peers(c: &mut Criterion) {
    let mut group = c.benchmark_group("peers");
    group.sample_size(10);
    fn bench<R: Ruleset + 'static>(
        group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        name: &str,
        rules: impl Fn() -> R,
        texts: &[&str],
    ) {
        group.bench_function(name, |b| {
            b.iter(|| {
                for text in texts {
                    let mut s = GameStore::new();
                    black_box(Solver::new(rules()).value_of(&mut s, text).unwrap());
                }
            })
        });
    }
    bench(
        &mut group,
        "toppling dominoes, a row of 16",
        || TopplingRules,
        &["lrrlllrlrrllrlrl"],
    );
    bench(
        &mut group,
        "ski jumps, three boards",
        || SkiJumpsRules,
        &[
            "L.....|..R...|......|....L.",
            "L....R|.R..L.|......",
            "...L....|..R.....|........|.L....R.",
        ],
    );
    bench(
        &mut group,
        "snort, a path of 14",
        || VertexRules(VertexGame::Snort),
        &["14: 0-1 1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10 10-11 11-12 12-13"],
    );
    bench(
        &mut group,
        "toads and frogs, four rows",
        || ToadsRules,
        &["TTTT..FFFF", "TTT.T.F.FFF", "TTTTT...FFFFF", "TT.TF.TF..FF"],
    );
    group.finish();
}

criterion_group!(
    benches,
    goals,
    peers,
    domineering,
    threads,
    strips,
    konane_boards,
    amazons_boards
);
criterion_main!(benches);
