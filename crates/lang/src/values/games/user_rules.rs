//! Rulesets written in cgt as the core engine's [`Rules`]: the small adapter through which
//! they are solved by the same searches as every built-in game ([`crate::rules`]).
//!
//! A position of the engine is a position of a cgt ruleset (its ruleset and its value,
//! keyed by the value's structure, never by how it prints), a grid of a ruleset on grids
//! ([`super::gridgame`]: it splits into its regions, each kept by its canonical image under
//! the ruleset's symmetries), or an option that is a game already (a game, a position of a
//! built-in game, a sum), whose value is known. A sum splits into its components. The moves call the ruleset's function, which may fail:
//! its error ends the search and is reported as it is.
//!
//! Each ruleset keeps the canonical forms of its solved positions for the session (the
//! engine's table here, [`Memo`]); positions found loopy are solved on their graph
//! ([`crate::rules::loopy_value`]) and kept in the ruleset's loopy table.

use super::grid::Grid;
use super::gridgame::{GridRules, as_grid};
use super::usergame::{UserPosition, UserRules, as_user, position_key};
use crate::game::GameId;
use crate::rules::{EngineError, Known, LoopyValue, Rules, Table};
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::object::Host;
use crate::values::value::Key;
use crate::values::value::Value;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A ruleset keeps at most this many positions (a search that deep holds a few gigabytes):
/// past it, solving stops with an error instead of exhausting memory.
pub const MAX_USER_POSITIONS: usize = 10_000_000;

/// A loopy ruleset is explored up to this many positions (the graph is held whole).
pub const MAX_LOOPY_POSITIONS: usize = 2_000_000;

/// Bytes counted per position of a cgt ruleset when checking the memory budget: its memo
/// entry (key and value), its frame while open and its options on the work stack.
const BYTES_PER_USER_POSITION: u64 = 320;

/// A position as the engine sees it.
#[derive(Clone, Debug)]
pub(crate) enum Pos {
    /// A position of a ruleset written in cgt, with its key.
    User(Rc<UserRules>, Value, Key),
    /// A grid of a ruleset on grids.
    Grid(Rc<GridRules>, Grid),
    /// An option that is a game already (its value is known, so the engine never keeps it
    /// in a table): with its key when it has one.
    Game(Value, Option<Key>),
}

impl PartialEq for Pos {
    fn eq(&self, other: &Pos) -> bool {
        match (self, other) {
            (Pos::User(r, _, k), Pos::User(s, _, l)) => Rc::ptr_eq(r, s) && k == l,
            (Pos::Grid(r, g), Pos::Grid(s, h)) => Rc::ptr_eq(r, s) && g == h,
            (Pos::Game(_, Some(k)), Pos::Game(_, Some(l))) => k == l,
            _ => false,
        }
    }
}

impl Eq for Pos {}

impl Hash for Pos {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match self {
            Pos::User(r, _, k) => {
                (Rc::as_ptr(r) as usize).hash(h);
                k.hash(h);
            }
            Pos::Grid(r, g) => {
                (Rc::as_ptr(r) as usize).hash(h);
                g.hash(h);
            }
            Pos::Game(_, k) => k.hash(h),
        }
    }
}

impl Pos {
    /// An option given by the rules of `rules`: a position of a cgt ruleset, a game, or
    /// (anything else) a position of `rules`.
    fn of_option(rules: &Rc<UserRules>, v: Value, span: Span) -> Result<Pos, EvalError> {
        if let Value::Game(GameValue::Position(q)) = &v
            && let Some(u) = as_user(q)
        {
            let key = position_key(&u.position, span)?;
            return Ok(Pos::User(u.rules.clone(), u.position.clone(), key));
        }
        if let Value::Game(GameValue::Position(q)) = &v
            && let Some(g) = as_grid(q)
        {
            return Ok(Pos::Grid(g.rules.clone(), g.grid.clone()));
        }
        if matches!(
            v,
            Value::Game(GameValue::Short(_))
                | Value::Game(GameValue::Position(_))
                | Value::Game(GameValue::Sum(_))
        ) {
            let key = v.key();
            return Ok(Pos::Game(v, key));
        }
        let key = position_key(&v, span)?;
        Ok(Pos::User(rules.clone(), v, key))
    }

    /// A component of a sum: a position of a cgt ruleset or a game.
    fn of_component(v: Value, span: Span) -> Result<Pos, EvalError> {
        if let Value::Game(GameValue::Position(q)) = &v
            && let Some(u) = as_user(q)
        {
            let key = position_key(&u.position, span)?;
            return Ok(Pos::User(u.rules.clone(), u.position.clone(), key));
        }
        if let Value::Game(GameValue::Position(q)) = &v
            && let Some(g) = as_grid(q)
        {
            return Ok(Pos::Grid(g.rules.clone(), g.grid.clone()));
        }
        let key = v.key();
        Ok(Pos::Game(v, key))
    }
}

/// The rulesets' tables of canonical forms, as the engine's table: each position (each
/// region of a grid, by its canonical image) is kept by its own ruleset.
pub(crate) struct Memo;

impl<'h, 'a> Table<Adapter<'h, 'a>, GameId> for Memo {
    fn get(&mut self, _: &mut Adapter<'h, 'a>, p: &Pos) -> Option<GameId> {
        match p {
            Pos::User(rules, _, key) => rules.memo.borrow().get(key).copied(),
            Pos::Grid(rules, grid) => rules.memo.borrow().get(grid).copied(),
            Pos::Game(..) => None,
        }
    }

    fn insert(&mut self, _: &mut Adapter<'h, 'a>, p: Pos, v: GameId) {
        match p {
            Pos::User(rules, _, key) => {
                rules.memo.borrow_mut().insert(key, v);
            }
            Pos::Grid(rules, grid) => {
                rules.memo.borrow_mut().insert(grid, v);
            }
            Pos::Game(..) => {}
        }
    }
}

/// The interpreter seen as the engine's rules for the rulesets written in cgt.
pub(crate) struct Adapter<'h, 'a> {
    host: &'h mut (dyn Host + 'a),
    span: Span,
    /// Solve the home ruleset as impartial (its positions' Smith values on a loopy graph).
    impartial: bool,
    /// Right's options of the position whose Left options were asked for last (one call of
    /// the rules gives both).
    right: Option<(Pos, Vec<Pos>)>,
    opened: usize,
}

impl<'h, 'a> Adapter<'h, 'a> {
    pub(crate) fn new(host: &'h mut (dyn Host + 'a), span: Span) -> Self {
        Adapter {
            host,
            span,
            impartial: false,
            right: None,
            opened: 0,
        }
    }

    /// The search's error as the language reports it.
    pub(crate) fn error(&mut self, e: EngineError<Pos, EvalError>) -> EvalError {
        let span = self.span;
        match e {
            EngineError::Rules(e) => e,
            EngineError::Loop(Pos::User(_, position, _)) => self.host.loop_error(&position, span),
            EngineError::Loop(Pos::Grid(rules, grid)) => EvalError::new(
                format!(
                    "the rules of {} are loopy: a move from {:?} leads back to it",
                    rules.name(),
                    grid.text()
                ),
                span,
            ),
            EngineError::Loop(Pos::Game(v, _)) => {
                let shown = self.host.show(&v);
                self.host.loop_error(&Value::Str(shown.into()), span)
            }
            EngineError::TooLarge { limit } => EvalError::new(
                format!("the ruleset has more than {limit} positions reachable from this one"),
                span,
            )
            .with_help("a loopy ruleset is solved on its whole graph of positions, which must fit in memory"),
            EngineError::NotImpartial(_) => EvalError::new(
                "an option of an impartial loopy ruleset must be a position of it or a nimber \
                 (a finite generalised Sprague-Grundy value)",
                span,
            ),
            EngineError::Interrupted => EvalError::new("interrupted", span)
                .with_help("the session and its bindings are kept"),
        }
    }

    /// The options the rules of `rules` give for `position`: Left's and Right's.
    fn ask(
        &mut self,
        rules: &Rc<UserRules>,
        position: &Value,
    ) -> Result<(Vec<Pos>, Vec<Pos>), EvalError> {
        let span = self.span;
        let result = self.host.call_rules(rules, position.clone(), span)?;
        let (left, right) = super::usergame::rule_sides(rules, &result, span)?;
        drop(result);
        let wrap = |side: Rc<Vec<Value>>| -> Result<Vec<Pos>, EvalError> {
            let items = Rc::try_unwrap(side).unwrap_or_else(|shared| (*shared).clone());
            items
                .into_iter()
                .map(|v| Pos::of_option(rules, v, span))
                .collect()
        };
        let left = wrap(left)?;
        let right = match right {
            Some(r) => wrap(r)?,
            None => left.clone(),
        };
        Ok((left, right))
    }
}

impl Rules for Adapter<'_, '_> {
    type Position = Pos;
    type Error = EvalError;

    fn moves(&mut self, p: &Pos, left: bool, out: &mut Vec<Pos>) -> Result<(), EvalError> {
        if !left
            && let Some((q, right)) = self.right.take()
            && q == *p
        {
            out.extend(right);
            return Ok(());
        }
        let (l, r) = match p {
            Pos::User(rules, position, _) => self.ask(rules, position)?,
            Pos::Grid(rules, grid) => {
                let (l, r) = rules.options(self.host, grid, self.span)?;
                let wrap = |side: Vec<Grid>| -> Vec<Pos> {
                    side.into_iter()
                        .map(|g| Pos::Grid(rules.clone(), g))
                        .collect()
                };
                (wrap(l), wrap(r))
            }
            // A game's value is known: the engine does not ask for its moves.
            Pos::Game(..) => return Ok(()),
        };
        if left {
            out.extend(l);
            self.right = Some((p.clone(), r));
        } else {
            out.extend(r);
        }
        Ok(())
    }

    fn store(&mut self) -> &mut crate::game::GameStore {
        self.host.store()
    }

    fn is_impartial(&self) -> bool {
        self.impartial
    }

    fn components(&mut self, p: &Pos, out: &mut Vec<Pos>) -> Result<(), EvalError> {
        if let Pos::Grid(rules, grid) = p {
            let regions = grid.regions(rules.blank, rules.eight);
            out.extend(regions.into_iter().map(|g| Pos::Grid(rules.clone(), g)));
            return Ok(());
        }
        let Pos::Game(Value::Game(GameValue::Sum(s)), _) = p else {
            out.push(p.clone());
            return Ok(());
        };
        let mut todo = s.components();
        while let Some(c) = todo.pop() {
            match c {
                Value::Game(GameValue::Sum(inner)) => todo.extend(inner.components()),
                c => out.push(Pos::of_component(c, self.span)?),
            }
        }
        Ok(())
    }

    /// A region of a grid is kept by its canonical image under the ruleset's symmetries.
    fn normal_form(&self, p: &Pos) -> (Pos, bool) {
        match p {
            Pos::Grid(rules, grid) => (
                Pos::Grid(rules.clone(), grid.canonical(rules.symmetry)),
                false,
            ),
            _ => (p.clone(), false),
        }
    }

    fn known_value(&mut self, p: &Pos) -> Result<Option<GameId>, EvalError> {
        match p {
            Pos::Game(v, _) => self.host.game_of(v, self.span).map(Some),
            Pos::User(..) | Pos::Grid(..) => Ok(None),
        }
    }

    fn check(&mut self, open: usize) -> Result<(), EvalError> {
        let span = self.span;
        self.host.check_interrupt(span)?;
        self.opened += 1;
        if self.opened >= MAX_USER_POSITIONS {
            return Err(EvalError::new(
                format!("a ruleset has more than {MAX_USER_POSITIONS} positions to solve"),
                span,
            )
            .with_help(
                "every position of a ruleset is kept for the session; this many would exhaust memory",
            ));
        }
        // Every position stays in a table and each open one has a frame: check the budget
        // every 65,536 positions.
        if self.opened.is_multiple_of(1 << 16) {
            let held = (self.opened + open) as u64;
            let bytes = held.saturating_mul(BYTES_PER_USER_POSITION);
            if let Some(message) = crate::game::budget::exceeded(
                "the tables of the rulesets",
                held,
                "positions",
                bytes,
            ) {
                return Err(EvalError::new(message, span).with_help(
                    "every position of a ruleset is kept for the session; a ruleset \
                     whose positions never end grows without bound",
                ));
            }
        }
        Ok(())
    }

    fn interrupted(&self) -> bool {
        self.host
            .interrupt_flag()
            .load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl dyn Host + '_ {
    /// The canonical form of a position of a cgt ruleset, by the engine (a loop is an
    /// error labelled [`super::usergame::LOOP_LABEL`]).
    pub(crate) fn solve_user(
        &mut self,
        p: &UserPosition,
        key: Key,
        span: Span,
    ) -> Result<GameId, EvalError> {
        let root = Pos::User(p.rules.clone(), p.position.clone(), key);
        let mut adapter = Adapter::new(self, span);
        match crate::rules::canonical(&mut adapter, &mut Memo, &root) {
            Ok(g) => Ok(g),
            Err(e) => Err(adapter.error(e)),
        }
    }

    /// The value of a grid of a ruleset on grids (the sum of its regions' values), by the
    /// engine.
    pub(crate) fn solve_grid(
        &mut self,
        rules: &Rc<GridRules>,
        grid: &Grid,
        span: Span,
    ) -> Result<GameId, EvalError> {
        let root = Pos::Grid(rules.clone(), grid.clone());
        let mut adapter = Adapter::new(self, span);
        match crate::rules::canonical(&mut adapter, &mut Memo, &root) {
            Ok(g) => Ok(g),
            Err(e) => Err(adapter.error(e)),
        }
    }

    /// The value of a position of a loopy ruleset: the loopy game of its graph of
    /// positions, or Smith's value for an impartial ruleset (recorded in the ruleset's
    /// loopy table with those of every position solved with it).
    pub(crate) fn solve_loopy(
        &mut self,
        rules: &Rc<UserRules>,
        position: &Value,
        key: Key,
        span: Span,
    ) -> Result<Value, EvalError> {
        let root = Pos::User(rules.clone(), position.clone(), key.clone());
        let home = rules.clone();
        let mut adapter = Adapter::new(self, span);
        adapter.impartial = rules.impartial;
        let mut known = |a: &mut Adapter<'_, '_>,
                         q: &Pos|
         -> Result<Option<Known>, EngineError<Pos, EvalError>> {
            let value = match q {
                Pos::User(r, _, _) if Rc::ptr_eq(r, &home) => return Ok(None),
                Pos::User(r, position, _) => {
                    let u = UserPosition {
                        rules: r.clone(),
                        position: position.clone(),
                    };
                    a.host
                        .user_value_or_loopy(&u, span)
                        .map_err(EngineError::Rules)?
                }
                Pos::Grid(r, g) => super::gridgame::GridPosition::value_of(r.clone(), g.clone()),
                Pos::Game(v, _) => v.clone(),
            };
            Ok(Some(match value {
                Value::Game(GameValue::Loopy(l)) => Known::Loopy((*l).clone()),
                Value::Game(GameValue::LoopyNim(g)) => Known::Grundy((*g).clone()),
                v => Known::Short(a.host.game_of(&v, span).map_err(EngineError::Rules)?),
            }))
        };
        let solved =
            crate::rules::loopy_value(&mut adapter, &root, MAX_LOOPY_POSITIONS, &mut known);
        let solved = match solved {
            Ok(s) => s,
            Err(e) => return Err(adapter.error(e)),
        };
        match solved {
            LoopyValue::Partizan(g) => {
                let v = crate::values::loopy::loopy_value(self.store(), g);
                rules.loopy_memo().insert(key, v.clone());
                Ok(v)
            }
            LoopyValue::Impartial(values) => {
                let mut start = Value::Unit;
                for (u, (p, g)) in values.into_iter().enumerate() {
                    let value = crate::values::loopy::loopy_grundy_value(self.store(), g);
                    if u == 0 {
                        start = value.clone();
                    }
                    if let Pos::User(r, _, k) = p {
                        r.loopy_memo().insert(k, value);
                    }
                }
                Ok(start)
            }
        }
    }
}
