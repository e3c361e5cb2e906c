//! Pictures of positions of rulesets written in cgt. A ruleset may be given a second
//! function, from a position to how it is drawn (`partizan_game(f, draw)`); `svg` and
//! `latex` then draw the position as the built-in games are drawn, and `:play` shows a
//! board as text. The drawing function answers with one of:
//!
//! - a board: a string with `|` between rows (`"x.o|.#."`), or a list of rows
//!   (`["x.o", ".#."]`), or `{"board" => rows}`. A square is `.` (empty), `#` (blocked:
//!   removed, covered, burnt), `x` (a piece of Left's: a blue disc), `o` (a piece of
//!   Right's: a red disc), `g` (a green piece, either player's), `R` (Right's piece marked
//!   R), any other capital letter (Left's piece marked with it: `L`, `T`) or any other small
//!   letter (Right's piece marked with it: `f`). Shorter rows are filled out with `#`;
//! - a Hackenbush picture: a list of edges `[u, v, colour]`, vertex 0 being the ground and
//!   the colour `"l"`/`"b"`/`"blue"` (Left's), `"r"`/`"red"` (Right's) or
//!   `"e"`/`"g"`/`"green"`; or `{"hackenbush" => edges}`, the edges also as the text of
//!   `hackenbush_graph` (`"0-1:l 1-2:r"`);
//! - a graph whose vertices are played on: `{"vertices" => "x.oLR", "edges" => [[0, 1],
//!   [1, 2]]}`, vertex `k` drawn as the `k`-th character: `.` empty, `x`/`o` holding a
//!   stone of Left's/Right's (Clobber), `L`/`R` coloured by Left/Right (Snort, Col).
//!
//! Anything else is an error that says what was found; this file only reads the answer
//! (the call is in [`super::usergame`]).

use crate::values::value::Key;

use crate::rulesets::picture::{
    BoardPicture, Ink, Look, Picture, Square, hackenbush_picture, vertex_graph_picture,
};
use crate::values::value::Value;

/// A position drawn: its picture, and for a board its rows as text (for `:play`).
#[derive(Debug)]
pub struct Drawing {
    pub picture: Picture,
    pub rows: Option<Vec<String>>,
}

/// What a drawing function may answer, for error messages.
pub const EXPECTED: &str = "a board (a string \"x.o|.#.\" or a list of rows), a list of \
     Hackenbush edges [u, v, \"l\"/\"r\"/\"g\"] (vertex 0 the ground) or a map \
     {\"vertices\" => \"x.o\", \"edges\" => [[0, 1], [1, 2]]}";

/// The drawing a drawing function's answer describes, or what is wrong with it.
///
/// ```
/// use cgt::eval::{Value, userpicture::drawing};
/// use cgt::rulesets::picture::Picture;
/// let d = drawing(&Value::Str("x.|#o".into())).unwrap();
/// assert!(matches!(d.picture, Picture::Board(b) if b.rows == 2 && b.cols == 2));
/// assert_eq!(d.rows, Some(vec!["x.".to_string(), "#o".to_string()]));
/// ```
pub fn drawing(answer: &Value) -> Result<Drawing, String> {
    match answer {
        Value::Str(text) => board(text.split('|').map(str::to_string).collect()),
        Value::List(items) if items.is_empty() => hackenbush(items),
        Value::List(items)
            if let Some(rows) = items
                .iter()
                .map(|v| match v {
                    Value::Str(s) => Some(s.to_string()),
                    _ => None,
                })
                .collect::<Option<Vec<String>>>() =>
        {
            board(rows)
        }
        Value::List(items) if items.iter().all(|v| matches!(v, Value::List(_))) => {
            hackenbush(items)
        }
        Value::List(items) => {
            let what = match items
                .iter()
                .find(|v| !matches!(v, Value::Str(_) | Value::List(_)))
            {
                Some(odd) => format!("a list holding {}", odd.kind()),
                None => "a list mixing rows (strings) and edges (lists)".to_string(),
            };
            Err(format!(
                "{what}; a board is a list of strings, a Hackenbush picture a list of \
                 edges [u, v, colour]"
            ))
        }
        Value::Map(map) => {
            let field = |name: &str| map.get(&Key::Str(name.into()));
            for (k, _) in map.entries() {
                let known = ["board", "hackenbush", "vertices", "edges"];
                let name = match k {
                    Value::Str(s) if known.contains(&&**s) => continue,
                    Value::Str(s) => format!("the key {s:?}"),
                    other => format!("{} for a key", other.kind()),
                };
                return Err(format!(
                    "a map with {name}; the keys are \"board\", \"hackenbush\", or \
                     \"vertices\" and \"edges\""
                ));
            }
            match (field("board"), field("hackenbush"), field("vertices")) {
                (Some(b), None, None) if field("edges").is_none() => match b {
                    Value::List(rows) if rows.is_empty() => board(Vec::new()),
                    Value::Str(_) | Value::List(_) if !is_edge_list(b) => drawing(b),
                    other => Err(format!(
                        "\"board\" => {}; expected a string or a list of rows",
                        other.kind()
                    )),
                },
                (None, Some(h), None) if field("edges").is_none() => match h {
                    Value::Str(text) => {
                        let g = crate::rulesets::hackenbush_graph::HackenbushGraph::parse(text)
                            .map_err(|e| format!("\"hackenbush\" => {text:?}: {e}"))?;
                        Ok(Drawing {
                            picture: g.drawn().into(),
                            rows: None,
                        })
                    }
                    Value::List(items) => hackenbush(items),
                    other => Err(format!(
                        "\"hackenbush\" => {}; expected a list of edges [u, v, colour]",
                        other.kind()
                    )),
                },
                (None, None, Some(v)) => vertex_graph(v, field("edges")),
                _ => Err(
                    "a map with none or several of \"board\", \"hackenbush\" and \
                          \"vertices\" (and \"edges\" goes with \"vertices\" only)"
                        .to_string(),
                ),
            }
        }
        other => Err(other.kind().to_string()),
    }
}

/// Whether a value is a non-empty list of lists (edges, not rows).
fn is_edge_list(v: &Value) -> bool {
    matches!(v, Value::List(items) if !items.is_empty() && items.iter().all(|e| matches!(e, Value::List(_))))
}

/// The square a character of a board row shows (see the module documentation).
pub fn square(c: char) -> Option<Square> {
    let piece = |left, letter| Square::Piece { left, letter };
    Some(match c {
        '.' => Square::Empty,
        '#' => Square::Blocked,
        'x' => piece(true, None),
        'o' => piece(false, None),
        'g' => Square::Green,
        'R' => piece(false, Some('R')),
        c if c.is_ascii_uppercase() => piece(true, Some(c)),
        c if c.is_ascii_lowercase() => piece(false, Some(c)),
        _ => return None,
    })
}

/// A board from its rows, shorter rows filled out with blocked squares.
fn board(rows: Vec<String>) -> Result<Drawing, String> {
    let cols = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let mut squares = Vec::with_capacity(rows.len() * cols);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            squares.push(square(ch).ok_or_else(|| {
                format!(
                    "a board with {ch:?} in row {r}, column {c}; squares are . # x o g or \
                     letters"
                )
            })?);
        }
        squares.resize((r + 1) * cols, Square::Blocked);
    }
    Ok(Drawing {
        picture: BoardPicture {
            rows: rows.len(),
            cols,
            squares,
            labels: Vec::new(),
        }
        .into(),
        rows: Some(rows),
    })
}

/// A vertex number: a non-negative integer.
fn vertex(v: &Value, what: &str) -> Result<usize, String> {
    match v {
        Value::Number(n) => n
            .to_u64()
            .and_then(|k| usize::try_from(k).ok())
            .ok_or_else(|| format!("{what} with the vertex {n}; vertices are numbered 0, 1, 2…")),
        other => Err(format!(
            "{what} with {} for a vertex; vertices are numbered 0, 1, 2…",
            other.kind()
        )),
    }
}

/// The colour of a Hackenbush edge.
fn ink(v: &Value) -> Result<Ink, String> {
    let colour = match v {
        Value::Str(s) => s.to_ascii_lowercase(),
        other => return Err(format!("an edge coloured by {}", other.kind())),
    };
    match colour.as_str() {
        "l" | "b" | "blue" => Ok(Ink::Blue),
        "r" | "red" => Ok(Ink::Red),
        "e" | "g" | "green" => Ok(Ink::Green),
        _ => Err(format!(
            "an edge coloured {colour:?}; the colours are \"l\" (blue, Left's), \"r\" (red, \
             Right's) and \"g\" (green, either's)"
        )),
    }
}

/// A Hackenbush picture from its edges `[u, v, colour]`.
fn hackenbush(items: &[Value]) -> Result<Drawing, String> {
    let mut edges = Vec::with_capacity(items.len());
    for (k, e) in items.iter().enumerate() {
        let what = format!("edge {k}");
        match e {
            Value::List(uvc) if uvc.len() == 3 => edges.push((
                vertex(&uvc[0], &what)?,
                vertex(&uvc[1], &what)?,
                ink(&uvc[2])?,
            )),
            Value::List(uvc) => {
                return Err(format!(
                    "{what} with {} items; an edge is [u, v, colour]",
                    uvc.len()
                ));
            }
            other => {
                return Err(format!(
                    "{} for {what}; an edge is [u, v, colour]",
                    other.kind()
                ));
            }
        }
    }
    Ok(Drawing {
        picture: hackenbush_picture(&edges).into(),
        rows: None,
    })
}

/// How a vertex of a graph is drawn, by its character.
fn look(c: char) -> Option<Look> {
    Some(match c {
        '.' => Look::Open,
        'x' => Look::Stone { left: true },
        'o' => Look::Stone { left: false },
        'L' => Look::Owned { left: true },
        'R' => Look::Owned { left: false },
        _ => return None,
    })
}

/// A graph played on its vertices: one character per vertex, edges `[u, v]`.
fn vertex_graph(vertices: &Value, edges: Option<&Value>) -> Result<Drawing, String> {
    let Value::Str(text) = vertices else {
        return Err(format!(
            "\"vertices\" => {}; expected a string, one character per vertex",
            vertices.kind()
        ));
    };
    let looks = text
        .chars()
        .map(|c| {
            look(c).ok_or_else(|| {
                format!("a vertex {c:?}; vertices are . (empty), x o (stones), L R (coloured)")
            })
        })
        .collect::<Result<Vec<Look>, String>>()?;
    let n = looks.len();
    let mut pairs = Vec::new();
    match edges {
        None => {}
        Some(Value::List(items)) => {
            for (k, e) in items.iter().enumerate() {
                let what = format!("edge {k}");
                let Value::List(uv) = e else {
                    return Err(format!("{} for {what}; an edge is [u, v]", e.kind()));
                };
                if uv.len() != 2 {
                    return Err(format!("{what} with {} items; an edge is [u, v]", uv.len()));
                }
                let (u, v) = (vertex(&uv[0], &what)?, vertex(&uv[1], &what)?);
                if u.max(v) >= n {
                    return Err(format!(
                        "an edge joining {u} and {v}, but the vertices are 0 to {}",
                        n as i64 - 1
                    ));
                }
                pairs.push((u, v));
            }
        }
        Some(other) => {
            return Err(format!(
                "\"edges\" => {}; expected a list of edges [u, v]",
                other.kind()
            ));
        }
    }
    Ok(Drawing {
        picture: vertex_graph_picture(n, &pairs, |v| looks[v]).into(),
        rows: None,
    })
}

#[cfg(test)]
mod tests;
