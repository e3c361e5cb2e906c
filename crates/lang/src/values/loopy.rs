//! Loopy values as the language's values: a loopy game (its short form when it has one,
//! else its simplest form) and a generalised Sprague–Grundy value (a nimber when finite).
//! The values themselves come from the core engine ([`crate::rules::loopy_value`], reached
//! through [`crate::values::games::user_rules`]).

use super::value::Value;
use crate::values::game_value::GameValue;
use std::rc::Rc;

/// A loopy game as a value: its short form if it has one, else its simplest form.
pub(crate) fn loopy_value(
    store: &mut crate::game::GameStore,
    g: crate::game::loopy::LoopyGame,
) -> Value {
    if let Some(short) = g.to_short(store) {
        return Value::short(short);
    }
    Value::Game(GameValue::Loopy(Rc::new(g.simplify(store))))
}

/// A generalised Sprague–Grundy value as a value: finite ones are nimbers.
pub(crate) fn loopy_grundy_value(
    store: &mut crate::game::GameStore,
    g: crate::impartial::loopy::LoopyGrundy,
) -> Value {
    match g {
        crate::impartial::loopy::LoopyGrundy::Finite(m) => {
            Value::Game(GameValue::Short(store.nimber(m)))
        }
        inf => Value::loopy_nim(Rc::new(inf)),
    }
}
