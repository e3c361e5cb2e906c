//! Misère play of partizan games in the language: any game, position of any ruleset,
//! explicit form `'{…|…}'` or sum of them as a form of the core's store
//! ([`crate::misere_partizan::Forms`], kept in the session's caches), taken apart through
//! its own moves by the rules engine ([`crate::rules::fold`]), never through its
//! normal-play value; and a form back as a value (an explicit form, printed as the
//! literature writes it and read back as the same form).

use crate::evaluator::interp::Interpreter;
use crate::evaluator::value_rules::Part;
use crate::evaluator::value_rules::ValueRules;
use crate::misere_partizan::{FormId, Forms};
use crate::rules::{ErrorOf, Fold};
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::value::Value;
use rustc_hash::FxHashMap;

/// Positions one request may take apart, at most.
const MAX_POSITIONS: usize = 1_000_000;

/// The forms of components from their options' forms; a sum's parts added as forms.
struct PartizanForms;

fn forms<'a>(rules: &'a mut ValueRules<'_>) -> &'a mut Forms {
    rules.interp.math.cache::<Forms>()
}

impl Fold<ValueRules<'_>> for PartizanForms {
    type Value = FormId;

    fn zero(&mut self, rules: &mut ValueRules<'_>) -> FormId {
        forms(rules).zero()
    }

    fn known(
        &mut self,
        _: &mut ValueRules<'_>,
        _: &Part,
    ) -> Result<Option<FormId>, ErrorOf<ValueRules<'_>>> {
        Ok(None)
    }

    fn add(&mut self, rules: &mut ValueRules<'_>, a: FormId, b: FormId) -> FormId {
        forms(rules).sum(a, b)
    }

    /// A symmetry that swaps the players: the conjugate (not a normal-play negative).
    fn neg(&mut self, rules: &mut ValueRules<'_>, a: FormId) -> FormId {
        forms(rules).conjugate(a)
    }

    fn node(
        &mut self,
        rules: &mut ValueRules<'_>,
        left: &[FormId],
        right: Option<&[FormId]>,
    ) -> FormId {
        forms(rules).node(left.to_vec(), right.unwrap_or(left).to_vec())
    }
}

impl Interpreter {
    /// The form of a game, position or sum as its moves give it.
    // A `Part` is hashed and compared by its structural key alone, which nothing mutates.
    #[allow(clippy::mutable_key_type)]
    pub(crate) fn partizan_form_of(&mut self, v: &Value, span: Span) -> Result<FormId, EvalError> {
        let mut table: FxHashMap<Part, FormId> = FxHashMap::default();
        let mut rules = ValueRules::new(self, span, MAX_POSITIONS);
        let root = Part::new(v.clone());
        match crate::rules::fold(&mut rules, &mut PartizanForms, &mut table, &root) {
            Ok(g) => Ok(g),
            Err(e) => Err(rules.error(e)),
        }
    }
}
