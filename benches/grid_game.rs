//! A ruleset written with `grid_game` (the moves of one cell, in cgt) against the built-in
//! of the same game: Clobber on checkerboards, each iteration in a fresh session (nothing
//! carries over). The ratio is the price of writing the rules in cgt; see
//! docs/performance.md.

use criterion::{Criterion, black_box, criterion_group, criterion_main};

/// Clobber from one cell, as docs/adding-a-ruleset.md writes it.
const CLOBBER: &str = r#"def clob(g, r, c) = (
  let me = cell(g, r, c) in
  let other = if me == "x" then "o" else "x" in
  let after = [set_cell(set_cell(g, r, c, "."), n[0], n[1], me) for n in neighbours(g, r, c) if cell(g, n[0], n[1]) == other] in
  if me == "x" then [after, []] else [[], after])
let C = grid_game(clob, {"symmetry" => "all"})"#;

fn value(setup: &str, expr: &str) -> String {
    let mut s = cgt::Session::new();
    s.set_threads(1);
    if !setup.is_empty() {
        s.eval(setup)
            .unwrap_or_else(|f| panic!("{}", f.diagnostic.report));
    }
    let out = s
        .eval(expr)
        .unwrap_or_else(|f| panic!("{}", f.diagnostic.report));
    out[0].ascii.clone()
}

fn clobber(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_game clobber");
    group.sample_size(10);
    for board in ["xoxox|oxoxo", "xoxo|oxox|xoxo"] {
        assert_eq!(
            value(CLOBBER, &format!("C({board:?})")),
            value("", &format!("clobber({board:?})"))
        );
        group.bench_function(format!("grid_game {board}"), |b| {
            b.iter(|| black_box(value(CLOBBER, &format!("C({board:?})"))))
        });
        group.bench_function(format!("built-in {board}"), |b| {
            b.iter(|| black_box(value("", &format!("clobber({board:?})"))))
        });
    }
    group.finish();
}

criterion_group!(benches, clobber);
criterion_main!(benches);
