//! Rulesets on grids written in cgt, as CGSuite's `GridRuleset`: the user writes only the
//! moves from one cell, `moves(g, r, c)` giving the grids after each move of the piece (or
//! from the empty cell) at row `r`, column `c` — `[Left's, Right's]`, or one list for an
//! impartial game — and `grid_game(moves, options)` gives the ruleset, with for free:
//!
//! - decomposition: a grid is the sum of its regions, the connected sets of cells other
//!   than the blank (`"blank"`, default `"."`; four-connected, or eight with
//!   `"connect" => 8`), so the moves must never reach from one region into another;
//! - symmetry: a region is solved once for all its images under `"symmetry"`: `"none"`
//!   (the default), `"mirror"` (reflections left–right and top–bottom) or `"all"` (the
//!   eight symmetries of the square, for rules that do not tell rows from columns);
//! - pictures (`svg`, `latex`) and `:play`: a position is drawn as its board.
//!
//! The values of regions are kept for the session by the ruleset, by their canonical
//! image. Grids are solved like the rulesets written as functions of a whole position
//! ([`super::usergame`]): by the core engine through the adapter of `user_rules`,
//! whose positions include grids (split into regions, each brought to its canonical image).
//! The search is iterative, so a game of very many moves needs no deep stack.

use super::grid::{Grid, Symmetry};
use crate::game::GameId;
use crate::rulesets::picture::Picture;
use crate::syntax::Span;
use crate::values::args::Args;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::object::Host;
use crate::values::object::PositionObject;
use crate::values::object::RulesetObject;
use crate::values::value::Callable;
use crate::values::value::FamilyKey;
use crate::values::value::Key;
use crate::values::value::Value;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

/// A ruleset on grids given by the moves from one cell.
#[derive(Debug)]
pub struct GridRules {
    name: RefCell<String>,
    named: std::cell::Cell<bool>,
    /// `(g, r, c) -> [Left's grids, Right's grids]` (or `-> grids` when impartial).
    pub moves: Value,
    pub impartial: bool,
    /// The cells that are not played and separate regions.
    pub blank: char,
    /// Regions are eight-connected (else four-connected).
    pub eight: bool,
    pub symmetry: Symmetry,
    /// A strip game: grids of one row, and the moves called as `moves(s, i)` on the row as
    /// a string, answering strings.
    pub strip: bool,
    /// Values of regions by their canonical image (the engine's table, see
    /// [`super::user_rules::Memo`]).
    pub(crate) memo: RefCell<FxHashMap<Grid, GameId>>,
}

impl GridRules {
    pub fn new(
        moves: Value,
        impartial: bool,
        blank: char,
        eight: bool,
        symmetry: Symmetry,
    ) -> Self {
        let name = match &moves {
            Value::Function(Callable::Closure(c)) => c.name.clone(),
            _ => None,
        };
        GridRules {
            named: std::cell::Cell::new(name.is_some()),
            name: RefCell::new(name.unwrap_or_else(|| "grid".to_string())),
            moves,
            impartial,
            blank,
            eight,
            symmetry,
            strip: false,
            memo: RefCell::new(FxHashMap::default()),
        }
    }

    /// How many regions it has solved.
    pub fn solved(&self) -> usize {
        self.memo.borrow().len()
    }

    /// The grids after the moves of each player from every cell that is not blank: Left's
    /// and Right's.
    pub(crate) fn options(
        &self,
        host: &mut dyn Host,
        grid: &Grid,
        span: Span,
    ) -> Result<(Vec<Grid>, Vec<Grid>), EvalError> {
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let g = if self.strip {
            Value::Str(grid.text().into())
        } else {
            grid.to_value()
        };
        for r in 0..grid.height {
            for c in 0..grid.width {
                if grid.get(r, c) == Some(self.blank) {
                    continue;
                }
                host.check_interrupt(span)?;
                let mut values = vec![g.clone()];
                if !self.strip {
                    values.push(Value::number(r as i64));
                }
                values.push(Value::number(c as i64));
                let args = Args::at(values, span);
                let answer = host.call(&self.moves, args)?;
                if self.impartial {
                    let grids = self.grids(&answer, span)?;
                    left.extend(grids.iter().cloned());
                    right.extend(grids);
                } else {
                    let (l, rr) = match &answer {
                        Value::List(sides) if sides.len() == 2 => (&sides[0], &sides[1]),
                        other => return Err(self.bad_answer(other, span)),
                    };
                    left.extend(self.grids(l, span)?);
                    right.extend(self.grids(rr, span)?);
                }
            }
        }
        Ok((left, right))
    }

    /// The grids of a list the rules answered.
    fn grids(&self, v: &Value, span: Span) -> Result<Vec<Grid>, EvalError> {
        let Value::List(items) = v else {
            return Err(self.bad_answer(v, span));
        };
        items
            .iter()
            .map(|x| match Grid::of_value(x, self.blank) {
                Some(Ok(g)) => Ok(g),
                Some(Err(e)) => Err(EvalError::new(e, span)),
                None => Err(self.bad_answer(x, span)),
            })
            .collect()
    }

    fn bad_answer(&self, found: &Value, span: Span) -> EvalError {
        let expected = if self.impartial {
            "a list of grids"
        } else {
            "[Left's grids, Right's grids]"
        };
        EvalError::new(
            format!(
                "the moves of {} should give {expected}, found {}",
                self.name(),
                found.kind()
            ),
            span,
        )
        .with_help(
            "each grid a grid value (set_cell(g, r, c, \"x\")) or a string of rows \"x.o|.x.\"",
        )
    }
}

impl RulesetObject for GridRules {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_rc(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    fn printed(&self) -> String {
        let family = if self.strip {
            "strip_game"
        } else {
            "grid_game"
        };
        format!("{family}({})", self.name())
    }

    fn describe(&self) -> String {
        format!(
            "a ruleset on grids written in cgt ({}, {} regions solved, symmetry {})",
            if self.impartial {
                "impartial"
            } else {
                "partizan"
            },
            self.solved(),
            self.symmetry.name()
        )
    }

    fn is_impartial(&self) -> bool {
        self.impartial
    }

    fn position(self: Rc<Self>, _host: &mut dyn Host, args: &Args) -> Result<Value, EvalError> {
        if self.strip
            && let Value::Str(s) = &args.values.first().unwrap_or(&Value::Unit)
            && s.contains('|')
        {
            return Err(EvalError::new(
                format!("a position of {} is one row, without |", self.name()),
                args.span(0),
            ));
        }
        if args.values.len() != 1 {
            return Err(EvalError::new(
                format!(
                    "a position of {} is one grid, but {} arguments were given",
                    self.name(),
                    args.values.len()
                ),
                args.call,
            ));
        }
        let grid = match Grid::of_value(&args.values[0], self.blank) {
            Some(Ok(g)) => g,
            Some(Err(e)) => return Err(EvalError::new(e, args.span(0))),
            None => {
                return Err(EvalError::new(
                    format!("expected a grid, found {}", args.values[0].kind()),
                    args.span(0),
                )
                .with_help("a grid value or its rows as a string \"x.o|.x.\""));
            }
        };
        Ok(Value::position(Rc::new(GridPosition { rules: self, grid })))
    }

    fn forget_tables(&self) -> Option<usize> {
        let n = self.solved();
        self.memo.borrow_mut().clear();
        Some(n + self.moves.forget_memo().unwrap_or(0))
    }

    fn adopt_name(&self, name: &str) {
        if !self.named.replace(true) {
            *self.name.borrow_mut() = name.to_string();
        }
    }
}

impl GridRules {
    pub fn name(&self) -> String {
        self.name.borrow().clone()
    }
}

/// A grid of a [`GridRules`] ruleset.
#[derive(Debug)]
pub struct GridPosition {
    pub rules: Rc<GridRules>,
    pub grid: Grid,
}

impl GridPosition {
    /// The position of `rules` at `grid`, as a value.
    pub(crate) fn value_of(rules: Rc<GridRules>, grid: Grid) -> Value {
        Value::Game(GameValue::Position(Rc::new(GridPosition { rules, grid })))
    }

    fn at(&self, grid: Grid) -> Value {
        GridPosition::value_of(self.rules.clone(), grid)
    }
}

/// The grid position a position object is, if it is one.
pub(crate) fn as_grid(p: &Rc<dyn PositionObject>) -> Option<&GridPosition> {
    p.as_any().downcast_ref::<GridPosition>()
}

impl PositionObject for GridPosition {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        self.rules.name()
    }

    fn is_impartial(&self) -> bool {
        self.rules.impartial
    }

    fn text(&self, _host: &mut dyn Host) -> String {
        format!("{}({:?})", self.rules.name(), self.grid.text())
    }

    fn written(&self, _host: &mut dyn Host) -> Value {
        Value::Str(self.grid.text().into())
    }

    fn value(&self, host: &mut dyn Host, span: Span) -> Result<GameId, EvalError> {
        host.solve_grid(&self.rules, &self.grid, span)
    }

    /// The moves from the whole grid, each to the whole grid after it (a sum of the
    /// regions is what the value adds up, but a player sees the board).
    fn moves(
        &self,
        host: &mut dyn Host,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let (left, right) = self.rules.options(host, &self.grid, span)?;
        Ok((
            left.into_iter().map(|g| self.at(g)).collect(),
            right.into_iter().map(|g| self.at(g)).collect(),
        ))
    }

    fn picture(&self, _host: &mut dyn Host, _span: Span) -> Result<Option<Picture>, EvalError> {
        let drawn = super::userpicture::drawing(&Value::Str(self.grid.text().into()));
        Ok(drawn.ok().map(|d| d.picture))
    }

    fn board_rows(&self) -> Option<Vec<String>> {
        (self.grid.height > 1).then(|| self.grid.rows())
    }

    fn key(&self) -> Option<Key> {
        let family = FamilyKey::Shared(self.rules.clone());
        Some(Key::Position(
            family,
            Box::new(Key::Str(self.grid.text().into())),
        ))
    }
}
