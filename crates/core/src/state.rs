//! The mathematical state of a session: what a computation keeps between one question and
//! the next, with no language, parser or terminal involved.
//!
//! A [`MathState`] holds the store of canonical forms (with its memo tables and thread
//! count), the store of misère simplest forms, the misère quotients computed so far, the
//! flag that cancels a running computation (Ctrl-C), and typed caches for the tables that
//! higher layers keep per session (the board games' transposition tables, the heap
//! rulesets' Grundy tables) without this crate knowing their types. The language's
//! evaluator owns one; a Rust program may use one directly:
//!
//! ```
//! use cgt_core::MathState;
//! use cgt_core::game::{Notation, Outcome};
//!
//! let mut state = MathState::new();
//! let s = &mut state.store;
//! let star = s.nimber(1);
//! let half = s.number(cgt_core::game::Dyadic::new(1.into(), 1));
//! let g = s.add(star, half);
//! assert_eq!(s.display(g, Notation::Ascii), "1/2*");
//! assert_eq!(s.outcome(g), Outcome::L);
//! ```

use crate::game::GameStore;
use crate::game::budget;
use crate::impartial::QuotientCache;
use crate::impartial::misere_forms::MisereStore;
use std::any::{Any, TypeId};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The stores, caches and settings one session's computations share (see the module
/// documentation).
pub struct MathState {
    /// Canonical forms of short games and the memo tables of every operation on them.
    pub store: GameStore,
    /// Misère simplest forms of impartial games met in the session.
    pub misere: MisereStore,
    /// Misère quotients computed in the session (asking again, or for the winning moves of
    /// a sum of heaps they cover, does not compute them again).
    pub quotients: QuotientCache,
    /// Tables of higher layers, one per type, made on first use (see [`MathState::cache`]).
    caches: Vec<(TypeId, Box<dyn Any>)>,
    /// Cancels the running computation when set; shared with [`MathState::store`].
    interrupt: Arc<AtomicBool>,
    /// The session's memory budget in bytes (0: the process's default).
    budget: u64,
}

impl Default for MathState {
    fn default() -> Self {
        MathState::new()
    }
}

impl MathState {
    /// Empty stores and caches, one thread, and a fresh interrupt flag.
    pub fn new() -> MathState {
        let interrupt = Arc::new(AtomicBool::new(false));
        let mut store = GameStore::new();
        store.set_interrupt_flag(interrupt.clone());
        let mut misere = MisereStore::new();
        misere.set_interrupt_flag(interrupt.clone());
        MathState {
            store,
            misere,
            quotients: QuotientCache::new(),
            caches: Vec::new(),
            interrupt,
            budget: 0,
        }
    }

    /// How many threads the board solvers may use (see [`GameStore::threads`]).
    pub fn threads(&self) -> usize {
        self.store.threads()
    }

    /// Sets [`MathState::threads`] (0 counts as 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.store.set_threads(threads);
    }

    /// The flag that cancels the running computation when set (from another thread: a
    /// Ctrl-C handler). The computation stops with [`crate::game::Abort::Interrupted`],
    /// and the flag is cleared.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// Makes `flag` the one that cancels this state's computations.
    pub fn set_interrupt_flag(&mut self, flag: Arc<AtomicBool>) {
        self.store.set_interrupt_flag(flag.clone());
        self.misere.set_interrupt_flag(flag.clone());
        self.interrupt = flag;
    }

    /// Whether the interrupt flag is set; if so it is cleared (the caller reports the
    /// interruption itself).
    pub fn take_interrupt(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed) && self.interrupt.swap(false, Ordering::Relaxed)
    }

    /// Clears the interrupt flag (a new question starts).
    pub fn clear_interrupt(&self) {
        self.interrupt.store(false, Ordering::Relaxed);
    }

    /// How many bytes this state's computations may hold (see [`crate::game::budget`]):
    /// its own budget once set, else the process's default.
    pub fn memory_budget(&self) -> u64 {
        match self.budget {
            0 => budget::default_budget(),
            b => b,
        }
    }

    /// Sets [`MathState::memory_budget`] (at least 1 MB; 0: the process's default again)
    /// for this state alone: another state keeps its own. It takes effect on this thread
    /// at once and on any thread at [`MathState::enter_budget`].
    pub fn set_memory_budget(&mut self, bytes: u64) {
        self.budget = if bytes == 0 {
            0
        } else {
            bytes.max(budget::MIN_BYTES)
        };
        self.enter_budget();
    }

    /// Makes this state's budget the one of the computations on the running thread: call
    /// it before computing with this state (the language's evaluator does, at every
    /// question), since the checks deep in the engine read the thread's budget.
    pub fn enter_budget(&self) {
        budget::set_thread_budget(self.budget);
    }

    /// The session's table of type `T`, made with `T::default()` the first time it is
    /// asked for: how the games crate and the language keep their per-session tables here
    /// without this crate naming their types.
    pub fn cache<T: Default + 'static>(&mut self) -> &mut T {
        let id = TypeId::of::<T>();
        let k = match self.caches.iter().position(|(t, _)| *t == id) {
            Some(k) => k,
            None => {
                self.caches.push((id, Box::new(T::default())));
                self.caches.len() - 1
            }
        };
        match self.caches[k].1.downcast_mut::<T>() {
            Some(table) => table,
            // The entry was stored under T's own type id.
            None => unreachable!("a cache stored under another type's id"),
        }
    }

    /// Empties the stores and caches, keeping the settings (threads, interrupt flag,
    /// memory budget).
    pub fn clear(&mut self) {
        let threads = self.threads();
        let interrupt = self.interrupt.clone();
        let budget = self.budget;
        *self = MathState::new();
        self.set_interrupt_flag(interrupt);
        self.set_threads(threads);
        self.budget = budget;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Abort, Dyadic, Notation, Outcome, catch_abort};

    /// Short games and misère forms, with no language involved: ⇑* is positive and ↑* is
    /// fuzzy (Winning Ways, ch. 3); the misère outcomes are checked by hand below.
    #[test]
    fn computes_without_a_language() {
        let mut state = MathState::new();
        let s = &mut state.store;
        let up = s.nus(Dyadic::zero(), 1, 0);
        let star = s.nimber(1);
        let double_up = s.add(up, up);
        let g = s.add(double_up, star);
        assert_eq!(s.outcome(g), Outcome::L);
        assert_eq!(s.display(g, Notation::Ascii), "^^*");
        let up_star = s.add(up, star);
        assert_eq!(s.outcome(up_star), Outcome::N);

        // Misère: *1 has one move, to 0, which is a misère N-position (the player to move
        // from 0 cannot and so wins); *1 is a P-position. *1 + *1 moves only to *1, so it
        // is an N-position.
        let m = &mut state.misere;
        let one = m.nimber(1);
        assert!(m.is_p_position(one));
        let two_ones = m.add(one, one);
        assert!(!m.is_p_position(two_ones));
        assert!(!m.is_p_position(m.zero()));
    }

    #[derive(Default)]
    struct Counter(u32);

    /// A cache is made once per type and kept; clearing empties it and keeps the settings.
    #[test]
    fn caches_are_kept_per_type_until_cleared() {
        let mut state = MathState::new();
        state.set_threads(3);
        state.cache::<Counter>().0 += 1;
        state.cache::<Counter>().0 += 1;
        assert_eq!(state.cache::<Counter>().0, 2);
        assert_eq!(*state.cache::<Vec<u8>>(), Vec::<u8>::new());
        let flag = state.interrupt_flag();
        let five = state.store.integer(5);
        assert!(five.index() > 0);
        state.clear();
        assert_eq!(state.cache::<Counter>().0, 0);
        assert_eq!(state.threads(), 3);
        assert!(Arc::ptr_eq(&flag, &state.interrupt_flag()));
        assert_eq!(state.store.len(), GameStore::new().len());
    }

    /// Setting the flag cancels the store's next long operation, once.
    #[test]
    fn the_interrupt_flag_cancels_the_store() {
        let state = MathState::new();
        state.interrupt_flag().store(true, Ordering::Relaxed);
        let stopped = catch_abort(|| state.store.check_interrupt());
        assert!(matches!(stopped, Err(Abort::Interrupted)));
        assert!(!state.take_interrupt());
        state.interrupt_flag().store(true, Ordering::Relaxed);
        assert!(state.take_interrupt());
        assert!(catch_abort(|| state.store.check_interrupt()).is_ok());
    }

    /// Two states keep their own budgets: setting one does not change the other, and the
    /// checks deep in the engine follow the state that entered last.
    #[test]
    fn each_state_keeps_its_own_budget() {
        let mut small = MathState::new();
        let mut large = MathState::new();
        small.set_memory_budget(64 << 20);
        large.set_memory_budget(8 << 30);
        assert_eq!(small.memory_budget(), 64 << 20);
        assert_eq!(large.memory_budget(), 8 << 30);
        let fresh = MathState::new();
        assert_eq!(fresh.memory_budget(), budget::default_budget());

        small.enter_budget();
        assert_eq!(budget::budget(), 64 << 20);
        let refused = catch_abort(|| budget::check("a table", 1, "entries", 100 << 20));
        assert!(matches!(refused, Err(Abort::TooLarge(_))));
        large.enter_budget();
        assert_eq!(budget::budget(), 8 << 30);
        assert!(catch_abort(|| budget::check("a table", 1, "entries", 100 << 20)).is_ok());
        small.clear();
        assert_eq!(small.memory_budget(), 64 << 20);
        fresh.enter_budget();
        assert_eq!(budget::budget(), budget::default_budget());
    }
}
