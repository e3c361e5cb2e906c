//! Built-in rulesets of the books (DeVos–Kent, Winning Ways, CGSuite) turned into canonical
//! forms in a shared [`GameStore`].
//!
//! Conventions: Left = Blue = vertical = Louise, Right = Red = horizontal = Richard.
//! Pure mathematics: nothing here knows the cgt language, its parser or its REPL.
//!
//! - [`hackenbush`]: Hackenbush strings (stalks) in CGSuite's letters `l`, `r`, `e`;
//! - [`hackenbush_graph`](mod@hackenbush_graph): Hackenbush pictures (blue, red and green edges on a ground),
//!   split into pieces meeting at the ground and memoized up to relabelling;
//! - [`grid`] and [`domineering`](mod@domineering): grid boards and Domineering, split into components and
//!   memoized under the board's symmetries;
//! - [`cake`]: Chop, Cut-Cake and Chomp (rectangles and staircases);
//! - [`toads`]: Toads and Frogs on one-row strips;
//! - [`clobber`](mod@clobber): Clobber boards, split into components of stones and memoized;
//! - [`snort`](mod@snort): Snort and Col on small graphs, reduced to uncoloured vertices with the
//!   players still allowed there, split into components and memoized up to relabelling.
//! - [`konane`](mod@konane): Konane boards (jumps, multiple jumps in a line), split into groups of
//!   cells that can never interact and memoized;
//! - [`amazons`](mod@amazons): the Game of the Amazons on small boards, split into regions and
//!   memoized.
//!
//! A new game is one file here plus one line in the list below (`register_games!`): the
//! line declares the module and registers its rulesets in
//! [`registry::board_rulesets`], in the list's order, which is the order of `:help`,
//! completion and the reference. The modules above the list are what the games share; the
//! loopy board games (Fox and Geese, Backsliding Toads and Frogs) are not on `Ruleset` and
//! have built-ins of their own in the language crate.

// The solvers, boards and pictures the games share.
pub mod bitgraph;
pub mod bitgrid;
pub mod board8;
mod canon;
mod cells;
pub mod grid;
pub mod konane_bits;
pub mod loopy_board;
pub mod parallel;
pub mod picture;
pub mod positions;
#[cfg(test)]
mod test_boards;
pub mod word_table;
#[macro_use]
pub mod registry;
pub mod rows;
pub mod ruleset;
mod scan;
pub mod solve;
pub mod strategy_file;
pub mod variant;

// The loopy board games, whose built-ins are written in the language crate (not on
// `Ruleset`: their values come from the graph of positions; see `loopy_board`).
pub mod backsliding;
pub mod ceylonese_fox_and_geese;
pub mod fox_and_geese;

// Every game: one line declares its module and registers its rulesets, in the order of
// `:help`, completion and the reference (see `registry::register_games!`).
register_games! {
    domineering => DominoRules { game: DominoGame::Domineering },
        DominoRules { game: DominoGame::Cram };
    clobber => ClobberRules;
    konane => KonaneRules;
    amazons => AmazonsRules::default();
    toppling => TopplingRules;
    wythoff => WythoffRules;
    arc_kayles => ArcKaylesRules;
    elephants => ElephantsRules;
    toads => ToadsRules;
    hackenbush => StalkRules;
    hackenbush_graph => PictureRules;
    snort => VertexRules(VertexGame::Snort), VertexRules(VertexGame::Col);
    cake => ChopRules, CutCakeRules, ChompRules;
    anti_clobber => AntiClobberRules;
    clobber_graph => ClobberGraphRules;
    fission => FissionRules;
    ski_jumps => SkiJumpsRules;
    childish_hackenbush => ChildishHackenbushRules;
    fibonacci_nim => FibonacciNimRules;
    coin_turning => CoinTurningRules { game: CoinGame::MockTurtles },
        CoinTurningRules { game: CoinGame::Ruler };
    gen_wythoff => GenWythoffRules;
    gen_mem => MemRules { game: MemGame::Mem }, MemRules { game: MemGame::TakeAway };
    partizan_heaps => PartizanHeapRules { game: PartizanHeapGame::Subtraction },
        PartizanHeapRules { game: PartizanHeapGame::Splittles },
        PartizanHeapRules { game: PartizanHeapGame::Octal };
    gen_clobber => GenClobberRules;
    gen_cutcake => CakeRules::new(CakeGame::Eatcake), CakeRules::new(CakeGame::MaundyCake),
        CakeRules::new(CakeGame::TurnAndEatcake), CakeRules::new(CakeGame::TwistedCutcake),
        CakeRules::new(CakeGame::TwistedMaundyCake);
    partizan_euclid => PartizanEuclidRules;
    partizan_arc_kayles => PartizanArcKaylesRules;
    gen_toads => GenToadsRules;
    coordinate_game => CoordinateRules { partizan: false }, CoordinateRules { partizan: true };
    childish_hackenbush::cgsuite => CgsuiteChildishRules;
    cake_product => CakeProductRules { twisted: false }, CakeProductRules { twisted: true };
    nogo => NoGoRules;
    cannibal_clobber => CannibalClobberRules;
    // A game that exists only for the tests, to show that one line makes a game.
    #[cfg(test)]
    one_line_test => LopsidedHeapRules;
}

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash};

use crate::game::{GameId, GameStore};

/// Left's and Right's moves written back in the game's text form.
pub fn move_texts<B: ToString>((left, right): (Vec<B>, Vec<B>)) -> (Vec<String>, Vec<String>) {
    (
        left.iter().map(ToString::to_string).collect(),
        right.iter().map(ToString::to_string).collect(),
    )
}

/// The value of a position by the definition alone: the canonical form of its options'
/// values, recursively, memoized by exact position (no splitting into regions, no
/// symmetry). The reference every fast solver is tested against.
pub fn value_by_definition<B, S>(
    store: &mut GameStore,
    b: &B,
    memo: &mut HashMap<B, GameId, S>,
    moves: &impl Fn(&B) -> (Vec<B>, Vec<B>),
) -> GameId
where
    B: Clone + Eq + Hash,
    S: BuildHasher,
{
    if let Some(&v) = memo.get(b) {
        return v;
    }
    store.check_interrupt();
    let (ls, rs) = moves(b);
    let left: Vec<GameId> = ls
        .iter()
        .map(|h| value_by_definition(store, h, memo, moves))
        .collect();
    let right: Vec<GameId> = rs
        .iter()
        .map(|h| value_by_definition(store, h, memo, moves))
        .collect();
    let v = store.canonical(&left, &right);
    memo.insert(b.clone(), v);
    crate::progress::position_solved();
    v
}

pub use amazons::{Amazons, AmazonsBoard, amazons, amazons_moves};
pub use cake::{
    Chomp, CutCake, chomp, chomp_staircase, chop, cutcake, cutcake_sum, pick_up_bricks,
};
pub use clobber::{Clobber, ClobberBoard, clobber, clobber_moves};
pub use domineering::{Domineering, DominoGame, cram, domineering, domineering_rect};
pub use grid::Grid;
pub use hackenbush::{hackenbush_string, stalk_moves};
pub use hackenbush_graph::{
    HackenbushGraph, HackenbushGraphs, hackenbush_graph, hackenbush_graph_moves,
    hackenbush_graph_value_naive,
};
pub use konane::{Konane, KonaneBoard, konane, konane_moves};
pub use snort::{
    VertexColour, VertexGame, VertexGames, VertexGraph, col, col_moves, col_path, snort,
    snort_moves, snort_path, vertex_game_moves, vertex_game_value_naive,
};
pub use toads::{ToadsAndFrogs, toads_and_frogs, toads_moves};

/// An ill-formed position given to a ruleset, or arguments of a game's built-in (see
/// [`registry::Arg`]) that name no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesetError {
    /// A character that the ruleset's text form does not know, with its byte offset.
    BadChar { ch: char, at: usize },
    /// Grid rows of different widths.
    RaggedGrid {
        row: usize,
        width: usize,
        expected: usize,
    },
    /// A staircase whose rows do not weakly decrease, or another malformed shape.
    BadShape(String),
    /// A refusal in the ruleset's own words: a position too large to search, or an
    /// argument of the game's built-in that gives no position. `arg` is the argument to
    /// blame (from 0) when one is, so that the language can point at it; `help` says
    /// what would do.
    Refused {
        message: String,
        arg: Option<usize>,
        help: Option<String>,
    },
}

impl RulesetError {
    /// A refusal in these words, blaming no argument and with no help.
    pub fn refused(message: impl Into<String>) -> RulesetError {
        RulesetError::Refused {
            message: message.into(),
            arg: None,
            help: None,
        }
    }

    /// The same error blamed on argument `k` of the game's built-in (from 0); an error
    /// that already names an argument keeps it.
    pub fn at_arg(self, k: usize) -> RulesetError {
        match self {
            RulesetError::Refused { message, arg, help } => RulesetError::Refused {
                message,
                arg: arg.or(Some(k)),
                help,
            },
            other => RulesetError::Refused {
                message: other.to_string(),
                arg: Some(k),
                help: None,
            },
        }
    }

    /// The same error with a hint on what would do.
    pub fn with_help(self, help: impl Into<String>) -> RulesetError {
        match self {
            RulesetError::Refused { message, arg, .. } => RulesetError::Refused {
                message,
                arg,
                help: Some(help.into()),
            },
            other => RulesetError::Refused {
                message: other.to_string(),
                arg: None,
                help: Some(help.into()),
            },
        }
    }

    /// The argument of the game's built-in to blame, if the error names one.
    pub fn arg(&self) -> Option<usize> {
        match self {
            RulesetError::Refused { arg, .. } => *arg,
            _ => None,
        }
    }

    /// The hint on what would do, if the error has one.
    pub fn help(&self) -> Option<&str> {
        match self {
            RulesetError::Refused { help, .. } => help.as_deref(),
            _ => None,
        }
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::BadChar { ch, at } => {
                write!(f, "unexpected character {ch:?} at offset {at}")
            }
            RulesetError::RaggedGrid {
                row,
                width,
                expected,
            } => write!(
                f,
                "grid row {row} has width {width}, expected {expected} like the first row"
            ),
            RulesetError::BadShape(msg) => write!(f, "bad shape: {msg}"),
            RulesetError::Refused { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for RulesetError {}
