//! Positions of the board games of the books (Domineering, Hackenbush, Snort, Chomp…) as
//! language values: they print and add as their canonical form, and
//! `left_moves`/`right_moves` answer in the game's own terms (boards, strings). Every game
//! is a ruleset of the registry ([`rulesets::registry`]); nothing here knows one game from
//! another.

use crate::game::GameId;
use crate::rulesets::registry::TextRuleset;
use crate::rulesets::{self, RulesetError};
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::object::Host;
use crate::values::object::PositionObject;
use crate::values::value::FamilyKey;
use crate::values::value::Key;
use crate::values::value::Sum;
use crate::values::value::Value;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A game of the registry with its transposition table, kept for the whole session so that
/// positions met again (the moves listed by `left_moves`, `winning_moves` and `:play`, a
/// board typed twice) are solved once. Its entries are ids in the session's store. A table
/// only records fully solved regions, so an interrupted computation leaves it consistent.
pub struct BoardRuleset {
    name: &'static str,
    game: RefCell<Box<dyn TextRuleset>>,
}

impl std::fmt::Debug for BoardRuleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<board game {}>", self.name)
    }
}

impl BoardRuleset {
    /// A game not in the registry's list (a variant of a registered game), with an empty
    /// table.
    pub fn new(game: Box<dyn TextRuleset>) -> BoardRuleset {
        BoardRuleset {
            name: game.name(),
            game: RefCell::new(game),
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Whether both players always have the same moves.
    pub fn is_impartial(&self) -> bool {
        self.game.borrow().is_impartial()
    }

    /// The name and built-in description of the game, if the registration makes its
    /// built-in.
    pub fn about(&self) -> Option<rulesets::registry::About> {
        self.game.borrow().about()
    }

    /// The text of the position named by the arguments of the game's built-in.
    pub fn text_of_args(&self, args: &[rulesets::registry::Arg]) -> Result<String, RulesetError> {
        self.game.borrow().text_of_args(args)
    }
}

/// The games of the registry, each with its table, in the registry's order.
#[derive(Debug)]
pub struct BoardTables {
    registered: Vec<Rc<BoardRuleset>>,
}

impl Default for BoardTables {
    fn default() -> Self {
        BoardTables {
            registered: rulesets::registry::board_rulesets()
                .into_iter()
                .map(|g| {
                    Rc::new(BoardRuleset {
                        name: g.name(),
                        game: RefCell::new(g),
                    })
                })
                .collect(),
        }
    }
}

impl BoardTables {
    /// The registered game of this name (the names come from the registry itself).
    pub fn get(&self, name: &str) -> Option<Rc<BoardRuleset>> {
        self.registered.iter().find(|g| g.name == name).cloned()
    }

    /// The `k`th registered game.
    pub fn at(&self, k: usize) -> Option<Rc<BoardRuleset>> {
        self.registered.get(k).cloned()
    }
}

/// A position written in its game's text form, with its value once computed.
#[derive(Debug)]
pub struct BoardPosition {
    game: Rc<BoardRuleset>,
    text: String,
    value: Cell<Option<GameId>>,
}

impl BoardPosition {
    pub fn new(game: Rc<BoardRuleset>, text: String) -> BoardPosition {
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

impl PositionObject for BoardPosition {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        self.game.name.to_string()
    }

    fn is_impartial(&self) -> bool {
        self.game.game.borrow().is_impartial()
    }

    /// `domineering("..|..")`, or `chop(2, 3)` for games written by their arguments.
    fn text(&self, _host: &mut dyn Host) -> String {
        if self.game.game.borrow().text_is_arguments() {
            format!("{}({})", self.game.name, self.text)
        } else {
            format!("{}(\"{}\")", self.game.name, self.text)
        }
    }

    fn written(&self, _host: &mut dyn Host) -> Value {
        Value::Str(self.text.as_str().into())
    }

    /// The outcome solver on the game's own rules (its components and symmetries).
    fn solve(
        &self,
        host: &mut dyn Host,
        options: &crate::rules::SolveOptions,
        span: Span,
    ) -> Result<Option<crate::rules::Solution>, EvalError> {
        let game = self.game.game.borrow();
        game.solve(host.store(), &self.text, options.clone())
            .map(Some)
            .map_err(|e| error(e, span))
    }

    /// The canonical form (computed once per value).
    fn value(&self, host: &mut dyn Host, span: Span) -> Result<GameId, EvalError> {
        if let Some(g) = self.value.get() {
            return Ok(g);
        }
        let g = self
            .game
            .game
            .borrow_mut()
            .value(host.store(), &self.text)
            .map_err(|e| error(e, span))?;
        self.value.set(Some(g));
        Ok(g)
    }

    fn show(&self, host: &mut dyn Host) -> String {
        match self.value(host, Span::default()) {
            Ok(g) => host.display(g),
            Err(e) => format!("{}({:?}): {}", self.game.name, self.text, e.message),
        }
    }

    /// Positions of the same game (a move that leaves several parts, such as a Cut-Cake
    /// cut, gives their sum).
    fn moves(
        &self,
        _host: &mut dyn Host,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let (left, right) = self
            .game
            .game
            .borrow()
            .moves(&self.text)
            .map_err(|e| error(e, span))?;
        let position = |t: String| {
            Value::Game(GameValue::Position(Rc::new(BoardPosition::new(
                self.game.clone(),
                t,
            ))))
        };
        let wrap = |v: Vec<Vec<String>>| -> Vec<Value> {
            v.into_iter()
                .map(|mut parts| {
                    if parts.len() == 1 {
                        position(parts.remove(0))
                    } else {
                        let terms = parts.into_iter().map(position).collect();
                        Value::Game(GameValue::Sum(Rc::new(Sum::new(terms))))
                    }
                })
                .collect()
        };
        Ok((wrap(left), wrap(right)))
    }

    /// A picture of the board, for games drawn on a board; `None` for the others, whose
    /// pictures are their game trees.
    fn picture(
        &self,
        _host: &mut dyn Host,
        span: Span,
    ) -> Result<Option<rulesets::picture::Picture>, EvalError> {
        self.game
            .game
            .borrow()
            .picture(&self.text)
            .map_err(|e| error(e, span))
    }

    /// Boards of several rows are the texts with a row separator.
    /// The game's table and the position's text, written the game's own way.
    fn key(&self) -> Option<Key> {
        let family = FamilyKey::Shared(self.game.clone());
        Some(Key::Position(
            family,
            Box::new(Key::Str(self.text.as_str().into())),
        ))
    }

    fn board_rows(&self) -> Option<Vec<String>> {
        if !self.text.contains('|') {
            return None;
        }
        Some(self.text.split('|').map(str::to_string).collect())
    }
}
