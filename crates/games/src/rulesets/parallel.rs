//! The parallel solver: the generic search of [`super::ruleset`] shared among threads.
//!
//! **Design.** A [`GameStore`] is single-threaded by construction (`Rc` option lists,
//! `&mut self` memo tables that every comparison writes to), and making it shareable
//! would put a lock or an atomic on the hottest paths of the whole engine. So each thread
//! keeps its own store and its own transposition table, as the sequential solver does,
//! and the threads share two things only:
//! - a [`SharedForms`] arena of the canonical forms they have published (a form crosses
//!   into another store by its options, hash-consed on the way, so every store still has
//!   one id per canonical form; see [`crate::game::exchange`]);
//! - a sharded table from normalised components to forms in that arena: a thread that
//!   finishes a component publishes it there, and a thread that meets a component missing
//!   from its own table looks there before searching.
//!
//! The work is the positions near the root: the components reached within a few moves,
//! level by level, until a level has enough positions to keep every thread busy. The
//! threads take the positions of the deepest level from a shared counter, then, once that
//! level is done, those of the level above (whose options are now mostly published), and
//! so on; the calling thread, with the session's store and table, takes part and finally
//! solves the root, which then finds all it needs in the shared table. The values do not
//! depend on who solved what: a component's canonical form is a function of the component.
//!
//! Threads are scoped `std` threads with counters, not a work-stealing pool such as rayon:
//! each thread must own one store and one table for the whole search (the store cannot
//! move between threads), the tasks are few and coarse, and a scope ends every thread
//! before the call returns, so nothing outlives the evaluation that started it.
//!
//! **Stopping.** Every store checks the session's interrupt flag (Ctrl-C), and also a
//! cancel flag of this search: the first thread to fail (Ctrl-C, the memory guard of its
//! store, a bug) records why and sets the flag, the others stop at their next check, and
//! the calling thread raises the recorded failure once all have stopped, as the sequential
//! solver would have.

use super::positions::Positions;
use super::ruleset::{Ruleset, Share, component, value as solve};
use crate::game::abort::raise;
use crate::game::exchange::{Bridge, SharedForms, SharedId};
use crate::game::{Abort, GameId, GameStore, catch_abort};
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Locks of the shared table: enough that two threads rarely wait on the same one.
const SHARDS: usize = 64;

/// The levels of positions near the root grow until one holds this many positions per
/// thread, so that no thread waits long for the last one of a level.
const TASKS_PER_THREAD: usize = 16;

/// Levels are never taken deeper than this many moves from the root.
const MAX_DEPTH: usize = 4;

/// The stack of each helper thread (as the interpreter's own thread, deep recursion must
/// end in an error, not a crash).
const STACK_SIZE: usize = 1 << 28;

/// The number of threads the machine runs at once (1 when it cannot tell): the default of
/// the language's `--threads` and `:threads`.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Normalised components and their forms in the shared arena.
struct SharedTable<P> {
    shards: Vec<Mutex<FxHashMap<P, SharedId>>>,
}

impl<P: Hash + Eq> SharedTable<P> {
    fn new() -> SharedTable<P> {
        SharedTable {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
        }
    }

    /// The shard of `p`, even if a thread panicked holding it (entries are inserted whole).
    fn shard(&self, p: &P) -> MutexGuard<'_, FxHashMap<P, SharedId>> {
        let h = FxBuildHasher.hash_one(p);
        self.shards[(h >> 32) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }
}

/// One thread's side of the sharing.
struct Worker<'a, P> {
    forms: &'a SharedForms,
    table: &'a SharedTable<P>,
    bridge: Bridge,
}

impl<P: Clone + Hash + Eq> Share<P> for Worker<'_, P> {
    fn lookup(&mut self, store: &mut GameStore, p: &P) -> Option<GameId> {
        let s = self.table.shard(p).get(p).copied()?;
        Some(store.import(s, self.forms, &mut self.bridge))
    }

    fn publish(&mut self, store: &mut GameStore, p: &P, v: GameId) {
        let s = store.export(v, self.forms, &mut self.bridge);
        self.table.shard(p).insert(p.clone(), s);
    }
}

/// One level of positions and how far the threads are through it.
struct Level<P> {
    tasks: Vec<P>,
    next: AtomicUsize,
    done: AtomicUsize,
}

/// What all threads of one search share.
struct Search<'a, R: Ruleset> {
    rules: &'a R,
    /// Deepest level last.
    levels: Vec<Level<R::Position>>,
    forms: SharedForms,
    table: SharedTable<R::Position>,
    cancel: Arc<AtomicBool>,
    failure: Mutex<Option<Abort>>,
}

impl<R: Ruleset> Search<'_, R> {
    /// Records the first failure and stops every thread.
    fn fail(&self, why: Abort) {
        let mut failure = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        failure.get_or_insert(why);
        self.cancel.store(true, Ordering::Relaxed);
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// One thread's share of the levels, deepest first: take positions until the level is
    /// exhausted, then wait until the other threads have finished theirs (so the level
    /// above finds them in the shared table).
    fn work(
        &self,
        table: &mut Positions<R::Position>,
        store: &mut GameStore,
        worker: &mut Worker<'_, R::Position>,
    ) {
        for level in self.levels.iter().rev() {
            loop {
                if self.cancelled() {
                    return;
                }
                let k = level.next.fetch_add(1, Ordering::Relaxed);
                let Some(p) = level.tasks.get(k) else {
                    break;
                };
                if let Err(why) = catch_abort(|| component(self.rules, table, store, p, worker)) {
                    self.fail(why);
                    return;
                }
                level.done.fetch_add(1, Ordering::Release);
            }
            while level.done.load(Ordering::Acquire) < level.tasks.len() {
                if self.cancelled() {
                    return;
                }
                std::thread::sleep(Duration::from_micros(200));
            }
        }
    }
}

/// The normalised components of `p` that need a search: not dead, not known by a
/// theorem, not in `table`, not in `seen`.
fn open_components<R: Ruleset>(
    rules: &R,
    table: &Positions<R::Position>,
    store: &mut GameStore,
    p: &R::Position,
    seen: &mut FxHashSet<R::Position>,
    out: &mut Vec<R::Position>,
) {
    for part in rules.components(p) {
        if rules.is_dead(&part) || rules.known_value(store, &part).is_some() {
            continue;
        }
        let (key, _) = rules.normal_form(&part);
        if !table.contains(rules, &key) && seen.insert(key.clone()) {
            out.push(key);
        }
    }
}

/// The levels of open components from the root down (see the module documentation).
/// The levels only guide the threads: the root is solved in full afterwards, so a level
/// that leaves positions out costs time, never correctness.
fn levels<R: Ruleset>(
    rules: &R,
    table: &Positions<R::Position>,
    store: &mut GameStore,
    p: &R::Position,
    threads: usize,
) -> Vec<Vec<R::Position>> {
    let mut seen = FxHashSet::default();
    let mut root = Vec::new();
    open_components(rules, table, store, p, &mut seen, &mut root);
    let mut levels = vec![root];
    while levels.len() <= MAX_DEPTH {
        let last = &levels[levels.len() - 1];
        if last.is_empty() || (levels.len() > 1 && last.len() >= TASKS_PER_THREAD * threads) {
            break;
        }
        // A level is cut at a few times the target: a huge board (a 1000×1000 Cram board
        // has two million moves) would otherwise be listed whole before any search.
        let cap = 16 * TASKS_PER_THREAD * threads;
        let mut next = Vec::new();
        for q in last {
            let sides: &[bool] = if rules.is_impartial() {
                &[true]
            } else {
                &[true, false]
            };
            for &left in sides {
                rules.visit_moves(q, left, &mut |m| {
                    if next.len() < cap {
                        store.check_interrupt();
                        open_components(rules, table, store, m, &mut seen, &mut next);
                    }
                });
            }
            if next.len() >= cap {
                break;
            }
        }
        levels.push(next);
    }
    levels
}

/// The canonical form of `p` by `threads` threads sharing the search; `table` and `store`
/// are the calling thread's (the session's), and receive the root's value and whatever
/// the calling thread solved or imported on the way.
pub(crate) fn value<R: Ruleset>(
    rules: &R,
    table: &mut Positions<R::Position>,
    store: &mut GameStore,
    p: &R::Position,
    threads: usize,
) -> GameId {
    let mut found = levels(rules, table, store, p, threads);
    found.remove(0);
    let widest = found.iter().map(Vec::len).max().unwrap_or(0);
    let threads = threads.min(widest);
    if threads < 2 {
        return solve(rules, table, store, p, &mut super::ruleset::Alone);
    }
    let search = Search {
        rules,
        levels: found
            .into_iter()
            .map(|tasks| Level {
                tasks,
                next: AtomicUsize::new(0),
                done: AtomicUsize::new(0),
            })
            .collect(),
        forms: SharedForms::new(),
        table: SharedTable::new(),
        cancel: Arc::new(AtomicBool::new(false)),
        failure: Mutex::new(None),
    };
    let interrupt = store.interrupt_flag();
    let mut worker = Worker {
        forms: &search.forms,
        table: &search.table,
        bridge: Bridge::new(),
    };
    store.set_cancel_flag(Some(search.cancel.clone()));
    // The helpers compute under the session's budget, which is this thread's.
    let budget = crate::game::budget::thread_budget();
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let (search, interrupt) = (&search, interrupt.clone());
            let helper = std::thread::Builder::new()
                .name("cgt-solver".into())
                .stack_size(STACK_SIZE)
                .spawn_scoped(scope, move || {
                    crate::game::budget::set_thread_budget(budget);
                    let run = catch_abort(|| {
                        let mut store = GameStore::new();
                        if let Some(flag) = interrupt {
                            store.set_interrupt_flag(flag);
                        }
                        store.set_cancel_flag(Some(search.cancel.clone()));
                        let mut worker = Worker {
                            forms: &search.forms,
                            table: &search.table,
                            bridge: Bridge::new(),
                        };
                        search.work(&mut Positions::default(), &mut store, &mut worker);
                    });
                    if let Err(why) = run {
                        search.fail(why);
                    }
                });
            // A thread that cannot start takes no positions: the others do its share.
            drop(helper);
        }
        search.work(table, store, &mut worker);
    });
    store.set_cancel_flag(None);
    let failure = search
        .failure
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(why) = failure {
        raise(why);
    }
    solve(rules, table, store, p, &mut worker)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::rulesets::RulesetError;
    use crate::rulesets::domineering::{DominoBoard, DominoGame, DominoRules};
    use crate::rulesets::grid::Grid;
    use crate::rulesets::ruleset::Solver;
    use proptest::prelude::*;

    /// The value of `g` by the sequential solver and by `threads` threads, each with a
    /// fresh table, in one store: the same id.
    fn same_both_ways(store: &mut GameStore, game: DominoGame, g: &Grid, threads: usize) {
        let p = DominoBoard::new(g.clone());
        store.set_threads(1);
        let alone = Solver::new(DominoRules { game }).value(store, &p);
        store.set_threads(threads);
        let shared = Solver::new(DominoRules { game }).value(store, &p);
        store.set_threads(1);
        assert_eq!(
            store.display(alone, Notation::Ascii),
            store.display(shared, Notation::Ascii),
            "{game:?} {g}"
        );
        assert_eq!(alone, shared, "{game:?} {g}");
    }

    /// Every rectangle up to 4×5 and 5×4, and the same boards with holes, Domineering
    /// and Cram, on 2 and 3 threads.
    #[test]
    fn the_parallel_solver_gives_the_sequential_forms() {
        let mut store = GameStore::new();
        for game in [DominoGame::Domineering, DominoGame::Cram] {
            for rows in 1..=5 {
                for cols in 1..=5 {
                    if rows * cols > 20 {
                        continue;
                    }
                    let mut g = Grid::empty(rows, cols);
                    same_both_ways(&mut store, game, &g, 2);
                    // Holes on a diagonal and in a corner.
                    for k in 0..rows.min(cols) {
                        g.set(k, (k * 2) % cols, false);
                    }
                    same_both_ways(&mut store, game, &g, 3);
                }
            }
        }
    }

    /// Random boards of up to 4×5 with random holes, in a store shared by every case (so
    /// forms made by either solver meet forms made by the other).
    fn board() -> impl Strategy<Value = Grid> {
        (1usize..=4, 1usize..=5).prop_flat_map(|(rows, cols)| {
            proptest::collection::vec(proptest::bool::weighted(0.8), rows * cols)
                .prop_map(move |cells| Grid::from_cells(rows, cols, cells))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_boards_agree(boards in proptest::collection::vec(board(), 1..4)) {
            let mut store = GameStore::new();
            for g in &boards {
                same_both_ways(&mut store, DominoGame::Domineering, g, 2);
                same_both_ways(&mut store, DominoGame::Cram, g, 2);
            }
        }
    }

    /// What the test ruleset does when it meets a heap of its trigger size.
    #[derive(Debug)]
    enum Trap {
        /// A bug: a panic on one thread.
        Panic,
        /// Ctrl-C, pressed while that thread works.
        Interrupt(Arc<AtomicBool>),
    }

    /// Heaps from which Left takes 1 or 2 and Right 2 or 3, with a trap at one size.
    #[derive(Debug)]
    struct Trapped {
        at: u32,
        trap: Trap,
    }

    impl Ruleset for Trapped {
        type Position = u32;

        fn name(&self) -> &'static str {
            "trapped"
        }

        fn visit_moves(&self, &n: &u32, left: bool, visit: &mut dyn FnMut(&u32)) {
            if n == self.at {
                match &self.trap {
                    Trap::Panic => panic!("trap at {n}"),
                    Trap::Interrupt(flag) => flag.store(true, Ordering::Relaxed),
                }
            }
            let takes: &[u32] = if left { &[1, 2] } else { &[2, 3] };
            for &t in takes.iter().filter(|&&t| t <= n) {
                visit(&(n - t));
            }
        }

        fn text(&self, n: &u32) -> String {
            n.to_string()
        }

        fn parse(&self, _: &str) -> Result<u32, RulesetError> {
            Err(RulesetError::BadChar { ch: '?', at: 0 })
        }
    }

    /// A panic in any thread, and Ctrl-C seen by any thread, end the whole search with an
    /// error; the store is usable afterwards, and the same search without the trap works.
    #[test]
    fn failures_in_any_thread_end_the_search_with_an_error() {
        let mut store = GameStore::new();
        store.set_threads(2);
        let mut solver = Solver::new(Trapped {
            at: 7,
            trap: Trap::Panic,
        });
        let result = catch_abort(|| solver.value(&mut store, &40));
        assert!(
            matches!(&result, Err(Abort::Internal(m)) if m.contains("trap at 7")),
            "{result:?}"
        );
        let flag = Arc::new(AtomicBool::new(false));
        store.set_interrupt_flag(flag.clone());
        let mut solver = Solver::new(Trapped {
            at: 7,
            trap: Trap::Interrupt(flag.clone()),
        });
        let result = catch_abort(|| solver.value(&mut store, &40));
        assert_eq!(result, Err(Abort::Interrupted));
        // The cancel flag is gone from the session's store: it solves again.
        let mut solver = Solver::new(Trapped {
            at: 1000,
            trap: Trap::Panic,
        });
        let v = solver.value(&mut store, &40);
        store.set_threads(1);
        let w = Solver::new(Trapped {
            at: 1000,
            trap: Trap::Panic,
        })
        .value(&mut store, &40);
        assert_eq!(v, w);
    }
}
