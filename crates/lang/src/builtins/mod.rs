//! The built-in functions: one table that drives calls, `:help`, completion and the
//! reference documentation, so they never drift apart.

mod collections;
mod compounds;
mod draws;
mod families;
mod files;
mod game_tree;
mod games;
pub(crate) mod gen_mem;
mod heap_codes;
pub(crate) use games::{outcome_named, outcome_spelling};
mod grids;
pub(crate) mod impartial;
mod latex;
mod lists;
mod loopy;
mod loopy_boards;
mod misere;
mod misere_api;
mod misere_partizan;
mod nim;
mod order;
mod ordinal;
mod play;
mod registered;
mod solve;
mod stoppers;
mod strings;
mod table;
pub(crate) mod tables;
mod text;
mod theory;
mod transfinite;
pub mod typed;
mod variants;
pub(crate) use theory::picture_of;

pub use table::{BUILTINS, Closure, Declaration, Doc, Entry, Registry, lookup, lookup_id};
pub(crate) use table::{add_entry, call, call_with};
pub use typed::{At, FromArg, FromArgs, Typed};

pub use crate::values::args::Args;
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Value;

/// `f(x)` for the function passed as argument `f` of a built-in (`map(f, xs)`,
/// `sort(xs, key)`), the element `x` coming from the list at argument `list`. Polls Ctrl-C,
/// since these run once per element of a list that may be long.
pub(crate) fn apply_argument(
    interp: &mut dyn Host,
    a: &Args,
    f: usize,
    list: usize,
    x: &Value,
) -> Result<Value, EvalError> {
    interp.check_interrupt(a.call)?;
    let args = Args {
        values: vec![x.clone()],
        spans: vec![a.span(list)],
        call: a.call,
        callee: a.span(f),
    };
    interp.call(&a.values[f], args)
}

pub type BuiltinFn = fn(&mut dyn Host, &Args) -> Result<Value, EvalError>;

/// What a built-in is about: `:help`, `:help TOPIC` and the reference group the built-ins
/// by topic, in the order of [`Topic::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// Questions about one game: outcome, options, classification, birthday, followers.
    Values,
    /// Temperature theory, infinitesimals, reduced forms, ordinal sums and products.
    Theory,
    /// Nim, Sprague–Grundy values, heap rulesets and their analysis.
    Impartial,
    /// Board games of the books, rulesets written in cgt, positions and their moves.
    Rulesets,
    /// Misère play: the last player to move loses.
    Misere,
    /// Games with draws.
    Draws,
    /// Loopy games: play may return to a position (on, off, over, stoppers, sidling).
    Loopy,
    /// Arithmetic on numbers, lists, sets, maps, functions and output.
    Language,
    /// The REPL's commands (no built-in is about the REPL; `:help repl` lists the commands).
    Repl,
}

impl Topic {
    /// Every topic, in the order help and the reference list them.
    pub const ALL: [Topic; 9] = [
        Topic::Values,
        Topic::Theory,
        Topic::Impartial,
        Topic::Rulesets,
        Topic::Misere,
        Topic::Draws,
        Topic::Loopy,
        Topic::Language,
        Topic::Repl,
    ];

    /// The word `:help TOPIC` takes (the accent of `misère` may be left out).
    pub fn name(self) -> &'static str {
        match self {
            Topic::Values => "values",
            Topic::Theory => "theory",
            Topic::Impartial => "impartial",
            Topic::Rulesets => "rulesets",
            Topic::Misere => "misère",
            Topic::Draws => "draws",
            Topic::Loopy => "loopy",
            Topic::Language => "language",
            Topic::Repl => "repl",
        }
    }

    /// The heading of the topic in help and in the reference.
    pub fn title(self) -> &'static str {
        match self {
            Topic::Values => "Values, options and classification",
            Topic::Theory => "Temperature theory, infinitesimals and products",
            Topic::Impartial => "Impartial games",
            Topic::Rulesets => "Rulesets and positions",
            Topic::Misere => "Misère play",
            Topic::Draws => "Games with draws",
            Topic::Loopy => "Loopy games",
            Topic::Language => "Numbers, lists, sets, maps, functions and output",
            Topic::Repl => "The REPL",
        }
    }

    /// A sentence or two on what the topic's built-ins have in common.
    pub fn intro(self) -> &'static str {
        match self {
            Topic::Values => {
                "Questions about one game, answered from its canonical form, and the \
                 derivation of that form."
            }
            Topic::Theory => {
                "How hot a game is (stops, thermographs, cooling and heating); games smaller \
                 than every positive number (ups, tinies and their atomic weights); ways \
                 of combining games other than the sum `g + h`; and the surreal numbers \
                 beyond the rationals (`omega`, `1/omega`, `omega - 1`), printed in Cantor \
                 normal form."
            }
            Topic::Impartial => {
                "Every impartial game is a nimber. Nim arithmetic (also of transfinite \
                 nimbers such as `*omega`, by Lenstra's algorithm) and Sprague–Grundy values; \
                 heap rulesets (called with a number or a list of heaps each gives a \
                 position; used bare, `kayles` is a ruleset for `nim_values`, `period`, \
                 `at`); their tables, periods and winning moves; games that are Nim in \
                 disguise."
            }
            Topic::Rulesets => {
                "Partizan and impartial board games, each position adding with every other \
                 game as its canonical form; rulesets written in cgt (a function from a \
                 position to its options). Positions and their sums keep their form: their \
                 moves are positions, and winning moves name the component and the move."
            }
            Topic::Misere => {
                "The last player to move loses. Misère play depends on the form of a game, \
                 not only on its value: these take positions or sums as written. A misère \
                 form `*[…]` plus a position or a nim heap is the misère form of the sum \
                 (`kayles(5) + *[2]`). Partizan games are compared and reduced modulo a \
                 universe (general, dicot, dead_ending): Siegel, Misère canonical forms of \
                 partizan games (Games of No Chance 4); Dorbec, Renault, Siegel, Sopena, \
                 Dicots, and a taxonomy of ranks for misère games (JCTA 2015); Milley and \
                 Renault, Dead ends in misère play (Discrete Math. 2013); Larsson, Milley, \
                 Nowakowski, Renault, Santos, Recursive comparison tests for dicot and \
                 dead-ending games under misère play (arXiv:1807.11297)."
            }
            Topic::Draws => {
                "W-L-D game trees (DeVos–Kent ch. 1) and games given by functions, solved by \
                 working backwards: each has a type +-, -+ or 00 and strategies."
            }
            Topic::Loopy => {
                "Games in which play may return to a position, so that it may go on forever \
                 (a draw): literals that name themselves, `a{0 | a}`, or move to themselves, \
                 `{0 | pass}`; the stoppers on, off, over, upon; sums and comparison of \
                 stoppers; onside and offside of stopper-sided games."
            }
            Topic::Language => {
                "Arithmetic, lists, sets and maps, functions on them, and printing from scripts."
            }
            Topic::Repl => "Commands typed at the `>` prompt of the REPL (`cgt` alone).",
        }
    }

    /// The topic named `word` (any case; `misere` for `misère`).
    pub fn named(word: &str) -> Option<Topic> {
        let word = fold(word);
        Topic::ALL.into_iter().find(|t| fold(t.name()) == word)
    }

    /// The built-ins of this topic, in table order.
    pub fn builtins(self) -> impl Iterator<Item = &'static Entry> {
        BUILTINS.iter().filter(move |b| b.topic == self)
    }
}

/// Text folded for searching: lower case, and the accented Latin letters of game names and
/// authors (misère, Sprague–Grundy, Dawson, Kōnane) without their accents.
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' | 'ē' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ō' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' => 'u',
            'ý' | 'ÿ' => 'y',
            '–' | '—' => '-',
            c => c,
        })
        .collect()
}

/// A built-in written in the raw form: a plain function over the evaluated arguments,
/// which checks their kinds itself (the table checks their number). `r.add(NAME)` in the
/// topic file's `register` function puts it in the table; [`Typed`] is the form that
/// converts the arguments for the body.
///
/// Its fields are those of [`Doc`], the table's documentation of every built-in, with the
/// body as `run`: one declaration of the fields serves both.
pub type Builtin = Doc<BuiltinFn>;

/// Makes the table of built-ins: each topic file's `register` function adds its built-ins,
/// in the order `:help` lists them (the registered games' before the other rulesets';
/// `theory` places those of `latex`, `compounds` and `misere` beside their relatives).
fn register(r: &mut Registry) {
    games::register(r);
    theory::register(r);
    transfinite::register(r);
    nim::register(r);
    transfinite::register_nim(r);
    impartial::register(r);
    registered::register(r);
    variants::register(r);
    play::register(r);
    solve::register(r);
    draws::register(r);
    loopy::register(r);
    lists::register(r);
    strings::register(r);
    order::register(r);
    collections::register(r);
}
