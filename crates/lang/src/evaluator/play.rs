//! Moves in a position's own terms, for every value that stands for a game: board
//! positions, heap positions, positions of rulesets written in cgt, sums of them, and plain
//! games (whose moves are their canonical options). Winning moves in sums and `:play` are
//! built on this.

use super::interp::Interpreter;
use crate::game::GameId;
use crate::syntax::Span;
use crate::values::convert::number_dyadic;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Sum;
use crate::values::value::Value;
use std::rc::Rc;

pub use crate::values::object::Move;

pub use crate::values::object::is_gamelike;

pub use crate::values::object::is_position;

impl Interpreter {
    /// The game a value stands for: games are themselves, dyadic numbers become number
    /// games; a non-dyadic rational such as `1/3` is an error (it is not a short game).
    pub(crate) fn game_of(&mut self, v: &Value, span: Span) -> Result<GameId, EvalError> {
        match v {
            Value::Game(GameValue::Short(g)) => Ok(*g),
            Value::Game(GameValue::Position(p)) => p.clone().value(self, span),
            Value::Game(GameValue::Sum(s)) => {
                if let Some(g) = s.value() {
                    return Ok(g);
                }
                let s = s.clone();
                let g = self.sum_value(s.terms(), span)?;
                s.remember_value(g);
                Ok(g)
            }
            Value::Number(n) => {
                let d = number_dyadic(n, span)?;
                Ok(self.math.store.number(d))
            }
            Value::Game(GameValue::Loopy(_)) => Err(EvalError::new(
                "this is a loopy game (play can go on forever); a short game is needed here",
                span,
            )
            .with_help(
                "sums, negation, comparison, outcome, onside/offside and the is_ tests accept \
                 loopy games; temperature, stops, options and the other short-game tools do not",
            )),
            other => Err(
                EvalError::new(format!("expected a game, found {}", other.kind()), span)
                    .with_label(format!("this is {}", other.kind())),
            ),
        }
    }

    /// `a + b` of games or positions: the sum keeps its terms (a sum among them stays nested,
    /// see [`Sum`]); plain zeros are left out.
    pub(crate) fn sum_of(
        &mut self,
        a: Value,
        b: Value,
        spans: (Span, Span),
    ) -> Result<Value, EvalError> {
        let mut parts = Vec::new();
        let mut deferred = false;
        for (v, s) in [(a, spans.0), (b, spans.1)] {
            let searched = match &v {
                Value::Game(GameValue::Position(p)) => p.solved_by_search(),
                Value::Game(GameValue::Sum(_)) => true,
                _ => false,
            };
            if self.defer_user_values.get() && searched {
                // In the rules of a ruleset being solved: the search solves the positions
                // of this sum before adding it up (see `crate::values::games::usergame`).
                parts.push(v);
                deferred = true;
                continue;
            }
            // Check the term now so that a bad position is reported where it is.
            let g = self.game_of(&v, s)?;
            if !matches!(v, Value::Game(GameValue::Short(_)) | Value::Number(_)) {
                parts.push(v)
            } else if g != self.math.store.zero() {
                // A plain 0 is no component: it has no moves and adds nothing.
                parts.push(Value::short(g));
            }
        }
        if deferred {
            return Ok(Value::sum(Rc::new(Sum::new(parts))));
        }
        // Add now, so that an overflow is reported at the `+` rather than when printing.
        let value = self.sum_value(&parts, spans.0.to(spans.1))?;
        Ok(match parts.as_slice() {
            [] => Value::short(self.math.store.zero()),
            [only @ Value::Game(GameValue::Short(_))] => only.clone(),
            _ => Value::sum(Rc::new(Sum::with_value(parts, value))),
        })
    }

    /// The value of a sum of components.
    pub(crate) fn sum_value(&mut self, parts: &[Value], span: Span) -> Result<GameId, EvalError> {
        let mut total = self.math.store.zero();
        for p in parts {
            let g = self.game_of(p, span)?;
            total = self.math.store.add(total, g);
        }
        Ok(total)
    }

    /// How a position is written in its own terms: `domineering("..|..")`, `kayles(7)`,
    /// `cake([2,3])`, a sum `a + b`, or a game's canonical form.
    pub fn position_text(&mut self, v: &Value) -> String {
        match v {
            Value::Game(GameValue::Position(p)) => p.text(self),
            Value::Game(GameValue::Sum(s)) => {
                let texts: Vec<String> = s
                    .components()
                    .iter()
                    .map(|p| self.position_text(p))
                    .collect();
                texts.join(" + ")
            }
            other => self.show(other),
        }
    }

    /// Every move of one player (`left`) in the position's own terms.
    pub fn moves_in(&mut self, v: &Value, left: bool, span: Span) -> Result<Vec<Move>, EvalError> {
        let single = |from: &Value, to: Vec<Value>| -> Vec<Move> {
            to.into_iter()
                .map(|t| Move {
                    component: None,
                    from: from.clone(),
                    result: t.clone(),
                    to: t,
                })
                .collect()
        };
        Ok(match v {
            Value::Game(GameValue::Sum(s)) => {
                let parts = s.components();
                let mut out = Vec::new();
                for (k, part) in parts.iter().enumerate() {
                    for m in self.moves_in(part, left, span)? {
                        let mut after = parts.clone();
                        after[k] = m.to.clone();
                        out.push(Move {
                            component: Some(k),
                            from: part.clone(),
                            to: m.to,
                            result: Value::Game(GameValue::Sum(Rc::new(Sum::new(after)))),
                        });
                    }
                }
                out
            }
            Value::Game(GameValue::Position(p)) => {
                let (l, r) = p.moves(self, span)?;
                single(v, if left { l } else { r })
            }
            other => {
                let g = self.game_of(other, span)?;
                let (l, r) = self.math.store.options(g);
                let to = if left { l } else { r };
                single(v, to.iter().map(|&g| Value::short(g)).collect())
            }
        })
    }

    /// The winning moves of one player: moves to a position that player wins moving
    /// second (Left: value ≥ 0, Right: value ≤ 0).
    pub fn winning_moves_for(
        &mut self,
        v: &Value,
        left: bool,
        span: Span,
    ) -> Result<Vec<Move>, EvalError> {
        let mut out = Vec::new();
        for m in self.moves_in(v, left, span)? {
            let g = self.game_of(&m.result, span)?;
            let zero = self.math.store.zero();
            let wins = if left {
                self.math.store.leq(zero, g)
            } else {
                self.math.store.leq(g, zero)
            };
            if wins {
                out.push(m);
            }
        }
        Ok(out)
    }

    /// A move written for people: `component 2: domineering("..|..") → domineering("#.|#.")`.
    pub fn move_text(&mut self, m: &Move) -> String {
        let from = self.position_text(&m.from);
        let to = self.position_text(&m.to);
        let text = match m.component {
            Some(k) => format!("component {}: {from} → {to}", k + 1),
            None => format!("{from} → {to}"),
        };
        self.arrows(text)
    }
}
