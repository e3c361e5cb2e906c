//! Game-tree search of any short impartial game given by a move function: Grundy values,
//! normal and misère outcomes, and winning moves.
//!
//! This is the fallback for games without theory (and the oracle of the tests). It is the
//! rules engine ([`crate::rules`]) on a move function: [`GameSearch`] wraps the function as
//! an impartial [`Rules`] and keeps the engine's tables between questions. Positions are
//! memoized, the search is iterative (no recursion limit), bounded in size, and a position
//! reachable from itself is reported as [`ImpartialError::Loopy`].
//!
//! Misère play (the player who cannot move *wins*) has no Sprague–Grundy theory: the
//! outcome of a sum is not determined by the outcomes or values of its parts (Ferguson §2.5),
//! so the search must run on the whole position.

use super::error::ImpartialError;
use crate::game::{GameId, GameStore, Outcome};
use crate::rules::{self, EngineError, MisereTable, Rules};
use rustc_hash::FxHashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A search visits at most this many distinct positions unless told otherwise.
pub const DEFAULT_SEARCH_LIMIT: usize = 1 << 22;

/// A memoized search over the positions `P` of an impartial game whose options are given by
/// `options`, a fallible function (a user's rule may fail with the caller's error `E`).
///
/// ```
/// use cgt_core::impartial::GameSearch;
/// use cgt_core::game::Outcome;
/// // Subtraction {1, 2} on a heap (Pick-Up-Bricks).
/// let mut s = GameSearch::infallible(|&n: &u64| (1..=2).filter(|&k| k <= n).map(|k| n - k).collect());
/// assert_eq!(s.grundy(&7).unwrap(), 1);
/// assert_eq!(s.misere_outcome(&1).unwrap(), Outcome::P);
/// ```
pub struct GameSearch<P, F> {
    rules: MoveFunction<P, F>,
    grundy: FxHashMap<P, u64>,
    misere: MisereTable<P>,
}

/// A move function as the rules of an impartial game, with the search's bounds.
struct MoveFunction<P, F> {
    options: F,
    limit: usize,
    /// Positions the running search has in its table (its bound counts them).
    held: usize,
    interrupt: Option<Arc<AtomicBool>>,
    /// Asked for by the engine's interface only: nothing here makes games.
    store: Option<GameStore>,
    positions: PhantomData<fn(&P)>,
}

impl<P, E, F> Rules for MoveFunction<P, F>
where
    P: Clone + Eq + Hash + Debug,
    E: From<ImpartialError>,
    F: FnMut(&P) -> Result<Vec<P>, E>,
{
    type Position = P;
    type Error = E;

    fn moves(&mut self, p: &P, _left: bool, out: &mut Vec<P>) -> Result<(), E> {
        out.extend((self.options)(p)?);
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        self.store.get_or_insert_with(GameStore::new)
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// Stops past the limit, or (clearing the flag) when the caller asked to: the flag is
    /// read at every position entered, so Ctrl-C is answered at once even when the move
    /// function itself never looks at it.
    fn check(&mut self, open: usize) -> Result<(), E> {
        if self.held + open > self.limit {
            let limit = self.limit;
            return Err(ImpartialError::SearchTooLarge { limit }.into());
        }
        if self
            .interrupt
            .as_deref()
            .is_some_and(|f| f.load(Ordering::Relaxed) && f.swap(false, Ordering::Relaxed))
        {
            return Err(ImpartialError::Interrupted.into());
        }
        Ok(())
    }

    fn solved(&mut self, _: &P) {
        self.held += 1;
        crate::progress::position_solved();
    }
}

impl<P: Clone + Eq + Hash + Debug> GameSearch<P, ()> {
    /// A search whose move function cannot fail.
    pub fn infallible<G>(
        mut options: G,
    ) -> GameSearch<P, impl FnMut(&P) -> Result<Vec<P>, ImpartialError>>
    where
        G: FnMut(&P) -> Vec<P>,
    {
        GameSearch::new(move |p: &P| Ok(options(p)))
    }
}

/// The caller's error for an error of the engine.
fn engine_error<P, E: From<ImpartialError>>(e: EngineError<P, E>) -> E {
    match e {
        EngineError::Rules(e) => e,
        EngineError::Loop(_) => ImpartialError::Loopy.into(),
        EngineError::TooLarge { limit } => ImpartialError::SearchTooLarge { limit }.into(),
        EngineError::NotImpartial(_) => ImpartialError::NotImpartial.into(),
        EngineError::Interrupted => ImpartialError::Interrupted.into(),
    }
}

impl<P, E, F> GameSearch<P, F>
where
    P: Clone + Eq + Hash + Debug,
    E: From<ImpartialError>,
    F: FnMut(&P) -> Result<Vec<P>, E>,
{
    pub fn new(options: F) -> Self {
        GameSearch {
            rules: MoveFunction {
                options,
                limit: DEFAULT_SEARCH_LIMIT,
                held: 0,
                interrupt: None,
                store: None,
                positions: PhantomData,
            },
            grundy: FxHashMap::default(),
            misere: MisereTable::default(),
        }
    }

    /// Stops with [`ImpartialError::Interrupted`] (clearing the flag) once `flag` is set:
    /// the flag is read at every position entered, so Ctrl-C is answered at once even when
    /// the move function itself never looks at it.
    pub fn with_interrupt(mut self, flag: Option<Arc<AtomicBool>>) -> Self {
        self.rules.interrupt = flag;
        self
    }

    /// Stops with [`ImpartialError::SearchTooLarge`] past `limit` positions.
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.rules.limit = limit;
        self
    }

    /// The Grundy value (normal play) of `p`, by the mex rule over the whole game tree.
    pub fn grundy(&mut self, p: &P) -> Result<u64, E> {
        self.rules.held = self.grundy.len();
        rules::grundy(&mut self.rules, &mut self.grundy, p).map_err(engine_error)
    }

    /// The normal-play outcome: `P` when the Grundy value is 0, else `N`.
    pub fn outcome(&mut self, p: &P) -> Result<Outcome, E> {
        Ok(if self.grundy(p)? == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every option of `p` that is a `P`-position (the winning moves under normal play).
    pub fn winning_moves(&mut self, p: &P) -> Result<Vec<P>, E> {
        let mut out = Vec::new();
        for q in (self.rules.options)(p)? {
            if self.grundy(&q)? == 0 {
                out.push(q);
            }
        }
        Ok(out)
    }

    /// The misère outcome (the player who cannot move wins): `N` or `P`.
    pub fn misere_outcome(&mut self, p: &P) -> Result<Outcome, E> {
        // The misère search bounds the sums it holds itself.
        self.rules.held = 0;
        let limit = self.rules.limit;
        let parts = std::slice::from_ref(p);
        rules::misere_outcome_in(&mut self.rules, &mut self.misere, parts, limit)
            .map_err(engine_error)
    }

    /// Every option of `p` that is a misère `P`-position.
    pub fn misere_winning_moves(&mut self, p: &P) -> Result<Vec<P>, E> {
        let mut out = Vec::new();
        for q in (self.rules.options)(p)? {
            if self.misere_outcome(&q)? == Outcome::P {
                out.push(q);
            }
        }
        Ok(out)
    }
}

/// The misère outcome of an impartial game of the store, found by searching its canonical
/// form as a game tree. Beware: games equal in normal play can differ in misère play
/// (`*2 + *2 = 0`, yet misère `*2 + *2` is `P` and misère `0` is `N`), so this is the misère
/// outcome *of the canonical form* (for `*n`: `P` iff `n = 1`). To play a position itself,
/// search its own moves with [`GameSearch`].
pub fn misere_outcome_of_form(store: &mut GameStore, g: GameId) -> Result<Outcome, ImpartialError> {
    store.as_nimber(g).ok_or(ImpartialError::NotImpartial)?;
    let mut search =
        GameSearch::new(|&h: &GameId| Ok::<_, ImpartialError>(store.left_options(h).to_vec()));
    search.misere_outcome(&g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::ptr_arg)] // the search works on positions of type Vec<u64>
    fn nim_moves(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for v in 0..heaps[i] {
                let mut next = heaps.clone();
                next[i] = v;
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    #[test]
    fn a_set_interrupt_flag_stops_the_search() {
        let flag = Arc::new(AtomicBool::new(true));
        let mut s = GameSearch::infallible(nim_moves).with_interrupt(Some(flag.clone()));
        assert_eq!(s.grundy(&vec![3, 5]), Err(ImpartialError::Interrupted));
        assert_eq!(s.misere_outcome(&vec![3, 5]), Ok(Outcome::N));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(
            s.misere_outcome(&vec![2, 7]),
            Err(ImpartialError::Interrupted)
        );
    }

    #[test]
    fn grundy_of_small_nim_positions() {
        // By hand: a heap of n is *n, two equal heaps are 0, (1, 2) is *3.
        let mut s = GameSearch::infallible(nim_moves);
        assert_eq!(s.grundy(&vec![5]).unwrap(), 5);
        assert_eq!(s.grundy(&vec![3, 3]).unwrap(), 0);
        assert_eq!(s.grundy(&vec![1, 2]).unwrap(), 3);
        assert_eq!(s.outcome(&vec![1, 2, 3]).unwrap(), Outcome::P);
        assert_eq!(s.winning_moves(&vec![1, 2]).unwrap(), vec![vec![1, 1]]);
    }

    #[test]
    fn misere_by_hand() {
        // Misère: no move is a win for the player to move; one heap of 1 loses for them.
        let mut s = GameSearch::infallible(nim_moves);
        assert_eq!(s.misere_outcome(&vec![0]).unwrap(), Outcome::N);
        assert_eq!(s.misere_outcome(&vec![1]).unwrap(), Outcome::P);
        assert_eq!(s.misere_outcome(&vec![1, 1]).unwrap(), Outcome::N);
        assert_eq!(s.misere_outcome(&vec![2, 2]).unwrap(), Outcome::P);
        // From (2): take 1 leaving (1) for the opponent, who must take the last.
        assert_eq!(s.misere_winning_moves(&vec![2]).unwrap(), vec![vec![1]]);
    }

    #[test]
    fn misere_of_canonical_forms() {
        let mut store = GameStore::new();
        for (n, outcome) in [
            (0, Outcome::N),
            (1, Outcome::P),
            (2, Outcome::N),
            (5, Outcome::N),
        ] {
            let g = store.nimber(n);
            assert_eq!(misere_outcome_of_form(&mut store, g), Ok(outcome), "*{n}");
        }
        let half = store.number(crate::game::Dyadic::new(1.into(), 1));
        assert_eq!(
            misere_outcome_of_form(&mut store, half),
            Err(ImpartialError::NotImpartial)
        );
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        let mut s = GameSearch::infallible(|&n: &u64| if n == 0 { vec![] } else { vec![n - 1] });
        assert_eq!(s.grundy(&200_000).unwrap(), 0);
        assert_eq!(s.misere_outcome(&200_000).unwrap(), Outcome::N);
    }

    #[test]
    fn loops_limits_and_errors() {
        let mut s = GameSearch::infallible(|&n: &u64| vec![(n + 1) % 3]);
        assert_eq!(s.grundy(&0), Err(ImpartialError::Loopy));
        let mut s = GameSearch::infallible(|&n: &u64| if n == 0 { vec![] } else { vec![n - 1] })
            .with_limit(100);
        assert_eq!(
            s.grundy(&1000),
            Err(ImpartialError::SearchTooLarge { limit: 100 })
        );
        #[derive(Debug, PartialEq)]
        enum Mine {
            Bad,
            Lib(ImpartialError),
        }
        impl From<ImpartialError> for Mine {
            fn from(e: ImpartialError) -> Self {
                Mine::Lib(e)
            }
        }
        let mut s = GameSearch::new(|&n: &u64| {
            if n == 3 {
                Err(Mine::Bad)
            } else {
                Ok(vec![n + 1])
            }
        });
        assert_eq!(s.grundy(&0), Err(Mine::Bad));
    }
}
