//! Built-ins of misère play of partizan games: the universes `general`, `dicot` and
//! `dead_ending` as values, membership, forms and conjugates, comparison modulo a universe
//! (`misere_leq`, and `misere_equal` with a universe), the games that tell two apart
//! (`misere_distinguisher`, from adjoints: `adjoint`), invertibility (`is_invertible`), the
//! monoid of a set of games (`misere_monoid`), the steps of a reduction (`misere_explain`)
//! and
//! reduced forms (`misere_canonical_form` with a universe). The mathematics is
//! [`crate::misere_partizan`]; the papers are named in `:help misère` and in the
//! tutorial's section "Misère play of partizan games".

use super::{Args, Topic, Typed};
use crate::game::Notation;
use crate::misere_partizan::{FormId, Forms, Step, Universe};
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::explicit::partizan_value;
use crate::values::host::Host;
use crate::values::value::Value;
use crate::values::value_object::Object;
use std::any::Any;
use std::rc::Rc;

/// A universe as a value: prints as its name.
#[derive(Debug)]
pub struct UniverseValue(pub Universe);

impl Object for UniverseValue {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn into_any(self: Rc<Self>) -> Rc<dyn Any> {
        self
    }

    fn kind(&self) -> &'static str {
        "a universe"
    }

    fn kind_name(&self) -> &'static str {
        "universe"
    }

    fn text(&self, _: Notation) -> String {
        self.0.name().to_string()
    }

    fn describe(&self) -> String {
        format!(
            "the universe {} ({}) of misère play",
            self.0.name(),
            self.0.symbol()
        )
    }

    fn equals(&self, other: &dyn Object) -> bool {
        other
            .as_any()
            .downcast_ref::<UniverseValue>()
            .is_some_and(|o| o.0 == self.0)
    }
}

impl super::FromArg for Universe {
    fn from_arg(_: &mut dyn Host, v: &Value, span: Span) -> Result<Universe, EvalError> {
        if let Some(u) = v.object::<UniverseValue>() {
            return Ok(u.0);
        }
        if let Value::Str(s) = v
            && let Some(u) = Universe::named(s)
        {
            return Ok(u);
        }
        Err(
            EvalError::new(format!("expected a universe, found {}", v.kind()), span)
                .with_help("the universes are general, dicot and dead_ending"),
        )
    }
}

/// A game, position or sum as the partizan form its moves give.
pub struct PartizanForm(pub FormId);

impl super::FromArg for PartizanForm {
    fn from_arg(i: &mut dyn Host, v: &Value, span: Span) -> Result<PartizanForm, EvalError> {
        i.partizan_form_of(v, span).map(PartizanForm)
    }
}

fn forms(i: &mut dyn Host) -> &mut Forms {
    i.math_mut().cache::<Forms>()
}

/// The form, checked to lie in the universe.
fn member(
    i: &mut dyn Host,
    a: &Args,
    k: usize,
    g: FormId,
    u: Universe,
) -> Result<FormId, EvalError> {
    if forms(i).is_in(g, u) {
        return Ok(g);
    }
    let shown = partizan_value(i, g);
    let text = i.show(&shown);
    Err(EvalError::new(
        format!("{text} is not in the universe {}", u.name()),
        a.span(k),
    )
    .with_help("is_dicot and is_dead_ending test membership; general holds every game"))
}

macro_rules! universe {
    ($konst:ident, $name:literal, $u:expr, $summary:literal, $example:expr) => {
        pub const $konst: Typed<()> = Typed {
            name: $name,
            topic: Topic::Misere,
            params: "",
            summary: $summary,
            example: $example,
            run: |_, _, ()| Ok(Value::new_object(Rc::new(UniverseValue($u)))),
        };
    };
}

universe!(
    GENERAL,
    "general",
    Universe::General,
    "the universe of all short games, for misère comparison and reduced forms (Siegel, Misère canonical forms of partizan games, Games of No Chance 4)",
    ("misere_equal(* + *, 0, general)", "false")
);
universe!(
    DICOT,
    "dicot",
    Universe::Dicot,
    "the universe of dicots: in every position both players can move, or neither (Dorbec, Renault, Siegel, Sopena, Dicots, and a taxonomy of ranks for misère games, JCTA 2015)",
    ("misere_equal(* + *, 0, dicot)", "true")
);
universe!(
    DEAD_ENDING,
    "dead_ending",
    Universe::DeadEnding,
    "the universe of dead-ending games: a player without a move never gets one again (Milley and Renault, Dead ends in misère play, 2013; Larsson, Milley, Nowakowski, Renault, Santos, arXiv:1807.11297)",
    ("misere_equal(* + *, 0, dead_ending)", "false")
);

pub const IS_DICOT: Typed<PartizanForm> = Typed {
    name: "is_dicot",
    topic: Topic::Misere,
    params: "g",
    summary: "whether every position of a game, position or sum as written has moves for both players or for neither (a dicot)",
    example: ("[is_dicot('{*|0,*}'), is_dicot(1)]", "[true,false]"),
    run: |i, _, PartizanForm(g)| Ok(Value::Bool(forms(i).is_dicot(g))),
};

pub const IS_DEAD_ENDING: Typed<PartizanForm> = Typed {
    name: "is_dead_ending",
    topic: Topic::Misere,
    params: "g",
    summary: "whether in every position of a game, position or sum as written a player without a move never gets one later (dead-ending)",
    example: (
        "[is_dead_ending(1), is_dead_ending('{|{0|}}')]",
        "[true,false]",
    ),
    run: |i, _, PartizanForm(g)| Ok(Value::Bool(forms(i).is_dead_ending(g))),
};

pub const GAME_FORM: Typed<PartizanForm> = Typed {
    name: "game_form",
    topic: Topic::Misere,
    params: "g",
    summary: "the form of a game, position or sum as its moves give it, as an explicit form '{…}' (a sum's positions are the tuples of its parts' positions); parts that are canonical forms print as those games",
    example: ("game_form(* + *)", "'{*|*}'"),
    run: |i, _, PartizanForm(g)| Ok(partizan_value(i, g)),
};

pub const CONJUGATE: Typed<PartizanForm> = Typed {
    name: "conjugate",
    topic: Topic::Misere,
    params: "g",
    summary: "the conjugate Ḡ = {Ḡ^R | Ḡ^L} of a form (the players' roles swapped), which misère play distinguishes from an inverse: G + Ḡ need not equal 0",
    example: ("conjugate('{1|*}')", "{*|-1}"),
    run: |i, _, PartizanForm(g)| {
        let c = forms(i).conjugate(g);
        Ok(partizan_value(i, c))
    },
};

pub const MISERE_LEQ: Typed<(PartizanForm, PartizanForm, Option<Universe>)> = Typed {
    name: "misere_leq",
    topic: Topic::Misere,
    params: "g, h, universe",
    summary: "whether g ≤ h modulo the universe (general if left out) in misère play: o(g + X) ≤ o(h + X) for every X of the universe, decided by the maintenance and proviso conditions of Siegel (general), Dorbec–Renault–Siegel–Sopena (dicot) and Larsson–Milley–Nowakowski–Renault–Santos (dead_ending)",
    example: (
        "[misere_leq('{*|0,*}', 0, dicot), misere_leq(0, *, dicot)]",
        "[true,false]",
    ),
    run: |i, a, (PartizanForm(g), PartizanForm(h), u)| {
        let u = u.unwrap_or(Universe::General);
        let g = member(i, a, 0, g, u)?;
        let h = member(i, a, 1, h, u)?;
        Ok(Value::Bool(forms(i).leq(g, h, u)))
    },
};

pub const IS_INVERTIBLE: Typed<(PartizanForm, Option<Universe>)> = Typed {
    name: "is_invertible",
    topic: Topic::Misere,
    params: "g, universe",
    summary: "whether g has an inverse modulo the universe (general if left out) in misère play; every universe has the conjugate property, so the inverse is the conjugate and g is invertible exactly when g + conjugate(g) equals 0 there (Davies and Yadav, arXiv:2410.06924; Larsson, Milley, Nowakowski, Renault, Santos, arXiv:1807.11297)",
    example: (
        "[is_invertible(1, dead_ending), is_invertible(1, general), is_invertible(*, dicot)]",
        "[true,false,true]",
    ),
    run: |i, a, (PartizanForm(g), u)| {
        let u = u.unwrap_or(Universe::General);
        let g = member(i, a, 0, g, u)?;
        Ok(Value::Bool(forms(i).is_invertible(g, u)))
    },
};

pub const ADJOINT: Typed<PartizanForm> = Typed {
    name: "adjoint",
    topic: Topic::Misere,
    params: "g",
    summary: "the adjoint g° of a form (Siegel, Misère canonical forms of partizan games, GONC 4): * for 0, else {(g^R)° | (g^L)°} with 0 on a side g leaves empty; g + g° is a misère P-position",
    example: ("[adjoint(0), adjoint(*)]", "[*,'{*|*}']"),
    run: |i, _, PartizanForm(g)| {
        let a = forms(i).adjoint(g);
        Ok(partizan_value(i, a))
    },
};

pub const MISERE_DISTINGUISHER: Typed<(PartizanForm, PartizanForm, Option<Universe>)> = Typed {
    name: "misere_distinguisher",
    topic: Topic::Misere,
    params: "g, h, universe",
    summary: "for g ≱ h modulo the universe (general if left out), a game X of the universe with o(g + X) ≱ o(h + X) in misère play, built from the condition of the comparison that fails (the proofs of Siegel and of Larsson–Milley–Nowakowski–Renault–Santos)",
    example: ("misere_distinguisher(0, *, dicot)", "0"),
    run: |i, a, (PartizanForm(g), PartizanForm(h), u)| {
        let u = u.unwrap_or(Universe::General);
        let g = member(i, a, 0, g, u)?;
        let h = member(i, a, 1, h, u)?;
        match forms(i).distinguish(g, h, u) {
            Some(w) => Ok(partizan_value(i, w.game)),
            None => Err(EvalError::new(
                format!("g ≥ h modulo {}: no game of it tells them apart", u.name()),
                a.call,
            )),
        }
    },
};

/// The most elements `misere_monoid` looks for.
const MONOID_MAX: usize = 64;

pub const MISERE_MONOID: Typed<(Rc<Vec<Value>>, Option<Universe>)> = Typed {
    name: "misere_monoid",
    topic: Topic::Misere,
    params: "games, universe",
    summary: "the misère monoid of the sums of a list of games modulo the universe (general if left out): [elements, table], the elements as reduced forms (0 first, the identity) and table[i][j] the place (from 0) of elements[i] + elements[j]; an error past 64 elements (most such monoids are infinite)",
    example: ("misere_monoid([*], dicot)", "[[0,*],[[0,1],[1,0]]]"),
    run: |i, a, (games, u)| {
        let u = u.unwrap_or(Universe::General);
        let mut gens = Vec::with_capacity(games.len());
        for v in games.iter() {
            let g = i.partizan_form_of(v, a.span(0))?;
            gens.push(member(i, a, 0, g, u)?);
        }
        let Some(m) = forms(i).monoid(&gens, u, MONOID_MAX) else {
            return Err(EvalError::new(
                format!(
                    "the monoid of these games modulo {} has more than {MONOID_MAX} elements",
                    u.name()
                ),
                a.call,
            )
            .with_help("most misère monoids are infinite: the integers modulo dead_ending are ℤ"));
        };
        let elements = m.elements.iter().map(|&x| partizan_value(i, x)).collect();
        let table = m
            .table
            .iter()
            .map(|row| Value::list(row.iter().map(|&k| Value::number(k)).collect()))
            .collect();
        Ok(Value::list(vec![Value::list(elements), Value::list(table)]))
    },
};

/// A form as the session prints it.
fn shown(i: &mut dyn Host, g: FormId) -> String {
    let v = partizan_value(i, g);
    i.show(&v)
}

pub const MISERE_EXPLAIN: Typed<(PartizanForm, Option<Universe>)> = Typed {
    name: "misere_explain",
    topic: Topic::Misere,
    params: "g, universe",
    summary: "the steps that reduce g modulo the universe (general if left out), one line each: the options reduced first, then each dominated option removed and each reversible option bypassed, with the form it gives; the last form is misere_canonical_form(g, universe)",
    example: (
        "misere_explain(* + *, dicot)",
        "[\"an option reverses through the end 0, and the game equals it: 0\"]",
    ),
    run: |i, a, (PartizanForm(g), u)| {
        let u = u.unwrap_or(Universe::General);
        let g = member(i, a, 0, g, u)?;
        let (start, steps) = forms(i).reduction_steps(g, u);
        let mut lines = Vec::new();
        if start != g {
            lines.push(format!("options reduced first: {}", shown(i, start)));
        }
        let side = |left: bool| if left { "Left" } else { "Right" };
        for (step, next) in steps {
            let next = shown(i, next);
            lines.push(match step {
                Step::Dominated { left, option, by } => format!(
                    "{}'s option {} is dominated by {}: removed, giving {next}",
                    side(left),
                    shown(i, option),
                    shown(i, by)
                ),
                Step::Reversible {
                    left,
                    option,
                    through,
                    replaced_by,
                } => {
                    let by: Vec<String> = replaced_by.into_iter().map(|x| shown(i, x)).collect();
                    let by = if by.is_empty() {
                        "nothing".to_string()
                    } else {
                        by.join(", ")
                    };
                    format!(
                        "{}'s option {} reverses through {}: replaced by {by}, giving {next}",
                        side(left),
                        shown(i, option),
                        shown(i, through)
                    )
                }
                Step::ToEnd { through } => format!(
                    "an option reverses through the end {}, and the game equals it: {next}",
                    shown(i, through)
                ),
            });
        }
        if lines.is_empty() {
            lines.push(format!(
                "no option is dominated or reversible modulo {}: {} is reduced",
                u.name(),
                shown(i, g)
            ));
        }
        Ok(Value::list(
            lines.into_iter().map(|l| Value::Str(l.into())).collect(),
        ))
    },
};

/// `misere_equal(g, h, universe)`: equality modulo a universe.
pub(crate) fn equal_modulo(i: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
    let u = <Universe as super::FromArg>::from_arg(i, &a.values[2], a.span(2))?;
    let g = i.partizan_form_of(&a.values[0], a.span(0))?;
    let h = i.partizan_form_of(&a.values[1], a.span(1))?;
    let g = member(i, a, 0, g, u)?;
    let h = member(i, a, 1, h, u)?;
    Ok(Value::Bool(forms(i).equal(g, h, u)))
}

/// `misere_canonical_form(g, universe)`: the reduced form modulo a universe.
pub(crate) fn canonical_modulo(i: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
    let u = <Universe as super::FromArg>::from_arg(i, &a.values[1], a.span(1))?;
    let g = i.partizan_form_of(&a.values[0], a.span(0))?;
    let g = member(i, a, 0, g, u)?;
    let r = forms(i).reduce(g, u);
    Ok(partizan_value(i, r))
}

pub(super) fn register(r: &mut super::Registry) {
    r.add(GENERAL);
    r.add(DICOT);
    r.add(DEAD_ENDING);
    r.add(IS_DICOT);
    r.add(IS_DEAD_ENDING);
    r.add(GAME_FORM);
    r.add(CONJUGATE);
    r.add(MISERE_LEQ);
    r.add(IS_INVERTIBLE);
    r.add(ADJOINT);
    r.add(MISERE_DISTINGUISHER);
    r.add(MISERE_MONOID);
    r.add(MISERE_EXPLAIN);
}
