//! Built-ins on stoppers beside the degree and the variety (CGSuite's `CanonicalStopper`:
//! `IsIdempotent`, `IsPseudonumber`, `UpsumVariety`, `DownsumVariety`; Siegel,
//! *Combinatorial Game Theory*, VI.5). Thin wrappers over `cgt_core::game::loopy`.

use super::{Args, Builtin, Topic};
use crate::eval::error::EvalError;
use crate::eval::error::loopy_error;
use crate::eval::host::Host;
use crate::eval::value::Value;
use crate::game::loopy::{LoopyError, LoopyGame};

fn game(i: &mut dyn Host, a: &Args, k: usize) -> Result<LoopyGame, EvalError> {
    i.loopy_of(&a.values[k], a.span(k))
}

fn failed(a: &Args) -> impl FnOnce(LoopyError) -> EvalError {
    let span = a.call;
    move |e| loopy_error(e, span)
}

pub const IS_IDEMPOTENT: Builtin = Builtin {
    name: "is_idempotent",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether g + g = g (CGSuite's IsIdempotent); the degrees of stoppers are \
              idempotents (0, over, on, ^<on>; Siegel VI.5); g must be stopper-sided",
    example: ("[is_idempotent(over), is_idempotent(upon)]", "[true,false]"),
    run: |i, a| {
        let g = game(i, a, 0)?;
        let b = g.is_idempotent(&mut i.store).map_err(failed(a))?;
        Ok(Value::Bool(b))
    },
};

pub const IS_PSEUDONUMBER: Builtin = Builtin {
    name: "is_pseudonumber",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether g is a pseudonumber (CGSuite's IsPseudonumber): a number, on, off, \
              x + over = {x|pass} or x + under = {pass|x} in simplest form; these are the \
              values stops of stoppers take",
    example: (
        "[is_pseudonumber({pass|3/2}), is_pseudonumber(upon)]",
        "[true,false]",
    ),
    run: |i, a| {
        let g = game(i, a, 0)?;
        Ok(Value::Bool(g.is_pseudonumber(&mut i.store)))
    },
};

pub const UPSUM_VARIETY: Builtin = Builtin {
    name: "upsum_variety",
    topic: Topic::Loopy,
    params: "g, d",
    min_args: 2,
    max_args: Some(2),
    summary: "the upsum variety of a stopper g over an idempotent d: g ↑+ ((-g) ↓+ (-d)) \
              (CGSuite's UpsumVariety; Siegel VI.5); with d = degree(g) it is the variety \
              when the Stability Conjecture holds for g",
    example: ("upsum_variety({pass|3/2}, over)", "under"),
    run: |i, a| {
        let g = game(i, a, 0)?;
        let d = game(i, a, 1)?;
        let v = g.upsum_variety(&d, &mut i.store).map_err(failed(a))?;
        Ok(i.loopy_value(v))
    },
};

pub const DOWNSUM_VARIETY: Builtin = Builtin {
    name: "downsum_variety",
    topic: Topic::Loopy,
    params: "g, d",
    min_args: 2,
    max_args: Some(2),
    summary: "the downsum variety of a stopper g over an idempotent d: g ↓+ ((-g) ↑+ d) \
              (CGSuite's DownsumVariety; Siegel VI.5)",
    example: ("downsum_variety({pass|3/2}, over)", "under"),
    run: |i, a| {
        let g = game(i, a, 0)?;
        let d = game(i, a, 1)?;
        let v = g.downsum_variety(&d, &mut i.store).map_err(failed(a))?;
        Ok(i.loopy_value(v))
    },
};
