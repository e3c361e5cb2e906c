//! Compounds of two short games other than the disjunctive sum (Winning Ways ch. 9;
//! Conway, *On Numbers and Games*, ch. 14): the conjunctive and the selective compound,
//! and CGSuite's ordinal product. Each depends on the forms of its components, so each
//! takes an explicit form `'{…}'` as written and any other game in its canonical form;
//! the mathematics (and its tests against game-tree search) is in `cgt_core::game`
//! (`form_compounds`, `explicit`).

use super::{Args, Builtin, Topic};
use crate::game::form_compounds::Compound;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Value;

fn run(i: &mut dyn Host, a: &Args, kind: Compound) -> Result<Value, EvalError> {
    let g = crate::values::explicit::form_of(i, &a.values[0], a.span(0))?;
    let h = crate::values::explicit::form_of(i, &a.values[1], a.span(1))?;
    Ok(Value::short(i.store().form_compound(kind, &g, &h)))
}

pub const CONJUNCTIVE_SUM: Builtin = Builtin {
    name: "conjunctive_sum",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the conjunctive compound of short games (Winning Ways ch. 9; ONAG ch. 14): a \
              player moves in both components at once, and play ends, under normal play, as \
              soon as one component has no move for the player to move; the game \
              {G^L ∧ H^L | G^R ∧ H^R} (its canonical form), so outcome(…) gives who wins; it \
              acts on forms: an explicit form '{…}' is taken as written ('{*|*}' ∧ * = *, \
              while 0 ∧ * = 0), any other game in its canonical form",
    example: ("outcome(conjunctive_sum(*2, *3))", "N"),
    run: |i, a| run(i, a, Compound::Conjunctive),
};

pub const SELECTIVE_SUM: Builtin = Builtin {
    name: "selective_sum",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the selective compound of short games (Winning Ways ch. 9; ONAG ch. 14): a \
              player moves in one component or in both, and play ends, under normal play, \
              when neither component has a move for the player to move; the game \
              {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | …} (its canonical form), so outcome(…) gives who \
              wins; it acts on forms like conjunctive_sum",
    example: ("outcome(selective_sum(*, *))", "N"),
    run: |i, a| run(i, a, Compound::Selective),
};

pub const ORDINAL_PRODUCT: Builtin = Builtin {
    name: "ordinal_product",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the ordinal product G ⊛ H of CGSuite (Game.OrdinalProduct): \
              {G⊛H^L : G^L, G⊛H^R : -G^R | G⊛H^L : G^R, G⊛H^R : -G^L}, where each ordinal \
              sum has the form G⊛H' as its base; it depends on the forms of G and H, so an \
              explicit form '{…}' is taken as written and any other game in its canonical \
              form; on ordinals it is ordinal multiplication (m ⊛ n = mn, *m ⊛ *n = *(mn)); \
              the result is a game (its canonical form)",
    example: ("ordinal_product(*2, *2)", "*4"),
    run: |i, a| {
        let g = crate::values::explicit::form_of(i, &a.values[0], a.span(0))?;
        let h = crate::values::explicit::form_of(i, &a.values[1], a.span(1))?;
        Ok(Value::Game(GameValue::Short(
            i.store().ordinal_product_value(&g, &h),
        )))
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(CONJUNCTIVE_SUM);
    r.add(SELECTIVE_SUM);
    r.add(ORDINAL_PRODUCT);
}
