//! Built-ins for the games of the books written by hand: Chomp, Hackenbush pictures, Snort,
//! Col, Konane and Amazons, whose arguments need more than a text or sizes. The other
//! registered games get their built-ins from their registration (see `registered.rs`).

use super::{Args, Builtin, Topic};
use crate::eval::convert::{expect_list, expect_u64};
use crate::eval::error::EvalError;
use crate::eval::interp::Interpreter;
use crate::eval::object::PositionObject;
use crate::eval::partizan::BoardPosition;
use crate::eval::value::Value;
use crate::rulesets::RulesetError;
use std::rc::Rc;

/// A board position, checked by computing its value now (so bad input is reported here).
fn board_value(
    i: &mut Interpreter,
    game: &str,
    text: String,
    a: &Args,
) -> Result<Value, EvalError> {
    let game = i
        .boards
        .get(game)
        .ok_or_else(|| EvalError::new(format!("internal: no ruleset named {game}"), a.call))?;
    let p = BoardPosition::new(game, text);
    p.value(i, a.call)?;
    Ok(Value::Position(Rc::new(p)))
}

/// Boards and pieces are limited to this many rows and columns (the search is exponential).
const MAX_SIDE: u64 = 1000;

fn side(a: &Args, k: usize, what: &str) -> Result<usize, EvalError> {
    let n = expect_u64(&a.values[k], a.span(k), what)?;
    if n > MAX_SIDE {
        return Err(EvalError::new(
            format!("{what} {n} is larger than {MAX_SIDE}"),
            a.span(k),
        ));
    }
    Ok(n as usize)
}

/// A side of a cake, a chocolate bar or a Chomp board: a board with no cells is no game
/// of these rulesets (Chomp needs its poisoned square), so 0 is refused.
fn cell_side(a: &Args, k: usize, what: &str) -> Result<usize, EvalError> {
    let n = side(a, k, what)?;
    if n == 0 {
        return Err(
            EvalError::new(format!("{what} must be at least 1"), a.span(k))
                .with_help("a board with no cells is not a position of this game"),
        );
    }
    Ok(n)
}

fn ruleset_error(e: RulesetError, a: &Args, k: usize) -> EvalError {
    EvalError::new(e.to_string(), a.span(k))
}

fn text(a: &Args, k: usize, what: &str) -> Result<String, EvalError> {
    match &a.values[k] {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(EvalError::new(
            format!("expected {what} as a string, found {}", other.kind()),
            a.span(k),
        )),
    }
}

pub const CHOMP: Builtin = Builtin {
    name: "chomp",
    topic: Topic::Rulesets,
    params: "rows, cols or [row lengths]",
    min_args: 1,
    max_args: Some(2),
    summary: "Chomp with the poisoned square in a corner: a rows×cols bar, or a staircase of row lengths from the poisoned row up",
    example: ("chomp(2, 3)", "*4"),
    run: |i, a| {
        if a.values.len() == 2 {
            let (m, n) = (
                cell_side(a, 0, "the number of rows")?,
                cell_side(a, 1, "the number of columns")?,
            );
            let rows = crate::rulesets::cake::rectangle(m, n);
            let text = crate::eval::partizan::row_text(&rows);
            return board_value(i, "chomp", text, a);
        }
        let rows = expect_list(&a.values[0], a.span(0))?;
        let mut lengths = Vec::with_capacity(rows.len());
        for r in rows.iter() {
            let n = expect_u64(r, a.span(0), "a row length")?;
            if n > MAX_SIDE {
                return Err(EvalError::new(
                    format!("row length {n} is larger than {MAX_SIDE}"),
                    a.span(0),
                ));
            }
            lengths.push(n as usize);
        }
        if lengths.is_empty() {
            return Err(
                EvalError::new("a Chomp board needs at least one row", a.span(0))
                    .with_help("the first row holds the poisoned square, e.g. chomp([3, 2, 1])"),
            );
        }
        crate::rulesets::cake::staircase(&lengths).map_err(|e| ruleset_error(e, a, 0))?;
        let text = crate::eval::partizan::row_text(&lengths);
        board_value(i, "chomp", text, a)
    },
};

pub const FIBONACCI_NIM: Builtin = Builtin {
    name: "fibonacci_nim",
    topic: Topic::Rulesets,
    params: "n, last (or \"n, last\")",
    min_args: 1,
    max_args: Some(2),
    summary: "Fibonacci Nim on a heap of n (at most 1000): the first move takes 1 to n-1, later moves at most twice the last take (impartial)",
    example: ("fibonacci_nim(8)", "0"),
    run: |i, a| {
        // fibonacci_nim(10) before the first move, fibonacci_nim(7, 3) after a take of 3;
        // the position as it prints, fibonacci_nim("7, 3"), reads back too.
        let t = if a.values.len() == 1 {
            match &a.values[0] {
                Value::Str(_) => text(a, 0, "a heap, such as fibonacci_nim(10)")?,
                _ => side(a, 0, "a heap")?.to_string(),
            }
        } else {
            format!(
                "{}, {}",
                side(a, 0, "a heap")?,
                side(a, 1, "the last take")?
            )
        };
        board_value(i, "fibonacci_nim", t, a)
    },
};

/// Pictures, graphs and boards are limited to this many edges or vertices: the search is
/// exponential, and Ctrl-C stops it anyway.
const MAX_PARTS: usize = 64;

/// `hackenbush_graph("0-1:l, 1-2:r")` or a list of edges `[[0, 1, "l"], [1, 2, "r"]]`.
fn picture(a: &Args) -> Result<String, EvalError> {
    let text = match &a.values[0] {
        Value::List(edges) => {
            let mut parts = Vec::with_capacity(edges.len());
            for e in edges.iter() {
                let bad = || {
                    EvalError::new("each edge is [u, v, colour], e.g. [0, 1, \"l\"]", a.span(0))
                        .with_help("vertex 0 is the ground; colours l (blue), r (red), e (green)")
                };
                let Value::List(t) = e else { return Err(bad()) };
                let [u, v, Value::Str(c)] = t.as_slice() else {
                    return Err(bad());
                };
                let u = expect_u64(u, a.span(0), "a vertex")?;
                let v = expect_u64(v, a.span(0), "a vertex")?;
                parts.push(format!("{u}-{v}:{c}"));
            }
            parts.join(", ")
        }
        _ => text(a, 0, "a picture such as \"0-1:l, 1-2:r\"")?,
    };
    let edges = crate::rulesets::HackenbushGraph::parse(&text)
        .map_err(|e| ruleset_error(e, a, 0))?
        .edges()
        .len();
    if edges > MAX_PARTS {
        return Err(EvalError::new(
            format!("the picture has {edges} edges, more than {MAX_PARTS}"),
            a.span(0),
        ));
    }
    Ok(text)
}

pub const HACKENBUSH_GRAPH: Builtin = Builtin {
    name: "hackenbush_graph",
    topic: Topic::Rulesets,
    params: "edges",
    min_args: 1,
    max_args: Some(1),
    summary: "a Hackenbush picture: edges u-v:c with 0 the ground, c = l blue, r red, e green (\"0-1:l, 1-2:r\" or [[0,1,\"l\"], …])",
    example: ("hackenbush_graph(\"0-1:l, 1-2:r, 1-3:e\")", "1/2*"),
    run: |i, a| {
        let t = picture(a)?;
        board_value(i, "hackenbush_graph", t, a)
    },
};

/// `snort("5: 0-1 1-2; L0")`, or `snort(n)` for a path of `n` vertices.
fn vertex_graph(a: &Args) -> Result<String, EvalError> {
    match &a.values[0] {
        Value::Number(_) => {
            let n = expect_u64(&a.values[0], a.span(0), "the number of vertices")? as usize;
            if n > MAX_PARTS {
                return Err(EvalError::new(
                    format!("{n} vertices is more than {MAX_PARTS}"),
                    a.span(0),
                ));
            }
            let edges: Vec<String> = (1..n).map(|v| format!("{}-{v}", v - 1)).collect();
            Ok(format!("{n}: {}", edges.join(" ")).trim_end().to_string())
        }
        _ => {
            let t = text(a, 0, "a graph such as \"4: 0-1 1-2 2-3\"")?;
            crate::rulesets::VertexGraph::parse(&t).map_err(|e| ruleset_error(e, a, 0))?;
            Ok(t)
        }
    }
}

pub const SNORT: Builtin = Builtin {
    name: "snort",
    topic: Topic::Rulesets,
    params: "graph",
    min_args: 1,
    max_args: Some(1),
    summary: "Snort: colour a vertex not next to the opponent's colour (\"n: 0-1 1-2; L0 R2\", or n for a path)",
    example: ("snort(2)", "+-1"),
    run: |i, a| {
        let t = vertex_graph(a)?;
        board_value(i, "snort", t, a)
    },
};

pub const COL: Builtin = Builtin {
    name: "col",
    topic: Topic::Rulesets,
    params: "graph",
    min_args: 1,
    max_args: Some(1),
    summary: "Col: colour a vertex not next to your own colour (\"n: 0-1 1-2; L0 R2\", or n for a path)",
    example: ("col(\"3: 0-1 1-2; L0\")", "-1/2"),
    run: |i, a| {
        let t = vertex_graph(a)?;
        board_value(i, "col", t, a)
    },
};

/// Konane boards are limited to this many cells; Amazons boards to this many unburned
/// squares, a 4×4 board (the search grows very fast: 4×4 with one amazon a side takes
/// seconds, 5×5 hours).
const MAX_KONANE_CELLS: usize = 36;
const MAX_AMAZONS_CELLS: usize = 16;

/// The cells of a board text, without row separators, whitespace and burned squares.
fn cell_count(t: &str) -> usize {
    t.chars()
        .filter(|c| !c.is_whitespace() && *c != '|' && *c != '#')
        .count()
}

pub const KONANE: Builtin = Builtin {
    name: "konane",
    topic: Topic::Rulesets,
    params: "board",
    min_args: 1,
    max_args: Some(1),
    summary: "Konane: x (Left) and o (Right) jump over an adjacent opponent stone into an empty cell, several jumps in a line allowed (\"xo.|.ox\")",
    example: ("konane(\"xo.\")", "1"),
    run: |i, a| {
        let t = text(a, 0, "a board such as \"xo.|.ox\"")?;
        crate::rulesets::KonaneBoard::parse(&t).map_err(|e| ruleset_error(e, a, 0))?;
        if cell_count(&t) > MAX_KONANE_CELLS {
            return Err(EvalError::new(
                format!("Konane boards are limited to {MAX_KONANE_CELLS} cells"),
                a.span(0),
            ));
        }
        board_value(i, "konane", t, a)
    },
};

pub const AMAZONS: Builtin = Builtin {
    name: "amazons",
    topic: Topic::Rulesets,
    params: "board",
    min_args: 1,
    max_args: Some(1),
    summary: "the Game of the Amazons: L and R amazons move like queens, then shoot an arrow that burns a square (\"L..|.#.|..R\", boards up to 4×4)",
    example: ("amazons(\"L.R\")", "*"),
    run: |i, a| {
        let t = text(a, 0, "a board such as \"L..|.#.|..R\"")?;
        crate::rulesets::AmazonsBoard::parse(&t).map_err(|e| ruleset_error(e, a, 0))?;
        if cell_count(&t) > MAX_AMAZONS_CELLS {
            return Err(EvalError::new(
                format!("Amazons boards are limited to {MAX_AMAZONS_CELLS} unburned squares (4×4)"),
                a.span(0),
            )
            .with_help("burn squares with # to make a bigger board smaller"));
        }
        board_value(i, "amazons", t, a)
    },
};
