//! Misère play of partizan games in the language: any game, position of any ruleset,
//! explicit form `'{…|…}'` or sum of them as a form of the core's store
//! ([`crate::misere_partizan::Forms`], kept in the session's caches), taken apart through
//! its own moves by the rules engine ([`crate::rules::fold`]), never through its
//! normal-play value; and a form back as a value (an explicit form, printed as the
//! literature writes it and read back as the same form).

use super::error::EvalError;
use super::explicit::form_value;
use super::host::Host;
use super::interp::Interpreter;
use super::value::Value;
use super::value_rules::{Part, ValueRules};
use crate::game::ExplicitForm;
use crate::misere_partizan::{FormId, Forms};
use crate::rules::{ErrorOf, Fold};
use crate::syntax::Span;
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

/// A form as a value: an explicit form, whose parts that are canonical forms of short
/// games are those games (so it prints `'{0,*|1}'` and reads back as itself).
pub(crate) fn partizan_value(host: &mut dyn Host, g: FormId) -> Value {
    let mut f = std::mem::take(host.math_mut().cache::<Forms>());
    let mut memo = FxHashMap::default();
    let form = explicit(&mut f, host, g, &mut memo);
    *host.math_mut().cache::<Forms>() = f;
    form_value(host, form)
}

fn explicit(
    f: &mut Forms,
    host: &mut dyn Host,
    g: FormId,
    memo: &mut FxHashMap<FormId, ExplicitForm>,
) -> ExplicitForm {
    if let Some(e) = memo.get(&g) {
        return e.clone();
    }
    let e = match f.as_canonical(host.store(), g) {
        Some(v) => ExplicitForm::Canonical(v),
        None => {
            let l: Vec<ExplicitForm> = (f.left(g).to_vec().into_iter())
                .map(|x| explicit(f, host, x, memo))
                .collect();
            let r: Vec<ExplicitForm> = (f.right(g).to_vec().into_iter())
                .map(|x| explicit(f, host, x, memo))
                .collect();
            ExplicitForm::node(l, r)
        }
    };
    memo.insert(g, e.clone());
    e
}
