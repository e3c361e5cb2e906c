//! Misère simplest forms and genera of positions and sums, as the language asks for them:
//! each component is taken apart through its own moves (never through its normal-play
//! value, which forgets what misère play needs), solved by the core engine into the
//! session's [`MisereStore`](crate::impartial::misere_forms::MisereStore), and the
//! components' forms are added there.

use crate::evaluator::interp::Interpreter;
use crate::evaluator::play::Move;
use crate::evaluator::value_rules::MisereForms;
use crate::evaluator::value_rules::Part;
use crate::evaluator::value_rules::ValueRules;
use crate::impartial::genus::{Genus, genus, is_tame, tame_sum_is_p};
use crate::impartial::misere_forms::MisereId;
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::value::Value;
use rustc_hash::FxHashMap;

/// Positions whose misère forms one request may compute, at most.
const MAX_MISERE_POSITIONS: usize = 1_000_000;

impl Interpreter {
    /// The misère simplest form of an impartial game, position, sum or list of components:
    /// the engine's search ([`crate::rules::fold`]) of [`MisereForms`], which takes each
    /// component apart through its own moves and adds the components' forms.
    // A `Part` is hashed and compared by its structural key alone, which nothing mutates.
    #[allow(clippy::mutable_key_type)]
    pub(crate) fn misere_form_of(&mut self, v: &Value, span: Span) -> Result<MisereId, EvalError> {
        let mut table: FxHashMap<Part, MisereId> = FxHashMap::default();
        let mut rules = ValueRules::new(self, span, MAX_MISERE_POSITIONS);
        let root = Part::new(v.clone());
        match crate::rules::fold(&mut rules, &mut MisereForms, &mut table, &root) {
            Ok(g) => Ok(g),
            Err(e) => Err(rules.error(e)),
        }
    }
}

impl Interpreter {
    /// Every misère winning move of a sum of impartial components, as `component k: from →
    /// to` texts: by Conway's genus rule when every component is tame (tame games add like
    /// misère Nim heaps, [`tame_sum_is_p`]), else by the misère outcome of each move's sum
    /// of simplest forms (a search).
    pub(crate) fn misere_sum_winning_moves(
        &mut self,
        v: &Value,
        span: Span,
    ) -> Result<Vec<String>, EvalError> {
        let mut parts = Vec::new();
        self.misere_components(v, &mut parts, span)?;
        let mut forms = Vec::with_capacity(parts.len());
        for p in &parts {
            forms.push(self.misere_form_of(p, span)?);
        }
        let tame = forms.iter().all(|&g| is_tame(&self.math.misere, g));
        let genera: Vec<Genus> = if tame {
            forms.iter().map(|&g| genus(&self.math.misere, g)).collect()
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for (k, part) in parts.iter().enumerate() {
            let moves = self.moves_in(part, true, span)?;
            for m in moves {
                let after = self.misere_form_of(&m.to, span)?;
                let wins = if tame {
                    // Options of tame games are tame: the genus rule answers at once.
                    let mut g = genera.clone();
                    g[k] = genus(&self.math.misere, after);
                    tame_sum_is_p(&g)
                } else {
                    let mut sum = after;
                    for (j, &f) in forms.iter().enumerate() {
                        if j != k {
                            sum = self.math.misere.add(sum, f);
                        }
                    }
                    self.math.misere.is_p_position(sum)
                };
                if wins {
                    let m = Move {
                        component: Some(k),
                        ..m
                    };
                    out.push(self.move_text(&m));
                }
            }
        }
        Ok(out)
    }
}
