//! Positions of the partizan games of the books (Domineering, Cram, Hackenbush stalks,
//! Toads and Frogs, Clobber) as language values: they print and add as their canonical
//! form, and `left_moves`/`right_moves` answer in the game's own terms (boards, strings).

use super::error::EvalError;
use super::interp::Interpreter;
use crate::game::GameId;
use crate::rulesets::{self, DominoGame, Grid, RulesetError};
use crate::syntax::Span;
use std::cell::Cell;

/// Which game a position belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardGame {
    Domineering,
    Cram,
    Hackenbush,
    ToadsAndFrogs,
    Clobber,
    HackenbushGraph,
    Snort,
    Col,
}

impl BoardGame {
    pub fn name(self) -> &'static str {
        match self {
            BoardGame::Domineering => "domineering",
            BoardGame::Cram => "cram",
            BoardGame::Hackenbush => "hackenbush",
            BoardGame::ToadsAndFrogs => "toads_and_frogs",
            BoardGame::Clobber => "clobber",
            BoardGame::HackenbushGraph => "hackenbush_graph",
            BoardGame::Snort => "snort",
            BoardGame::Col => "col",
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
        let s = &mut self.store;
        let g = match p.game {
            BoardGame::Domineering => {
                rulesets::domineering(s, &Grid::parse(&p.text).map_err(|e| error(e, span))?)
            }
            BoardGame::Cram => {
                rulesets::cram(s, &Grid::parse(&p.text).map_err(|e| error(e, span))?)
            }
            BoardGame::Hackenbush => {
                rulesets::hackenbush_string(s, &p.text).map_err(|e| error(e, span))?
            }
            BoardGame::ToadsAndFrogs => {
                rulesets::toads_and_frogs(s, &p.text).map_err(|e| error(e, span))?
            }
            BoardGame::Clobber => rulesets::clobber(s, &p.text).map_err(|e| error(e, span))?,
            BoardGame::HackenbushGraph => {
                rulesets::hackenbush_graph(s, &p.text).map_err(|e| error(e, span))?
            }
            BoardGame::Snort => rulesets::snort(s, &p.text).map_err(|e| error(e, span))?,
            BoardGame::Col => rulesets::col(s, &p.text).map_err(|e| error(e, span))?,
        };
        p.value.set(Some(g));
        Ok(g)
    }

    /// Left's and Right's moves from a board position, as positions of the same game.
    pub(crate) fn board_moves(
        p: &BoardPosition,
        span: Span,
    ) -> Result<(Vec<BoardPosition>, Vec<BoardPosition>), EvalError> {
        let (left, right): (Vec<String>, Vec<String>) = match p.game {
            BoardGame::Domineering | BoardGame::Cram => {
                let grid = Grid::parse(&p.text).map_err(|e| error(e, span))?;
                let kind = if p.game == BoardGame::Cram {
                    DominoGame::Cram
                } else {
                    DominoGame::Domineering
                };
                let (l, r) = rulesets::domineering::moves(kind, &grid);
                (
                    l.iter().map(ToString::to_string).collect(),
                    r.iter().map(ToString::to_string).collect(),
                )
            }
            BoardGame::Hackenbush => rulesets::stalk_moves(&p.text).map_err(|e| error(e, span))?,
            BoardGame::ToadsAndFrogs => {
                rulesets::toads_moves(&p.text).map_err(|e| error(e, span))?
            }
            BoardGame::Clobber => rulesets::clobber_moves(&p.text).map_err(|e| error(e, span))?,
            BoardGame::HackenbushGraph => {
                rulesets::hackenbush_graph_moves(&p.text).map_err(|e| error(e, span))?
            }
            BoardGame::Snort => rulesets::snort_moves(&p.text).map_err(|e| error(e, span))?,
            BoardGame::Col => rulesets::col_moves(&p.text).map_err(|e| error(e, span))?,
        };
        let wrap = |v: Vec<String>| {
            v.into_iter()
                .map(|t| BoardPosition::new(p.game, t))
                .collect()
        };
        Ok((wrap(left), wrap(right)))
    }
}
