//! Positions of concrete impartial games as language values: heap games (built-in or
//! defined by a cgt function), Nim and its relatives, Green Hackenbush. A position prints
//! and adds as its value (the nimber of its Grundy value) but keeps its own structure, so
//! `winning_moves` can answer in the position's own terms.

use super::error::EvalError;
use super::interp::Interpreter;
use super::value::Value;
use crate::game::{Notation, Outcome};
use crate::impartial::{
    GreenHackenbush, HeapMove, HeapOptions, HeapRuleset, HeapSolver, ImpartialError, MooreNim, Nim,
    Nimble, Northcott, StaircaseNim, TurningTurtles, UserHeapRules,
};
use crate::syntax::Span;
use std::cell::RefCell;
use std::rc::Rc;

/// A heap ruleset with its cache of Grundy values (kept for the whole session).
pub struct Ruleset {
    /// How the ruleset is written: `kayles`, `subtraction([1,3,4])`.
    pub name: String,
    pub kind: RulesetKind,
}

pub enum RulesetKind {
    Builtin(Box<RefCell<HeapSolver>>),
    /// Moves of a heap given by a cgt function from `n` to a list of options, each option
    /// a heap size or a list of heap sizes.
    User {
        moves: Value,
        rules: RefCell<UserHeapRules>,
    },
}

impl std::fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<ruleset {}>", self.name)
    }
}

impl Ruleset {
    pub fn builtin(name: String, rules: HeapRuleset, interp: &Interpreter) -> Ruleset {
        let mut solver = HeapSolver::new(rules);
        solver.set_interrupt_flag(interp.interrupt_flag());
        Ruleset {
            name,
            kind: RulesetKind::Builtin(Box::new(RefCell::new(solver))),
        }
    }
}

/// A position of an impartial game.
#[derive(Debug)]
pub enum Position {
    Heaps {
        ruleset: Rc<Ruleset>,
        heaps: Vec<u64>,
    },
    Staircase(StaircaseNim),
    Moore(MooreNim),
    Nimble(Nimble),
    Turtles(TurningTurtles),
    Northcott(Northcott),
    Hackenbush(GreenHackenbush),
}

/// How many winning moves of Moore's Nim are listed at most.
const MOORE_MOVE_LIMIT: usize = 10_000;

impl Interpreter {
    /// An impartial-library error as a language error at `span`.
    pub(crate) fn impartial_error(&self, e: ImpartialError, span: Span) -> EvalError {
        EvalError::new(e.to_string(), span)
    }

    /// The options of heap `n` under a user ruleset, by calling its cgt function.
    pub(crate) fn user_heap_options(
        &mut self,
        moves: &Value,
        n: u64,
        span: Span,
    ) -> Result<Vec<Vec<u64>>, EvalError> {
        let mut out = HeapOptions::new();
        self.write_heap_options(moves, n, span, &mut out)?;
        Ok(out.iter().map(<[u64]>::to_vec).collect())
    }

    /// The options of heap `n` under a user ruleset, written into `out` (no allocation
    /// per option).
    pub(crate) fn write_heap_options(
        &mut self,
        moves: &Value,
        n: u64,
        span: Span,
        out: &mut HeapOptions,
    ) -> Result<(), EvalError> {
        let args = super::builtins::Args {
            values: vec![Value::number(n)],
            spans: vec![span],
            call: span,
            callee: span,
        };
        let result = self.call(moves, args)?;
        let list = super::convert::expect_list(&result, span)?;
        for option in list.iter() {
            match option {
                Value::List(hs) => {
                    for h in hs.iter() {
                        out.push_heap(super::convert::expect_u64(h, span, "a heap size")?);
                    }
                }
                single => out.push_heap(super::convert::expect_u64(single, span, "a heap size")?),
            }
            out.end_option();
        }
        Ok(())
    }

    /// Grundy values of heaps `range` under a ruleset.
    pub(crate) fn ruleset_values(
        &mut self,
        r: &Ruleset,
        range: std::ops::RangeInclusive<u64>,
        span: Span,
    ) -> Result<Vec<u64>, EvalError> {
        match &r.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .nim_values(range)
                .map_err(|e| self.impartial_error(e, span)),
            RulesetKind::User { moves, rules } => {
                let moves = moves.clone();
                // The function may call back into the interpreter, so the cache is taken
                // out while it runs and put back afterwards.
                let mut cache = std::mem::take(&mut *rules.borrow_mut());
                let result = cache.nim_values_with(range, |n, out| {
                    self.write_heap_options(&moves, n, span, out)
                });
                *rules.borrow_mut() = cache;
                result
            }
        }
    }

    pub(crate) fn heap_grundy(
        &mut self,
        r: &Ruleset,
        heaps: &[u64],
        span: Span,
    ) -> Result<u64, EvalError> {
        match &r.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .grundy_of_heaps(heaps)
                .map_err(|e| self.impartial_error(e, span)),
            RulesetKind::User { .. } => {
                let last = heaps.iter().copied().max().unwrap_or(0);
                let values = self.ruleset_values(r, 0..=last, span)?;
                Ok(heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]))
            }
        }
    }

    fn heap_winning_moves(
        &mut self,
        r: &Ruleset,
        heaps: &[u64],
        span: Span,
    ) -> Result<Vec<HeapMove>, EvalError> {
        match &r.kind {
            RulesetKind::Builtin(solver) => solver
                .borrow_mut()
                .winning_moves(heaps)
                .map_err(|e| self.impartial_error(e, span)),
            RulesetKind::User { moves, rules } => {
                let moves = moves.clone();
                let mut cache = std::mem::take(&mut *rules.borrow_mut());
                let result =
                    cache.winning_moves(heaps, |n| self.user_heap_options(&moves, n, span));
                *rules.borrow_mut() = cache;
                result
            }
        }
    }

    /// The Grundy value of a position.
    pub(crate) fn position_grundy(&mut self, p: &Position, span: Span) -> Result<u64, EvalError> {
        Ok(match p {
            Position::Heaps { ruleset, heaps } => return self.heap_grundy(ruleset, heaps, span),
            Position::Staircase(s) => s.grundy(),
            Position::Moore(m) => m.grundy().map_err(|e| self.impartial_error(e, span))?,
            Position::Nimble(n) => n.grundy(),
            Position::Turtles(t) => t.grundy(),
            Position::Northcott(n) => n.grundy(),
            Position::Hackenbush(h) => h.grundy(),
        })
    }

    pub(crate) fn position_outcome(
        &mut self,
        p: &Position,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        if let Position::Moore(m) = p {
            return Ok(m.outcome());
        }
        let g = self.position_grundy(p, span)?;
        Ok(if g == 0 { Outcome::P } else { Outcome::N })
    }

    /// Every winning move, written in the position's own terms.
    pub(crate) fn position_winning_moves(
        &mut self,
        p: &Position,
        span: Span,
    ) -> Result<Vec<String>, EvalError> {
        let moves: Vec<String> = match p {
            Position::Heaps { ruleset, heaps } => self
                .heap_winning_moves(ruleset, heaps, span)?
                .iter()
                .map(ToString::to_string)
                .collect(),
            Position::Staircase(s) => s.winning_moves().iter().map(ToString::to_string).collect(),
            Position::Moore(m) => m
                .winning_moves(MOORE_MOVE_LIMIT)
                .map_err(|e| self.impartial_error(e, span))?
                .iter()
                .map(ToString::to_string)
                .collect(),
            Position::Nimble(n) => n.winning_moves().iter().map(ToString::to_string).collect(),
            Position::Turtles(t) => t.winning_moves().iter().map(ToString::to_string).collect(),
            Position::Northcott(n) => n
                .winning_moves(crate::impartial::Side::White)
                .iter()
                .map(ToString::to_string)
                .collect(),
            Position::Hackenbush(h) => h
                .winning_moves()
                .map_err(|e| self.impartial_error(e, span))?
                .iter()
                .map(|e| {
                    let (a, b) = h.edges()[*e];
                    format!("cut edge {} ({a}–{b})", e + 1)
                })
                .collect(),
        };
        Ok(moves.into_iter().map(|m| self.arrows(m)).collect())
    }

    /// Nim positions (heaps under the nim ruleset) as `Nim`, for misère play.
    pub(crate) fn as_nim(p: &Position) -> Option<Nim> {
        match p {
            Position::Heaps { ruleset, heaps } if ruleset.name == "nim" => {
                Some(Nim::new(heaps.clone()))
            }
            _ => None,
        }
    }

    /// `→` in Unicode, `->` in ASCII.
    pub(crate) fn arrows(&self, text: String) -> String {
        match self.notation {
            Notation::Unicode => text,
            Notation::Ascii => text.replace('→', "->").replace('–', "-"),
        }
    }

    /// How a position is written back: `kayles(7)`, `nim([13,12,8])`.
    pub(crate) fn position_name(p: &Position) -> String {
        let list = |v: &[u64]| {
            let parts: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("[{}]", parts.join(","))
        };
        match p {
            Position::Heaps { ruleset, heaps } if heaps.len() <= 1 => {
                format!("{}({})", ruleset.name, heaps.first().copied().unwrap_or(0))
            }
            Position::Heaps { ruleset, heaps } => format!("{}({})", ruleset.name, list(heaps)),
            Position::Staircase(s) => format!("staircase_nim({})", list(s.steps())),
            Position::Moore(m) => format!("moore_nim({}, {})", m.k(), list(m.heaps())),
            Position::Nimble(n) => format!("nimble({})", list(n.coins())),
            Position::Turtles(t) => {
                let row: String = t
                    .heads()
                    .iter()
                    .map(|&h| if h { 'H' } else { 'T' })
                    .collect();
                format!("turning_turtles(\"{row}\")")
            }
            Position::Northcott(_) => "northcott(…)".to_string(),
            Position::Hackenbush(_) => "green_hackenbush(…)".to_string(),
        }
    }
}
