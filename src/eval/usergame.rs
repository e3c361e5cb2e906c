//! Rulesets written in cgt: a function from a position (an integer, a list, a string…) to
//! its options. `partizan_game(f)` takes `f(p) = [left options, right options]`,
//! `impartial_game(f)` takes `f(p) = options` (the same for both players). Calling the
//! ruleset on a position gives a position value that prints and adds as its canonical form,
//! computed once per position (memoized for the whole session) and answering
//! `left_moves`/`right_moves` in its own terms.
//!
//! An option is a position of the same ruleset, unless it already is a game: a game, a
//! position of another game or a sum such as `C([2, 3]) + C([1, 3])` (how a move that splits
//! a position into independent parts is written).

use super::builtins::Args;
use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{Key, Value};
use crate::game::GameId;
use crate::syntax::Span;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// A ruleset given by a cgt function, with the values of the positions solved so far.
#[derive(Debug)]
pub struct UserRules {
    /// The name positions are written with: the function's name, or the name the ruleset
    /// is first bound to (`let S = impartial_game(n -> …)`), or `game`.
    name: RefCell<String>,
    named: std::cell::Cell<bool>,
    pub moves: Value,
    pub impartial: bool,
    /// Canonical forms by position; `None` marks a position being solved (a cycle back to it
    /// means the rules are loopy, which short games cannot be).
    memo: RefCell<FxHashMap<Key, Option<GameId>>>,
}

impl UserRules {
    pub fn new(moves: Value, impartial: bool) -> UserRules {
        let name = match &moves {
            Value::Function(c) => c.name.clone(),
            Value::Builtin(b) => Some(b.name.to_string()),
            _ => None,
        };
        UserRules {
            named: std::cell::Cell::new(name.is_some()),
            name: RefCell::new(name.unwrap_or_else(|| "game".to_string())),
            moves,
            impartial,
            memo: RefCell::new(FxHashMap::default()),
        }
    }

    /// The name its positions are written with.
    pub fn name(&self) -> String {
        self.name.borrow().clone()
    }

    /// Takes the name of the binding `let S = …` when the rules had no name of their own.
    pub fn adopt_name(&self, name: &str) {
        if !self.named.replace(true) {
            *self.name.borrow_mut() = name.to_string();
        }
    }

    /// How the ruleset prints: `partizan_game(cake)`.
    pub fn describe(&self) -> String {
        let kind = if self.impartial {
            "impartial_game"
        } else {
            "partizan_game"
        };
        format!("{kind}({})", self.name())
    }

    /// The number of positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.borrow().values().filter(|v| v.is_some()).count()
    }

    /// Empties the table of solved positions (`:forget`); returns how many it held.
    pub fn forget(&self) -> usize {
        std::mem::take(&mut *self.memo.borrow_mut()).len()
    }
}

/// A position of a ruleset written in cgt.
#[derive(Debug)]
pub struct UserPosition {
    pub rules: Rc<UserRules>,
    pub position: Value,
}

impl Interpreter {
    /// `R(p)`: the position `p` of a cgt ruleset. Its value is computed now, so bad rules are
    /// reported at the call.
    pub(crate) fn user_position(
        &mut self,
        rules: &Rc<UserRules>,
        args: &Args,
    ) -> Result<Value, EvalError> {
        if args.values.len() != 1 {
            return Err(EvalError::new(
                format!(
                    "a ruleset takes one position, but {} arguments were given",
                    args.values.len()
                ),
                args.call,
            )
            .with_help("pass several coordinates as one list: R([2, 3])"));
        }
        let p = UserPosition {
            rules: rules.clone(),
            position: args.values[0].clone(),
        };
        self.user_value(&p, args.call)?;
        Ok(Value::UserPosition(Rc::new(p)))
    }

    /// How a position of a cgt ruleset is written: `cake([2,3])`.
    pub(crate) fn user_position_text(&mut self, p: &UserPosition) -> String {
        format!("{}({})", p.rules.name(), self.show(&p.position))
    }

    /// Left's and Right's options of a position, by calling the ruleset's function.
    pub(crate) fn user_moves(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let args = Args {
            values: vec![p.position.clone()],
            spans: vec![span],
            call: span,
            callee: span,
        };
        let result = self.call(&p.rules.moves, args)?;
        let wrap = |v: &Value| -> Value {
            if is_game_option(v) {
                v.clone()
            } else {
                Value::UserPosition(Rc::new(UserPosition {
                    rules: p.rules.clone(),
                    position: v.clone(),
                }))
            }
        };
        let shape_error = |found: &Value| {
            let expected = if p.rules.impartial {
                "a list of options"
            } else {
                "[left options, right options]"
            };
            EvalError::new(
                format!(
                    "the rules of {} gave {} for a position; expected {expected}",
                    p.rules.name(),
                    found.kind()
                ),
                span,
            )
        };
        let list = |v: &Value| -> Result<Vec<Value>, EvalError> {
            match v {
                Value::List(items) => Ok(items.iter().map(wrap).collect()),
                other => Err(shape_error(other)),
            }
        };
        if p.rules.impartial {
            let options = list(&result)?;
            Ok((options.clone(), options))
        } else {
            match &result {
                Value::List(sides) if sides.len() == 2 => Ok((list(&sides[0])?, list(&sides[1])?)),
                other => Err(shape_error(other)
                    .with_help("a partizan rule returns two lists, e.g. p -> [[p - 1], [p - 2]]")),
            }
        }
    }

    /// The canonical form of a position, memoized by position in its ruleset.
    pub(crate) fn user_value(&mut self, p: &UserPosition, span: Span) -> Result<GameId, EvalError> {
        let key = p.position.key().ok_or_else(|| {
            EvalError::new(
                format!(
                    "{} cannot be a position: positions are numbers, strings, lists and games",
                    p.position.kind()
                ),
                span,
            )
        })?;
        match p.rules.memo.borrow().get(&key) {
            Some(Some(g)) => return Ok(*g),
            Some(None) => {
                return Err(EvalError::new(
                    format!(
                        "the position {} can be reached from itself: these rules are loopy",
                        self.show(&p.position)
                    ),
                    span,
                )
                .with_help("cgt solves short games, where every sequence of moves ends"));
            }
            None => {}
        }
        self.check_interrupt(span)?;
        if self.depth >= self.max_depth {
            return Err(EvalError::new(
                format!("positions nest deeper than {} moves", self.max_depth),
                span,
            ));
        }
        p.rules.memo.borrow_mut().insert(key.clone(), None);
        // Unmarks the position if solving it fails or is interrupted (an abort unwinds past
        // this frame), so a later attempt is not mistaken for a loop.
        let pending = Pending {
            memo: &p.rules.memo,
            key: Some(key),
        };
        self.depth += 1;
        let solved = self.solve_user_position(p, span);
        self.depth -= 1;
        let g = solved?;
        pending.finish(g);
        crate::progress::position_solved();
        Ok(g)
    }

    fn solve_user_position(&mut self, p: &UserPosition, span: Span) -> Result<GameId, EvalError> {
        let (left, right) = self.user_moves(p, span)?;
        let mut games = |options: &[Value]| -> Result<Vec<GameId>, EvalError> {
            options.iter().map(|o| self.game_of(o, span)).collect()
        };
        let l = games(&left)?;
        let r = if p.rules.impartial {
            l.clone()
        } else {
            games(&right)?
        };
        Ok(self.store.canonical(&l, &r))
    }
}

/// Options that are games already (rather than positions of the ruleset): games, positions
/// of any game and sums.
fn is_game_option(v: &Value) -> bool {
    matches!(
        v,
        Value::Game(_)
            | Value::Board(_)
            | Value::Position(_)
            | Value::UserPosition(_)
            | Value::Sum(_)
    )
}

/// A position marked as being solved in its ruleset's table.
struct Pending<'a> {
    memo: &'a RefCell<FxHashMap<Key, Option<GameId>>>,
    key: Option<Key>,
}

impl Pending<'_> {
    /// Records the position's value.
    fn finish(mut self, g: GameId) {
        if let Some(key) = self.key.take() {
            self.memo.borrow_mut().insert(key, Some(g));
        }
    }
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        if let Some(key) = self.key.take() {
            self.memo.borrow_mut().remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_with_pending(key: &Key) -> RefCell<FxHashMap<Key, Option<GameId>>> {
        let memo = RefCell::new(FxHashMap::default());
        memo.borrow_mut().insert(key.clone(), None);
        memo
    }

    #[test]
    fn an_interrupted_position_is_unmarked() {
        // An abort unwinds through the solver: the mark must go, or the next attempt
        // would be reported as a loop.
        let key = Key::Str("p".into());
        let memo = table_with_pending(&key);
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _pending = Pending {
                memo: &memo,
                key: Some(key.clone()),
            };
            panic!("interrupted");
        }));
        assert!(unwound.is_err());
        assert!(memo.borrow().get(&key).is_none());
    }

    #[test]
    fn a_solved_position_keeps_its_value() {
        let key = Key::Str("p".into());
        let memo = table_with_pending(&key);
        let g = crate::game::GameStore::new().zero();
        Pending {
            memo: &memo,
            key: Some(key.clone()),
        }
        .finish(g);
        assert_eq!(memo.borrow().get(&key), Some(&Some(g)));
    }
}
