//! Built-ins for games that can end in a draw (DeVos–Kent ch. 1): W-L-D game trees solved
//! by Zermelo's backward induction, and games given by cgt functions (tic-tac-toe).

use super::{Args, Builtin, Topic};
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Key;
use crate::values::value::Record;
use crate::values::value::Value;
use crate::wld::{self, Player, WldError, WldOutcome, WldTree};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

impl From<WldError> for EvalError {
    fn from(e: WldError) -> Self {
        EvalError::new(e.to_string(), crate::syntax::Span::default())
    }
}

/// Gives an error without a place the span of the call.
fn at(mut e: EvalError, a: &Args) -> EvalError {
    if e.span == crate::syntax::Span::default() {
        e.span = a.call;
    }
    e
}

fn tree_arg(a: &Args) -> Result<WldTree, EvalError> {
    match &a.values[0] {
        Value::Str(s) => WldTree::parse(s).map_err(|e| {
            EvalError::new(e.to_string(), a.span(0)).with_help(
                "a tree is +-, -+, 00, or L(…)/R(…) around its children, e.g. R(L(+-, 00), -+)",
            )
        }),
        other => Err(EvalError::new(
            format!("expected a W-L-D tree as a string, found {}", other.kind()),
            a.span(0),
        )
        .with_help("e.g. zermelo(\"R(L(+-, 00), -+)\")")),
    }
}

fn text(s: impl Into<String>) -> Value {
    Value::Str(s.into().into())
}

fn path_list(path: &[usize]) -> Value {
    Value::list(path.iter().map(|&k| Value::number(k)).collect())
}

pub const ZERMELO: Builtin = Builtin {
    name: "zermelo",
    topic: Topic::Draws,
    params: "tree",
    min_args: 1,
    max_args: Some(1),
    summary: "solve a W-L-D game tree (leaves +-, -+, 00; L(…)/R(…) who chooses) by working backwards: its type and strategies",
    example: ("zermelo(\"R(L(+-, 00), -+)\").type", "\"-+\""),
    run: |_, a| {
        let tree = tree_arg(a)?;
        let s = wld::zermelo(&tree);
        let t = s.root_type();
        Ok(Value::Record(Rc::new(Record {
            kind: "zermelo",
            fields: vec![
                ("type".into(), text(t.symbol())),
                ("meaning".into(), text(t.meaning())),
                ("line".into(), path_list(&s.principal_line())),
                ("strategies".into(), text(s.annotated())),
            ],
        })))
    },
};

pub const ZERMELO_STEPS: Builtin = Builtin {
    name: "zermelo_steps",
    topic: Topic::Draws,
    params: "tree",
    min_args: 1,
    max_args: Some(1),
    summary: "the working-backwards steps of Zermelo's procedure on a W-L-D tree, node by node",
    example: ("zermelo_steps(\"L(-+, 00)\")", ""),
    run: |_, a| {
        let tree = tree_arg(a)?;
        Ok(Value::Text(wld::zermelo(&tree).explanation().into()))
    },
};

/// A position of a game with draws: a cgt value, compared and hashed by its key.
#[derive(Clone, Debug)]
struct Pos {
    key: Key,
    value: Value,
}

impl PartialEq for Pos {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for Pos {}

impl Hash for Pos {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.key.hash(h)
    }
}

fn pos(v: Value, a: &Args) -> Result<Pos, EvalError> {
    let key = v.key().ok_or_else(|| {
        EvalError::new(
            format!(
                "{} cannot be a position: positions are numbers, strings and lists",
                v.kind()
            ),
            a.call,
        )
    })?;
    Ok(Pos { key, value: v })
}

fn call1(i: &mut dyn Host, f: &Value, v: &Value, a: &Args) -> Result<Value, EvalError> {
    i.call(
        f,
        Args {
            values: vec![v.clone()],
            spans: vec![a.call],
            call: a.call,
            callee: a.call,
        },
    )
}

pub const DRAW_GAME: Builtin = Builtin {
    name: "draw_game",
    topic: Topic::Draws,
    params: "start, moves, result, first = \"L\"",
    min_args: 3,
    max_args: Some(4),
    summary: "solve a game that may end in a draw: moves(p) lists the positions after a move, result(p) is \"+-\", \"-+\", \"00\" when p is over (else \"\"); positions may repeat, and play that never ends is a draw",
    example: (
        "draw_game(0, n -> [n + 1, n + 2], n -> if n == 3 then \"+-\" else if n > 3 then \"00\" else \"\").type",
        "\"+-\"",
    ),
    run: |i, a| {
        let first = match a.values.get(3) {
            None => Player::Louise,
            Some(Value::Str(s)) => s.parse::<Player>().map_err(|e| {
                EvalError::new(e.to_string(), a.span(3))
                    .with_help("the first player is \"L\" or \"R\"")
            })?,
            Some(other) => {
                return Err(EvalError::new(
                    format!(
                        "expected the first player as \"L\" or \"R\", found {}",
                        other.kind()
                    ),
                    a.span(3),
                ));
            }
        };
        let (moves_fn, result_fn) = (a.values[1].clone(), a.values[2].clone());
        let start = pos(a.values[0].clone(), a)?;
        let interp = RefCell::new(i);
        let solution = wld::solve_game(
            start,
            first,
            |p: &Pos, _| -> Result<Vec<Pos>, EvalError> {
                let mut i = interp.borrow_mut();
                let out = call1(&mut **i, &moves_fn, &p.value, a)?;
                match out {
                    Value::List(items) => items.iter().map(|v| pos(v.clone(), a)).collect(),
                    other => Err(EvalError::new(
                        format!("moves must return a list of positions, found {}", other.kind()),
                        a.span(1),
                    )),
                }
            },
            |p: &Pos| -> Result<Option<WldOutcome>, EvalError> {
                let mut i = interp.borrow_mut();
                i.check_interrupt(a.call)?;
                match call1(&mut **i, &result_fn, &p.value, a)? {
                    Value::Str(s) if s.trim().is_empty() => Ok(None),
                    Value::Bool(false) | Value::Unit => Ok(None),
                    Value::Str(s) => s.parse::<WldOutcome>().map(Some).map_err(|e| {
                        EvalError::new(e.to_string(), a.span(2))
                            .with_help("result(p) is \"+-\", \"-+\" or \"00\" when the game is over, \"\" otherwise")
                    }),
                    other => Err(EvalError::new(
                        format!("result must return a string, found {}", other.kind()),
                        a.span(2),
                    )),
                }
            },
        )
        .map_err(|e| at(e, a))?;
        let t = solution.outcome();
        let best = solution
            .best_move()
            .map(|p| p.value.clone())
            .unwrap_or(Value::Unit);
        let line = solution
            .principal_line()
            .into_iter()
            .map(|p| p.value)
            .collect();
        Ok(Value::Record(Rc::new(Record {
            kind: "draw_game",
            fields: vec![
                ("type".into(), text(t.symbol())),
                ("meaning".into(), text(t.meaning())),
                ("best_move".into(), best),
                ("line".into(), Value::list(line)),
                (
                    "positions".into(),
                    Value::number(solution.positions_solved()),
                ),
            ],
        })))
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(ZERMELO);
    r.add(ZERMELO_STEPS);
    r.add(DRAW_GAME);
}
