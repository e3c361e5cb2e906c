//! Benchmarks of rulesets written in cgt against the same games built in (issue 15): Kayles
//! as a `heap_game` to heaps 1000 and 3000, and Toads and Frogs `TTTTTT..FFFFFF` as a
//! `partizan_game` on a list of cells. Each iteration starts a fresh session, so nothing
//! is remembered from the one before. The rulesets are the files in `benches/interpreter/`;
//! `cgt FILE` runs them the same way (see the README's performance table). Loading the rules
//! and taking the session apart afterwards are not timed (`cgt FILE` does not take it apart
//! either).

use cgt::eval::Interpreter;
use criterion::{BatchSize, Bencher, Criterion, black_box, criterion_group, criterion_main};

const KAYLES: &str = include_str!("interpreter/kayles.cgt");
const TOADS_AND_FROGS: &str = include_str!("interpreter/toads-and-frogs.cgt");

/// A fresh session that has run `setup`, evaluating `expr`.
fn run(setup: &str, expr: &str) -> String {
    let mut interp = Interpreter::with_sink(Box::new(|_| {}));
    interp.run(setup).expect("the ruleset loads");
    interp.eval_to_string(expr).expect("the ruleset runs")
}

/// Times `expr` in fresh sessions that have run `setup`.
fn time(b: &mut Bencher, setup: &'static str, expr: String) {
    b.iter_batched(
        || {
            let mut interp = Interpreter::with_sink(Box::new(|_| {}));
            interp.run(setup).expect("the ruleset loads");
            interp
        },
        |mut interp| {
            let value = interp.eval_to_string(&expr).expect("the ruleset runs");
            // The session is returned, to be dropped after the timing.
            (black_box(value), interp)
        },
        BatchSize::PerIteration,
    )
}

fn kayles(c: &mut Criterion) {
    // The rules agree with the built-in Kayles before they are timed.
    assert_eq!(
        run(
            KAYLES,
            "nim_values(K, 0..300) == nim_values(kayles, 0..300)"
        ),
        "true"
    );
    let mut group = c.benchmark_group("kayles heap_game");
    group.sample_size(10);
    for n in [1000, 3000] {
        group.bench_function(format!("to heap {n}"), |b| {
            time(b, KAYLES, format!("nim_values(K, {n}..{n})"))
        });
    }
    group.bench_function("built-in kayles to heap 3000", |b| {
        time(b, "", "nim_values(kayles, 3000..3000)".into())
    });
    group.finish();
}

fn toads_and_frogs(c: &mut Criterion) {
    let board = r#"cells("TTTTTT..FFFFFF")"#;
    assert_eq!(
        run(
            TOADS_AND_FROGS,
            &format!("TF({board}) == toads_and_frogs(\"TTTTTT..FFFFFF\")")
        ),
        "true"
    );
    let mut group = c.benchmark_group("toads and frogs TTTTTT..FFFFFF");
    group.sample_size(10);
    group.bench_function("written in cgt", |b| {
        time(b, TOADS_AND_FROGS, format!("TF({board})"))
    });
    group.bench_function("built in", |b| {
        time(b, "", "toads_and_frogs(\"TTTTTT..FFFFFF\")".into())
    });
    group.finish();
}

criterion_group!(benches, kayles, toads_and_frogs);
criterion_main!(benches);
