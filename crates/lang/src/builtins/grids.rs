//! Grids and rulesets on them: the grid value (`grid`, `cell`, `set_cell`, `neighbours`,
//! `cells`, `grid_rows`, `grid_columns`, `transpose`, `mirror`, `flip`, `grid_regions`)
//! and `grid_game` / `strip_game`, rulesets given by the moves from one cell (see
//! [`crate::values::games::gridgame`]).

use super::{Args, Builtin, Topic};
use crate::values::convert::expect_bool;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::games::grid::Grid;
use crate::values::games::grid::GridView;
use crate::values::games::grid::Symmetry;
use crate::values::games::grid::cell_value;
use crate::values::games::grid::grid_record;
use crate::values::games::gridgame::GridRules;
use crate::values::value::Value;
use std::rc::Rc;

/// The grid of argument `k` (a grid, or its rows as a string).
fn grid_arg(a: &Args, k: usize) -> Result<Grid, EvalError> {
    match Grid::of_value(&a.values[k], '.') {
        Some(Ok(g)) => Ok(g),
        Some(Err(e)) => Err(EvalError::new(e, a.span(k))),
        None => Err(EvalError::new(
            format!("expected a grid, found {}", a.values[k].kind()),
            a.span(k),
        )
        .with_help("grid(\"x.o|.x.\") makes one")),
    }
}

/// The row and column of arguments 1 and 2, inside the grid.
fn place(g: &Grid, a: &Args) -> Result<(usize, usize), EvalError> {
    place_in(g.height, g.width, a)
}

/// The row and column of arguments 1 and 2, inside a grid of `height` rows and `width`
/// columns.
fn place_in(height: usize, width: usize, a: &Args) -> Result<(usize, usize), EvalError> {
    let r = expect_u64(&a.values[1], a.span(1), "a row")? as usize;
    let c = expect_u64(&a.values[2], a.span(2), "a column")? as usize;
    if r >= height || c >= width {
        return Err(EvalError::new(
            format!("({r}, {c}) is outside the grid of {height} rows and {width} columns"),
            a.call,
        ));
    }
    Ok((r, c))
}

/// A one-character string (a cell's content).
fn one_char(v: &Value, span: crate::syntax::Span) -> Result<char, EvalError> {
    match v {
        Value::Str(s) if s.chars().count() == 1 => {
            s.chars().next().ok_or_else(|| unreachable_char(span))
        }
        other => Err(EvalError::new(
            format!("a cell holds one character, found {}", other.kind()),
            span,
        )),
    }
}

fn unreachable_char(span: crate::syntax::Span) -> EvalError {
    EvalError::new("a cell holds one character", span)
}

fn strings(items: Vec<String>) -> Value {
    Value::list(items.into_iter().map(|s| Value::Str(s.into())).collect())
}

fn pair(r: usize, c: usize) -> Value {
    Value::list(vec![Value::number(r as i64), Value::number(c as i64)])
}

pub const GRID: Builtin = Builtin {
    name: "grid",
    topic: Topic::Rulesets,
    params: "rows, width, fill",
    min_args: 1,
    max_args: Some(3),
    summary: "a grid of cells (one-character strings): grid(\"x.o|.x.\") from rows between |, grid([\"x.o\", \".x.\"]) from a list of rows (shorter rows filled with .), or grid(height, width, fill); g.height, g.width, g.cells (row by row) are its fields",
    example: ("grid(\"xo|.\")", "grid(\"xo|..\")"),
    run: |_, a| {
        let g = match (&a.values[0], a.values.len()) {
            (Value::Str(s), 1) => Grid::parse(s, '.'),
            (Value::List(rows), 1) => {
                let rows = rows
                    .iter()
                    .map(|r| match r {
                        Value::Str(s) => Ok(s.chars().collect()),
                        other => Err(EvalError::new(
                            format!("a row of a grid is a string, found {}", other.kind()),
                            a.span(0),
                        )),
                    })
                    .collect::<Result<Vec<Vec<char>>, _>>()?;
                Grid::from_rows(&rows, '.')
            }
            (_, 3) => {
                let h = expect_u64(&a.values[0], a.span(0), "the height")? as usize;
                let w = expect_u64(&a.values[1], a.span(1), "the width")? as usize;
                let fill = one_char(&a.values[2], a.span(2))?;
                let row: Vec<char> = vec![fill; w.min(crate::values::games::grid::MAX_CELLS + 1)];
                if h.saturating_mul(w) > crate::values::games::grid::MAX_CELLS {
                    Err(format!(
                        "a grid has at most {} cells",
                        crate::values::games::grid::MAX_CELLS
                    ))
                } else {
                    Grid::from_rows(&vec![row; h], fill)
                }
            }
            (other, _) => {
                return Err(EvalError::new(
                    format!(
                        "expected rows (a string or a list of strings), found {}",
                        other.kind()
                    ),
                    a.span(0),
                )
                .with_help(
                    "grid(\"x.o|.x.\"), grid([\"x.o\", \".x.\"]) or grid(height, width, \".\")",
                ));
            }
        };
        g.map(|g| g.to_value())
            .map_err(|e| EvalError::new(e, a.call))
    },
};

pub const CELL: Builtin = Builtin {
    name: "cell",
    topic: Topic::Rulesets,
    params: "g, r, c",
    min_args: 3,
    max_args: Some(3),
    summary: "the cell of a grid at row r, column c (from 0), a one-character string",
    example: ("cell(grid(\"xo|.x\"), 1, 1)", "\"x\""),
    run: |_, a| {
        // A grid record is read where it lies (a ruleset's rules ask once per move).
        if let Some(v) = GridView::of(&a.values[0]) {
            let (r, c) = place_in(v.height, v.width, a)?;
            return Ok(v.cells[r * v.width + c].clone());
        }
        let g = grid_arg(a, 0)?;
        let (r, c) = place(&g, a)?;
        Ok(cell_value(g.cells[r * g.width + c]))
    },
};

pub const SET_CELL: Builtin = Builtin {
    name: "set_cell",
    topic: Topic::Rulesets,
    params: "g, r, c, v",
    min_args: 4,
    max_args: Some(4),
    summary: "the grid with the cell at row r, column c set to v (a one-character string); g itself is unchanged",
    example: ("set_cell(grid(\"xo|.x\"), 0, 1, \".\")", "grid(\"x.|.x\")"),
    run: |_, a| {
        // A grid record's cells are shared by the new grid, but the one set.
        if let Some(v) = GridView::of(&a.values[0]) {
            let (r, c) = place_in(v.height, v.width, a)?;
            let ch = one_char(&a.values[3], a.span(3))?;
            let mut cells = v.cells.to_vec();
            cells[r * v.width + c] = match &a.values[3] {
                Value::Str(_) => a.values[3].clone(),
                _ => cell_value(ch),
            };
            return Ok(grid_record(v.height, v.width, cells));
        }
        let mut g = grid_arg(a, 0)?;
        let (r, c) = place(&g, a)?;
        g.cells[r * g.width + c] = one_char(&a.values[3], a.span(3))?;
        Ok(g.to_value())
    },
};

pub const NEIGHBOURS: Builtin = Builtin {
    name: "neighbours",
    topic: Topic::Rulesets,
    params: "g, r, c, directions",
    min_args: 3,
    max_args: Some(4),
    summary: "the places [row, column] next to row r, column c inside the grid: in the four orthogonal directions, or all eight with directions 8",
    example: ("neighbours(grid(\"...|...\"), 0, 0)", "[[0,1],[1,0]]"),
    run: |_, a| {
        let (height, width) = match GridView::of(&a.values[0]) {
            Some(v) => (v.height, v.width),
            None => {
                let g = grid_arg(a, 0)?;
                (g.height, g.width)
            }
        };
        let (r, c) = place_in(height, width, a)?;
        let eight = match a.values.get(3) {
            None => false,
            Some(v) => match expect_u64(v, a.span(3), "the directions")? {
                4 => false,
                8 => true,
                n => {
                    return Err(EvalError::new(
                        format!("the directions are 4 or 8, not {n}"),
                        a.span(3),
                    ));
                }
            },
        };
        Ok(Value::list(
            crate::values::games::grid::neighbours_in(height, width, r, c, eight)
                .map(|(r, c)| pair(r, c))
                .collect(),
        ))
    },
};

pub const CELLS: Builtin = Builtin {
    name: "cells",
    topic: Topic::Rulesets,
    params: "g, v",
    min_args: 1,
    max_args: Some(2),
    summary: "the places [row, column] of a grid row by row: all of them, or those holding v",
    example: ("cells(grid(\"xo|.x\"), \"x\")", "[[0,0],[1,1]]"),
    run: |_, a| {
        let g = grid_arg(a, 0)?;
        let only = match a.values.get(1) {
            Some(v) => Some(one_char(v, a.span(1))?),
            None => None,
        };
        let places = (0..g.cells.len())
            .filter(|&k| only.is_none_or(|ch| g.cells[k] == ch))
            .map(|k| pair(k / g.width.max(1), k % g.width.max(1)))
            .collect();
        Ok(Value::list(places))
    },
};

pub const GRID_ROWS: Builtin = Builtin {
    name: "grid_rows",
    topic: Topic::Rulesets,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the rows of a grid as strings, top to bottom",
    example: ("grid_rows(grid(\"xo|.x\"))", "[\"xo\",\".x\"]"),
    run: |_, a| Ok(strings(grid_arg(a, 0)?.rows())),
};

pub const GRID_COLUMNS: Builtin = Builtin {
    name: "grid_columns",
    topic: Topic::Rulesets,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the columns of a grid as strings, left to right, each read top to bottom",
    example: ("grid_columns(grid(\"xo|.x\"))", "[\"x.\",\"ox\"]"),
    run: |_, a| Ok(strings(grid_arg(a, 0)?.columns())),
};

pub const TRANSPOSE: Builtin = Builtin {
    name: "transpose",
    topic: Topic::Rulesets,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "a grid with its rows and columns exchanged (reflected in the main diagonal)",
    example: ("transpose(grid(\"xo|.x\"))", "grid(\"x.|ox\")"),
    run: |_, a| Ok(grid_arg(a, 0)?.transpose().to_value()),
};

pub const MIRROR: Builtin = Builtin {
    name: "mirror",
    topic: Topic::Rulesets,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "a grid reflected left to right (each row reversed)",
    example: ("mirror(grid(\"xo|.x\"))", "grid(\"ox|x.\")"),
    run: |_, a| Ok(grid_arg(a, 0)?.mirror().to_value()),
};

pub const FLIP: Builtin = Builtin {
    name: "flip",
    topic: Topic::Rulesets,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "a grid reflected top to bottom (its rows in reverse order)",
    example: ("flip(grid(\"xo|.x\"))", "grid(\".x|xo\")"),
    run: |_, a| Ok(grid_arg(a, 0)?.flip().to_value()),
};

pub const GRID_REGIONS: Builtin = Builtin {
    name: "grid_regions",
    topic: Topic::Rulesets,
    params: "g, blank, directions",
    min_args: 1,
    max_args: Some(3),
    summary: "the regions of a grid: its connected sets of cells other than blank (default \".\"), joined in the four directions (or eight with directions 8), each cut out to its bounding box",
    example: (
        "grid_regions(grid(\"xo..|...x|..ox\"))",
        "[grid(\"xo\"),grid(\".x|ox\")]",
    ),
    run: |_, a| {
        let g = grid_arg(a, 0)?;
        let blank = match a.values.get(1) {
            Some(v) => one_char(v, a.span(1))?,
            None => '.',
        };
        let eight = match a.values.get(2) {
            None => false,
            Some(v) => expect_u64(v, a.span(2), "the directions")? == 8,
        };
        Ok(Value::list(
            g.regions(blank, eight).iter().map(Grid::to_value).collect(),
        ))
    },
};

/// The options of `grid_game(moves, options)` / `strip_game`.
fn grid_rules(a: &Args, strip: bool) -> Result<Value, EvalError> {
    let moves = match &a.values[0] {
        f @ Value::Function(_) => f.clone(),
        other => {
            return Err(EvalError::new(
                format!("expected the moves as a function, found {}", other.kind()),
                a.span(0),
            )
            .with_help(if strip {
                "strip_game((s, i) -> [[Left's strings], [Right's strings]])"
            } else {
                "grid_game((g, r, c) -> [[Left's grids], [Right's grids]])"
            }));
        }
    };
    let (mut impartial, mut blank, mut eight, mut symmetry) = (false, '.', false, Symmetry::None);
    if let Some(options) = a.values.get(1) {
        let Value::Map(m) = options else {
            return Err(EvalError::new(
                format!("expected a map of options, found {}", options.kind()),
                a.span(1),
            )
            .with_help("{\"impartial\" => true, \"blank\" => \".\", \"connect\" => 8, \"symmetry\" => \"all\"}"));
        };
        for (key, value) in m.entries() {
            let span = a.span(1);
            let name = match key {
                Value::Str(s) => s.to_string(),
                other => {
                    return Err(EvalError::new(
                        format!("an option is named by a string, found {}", other.kind()),
                        span,
                    ));
                }
            };
            match name.as_str() {
                "impartial" => impartial = expect_bool(value, span)?,
                "blank" => blank = one_char(value, span)?,
                "connect" => {
                    eight = match expect_u64(value, span, "connect")? {
                        4 => false,
                        8 => true,
                        n => {
                            return Err(EvalError::new(
                                format!("connect is 4 or 8, not {n}"),
                                span,
                            ));
                        }
                    }
                }
                "symmetry" => {
                    let word = match value {
                        Value::Str(s) => s.to_string(),
                        other => other.kind().to_string(),
                    };
                    symmetry = Symmetry::named(&word).ok_or_else(|| {
                        EvalError::new(
                            format!("symmetry is \"none\", \"mirror\" or \"all\", not {word}"),
                            span,
                        )
                    })?;
                }
                other => {
                    return Err(EvalError::new(format!("unknown option {other:?}"), span)
                        .with_help("the options are impartial, blank, connect and symmetry"));
                }
            }
        }
    }
    let mut rules = GridRules::new(moves, impartial, blank, eight, symmetry);
    rules.strip = strip;
    Ok(Value::ruleset(Rc::new(rules)))
}

pub const GRID_GAME: Builtin = Builtin {
    name: "grid_game",
    topic: Topic::Rulesets,
    params: "moves, options",
    min_args: 1,
    max_args: Some(2),
    summary: "a ruleset on grids (CGSuite's GridRuleset) from the moves of one cell: moves(g, r, c) gives [Left's grids, Right's grids] after a move from row r, column c (called for every cell but the blank ones), or one list of grids with {\"impartial\" => true}; R(\"x.o|.x.\") is a position, the sum of its regions (cells other than \"blank\", default \".\", joined in 4 directions or \"connect\" => 8), each solved once for all its images under \"symmetry\" (\"none\", \"mirror\" or \"all\"); drawn by svg, latex and :play",
    example: (
        "grid_game((g, r, c) -> [[set_cell(g, r, c, \".\") for _ in [1] if cell(g, r, c) == \"x\"], []])(\"x.x\")",
        "2",
    ),
    run: |_, a| grid_rules(a, false),
};

pub const STRIP_GAME: Builtin = Builtin {
    name: "strip_game",
    topic: Topic::Rulesets,
    params: "moves, options",
    min_args: 1,
    max_args: Some(2),
    summary: "a ruleset on strips (one-row grids; CGSuite's StripRuleset): moves(s, i) gives [Left's strings, Right's strings] after a move from place i of the string s (every place but the blank ones), with the options of grid_game",
    example: (
        "strip_game((s, i) -> [[s[0..i-1] + \".\" + s[i+1..len(s)-1]], []])(\"xx.x\")",
        "3",
    ),
    run: |_, a| grid_rules(a, true),
};
