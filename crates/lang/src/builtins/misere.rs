//! Misère built-ins on simplest forms: `misere_canonical_form`, `misere_equal`,
//! `misere_nim_value` and `genus` (Conway, ONAG ch. 12; Winning Ways ch. 13).

use super::Builtin;
use crate::game::Notation;
use crate::impartial::genus::{genus, is_restive, is_restless, is_tame};
use crate::impartial::{ImpartialError, MisereQuotient};
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::games::position::Ruleset;
use crate::values::host::Host;
use crate::values::value::Record;
use crate::values::value::Value;
use std::rc::Rc;

fn int(n: u64) -> Value {
    Value::number(n)
}

fn texts(items: impl IntoIterator<Item = String>) -> Value {
    Value::list(items.into_iter().map(|t| Value::Str(t.into())).collect())
}

impl dyn Host + '_ {
    /// The misère quotient of the heaps `1..=n` of a heap ruleset (built-in or given by a
    /// function), verified (see [`crate::impartial::quotient`]); with `covering`, any
    /// quotient of this session covering those heaps (it answers the same on their sums).
    pub(crate) fn misere_quotient(
        &mut self,
        r: &Ruleset,
        n: u64,
        covering: bool,
        span: Span,
    ) -> Result<MisereQuotient, EvalError> {
        if n > crate::impartial::quotient::MAX_QUOTIENT_HEAP {
            return Err(self.impartial_error(
                crate::impartial::ImpartialError::HeapTooLarge {
                    heap: n,
                    limit: crate::impartial::quotient::MAX_QUOTIENT_HEAP,
                    what: "the heap bound of a misère quotient",
                },
                span,
            ));
        }
        let mut options = Vec::with_capacity(n as usize);
        for h in 1..=n {
            options.push(r.options(self, h, span)?);
        }
        let flag = self.interrupt_flag();
        let read = |h: u64| Ok::<_, ImpartialError>(options[h as usize - 1].clone());
        let q = if covering {
            self.quotients.covering(n, read, Some(&flag))
        } else {
            self.quotients.exact(n, read, Some(&flag))
        };
        q.or_else(|e| {
            self.check_interrupt(span)?;
            Err(self.impartial_error(e, span))
        })
    }
}

pub const MISERE_QUOTIENT: Builtin = Builtin {
    name: "misere_quotient",
    params: "ruleset, 0..n",
    min_args: 2,
    max_args: Some(2),
    summary: "the misère quotient (Plambeck–Siegel) of the sums of heaps 1..n of a heap game, verified: order, generators, relations, P-portion and the pretending function (heap k ↦ its element); kept for the session, and a larger n resumes from it",
    example: (
        "misere_quotient(nim, 0..3).relations",
        "[\"a^2 = 1\",\"b^3 = b\"]",
    ),
    topic: super::Topic::Misere,
    run: |i, a| {
        let r = i.ruleset_of(&a.values[0], a.span(0))?;
        let items = crate::values::convert::expect_list(&a.values[1], a.span(1))?;
        let mut n = 0;
        for x in items.iter() {
            n = n.max(crate::values::convert::expect_u64(
                x,
                a.span(1),
                "a heap size",
            )?);
        }
        let q = i.misere_quotient(&r, n, false, a.call)?;
        let order = q.order() as u64;
        let letters: Vec<String> = (0..q.generator_heaps().len())
            .map(|g| q.word_text(q.element_of_heaps(&[q.generator_heaps()[g]]).unwrap_or(0)))
            .collect();
        Ok(Value::Record(Rc::new(Record {
            kind: "misere_quotient",
            fields: vec![
                ("heaps".into(), int(n)),
                ("order".into(), int(order)),
                ("generators".into(), texts(letters)),
                (
                    "generator_heaps".into(),
                    Value::list(q.generator_heaps().iter().map(|&h| int(h)).collect()),
                ),
                ("relations".into(), texts(q.relations_text())),
                (
                    "p_portion".into(),
                    texts(q.p_portion().into_iter().map(|x| q.word_text(x))),
                ),
                (
                    "pretending".into(),
                    texts(q.pretending().iter().map(|&x| q.word_text(x))),
                ),
                ("stable".into(), Value::Bool(q.looks_stable())),
            ],
        })))
    },
};

pub const MISERE_CANONICAL_FORM: Builtin = Builtin {
    name: "misere_canonical_form",
    params: "g, universe",
    min_args: 1,
    max_args: Some(2),
    summary: "the misère simplest form of an impartial position, sum or list of components (by the Grundy–Smith rule), printed as CGSuite writes it: *[2] is a nim heap, *[42] the game with options *[4] and *[2], # a game of one option, a subscript adds a heap (*[2₂] = *[2] + *[2], *[2[2]] in ASCII), and the printed form reads back; misere_notation(\"lists\") prints option lists {*2,*3} instead; with a universe (general, dicot, dead_ending) the reduced form of any partizan game modulo that universe",
    example: ("misere_canonical_form(kayles(3) + kayles(3))", "*[2[2]]"),
    topic: super::Topic::Misere,
    run: |i, a| {
        if a.values.len() == 2 {
            return super::misere_partizan::canonical_modulo(i, a);
        }
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        Ok(Value::misere(g))
    },
};

pub const MISERE_EQUAL: Builtin = Builtin {
    name: "misere_equal",
    params: "g, h, universe",
    min_args: 2,
    max_args: Some(3),
    summary: "whether two impartial positions are equal in misère play (the same outcome added to any game): their misère simplest forms agree; with a universe (general, dicot, dead_ending), whether two partizan games are equal modulo that universe (o(g + X) = o(h + X) for every X in it)",
    example: ("misere_equal(*2 + *2, 0)", "false"),
    topic: super::Topic::Misere,
    run: |i, a| {
        if a.values.len() == 3 {
            return super::misere_partizan::equal_modulo(i, a);
        }
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
        Ok(Value::number(v))
    },
};

pub const GENUS: Builtin = Builtin {
    name: "genus",
    params: "g, full",
    min_args: 1,
    max_args: Some(2),
    summary: "Conway's misère genus g^γ0γ1…: the normal-play value, then the misère Grundy values of g plus 0, 1, 2, … heaps of 2, written until the last two digits repeat for ever; abbreviated as CGSuite does (the value alone for games that play as nim heaps, 0 for 0^120 and 2 for 2^20; one exponent for generally tame and restive games, 0^0 for 0^02), in full with genus(g, true)",
    example: ("[genus(kayles(1)), genus(kayles(1), true)]", "[1,1^031]"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        let full = match a.values.get(1) {
            Some(v) => crate::values::convert::expect_bool(v, a.span(1))?,
            None => false,
        };
        let short = if full {
            None
        } else {
            crate::impartial::misere_theory::MisereTheory::new(&mut i.misere).short_genus(g)
        };
        let genus = match short {
            Some((plus, None)) => return Ok(Value::Text(plus.to_string().into())),
            Some((plus, Some(minus))) => crate::impartial::genus::Genus {
                normal: plus,
                gammas: vec![minus],
            },
            None => genus(&i.misere, g),
        };
        let text = match i.notation() {
            Notation::Ascii => genus.ascii(),
            Notation::Unicode => genus.unicode(),
        };
        Ok(Value::Text(text.into()))
    },
};

pub const IS_TAME: Builtin = Builtin {
    name: "is_tame",
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether an impartial game is tame (Conway): every position of its misère simplest form has a tame genus, 0^120, 1^031 or a^(a,a⊕2); tame games add like misère Nim heaps",
    example: ("is_tame(kayles(4) + *2)", "true"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        Ok(Value::Bool(is_tame(&i.misere, g)))
    },
};

pub const IS_RESTIVE: Builtin = Builtin {
    name: "is_restive",
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether an impartial game is restive (Conway): not tame, every option tame, and genus a^(b,b⊕2) with b ≠ a — an ambivalent nim heap, a in normal play and b at the misère end",
    example: ("is_restive(octal(\"0.35\")([4]))", "true"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        Ok(Value::Bool(is_restive(&i.misere, g)))
    },
};

pub const IS_RESTLESS: Builtin = Builtin {
    name: "is_restless",
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether an impartial game is restless (Conway): not tame, every option tame, and not restive (its genus is not of the form a^(b,b⊕2))",
    example: ("is_restless(kayles(5))", "true"),
    topic: super::Topic::Misere,
    run: |i, a| {
        let g = i.misere_form_of(&a.values[0], a.span(0))?;
        Ok(Value::Bool(is_restless(&i.misere, g)))
    },
};

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(MISERE_CANONICAL_FORM);
    r.add(MISERE_EQUAL);
    r.add(MISERE_NIM_VALUE);
    r.add(GENUS);
    r.add(IS_TAME);
    r.add(IS_RESTIVE);
    r.add(IS_RESTLESS);
    r.add(MISERE_QUOTIENT);
    r.add(super::misere_api::MISERE_OPTIONS);
    r.add(super::misere_api::MISERE_BIRTHDAY);
    r.add(super::misere_api::MATE);
    r.add(super::misere_api::PARTS);
    r.add(super::misere_api::PARTITIONS);
    r.add(super::misere_api::IS_PRIME);
    r.add(super::misere_api::IS_EXTRAVERTED);
    r.add(super::misere_api::IS_INTROVERTED);
    r.add(super::misere_api::IS_NIM_HEAP);
    r.add(super::misere_api::IS_GENERALLY_TAME);
    r.add(super::misere_api::IS_GENERALLY_RESTIVE);
    r.add(super::misere_api::IS_TAMEABLE);
    r.add(super::misere_api::IS_HALF_TAME);
    r.add(super::misere_api::PHYLUM);
    r.add(super::misere_api::LINK);
    r.add(super::misere_api::IS_LINKED_TO);
    r.add(super::misere_api::DISTINGUISHER);
    r.add(super::misere_api::MISERE_MINUS);
    r.add(super::misere_api::MISERE_NOTATION);
    super::misere_partizan::register(r);
}
