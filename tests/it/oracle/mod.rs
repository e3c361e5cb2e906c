//! The oracles and strategies shared by the rulesets' property tests
//! (`tests/ruleset_properties*.rs`).
//!
//! The oracles are written in cgt and use nothing but the moves of a position in its own
//! terms, never a ruleset's solver: `brute(p)` is the literal game tree
//! `{brute(left moves) | brute(right moves)}`, walked without any table, components or
//! symmetry and made canonical only by the game literal; `brute_text(t)` is the same tree
//! keyed by the text of each position (for games whose unmemoized trees are too big).

// Each property test uses a different part of this module.
#![allow(dead_code)]

use cgt::eval::Interpreter;
use proptest::prelude::*;

/// A session with the oracle `brute` defined; it is not memoized (positions have no key),
/// so it really walks the whole tree of moves.
pub fn session() -> Interpreter {
    let (mut interp, _) = Interpreter::collecting();
    interp
        .run("def brute(p) = {[brute(q) for q in left_moves(p)] | [brute(q) for q in right_moves(p)]}")
        .expect("oracle defined");
    interp
}

/// A session with the oracle `brute_text(t)` for the ruleset built by `game("text")`: the
/// literal tree of the raw moves of the position written `t`, memoized on that text only
/// (no components, no normal form: the text is the whole position as the moves left it).
/// For games whose unmemoized trees are too big to walk (coin rows, Fibonacci Nim).
pub fn text_oracle(game: &str) -> Interpreter {
    let (mut interp, _) = Interpreter::collecting();
    interp
        .run(&format!(
            "def brute_text(t) = {{[brute_text(position(q)) for q in left_moves({game}(t))] | \
             [brute_text(position(q)) for q in right_moves({game}(t))]}}"
        ))
        .expect("oracle defined");
    interp
}

/// Whether `claim` evaluates to `true` in the session; a failure names the claim and what
/// it gave.
pub fn holds(interp: &mut Interpreter, claim: &str) -> Result<(), TestCaseError> {
    match interp.eval_to_string(claim) {
        Ok(v) if v == "true" => Ok(()),
        Ok(v) => Err(TestCaseError::fail(format!("{claim} gave {v}"))),
        Err(e) => Err(TestCaseError::fail(format!(
            "{claim} failed: {}",
            e.message()
        ))),
    }
}

/// A rectangular board of `rows × cols` cells drawn from `alphabet`, rows joined by `|`.
pub fn board(rows: usize, cols: usize, alphabet: &'static [char]) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(alphabet), rows * cols).prop_map(
        move |cells| {
            cells
                .chunks(cols)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        },
    )
}

/// A board of up to 3 rows and 4 columns, at most `max_cells` cells, from `alphabet`.
pub fn small_board(alphabet: &'static [char], max_cells: usize) -> impl Strategy<Value = String> {
    (1usize..=3, 1usize..=4)
        .prop_filter("small enough for the oracle", move |(r, c)| {
            r * c <= max_cells
        })
        .prop_flat_map(move |(r, c)| board(r, c, alphabet))
}

/// Reads `text` with each of the registered games `names`: where it is a position, each part
/// its moves leave (one, unless a move splits the board) must be a position again, and no
/// text may panic.
pub fn reads_as_positions(names: &[&str], text: &str) -> Result<(), TestCaseError> {
    let mut store = cgt::game::GameStore::new();
    for mut game in cgt::rulesets::registry::board_rulesets() {
        if !names.contains(&game.name()) {
            continue;
        }
        if game.value(&mut store, text).is_ok() {
            let (left, right) = game
                .moves(text)
                .map_err(|e| TestCaseError::fail(format!("{}({text:?}): {e}", game.name())))?;
            for part in left.iter().chain(&right).flatten() {
                prop_assert!(
                    game.value(&mut store, part).is_ok(),
                    "{}({part:?})",
                    game.name()
                );
            }
        }
    }
    Ok(())
}
