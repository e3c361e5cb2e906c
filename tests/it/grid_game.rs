//! Rulesets written with `grid_game` (issue 26): the user writes the moves of one cell and
//! gets decomposition into regions and symmetry. Clobber and Domineering written so give
//! the built-ins' values on every small board, whatever symmetry is asked for; the grid
//! value's operations behave as their definitions say.

use cgt::Session;

/// Clobber from one cell: a stone moves onto an orthogonally adjacent stone of the other
/// colour, which is removed (Albert–Grossman–Nowakowski–Wolfe, "An introduction to
/// Clobber", 2005).
const CLOBBER: &str = r#"def clob(g, r, c) = (
  let me = cell(g, r, c) in
  let other = if me == "x" then "o" else "x" in
  let after = [set_cell(set_cell(g, r, c, "."), n[0], n[1], me) for n in neighbours(g, r, c) if cell(g, n[0], n[1]) == other] in
  if me == "x" then [after, []] else [[], after])"#;

/// Domineering from one empty cell: Left covers it and the cell below, Right it and the
/// cell to its right (Winning Ways ch. 2; covered cells are `#`).
const DOMINEERING: &str = r##"def dom(g, r, c) = (
  let down = [set_cell(set_cell(g, r, c, "#"), r + 1, c, "#") for _ in [1] if r + 1 < g.height and cell(g, r + 1, c) == "."] in
  let across = [set_cell(set_cell(g, r, c, "#"), r, c + 1, "#") for _ in [1] if c + 1 < g.width and cell(g, r, c + 1) == "."] in
  [down, across])"##;

fn run(s: &mut Session, source: &str) -> String {
    let out = s
        .eval(source)
        .unwrap_or_else(|f| panic!("{source}: {}", f.diagnostic.report));
    out.last().map(|o| o.ascii.clone()).unwrap_or_default()
}

/// Every board of `rows` × `cols` over the characters `alphabet`, as strings `"..|.."`.
pub(crate) fn boards(rows: usize, cols: usize, alphabet: &[char]) -> Vec<String> {
    let cells = rows * cols;
    let count = alphabet.len().pow(cells as u32);
    (0..count)
        .map(|mut k| {
            let mut text = String::new();
            for i in 0..cells {
                if i > 0 && i % cols == 0 {
                    text.push('|');
                }
                text.push(alphabet[k % alphabet.len()]);
                k /= alphabet.len();
            }
            text
        })
        .collect()
}

/// The boards on which `ours(b) != builtin(b)`, checked in one cgt list.
fn disagreements(s: &mut Session, ours: &str, builtin: &str, boards: &[String]) -> String {
    let list: Vec<String> = boards.iter().map(|b| format!("{b:?}")).collect();
    run(
        s,
        &format!(
            "[b for b in [{}] if {ours}(b) != {builtin}(b)]",
            list.join(", ")
        ),
    )
}

#[test]
fn clobber_written_with_grid_game_gives_the_builtins_values() {
    let xo = ['x', 'o', '.'];
    let mut all = Vec::new();
    for (rows, cols) in [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
    ] {
        all.extend(boards(rows, cols, &xo));
    }
    assert!(all.len() > 9000);
    for symmetry in ["none", "mirror", "all"] {
        let mut s = Session::new();
        run(&mut s, CLOBBER);
        run(
            &mut s,
            &format!("let C = grid_game(clob, {{\"symmetry\" => \"{symmetry}\"}})"),
        );
        for chunk in all.chunks(2000) {
            assert_eq!(
                disagreements(&mut s, "C", "clobber", chunk),
                "[]",
                "{symmetry}"
            );
        }
    }
}

#[test]
fn clobber_on_a_three_by_three_board_and_a_longer_row() {
    let mut s = Session::new();
    run(&mut s, CLOBBER);
    run(&mut s, "let C = grid_game(clob, {\"symmetry\" => \"all\"})");
    let boards: Vec<String> = [
        "xox|oxo|xox",
        "xo.|oxo|.ox",
        "xxo|oox|xoo",
        "xoxoxoxo",
        "xxooxxoo|o......x",
    ]
    .iter()
    .map(|b| b.to_string())
    .collect();
    assert_eq!(disagreements(&mut s, "C", "clobber", &boards), "[]");
}

#[test]
fn domineering_written_with_grid_game_gives_the_builtins_values() {
    let mut all = Vec::new();
    for (rows, cols) in [
        (1, 4),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (3, 4),
    ] {
        all.extend(boards(rows, cols, &['.', '#']));
    }
    for symmetry in ["none", "mirror"] {
        let mut s = Session::new();
        run(&mut s, DOMINEERING);
        run(
            &mut s,
            &format!(
                "let D = grid_game(dom, {{\"blank\" => \"#\", \"symmetry\" => \"{symmetry}\"}})"
            ),
        );
        assert_eq!(
            disagreements(&mut s, "D", "domineering", &all),
            "[]",
            "{symmetry}"
        );
    }
}

#[test]
fn a_grid_game_position_is_drawn_played_and_split_into_regions() {
    let mut s = Session::new();
    run(&mut s, CLOBBER);
    run(&mut s, "let C = grid_game(clob)");
    let p = s
        .eval("C(\"xo.|..x\")")
        .unwrap_or_else(|f| panic!("{}", f.diagnostic.report));
    assert_eq!(p[0].kind, "position");
    let svg = p[0]
        .svg
        .as_deref()
        .unwrap_or_else(|| panic!("a board has a picture"));
    // Six squares, three stones.
    assert_eq!(svg.matches("<circle").count(), 3);
    assert_eq!(
        run(&mut s, "map(position, left_moves(C(\"xo.|..x\")))"),
        "[\".x.|..x\"]"
    );
    // The sum of its regions: xo (*) and a lone x (0, no moves).
    assert_eq!(run(&mut s, "C(\"xo.|..x\") == C(\"xo\")"), "true");
    assert_eq!(
        run(&mut s, "grid_regions(grid(\"xo.|..x\"))"),
        "[grid(\"xo\"),grid(\"x\")]"
    );
}

#[test]
fn strip_game_takes_the_moves_of_one_place_of_a_string() {
    let mut s = Session::new();
    // Left removes one of her stones: the value counts them.
    run(
        &mut s,
        "let S = strip_game((s, i) -> [[s[0..i-1] + \".\" + s[i+1..len(s)-1] for _ in [1] if s[i] == \"x\"], []])",
    );
    assert_eq!(run(&mut s, "S(\"xx.x.x\")"), "4");
}

#[test]
fn a_strip_game_of_a_thousand_moves_is_solved_without_a_deep_stack() {
    // Left removes her last stone, nothing else: a row of n stones is the integer n after
    // n moves in a row, each a level of the search (solved iteratively by the engine).
    let mut s = Session::new();
    run(
        &mut s,
        "let S = strip_game((s, i) -> [[s[0..i-1] + \".\" for _ in [1] if i == len(s) - 1], []])",
    );
    let row = "x".repeat(1000);
    assert_eq!(run(&mut s, &format!("S({row:?})")), "1000");
}

#[test]
fn rules_that_answer_badly_or_loop_are_errors() {
    let mut s = Session::new();
    let bad = s.eval("outcome(grid_game((g, r, c) -> 3)(\"x\"))").err();
    let message = bad.map(|f| f.diagnostic.message).unwrap_or_default();
    assert!(
        message.contains("should give [Left's grids, Right's grids]"),
        "{message}"
    );
    let loopy = s
        .eval("outcome(grid_game((g, r, c) -> [[g], []])(\"x\"))")
        .err();
    let message = loopy.map(|f| f.diagnostic.message).unwrap_or_default();
    assert!(message.contains("loopy"), "{message}");
    let option = s
        .eval("grid_game((g, r, c) -> [[], []], {\"symetry\" => \"all\"})")
        .err();
    assert!(option.is_some());
}

#[test]
fn grid_operations_follow_their_definitions() {
    let mut s = Session::new();
    run(&mut s, "let g = grid(\"abc|def\")");
    assert_eq!(run(&mut s, "transpose(transpose(g)) == g"), "true");
    assert_eq!(
        run(&mut s, "mirror(mirror(g)) == g and flip(flip(g)) == g"),
        "true"
    );
    assert_eq!(
        run(&mut s, "grid_rows(transpose(g)) == grid_columns(g)"),
        "true"
    );
    // A transpose maps cell (r, c) to (c, r); a mirror (r, c) to (r, width - 1 - c).
    assert_eq!(
        run(
            &mut s,
            "all([cell(transpose(g), p[1], p[0]) == cell(g, p[0], p[1]) and cell(mirror(g), p[0], 2 - p[1]) == cell(g, p[0], p[1]) for p in cells(g)])"
        ),
        "true"
    );
    assert_eq!(
        run(&mut s, "len(neighbours(grid(3, 3, \".\"), 1, 1, 8))"),
        "8"
    );
    assert_eq!(
        run(
            &mut s,
            "cell(set_cell(g, 1, 2, \"z\"), 1, 2) + cell(g, 1, 2)"
        ),
        "\"zf\""
    );
    assert!(s.eval("cell(g, 2, 0)").is_err());
}

/// Every 3×3 board of stones (512 of them, most with no symmetry of their own, so each
/// of their eight images is met and must be brought to the same region): the canonical
/// image chosen in place (`Grid::canonical`) keeps the built-in's values.
#[test]
fn clobber_on_every_three_by_three_board_of_stones() {
    let all = boards(3, 3, &['x', 'o']);
    assert_eq!(all.len(), 512);
    for symmetry in ["mirror", "all"] {
        let mut s = Session::new();
        run(&mut s, CLOBBER);
        run(
            &mut s,
            &format!("let C = grid_game(clob, {{\"symmetry\" => \"{symmetry}\"}})"),
        );
        assert_eq!(
            disagreements(&mut s, "C", "clobber", &all),
            "[]",
            "{symmetry}"
        );
    }
}
