//! Built-ins of the partizan theory: stops, temperature, thermographs, cooling,
//! infinitesimals, products and `explain` (issue 3). The mathematics is `game::theory`.

use super::{Args, Builtin, Topic, Typed};
use crate::game::theory::TheoryError;
use crate::game::{Dyadic, GameId};
use crate::rulesets::picture::Picture;
use crate::syntax::Span;
use crate::values::algebra::ValueAlgebra as _;
use crate::values::convert::expect_u64;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::GameThermograph;
use crate::values::value::Value;
use std::rc::Rc;

fn game(i: &mut dyn Host, a: &Args, k: usize) -> Result<GameId, EvalError> {
    i.game_of(&a.values[k], a.span(k))
}

fn number(d: Dyadic) -> Value {
    Value::number(d.to_rational())
}

fn games(list: Vec<GameId>) -> Value {
    Value::list(list.into_iter().map(Value::short).collect())
}

/// A theory error as a language error at the call.
fn theory_error(i: &mut dyn Host, e: TheoryError, a: &Args) -> EvalError {
    let notation = i.notation();
    let msg = e.message(&mut i.store, notation);
    EvalError::new(msg, a.call)
}

/// Declares a built-in of one game argument: constant, name, topic, summary, example, body.
macro_rules! unary {
    ($name:ident, $text:literal, $topic:ident, $summary:literal, $example:expr, |$i:ident, $g:ident, $a:ident| $body:expr) => {
        pub const $name: Typed<GameId> = Typed {
            name: $text,
            topic: Topic::$topic,
            params: "g",
            summary: $summary,
            example: $example,
            run: |$i, $a, $g| $body,
        };
    };
}

unary!(
    MEAN,
    "mean",
    Theory,
    "the mean value: where the thermograph's mast stands",
    ("mean({3|-1})", "1"),
    |i, g, _a| Ok(number(i.store.mean(g)))
);
unary!(
    TEMPERATURE,
    "temperature",
    Theory,
    "the temperature: the height of the thermograph's mast foot (-1 for integers, -1/2^k for m/2^k)",
    ("temperature({3|-1})", "2"),
    |i, g, _a| Ok(number(i.store.temperature(g)))
);
unary!(
    STOP_COUNT,
    "stop_count",
    Theory,
    "the number of play sequences of the canonical form that end at the first number reached",
    ("stop_count({3|-1})", "2"),
    |i, g, _a| Ok(Value::number(i.store.stop_count(g)))
);
unary!(
    THERMOGRAPH,
    "thermograph",
    Theory,
    "the thermograph: left wall, right wall and mast with exact breakpoints (plot(t) draws it)",
    (
        "thermograph({1|-1})",
        "thermograph: mean 0, temperature 1\n  left wall:  2 at t=-1 -> 0 at t=1\n  right wall: -2 at t=-1 -> 0 at t=1\n  mast: 0 for t >= 1"
    ),
    |i, g, _a| Ok(Value::thermograph(thermograph_of(i, g)))
);
unary!(
    FREEZE,
    "freeze",
    Theory,
    "g cooled by its own temperature (numbers are unchanged)",
    ("freeze({3|-1})", "1*"),
    |i, g, _a| Ok(Value::short(i.store.freeze(g)))
);
unary!(
    INCENTIVES,
    "incentives",
    Theory,
    "the Left and Right incentives together, without dominated ones",
    ("incentives({3|-1})", "[{4|0}]"),
    |i, g, _a| Ok(games(i.store.incentives(g)))
);
unary!(
    LEFT_INCENTIVES,
    "left_incentives",
    Theory,
    "G^L - G for each Left option",
    ("left_incentives({3|-1})", "[{4|0}]"),
    |i, g, _a| Ok(games(i.store.left_incentives(g)))
);
unary!(
    RIGHT_INCENTIVES,
    "right_incentives",
    Theory,
    "G - G^R for each Right option",
    ("right_incentives({3|-1})", "[{4|0}]"),
    |i, g, _a| Ok(games(i.store.right_incentives(g)))
);
unary!(
    ATOMIC_WEIGHT,
    "atomic_weight",
    Theory,
    "the atomic weight of an atomic game (↑ has 1, * has 0)",
    ("atomic_weight(^^*)", "2"),
    |i, g, a| i
        .store
        .atomic_weight(g)
        .map(Value::short)
        .map_err(|e| theory_error(i, e, a))
);
unary!(
    REDUCED_CANONICAL_FORM,
    "reduced_canonical_form",
    Theory,
    "the simplest game infinitesimally close to g (alias rcf)",
    ("reduced_canonical_form({1|^})", "{1|0}"),
    |i, g, _a| Ok(Value::short(i.store.reduced_canonical_form(g)))
);
pub const RCF: Typed<GameId> = Typed {
    name: "rcf",
    summary: "short for reduced_canonical_form: the simplest game infinitesimally close to g",
    example: ("rcf(^)", "0"),
    ..REDUCED_CANONICAL_FORM
};
unary!(
    COMPANION,
    "companion",
    Theory,
    "the companion of g (Conway; swaps * and 0 at the leaves)",
    ("companion(^)", "^*"),
    |i, g, _a| Ok(Value::short(i.store.companion(g)))
);
unary!(
    IS_ALL_SMALL,
    "is_all_small",
    Theory,
    "true if every follower with moves for one player has moves for both",
    ("is_all_small(^*)", "true"),
    |i, g, _a| Ok(Value::Bool(i.store.is_all_small(g)))
);
unary!(
    IS_ATOMIC,
    "is_atomic",
    Theory,
    "true if g has an atomic weight",
    ("is_atomic(^)", "true"),
    |i, g, _a| Ok(Value::Bool(i.store.is_atomic(g)))
);
unary!(
    IS_EVEN_TEMPERED,
    "is_even_tempered",
    Theory,
    "true if g is even-tempered",
    ("is_even_tempered(1)", "true"),
    |i, g, _a| Ok(Value::Bool(i.store.is_even_tempered(g)))
);
unary!(
    IS_ODD_TEMPERED,
    "is_odd_tempered",
    Theory,
    "true if g is odd-tempered",
    ("is_odd_tempered(*)", "true"),
    |i, g, _a| Ok(Value::Bool(i.store.is_odd_tempered(g)))
);
pub const IS_NUMBERISH: Builtin = Builtin {
    name: "is_numberish",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g is a number plus an infinitesimal (a stopper: its strong stops are one number, as CGSuite)",
    example: ("is_numberish(1^)", "true"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_class(i, a, &lg, true);
        }
        let g = game(i, a, 0)?;
        Ok(Value::Bool(i.store.is_numberish(g)))
    },
};
pub const IS_NUMBER_TINY: Builtin = Builtin {
    name: "is_number_tiny",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g is a number plus a Tiny or Miny, or a number (x is x plus a Tiny of nothing, as in CGSuite)",
    example: ("is_number_tiny({0||0|-1})", "true"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return Ok(Value::Bool(lg.is_number_tiny(&mut i.store)));
        }
        let g = game(i, a, 0)?;
        Ok(Value::Bool(i.store.is_number_tiny(g)))
    },
};
pub const IS_UPTIMAL: Builtin = Builtin {
    name: "is_uptimal",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "true if g is a number plus a sum of up-nths plus a nimber; false for a loopy game",
    example: ("is_uptimal(^<2>)", "true"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return super::loopy::short_only_predicate(i, a, &lg);
        }
        let g = game(i, a, 0)?;
        Ok(Value::Bool(i.store.is_uptimal(g)))
    },
};
unary!(
    UPTIMAL_EXPANSION,
    "uptimal_expansion",
    Theory,
    "the uptimal expansion x*m.d1d2… as CGSuite writes it: d1, d2, … count ^, ^<2>, …; 10–35 are A–Z, a negative digit is followed by - (v* is *.1-)",
    ("uptimal_expansion(^[3])", "0.111"),
    |i, g, a| match i.store.uptimal_expansion(g) {
        Some(e) => Ok(Value::Text(e.to_string().into())),
        None => {
            let shown = i.display(g);
            Err(EvalError::new(format!("{shown} is not uptimal"), a.span(0)))
        }
    }
);
pub const TINY: Builtin = Builtin {
    name: "tiny",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "Tiny(g) = {0 || 0 | -g}, for g positive, or a stopper such as on (Tiny(on))",
    example: ("tiny(1)", "Tiny(1)"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_tiny(i, a, &lg, true);
        }
        let g = game(i, a, 0)?;
        Ok(Value::short(i.store.tiny(g)))
    },
};
pub const MINY: Builtin = Builtin {
    name: "miny",
    topic: Topic::Theory,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "Miny(g) = {g | 0 || 0}, the negative of Tiny(g)",
    example: ("miny(1)", "Miny(1)"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_tiny(i, a, &lg, false);
        }
        let g = game(i, a, 0)?;
        Ok(Value::short(i.store.miny(g)))
    },
};
pub const TINY_CAP: Builtin = Builtin {
    name: "Tiny",
    example: ("Tiny(3/2)", "Tiny(3/2)"),
    ..TINY
};
pub const MINY_CAP: Builtin = Builtin {
    name: "Miny",
    example: ("Miny(1/32)", "Miny(1/32)"),
    ..MINY
};
pub const FOLLOWERS: Builtin = Builtin {
    name: "followers",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "every distinct position reachable in the canonical form, g included (of a loopy game: its simplest form's positions, as CGSuite)",
    example: ("followers(^)", "[0,*,^]"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_followers(i, a, &lg);
        }
        let g = game(i, a, 0)?;
        Ok(games(i.store.followers(g)))
    },
};
pub const FOLLOWER_COUNT: Builtin = Builtin {
    name: "follower_count",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the number of distinct followers of the canonical form (of a loopy game: the positions of its simplest form)",
    example: ("follower_count(^)", "3"),
    run: |i, a| {
        if let Some(lg) = super::loopy::loopy_value_arg(i, a, 0)? {
            return super::loopy::loopy_follower_count(a, &lg);
        }
        let g = game(i, a, 0)?;
        Ok(Value::number(i.store.follower_count(g)))
    },
};

pub const COOL: Builtin = Builtin {
    name: "cool",
    topic: Topic::Theory,
    params: "g, t",
    min_args: 2,
    max_args: Some(2),
    summary: "g cooled by the number t > -1: G_t = {G^L_t - t | G^R_t + t} until it freezes",
    example: ("cool({3|-1}, 1)", "{2|0}"),
    run: |i, a| {
        let g = game(i, a, 0)?;
        let t = number_arg(&a.values[1], a, 1)?;
        i.store
            .cool(g, &t)
            .map(Value::short)
            .map_err(|e| theory_error(i, e, a))
    },
};

fn number_arg(v: &Value, a: &Args, k: usize) -> Result<Dyadic, EvalError> {
    match v {
        Value::Number(n) => crate::values::convert::number_dyadic(n, a.span(k)),
        other => Err(EvalError::new(
            format!("expected a number, found {}", other.kind()),
            a.span(k),
        )),
    }
}

pub const HEAT: Typed<(GameId, GameId)> = Typed {
    name: "heat",
    topic: Topic::Theory,
    params: "g, t",
    summary: "g heated by t: the inverse of cooling, ∫^t G (numbers are unchanged)",
    example: ("heat(1*, 2)", "{3|-1}"),
    run: |i, _, (g, t)| Ok(Value::short(i.store.heat(g, t))),
};

pub const OVERHEAT: Typed<(GameId, GameId, GameId)> = Typed {
    name: "overheat",
    topic: Topic::Theory,
    params: "g, s, t",
    summary: "g overheated from s to t (Berlekamp): an integer n becomes the Norton product n.s, any other game {overheat(G^L) + t | overheat(G^R) - t}",
    example: ("overheat(*, 1, 1)", "+-1"),
    run: |i, _, (g, s, t)| Ok(Value::short(i.store.overheat(g, s, t))),
};

pub const POW: Builtin = Builtin {
    name: "pow",
    topic: Topic::Theory,
    params: "g, n",
    min_args: 2,
    max_args: Some(2),
    summary: "the n-th power of g = {0|h} in Norton's sense; pow(^, n) is up-nth, printed ^<n>; on integers, a^n",
    example: ("pow(^, 2)", "^<2>"),
    run: |i, a| {
        if matches!(a.values[0], Value::Number(_)) {
            return super::impartial::integer_power(a);
        }
        let g = game(i, a, 0)?;
        let n = power_arg(a)?;
        i.store
            .pow(g, n)
            .map(Value::short)
            .map_err(|e| theory_error(i, e, a))
    },
};

pub const POW_TO: Builtin = Builtin {
    name: "pow_to",
    topic: Topic::Theory,
    params: "g, n",
    min_args: 2,
    max_args: Some(2),
    summary: "g to the power →n, as CGSuite defines it for every g: the ordinal sum g : (n - 1); for g = {0|h} it is g + g^2 + … + g^n, so pow_to(^, n) is ^[n] = ^ + ^<2> + … + ^<n>",
    example: ("pow_to(^, 3)", "^[3]"),
    run: |i, a| {
        let g = game(i, a, 0)?;
        let n = power_arg(a)?;
        i.store
            .pow_to(g, n)
            .map(Value::short)
            .map_err(|e| theory_error(i, e, a))
    },
};

fn power_arg(a: &Args) -> Result<u32, EvalError> {
    let n = expect_u64(&a.values[1], a.span(1), "the exponent")?;
    u32::try_from(n)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| EvalError::new("the exponent must be between 1 and 2^32 - 1", a.span(1)))
}

pub const ORDINAL_SUM: Builtin = Builtin {
    name: "ordinal_sum",
    topic: Topic::Theory,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "g : h, the ordinal sum: a move in g ends h; a move in h keeps g (loopy games too: 1 : off is over); it depends on the form of g, taken as written for an explicit form '{…}' and canonical otherwise",
    example: ("ordinal_sum(1, -1)", "1/2"),
    run: |i, a| {
        if crate::values::explicit::as_form(&a.values[0]).is_some() {
            let g = crate::values::explicit::form_of(i, &a.values[0], a.span(0))?;
            let h = crate::values::explicit::form_of(i, &a.values[1], a.span(1))?;
            let store = i.store();
            let sum = store.form_ordinal_sum(&g, &h);
            return Ok(Value::Game(GameValue::Short(store.form_value(&sum))));
        }
        let loopy0 = super::loopy::loopy_value_arg(i, a, 0)?;
        let loopy1 = super::loopy::loopy_value_arg(i, a, 1)?;
        if loopy0.is_some() || loopy1.is_some() {
            let g = i.loopy_of(&a.values[0], a.span(0))?;
            let h = i.loopy_of(&a.values[1], a.span(1))?;
            let sum = g
                .ordinal_sum(&h)
                .map_err(|e| crate::values::error::loopy_error(e, a.call))?;
            return Ok(i.loopy_value(sum));
        }
        let (g, h) = (game(i, a, 0)?, game(i, a, 1)?);
        Ok(Value::short(i.store.ordinal_sum(g, h)))
    },
};

pub const NORTON_PRODUCT: Typed<(GameId, GameId)> = Typed {
    name: "norton_product",
    topic: Topic::Theory,
    params: "g, u",
    summary: "the Norton product g.u (u positive): replaces each 1 in g's integer structure by u",
    example: ("norton_product(2, ^)", "^^"),
    run: |i, a, (g, u)| {
        i.store
            .norton_product(g, u)
            .map(Value::short)
            .map_err(|e| theory_error(i, e, a))
    },
};

pub const CONWAY_PRODUCT: Typed<(GameId, GameId)> = Typed {
    name: "conway_product",
    topic: Topic::Theory,
    params: "g, h",
    summary: "Conway's product: ordinary on numbers, nim multiplication on nimbers",
    example: ("conway_product(*2, *2)", "*3"),
    run: |i, _, (g, h)| Ok(Value::short(i.store.conway_product(g, h))),
};

pub const MISERE_OUTCOME: Builtin = Builtin {
    name: "misere_outcome",
    topic: Topic::Misere,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the outcome under misère play (the last player to move loses) of a position, a sum `a + b` or a list of components as written; of a single game value, of its canonical form (misère play depends on the form: misere_outcome(*2 + *2) is P, misere_outcome(0) is N)",
    example: ("misere_outcome([*2, *2])", "P"),
    run: |i, a| {
        i.misere_outcome_of(&a.values[0], a.span(0))
            .map(Value::Outcome)
    },
};

pub const PLOT: Builtin = Builtin {
    name: "plot",
    topic: Topic::Theory,
    params: "t",
    min_args: 1,
    max_args: Some(1),
    summary: "draws a thermograph (or the thermograph of a game) as text",
    example: ("len(plot({1|-1})) > 0", "true"),
    run: |i, a| {
        let t = thermograph_arg(i, a)?;
        Ok(Value::Text(t.thermograph.plot(64, 20, i.notation()).into()))
    },
};

fn thermograph_of(i: &mut dyn Host, g: GameId) -> Rc<GameThermograph> {
    let thermograph = i.store.thermograph(g);
    let game = i.display(g);
    Rc::new(GameThermograph { thermograph, game })
}

fn thermograph_arg(i: &mut dyn Host, a: &Args) -> Result<Rc<GameThermograph>, EvalError> {
    match a.values[0].as_thermograph() {
        Some(t) => Ok(t),
        None => {
            let g = game(i, a, 0)?;
            Ok(thermograph_of(i, g))
        }
    }
}

/// The picture of a position (a board, a Hackenbush picture, a graph, the strip or heaps
/// of an impartial game) with its title, as `svg` and `latex` draw it. A sum is the
/// pictures of its components side by side with `+` between them, when every component
/// has one; a sum with a game or a position without a picture among its components is
/// `None` (drawn as its game tree, or written as its value), and so is a position plus 0
/// (`p + 0` is a sum of one component: the way to ask for a position's value).
pub(crate) fn picture_of(
    i: &mut dyn Host,
    v: &Value,
    span: Span,
) -> Result<Option<(Picture, String)>, EvalError> {
    match v {
        Value::Game(GameValue::Position(p)) => {
            let p = p.clone();
            Ok(p.picture(i, span)?.map(|picture| (picture, p.text(i))))
        }
        Value::Game(GameValue::Sum(s)) => {
            let components = s.components();
            if components.len() < 2 {
                return Ok(None);
            }
            let mut parts = Vec::new();
            let mut titles = Vec::new();
            for c in components {
                let Some((picture, title)) = picture_of(i, &c, span)? else {
                    return Ok(None);
                };
                parts.push(picture);
                titles.push(title);
            }
            Ok(Some((Picture::sum(parts), titles.join(" + "))))
        }
        _ => Ok(None),
    }
}

pub const SVG: Builtin = Builtin {
    name: "svg",
    topic: Topic::Theory,
    params: "x, file, options",
    min_args: 2,
    max_args: Some(3),
    summary: "writes an SVG picture (only to a file named *.svg; an existing file that is not a picture cgt wrote is replaced only with the options {\"overwrite\" => true}; {\"title\" => false} draws no title; a game tree draws numbers and nimbers as leaves labelled with their value ({\"unroll\" => true}: down to 0), and the values of {\"leaves\" => [...]} too; {\"positions\" => true} draws the tree of a position's moves with its board at each node; never a directory, a FIFO, a path with .. in it or through a symbolic link, the file's or a directory's in the path; the picture goes to a fresh file renamed over the old one, so a full disk leaves the old one whole): of a position (a board with its pieces, a Hackenbush picture with coloured edges on the ground, Green Hackenbush and bamboo stalks in green, a graph with coloured vertices for Snort, Col, Arc Kayles, Clobber on graphs, Northcott's board, the numbered strip of Nimble, Staircase Nim or Turning Turtles with its coins, heaps as rows of counters), of a sum of positions (the parts side by side with + between them), a thermograph, a scatter plot, a game's canonical game tree (also for a sum with a plain game among its parts), or a loopy game's graph (cycles as curves back, pass as loops)",
    example: ("svg(thermograph({3||2*|1*}), \"t.svg\")", "wrote t.svg"),
    run: |i, a| {
        let path = match &a.values[1] {
            Value::Str(s) => s.to_string(),
            other => {
                return Err(EvalError::new(
                    format!("expected a file name string, found {}", other.kind()),
                    a.span(1),
                ));
            }
        };
        let options = super::files::svg_options(a.values.get(2), a.span(2))?;
        // An empty title is drawn as none.
        let titled = |title: &str| {
            if options.title {
                title.to_string()
            } else {
                String::new()
            }
        };
        let board = if options.positions {
            None
        } else {
            picture_of(i, &a.values[0], a.span(0))?
        };
        let text = match (board, &a.values[0]) {
            (Some((picture, title)), _) => picture.to_svg(&titled(&title)),
            (None, Value::Object(o)) if let Some(svg) = o.svg(options.title) => svg,
            (None, v) if let Some(svg) = super::tables::scatter_svg(v) => svg,
            (None, v) if let Some(svg) = loopy_svg(i, v, a)? => svg,
            (None, _) => super::game_tree::game_tree(i, a, &options)?,
        };
        super::files::write_svg(&path, &text, options.overwrite, a.span(1))?;
        Ok(Value::Text(format!("wrote {path}").into()))
    },
};

/// The game graph of a loopy game (a position of a loopy ruleset stands for its value), or
/// `None` for a value that is not loopy. A generalised Sprague–Grundy value is a value, not a
/// graph: refused, saying what can be drawn.
fn loopy_svg(i: &mut dyn Host, v: &Value, a: &Args) -> Result<Option<String>, EvalError> {
    match i.loopy_operand(v.clone(), a.span(0))? {
        Value::Game(GameValue::Loopy(g)) => {
            let unicode = i.notation() == crate::game::Notation::Unicode;
            g.graph_svg(&mut i.store, unicode)
                .map(Some)
                .map_err(|e| EvalError::new(e, a.span(0)))
        }
        Value::Game(GameValue::LoopyNim(g)) => Err(EvalError::new(
            format!(
                "{} is a generalised Sprague-Grundy value, not a game graph: svg draws \
                 positions, thermographs, short games and loopy games",
                g.text(i.notation() == crate::game::Notation::Unicode)
            ),
            a.span(0),
        )),
        _ => Ok(None),
    }
}

pub const EXPLAIN: Builtin = Builtin {
    name: "explain",
    topic: Topic::Values,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the step-by-step derivation of a canonical form: dominated and reversible options, the Simplicity Principle, the mex",
    example: ("explain({0 | 1})", ""),
    run: |i, a| {
        // With a literal argument the evaluator explains the literal itself (see expr.rs); a
        // position from its own moves; a computed game from its canonical options.
        if crate::values::object::is_position(&a.values[0]) {
            return i.explain_position(&a.values[0], a.span(0));
        }
        let g = game(i, a, 0)?;
        let (l, r) = i.store.options(g);
        Ok(i.explain_options(&l, &r))
    },
};

impl dyn Host + '_ {
    /// A position explained from its own moves: each move in the position's terms with the
    /// value it leads to, then the derivation of the canonical form from those values.
    fn explain_position(&mut self, v: &Value, span: Span) -> Result<Value, EvalError> {
        let impartial = self.is_impartial_position(v);
        let mut lines = vec![format!("{} has these moves:", self.position_text(v))];
        let mut sides: Vec<Vec<GameId>> = Vec::new();
        for (left, who) in [(true, "Left"), (false, "Right")] {
            let moves = self.moves_in(v, left, span)?;
            let mut values = Vec::with_capacity(moves.len());
            if !impartial {
                lines.push(format!("{who}:"));
            }
            if moves.is_empty() {
                lines.push("  (none)".to_string());
            }
            for m in &moves {
                let g = self.game_of(&m.result, span)?;
                let shown = self.display(g);
                lines.push(format!("  {} = {shown}", self.move_text(m)));
                values.push(g);
            }
            sides.push(values);
            if impartial {
                // Both players have the same moves: the list is written once.
                sides.push(sides[0].clone());
                break;
            }
        }
        lines.push(self.explanation_text(&sides[0], &sides[1]));
        Ok(Value::Text(lines.join("\n").into()))
    }
}

/// Adds the built-ins of this file to the table, in the order `:help` lists them; those
/// of `latex`, `compounds` and `misere` come here, beside their relatives.
pub(super) fn register(r: &mut super::Registry) {
    r.add(MEAN);
    r.add(TEMPERATURE);
    r.add(STOP_COUNT);
    r.add(THERMOGRAPH);
    r.add(PLOT);
    r.add(SVG);
    super::latex::register(r);
    r.add(COOL);
    r.add(HEAT);
    r.add(OVERHEAT);
    r.add(FREEZE);
    r.add(INCENTIVES);
    r.add(LEFT_INCENTIVES);
    r.add(RIGHT_INCENTIVES);
    r.add(ATOMIC_WEIGHT);
    r.add(REDUCED_CANONICAL_FORM);
    r.add(RCF);
    r.add(COMPANION);
    r.add(IS_ALL_SMALL);
    r.add(IS_ATOMIC);
    r.add(super::misere_api::IS_EVEN);
    r.add(super::misere_api::IS_ODD);
    r.add(IS_EVEN_TEMPERED);
    r.add(IS_ODD_TEMPERED);
    r.add(IS_NUMBERISH);
    r.add(IS_NUMBER_TINY);
    r.add(IS_UPTIMAL);
    r.add(UPTIMAL_EXPANSION);
    r.add(TINY);
    r.add(MINY);
    r.add(TINY_CAP);
    r.add(MINY_CAP);
    r.add(POW);
    r.add(POW_TO);
    r.add(ORDINAL_SUM);
    r.add(super::ordinal::ORDINAL_SUBORDINATE);
    super::compounds::register(r);
    r.add(NORTON_PRODUCT);
    r.add(CONWAY_PRODUCT);
    r.add(FOLLOWERS);
    r.add(FOLLOWER_COUNT);
    r.add(MISERE_OUTCOME);
    super::misere::register(r);
    r.add(EXPLAIN);
}
