//! Positions of the partizan games of the books (Domineering, Cram, Hackenbush stalks,
//! Toads and Frogs, Clobber) as language values: they print and add as their canonical
//! form, and `left_moves`/`right_moves` answer in the game's own terms (boards, strings).

use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{Sum, Value};
use crate::game::GameId;
use crate::rulesets::registry::TextRuleset;
use crate::rulesets::{self, RulesetError};
use crate::syntax::Span;
use std::cell::Cell;
use std::rc::Rc;

/// Which game a position belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardGame {
    /// A game on the generic ruleset solver, by its registered name (see
    /// [`rulesets::registry`]): Domineering, Cram, Clobber, Konane, Amazons.
    Registered(&'static str),
    Hackenbush,
    HackenbushGraph,
    Snort,
    Col,
    /// Text `"m, n"`: an `m × n` plank.
    Chop,
    /// Text `"m, n"`: one `m × n` piece; a cut leaves the sum of two pieces.
    CutCake,
    /// Text `"[4,4,3]"`: row lengths from the poisoned row up.
    Chomp,
}

impl BoardGame {
    pub fn name(self) -> &'static str {
        match self {
            BoardGame::Registered(name) => name,
            BoardGame::Hackenbush => "hackenbush",
            BoardGame::HackenbushGraph => "hackenbush_graph",
            BoardGame::Snort => "snort",
            BoardGame::Col => "col",
            BoardGame::Chop => "chop",
            BoardGame::CutCake => "cutcake",
            BoardGame::Chomp => "chomp",
        }
    }

    /// Whether the text is written as the built-in's arguments (`chop(2, 3)`) rather than
    /// as a quoted board (`domineering("..|..")`).
    pub fn text_is_arguments(self) -> bool {
        matches!(
            self,
            BoardGame::Chop | BoardGame::CutCake | BoardGame::Chomp
        )
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
    pictures: rulesets::HackenbushGraphs,
    snort: rulesets::VertexGames,
    col: rulesets::VertexGames,
}

impl Default for BoardTables {
    fn default() -> Self {
        BoardTables {
            registered: rulesets::registry::board_rulesets(),
            pictures: rulesets::HackenbushGraphs::new(),
            snort: rulesets::VertexGames::new(rulesets::VertexGame::Snort),
            col: rulesets::VertexGames::new(rulesets::VertexGame::Col),
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
        let t = &mut self.boards;
        let g = match p.game {
            BoardGame::Registered(name) => t
                .registered(name, span)?
                .value(s, &p.text)
                .map_err(|e| error(e, span))?,
            BoardGame::Hackenbush => {
                rulesets::hackenbush_string(s, &p.text).map_err(|e| error(e, span))?
            }
            BoardGame::HackenbushGraph => t
                .pictures
                .value_of(s, &p.text)
                .map_err(|e| error(e, span))?,
            BoardGame::Snort => t.snort.value_of(s, &p.text).map_err(|e| error(e, span))?,
            BoardGame::Col => t.col.value_of(s, &p.text).map_err(|e| error(e, span))?,
            BoardGame::Chop => {
                let (m, n) = pair(&p.text).map_err(|e| error(e, span))?;
                rulesets::chop(s, m, n)
            }
            BoardGame::CutCake => {
                let (m, n) = pair(&p.text).map_err(|e| error(e, span))?;
                rulesets::cutcake(s, m, n)
            }
            BoardGame::Chomp => {
                let rows = row_list(&p.text).map_err(|e| error(e, span))?;
                rulesets::chomp_staircase(s, &rows).map_err(|e| error(e, span))?
            }
        };
        p.value.set(Some(g));
        Ok(g)
    }

    /// A picture of the board, for games drawn on a board (`svg`, `latex`); `None` for the
    /// others, whose pictures are their game trees.
    pub(crate) fn board_picture(
        &mut self,
        p: &BoardPosition,
        span: Span,
    ) -> Result<Option<rulesets::picture::BoardPicture>, EvalError> {
        match p.game {
            BoardGame::Registered(name) => self
                .boards
                .registered(name, span)?
                .picture(&p.text)
                .map_err(|e| error(e, span)),
            _ => Ok(None),
        }
    }

    /// Left's and Right's moves from a board position, as positions of the same game (a
    /// Cut-Cake cut gives the sum of the two pieces).
    pub(crate) fn board_moves(
        &mut self,
        p: &BoardPosition,
        span: Span,
    ) -> Result<(Vec<Value>, Vec<Value>), EvalError> {
        let (left, right): (Vec<String>, Vec<String>) = match p.game {
            BoardGame::Registered(name) => self
                .boards
                .registered(name, span)?
                .moves(&p.text)
                .map_err(|e| error(e, span))?,
            BoardGame::Hackenbush => rulesets::stalk_moves(&p.text).map_err(|e| error(e, span))?,
            BoardGame::HackenbushGraph => {
                rulesets::hackenbush_graph_moves(&p.text).map_err(|e| error(e, span))?
            }
            BoardGame::Snort => rulesets::snort_moves(&p.text).map_err(|e| error(e, span))?,
            BoardGame::Col => rulesets::col_moves(&p.text).map_err(|e| error(e, span))?,
            BoardGame::Chop => {
                let (m, n) = pair(&p.text).map_err(|e| error(e, span))?;
                let mut to: Vec<String> = (1..m).map(|a| format!("{a}, {n}")).collect();
                to.extend((1..n).map(|b| format!("{m}, {b}")));
                (to.clone(), to)
            }
            BoardGame::Chomp => {
                let rows = row_list(&p.text).map_err(|e| error(e, span))?;
                let to: Vec<String> = rulesets::cake::chomp_moves(&rows)
                    .iter()
                    .map(|s| row_text(s))
                    .collect();
                (to.clone(), to)
            }
            BoardGame::CutCake => {
                let (m, n) = pair(&p.text).map_err(|e| error(e, span))?;
                let piece = |r: usize, c: usize| {
                    Value::Board(Rc::new(BoardPosition::new(
                        BoardGame::CutCake,
                        format!("{r}, {c}"),
                    )))
                };
                let cut = |a: (usize, usize), b: (usize, usize)| {
                    Value::Sum(Rc::new(Sum::new(vec![piece(a.0, a.1), piece(b.0, b.1)])))
                };
                let left = (1..n).map(|a| cut((m, a), (m, n - a))).collect();
                let right = (1..m).map(|b| cut((b, n), (m - b, n))).collect();
                return Ok((left, right));
            }
        };
        let wrap = |v: Vec<String>| {
            v.into_iter()
                .map(|t| Value::Board(Rc::new(BoardPosition::new(p.game, t))))
                .collect()
        };
        Ok((wrap(left), wrap(right)))
    }
}

/// `"m, n"` as two sizes.
fn pair(text: &str) -> Result<(usize, usize), RulesetError> {
    let bad = || RulesetError::BadShape(format!("expected \"rows, cols\", found {text:?}"));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}

/// `"[4,4,3]"` as row lengths.
fn row_list(text: &str) -> Result<Vec<usize>, RulesetError> {
    let bad =
        || RulesetError::BadShape(format!("expected row lengths like [4,4,3], found {text:?}"));
    let inner = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(bad)?;
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|x| x.trim().parse().map_err(|_| bad()))
        .collect()
}

/// Row lengths written back as `[4,4,3]`.
pub(crate) fn row_text(rows: &[usize]) -> String {
    let parts: Vec<String> = rows.iter().map(usize::to_string).collect();
    format!("[{}]", parts.join(","))
}
