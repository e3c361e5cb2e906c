//! Built-ins on stoppers beside the degree and the variety (CGSuite's `CanonicalStopper`:
//! `IsIdempotent`, `IsPseudonumber`, `IsOrdinal`, `UpsumVariety`, `DownsumVariety`,
//! `IsStable`, and cgt's `subordinate` (an order on idempotents, not CGSuite's `Subordinate`); Siegel,
//! *Combinatorial Game Theory*, VI.5). Thin wrappers over `cgt_core::game::loopy`.

use super::{Args, Builtin, Topic};
use crate::game::loopy::{LoopyError, LoopyGame};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::error::loopy_error;
use crate::values::host::Host;
use crate::values::value::Value;

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
              idempotents (0, over, on, ^<on>; Siegel VI.5); false for a game that is not \
              stopper-sided, as CGSuite",
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

pub const IS_ORDINAL: Builtin = Builtin {
    name: "is_ordinal",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether g is an ordinal (CGSuite's IsOrdinal): equal to a non-negative integer \
              {0,1,…,n-1|}; a loopy game only when it equals one (its simplest form is then \
              loop-free); on is a pseudonumber, not an ordinal",
    example: (
        "[is_ordinal(3), is_ordinal(-1), is_ordinal(on)]",
        "[true,false,false]",
    ),
    run: |i, a| {
        if let Value::Number(n) = &a.values[0] {
            return Ok(Value::Bool(n.is_integer() && !n.is_negative()));
        }
        let g = game(i, a, 0)?;
        Ok(Value::Bool(g.is_ordinal(&mut i.store)))
    },
};

pub const IS_STABLE: Builtin = Builtin {
    name: "is_stable",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether the stopper g is stable: the Stability Conjecture holds for it (its \
              degree D is an idempotent and upsum_variety(g, D) = downsum_variety(g, D)), so \
              variety(g) exists (Siegel VI.5; CGSuite's IsStable of CanonicalStopper, whose \
              Variety raises an error where this is false)",
    example: (
        "[is_stable({pass|3/2}), is_stable({0|||0||0|off})]",
        "[true,false]",
    ),
    run: |i, a| {
        let g = game(i, a, 0)?;
        let b = g.is_stable(&mut i.store).map_err(failed(a))?;
        Ok(Value::Bool(b))
    },
};

pub const SUBORDINATE: Builtin = Builtin {
    name: "subordinate",
    topic: Topic::Loopy,
    params: "d, e",
    min_args: 2,
    max_args: Some(2),
    summary: "whether the idempotent d is subordinate to the idempotent e: e absorbs it, \
              d ↑+ e = e (degrees of loopiness ordered by absorption, Winning Ways ch. 11; \
              cgt's definition; CGSuite's G.Subordinate(B) is ordinal_subordinate): 0 is \
              subordinate to every idempotent, every idempotent to on",
    example: (
        "[subordinate(over, on), subordinate(on, over)]",
        "[true,false]",
    ),
    run: |i, a| {
        let d = game(i, a, 0)?;
        let e = game(i, a, 1)?;
        let b = d.is_subordinate_to(&e, &mut i.store).map_err(failed(a))?;
        Ok(Value::Bool(b))
    },
};
