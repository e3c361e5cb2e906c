//! Benchmarks of loopy games (issue 27 item 1; issue 29 item 12): the degree and variety of
//! stoppers whose differences `G − G` have many of Right's moves on cycles, and the loopy
//! board rulesets (Backsliding Toads and Frogs, Fox and Geese) from the board to the
//! printed value. Each iteration starts a fresh session, so nothing is remembered from the
//! one before. The figures before and after the deletion from above (sides.rs) are in
//! docs/performance.md.

use cgt::eval::Interpreter;
use criterion::{BatchSize, Criterion, black_box, criterion_group, criterion_main};

/// Times `expr` in fresh sessions.
fn bench_expr(c: &mut Criterion, group: &str, cases: &[(&str, &str)]) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    for &(name, expr) in cases {
        g.bench_function(name, |b| {
            b.iter_batched(
                || Interpreter::with_sink(Box::new(|_| {})),
                |mut interp| {
                    let value = interp.eval_to_string(expr).expect("the value is computed");
                    (black_box(value), interp)
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

fn stoppers(c: &mut Criterion) {
    bench_expr(
        c,
        "stoppers",
        &[
            (
                "degree of the issue-29 stopper",
                "degree(a{0|{0||||0,*2|||a|0||0}||0})",
            ),
            (
                "degree of a twenty-follower stopper with two cycles",
                "degree(a{0,{1|b{*|a}}|{0||||0,*2|||a|0||0}||0})",
            ),
            (
                "degree of a twenty-follower stopper plus {pass|3/2}",
                "degree(a{0,{1|b{*|a}}|{0||||0,*2|||a|0||0}||0} + {pass|3/2})",
            ),
            ("variety of uponth", "variety(^<on>)"),
            (
                "variety of a sum of three stoppers",
                "variety({0|||0||pass|0} + {pass|3/2} + ^<on>)",
            ),
        ],
    );
}

fn boards(c: &mut Criterion) {
    bench_expr(
        c,
        "loopy boards",
        &[
            (
                "backsliding TT..F",
                "backsliding_toads_and_frogs(\"TT..F\")",
            ),
            (
                "backsliding TT..FF",
                "backsliding_toads_and_frogs(\"TT..FF\")",
            ),
            // Rows of eight cells (issue 27 item 1), besides `TTT..FFF` below.
            (
                "backsliding TT...FFF (eight cells)",
                "backsliding_toads_and_frogs(\"TT...FFF\")",
            ),
            (
                "backsliding TTT..FF. (eight cells)",
                "backsliding_toads_and_frogs(\"TTT..FF.\")",
            ),
            ("fox and geese 4x4", "fox_and_geese(\"F...|....|.G.G\")"),
            (
                "fox and geese 3x8, four geese",
                "fox_and_geese(\"...F....|........|G.G.G.G.\")",
            ),
            (
                "fox and geese 4x8, four geese",
                "fox_and_geese(\"...F....|........|........|G.G.G.G.\")",
            ),
            (
                "fox and geese 4x10, four geese",
                "fox_and_geese(\"....F.....|..........|..........|G.G.G.G...\")",
            ),
            (
                "fox and geese 5x8, four geese",
                "fox_and_geese(\"...F....|........|........|........|G.G.G.G.\")",
            ),
            // Issue 46 item 1: the classic board (`2over`, about 30 s of CPU an iteration).
            (
                "fox and geese 6x8, four geese",
                "fox_and_geese(\".F......|........|........|........|........|G.G.G.G.\")",
            ),
            (
                "fox and geese 8x8, the classic start",
                "fox_and_geese(\".F......|........|........|........|........|........|........|G.G.G.G.\")",
            ),
            (
                "backsliding TTT..FFF",
                "backsliding_toads_and_frogs(\"TTT..FFF\")",
            ),
            (
                "backsliding TT....FF",
                "backsliding_toads_and_frogs(\"TT....FF\")",
            ),
            (
                "outcome of backsliding TTTT....FFFF",
                "outcome(backsliding_toads_and_frogs(\"TTTT....FFFF\"))",
            ),
            (
                "backsliding TT.....FF (nine cells)",
                "backsliding_toads_and_frogs(\"TT.....FF\")",
            ),
        ],
    );
}

/// Prints that are refused (issue 27 item 1: `TTTT....FFFF` either solved or refused
/// cleanly), timed to the refusal in fresh sessions.
fn refusals(c: &mut Criterion) {
    let mut g = c.benchmark_group("loopy refusals");
    g.sample_size(10);
    let expr = "backsliding_toads_and_frogs(\"TTTT....FFFF\")";
    g.bench_function("print of backsliding TTTT....FFFF", |b| {
        b.iter_batched(
            || Interpreter::with_sink(Box::new(|_| {})),
            |mut interp| {
                let refused = interp.eval_to_string(expr).is_err();
                assert!(refused, "the print is refused");
                interp
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, stoppers, boards, refusals);
criterion_main!(benches);
