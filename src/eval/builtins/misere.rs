//! Misère built-ins on simplest forms: `misere_canonical_form`, `misere_equal`,
//! `misere_nim_value` and `genus` (Conway, ONAG ch. 12; Winning Ways ch. 13).

use super::Builtin;
use crate::eval::value::Value;
use crate::game::Notation;
use crate::impartial::genus::genus;
use num_rational::BigRational;

pub const MISERE_CANONICAL_FORM: Builtin = Builtin {
    name: "misere_canonical_form",
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the misère simplest form of an impartial position, sum or list of components (by the Grundy–Smith rule): nim heaps print as *n, other games as their options in braces",
    example: ("misere_canonical_form(kayles(3) + kayles(3))", "{*2,*3}"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        Ok(Value::Misere(g))
    },
};

pub const MISERE_EQUAL: Builtin = Builtin {
    name: "misere_equal",
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "whether two impartial positions are equal in misère play (the same outcome added to any game): their misère simplest forms agree",
    example: ("misere_equal(*2 + *2, 0)", "false"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        let h = i.misere_form_of(&a.values[1], a.span(1))?;
        Ok(Value::Bool(g == h))
    },
};

pub const MISERE_NIM_VALUE: Builtin = Builtin {
    name: "misere_nim_value",
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the misère Grundy value G⁻ of an impartial position: 1 for the empty game, otherwise the mex of its options' values (0 exactly for misère P-positions)",
    example: ("misere_nim_value(nim([1, 1]))", "1"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        let v = i.misere.misere_grundy(g);
        Ok(Value::Number(BigRational::from_integer(v.into())))
    },
};

pub const GENUS: Builtin = Builtin {
    name: "genus",
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "Conway's misère genus g^γ0γ1…: the normal-play value, then the misère Grundy values of g plus 0, 1, 2, … heaps of 2, written until the last two digits repeat for ever",
    example: ("genus(kayles(1))", "1^031"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        let genus = genus(&i.misere, g);
        let text = match i.notation {
            Notation::Ascii => genus.ascii(),
            Notation::Unicode => genus.unicode(),
        };
        Ok(Value::Text(text.into()))
    },
};
