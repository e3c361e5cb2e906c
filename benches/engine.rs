//! Benchmarks of the canonical-form engine: big sums of hot games, comparisons, and
//! building canonical forms from random option sets, and printing a huge value
//! (`cargo bench --bench engine -- printing`).
//!
//! Every measured iteration starts from a fresh store (or one fresh per batch, built in an
//! unmeasured setup), so the memo tables never carry results from one iteration to the next.

use cgt::game::{Dyadic, GameId, GameStore};
use criterion::{BatchSize, Criterion, black_box, criterion_group, criterion_main};
use num_bigint::BigInt;

/// SplitMix64: deterministic pseudo-random choices (the same games every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A random subset of `items`, each kept with probability `1 / one_in`.
    fn subset(&mut self, items: &[GameId], one_in: u64) -> Vec<GameId> {
        items
            .iter()
            .copied()
            .filter(|_| self.next().is_multiple_of(one_in))
            .collect()
    }
}

fn dyadic(n: i64, exp: u32) -> Dyadic {
    Dyadic::new(BigInt::from(n), exp)
}

/// The 22 canonical forms born by day 2, built from 0 by taking all option subsets twice.
fn day_two(s: &mut GameStore) -> Vec<GameId> {
    let mut day = vec![s.zero()];
    for _ in 0..2 {
        let subsets: Vec<Vec<GameId>> = (0..1u32 << day.len())
            .map(|m| {
                (0..day.len())
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| day[i])
                    .collect()
            })
            .collect();
        let mut next = Vec::new();
        for l in &subsets {
            for r in &subsets {
                next.push(s.canonical(l, r));
            }
        }
        next.sort();
        next.dedup();
        day = next;
    }
    assert_eq!(day.len(), 22);
    day
}

/// `n` random games `{A | B}` with `A`, `B` random subsets of day 2 (birthday <= 3).
fn random_day_three(s: &mut GameStore, day2: &[GameId], n: usize, seed: u64) -> Vec<GameId> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let l = rng.subset(day2, 4);
            let r = rng.subset(day2, 4);
            s.canonical(&l, &r)
        })
        .collect()
}

/// The switches `{n | -n}` for `n = 1..=20`.
fn twenty_switches(s: &mut GameStore) -> Vec<GameId> {
    (1..=20)
        .map(|n| {
            let (p, m) = (s.integer(n), s.integer(-n));
            s.canonical(&[p], &[m])
        })
        .collect()
}

/// `*1, …, *20`.
fn twenty_nimbers(s: &mut GameStore) -> Vec<GameId> {
    (1..=20).map(|m| s.nimber(m)).collect()
}

/// Adds the games one at a time, left to right, starting from 0.
fn fold_sum(s: &mut GameStore, games: &[GameId]) -> GameId {
    games.iter().fold(s.zero(), |acc, &g| s.add(acc, g))
}

/// (a) `{1|-1} + {2|-2} + … + {20|-20} + *1 + *2 + … + *20` in a fresh store, added one
/// game at a time in that order; and, for comparison, the switches alone and the same sum
/// with the nimbers added first (their sum is `*20`, by nim-addition, before any switch).
fn switches_and_nimbers(c: &mut Criterion) {
    let mut group = c.benchmark_group("switches and nimbers");
    group.sample_size(10);
    group.bench_function("{n|-n} for n = 1..20", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            let games = twenty_switches(&mut s);
            black_box(fold_sum(&mut s, &games))
        })
    });
    group.bench_function("{n|-n} for n = 1..20, then *1..*20", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            let mut games = twenty_switches(&mut s);
            games.extend(twenty_nimbers(&mut s));
            black_box(fold_sum(&mut s, &games))
        })
    });
    group.bench_function("*1..*20, then {n|-n} for n = 1..20", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            let mut games = twenty_nimbers(&mut s);
            games.extend(twenty_switches(&mut s));
            black_box(fold_sum(&mut s, &games))
        })
    });
    group.finish();
}

/// The ten switches `{a_i | b_i}` of (b): `a_i = i + 1/4`, `b_i = -(2i + 1)/8`, so the
/// temperatures `(a_i - b_i)/2` are distinct.
fn ten_switches(s: &mut GameStore) -> Vec<GameId> {
    (1..=10)
        .map(|i| {
            let a = s.number(dyadic(4 * i + 1, 2));
            let b = s.number(dyadic(-(2 * i + 1), 3));
            s.canonical(&[a], &[b])
        })
        .collect()
}

/// (b) Hot sums: ten switches of distinct temperatures, then with `^` and `*` added five
/// times each, alternately.
fn hot_sums(c: &mut Criterion) {
    let mut group = c.benchmark_group("hot sums");
    group.sample_size(10);
    group.bench_function("10 switches {a|b} of distinct temperatures", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            let mut acc = s.zero();
            for g in ten_switches(&mut s) {
                acc = s.add(acc, g);
            }
            black_box(acc)
        })
    });
    group.bench_function("10 switches + (^ + *) x 5", |b| {
        b.iter(|| {
            let mut s = GameStore::new();
            let mut acc = s.zero();
            for g in ten_switches(&mut s) {
                acc = s.add(acc, g);
            }
            let zero = s.zero();
            let star = s.nimber(1);
            let up = s.canonical(&[zero], &[star]);
            for _ in 0..5 {
                acc = s.add(acc, up);
                acc = s.add(acc, star);
            }
            black_box(acc)
        })
    });
    group.finish();
}

/// (c) All 40 000 ordered comparisons `G <= H` among 200 random games of birthday <= 3.
/// How many ordered pairs of `games` satisfy `g <= h`: every pair compared.
fn count_leq_pairs(s: &mut GameStore, games: &[GameId]) -> usize {
    let mut count = 0usize;
    for &g in games {
        for &h in games {
            count += usize::from(s.leq(g, h));
        }
    }
    count
}

fn pairwise_leq(c: &mut Criterion) {
    let mut group = c.benchmark_group("comparisons");
    group.sample_size(10);
    group.bench_function("leq on all pairs of 200 games born by day 3", |b| {
        b.iter_batched(
            || {
                let mut s = GameStore::new();
                let day2 = day_two(&mut s);
                let games = random_day_three(&mut s, &day2, 200, 7);
                (s, games)
            },
            |(mut s, games)| black_box(count_leq_pairs(&mut s, &games)),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// (d) Canonical forms of 2000 random `{A | B}` with `A`, `B` subsets of day 2, and of all
/// `{A | B}` with `A`, `B` antichains of day 2 (exactly the 1474 games born by day 3).
fn day_three(c: &mut Criterion) {
    let mut group = c.benchmark_group("day 3");
    group.sample_size(10);
    group.bench_function("canonical of 2000 random pairs of day-2 subsets", |b| {
        b.iter_batched(
            || {
                let mut s = GameStore::new();
                let day2 = day_two(&mut s);
                let mut rng = Rng(42);
                let pairs: Vec<(Vec<GameId>, Vec<GameId>)> = (0..2000)
                    .map(|_| (rng.subset(&day2, 3), rng.subset(&day2, 3)))
                    .collect();
                (s, pairs)
            },
            |(mut s, pairs)| {
                let ids: Vec<GameId> = pairs.iter().map(|(l, r)| s.canonical(l, r)).collect();
                black_box(ids)
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("all 1474 games born by day 3 from antichains", |b| {
        b.iter_batched(
            || {
                let mut s = GameStore::new();
                let day2 = day_two(&mut s);
                let chains = antichains(&mut s, &day2);
                (s, chains)
            },
            |(mut s, chains)| {
                let mut ids = Vec::with_capacity(chains.len() * chains.len());
                for l in &chains {
                    for r in &chains {
                        ids.push(s.canonical(l, r));
                    }
                }
                ids.sort();
                ids.dedup();
                assert_eq!(ids.len(), 1474);
                black_box(ids)
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// All antichains (sets of pairwise incomparable games) of `items`.
fn antichains(s: &mut GameStore, items: &[GameId]) -> Vec<Vec<GameId>> {
    let n = items.len();
    let mut comparable = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            comparable[i][j] = i != j && (s.leq(items[i], items[j]) || s.leq(items[j], items[i]));
        }
    }
    let mut out = vec![Vec::new()];
    let mut stack: Vec<(Vec<usize>, usize)> = vec![(Vec::new(), 0)];
    while let Some((current, start)) = stack.pop() {
        for (i, row) in comparable.iter().enumerate().skip(start) {
            if current.iter().all(|&j| !row[j]) {
                let mut next = current.clone();
                next.push(i);
                out.push(next.iter().map(|&k| items[k]).collect());
                stack.push((next, i + 1));
            }
        }
    }
    out
}

/// A sink that counts the bytes it is given and keeps none of them.
struct Count(usize);

impl std::fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// Issue 27: printing G + G + G for G the 4×6 Domineering rectangle (about 1.1 GB of text)
/// into a sink that keeps nothing, in CGSuite's style, the value computed outside the clock
/// (each iteration a fresh store, so nothing of the print is remembered).
fn printing(c: &mut Criterion) {
    let mut group = c.benchmark_group("printing");
    group.sample_size(10);
    group.bench_function("G+G+G, G = 4x6 Domineering, to a counting sink", |b| {
        b.iter_batched(
            || {
                let mut s = GameStore::new();
                let g = cgt::rulesets::domineering_rect(&mut s, 4, 6);
                let gg = s.add(g, g);
                let ggg = s.add(gg, g);
                (s, ggg)
            },
            |(mut s, g)| {
                let mut sink = Count(0);
                let style = cgt::game::Style::cgsuite(cgt::game::Notation::Ascii);
                s.write_styled(g, style, &mut sink).unwrap();
                black_box(sink.0)
            },
            BatchSize::PerIteration,
        )
    });
    // The session's streamed print (what `cgt -e` does): G + G (519,387 characters)
    // handed on in pieces to a sink that counts them, G computed outside the clock.
    group.bench_function("G+G, G = 4x6 Domineering, streamed by a session", |b| {
        b.iter_batched(
            || {
                let mut i = cgt::eval::Interpreter::with_sink(Box::new(|_| {}));
                let g = i
                    .eval_value("let g = domineering(4, 6); g")
                    .expect("the board is solved");
                (i, g)
            },
            |(mut i, g)| {
                let mut count = 0usize;
                i.run_streaming("<bench>", "g + g", &mut |piece| count += piece.len())
                    .expect("printed");
                black_box(count);
                (i, g)
            },
            BatchSize::PerIteration,
        )
    });
    // What the REPL does with a value (issue 27 item 3, streamed everywhere): G + G + G
    // printed through a streaming session, cut at a terminal's eight lines of 80 columns,
    // the other 1.13 G characters counted as they are printed and not kept; and
    // `print(G + G)`'s line streamed. G is computed outside the clock.
    for (name, limit, program) in [
        (
            "G+G+G, G = 4x6 Domineering, at the REPL: cut at 640 characters, the rest counted",
            Some(640),
            "g + g + g",
        ),
        (
            "print(G+G), G = 4x6 Domineering, streamed by a session",
            None,
            "print(g + g)",
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    let count = std::rc::Rc::new(std::cell::Cell::new(0usize));
                    let seen = count.clone();
                    let mut session = cgt::Session::streaming(
                        Box::new(move |piece| seen.set(seen.get() + piece.len())),
                        Box::new(|_| {}),
                    );
                    session
                        .eval("let g = domineering(4, 6)")
                        .expect("the board is solved");
                    (session, count)
                },
                |(mut session, count)| {
                    let mut left_out = 0;
                    session
                        .run_each("<bench>", program, &mut |p, v| {
                            left_out += p.print_value(&v, limit);
                        })
                        .expect("printed");
                    black_box((count.get(), left_out));
                    session
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// Issue 27 item 5 (comparisons cheaper where theory allows) on the games that make
/// `leq` a quarter of a Domineering search: the values of the Domineering rectangles up to
/// 4×5 (hot games with many options) and all their sums of two, compared pair by pair
/// with the comparison memo emptied first (the solver filled it).
fn domineering_leq(c: &mut Criterion) {
    let mut group = c.benchmark_group("comparisons");
    group.sample_size(10);
    group.bench_function(
        "leq on all pairs of Domineering rectangles to 4x5 and their sums of two",
        |b| {
            b.iter_batched(
                || {
                    let mut s = GameStore::new();
                    let mut games = Vec::new();
                    for m in 1..=4 {
                        for n in 1..=5 {
                            games.push(cgt::rulesets::domineering_rect(&mut s, m, n));
                        }
                    }
                    let rectangles = games.clone();
                    for (k, &a) in rectangles.iter().enumerate() {
                        for &b in &rectangles[k..] {
                            games.push(s.add(a, b));
                        }
                    }
                    s.empty_caches();
                    (s, games)
                },
                |(mut s, games)| black_box(count_leq_pairs(&mut s, &games)),
                BatchSize::LargeInput,
            )
        },
    );
    group.finish();
}

criterion_group!(
    benches,
    printing,
    domineering_leq,
    switches_and_nimbers,
    hot_sums,
    pairwise_leq,
    day_three
);
criterion_main!(benches);
