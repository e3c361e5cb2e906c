//! Built-ins for positions in their own terms: rulesets written in cgt (`partizan_game`,
//! `impartial_game`), the moves of any position or sum, and winning moves in partizan sums.

use super::{Args, Builtin, Topic};
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::games::usergame::UserRules;
use crate::values::host::Host;
use crate::values::value::Record;
use crate::values::value::Value;
use std::rc::Rc;

/// `partizan_game(f)` / `impartial_game(f)`, with an optional function drawing a position
/// (see [`crate::values::games::userpicture`]).
fn rules(a: &Args, impartial: bool) -> Result<Value, EvalError> {
    let draw = match a.values.get(1) {
        None => None,
        Some(d @ Value::Function(_)) => Some(d.clone()),
        Some(other) => {
            return Err(EvalError::new(
                format!(
                    "expected a function drawing a position, found {}",
                    other.kind()
                ),
                a.span(1),
            )
            .with_help(
                "e.g. p -> \"x.o|.#.\" for a board (rows between |), a list of Hackenbush \
                 edges [u, v, \"l\"] or {\"vertices\" => \"x.o\", \"edges\" => [[0, 1]]}",
            ));
        }
    };
    match &a.values[0] {
        f @ Value::Function(_) => {
            let mut rules = UserRules::new(f.clone(), impartial);
            if let Some(d) = draw {
                rules = rules.with_picture(d);
            }
            Ok(Value::ruleset(Rc::new(rules)))
        }
        other => Err(EvalError::new(
            format!("expected the rules as a function, found {}", other.kind()),
            a.span(0),
        )
        .with_help(if impartial {
            "e.g. impartial_game(n -> [n - k for k in [1, 2] if k <= n])"
        } else {
            "e.g. partizan_game(n -> [[n - 1], [n - 2]]): Left's options, then Right's"
        })),
    }
}

pub const PARTIZAN_GAME: Builtin = Builtin {
    name: "partizan_game",
    topic: Topic::Rulesets,
    params: "rules, picture?",
    min_args: 1,
    max_args: Some(2),
    summary: "a ruleset from a function p -> [Left's options, Right's options]; R(p) is a position (memoized). The optional picture p -> drawing lets svg, latex and :play draw positions: a board \"x.o|.#.\" or list of rows (. empty, # blocked, x Left's piece (blue), o Right's (red), g green, R Right's marked R, other capitals Left's and small letters Right's pieces marked with the letter), a list of Hackenbush edges [u, v, \"l\"/\"r\"/\"g\"] (vertex 0 the ground), or {\"vertices\" => \"x.oLR\", \"edges\" => [[0, 1]]} (x/o stones, L/R coloured vertices)",
    example: ("partizan_game(n -> [[k for k in 0..n-1], []])(3)", "3"),
    run: |_, a| rules(a, false),
};

pub const IMPARTIAL_GAME: Builtin = Builtin {
    name: "impartial_game",
    topic: Topic::Rulesets,
    params: "rules, picture?",
    min_args: 1,
    max_args: Some(2),
    summary: "a ruleset from a function p -> options (the same for both players); R(p) is a position. The optional picture p -> drawing draws positions for svg, latex and :play, as for partizan_game",
    example: (
        "impartial_game(n -> [n - k for k in [1, 3, 4] if k <= n])(10)",
        "*",
    ),
    run: |_, a| rules(a, true),
};

fn moves_of(i: &mut dyn Host, a: &Args, left: bool) -> Result<Value, EvalError> {
    let v = &a.values[0];
    if !crate::values::object::is_position(v) {
        return Err(EvalError::new(
            format!("expected a position of a game, found {}", v.kind()),
            a.span(0),
        )
        .with_help("for the options of a canonical form, use left_options / right_options"));
    }
    let moves = i.moves_in(v, left, a.span(0))?;
    Ok(Value::list(moves.into_iter().map(|m| m.result).collect()))
}

pub const LEFT_MOVES: Builtin = Builtin {
    name: "left_moves",
    topic: Topic::Rulesets,
    params: "p",
    min_args: 1,
    max_args: Some(1),
    summary: "Left's moves from a position (a board, a ruleset's position, a sum), as positions of the same game",
    example: (
        "map(position, left_moves(domineering(2, 2)))",
        "[\"#.|#.\",\".#|.#\"]",
    ),
    run: |i, a| moves_of(i, a, true),
};

pub const RIGHT_MOVES: Builtin = Builtin {
    name: "right_moves",
    topic: Topic::Rulesets,
    params: "p",
    min_args: 1,
    max_args: Some(1),
    summary: "Right's moves from a position, as positions of the same game",
    example: (
        "map(position, right_moves(toads_and_frogs(\"T.F\")))",
        "[\"TF.\"]",
    ),
    run: |i, a| moves_of(i, a, false),
};

pub const POSITION: Builtin = Builtin {
    name: "position",
    topic: Topic::Rulesets,
    params: "p",
    min_args: 1,
    max_args: Some(1),
    summary: "how a position is written (its board, string or ruleset position), rather than its value",
    example: ("position(hackenbush(\"lrl\"))", "\"lrl\""),
    run: |i, a| match &a.values[0] {
        Value::Game(GameValue::Position(p)) => Ok(p.clone().written(i)),
        v @ Value::Game(GameValue::Sum(_)) => Ok(Value::Str(i.position_text(v).into())),
        other => Err(EvalError::new(
            format!("expected a position, found {}", other.kind()),
            a.span(0),
        )),
    },
};

/// Winning moves of a partizan position or sum: for Left and for Right, each move naming
/// the component and the position it leads to.
pub(crate) fn partizan_winning_moves(i: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
    let v = &a.values[0];
    let mut sides = Vec::new();
    for (name, left) in [("left", true), ("right", false)] {
        let moves = i.winning_moves_for(v, left, a.span(0))?;
        let texts = moves
            .iter()
            .map(|m| Value::Str(i.move_text(m).into()))
            .collect();
        sides.push((name.to_string(), Value::list(texts)));
    }
    Ok(Value::Record(Rc::new(Record {
        kind: "winning_moves",
        fields: sides,
    })))
}

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(PARTIZAN_GAME);
    r.add(IMPARTIAL_GAME);
    r.add(super::gen_mem::GEN_MEM);
    r.add(LEFT_MOVES);
    r.add(RIGHT_MOVES);
    r.add(POSITION);
    r.add(super::grids::GRID_GAME);
    r.add(super::grids::STRIP_GAME);
    r.add(super::grids::GRID);
    r.add(super::grids::CELL);
    r.add(super::grids::SET_CELL);
    r.add(super::grids::NEIGHBOURS);
    r.add(super::grids::CELLS);
    r.add(super::grids::GRID_ROWS);
    r.add(super::grids::GRID_COLUMNS);
    r.add(super::grids::TRANSPOSE);
    r.add(super::grids::MIRROR);
    r.add(super::grids::FLIP);
    r.add(super::grids::GRID_REGIONS);
}
