//! One abstraction for every game: a [`Ruleset`] says what its positions are and how each
//! player moves; one generic [`Solver`] turns any position into its canonical form.
//!
//! The solver does what every board solver needs, once: split a position into independent
//! components (a sum), bring each component to a normal form under the board's symmetries
//! (noting when a symmetry swaps the players, which negates the value), look the normal form
//! up in a transposition table, and otherwise compute it from the values of its options.
//! A game written as a `Ruleset` gets all of this by stating its moves and, where it has
//! them, its components and symmetries.

use crate::game::abort::raise;
use crate::game::{Abort, GameId, GameStore};
use cgt_core::rules::{EngineError, Rules, Table, canonical};
use rustc_hash::FxHashMap;
use std::convert::Infallible;
use std::fmt::Debug;
use std::hash::Hash;

use super::RulesetError;
use super::positions::Positions;

/// The rules of a game: its positions and moves, and what a solver may use to go faster.
///
/// Only [`Ruleset::visit_moves`], [`Ruleset::name`], [`Ruleset::text`] and
/// [`Ruleset::parse`] are required; the defaults treat a position as one component with no
/// symmetry.
///
/// A ruleset and its positions are shared by the threads of the parallel solver (see
/// [`super::parallel`]), hence `Sync` and `Send`.
pub trait Ruleset: Sync {
    /// A position. Equal positions must have equal values.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;

    /// The name positions are written with: `domineering("..|..")`.
    fn name(&self) -> &'static str;

    /// Calls `visit` with each position Left (`left`) or Right can move to. A visitor
    /// rather than a list, so that a solver can go through the moves of a large board
    /// without holding them all at once.
    fn visit_moves(&self, p: &Self::Position, left: bool, visit: &mut dyn FnMut(&Self::Position));

    /// Left's (or Right's) moves appended to `out`: the solver's way in, which a ruleset
    /// may implement to spare a call of a visitor and a copy per move.
    fn moves_into(&self, p: &Self::Position, left: bool, out: &mut Vec<Self::Position>) {
        self.visit_moves(p, left, &mut |q| out.push(q.clone()));
    }

    /// Left's (or Right's) moves as a list.
    fn moves(&self, p: &Self::Position, left: bool) -> Vec<Self::Position> {
        let mut out = Vec::new();
        self.visit_moves(p, left, &mut |q| out.push(q.clone()));
        out
    }

    /// Whether both players always have the same moves (the value is then a nimber).
    fn is_impartial(&self) -> bool {
        false
    }

    /// The independent parts of a position, whose values add up to its value. The default
    /// is the position itself.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// [`Ruleset::components`] appended to `out`: the solver's way in, which a ruleset may
    /// implement to spare a list per option.
    fn components_into(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        out.extend(self.components(p));
    }

    /// A representative of the component `p` under the board's symmetries, and whether it
    /// is the *negative* of `p` (a symmetry that swaps the players, such as the transpose
    /// in Domineering). Equal representatives must have equal (or, when flagged, opposite)
    /// values. The default is `p` itself.
    fn normal_form(&self, p: &Self::Position) -> (Self::Position, bool) {
        (p.clone(), false)
    }

    /// The position as one word, when the ruleset has such a form: the solver's table then
    /// keeps it by that word (see [`super::positions`]). Two positions the solver may
    /// look up (normal forms of components) must have different words unless they are
    /// equal. The default is `None`: kept whole.
    fn packed(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// A cheap test that neither player can move, so the value is 0 (saves a table entry).
    fn is_dead(&self, _p: &Self::Position) -> bool {
        false
    }

    /// The value of a component when a theorem gives it without a search (as for an
    /// Amazons region where only one player has amazons), else `None`.
    fn known_value(&self, _store: &mut GameStore, _p: &Self::Position) -> Option<GameId> {
        None
    }

    /// A picture of the position for lecture notes (a board, a Hackenbush picture, a
    /// graph), if the game has one.
    fn picture(&self, _p: &Self::Position) -> Option<super::picture::Picture> {
        None
    }

    /// The position as the sum of positions of the game a person would write: a Cut-Cake
    /// cut leaves two pieces, written `cutcake(2, 1) + cutcake(2, 2)`. The default is the
    /// position itself. Unlike [`Ruleset::components`] this is about how moves are shown,
    /// not about solving (a Domineering move is shown as the whole board).
    fn written_parts(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// Whether the text form reads as the game's arguments, `chop(2, 3)`, rather than as a
    /// quoted string, `domineering("..|..")`.
    fn text_is_arguments(&self) -> bool {
        false
    }

    /// What the language's built-in for this game says and takes (see
    /// [`super::registry::About`]); `None` for a game with no built-in.
    fn about(&self) -> Option<super::registry::About> {
        None
    }

    /// The position given by sizes (the numbers of [`super::registry::ArgForm`]), such as
    /// the empty `rows × cols` board; `None` if the game has no such positions.
    fn of_sizes(&self, _sizes: &[usize]) -> Option<Self::Position> {
        None
    }

    /// The position named by the arguments of the game's built-in. The default reads them
    /// as the [`super::registry::ArgForm`] of [`Ruleset::about`] says (a text, or sizes);
    /// a game with [`super::registry::ArgForm::Custom`] reads them here, blaming an
    /// argument in its errors with [`RulesetError::at_arg`]. Bad arguments are errors,
    /// never panics.
    fn of_args(&self, args: &[super::registry::Arg]) -> Result<Self::Position, RulesetError> {
        super::registry::of_args_by_form(self, args)
    }

    /// The position written as the text [`Ruleset::parse`] reads back.
    fn text(&self, p: &Self::Position) -> String;

    /// Reads a position from its text form.
    fn parse(&self, text: &str) -> Result<Self::Position, RulesetError>;
}

/// The generic solver: a ruleset with its transposition table of components.
///
/// The table's [`GameId`]s belong to the store the solver is used with: always pass the
/// same store.
#[derive(Debug)]
pub struct Solver<R: Ruleset> {
    rules: R,
    table: Positions<R::Position>,
}

impl<R: Ruleset> Solver<R> {
    pub fn new(rules: R) -> Solver<R> {
        Solver {
            rules,
            table: Positions::default(),
        }
    }

    /// A solver whose table is emptied past `bytes` instead of its share of the session's
    /// memory budget (see [`super::positions`]).
    pub fn with_table_limit(rules: R, bytes: u64) -> Solver<R> {
        Solver {
            rules,
            table: Positions::with_limit(bytes),
        }
    }

    /// The transposition table (its size, how often it was emptied).
    pub fn table(&self) -> &Positions<R::Position> {
        &self.table
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The ruleset, its table dropped.
    pub fn into_rules(self) -> R {
        self.rules
    }

    /// The number of components in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of a position: the sum of its components' values. With more
    /// than one thread allowed ([`GameStore::threads`]) the search is shared among them
    /// (see [`super::parallel`]); the value, and its id, are the same either way.
    pub fn value(&mut self, store: &mut GameStore, p: &R::Position) -> GameId {
        let threads = store.threads();
        if threads > 1 {
            return super::parallel::value(&self.rules, &mut self.table, store, p, threads);
        }
        self.value_alone(store, p)
    }

    /// The canonical form of a position, on this thread only.
    pub fn value_alone(&mut self, store: &mut GameStore, p: &R::Position) -> GameId {
        value(&self.rules, &mut self.table, store, p, &mut Alone)
    }

    /// The canonical form of the position written `text`.
    pub fn value_of(&mut self, store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
        let p = self.rules.parse(text)?;
        Ok(self.value(store, &p))
    }
}

impl<R: Ruleset + Default> Default for Solver<R> {
    fn default() -> Self {
        Solver::new(R::default())
    }
}

/// What a solver shares with the other threads of a parallel search: nothing for the
/// sequential solver ([`Alone`]), a table of positions solved by any thread for the
/// parallel one.
pub(crate) trait Share<P> {
    /// The value of the (normalised) component `p` if another thread has solved it.
    fn lookup(&mut self, store: &mut GameStore, p: &P) -> Option<GameId>;

    /// Offers the value of the component `p`, just solved here, to the other threads.
    fn publish(&mut self, store: &mut GameStore, p: &P, v: GameId);
}

/// The sequential solver's sharing: none.
pub(crate) struct Alone;

impl<P> Share<P> for Alone {
    fn lookup(&mut self, _: &mut GameStore, _: &P) -> Option<GameId> {
        None
    }

    fn publish(&mut self, _: &mut GameStore, _: &P, _: GameId) {}
}

/// A ruleset with the store its values are made in: the ruleset as the core engine's
/// [`Rules`] (with no error: a built-in game's moves cannot fail). Every `Ruleset` is
/// solved through it.
pub struct Bound<'a, R: Ruleset> {
    pub rules: &'a R,
    pub store: &'a mut GameStore,
}

impl<R: Ruleset> Rules for Bound<'_, R> {
    type Position = R::Position;
    type Error = Infallible;

    fn moves(
        &mut self,
        p: &R::Position,
        left: bool,
        out: &mut Vec<R::Position>,
    ) -> Result<(), Infallible> {
        self.rules.moves_into(p, left, out);
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        self.store
    }

    fn is_impartial(&self) -> bool {
        self.rules.is_impartial()
    }

    fn components(
        &mut self,
        p: &R::Position,
        out: &mut Vec<R::Position>,
    ) -> Result<(), Infallible> {
        self.rules.components_into(p, out);
        Ok(())
    }

    fn normal_form(&self, p: &R::Position) -> (R::Position, bool) {
        self.rules.normal_form(p)
    }

    fn is_dead(&self, p: &R::Position) -> bool {
        self.rules.is_dead(p)
    }

    fn known_value(&mut self, p: &R::Position) -> Result<Option<GameId>, Infallible> {
        Ok(self.rules.known_value(self.store, p))
    }

    fn check(&mut self, _open: usize) -> Result<(), Infallible> {
        self.store.check_interrupt();
        Ok(())
    }
}

/// The solver's table seen by the engine: a component missing from it is looked up among
/// those the other threads have solved, and every component solved here is offered to them.
struct Shared<'t, P, S> {
    table: &'t mut Positions<P>,
    share: &'t mut S,
}

impl<R: Ruleset, S: Share<R::Position>> Table<Bound<'_, R>, GameId> for Shared<'_, R::Position, S> {
    fn get(&mut self, rules: &mut Bound<'_, R>, p: &R::Position) -> Option<GameId> {
        let hint = Positions::word(rules.rules, p);
        self.get_hinted(rules, p, hint)
    }

    /// The hint is the position's word ([`Ruleset::packed`]), computed when it was announced.
    fn get_hinted(
        &mut self,
        rules: &mut Bound<'_, R>,
        p: &R::Position,
        hint: Option<u64>,
    ) -> Option<GameId> {
        if let Some(v) = self.table.get_packed(p, hint) {
            return Some(v);
        }
        let v = self.share.lookup(rules.store, p)?;
        self.table.insert(rules.rules, p.clone(), v);
        Some(v)
    }

    fn insert(&mut self, rules: &mut Bound<'_, R>, p: R::Position, v: GameId) {
        self.share.publish(rules.store, &p, v);
        self.table.insert(rules.rules, p, v);
    }

    fn prefetch(&mut self, rules: &mut Bound<'_, R>, p: &R::Position) -> Option<u64> {
        self.table.prefetch(rules.rules, p)
    }

    /// Kept beside the value for a position kept by its word (the hint).
    fn get_negative(
        &mut self,
        _: &mut Bound<'_, R>,
        _: &R::Position,
        hint: Option<u64>,
    ) -> Option<GameId> {
        self.table.get_negative(hint?)
    }

    fn keep_negative(
        &mut self,
        _: &mut Bound<'_, R>,
        _: &R::Position,
        hint: Option<u64>,
        v: GameId,
    ) {
        if let Some(w) = hint {
            self.table.set_negative(w, v);
        }
    }
}

/// The value of a position: its components through the table, added (by the engine's
/// search, [`cgt_core::rules::canonical`]).
pub(crate) fn value<R: Ruleset, S: Share<R::Position>>(
    rules: &R,
    table: &mut Positions<R::Position>,
    store: &mut GameStore,
    p: &R::Position,
    share: &mut S,
) -> GameId {
    let mut bound = Bound { rules, store };
    let mut shared = Shared { table, share };
    match canonical(&mut bound, &mut shared, p) {
        Ok(v) => v,
        Err(EngineError::Rules(never)) => match never {},
        Err(EngineError::Loop(q)) => raise(Abort::Internal(format!(
            "the {} position {} can be reached from itself",
            rules.name(),
            rules.text(&q)
        ))),
        Err(e) => raise(Abort::Internal(format!("{e:?}"))),
    }
}

/// The value of one component (the same as [`value`]: a component is its own sum).
pub(crate) fn component<R: Ruleset, S: Share<R::Position>>(
    rules: &R,
    table: &mut Positions<R::Position>,
    store: &mut GameStore,
    part: &R::Position,
    share: &mut S,
) -> GameId {
    value(rules, table, store, part, share)
}

/// Left's and Right's moves from the position written `text`, written back as text.
pub fn move_texts<R: Ruleset>(
    rules: &R,
    text: &str,
) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    let p = rules.parse(text)?;
    let texts = |left: bool| -> Vec<String> {
        rules
            .moves(&p, left)
            .iter()
            .map(|q| rules.text(q))
            .collect()
    };
    Ok((texts(true), texts(false)))
}

/// The value by the definition alone: the canonical form of the options' values, memoized
/// by exact position, with no components and no symmetries. The reference every use of
/// [`Solver`] is tested against.
pub fn value_by_definition<R: Ruleset>(
    rules: &R,
    store: &mut GameStore,
    p: &R::Position,
    memo: &mut FxHashMap<R::Position, GameId>,
) -> GameId {
    super::value_by_definition(store, p, memo, &|b: &R::Position| {
        (rules.moves(b, true), rules.moves(b, false))
    })
}

/// For the rulesets' unit tests: the value of a position written `text`, printed in ASCII.
#[cfg(test)]
impl<R: Ruleset> Solver<R> {
    pub(crate) fn shown(&mut self, store: &mut GameStore, text: &str) -> String {
        let g = self
            .value_of(store, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        store.display(g, crate::game::Notation::Ascii)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    /// A whole game in a few lines: a heap from which Left removes 1 or 2 tokens and Right
    /// removes 2 or 3, written as a list of heaps (a sum).
    #[derive(Debug)]
    struct Heaps;

    impl Ruleset for Heaps {
        type Position = Vec<u32>;

        fn name(&self) -> &'static str {
            "heaps"
        }

        fn visit_moves(&self, p: &Vec<u32>, left: bool, visit: &mut dyn FnMut(&Vec<u32>)) {
            let takes: &[u32] = if left { &[1, 2] } else { &[2, 3] };
            for (k, &n) in p.iter().enumerate() {
                for &t in takes.iter().filter(|&&t| t <= n) {
                    let mut q = p.clone();
                    q[k] = n - t;
                    visit(&q);
                }
            }
        }

        fn components(&self, p: &Vec<u32>) -> Vec<Vec<u32>> {
            p.iter().filter(|&&n| n > 0).map(|&n| vec![n]).collect()
        }

        fn text(&self, p: &Vec<u32>) -> String {
            format!("{p:?}")
        }

        fn parse(&self, _text: &str) -> Result<Vec<u32>, RulesetError> {
            Err(RulesetError::BadChar { ch: '?', at: 0 })
        }
    }

    #[test]
    fn the_generic_solver_agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(Heaps);
        let mut memo = FxHashMap::default();
        for a in 0..8 {
            for b in 0..5 {
                let p = vec![a, b];
                let fast = solver.value(&mut store, &p);
                let slow = value_by_definition(&Heaps, &mut store, &p, &mut memo);
                assert_eq!(fast, slow, "{p:?}");
            }
        }
        // One heap of 1: only Left can move, to 0, so it is {0|} = 1. A heap of 2: Left
        // moves to 1 or 0, Right to 0: {1|0}.
        let one = solver.value(&mut store, &vec![1]);
        assert_eq!(store.display(one, Notation::Ascii), "1");
        let two = solver.value(&mut store, &vec![2]);
        assert_eq!(store.display(two, Notation::Ascii), "{1|0}");
        // Components are memoized once each: heaps 1 to 7.
        assert_eq!(solver.table_len(), 7);
    }
}
