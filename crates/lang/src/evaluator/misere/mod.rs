//! Misère outcomes (the player who cannot move wins) of positions and sums as they are
//! written.
//!
//! Misère play is not determined by the normal-play value: `*2 + *2` equals `0`, yet misère
//! `0` is won by the player to move and misère `*2 + *2` by the second player (misère Nim,
//! Ferguson §2.5). So a sum is analysed as the sum of its components, never through its
//! canonical form; only a single game value is searched as its canonical form.
//!
//! Three ways, fastest first: Bouton's misère rule when every component is a Nim heap; a
//! search over multisets of heaps when every component is a heap of a built-in heap
//! ruleset; otherwise the engine's search over the sums of the components' own positions
//! ([`crate::rules::misere_outcome`], through `value_rules`).

pub(crate) mod forms;
pub(crate) mod literal;
pub(crate) mod partizan;

use super::interp::Interpreter;
use super::value_rules::{Part, ValueRules};
use crate::game::Outcome;
use crate::impartial::heap_misere::misere_outcome_of_heaps;
use crate::impartial::{DEFAULT_SEARCH_LIMIT, HeapRuleset, ImpartialError};
use crate::rules::EngineError;
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::args::Args;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Value;

/// A heap of a built-in heap ruleset: the index of its ruleset and its size.
type Heap = (usize, u64);

impl Interpreter {
    /// The misère outcome of a value: of a single game, the outcome of its canonical form;
    /// of a position, a sum (`a + b`) or a list of components, the outcome of the sum of the
    /// components as written.
    pub(crate) fn misere_outcome_of(
        &mut self,
        v: &Value,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        if let Value::Game(GameValue::Misere(g)) = v {
            return Ok(if self.math.misere.is_p_position(*g) {
                Outcome::P
            } else {
                Outcome::N
            });
        }
        if let Value::Game(GameValue::Short(_)) | Value::Number(_) = v {
            let g = self.game_of(v, span)?;
            return Ok(self.math.store.misere_outcome(g));
        }
        let mut parts = Vec::new();
        self.misere_components(v, &mut parts, span)?;
        if let Some((rules, heaps)) = self.as_heaps(&parts) {
            if rules.iter().all(|r| *r == HeapRuleset::Nim) {
                let sizes = heaps.iter().map(|&(_, n)| n).collect();
                return Ok(crate::impartial::Nim::new(sizes).misere_outcome());
            }
            return self.misere_heaps(&rules, heaps, span);
        }
        // Any other sum: the engine's search over the sums of the components' own
        // positions, memoized by the components' structural keys (never by printed text).
        let parts: Vec<Part> = parts.into_iter().map(Part::new).collect();
        let mut rules = ValueRules::new(self, span, usize::MAX);
        match crate::rules::misere_outcome(&mut rules, &parts, DEFAULT_SEARCH_LIMIT) {
            Ok(outcome) => Ok(outcome),
            Err(EngineError::Loop(_)) => Err(self.impartial_error(ImpartialError::Loopy, span)),
            Err(EngineError::TooLarge { .. }) => Err(self.impartial_error(
                ImpartialError::SearchTooLarge {
                    limit: DEFAULT_SEARCH_LIMIT,
                },
                span,
            )),
            Err(e) => Err(rules.error(e)),
        }
    }

    /// The components of a sum, flattened: sums and lists are opened, a heap position is
    /// split into its heaps, and plain zeros (no moves) are dropped.
    pub(crate) fn misere_components(
        &mut self,
        v: &Value,
        out: &mut Vec<Value>,
        span: Span,
    ) -> Result<(), EvalError> {
        match v {
            Value::Game(GameValue::Sum(s)) => {
                for x in s.components().iter() {
                    self.misere_components(x, out, span)?;
                }
            }
            Value::List(items) => {
                for x in items.iter() {
                    self.misere_components(x, out, span)?;
                }
            }
            Value::Game(GameValue::Position(p)) => match p.heaps() {
                Some((ruleset, heaps)) => {
                    for n in heaps.into_iter().filter(|&n| n > 0) {
                        let heap = Args::at(vec![Value::number(n)], span);
                        out.push(ruleset.clone().position(self, &heap)?);
                    }
                }
                None => out.push(v.clone()),
            },
            Value::Game(GameValue::Short(_)) | Value::Number(_) => {
                let g = self.game_of(v, span)?;
                if g != self.math.store.zero() {
                    out.push(Value::short(g));
                }
            }
            Value::Game(GameValue::Misere(g)) => {
                if *g != self.math.misere.zero() {
                    out.push(v.clone());
                }
            }
            other => {
                // Report a value that is no game (a string, a function) here.
                self.game_of(other, span)?;
                out.push(other.clone());
            }
        }
        Ok(())
    }

    /// The components as heaps of built-in heap rulesets (a nimber `*n` is a Nim heap), or
    /// `None` if some component is another kind of game.
    fn as_heaps(&mut self, parts: &[Value]) -> Option<(Vec<HeapRuleset>, Vec<Heap>)> {
        let mut rules: Vec<HeapRuleset> = Vec::new();
        let mut heaps = Vec::with_capacity(parts.len());
        let mut index_of = |r: HeapRuleset| match rules.iter().position(|x| *x == r) {
            Some(k) => k,
            None => {
                rules.push(r);
                rules.len() - 1
            }
        };
        for part in parts {
            match part {
                Value::Game(GameValue::Short(g)) => {
                    let n = self.math.store.as_nimber(*g)?;
                    heaps.push((index_of(HeapRuleset::Nim), n));
                }
                Value::Game(GameValue::Position(p)) => {
                    let (ruleset, hs) = p.heaps()?;
                    let k = index_of(ruleset.heap_rules()?);
                    heaps.extend(hs.iter().map(|&n| (k, n)));
                }
                _ => return None,
            }
        }
        Some((rules, heaps))
    }

    /// Misère outcome of a multiset of heaps, by the engine's misère search over multisets
    /// of heaps ([`crate::impartial::heap_misere`]).
    fn misere_heaps(
        &mut self,
        rules: &[HeapRuleset],
        start: Vec<Heap>,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let interrupt = self.interrupt_flag();
        misere_outcome_of_heaps(rules, &start, Some(&*interrupt)).or_else(|e| {
            // Ctrl-C stopped the search: report it as every interruption is (and clear it).
            self.check_interrupt(span)?;
            Err(self.impartial_error(e, span))
        })
    }
}
