//! Positions and rulesets as the language sees them: two object-safe traits, so that one
//! `GameValue::Position` and one ruleset object (`Value::ruleset`) hold every game family
//! (heap games, Nim and its relatives, the board games of the registry, rulesets written in
//! cgt) and the built-ins ask the trait instead of matching on the family.
//!
//! This file belongs to the value layer: it names no interpreter and no built-in. What a
//! position needs of the running session (the store of canonical forms, calling a cgt
//! function, Ctrl-C) it asks through [`Host`], which the interpreter implements.

use super::args::Args;
use super::error::EvalError;
pub use super::host::Host;
use super::value::{Key, Value};
use crate::game::{GameId, Outcome};
use crate::rulesets::picture::Picture;
use crate::syntax::Span;
use std::any::Any;
use std::rc::Rc;

/// A move: the component it is made in (for sums), the position before and after, in the
/// position's own terms.
#[derive(Clone, Debug)]
pub struct Move {
    pub component: Option<usize>,
    pub from: Value,
    pub to: Value,
    /// The whole position after the move (the sum with that component replaced).
    pub result: Value,
}

/// Values that stand for games: numbers, games, positions and sums.
pub fn is_gamelike(v: &Value) -> bool {
    match v {
        Value::Number(_) => true,
        Value::Game(g) => g.is_gamelike(),
        _ => false,
    }
}

/// Whether a value is a position of some game (rather than a bare game or number).
pub fn is_position(v: &Value) -> bool {
    matches!(v, Value::Game(g) if g.is_position())
}

/// A position of some game. It prints and adds as its value, but keeps its own structure so
/// that its moves, winning moves and picture are given in the game's own terms.
pub trait PositionObject: std::fmt::Debug {
    /// The position itself, so that its family finds its own data again.
    fn as_any(&self) -> &dyn Any;

    /// The name of its game: `kayles`, `domineering`, the name of a ruleset written in cgt.
    fn game_name(&self) -> String;

    /// Whether both players have the same moves from every position.
    fn is_impartial(&self) -> bool;

    /// How the position is written back: `kayles(7)`, `domineering("..|..")`,
    /// `cake([2,3])`.
    fn text(&self, host: &mut dyn Host) -> String;

    /// What `position(p)` answers: the board or string, or the value the ruleset written in
    /// cgt was called on.
    fn written(&self, host: &mut dyn Host) -> Value {
        Value::Str(self.text(host).into())
    }

    /// For `:type`: `a position of kayles`.
    fn describe(&self) -> String {
        format!("a position of {}", self.game_name())
    }

    /// Its canonical form.
    fn value(&self, host: &mut dyn Host, span: Span) -> Result<GameId, EvalError>;

    /// Its value where play may return to a position: a loopy game or a generalised
    /// Grundy value; its canonical form otherwise.
    fn value_or_loopy(&self, host: &mut dyn Host, span: Span) -> Result<Value, EvalError> {
        Ok(Value::short(self.value(host, span)?))
    }

    /// Whether [`PositionObject::value_or_loopy`] may be something else than a short game.
    fn may_be_loopy(&self) -> bool {
        false
    }

    /// Its Grundy value, for an impartial position whose family knows it without building
    /// the canonical form; `None` otherwise.
    fn grundy(&self, _host: &mut dyn Host, _span: Span) -> Result<Option<u64>, EvalError> {
        Ok(None)
    }

    /// Its outcome class.
    fn outcome(&self, host: &mut dyn Host, span: Span) -> Result<Outcome, EvalError> {
        let g = self.value(host, span)?;
        Ok(host.store().outcome(g))
    }

    /// How it prints: its value, or the position and the error that stopped the solving.
    fn show(&self, host: &mut dyn Host) -> String {
        let span = Span::default();
        let value = if self.may_be_loopy() {
            self.value_or_loopy(host, span)
        } else {
            self.value(host, span).map(Value::short)
        };
        match value {
            Ok(v) if let Some(g) = v.as_short() => host.display(g),
            Ok(other) => host.show(&other),
            Err(e) => format!("{}: {}", self.text(host), e.message),
        }
    }

    /// Left's and Right's moves, as values in the game's own terms (positions of the same
    /// game, sums of them for moves that split the position, or games).
    fn moves(&self, host: &mut dyn Host, span: Span)
    -> Result<(Vec<Value>, Vec<Value>), EvalError>;

    /// Whether [`PositionObject::winning_moves`] and [`PositionObject::moves_to_grundy`]
    /// answer in words of the game's own.
    fn names_its_moves(&self) -> bool {
        false
    }

    /// Every winning move described in the game's own words, for families that have words
    /// of their own for a move (`heap 1: 13 → 4`); `None` to let the caller name the
    /// positions the winning [`PositionObject::moves`] lead to.
    fn winning_moves(
        &self,
        _host: &mut dyn Host,
        _span: Span,
    ) -> Result<Option<Vec<String>>, EvalError> {
        Ok(None)
    }

    /// The moves to a position of Grundy value `target`, in the game's own words, for an
    /// impartial position inside a sum; `None` where the family has no words of its own.
    fn moves_to_grundy(
        &self,
        _host: &mut dyn Host,
        _target: u64,
        _span: Span,
    ) -> Result<Option<Vec<String>>, EvalError> {
        Ok(None)
    }

    /// A picture of the board, for positions drawn on one (`svg`, `latex`).
    fn picture(&self, _host: &mut dyn Host, _span: Span) -> Result<Option<Picture>, EvalError> {
        Ok(None)
    }

    /// The rows of a grid board of more than one row, for drawing as text (`:play`).
    fn board_rows(&self) -> Option<Vec<String>> {
        None
    }

    /// The rows of its board for drawing as text, for positions whose board is known only
    /// by asking the session (a ruleset written in cgt draws through a cgt function):
    /// [`PositionObject::board_rows`] unless a family says otherwise.
    /// An error when that drawing fails.
    fn board_rows_in(&self, _host: &mut dyn Host) -> Result<Option<Vec<String>>, EvalError> {
        Ok(self.board_rows())
    }

    /// The heaps of a position of a heap ruleset, with its ruleset (misère play works on
    /// heaps).
    fn heaps(&self) -> Option<(Rc<dyn RulesetObject>, Vec<u64>)> {
        None
    }

    /// What the position is within its game, as a memo key (`def` tables, `:play`'s
    /// comparison of move results): equal keys mean the same position of the same game,
    /// not merely equal values. `None` if the family has no key (such arguments are not
    /// memoized).
    fn key(&self) -> Option<Key> {
        None
    }

    /// Whether the running search of a ruleset written in cgt solves this position (see
    /// [`Host::defer_flag`]).
    fn solved_by_search(&self) -> bool {
        false
    }

    /// Who wins it moving first and second, by the outcome solver on its family's own
    /// rules (the board games of the registry); `None` to let the caller search it
    /// through its moves.
    fn solve(
        &self,
        _host: &mut dyn Host,
        _options: &crate::rules::SolveOptions,
        _span: Span,
    ) -> Result<Option<crate::rules::Solution>, EvalError> {
        Ok(None)
    }
}

/// A ruleset: called on a position's description it gives a position.
pub trait RulesetObject: std::fmt::Debug {
    /// The ruleset itself, so that its family finds its own data again.
    fn as_any(&self) -> &dyn Any;

    /// The ruleset itself, shared, so that its family can keep it.
    fn as_any_rc(self: Rc<Self>) -> Rc<dyn Any>;

    /// How it prints: `kayles`, `subtraction([1,3,4])`, `partizan_game(cake)`.
    fn printed(&self) -> String;

    /// For `:type`: `a heap ruleset (kayles)`.
    fn describe(&self) -> String;

    /// Whether both players have the same moves from every position.
    fn is_impartial(&self) -> bool;

    /// `R(args)`: the position the arguments describe.
    fn position(self: Rc<Self>, host: &mut dyn Host, args: &Args) -> Result<Value, EvalError>;

    /// Empties the tables of values it keeps (`:forget`): how many entries they held.
    fn forget_tables(&self) -> Option<usize> {
        None
    }

    /// Takes the name of the binding `let S = …` when it has no name of its own.
    fn adopt_name(&self, _name: &str) {}

    /// The take-and-break rules of a built-in heap ruleset (misère quotients are computed
    /// from them).
    fn heap_rules(&self) -> Option<crate::impartial::HeapRuleset> {
        None
    }
}
