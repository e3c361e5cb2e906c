//! `ordinal_subordinate(g, b)`: CGSuite's `G.Subordinate(B)`, the `H` with `G = B : H`
//! (CanonicalStopper.cgs, CanonicalShortGame.scala); the arithmetic is in
//! `cgt_core::game::theory::ordinal_subordinate`.

use super::{Builtin, Topic};
use crate::values::error::EvalError;
use crate::values::explicit::form_of;
use crate::values::value::Value;

pub const ORDINAL_SUBORDINATE: Builtin = Builtin {
    name: "ordinal_subordinate",
    topic: Topic::Theory,
    params: "g, b",
    min_args: 2,
    max_args: Some(2),
    summary: "the game h with g = b : h, the ordinal sum (CGSuite's G.Subordinate(B)); b is \
              taken as written for an explicit form '{…}' and canonical otherwise; an error \
              when g is not of that form (cgt's subordinate(d, e) is another question)",
    example: ("ordinal_subordinate(3/8, 1)", "-3/2"),
    run: |i, a| {
        let g = i.game_of(&a.values[0], a.span(0))?;
        let b = form_of(i, &a.values[1], a.span(1))?;
        let store = i.store();
        let (bl, br) = b.options(store);
        let bl: Vec<_> = bl.iter().map(|f| store.form_value(f)).collect();
        let br: Vec<_> = br.iter().map(|f| store.form_value(f)).collect();
        // CGSuite's procedure gives the candidate; B : H is formed again to be sure.
        let found = store.ordinal_subordinate(g, &bl, &br).filter(|&h| {
            let sum = store.form_ordinal_sum(&b, &crate::game::ExplicitForm::Canonical(h));
            store.form_value(&sum) == g
        });
        match found {
            Some(h) => Ok(Value::short(h)),
            None => {
                let shown = i.display(g);
                Err(EvalError::new(
                    format!("{shown} is not an ordinal sum b : h with this base"),
                    a.call,
                ))
            }
        }
    },
};
