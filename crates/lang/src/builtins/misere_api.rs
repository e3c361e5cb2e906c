//! The structure of misère simplest forms (Conway, ONAG ch. 12; Siegel, *Combinatorial
//! Game Theory* ch. V), as CGSuite's `MisereCanonicalGame` offers it: options, birthday,
//! parity, mates, parts and partitions, primes, links, distinguishers, misère difference
//! and Hoey's phyla. Each takes any impartial game, position, sum or misère literal `*[…]`;
//! the mathematics is [`crate::impartial::misere_theory`].

use super::{Builtin, Topic};
use crate::impartial::misere_forms::MisereId;
use crate::impartial::misere_theory::MisereTheory;
use crate::values::args::Args;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Value;

fn form(i: &mut dyn Host, a: &Args, k: usize) -> Result<MisereId, EvalError> {
    i.misere_form_of(&a.values[k], a.span(k))
}

fn games(gs: impl IntoIterator<Item = MisereId>) -> Value {
    Value::list(gs.into_iter().map(Value::misere).collect())
}

/// A yes-or-no question about one form.
fn ask(
    i: &mut dyn Host,
    a: &Args,
    q: fn(&mut MisereTheory, MisereId) -> bool,
) -> Result<Value, EvalError> {
    let g = form(i, a, 0)?;
    let mut t = MisereTheory::new(&mut i.misere);
    Ok(Value::Bool(q(&mut t, g)))
}

pub const MISERE_OPTIONS: Builtin = Builtin {
    name: "misere_options",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the options of the misère simplest form of an impartial game (CGSuite's Options of a misère game)",
    example: ("misere_options(*[4, 2])", "[*[4],*[2]]"),
    run: |i, a| {
        let g = form(i, a, 0)?;
        Ok(games(i.misere.options(g).iter().rev().copied()))
    },
};

pub const MISERE_BIRTHDAY: Builtin = Builtin {
    name: "misere_birthday",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the birthday of the misère simplest form: 0 for 0, else one more than its options' largest (birthday(g) of a misère game *[…] is the same)",
    example: ("misere_birthday(*2 + *2)", "4"),
    run: |i, a| {
        let g = form(i, a, 0)?;
        Ok(Value::number(MisereTheory::new(&mut i.misere).birthday(g)))
    },
};

pub const MATE: Builtin = Builtin {
    name: "mate",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the mate G⁻ (ONAG ch. 12): * when G = 0, otherwise the game of the mates of G's options; G + G⁻ is always a misère P-position",
    example: ("[mate(0), mate(*[[2]])]", "[*[1],*[2#]]"),
    run: |i, a| {
        let g = form(i, a, 0)?;
        Ok(Value::misere(MisereTheory::new(&mut i.misere).mate(g)))
    },
};

pub const IS_EVEN: Builtin = Builtin {
    name: "is_even",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "of a game, Conway parity: every option of every follower is odd and g is even; of a misère game *[…], misère parity (ONAG ch. 12): G is even when it is born before G + * (of G and G + * exactly one is even)",
    example: (
        "[is_even(0), is_even(*[2, 2]), is_even(*[1])]",
        "[true,true,false]",
    ),
    run: |i, a| {
        if let Value::Game(GameValue::Misere(g)) = &a.values[0] {
            return Ok(Value::Bool(MisereTheory::new(&mut i.misere).is_even(*g)));
        }
        let g = super::games::game_arg(i, a)?;
        Ok(Value::Bool(i.store.is_even(g)))
    },
};

pub const IS_ODD: Builtin = Builtin {
    name: "is_odd",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "of a game, Conway parity (g is odd); of a misère game *[…], misère parity: G is odd when G + * is born before G",
    example: ("[is_odd(*), is_odd(*[[2]])]", "[true,false]"),
    run: |i, a| {
        if let Value::Game(GameValue::Misere(g)) = &a.values[0] {
            return Ok(Value::Bool(!MisereTheory::new(&mut i.misere).is_even(*g)));
        }
        let g = super::games::game_arg(i, a)?;
        Ok(Value::Bool(i.store.is_odd(g)))
    },
};

pub const PARTS: Builtin = Builtin {
    name: "parts",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the proper even parts of an impartial game in misère play (ONAG ch. 12): the even games H other than 0 and the even one of G, G + * with G = H + X for some X (with H, H + * is also a part), by birthday",
    example: ("parts(*2 + *2 + *3)", "[*[2],*[2[2]]]"),
    run: |i, a| {
        let g = form(i, a, 0)?;
        Ok(games(MisereTheory::new(&mut i.misere).proper_parts(g)))
    },
};

pub const PARTITIONS: Builtin = Builtin {
    name: "partitions",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "every way to write an impartial game in misère play as a sum of even primes (each list by birthday, with * added when G is odd); not always one way (Norton: *[[*[4] + *[2]]])",
    example: ("partitions(*2 + *2 + *)", "[[*[2],*[2],*[1]]]"),
    run: |i, a| {
        let g = form(i, a, 0)?;
        let ps = MisereTheory::new(&mut i.misere).partitions(g);
        Ok(Value::list(ps.into_iter().map(games).collect()))
    },
};

pub const IS_PRIME: Builtin = Builtin {
    name: "is_prime",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether an impartial game is prime in misère play (ONAG ch. 12): not 0 or *, and its only even parts are 0 and the even one of G, G + *",
    example: ("[is_prime(*2), is_prime(*2 + *2)]", "[true,false]"),
    run: |i, a| ask(i, a, |t, g| t.is_prime(g)),
};

pub const IS_EXTRAVERTED: Builtin = Builtin {
    name: "is_extraverted",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether G is a part of {G}, the game whose only option is G (ONAG ch. 12, as CGSuite tests it; by Conway's extraversion theorem, the divine games)",
    example: ("[is_extraverted(0), is_extraverted(*2)]", "[true,true]"),
    run: |i, a| ask(i, a, |t, g| t.is_extraverted(g)),
};

pub const IS_INTROVERTED: Builtin = Builtin {
    name: "is_introverted",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether G is a part of each of its options (ONAG ch. 12): only 0 and *",
    example: ("[is_introverted(*), is_introverted(*2)]", "[true,false]"),
    run: |i, a| ask(i, a, |t, g| t.is_introverted(g)),
};

pub const IS_NIM_HEAP: Builtin = Builtin {
    name: "is_nim_heap",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether an impartial game is misère-equal to a nim heap",
    example: (
        "[is_nim_heap(kayles(4)), is_nim_heap(kayles(5))]",
        "[true,false]",
    ),
    run: |i, a| {
        let g = form(i, a, 0)?;
        Ok(Value::Bool(i.misere.nimber_value(g).is_some()))
    },
};

pub const IS_GENERALLY_TAME: Builtin = Builtin {
    name: "is_generally_tame",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether a game is generally tame (Hoey's phyla, as CGSuite; ONAG ch. 12 'reversibly tame'): its genus is tame (G⁺ = G⁻, or both at most 1) and every option is generally tame or reversible through an option with G's own G⁺ and G⁻, the others giving those values",
    example: (
        "[is_generally_tame(*[[2]]), is_generally_tame(kayles(5))]",
        "[true,false]",
    ),
    run: |i, a| ask(i, a, |t, g| t.phylum(g).is_generally_tame()),
};

pub const IS_GENERALLY_RESTIVE: Builtin = Builtin {
    name: "is_generally_restive",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether a game is generally restive (Hoey's phyla, as CGSuite): G⁺ at most 1 without a tame genus, every option hereditarily tame, or reversible through restive-or-tame options",
    example: ("is_generally_restive(*[0, [2]])", "true"),
    run: |i, a| ask(i, a, |t, g| t.phylum(g).is_generally_restive()),
};

pub const IS_TAMEABLE: Builtin = Builtin {
    name: "is_tameable",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether a game is tameable or tame (Hoey's phyla, as CGSuite): of tame genus, with every wild option reversible through tameable games, so that it decides its genus in any sum with tame games",
    example: ("is_tameable(*3)", "true"),
    run: |i, a| ask(i, a, |t, g| t.phylum(g).is_tameable()),
};

pub const IS_HALF_TAME: Builtin = Builtin {
    name: "is_half_tame",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether a game is half-tame (CGSuite's IsHalfTame): not generally tame, while G + G is generally tame of genus 0^0",
    example: (
        "[is_half_tame(*[[2], 0]), is_half_tame(*[2]), is_half_tame(*[[2], 1])]",
        "[true,false,false]",
    ),
    run: |i, a| ask(i, a, |t, g| t.is_half_tame(g)),
};

pub const PHYLUM: Builtin = Builtin {
    name: "phylum",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "Dan Hoey's phylum of an impartial game, as CGSuite classifies it: nim heap, hereditarily or reversibly tame, tameable, hereditarily or reversibly restive, restless, wild",
    example: ("phylum(kayles(5))", "restless"),
    run: |i, a| {
        let g = form(i, a, 0)?;
        let p = MisereTheory::new(&mut i.misere).phylum(g);
        Ok(Value::Text(p.name().into()))
    },
};

pub const LINK: Builtin = Builtin {
    name: "link",
    topic: Topic::Misere,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "a game T with g + T and h + T both misère P-positions; one exists exactly when neither is an option of the other (ONAG Theorem 76)",
    example: ("link(*[[2]], *3)", "*[(2#1)21]"),
    run: |i, a| {
        let (g, h) = (form(i, a, 0)?, form(i, a, 1)?);
        match MisereTheory::new(&mut i.misere).link(g, h) {
            Some(t) => Ok(Value::misere(t)),
            None => Err(EvalError::new(
                "these games are not linked: one is an option of the other",
                a.call,
            )
            .with_help("is_linked_to(g, h) asks first")),
        }
    },
};

pub const IS_LINKED_TO: Builtin = Builtin {
    name: "is_linked_to",
    topic: Topic::Misere,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "whether some T makes g + T and h + T both misère P-positions: exactly when neither is an option of the other (ONAG Theorem 76)",
    example: (
        "[is_linked_to(*2, *3), is_linked_to(*2, *2)]",
        "[false,true]",
    ),
    run: |i, a| {
        let (g, h) = (form(i, a, 0)?, form(i, a, 1)?);
        let linked = MisereTheory::new(&mut i.misere).link(g, h).is_some();
        Ok(Value::Bool(linked))
    },
};

pub const DISTINGUISHER: Builtin = Builtin {
    name: "distinguisher",
    topic: Topic::Misere,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "for misère-unequal g and h, a game T with g + T a misère P-position and h + T an N-position (ONAG Theorem 75)",
    example: ("distinguisher(*2 + *2, 0)", "*[0]"),
    run: |i, a| {
        let (g, h) = (form(i, a, 0)?, form(i, a, 1)?);
        match MisereTheory::new(&mut i.misere).distinguisher(g, h) {
            Some(t) => Ok(Value::misere(t)),
            None => Err(EvalError::new(
                "these games are equal in misère play: nothing distinguishes them",
                a.call,
            )),
        }
    },
};

pub const MISERE_MINUS: Builtin = Builtin {
    name: "misere_minus",
    topic: Topic::Misere,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the misère difference g − h: the game X with h + X = g (unique by Conway's cancellation theorem), when h is a part of g",
    example: ("misere_minus(*2 + *3, *3)", "*[2]"),
    run: |i, a| {
        let (g, h) = (form(i, a, 0)?, form(i, a, 1)?);
        match MisereTheory::new(&mut i.misere).minus(g, h) {
            Some(x) => Ok(Value::misere(x)),
            None => Err(EvalError::new(
                "no game X has h + X = g in misère play (h is not a part of g)",
                a.call,
            )
            .with_help("parts(g) lists the parts of g")),
        }
    },
};

pub const MISERE_NOTATION: Builtin = Builtin {
    name: "misere_notation",
    topic: Topic::Misere,
    params: "style",
    min_args: 1,
    max_args: Some(1),
    summary: "how misère simplest forms print from now on: \"star\" (CGSuite's *[…]: digits are nim heaps, a run of them a game of those options, # a game of one option, a subscript adds a heap; in ASCII CGSuite's plain text, subscripts grouped in brackets as *[4[2#]]; both forms read back) or \"lists\" (option lists {*2,*3})",
    example: ("misere_notation(\"star\")", ""),
    run: |i, a| {
        let style = match &a.values[0] {
            Value::Str(s) => s.to_string(),
            other => {
                return Err(EvalError::new(
                    format!(
                        "misere_notation takes \"star\" or \"lists\", not {}",
                        other.kind()
                    ),
                    a.span(0),
                ));
            }
        };
        let lists = match style.as_str() {
            "star" => false,
            "lists" => true,
            other => {
                return Err(EvalError::new(
                    format!("misere_notation takes \"star\" or \"lists\", not {other:?}"),
                    a.span(0),
                ));
            }
        };
        i.set_misere_lists(lists);
        Ok(Value::Unit)
    },
};
