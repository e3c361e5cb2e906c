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
//!
//! Solving is the core engine's ([`crate::rules`]), through the adapter of
//! `user_rules`: an iterative search, so a position whose options nest a million
//! moves deep is solved like a shallow one, with memory as the only limit. The rules are
//! called once per position; positions they create (`C(p)`, `C(a) + C(b)`) are not solved
//! during that call but left to the same search, so the Rust stack does not grow with the
//! depth of the game.

use super::userpicture::{Drawing, EXPECTED, drawing};
use crate::game::GameId;
use crate::rulesets::picture::Picture;
use crate::syntax::Span;
use crate::values::args::Args;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::object::Host;
use crate::values::object::PositionObject;
use crate::values::object::RulesetObject;
use crate::values::value::FamilyKey;
use crate::values::value::Key;
use crate::values::value::Value;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How a ruleset's function gives the options of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleShape {
    /// `f(p)` is the options (`impartial_game`) or `[Left's, Right's]` (`partizan_game`).
    Options,
    /// CGSuite's `GenMem`: a position is `[n, memory]`, and `f(memory, j)` says whether `j`
    /// tokens may be taken (leaving `[n - j, j]`); see `builtins/gen_mem.rs`.
    Memory,
}

/// A ruleset given by a cgt function, with the values of the positions solved so far.
#[derive(Debug)]
pub struct UserRules {
    /// The name positions are written with: the function's name, or the name the ruleset
    /// is first bound to (`let S = impartial_game(n -> …)`), or `game`.
    name: RefCell<String>,
    named: std::cell::Cell<bool>,
    pub moves: Value,
    pub impartial: bool,
    /// How `moves` gives the options.
    pub shape: RuleShape,
    /// The function that draws a position (see [`super::userpicture`]), if one was given.
    pub picture: Option<Value>,
    /// Canonical forms by position (the engine's table, see [`super::user_rules::Memo`]).
    pub(crate) memo: RefCell<FxHashMap<Key, GameId>>,
    /// Values of positions that are loopy (see [`crate::values::loopy`]): loopy games, or
    /// generalised Sprague–Grundy values of an impartial ruleset.
    loopy: RefCell<FxHashMap<Key, Value>>,
}

impl UserRules {
    pub fn new(moves: Value, impartial: bool) -> UserRules {
        let name = match &moves {
            Value::Function(f) => f.name().map(str::to_string),
            _ => None,
        };
        UserRules {
            named: std::cell::Cell::new(name.is_some()),
            name: RefCell::new(name.unwrap_or_else(|| "game".to_string())),
            moves,
            impartial,
            shape: RuleShape::Options,
            picture: None,
            memo: RefCell::new(FxHashMap::default()),
            loopy: RefCell::new(FxHashMap::default()),
        }
    }

    /// The ruleset drawing its positions with the function `draw` (see
    /// [`super::userpicture`]).
    pub fn with_picture(mut self, draw: Value) -> UserRules {
        self.picture = Some(draw);
        self
    }

    /// The name its positions are written with.
    pub fn name(&self) -> String {
        self.name.borrow().clone()
    }

    /// How the ruleset prints: `partizan_game(cake)`.
    pub fn describe(&self) -> String {
        let kind = if self.shape == RuleShape::Memory {
            "gen_mem"
        } else if self.impartial {
            "impartial_game"
        } else {
            "partizan_game"
        };
        format!("{kind}({})", self.name())
    }

    /// The number of positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.borrow().len()
    }

    /// The number of positions marked as being solved: always none, since the engine keeps
    /// the path of its search to itself and the table holds solved positions only (so
    /// nothing that stopped a search, an error or Ctrl-C, can leave a stale mark).
    pub fn pending(&self) -> usize {
        0
    }

    /// Empties the table of solved positions (`:forget`); returns how many it held.
    pub fn forget(&self) -> usize {
        std::mem::take(&mut *self.loopy.borrow_mut()).len()
            + std::mem::take(&mut *self.memo.borrow_mut()).len()
    }

    /// Whether some position of the ruleset was found loopy.
    pub(crate) fn has_loopy_values(&self) -> bool {
        !self.loopy.borrow().is_empty()
    }

    /// The values of the loopy positions solved so far.
    pub(crate) fn loopy_memo(&self) -> std::cell::RefMut<'_, FxHashMap<Key, Value>> {
        self.loopy.borrow_mut()
    }
}

/// A position of a ruleset written in cgt.
#[derive(Debug)]
pub struct UserPosition {
    pub rules: Rc<UserRules>,
    pub position: Value,
}

impl dyn Host + '_ {
    /// `R(p)`: the position `p` of a cgt ruleset. Its value is computed now, so bad rules are
    /// reported at the call; inside the rules of a ruleset being solved it is left to the
    /// solver (see the module documentation).
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
        if self.defer_flag().get() {
            position_key(&p.position, args.call)?;
        } else {
            self.user_value_or_loopy(&p, args.call)?;
        }
        Ok(Value::position(Rc::new(p)))
    }

    /// How a position of a cgt ruleset is written: `cake([2,3])`.
    pub(crate) fn user_position_text(&mut self, p: &UserPosition) -> String {
        format!("{}({})", p.rules.name(), self.show(&p.position))
    }

    /// How a position is drawn, by calling the ruleset's drawing function: `None` for a
    /// ruleset without one. An answer that describes no picture is an error at `span`.
    pub(crate) fn user_drawing(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<Option<Drawing>, EvalError> {
        let Some(draw) = &p.rules.picture else {
            return Ok(None);
        };
        let args = Args {
            values: vec![p.position.clone()],
            spans: vec![span],
            call: span,
            callee: span,
        };
        let answer = self.call(draw, args)?;
        drawing(&answer).map(Some).map_err(|found| {
            EvalError::new(
                format!("drawing {} gave {found}", self.user_position_text(p)),
                span,
            )
            .with_help(format!("a drawing function returns {EXPECTED}"))
        })
    }

    /// Left's and Right's options of a position, by calling the ruleset's function.
    pub(crate) fn user_moves(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let result = self.call_rules(&p.rules, p.position.clone(), span)?;
        let (left, right) = rule_sides(&p.rules, &result, span)?;
        let wrap = |v: &Value| -> Value {
            if is_game_option(v) {
                v.clone()
            } else {
                Value::Game(GameValue::Position(Rc::new(UserPosition {
                    rules: p.rules.clone(),
                    position: v.clone(),
                })))
            }
        };
        let left: Vec<Value> = left.iter().map(wrap).collect();
        let right = match right {
            Some(r) => r.iter().map(wrap).collect(),
            None => left.clone(),
        };
        Ok((left, right))
    }

    /// The rules' answer for a position, as it is. Positions the rules create are not
    /// solved during the call: the caller solves the options.
    pub(crate) fn call_rules(
        &mut self,
        rules: &UserRules,
        position: Value,
        span: Span,
    ) -> Result<Value, EvalError> {
        let args = Args {
            values: vec![position],
            spans: vec![span],
            call: span,
            callee: span,
        };
        let _deferring = Deferring::start(&self.defer_flag());
        match rules.shape {
            RuleShape::Options => self.call(&rules.moves, args),
            RuleShape::Memory => {
                super::gen_mem::memory_options(self, &rules.moves, &args.values[0], span)
            }
        }
    }

    /// The value of a position: its canonical form, or for a position from which play can
    /// return to itself, its loopy value (a loopy game or a generalised Grundy value).
    pub(crate) fn user_value_or_loopy(
        &mut self,
        p: &UserPosition,
        span: Span,
    ) -> Result<Value, EvalError> {
        let key = position_key(&p.position, span)?;
        if let Some(v) = p.rules.loopy.borrow().get(&key) {
            return Ok(v.clone());
        }
        match self.user_value(p, span) {
            Ok(g) => Ok(Value::short(g)),
            Err(e) if e.label == LOOP_LABEL => self.solve_loopy(&p.rules, &p.position, key, span),
            Err(e) => Err(e),
        }
    }

    /// The canonical form of a position, memoized by position in its ruleset.
    pub(crate) fn user_value(&mut self, p: &UserPosition, span: Span) -> Result<GameId, EvalError> {
        let key = position_key(&p.position, span)?;
        if p.rules.loopy.borrow().contains_key(&key) {
            return Err(EvalError::new(
                format!(
                    "{} is loopy (play can return to it); a short game is needed here",
                    self.user_position_text(p)
                ),
                span,
            ));
        }
        if let Some(&g) = p.rules.memo.borrow().get(&key) {
            return Ok(g);
        }
        self.solve_user(p, key, span)
    }

    /// A move from a position back to a position on the search path.
    pub(crate) fn loop_error(&mut self, position: &Value, span: Span) -> EvalError {
        EvalError::new(
            format!(
                "the position {} can be reached from itself: these rules are loopy",
                self.show(position)
            ),
            span,
        )
        .with_label(LOOP_LABEL)
        .with_help(
            "a loopy ruleset is solved on its graph of positions, but a position cannot come \
             back inside a sum of components (C(a) + C(b)): list its options as positions",
        )
    }
}

/// The position of a cgt ruleset a position value is, if it is one.
pub(crate) fn as_user(p: &Rc<dyn PositionObject>) -> Option<&UserPosition> {
    p.as_any().downcast_ref::<UserPosition>()
}

impl RulesetObject for UserRules {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_rc(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    /// `partizan_game(cake)`.
    fn printed(&self) -> String {
        self.describe()
    }

    fn describe(&self) -> String {
        format!(
            "{} ruleset written in cgt ({}), {} solved",
            if self.impartial {
                "an impartial"
            } else {
                "a partizan"
            },
            self.name(),
            match self.solved() {
                1 => "1 position".to_string(),
                n => format!("{n} positions"),
            }
        )
    }

    fn is_impartial(&self) -> bool {
        self.impartial
    }

    fn position(self: Rc<Self>, host: &mut dyn Host, args: &Args) -> Result<Value, EvalError> {
        host.user_position(&self, args)
    }

    fn forget_tables(&self) -> Option<usize> {
        Some(self.forget() + self.moves.forget_memo().unwrap_or(0))
    }

    fn adopt_name(&self, name: &str) {
        if !self.named.replace(true) {
            *self.name.borrow_mut() = name.to_string();
        }
    }
}

impl PositionObject for UserPosition {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        self.rules.name()
    }

    fn is_impartial(&self) -> bool {
        self.rules.impartial
    }

    /// `cake([2,3])`.
    fn text(&self, host: &mut dyn Host) -> String {
        host.user_position_text(self)
    }

    fn written(&self, _host: &mut dyn Host) -> Value {
        self.position.clone()
    }

    fn describe(&self) -> String {
        format!(
            "a position of {} ({} ruleset written in cgt)",
            self.rules.name(),
            if self.rules.impartial {
                "an impartial"
            } else {
                "a partizan"
            }
        )
    }

    fn value(&self, host: &mut dyn Host, span: Span) -> Result<GameId, EvalError> {
        host.user_value(self, span)
    }

    fn value_or_loopy(&self, host: &mut dyn Host, span: Span) -> Result<Value, EvalError> {
        host.user_value_or_loopy(self, span)
    }

    fn may_be_loopy(&self) -> bool {
        self.rules.has_loopy_values()
    }

    fn moves(
        &self,
        host: &mut dyn Host,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        host.user_moves(self, span)
    }

    fn solved_by_search(&self) -> bool {
        true
    }

    /// The picture its ruleset's drawing function describes.
    fn picture(&self, host: &mut dyn Host, span: Span) -> Result<Option<Picture>, EvalError> {
        Ok(host.user_drawing(self, span)?.map(|d| d.picture))
    }

    /// The rows of the board its ruleset's drawing function describes; nothing for a
    /// position drawn otherwise; the error of a drawing that fails (`:play` says it and
    /// goes on).
    fn board_rows_in(&self, host: &mut dyn Host) -> Result<Option<Vec<String>>, EvalError> {
        Ok(host
            .user_drawing(self, Span::default())?
            .and_then(|d| d.rows))
    }

    /// The ruleset and the key of the value it was called on.
    fn key(&self) -> Option<Key> {
        let family = FamilyKey::Shared(self.rules.clone());
        Some(Key::Position(family, Box::new(self.position.key()?)))
    }
}

/// The label of the error of a search that met a loop: [`Interpreter::user_value_or_loopy`]
/// then solves the position as a loopy game.
pub(crate) const LOOP_LABEL: &str = "reached again from here";

/// The key of a position in its ruleset's table.
pub(crate) fn position_key(position: &Value, span: Span) -> Result<Key, EvalError> {
    position.key().ok_or_else(|| {
        EvalError::new(
            format!(
                "{} cannot be a position: positions are numbers, strings, lists and games",
                position.kind()
            ),
            span,
        )
    })
}

/// A list of options as the rules gave it.
pub(crate) type Options = Rc<Vec<Value>>;

/// The option lists of the rules' answer: Left's and Right's (`None` for an impartial
/// ruleset, whose one list is both), or the error for an answer of the wrong shape.
pub(crate) fn rule_sides(
    rules: &UserRules,
    result: &Value,
    span: Span,
) -> Result<(Options, Option<Options>), EvalError> {
    let shape_error = |found: &Value| {
        let expected = if rules.impartial {
            "a list of options"
        } else {
            "[left options, right options]"
        };
        EvalError::new(
            format!(
                "the rules of {} gave {} for a position; expected {expected}",
                rules.name(),
                found.kind()
            ),
            span,
        )
    };
    let list = |v: &Value| match v {
        Value::List(items) => Ok(items.clone()),
        other => Err(shape_error(other)),
    };
    if rules.impartial {
        return Ok((list(result)?, None));
    }
    match result {
        Value::List(sides) if sides.len() == 2 => Ok((list(&sides[0])?, Some(list(&sides[1])?))),
        other => Err(shape_error(other)
            .with_help("a partizan rule returns two lists, e.g. p -> [[p - 1], [p - 2]]")),
    }
}

/// Options that are games already (rather than positions of the ruleset): games, positions
/// of any game and sums.
pub(crate) fn is_game_option(v: &Value) -> bool {
    matches!(
        v,
        Value::Game(GameValue::Short(_))
            | Value::Game(GameValue::Position(_))
            | Value::Game(GameValue::Sum(_))
    )
}

/// Positions created while it lives are left to the search; dropping it (also when an
/// abort unwinds) restores the setting it found.
struct Deferring {
    flag: Rc<Cell<bool>>,
    was: bool,
}

impl Deferring {
    fn start(flag: &Rc<Cell<bool>>) -> Deferring {
        Deferring {
            flag: flag.clone(),
            was: flag.replace(true),
        }
    }
}

impl Drop for Deferring {
    fn drop(&mut self) {
        self.flag.set(self.was);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_defer_positions_only_while_they_run() {
        let flag = Rc::new(Cell::new(false));
        {
            let _outer = Deferring::start(&flag);
            {
                let _inner = Deferring::start(&flag);
            }
            // Rules called from within rules: the outer call still defers.
            assert!(flag.get());
        }
        assert!(!flag.get());
        // An abort unwinding out of the rules restores the setting too.
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _deferring = Deferring::start(&flag);
            panic!("interrupted");
        }));
        assert!(unwound.is_err());
        assert!(!flag.get());
    }
}
