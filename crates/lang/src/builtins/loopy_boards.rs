//! Positions of the loopy board games (`fox_and_geese`, `ceylonese_fox_and_geese`): each
//! prints, compares and adds as its loopy value (a short game when no position repeats),
//! and keeps its board, so that `svg`, `latex` and `:play` draw it and `left_moves` /
//! `right_moves` answer with boards. The games are cgt-games' (`rulesets::fox_and_geese`);
//! this file only wraps a board and its value.

use super::Args;
use crate::game::GameId;
use crate::rulesets::ceylonese_fox_and_geese;
use crate::rulesets::fox_and_geese::{self, Board};
use crate::rulesets::picture::Picture;
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::object::PositionObject;
use crate::values::value::Value;
use std::any::Any;
use std::rc::Rc;

/// Which loopy board game: the fox's range (1 square, or 2 for the Ceylonese fox).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FoxGame {
    FoxAndGeese,
    Ceylonese,
}

impl FoxGame {
    fn name(self) -> &'static str {
        match self {
            FoxGame::FoxAndGeese => "fox_and_geese",
            FoxGame::Ceylonese => "ceylonese_fox_and_geese",
        }
    }

    /// The value of a board's starting position, a game graph made into a value.
    fn value(self, host: &mut dyn Host, board: &Board, span: Span) -> Result<Value, EvalError> {
        let store = host.store();
        let g = match self {
            FoxGame::FoxAndGeese => board.value(store),
            FoxGame::Ceylonese => ceylonese_fox_and_geese::value(board, store),
        }
        .map_err(|e| EvalError::new(e.to_string(), span))?;
        Ok(host.loopy_value(g))
    }

    /// Left's and Right's options from a board's position.
    fn options(
        self,
        board: &Board,
    ) -> (Vec<fox_and_geese::Position>, Vec<fox_and_geese::Position>) {
        match self {
            FoxGame::FoxAndGeese => board.options(&board.start),
            FoxGame::Ceylonese => ceylonese_fox_and_geese::options(
                board,
                &board.start,
                ceylonese_fox_and_geese::FOX_RANGE,
            ),
        }
    }
}

/// A board of a loopy board game with its value.
#[derive(Debug)]
pub struct FoxPosition {
    game: FoxGame,
    board: Board,
    value: Value,
}

/// The rows of a board as written: `G` geese, `F` the fox, `.` empty.
fn rows(board: &Board) -> Vec<String> {
    (0..board.rows)
        .map(|r| {
            (0..board.cols)
                .map(|c| {
                    let square = (r * board.cols + c) as u8;
                    if board.start.geese >> square & 1 == 1 {
                        'G'
                    } else if board.start.fox == Some(square) {
                        'F'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// `fox_and_geese(board)` / `ceylonese_fox_and_geese(board)`: the position, its value
/// computed now (so that bad input is reported at the call).
pub(super) fn position(i: &mut dyn Host, a: &Args, game: FoxGame) -> Result<Value, EvalError> {
    let text = match &a.values[0] {
        Value::Str(s) => s.clone(),
        other => {
            return Err(EvalError::new(
                format!(
                    "{} takes the board as a string, found {}",
                    game.name(),
                    other.kind()
                ),
                a.span(0),
            ));
        }
    };
    let board =
        fox_and_geese::parse(&text).map_err(|e| EvalError::new(e.to_string(), a.span(0)))?;
    let value = game.value(i, &board, a.call)?;
    Ok(Value::Game(GameValue::Position(Rc::new(FoxPosition {
        game,
        board,
        value,
    }))))
}

impl PositionObject for FoxPosition {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game_name(&self) -> String {
        self.game.name().to_string()
    }

    fn is_impartial(&self) -> bool {
        false
    }

    /// `fox_and_geese("F.|.G")`.
    fn text(&self, _host: &mut dyn Host) -> String {
        format!("{}({:?})", self.game.name(), rows(&self.board).join("|"))
    }

    fn written(&self, _host: &mut dyn Host) -> Value {
        Value::Str(rows(&self.board).join("|").into())
    }

    /// Its value when no position repeats; a loopy position has none.
    fn value(&self, _host: &mut dyn Host, span: Span) -> Result<GameId, EvalError> {
        match &self.value {
            Value::Game(GameValue::Short(g)) => Ok(*g),
            _ => Err(EvalError::new(
                format!(
                    "this {} position is loopy: its value is a loopy game",
                    self.game.name()
                ),
                span,
            )),
        }
    }

    fn value_or_loopy(&self, _host: &mut dyn Host, _span: Span) -> Result<Value, EvalError> {
        Ok(self.value.clone())
    }

    fn may_be_loopy(&self) -> bool {
        true
    }

    /// The boards after each move of the geese (Left) and of the fox (Right).
    fn moves(
        &self,
        host: &mut dyn Host,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let (left, right) = self.game.options(&self.board);
        let mut side = |options: Vec<fox_and_geese::Position>| -> Result<Vec<Value>, EvalError> {
            options
                .into_iter()
                .map(|start| {
                    let board = Board {
                        start,
                        ..self.board.clone()
                    };
                    let value = self.game.value(host, &board, span)?;
                    Ok(Value::Game(GameValue::Position(Rc::new(FoxPosition {
                        game: self.game,
                        board,
                        value,
                    }))))
                })
                .collect()
        };
        Ok((side(left)?, side(right)?))
    }

    /// The board: geese as Left's pieces marked G, the fox as Right's marked F.
    fn picture(&self, _host: &mut dyn Host, _span: Span) -> Result<Option<Picture>, EvalError> {
        Ok(Some(ceylonese_fox_and_geese::picture(&self.board)))
    }

    fn board_rows(&self) -> Option<Vec<String>> {
        Some(rows(&self.board))
    }
}
