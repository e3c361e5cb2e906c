//! Any game the language holds (a game, a position of any ruleset, a sum) as the core
//! engine's [`Rules`], through its moves as `left_moves` sees them: how misère play, which
//! cannot go through normal-play values, is searched by the engine ([`crate::rules`]).
//!
//! A component is numbered by its structural key ([`Value::key`]: the ruleset's identity
//! and the position's own description), never by how it prints (two different positions
//! can print alike: a sum prints as its value). A component without a key is equal to
//! nothing, so it is never taken for another.

use super::interp::Interpreter;
use crate::impartial::misere_forms::MisereId;
use crate::rules::{EngineError, ErrorOf, Fold, Rules};
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Key;
use crate::values::value::Value;
use std::hash::{Hash, Hasher};

/// A component: a game value with its key.
#[derive(Clone, Debug)]
pub(crate) struct Part(pub Value, Option<Key>);

impl Part {
    pub(crate) fn new(v: Value) -> Part {
        let key = v.key();
        Part(v, key)
    }
}

impl PartialEq for Part {
    fn eq(&self, other: &Part) -> bool {
        matches!((&self.1, &other.1), (Some(k), Some(l)) if k == l)
    }
}

impl Eq for Part {}

impl Hash for Part {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.1.hash(h);
    }
}

/// The interpreter seen as the engine's rules for the games it holds.
pub(crate) struct ValueRules<'i> {
    pub interp: &'i mut Interpreter,
    pub span: Span,
    /// Positions opened so far, and the most a search may open.
    opened: usize,
    limit: usize,
}

impl<'i> ValueRules<'i> {
    pub(crate) fn new(interp: &'i mut Interpreter, span: Span, limit: usize) -> Self {
        ValueRules {
            interp,
            span,
            opened: 0,
            limit,
        }
    }
}

impl Rules for ValueRules<'_> {
    type Position = Part;
    type Error = EvalError;

    fn moves(&mut self, p: &Part, left: bool, out: &mut Vec<Part>) -> Result<(), EvalError> {
        for m in self.interp.moves_in(&p.0, left, self.span)? {
            out.push(Part::new(m.to));
        }
        Ok(())
    }

    fn store(&mut self) -> &mut crate::game::GameStore {
        &mut self.interp.math.store
    }

    /// Sums and lists are opened, a heap position is split into its heaps, and plain
    /// zeros (no moves) are dropped.
    fn components(&mut self, p: &Part, out: &mut Vec<Part>) -> Result<(), EvalError> {
        let mut parts = Vec::new();
        self.interp.misere_components(&p.0, &mut parts, self.span)?;
        out.extend(parts.into_iter().map(Part::new));
        Ok(())
    }

    fn check(&mut self, open: usize) -> Result<(), EvalError> {
        self.interp.check_interrupt(self.span)?;
        self.opened += 1;
        if self.opened + open > self.limit {
            return Err(EvalError::new(
                format!("the misère form needs more than {} positions", self.limit),
                self.span,
            )
            .with_help("misère simplest forms grow very fast; try a smaller position"));
        }
        Ok(())
    }
}

/// The largest nim heap given a misère simplest form.
const MAX_MISERE_HEAP: u64 = 4096;

/// Misère simplest forms in the interpreter's misère store: a component's form from its
/// options' forms, the forms of a sum's components added.
pub(crate) struct MisereForms;

impl Fold<ValueRules<'_>> for MisereForms {
    type Value = MisereId;

    fn zero(&mut self, rules: &mut ValueRules<'_>) -> MisereId {
        rules.interp.math.misere.zero()
    }

    fn known(
        &mut self,
        rules: &mut ValueRules<'_>,
        p: &Part,
    ) -> Result<Option<MisereId>, ErrorOf<ValueRules<'_>>> {
        let span = rules.span;
        match &p.0 {
            Value::Game(GameValue::Misere(g)) => Ok(Some(*g)),
            Value::Game(GameValue::Short(g)) => match rules.interp.math.store.as_nimber(*g) {
                // A heap's simplest form lists every smaller heap: the work grows as the
                // square of its size, so huge heaps are refused rather than left to hang.
                Some(n) if n > MAX_MISERE_HEAP => Err(EngineError::Rules(EvalError::new(
                    format!(
                        "*{n} is too big for misère simplest forms (heaps up to {MAX_MISERE_HEAP})"
                    ),
                    span,
                )
                .with_help("misere_outcome and misere_winning_moves of nim positions use Bouton's rule at any size"))),
                Some(n) => Ok(Some(rules.interp.math.misere.nimber(n))),
                None => Err(EngineError::NotImpartial(p.clone())),
            },
            v if !rules.interp.is_impartial_position(v) => Err(EngineError::NotImpartial(p.clone())),
            _ => Ok(None),
        }
    }

    fn add(&mut self, rules: &mut ValueRules<'_>, a: MisereId, b: MisereId) -> MisereId {
        rules.interp.math.misere.add(a, b)
    }

    fn neg(&mut self, _: &mut ValueRules<'_>, a: MisereId) -> MisereId {
        a
    }

    fn node(
        &mut self,
        rules: &mut ValueRules<'_>,
        left: &[MisereId],
        _: Option<&[MisereId]>,
    ) -> MisereId {
        rules.interp.math.misere.canonical(left)
    }
}

impl ValueRules<'_> {
    /// The engine's error as the language reports it.
    pub(crate) fn error(&mut self, e: EngineError<Part, EvalError>) -> EvalError {
        let span = self.span;
        match e {
            EngineError::Rules(e) => e,
            EngineError::Loop(p) => {
                let shown = self.interp.position_text(&p.0);
                EvalError::new(
                    format!("the position {shown} can be reached from itself"),
                    span,
                )
            }
            EngineError::NotImpartial(p) => {
                let shown = self.interp.position_text(&p.0);
                EvalError::new(
                    format!(
                        "{shown} is not impartial: misère forms and genera are for impartial games"
                    ),
                    span,
                )
                .with_help("use misere_outcome for the misère outcome of a partizan game")
            }
            EngineError::TooLarge { limit } => EvalError::new(
                format!("the misère search needs more than {limit} positions"),
                span,
            ),
            EngineError::Interrupted => EvalError::new("interrupted", span),
        }
    }
}
