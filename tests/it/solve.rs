//! `solve(g)` (the outcome solver, issue 45): its outcome is the canonical form's on every
//! small board of rulesets written in cgt (Clobber and Domineering written with
//! `grid_game`, a row game written with `partizan_game`) and of the built-in games, on
//! sums and plain games, with no component valued exactly (limit 0) and with the default
//! bound; its record and its errors.

use super::grid_game::boards;
use cgt::Session;

/// Clobber from one cell (as in `tests/it/grid_game.rs`).
const CLOBBER: &str = r#"def clob(g, r, c) = (
  let me = cell(g, r, c) in
  let other = if me == "x" then "o" else "x" in
  let after = [set_cell(set_cell(g, r, c, "."), n[0], n[1], me) for n in neighbours(g, r, c) if cell(g, n[0], n[1]) == other] in
  if me == "x" then [after, []] else [[], after])"#;

/// Domineering from one empty cell (as in `tests/it/grid_game.rs`).
const DOMINEERING: &str = r##"def dom(g, r, c) = (
  let down = [set_cell(set_cell(g, r, c, "#"), r + 1, c, "#") for _ in [1] if r + 1 < g.height and cell(g, r + 1, c) == "."] in
  let across = [set_cell(set_cell(g, r, c, "#"), r, c + 1, "#") for _ in [1] if c + 1 < g.width and cell(g, r, c + 1) == "."] in
  [down, across])"##;

/// A row where Left fills two adjacent empty cells and Right one (docs/adding-a-ruleset.md).
const ROW: &str = r#"def fill(s, i, n, c) = [if j >= i and j < i + n then c else s[j] for j in 0..len(s)-1]
def row(s) = [[fill(s, i, 2, "L") for i in 0..len(s)-2 if s[i] == "." and s[i+1] == "."], [fill(s, i, 1, "R") for i in 0..len(s)-1 if s[i] == "."]]
let Row = partizan_game(row)"#;

fn run(s: &mut Session, source: &str) -> String {
    let out = s
        .eval(source)
        .unwrap_or_else(|f| panic!("{source}: {}", f.diagnostic.report));
    out.last().map(|o| o.ascii.clone()).unwrap_or_default()
}

fn error(s: &mut Session, source: &str) -> String {
    match s.eval(source) {
        Ok(out) => panic!("{source} gave {:?}", out.last().map(|o| o.ascii.clone())),
        Err(f) => f.diagnostic.report,
    }
}

/// The positions `game(b)` among `boards` where `solve`'s outcome (with `limit`) is not
/// the canonical form's, and how many positions of each class there were.
fn disagreements(s: &mut Session, game: &str, boards: &[String], limit: usize) -> (String, String) {
    let list: Vec<String> = boards.iter().map(|b| format!("{b:?}")).collect();
    run(s, &format!("let bs = [{}]", list.join(", ")));
    let wrong = run(
        s,
        &format!("[b for b in bs if solve({game}(b), {limit})[\"outcome\"] != outcome({game}(b))]"),
    );
    let classes = run(
        s,
        &format!("[len([b for b in bs if outcome({game}(b)) == o]) for o in [L, R, N, P]]"),
    );
    (wrong, classes)
}

#[test]
fn rulesets_written_in_cgt_are_solved_as_their_canonical_forms_say() {
    let mut s = Session::new();
    run(&mut s, CLOBBER);
    run(&mut s, DOMINEERING);
    run(&mut s, ROW);
    run(&mut s, "let C = grid_game(clob, {\"symmetry\" => \"all\"})");
    run(
        &mut s,
        "let D = grid_game(dom, {\"blank\" => \"#\", \"symmetry\" => \"mirror\"})",
    );
    let mut clobber = boards(1, 5, &['x', 'o', '.']);
    clobber.extend(boards(2, 3, &['x', 'o', '.']));
    let mut domineering = boards(3, 3, &['.', '#']);
    domineering.extend(boards(2, 4, &['.', '#']));
    for limit in [0, 2000] {
        let (wrong, classes) = disagreements(&mut s, "C", &clobber, limit);
        assert_eq!(wrong, "[]", "Clobber, limit {limit}");
        assert!(!classes.contains("0"), "every class occurs: {classes}");
        let (wrong, _) = disagreements(&mut s, "D", &domineering, limit);
        assert_eq!(wrong, "[]", "Domineering, limit {limit}");
    }
    let rows: Vec<String> = (1..=7)
        .flat_map(|n| boards(1, n, &['.', 'L', 'R']))
        .map(|b| {
            b.chars()
                .map(|c| format!("{c:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .map(|b| format!("[{}]", b.replace('\'', "\"")))
        .collect();
    let list = rows.join(", ");
    for limit in [0, 2000] {
        let wrong = run(
            &mut s,
            &format!(
                "[r for r in [{list}] if solve(Row(r), {limit})[\"outcome\"] != outcome(Row(r))]"
            ),
        );
        assert_eq!(wrong, "[]", "Row, limit {limit}");
    }
}

#[test]
fn built_in_games_sums_and_plain_games_are_solved() {
    let mut s = Session::new();
    let cases = [
        ("domineering(4, 4)", "N"),
        ("domineering(5, 5)", "P"),
        ("domineering(3, 1)", "L"),
        ("domineering(1, 3)", "R"),
        ("domineering(2, 3)", ""),
        ("clobber(\"xo|ox\") + domineering(2, 2)", ""),
        // Cram by the symmetry strategies: on an even × even board the second player
        // answers each domino with its image under the half turn; on odd × even the first
        // player covers the centre, then does the same.
        ("cram(4, 4)", "P"),
        ("cram(3, 4)", "N"),
        ("{1|-1} + 1/2", "N"),
        ("^ + *", "N"),
        ("^", "L"),
        ("konane(\"xox.|.oxo\")", ""),
    ];
    for (g, expected) in cases {
        let solved = run(&mut s, &format!("solve({g})[\"outcome\"]"));
        let valued = run(&mut s, &format!("outcome({g})"));
        assert_eq!(solved, valued, "{g}");
        if !expected.is_empty() {
            assert_eq!(solved, expected, "{g}");
        }
    }
    // 4 × 4 Domineering: the first player wins, whoever it is.
    assert_eq!(
        run(&mut s, "solve(domineering(4, 4))[\"left_first\"]"),
        "\"Left\""
    );
    assert_eq!(
        run(&mut s, "solve(domineering(4, 4))[\"right_first\"]"),
        "\"Right\""
    );
    assert_eq!(
        run(&mut s, "solve(domineering(3, 1))[\"right_first\"]"),
        "\"Left\""
    );
    assert_eq!(
        run(&mut s, "solve(domineering(5, 5), 0)[\"positions\"] > 0"),
        "true"
    );
}

#[test]
fn bad_arguments_are_errors() {
    let mut s = Session::new();
    let e = error(&mut s, "solve(domineering(2, 2), -1)");
    assert!(e.contains("expected a count"), "{e}");
    let e = error(&mut s, "solve(\"abc\")");
    assert!(e.contains("expected") || e.contains("game"), "{e}");
}
