//! Positions of the board games of the books (Domineering, Hackenbush, Snort, Chomp…) as
//! language values: they print and add as their canonical form, and
//! `left_moves`/`right_moves` answer in the game's own terms (boards, strings). Every game
//! is a ruleset of the registry ([`rulesets::registry`]); nothing here knows one game from
//! another.

use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{Sum, Value};
use crate::game::GameId;
use crate::rulesets::registry::TextRuleset;
use crate::rulesets::{self, RulesetError};
use crate::syntax::Span;
use std::cell::Cell;
use std::rc::Rc;

/// Which game a position belongs to: a game of the registry, by its registered name.
///
/// One variant only: kept as an enum so that built-ins written
/// `BoardGame::Registered("domineering")` go on compiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardGame {
    /// A game on the generic ruleset solver, by its registered name (see
    /// [`rulesets::registry`]).
    Registered(&'static str),
}

impl BoardGame {
    pub fn name(self) -> &'static str {
        match self {
            BoardGame::Registered(name) => name,
        }
    }
}

/// The board games' transposition tables, kept for the whole session so that positions met
/// again (the moves listed by `left_moves`, `winning_moves` and `:play`, a board typed twice)
/// are solved once. Their entries are ids in the session's store. A table only records
/// fully solved regions, so an interrupted computation leaves it consistent.
#[derive(Debug)]
pub struct BoardTables {
    /// The games on the generic solver, each with its table.
    registered: Vec<Box<dyn TextRuleset>>,
}

impl Default for BoardTables {
    fn default() -> Self {
        BoardTables {
            registered: rulesets::registry::board_rulesets(),
        }
    }
}

/// A position written in its game's text form, with its value once computed.
#[derive(Debug)]
pub struct BoardPosition {
    pub game: BoardGame,
    pub text: String,
    value: Cell<Option<GameId>>,
}

impl BoardTables {
    /// The registered game of this name (the names come from the registry itself).
    fn registered(
        &mut self,
        name: &str,
        span: Span,
    ) -> Result<&mut Box<dyn TextRuleset>, EvalError> {
        self.registered
            .iter_mut()
            .find(|g| g.name() == name)
            .ok_or_else(|| EvalError::new(format!("internal: no ruleset named {name}"), span))
    }

    /// Whether the registered game of this name is impartial.
    pub(crate) fn is_impartial(&self, name: &str) -> bool {
        self.registered
            .iter()
            .any(|g| g.name() == name && g.is_impartial())
    }

    /// The name and built-in description of the `k`th registered game, if the
    /// registration makes its built-in.
    pub(crate) fn about_at(&self, k: usize) -> Option<(&'static str, rulesets::registry::About)> {
        let g = self.registered.get(k)?;
        Some((g.name(), g.about()?))
    }

    /// The text of a position of the game of this name, written the game's own way.
    pub(crate) fn normalise(&self, name: &str, text: &str) -> Result<String, RulesetError> {
        match self.registered.iter().find(|g| g.name() == name) {
            Some(g) => g.normalise(text),
            None => Ok(text.to_string()),
        }
    }

    /// The text of the position of the game of this name given by sizes.
    pub(crate) fn text_of_sizes(&self, name: &str, sizes: &[usize]) -> Option<String> {
        self.registered
            .iter()
            .find(|g| g.name() == name)?
            .text_of_sizes(sizes)
    }

    /// Whether positions of the game of this name are written as arguments, `chop(2, 3)`.
    pub(crate) fn text_is_arguments(&self, name: &str) -> bool {
        self.registered
            .iter()
            .any(|g| g.name() == name && g.text_is_arguments())
    }
}

impl BoardPosition {
    pub fn new(game: BoardGame, text: String) -> BoardPosition {
        BoardPosition {
            game,
            text,
            value: Cell::new(None),
        }
    }
}

fn error(e: RulesetError, span: Span) -> EvalError {
    EvalError::new(e.to_string(), span)
}

impl Interpreter {
    /// The canonical form of a board position (computed once per value).
    pub(crate) fn board_value(
        &mut self,
        p: &BoardPosition,
        span: Span,
    ) -> Result<GameId, EvalError> {
        if let Some(g) = p.value.get() {
            return Ok(g);
        }
        let g = self
            .boards
            .registered(p.game.name(), span)?
            .value(&mut self.store, &p.text)
            .map_err(|e| error(e, span))?;
        p.value.set(Some(g));
        Ok(g)
    }

    /// A picture of the board, for games drawn on a board (`svg`, `latex`); `None` for the
    /// others, whose pictures are their game trees.
    pub(crate) fn board_picture(
        &mut self,
        p: &BoardPosition,
        span: Span,
    ) -> Result<Option<rulesets::picture::Picture>, EvalError> {
        self.boards
            .registered(p.game.name(), span)?
            .picture(&p.text)
            .map_err(|e| error(e, span))
    }

    /// Left's and Right's moves from a board position, as positions of the same game (a
    /// move that leaves several parts, such as a Cut-Cake cut, gives their sum).
    pub(crate) fn board_moves(
        &mut self,
        p: &BoardPosition,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let (left, right) = self
            .boards
            .registered(p.game.name(), span)?
            .moves(&p.text)
            .map_err(|e| error(e, span))?;
        let position = |t: String| Value::Board(Rc::new(BoardPosition::new(p.game, t)));
        let wrap = |v: Vec<Vec<String>>| -> Vec<Value> {
            v.into_iter()
                .map(|mut parts| {
                    if parts.len() == 1 {
                        position(parts.remove(0))
                    } else {
                        let terms = parts.into_iter().map(position).collect();
                        Value::Sum(Rc::new(Sum::new(terms)))
                    }
                })
                .collect()
        };
        Ok((wrap(left), wrap(right)))
    }
}

/// Row lengths written back as `[4,4,3]`.
pub(crate) fn row_text(rows: &[usize]) -> String {
    use crate::rulesets::ruleset::Ruleset;
    crate::rulesets::cake::ChompRules.text(&rows.to_vec())
}
