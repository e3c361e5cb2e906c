//! Built-ins of the numbers and nimbers beyond the short games: `omega`, `omega_power`,
//! `nim_power` (the arithmetic is in `cgt_core::ordinal`; `+ - * /`, comparisons and `*α`
//! work on these values directly).

use super::{Args, Builtin, Topic};
use crate::ordinal::big::BigOrdinal;
use crate::ordinal::lenstra;
use crate::ordinal::surreal::Surreal;
use crate::ordinal::transfinite::Transfinite;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::transfinite::Transfinites;
use crate::values::transfinite::omega;
use crate::values::transfinite::transfinite_error;
use crate::values::value::Value;
use num_traits::ToPrimitive;

pub const OMEGA: Builtin = Builtin {
    name: "omega",
    topic: Topic::Theory,
    params: "",
    min_args: 0,
    max_args: Some(0),
    summary: "ω, the first infinite ordinal, as a surreal number: sums, differences, products and quotients with numbers and with itself give the field of quotients p(ω)/q(ω) (omega - 1, 1/omega, (omega + 1)/2), printed in Cantor normal form; *omega is the nim heap of size ω",
    example: (
        "[omega + 1, omega * 2, omega * omega, 1/omega, omega - 1 < omega]",
        "[omega + 1,omega*2,omega^2,1/omega,true]",
    ),
    run: |_, _| Ok(omega()),
};

pub const OMEGA_POWER: Builtin = Builtin {
    name: "omega_power",
    topic: Topic::Theory,
    params: "a",
    min_args: 1,
    max_args: Some(1),
    summary: "ω^a (CGSuite's OmegaPower): for an integer a a surreal number (omega_power(-1) = 1/omega); for an ordinal a below ω^ω an ordinal, such as ω^ω, usable as the size of a nimber *(…) (larger exponents are refused)",
    example: (
        "[omega_power(3), omega_power(omega)]",
        "[omega^3,omega^omega]",
    ),
    run: |i, a| {
        if let Value::Number(n) = &a.values[0] {
            let k = n
                .to_integer()
                .and_then(|k| k.to_i64())
                .ok_or_else(|| EvalError::new("expected an integer or an ordinal", a.span(0)))?;
            let s =
                Surreal::omega_power(k).map_err(|e| EvalError::new(e.to_string(), a.span(0)))?;
            return Ok(i.transfinite_value(Transfinite::Number(s)));
        }
        let exponent = i
            .as_transfinite(&a.values[0])
            .and_then(|t| t.as_ordinal())
            .ok_or_else(|| {
                EvalError::new(
                    format!(
                        "expected an integer or an ordinal, found {}",
                        a.values[0].kind()
                    ),
                    a.span(0),
                )
            })?;
        let e = exponent.as_ordinal().ok_or_else(|| {
            EvalError::new(
                "ω^a is implemented for ordinals a below ω^ω (ordinals below ω^(ω^ω))",
                a.span(0),
            )
        })?;
        Ok(i.transfinite_value(Transfinite::ordinal(BigOrdinal::omega_power(&e))))
    },
};

pub const NIM_POWER: Builtin = Builtin {
    name: "nim_power",
    topic: Topic::Impartial,
    params: "a, n",
    min_args: 2,
    max_args: Some(2),
    summary: "a ⊗ a ⊗ … ⊗ a (n factors) in Conway's nim arithmetic, for an ordinal or nimber a below ω^(ω^54) (Lenstra's algorithm) and an integer n ≥ 0",
    example: (
        "[nim_power(*omega, 3), nim_power(*(omega_power(omega)), 5)]",
        "[*2,*4]",
    ),
    run: |i, a| {
        let (x, nimber) = i.nim_ordinal(&a.values[0], a.span(0))?;
        let n = expect_u64(&a.values[1], a.span(1), "the exponent")?;
        let r = lenstra::nim_power(&x, n).map_err(|e| transfinite_error(e.into(), a.call))?;
        Ok(i.nim_result(r, nimber))
    },
};

/// `nim_product(a, b)` when either is transfinite (Lenstra's algorithm).
pub(crate) fn nim_product(i: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
    let (x, p) = i.nim_ordinal(&a.values[0], a.span(0))?;
    let (y, q) = i.nim_ordinal(&a.values[1], a.span(1))?;
    let r = lenstra::nim_times(&x, &y).map_err(|e| transfinite_error(e.into(), a.call))?;
    Ok(i.nim_result(r, p || q))
}

/// `nim_sum(a, b, …)` when one of them is transfinite.
pub(crate) fn nim_sum(
    i: &mut dyn Host,
    values: &[(Value, crate::syntax::Span)],
) -> Result<Value, EvalError> {
    let mut acc = BigOrdinal::default();
    let mut any_nimber = false;
    for (v, s) in values {
        let (x, nimber) = i.nim_ordinal(v, *s)?;
        acc = lenstra::nim_sum(&acc, &x);
        any_nimber |= nimber;
    }
    Ok(i.nim_result(acc, any_nimber))
}

/// `birthday(x)` of a transfinite value or of a rational that is not dyadic.
pub(crate) fn birthday(i: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
    let t = i
        .as_transfinite(&a.values[0])
        .ok_or_else(|| EvalError::new("expected a number", a.span(0)))?;
    let b = t.birthday().map_err(|e| transfinite_error(e, a.span(0)))?;
    Ok(i.transfinite_value(b))
}

/// A question of the Values topic about a transfinite value (`None` for other values):
/// `ω` is a positive number (Left wins), `1/ω` an infinitesimal number, `*ω` a nimber that
/// the first player wins; none of them is zero or an integer.
pub(crate) fn question(a: &Args, q: &str) -> Option<Value> {
    let Value::Game(GameValue::Transfinite(t)) = &a.values[0] else {
        return None;
    };
    use crate::game::Outcome;
    Some(match q {
        "outcome" => Value::Outcome(match t.sign() {
            1 => Outcome::L,
            -1 => Outcome::R,
            _ => Outcome::N,
        }),
        "is_number" => Value::Bool(t.is_number()),
        "is_nimber" => Value::Bool(!t.is_number()),
        "is_infinitesimal" => Value::Bool(t.is_infinitesimal()),
        _ => Value::Bool(false),
    })
}

pub(super) fn register(r: &mut super::Registry) {
    r.add(OMEGA);
    r.add(OMEGA_POWER);
}

pub(super) fn register_nim(r: &mut super::Registry) {
    r.add(NIM_POWER);
}
