//! The rulesets on the generic [`Solver`], behind one object-safe interface that speaks in
//! text positions, so that a caller who does not know a game's position type (the
//! language) can solve it, list its moves and draw it. A new game on the [`Ruleset`] trait
//! is one file plus one line in the list of [`super`] (`register_games!`, defined here),
//! which both declares its module and registers its rulesets in [`board_rulesets`]; its
//! ruleset says what its built-in is ([`Ruleset::about`]) and the language makes the
//! built-in from that.
//!
//! A built-in's arguments reach the ruleset as [`Arg`]s, plain data (numbers, strings,
//! lists) that the language makes from its values: the ruleset turns them into a position
//! ([`Ruleset::of_args`]), by its [`ArgForm`] (a text, or sizes through
//! [`Ruleset::of_sizes`]) or, for [`ArgForm::Custom`], by its own `of_args`; its errors
//! may name the argument to blame ([`RulesetError::at_arg`]).

use super::RulesetError;
use super::picture::Picture;
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::fmt::Debug;

/// What a game's built-in in the language says and takes: the registration supplies it
/// ([`Ruleset::about`]) and the language's table of built-ins picks it up. Plain data, so
/// that the mathematics knows nothing of the language.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The parameters as shown in help: `"board or rows, cols"`.
    pub params: &'static str,
    /// One line on the rules, for `:help` and the reference.
    pub summary: &'static str,
    /// An example call and what it prints in ASCII notation (checked by the tests).
    pub example: (&'static str, &'static str),
    /// The arguments the built-in takes.
    pub args: ArgForm,
}

/// The arguments of a game's built-in.
#[derive(Clone, Copy, Debug)]
pub enum ArgForm {
    /// One string, the position's text: `clobber("xo.")`. `what` names it in errors:
    /// "expected a board such as \"xo.\" as a string".
    Text { what: &'static str },
    /// One string as for [`ArgForm::Text`], or one number per name in `sizes` (each at
    /// most [`MAX_SIZE`]), turned into a position by [`Ruleset::of_sizes`]:
    /// `domineering(2, 3)`.
    TextOrSizes {
        what: &'static str,
        sizes: &'static [&'static str],
    },
    /// One number per name in `sizes`, each from 1 to [`MAX_SIZE`] (a board with no cells
    /// is no position of such games): `chop(2, 3)`.
    Sizes { sizes: &'static [&'static str] },
    /// From `min` to `max` arguments of any shape, read by the ruleset's own
    /// [`Ruleset::of_args`]: `chomp(2, 3)` or `chomp([3, 2, 1])`.
    Custom { min: usize, max: usize },
}

impl ArgForm {
    /// The least and the most arguments the built-in takes.
    pub fn counts(self) -> (usize, usize) {
        match self {
            ArgForm::Text { .. } => (1, 1),
            ArgForm::TextOrSizes { sizes, .. } => (1, sizes.len().max(1)),
            ArgForm::Sizes { sizes } => (sizes.len(), sizes.len()),
            ArgForm::Custom { min, max } => (min, max),
        }
    }
}

/// The largest size a built-in takes (the searches are exponential).
pub const MAX_SIZE: u64 = 1000;

/// An argument of a game's built-in as plain data, made by the language from its values,
/// so that a ruleset reads its arguments without knowing the language. The methods read
/// one as a number, a string or a list, with the errors the language gives for the same
/// mistake elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A whole number.
    Int(BigInt),
    /// A number that is not whole.
    Rational,
    /// A string.
    Text(String),
    /// A list of arguments.
    List(Vec<Arg>),
    /// A set, its elements in the order written.
    Set(Vec<Arg>),
    /// A heap ruleset (`kayles`, `subtraction([1, 2])`, `spawning("3E")`).
    Heap(crate::impartial::HeapRuleset),
    /// Any other value (a game, a function…), known by what it is: `"a game"`.
    Other(&'static str),
}

impl Arg {
    /// What the argument is, as errors say it: `"an integer"`, `"a string"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Arg::Int(_) => "an integer",
            Arg::Rational => "a rational number",
            Arg::Text(_) => "a string",
            Arg::List(_) => "a list",
            Arg::Set(_) => "a set",
            Arg::Heap(_) => "a heap ruleset",
            Arg::Other(kind) => kind,
        }
    }

    /// Whether the argument is a number, whole or not.
    pub fn is_number(&self) -> bool {
        matches!(self, Arg::Int(_) | Arg::Rational)
    }

    /// The argument as a whole number from 0 to `2^64 - 1`; `what` names it in errors.
    pub fn count(&self, what: &str) -> Result<u64, RulesetError> {
        let Arg::Int(n) = self else {
            return Err(RulesetError::refused(format!(
                "expected an integer, found {}",
                self.kind()
            )));
        };
        n.to_u64().ok_or_else(|| {
            RulesetError::refused(format!("{what} must be between 0 and 2^64 - 1, not {n}"))
        })
    }

    /// The argument as a size from `least` to `most` (`least` 1 for a side of a board,
    /// since a board with no cells is no position of such games).
    pub fn size(&self, what: &str, least: u64, most: u64) -> Result<usize, RulesetError> {
        let n = self.count(what)?;
        if n > most {
            return Err(RulesetError::refused(format!(
                "{what} {n} is larger than {most}"
            )));
        }
        if n < least {
            return Err(
                RulesetError::refused(format!("{what} must be at least {least}"))
                    .with_help("a board with no cells is not a position of this game"),
            );
        }
        usize::try_from(n).map_err(|_| RulesetError::refused(format!("{what} {n} is too large")))
    }

    /// The argument as a string; `what` says what it should be: "expected a board such as
    /// \"xo.\" as a string, found a list".
    pub fn text(&self, what: &str) -> Result<&str, RulesetError> {
        match self {
            Arg::Text(s) => Ok(s),
            other => Err(RulesetError::refused(format!(
                "expected {what} as a string, found {}",
                other.kind()
            ))),
        }
    }

    /// The elements of a list, or of a set in the order written.
    pub fn items(&self) -> Result<&[Arg], RulesetError> {
        match self {
            Arg::List(items) | Arg::Set(items) => Ok(items),
            other => Err(RulesetError::refused(format!(
                "expected a list, found {}",
                other.kind()
            ))),
        }
    }
}

/// The position named by the arguments of a game's built-in as its [`ArgForm`] says: the
/// position's text, or sizes through [`Ruleset::of_sizes`]. The default of
/// [`Ruleset::of_args`]; a game with [`ArgForm::Custom`] reads its arguments itself.
pub fn of_args_by_form<R: Ruleset + ?Sized>(
    rules: &R,
    args: &[Arg],
) -> Result<R::Position, RulesetError> {
    let name = rules.name();
    let internal = |why: &str| RulesetError::refused(format!("internal: {name} {why}"));
    let Some(about) = rules.about() else {
        return Err(internal("has no built-in"));
    };
    let (least, most) = about.args.counts();
    if args.len() < least || args.len() > most {
        return Err(internal("was given the wrong number of arguments"));
    }
    let of_text = |what: &str| -> Result<R::Position, RulesetError> {
        rules
            .parse(args[0].text(what).map_err(|e| e.at_arg(0))?)
            .map_err(|e| e.at_arg(0))
    };
    let of_sizes = |names: &[&str], least: u64| -> Result<R::Position, RulesetError> {
        let mut sizes = Vec::with_capacity(names.len());
        for (k, (arg, what)) in args.iter().zip(names).enumerate() {
            sizes.push(arg.size(what, least, MAX_SIZE).map_err(|e| e.at_arg(k))?);
        }
        rules
            .of_sizes(&sizes)
            .ok_or_else(|| internal("has no positions by sizes"))
    };
    match about.args {
        ArgForm::Text { what } => of_text(what),
        ArgForm::TextOrSizes { what, sizes } => {
            let by_sizes = args.len() == sizes.len() && (sizes.len() > 1 || args[0].is_number());
            if by_sizes {
                of_sizes(sizes, 0)
            } else {
                of_text(what)
            }
        }
        ArgForm::Sizes { sizes } => of_sizes(sizes, 1),
        ArgForm::Custom { .. } => Err(internal("reads its arguments but has no of_args")),
    }
}

/// A ruleset with its transposition table, positions written as text.
pub trait TextRuleset: Debug {
    /// The name positions are written with (`domineering`).
    fn name(&self) -> &'static str;

    /// Whether both players always have the same moves.
    fn is_impartial(&self) -> bool;

    /// The canonical form of the position written `text`.
    fn value(&mut self, store: &mut GameStore, text: &str) -> Result<GameId, RulesetError>;

    /// Left's and Right's moves, each as the texts of the positions it leaves, written
    /// as a person would (one text, or several for a move that leaves a sum, such as a
    /// Cut-Cake cut; see [`Ruleset::written_parts`]).
    #[allow(clippy::type_complexity)]
    fn moves(&self, text: &str) -> Result<(Vec<Vec<String>>, Vec<Vec<String>>), RulesetError>;

    /// Whether positions are written as the built-in's arguments, `chop(2, 3)`, rather
    /// than as a quoted text, `domineering("..|..")`.
    fn text_is_arguments(&self) -> bool;

    /// A picture of the position (a board, a Hackenbush picture, a graph), if the game
    /// has one.
    fn picture(&self, text: &str) -> Result<Option<Picture>, RulesetError>;

    /// The number of components in the transposition table.
    fn table_len(&self) -> usize;

    /// What the game's built-in says and takes, if the registration makes it.
    fn about(&self) -> Option<About>;

    /// The text of the position named by the arguments of the game's built-in
    /// ([`Ruleset::of_args`]), written the game's own way.
    fn text_of_args(&self, args: &[Arg]) -> Result<String, RulesetError>;

    /// The game's variant `kind` (dicotic, impartial or twisted; see [`super::variant`]),
    /// with a table of its own. A variant of a variant is made the same way.
    fn variant(self: Box<Self>, kind: super::variant::VariantKind) -> Box<dyn TextRuleset>
    where
        Self: 'static;

    /// Who wins the position written `text` moving first and second, by the outcome
    /// solver ([`super::solve`]).
    fn solve(
        &self,
        store: &mut GameStore,
        text: &str,
        options: cgt_core::rules::SolveOptions,
    ) -> Result<cgt_core::rules::Solution, RulesetError>;

    /// A winning strategy from the position written `text` with Left (`left_first`) or
    /// Right moving first, of whoever wins it, as a strategy file ([`super::strategy_file`]).
    fn strategy(
        &self,
        store: &mut GameStore,
        text: &str,
        left_first: bool,
        options: cgt_core::rules::SolveOptions,
        cut: cgt_core::rules::StrategyOptions,
    ) -> Result<String, RulesetError>;
}

impl<R: Ruleset + Debug> TextRuleset for Solver<R> {
    fn name(&self) -> &'static str {
        self.rules().name()
    }

    fn is_impartial(&self) -> bool {
        self.rules().is_impartial()
    }

    fn value(&mut self, store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
        self.value_of(store, text)
    }

    fn moves(&self, text: &str) -> Result<(Vec<Vec<String>>, Vec<Vec<String>>), RulesetError> {
        let rules = self.rules();
        let p = rules.parse(text)?;
        let texts = |left: bool| -> Vec<Vec<String>> {
            rules
                .moves(&p, left)
                .iter()
                .map(|q| {
                    rules
                        .written_parts(q)
                        .iter()
                        .map(|r| rules.text(r))
                        .collect()
                })
                .collect()
        };
        Ok((texts(true), texts(false)))
    }

    fn text_is_arguments(&self) -> bool {
        self.rules().text_is_arguments()
    }

    fn picture(&self, text: &str) -> Result<Option<Picture>, RulesetError> {
        let rules = self.rules();
        Ok(rules.picture(&rules.parse(text)?))
    }

    fn table_len(&self) -> usize {
        Solver::table_len(self)
    }

    fn about(&self) -> Option<About> {
        self.rules().about()
    }

    fn text_of_args(&self, args: &[Arg]) -> Result<String, RulesetError> {
        let rules = self.rules();
        Ok(rules.text(&rules.of_args(args)?))
    }

    fn variant(self: Box<Self>, kind: super::variant::VariantKind) -> Box<dyn TextRuleset>
    where
        Self: 'static,
    {
        use super::variant::{Erased, Variant};
        let base = Erased::new(self.into_rules());
        Box::new(Solver::new(Variant::new(kind, base)))
    }

    fn solve(
        &self,
        store: &mut GameStore,
        text: &str,
        options: cgt_core::rules::SolveOptions,
    ) -> Result<cgt_core::rules::Solution, RulesetError> {
        super::solve::solve_text(self.rules(), store, text, options)
    }

    fn strategy(
        &self,
        store: &mut GameStore,
        text: &str,
        left_first: bool,
        options: cgt_core::rules::SolveOptions,
        cut: cgt_core::rules::StrategyOptions,
    ) -> Result<String, RulesetError> {
        super::strategy_file::strategy_text(self.rules(), store, text, left_first, options, cut)
    }
}

/// Every board game on the generic solver, each with an empty table, in the order of the
/// list in [`super`] (`register_games!`), which is the order of `:help` and the reference.
pub fn board_rulesets() -> Vec<Box<dyn TextRuleset>> {
    super::registered_games()
}

/// The registered game called `name` (`"domineering"`), if there is one.
pub fn board_ruleset(name: &str) -> Option<Box<dyn TextRuleset>> {
    board_rulesets().into_iter().find(|g| g.name() == name)
}

/// Declares the game modules of [`super`] and registers their rulesets, from one list:
///
/// ```text
/// register_games! {
///     clobber => ClobberRules;
///     domineering => DominoRules { game: DominoGame::Domineering },
///         DominoRules { game: DominoGame::Cram };
///     childish_hackenbush::cgsuite => CgsuiteChildishRules;
/// }
/// ```
///
/// An entry `name => rules, …;` declares `pub mod name;` and registers each `rules` (a value
/// of a type implementing [`Ruleset`], written with the module's names in scope, as if by
/// `use name::*`) on its own [`Solver`], in the order written. An entry whose module is a
/// path (`childish_hackenbush::cgsuite`) registers a module its parent declares. Attributes
/// before an entry (`#[cfg(test)]`) apply to its module and its rulesets. The macro defines
/// `registered_games()` (the rulesets) and, for the tests, `registered_modules()` (each
/// entry's module path and its rulesets as written).
///
/// `cargo fmt` does not see modules declared inside a macro, so `.ci/run` checks those files
/// with `rustfmt` by name.
macro_rules! register_games {
    (@declare) => {};
    (@declare $(#[$attr:meta])* $name:ident => $($rules:expr),+; $($rest:tt)*) => {
        $(#[$attr])*
        pub mod $name;
        register_games!(@declare $($rest)*);
    };
    (@declare $(#[$attr:meta])* $parent:ident $(:: $sub:ident)+ => $($rules:expr),+;
        $($rest:tt)*) => {
        register_games!(@declare $($rest)*);
    };
    ($($(#[$attr:meta])* $($seg:ident)::+ => $($rules:expr),+;)*) => {
        register_games!(@declare $($(#[$attr])* $($seg)::+ => $($rules),+;)*);

        /// Every registered ruleset on its own solver, in the order of the list.
        fn registered_games(
        ) -> ::std::vec::Vec<::std::boxed::Box<dyn $crate::rulesets::registry::TextRuleset>> {
            let mut games: ::std::vec::Vec<
                ::std::boxed::Box<dyn $crate::rulesets::registry::TextRuleset>,
            > =
                ::std::vec::Vec::new();
            $(
                $(#[$attr])*
                {
                    use self::$($seg)::+::*;
                    $(games.push(::std::boxed::Box::new(
                        $crate::rulesets::ruleset::Solver::new($rules),
                    ));)+
                }
            )*
            games
        }

        /// Each entry of the list: its module's path and its rulesets as written.
        #[cfg(test)]
        // Pushed one by one: an entry's attributes may remove it, which `vec![…]` cannot.
        #[allow(clippy::vec_init_then_push)]
        fn registered_modules() -> ::std::vec::Vec<(
            ::std::vec::Vec<&'static str>,
            ::std::vec::Vec<&'static str>,
        )> {
            let mut entries = ::std::vec::Vec::new();
            $(
                $(#[$attr])*
                entries.push((
                    ::std::vec![$(stringify!($seg)),+],
                    ::std::vec![$(stringify!($rules)),+],
                ));
            )*
            entries
        }
    };
}

/// The registered game `base` made into its variants `kinds`, innermost first:
/// `[Dicotic, Twisted]` is the twisted variant of the dicotic variant (see
/// [`super::variant`]). `None` if no registered game has that name.
pub fn variant_ruleset(
    base: &str,
    kinds: &[super::variant::VariantKind],
) -> Option<Box<dyn TextRuleset>> {
    let game = board_rulesets().into_iter().find(|g| g.name() == base)?;
    Some(kinds.iter().fold(game, |g, &kind| g.variant(kind)))
}

/// A game's whole-number parameter (a heap, a memory, a ratio) from `least` to
/// [`MAX_SIZE`], read from argument `k` of `args`; errors name the argument.
pub fn parameter(args: &[Arg], k: usize, what: &str, least: u64) -> Result<u32, RulesetError> {
    let n = args[k].size(what, 0, MAX_SIZE).map_err(|e| e.at_arg(k))?;
    if (n as u64) < least {
        return Err(RulesetError::refused(format!("{what} must be at least {least}")).at_arg(k));
    }
    u32::try_from(n)
        .map_err(|_| RulesetError::refused(format!("{what} {n} is too large")).at_arg(k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    #[test]
    fn every_registered_game_solves_moves_and_draws_by_name() {
        let mut store = GameStore::new();
        let mut games = board_rulesets();
        let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
        assert_eq!(
            names,
            [
                "domineering",
                "cram",
                "clobber",
                "konane",
                "amazons",
                "toppling_dominoes",
                "wythoff",
                "arc_kayles",
                "elephants_and_rhinos",
                "toads_and_frogs",
                "hackenbush",
                "hackenbush_graph",
                "snort",
                "col",
                "chop",
                "cutcake",
                "chomp",
                "anti_clobber",
                "clobber_graph",
                "fission",
                "ski_jumps",
                "childish_hackenbush",
                "fibonacci_nim",
                "mock_turtles",
                "ruler",
                "gen_wythoff",
                "mem",
                "take_away",
                "partizan_subtraction",
                "partizan_splittles",
                "partizan_octal",
                "gen_clobber",
                "eatcake",
                "maundy_cake",
                "turn_and_eatcake",
                "twisted_cutcake",
                "twisted_maundy_cake",
                "partizan_euclid",
                "partizan_arc_kayles",
                "gen_toads_and_frogs",
                "coordinate_game",
                "partizan_coordinate_game",
                "cgsuite_childish_hackenbush",
                "cake_product",
                "twisted_cake_product",
                "nogo",
                "cannibal_clobber",
                // The tests' own game (`one_line_test`), registered last.
                "lopsided_heap",
            ]
        );
        let cases = [
            ("domineering", "..|..", "+-1"),
            ("cram", "...", "*"),
            ("clobber", "xo", "*"),
            ("konane", "xo.", "1"),
            ("amazons", "L.R", "*"),
            ("toppling_dominoes", "lr", "*"),
            ("wythoff", "1, 2", "0"),
            ("arc_kayles", "2: 0-1", "*"),
            ("elephants_and_rhinos", "E.R", "*"),
            ("toads_and_frogs", "T.F", "*"),
            ("hackenbush", "lr", "1/2"),
            ("hackenbush_graph", "0-1:l, 1-2:r, 1-3:e", "1/2*"),
            ("snort", "2: 0-1", "+-1"),
            ("col", "3: 0-1 1-2; L0", "-1/2"),
            ("chop", "4, 5", "*7"),
            ("cutcake", "1, 4", "3"),
            ("chomp", "[3,3]", "*4"),
            ("anti_clobber", "x.o", "*"),
            ("clobber_graph", "xo: 0-1", "*"),
            ("fission", ".|x|.", "1"),
            ("ski_jumps", "L|R|.", "1/2"),
            ("childish_hackenbush", "0-1:l, 1-2:r", "0"),
            ("fibonacci_nim", "2, 1", "*2"),
            ("mock_turtles", "TTH", "*4"),
            ("ruler", "THTH", "*6"),
            ("gen_wythoff", "2, 2, 6", "0"),
            ("mem", "10, 4", "*2"),
            ("take_away", "3, 10, 1", "*2"),
            ("partizan_subtraction", "[1], [2], 2", "{1|0}"),
            ("partizan_splittles", "[1], [2], 3", "{2|1}"),
            ("partizan_octal", "\"0.07\", \"0.77\", 2", "{0|-1}"),
            ("gen_clobber", "diagonal: x.|.o", "*"),
            ("eatcake", "2, 1", "^"),
            ("maundy_cake", "1, 6", "4"),
            ("turn_and_eatcake", "1, 1", "*"),
            ("twisted_cutcake", "1, 2", "-1"),
            ("twisted_maundy_cake", "8, 1", "1"),
            ("partizan_euclid", "8, 3", "v"),
            ("partizan_arc_kayles", "2: 0-1:l", "1"),
            ("gen_toads_and_frogs", "2, \".FFT\"", "-2"),
            ("coordinate_game", "\"rook\", 2, 3", "*"),
            (
                "partizan_coordinate_game",
                "\"1,1+\", \"rook\", 1, 1",
                "{0|-1}",
            ),
            ("cgsuite_childish_hackenbush", "0-1:e, 1-2:l", "^*"),
            ("cake_product", "\"0.[3]\", \"0.1\", 1, 2", "^*"),
            (
                "twisted_cake_product",
                "\"{2+}=.0\", \"{2+}=.0\", 8, 2",
                "{8|-2}",
            ),
        ];
        for ((game, text, value), g) in cases.iter().zip(games.iter_mut()) {
            assert_eq!(g.name(), *game);
            let v = g.value(&mut store, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(store.display(v, Notation::Ascii), *value, "{game}({text})");
            // Every game on a board, every Hackenbush and every game on a graph is drawn;
            // so are cakes, Chomp's staircase, heaps (rows of counters) and rows of coins.
            let drawn = g.picture(text).is_ok_and(|p| p.is_some());
            assert!(drawn, "{game}");
        }
        // Moves come back as texts that parse again.
        let (left, right) = games[0].moves("..|..").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((left.len(), right.len()), (2, 2));
        assert!(games[0].value(&mut store, &left[0][0]).is_ok());
        // A Cut-Cake cut leaves two pieces, each written as a position.
        let cutcake = games
            .iter()
            .find(|g| g.name() == "cutcake")
            .expect("cutcake");
        let (left, _) = cutcake.moves("2, 3").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(left[0], ["2, 1", "2, 2"]);
        assert!(cutcake.text_is_arguments() && !games[0].text_is_arguments());
        assert!(games[1].is_impartial() && !games[0].is_impartial());
    }

    /// Every registered game gives the same canonical form, the same id, on one thread and
    /// on two (positions large enough for the parallel solver to share them out).
    #[test]
    fn every_registered_game_agrees_on_one_thread_and_on_two() {
        let cases = [
            ("domineering", "....|.#..|....|..#."),
            ("cram", "....|....|...."),
            ("clobber", "xoxo|oxox|xoxo"),
            ("konane", "xox.|oxox|xoxo"),
            ("amazons", "L...|....|...R"),
            ("toppling_dominoes", "lrlerlrrlle"),
            ("wythoff", "9, 13"),
            ("arc_kayles", "7: 0-1 1-2 2-3 3-4 4-5 5-6 6-0 0-3"),
            ("elephants_and_rhinos", "E.E...R.R.E..R"),
            ("toads_and_frogs", "TTT...FFF"),
            ("hackenbush", "lrrlelrlle"),
            (
                "hackenbush_graph",
                "0-1:l, 1-2:r, 2-0:e, 1-3:r, 3-4:l, 4-0:e, 2-4:l",
            ),
            ("snort", "7: 0-1 1-2 2-3 3-4 4-5 5-6 6-0 0-3"),
            ("col", "7: 0-1 1-2 2-3 3-4 4-5 5-6 6-0 0-3"),
            ("chop", "9, 13"),
            ("cutcake", "7, 9"),
            ("chomp", "[5,5,4,3,3]"),
            ("anti_clobber", "x.o.|o.x.|.x.o"),
            ("clobber_graph", "xoxoxo: 0-1 1-2 2-3 3-4 4-5 5-0 0-3"),
            ("fission", ".....|..x..|.....|..x.."),
            ("ski_jumps", "L....|.R...|..L..|....R|....."),
            ("childish_hackenbush", "0-1:l, 1-2:r, 2-0:e, 2-3:l, 3-0:r"),
            ("fibonacci_nim", "40"),
            ("mock_turtles", "THHTHTTHHHTTTTHTHHHTTHTH"),
            ("ruler", "THHTHTTHHHTTTTHTHHHTTHTHHHTHHTHHHHHH"),
            ("gen_wythoff", "2, 9, 13"),
            ("mem", "30, 0"),
            ("take_away", "2, 30, 20"),
            ("partizan_subtraction", "[1,3], [2,3], [30, 31]"),
            ("partizan_splittles", "[1,2], [3], 14"),
            ("partizan_octal", "\"0.07\", \"0.77\", [9, 10]"),
            ("gen_clobber", "king: xox|oxo|xo."),
            ("eatcake", "5, 6"),
            ("maundy_cake", "12, 18"),
            ("turn_and_eatcake", "5, 6"),
            ("twisted_cutcake", "6, 7"),
            ("twisted_maundy_cake", "12, 18"),
            ("partizan_euclid", "987, 610"),
            (
                "partizan_arc_kayles",
                "7: 0-1:l 1-2:r 2-3:e 3-4:l 4-5:r 5-6:e 6-0:l 0-3:r 2-2:l",
            ),
            ("gen_toads_and_frogs", "2, \"TTT..FFF\""),
            ("coordinate_game", "\"queen\", 20, 30"),
            (
                "partizan_coordinate_game",
                "\"queen\", \"1,0+ 2,-1\", 12, 15",
            ),
            (
                "cgsuite_childish_hackenbush",
                "0-1:l, 1-2:r, 2-0:e, 2-3:l, 3-0:r, 3-4:e, 4-1:e",
            ),
            ("cake_product", "\"0.77\", \"4.0\", 6, 7"),
            ("twisted_cake_product", "\"0.7\", \"0.3F\", 6, 7"),
        ];
        let mut store = GameStore::new();
        for (game, text) in cases {
            let mut values = Vec::new();
            for threads in [1, 2] {
                store.set_threads(threads);
                let mut g = board_rulesets()
                    .into_iter()
                    .find(|g| g.name() == game)
                    .unwrap_or_else(|| panic!("{game}"));
                let v = g
                    .value(&mut store, text)
                    .unwrap_or_else(|e| panic!("{game}({text}): {e}"));
                values.push(v);
            }
            assert_eq!(values[0], values[1], "{game}({text})");
        }
    }

    /// The readers of arguments give the language's usual errors, and `at_arg` blames an
    /// argument without changing what the error says.
    #[test]
    fn arguments_read_with_the_usual_errors() {
        let n = |k: i64| Arg::Int(k.into());
        assert_eq!(n(7).count("a heap"), Ok(7));
        let said = |r: Result<u64, RulesetError>| r.map_err(|e| e.to_string());
        assert_eq!(
            said(n(-1).count("a heap")),
            Err("a heap must be between 0 and 2^64 - 1, not -1".into())
        );
        assert_eq!(
            said(Arg::Rational.count("a heap")),
            Err("expected an integer, found a rational number".into())
        );
        assert_eq!(
            n(1001).size("a heap", 0, 1000).map_err(|e| e.to_string()),
            Err("a heap 1001 is larger than 1000".into())
        );
        let empty = n(0).size("a side", 1, 1000);
        assert!(empty.is_err_and(|e| e.help().is_some() && e.arg().is_none()));
        assert_eq!(
            Arg::Other("a game")
                .text("a board")
                .map_err(|e| e.to_string()),
            Err("expected a board as a string, found a game".into())
        );
        assert_eq!(Arg::Set(vec![n(1)]).items(), Ok(&[n(1)][..]));
        assert!(Arg::Text("1".into()).items().is_err());
        let e = RulesetError::BadChar { ch: 'q', at: 1 };
        let blamed = e.clone().at_arg(2);
        assert_eq!((blamed.to_string(), blamed.arg()), (e.to_string(), Some(2)));
        assert_eq!(blamed.at_arg(0).arg(), Some(2));
    }

    /// The default `of_args` reads each form: a text, a text or sizes, sizes only.
    #[test]
    fn arguments_by_form() {
        use super::super::ruleset::Ruleset;
        let n = |k: i64| Arg::Int(k.into());
        let games = board_rulesets();
        let by_name = |name: &str| {
            games
                .iter()
                .find(|g| g.name() == name)
                .unwrap_or_else(|| panic!("{name}"))
        };
        let domineering = by_name("domineering");
        assert_eq!(
            domineering.text_of_args(&[n(2), n(3)]),
            Ok("...|...".into())
        );
        assert_eq!(
            domineering.text_of_args(&[Arg::Text(".. |..".into())]),
            Ok("..|..".into())
        );
        let blamed = domineering.text_of_args(&[n(2), n(1001)]);
        assert!(blamed.is_err_and(|e| e.arg() == Some(1)));
        let text_only = domineering.text_of_args(&[n(2)]);
        assert!(text_only.is_err_and(|e| e.arg() == Some(0)));
        let chop = by_name("chop");
        assert_eq!(chop.text_of_args(&[n(2), n(3)]), Ok("2, 3".into()));
        assert!(
            chop.text_of_args(&[n(0), n(3)])
                .is_err_and(|e| e.arg() == Some(0))
        );
        assert!(chop.text_of_args(&[n(2)]).is_err());
        let clobber = by_name("clobber");
        assert_eq!(
            clobber.text_of_args(&[Arg::Text("xo".into())]),
            Ok("xo".into())
        );
        assert!(
            clobber
                .text_of_args(&[n(1)])
                .is_err_and(|e| e.arg() == Some(0))
        );
        // A custom form with no `of_args` of its own is an error, not a panic.
        #[derive(Debug)]
        struct NoReader;
        impl Ruleset for NoReader {
            type Position = ();
            fn name(&self) -> &'static str {
                "no_reader"
            }
            fn visit_moves(&self, _: &(), _: bool, _: &mut dyn FnMut(&())) {}
            fn about(&self) -> Option<About> {
                Some(About {
                    params: "",
                    summary: "",
                    example: ("", ""),
                    args: ArgForm::Custom { min: 0, max: 1 },
                })
            }
            fn text(&self, _: &()) -> String {
                String::new()
            }
            fn parse(&self, _: &str) -> Result<(), RulesetError> {
                Ok(())
            }
        }
        assert!(NoReader.of_args(&[]).is_err());
    }
}
