//! The built-in functions: one table that drives calls, `:help`, completion and the
//! reference documentation, so they never drift apart.

mod collections;
mod compounds;
mod draws;
mod files;
mod games;
mod heap_codes;
pub(crate) use games::{outcome_named, outcome_spelling};
pub(crate) mod impartial;
mod latex;
mod lists;
mod loopy;
mod misere;
mod nim;
mod order;
mod play;
pub mod reference;
mod registered;
mod strings;
mod theory;
pub(crate) use theory::picture_of;

pub use reference::{ReplDoc, reference_markdown};

pub use super::args::Args;
use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{BuiltinId, Value};

/// `f(x)` for the function passed as argument `f` of a built-in (`map(f, xs)`,
/// `sort(xs, key)`), the element `x` coming from the list at argument `list`. Polls Ctrl-C,
/// since these run once per element of a list that may be long.
pub(crate) fn apply_argument(
    interp: &mut Interpreter,
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

pub type BuiltinFn = fn(&mut Interpreter, &Args) -> Result<Value, EvalError>;

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
                 than every positive number (ups, tinies and their atomic weights); and ways \
                 of combining games other than the sum `g + h`."
            }
            Topic::Impartial => {
                "Every impartial game is a nimber. Nim arithmetic and Sprague–Grundy values; \
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
                 not only on its value: these take positions or sums as written."
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
    pub fn builtins(self) -> impl Iterator<Item = &'static Builtin> {
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

/// A built-in function and its documentation.
pub struct Builtin {
    pub name: &'static str,
    /// What it is about, for grouping in help and the reference.
    pub topic: Topic,
    /// The parameter list as shown in help: `"g"`, `"a, b, …"`.
    pub params: &'static str,
    pub min_args: usize,
    /// `None`: any number of arguments.
    pub max_args: Option<usize>,
    pub summary: &'static str,
    /// An example input and the output it prints (ASCII notation); checked by the tests.
    pub example: (&'static str, &'static str),
    pub run: BuiltinFn,
}

impl std::fmt::Debug for Builtin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<built-in {}>", self.name)
    }
}

impl Builtin {
    pub fn signature(&self) -> String {
        if self.is_constant() {
            return self.name.to_string();
        }
        format!("{}({})", self.name, self.params)
    }

    /// A built-in without arguments is a named value (`on`, `over`): the bare name is its
    /// value.
    pub fn is_constant(&self) -> bool {
        self.max_args == Some(0)
    }
}

/// Every built-in, in the order `:help` lists them: the built-ins written here, with those
/// the registered games make ([`registered`]) before the first other one about rulesets.
/// Every name is taken once (a test checks, so a game registered under a name written
/// here is caught).
pub static BUILTINS: std::sync::LazyLock<Vec<Builtin>> = std::sync::LazyLock::new(|| {
    let mut all: Vec<Builtin> = Vec::with_capacity(WRITTEN.len() + 32);
    let made: Vec<Builtin> = registered::builtins();
    let at = WRITTEN
        .iter()
        .position(|b| b.topic == Topic::Rulesets)
        .unwrap_or(WRITTEN.len());
    all.extend(WRITTEN[..at].iter().map(Builtin::copy));
    all.extend(made);
    all.extend(WRITTEN[at..].iter().map(Builtin::copy));
    all
});

impl Builtin {
    /// A copy of a table entry (every field is plain data).
    fn copy(&self) -> Builtin {
        Builtin {
            name: self.name,
            topic: self.topic,
            params: self.params,
            min_args: self.min_args,
            max_args: self.max_args,
            summary: self.summary,
            example: self.example,
            run: self.run,
        }
    }
}

/// The built-ins written by hand, in the order `:help` lists them.
const WRITTEN: &[Builtin] = &[
    games::OUTCOME,
    games::CANONICAL_FORM,
    games::GAME,
    games::LEFT_OPTIONS,
    games::RIGHT_OPTIONS,
    games::IS_NUMBER,
    games::IS_NIMBER,
    games::IS_INFINITESIMAL,
    games::IS_INTEGER,
    games::IS_ZERO,
    games::BIRTHDAY,
    games::LEFT_STOP,
    games::RIGHT_STOP,
    theory::MEAN,
    theory::TEMPERATURE,
    theory::STOP_COUNT,
    theory::THERMOGRAPH,
    theory::PLOT,
    theory::SVG,
    latex::LATEX,
    theory::COOL,
    theory::HEAT,
    theory::OVERHEAT,
    theory::FREEZE,
    theory::INCENTIVES,
    theory::LEFT_INCENTIVES,
    theory::RIGHT_INCENTIVES,
    theory::ATOMIC_WEIGHT,
    theory::REDUCED_CANONICAL_FORM,
    theory::RCF,
    theory::COMPANION,
    theory::IS_ALL_SMALL,
    theory::IS_ATOMIC,
    theory::IS_EVEN,
    theory::IS_ODD,
    theory::IS_EVEN_TEMPERED,
    theory::IS_ODD_TEMPERED,
    theory::IS_NUMBERISH,
    theory::IS_NUMBER_TINY,
    theory::IS_UPTIMAL,
    theory::UPTIMAL_EXPANSION,
    theory::TINY,
    theory::MINY,
    theory::TINY_CAP,
    theory::MINY_CAP,
    theory::POW,
    theory::POW_TO,
    theory::ORDINAL_SUM,
    compounds::CONJUNCTIVE_SUM,
    compounds::SELECTIVE_SUM,
    theory::NORTON_PRODUCT,
    theory::CONWAY_PRODUCT,
    theory::FOLLOWERS,
    theory::FOLLOWER_COUNT,
    theory::MISERE_OUTCOME,
    misere::MISERE_CANONICAL_FORM,
    misere::MISERE_EQUAL,
    misere::MISERE_NIM_VALUE,
    misere::GENUS,
    misere::IS_TAME,
    misere::IS_RESTIVE,
    misere::IS_RESTLESS,
    misere::MISERE_QUOTIENT,
    theory::EXPLAIN,
    nim::NIM_SUM,
    nim::MEX,
    impartial::GRUNDY,
    impartial::NIM_VALUE,
    impartial::NIM_PRODUCT,
    impartial::NIM,
    impartial::KAYLES,
    impartial::DAWSONS_KAYLES,
    impartial::DAWSONS_CHESS,
    impartial::GRUNDYS_GAME,
    impartial::PICK_UP_BRICKS,
    impartial::SUBTRACTION,
    impartial::SUBTRACTION_ALL_BUT,
    impartial::OCTAL,
    impartial::HEAP_GAME,
    heap_codes::SPAWNING,
    heap_codes::CODE,
    impartial::NIM_VALUES,
    impartial::NIM_VALUES_TO_FILE,
    impartial::NIM_VALUES_FROM_FILE,
    impartial::PN_TABLE,
    impartial::PERIOD,
    impartial::WINNING_MOVES,
    impartial::MISERE_WINNING_MOVES,
    impartial::STAIRCASE_NIM,
    impartial::MOORE_NIM,
    impartial::NIMBLE,
    impartial::TURNING_TURTLES,
    impartial::NORTHCOTT,
    impartial::GREEN_HACKENBUSH,
    impartial::BAMBOO,
    play::PARTIZAN_GAME,
    play::IMPARTIAL_GAME,
    play::LEFT_MOVES,
    play::RIGHT_MOVES,
    play::POSITION,
    draws::ZERMELO,
    draws::ZERMELO_STEPS,
    draws::DRAW_GAME,
    loopy::ON,
    loopy::OFF,
    loopy::DUD,
    loopy::OVER,
    loopy::UNDER,
    loopy::UPON,
    loopy::TIS,
    loopy::TISN,
    loopy::IS_LOOPFREE,
    loopy::IS_STOPPER,
    loopy::IS_STOPPER_SIDED,
    loopy::IS_PLUMTREE,
    loopy::ONSIDE,
    loopy::OFFSIDE,
    loopy::UPSUM,
    loopy::DOWNSUM,
    loopy::DEGREE,
    loopy::VARIETY,
    loopy::BACKSLIDING_TOADS_AND_FROGS,
    loopy::FOX_AND_GEESE,
    loopy::SUBTRACTION_ADDITION,
    lists::LEN,
    lists::SUM,
    lists::MAP,
    lists::FILTER,
    lists::PRINT,
    strings::JOIN,
    strings::CHARS,
    strings::SPLIT,
    strings::REPLACE,
    strings::FIND,
    order::MIN,
    order::MAX,
    order::SORT,
    order::ABS,
    order::FLOOR,
    order::CEIL,
    collections::REVERSE,
    collections::ZIP,
    collections::ENUMERATE,
    collections::ANY,
    collections::ALL,
    collections::COUNT,
    collections::RANGE,
    collections::SET,
    collections::MAP_FROM,
    collections::KEYS,
    collections::VALUES,
    collections::ITEMS,
    collections::GET,
    collections::INSERT,
    collections::REMOVE,
    collections::UNION,
    collections::INTERSECTION,
];

pub fn lookup(name: &str) -> Option<&'static Builtin> {
    lookup_id(name).map(BuiltinId::get)
}

/// The place in [`BUILTINS`] of the built-in of this name, as a value holds it.
pub fn lookup_id(name: &str) -> Option<BuiltinId> {
    // Names are looked up on every use of a built-in in a running program: by hash, not
    // by a scan of the table. The first entry of a name wins, as the scan found it.
    static BY_NAME: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, BuiltinId>> =
        std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| {
            let mut map = rustc_hash::FxHashMap::default();
            for (k, b) in BUILTINS.iter().enumerate() {
                map.entry(b.name).or_insert(BuiltinId::new(k));
            }
            map
        })
        .get(name)
        .copied()
}

impl BuiltinId {
    /// The table's entry of the built-in.
    pub fn get(self) -> &'static Builtin {
        &BUILTINS[self.index()]
    }
}

/// A built-in value reads as its table entry: `b.name`, `(b.run)(…)`.
impl std::ops::Deref for BuiltinId {
    type Target = Builtin;

    fn deref(&self) -> &Builtin {
        self.get()
    }
}

pub(crate) fn call(
    interp: &mut Interpreter,
    b: &'static Builtin,
    args: Args,
) -> Result<Value, EvalError> {
    call_with(interp, b, &args)
}

/// [`call`] on arguments the caller keeps (compiled code reuses them for its next call).
pub(crate) fn call_with(
    interp: &mut Interpreter,
    b: &'static Builtin,
    args: &Args,
) -> Result<Value, EvalError> {
    let n = args.values.len();
    let too_few = n < b.min_args;
    let too_many = b.max_args.is_some_and(|m| n > m);
    if too_few || too_many {
        let expected = match b.max_args {
            Some(m) if m == b.min_args => format!("{m} argument{}", if m == 1 { "" } else { "s" }),
            Some(m) => format!("{} to {m} arguments", b.min_args),
            None => format!(
                "at least {} argument{}",
                b.min_args,
                if b.min_args == 1 { "" } else { "s" }
            ),
        };
        return Err(EvalError::new(
            format!(
                "{} takes {expected} but {n} {} given",
                b.name,
                if n == 1 { "was" } else { "were" }
            ),
            args.call,
        )
        .with_label("in this call")
        .with_help(format!("usage: {} — {}", b.signature(), b.summary)));
    }
    (b.run)(interp, args)
}
