//! Benchmarks of the impartial-games library: Grundy sequences of octal games by the
//! sparse-space method (to 10^7 heaps, and the 326,640-heap preperiod of 0.56), proving
//! Kayles' period, and winning moves in Nim and heap games.
//!
//! The long runs (`cargo bench --bench impartial -- long`) take minutes: ten samples of
//! ten million heaps each.
//!
//! Every iteration starts from a fresh solver, so nothing computed in one iteration is
//! reused by the next.

use cgt::impartial::{
    GameSearch, GreenHackenbush, HeapRuleset, HeapSolver, ImpartialError, MisereQuotient, Nim,
    PeriodSearch, QuotientCache, nim_values,
};
use cgt::wld;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use std::time::Duration;

/// SplitMix64: the same "random" positions every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn sequences(c: &mut Criterion) {
    let officers = HeapRuleset::octal("0.6").unwrap();
    let mut group = c.benchmark_group("sequences");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("octal 0.6 to 10^5", |b| {
        b.iter(|| nim_values(black_box(&officers), 0..=100_000).unwrap())
    });
    group.bench_function("octal 0.6 to 10^6", |b| {
        b.iter(|| nim_values(black_box(&officers), 0..=1_000_000).unwrap())
    });
    group.bench_function("grundys game to 10^5", |b| {
        b.iter(|| nim_values(black_box(&HeapRuleset::grundys_game()), 0..=100_000).unwrap())
    });
    group.finish();
}

/// Research-scale runs: 0.6 (officers, period unknown) to ten million heaps, and the proof
/// of the period of 0.56 (period 144; last exceptional heap 326,639, so the Guy–Smith check
/// needs 653,426 values).
fn long_sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("long");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("octal 0.6 to 10^7", |b| {
        b.iter(|| {
            let mut s = HeapSolver::new(HeapRuleset::octal("0.6").unwrap());
            s.grundy(black_box(10_000_000)).unwrap()
        })
    });
    group.bench_function("octal 0.56 period proven (preperiod 326640)", |b| {
        b.iter(|| {
            let mut s = HeapSolver::new(HeapRuleset::octal("0.56").unwrap());
            let PeriodSearch::Proven(p) = s.period_within(1 << 20).unwrap() else {
                panic!("no period")
            };
            assert_eq!((p.preperiod, p.period), (326_640, 144));
        })
    });
    group.bench_function("octal 0.16 period proven (period 149459)", |b| {
        b.iter(|| {
            let mut s = HeapSolver::new(HeapRuleset::octal("0.16").unwrap());
            let PeriodSearch::Proven(p) = s.period_within(1 << 20).unwrap() else {
                panic!("no period")
            };
            assert_eq!((p.preperiod, p.period), (105_351, 149_459));
        })
    });
    // Issue 46: the rate of 0.1777, whose period (60,620,715, Flammenkamp) needs 443 M
    // heaps; the whole proof is `long_periods_tests::flammenkamps_0_1777` in cgt-core.
    group.bench_function("octal 0.1777 to 4*10^6", |b| {
        b.iter(|| {
            let mut s = HeapSolver::new(HeapRuleset::octal("0.1777").unwrap());
            s.grundy(black_box(4_000_000)).unwrap()
        })
    });
    group.finish();
}

fn periods(c: &mut Criterion) {
    c.bench_function("kayles period proven", |b| {
        b.iter(|| {
            let mut s = HeapSolver::new(HeapRuleset::kayles());
            let PeriodSearch::Proven(p) = s.period().unwrap() else {
                panic!("no period")
            };
            assert_eq!(p.period, 12);
        })
    });
    c.bench_function("kayles(10^18) from scratch", |b| {
        b.iter(|| {
            HeapSolver::new(HeapRuleset::kayles())
                .grundy(black_box(10u64.pow(18)))
                .unwrap()
        })
    });
    c.bench_function("dawsons chess period proven", |b| {
        b.iter(|| {
            HeapSolver::new(HeapRuleset::dawsons_chess())
                .period()
                .unwrap()
        })
    });
}

fn moves(c: &mut Criterion) {
    let mut rng = Rng(1);
    let heaps: Vec<u64> = (0..1000).map(|_| rng.next() >> 1).collect();
    let nim = Nim::new(heaps);
    c.bench_function("nim winning moves, 1000 heaps", |b| {
        b.iter(|| black_box(&nim).winning_moves())
    });
    c.bench_function("nim misère winning moves, 1000 heaps", |b| {
        b.iter(|| black_box(&nim).misere_winning_moves())
    });
    c.bench_function(
        "subtraction {1,3,4} winning moves at 10^12-size heaps",
        |b| {
            b.iter(|| {
                let mut s = HeapSolver::new(HeapRuleset::subtraction(&[1, 3, 4]).unwrap());
                s.winning_moves(black_box(&[10u64.pow(12), 2 * 10u64.pow(12) + 5, 17]))
                    .unwrap()
            })
        },
    );
    c.bench_function("kayles winning moves, heaps up to 2000", |b| {
        b.iter(|| {
            let mut s = HeapSolver::new(HeapRuleset::kayles());
            s.winning_moves(black_box(&[2000, 1999, 1500, 77])).unwrap()
        })
    });
    let mut edges = Vec::new();
    for v in 1..2000usize {
        edges.push(((rng.next() % v as u64) as usize, v));
        if rng.next().is_multiple_of(4) {
            edges.push(((rng.next() % v as u64) as usize, v));
        }
    }
    let graph = GreenHackenbush::new(2000, edges, &[0]).unwrap();
    c.bench_function("green hackenbush grundy, 2000 vertices", |b| {
        b.iter(|| black_box(&graph).grundy())
    });
}

/// Misère quotients heap by heap (Plambeck–Siegel), each verified: Kayles to heap 100
/// (order 40, stable from heap 27) and 0.75 to heap 100 (order 8, R_8).
fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere quotients");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    let kayles = HeapRuleset::kayles();
    group.bench_function("kayles to heap 100", |b| {
        b.iter(|| {
            let q = MisereQuotient::compute::<ImpartialError, _>(
                black_box(100),
                |h| kayles.options(h),
                None,
            )
            .unwrap();
            assert_eq!(q.order(), 40);
        })
    });
    let r8 = HeapRuleset::octal("0.75").unwrap();
    group.bench_function("0.75 to heap 100", |b| {
        b.iter(|| {
            let q = MisereQuotient::compute::<ImpartialError, _>(
                black_box(100),
                |h| r8.options(h),
                None,
            )
            .unwrap();
            assert_eq!(q.order(), 8);
        })
    });
    // A session's second question: winning moves of a sum of heaps up to 90 from the
    // cached quotient of Kayles to heap 100 (the options compared, no computation).
    let mut cache = QuotientCache::new();
    cache
        .exact::<ImpartialError, _>(100, |h| kayles.options(h), None)
        .unwrap();
    group.bench_function("kayles winning moves from the cache", |b| {
        b.iter(|| {
            let q = cache
                .covering::<ImpartialError, _>(black_box(90), |h| kayles.options(h), None)
                .unwrap();
            assert_eq!(q.winning_moves(&[33, 47, 90]).unwrap().len(), 1);
        })
    });
    group.finish();
}

/// The searches of games given by a move function (the fallback for games without
/// theory): Grundy values and misère outcomes of Kayles rows as sorted heap lists, and a
/// W-L-D solution of Pick-Up-Bricks.
fn searches(c: &mut Criterion) {
    #[allow(clippy::ptr_arg)] // the positions are sorted heap lists
    fn kayles_moves(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for take in 1..=2.min(n) {
                for left in 0..=(n - take) / 2 {
                    let mut next = heaps.clone();
                    next.remove(i);
                    next.extend([left, n - take - left].into_iter().filter(|&h| h > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    }
    let mut group = c.benchmark_group("game search");
    group.bench_function("kayles grundy, rows 9 + 8 + 7", |b| {
        b.iter(|| {
            let mut s = GameSearch::infallible(kayles_moves);
            s.grundy(black_box(&vec![7, 8, 9])).unwrap()
        })
    });
    group.bench_function("kayles misère outcome, rows 6 + 5 + 4", |b| {
        b.iter(|| {
            let mut s = GameSearch::infallible(kayles_moves);
            s.misere_outcome(black_box(&vec![4, 5, 6])).unwrap()
        })
    });
    group.bench_function("W-L-D pick-up-bricks 20000", |b| {
        b.iter(|| {
            wld::solve_game(
                (black_box(20_000u32), None),
                wld::Player::Louise,
                |&(n, _), who| {
                    Ok::<_, wld::WldError>((1..=2.min(n)).map(|k| (n - k, Some(who))).collect())
                },
                |&(n, last)| {
                    Ok(if n == 0 {
                        last.map(wld::WldOutcome::win_for)
                    } else {
                        None
                    })
                },
            )
            .unwrap()
            .outcome()
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    searches,
    sequences,
    periods,
    moves,
    long_sequences,
    quotients
);
criterion_main!(benches);
