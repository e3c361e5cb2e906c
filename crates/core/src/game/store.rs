//! The hash-consed store of canonical short games: one [`GameId`] per canonical form.

use super::abort::{Abort, raise, stack_exhausted};
use super::dyadic::Dyadic;
use super::nus::Nus;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

/// A handle to a canonical form in a [`GameStore`]. Two ids of the same store are equal
/// exactly when the games are equal, so `==` on ids is game equality.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct GameId(pub(crate) u32);

impl GameId {
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An option list, shared cheaply between the store and the operations walking it.
pub type Options = Rc<[GameId]>;

/// How a canonical form is stored.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// `x + n↑ + *m`; options are derived on demand (see [`GameStore::nus_options`]).
    /// Boxed, so that a node is two pointers wide (32 bytes): most forms are general.
    Nus(Box<Nus>),
    /// Any other canonical form, by its canonical options in the store's internal order
    /// ([`GameStore::display_cmp`]; printing sorts them as CGSuite does, see
    /// [`GameStore::sorted_options`]).
    General { left: Options, right: Options },
}

/// The store refuses to hold more canonical forms than this (about 10 GB of nodes), so a
/// runaway computation ends in an error instead of exhausting memory.
pub const MAX_GAMES: usize = 100_000_000;

/// The store checks the memory budget every this many new forms (and when its arena is
/// full): its memo tables grow with it.
const BUDGET_CHECK_EVERY: usize = 1 << 16;

/// The bytes a hash table of this capacity holds: its entries and a control byte each.
pub(crate) fn table_bytes<K, V>(t: &FxHashMap<K, V>) -> u64 {
    // `capacity` is 7/8 of the buckets.
    (t.capacity() as u64 * 8 / 7) * (std::mem::size_of::<(K, V)>() as u64 + 1)
}

/// [`GameStore::integer`] keeps the ids of the integers up to this magnitude.
const SMALL_INTEGERS: usize = 64;

/// Memo tables are caches: past these sizes they are emptied and refilled as needed.
const MAX_LEQ_MEMO: usize = 50_000_000;
const MAX_ADD_MEMO: usize = 20_000_000;

/// The store's memos are emptied when the store would pass this many bytes: three quarters
/// of the session's budget, leaving a quarter to the board solvers' transposition tables
/// (which empty themselves at that share), so that the two together stay within it.
fn caches_limit() -> u64 {
    let b = crate::game::budget::budget();
    b - b / 4
}

/// Options of `*m` are listed only up to this many; beyond it an operation that needs them
/// stops with a clear error instead of exhausting memory.
pub const MAX_ENUMERATED_NIMBER: u64 = 1 << 20;

/// The arena of canonical forms and the memo tables of every operation on them.
///
/// There is no global state: the evaluator owns one store per session, and every operation
/// is a method taking `&mut self` so that results can be interned and memoized.
pub struct GameStore {
    pub(crate) nodes: Vec<Node>,
    pub(crate) nus_index: FxHashMap<Nus, GameId>,
    /// The general forms by their option lists: ids only (4 bytes a form), hashed and
    /// compared through the lists kept in `nodes` (see `store_index.rs`).
    pub(crate) general_index: hashbrown::HashTable<GameId>,
    /// Bytes of the option lists of the general forms (each an allocation of its own), as
    /// the allocator gives them.
    pub(crate) list_bytes: u64,
    pub(crate) nus_options: FxHashMap<GameId, (Options, Options)>,
    pub(crate) add_memo: super::store_sums::AddMemo,
    /// The negatives by id (`u32::MAX`: not known yet), both ways once one is found: a
    /// word a form, read without hashing (a board search negates every component it
    /// turns). Not a cache: ids never change, so it is never emptied.
    pub(crate) negatives: Vec<u32>,
    pub(crate) leq_memo: super::store_pairs::LeqMemo,
    /// Birthdays by id, plus one (0: not known yet; `u32::MAX`: too large, see
    /// `birthday_memo`), see `store_stops.rs`.
    pub(crate) birthdays: Vec<u32>,
    /// The birthdays that do not fit `birthdays`.
    pub(crate) birthday_memo: FxHashMap<GameId, num_bigint::BigInt>,
    /// The stops of the general forms whose stops do not fit `small_stops`.
    pub(crate) stops_memo: FxHashMap<GameId, (Dyadic, Dyadic)>,
    /// The stops by id as 64-bit fixed-point numbers where they fit (see `compare.rs` and
    /// `store_stops.rs`): what most comparisons are decided by, without a hash look-up.
    pub(crate) small_stops: Vec<(i64, i64)>,
    pub(crate) order_memo: super::display_order::OrderMemo,
    /// The options' stops that `undominated` sorts, kept between calls (it never runs
    /// inside itself: comparisons do not simplify) so that each call neither allocates
    /// nor clears a buffer; at most `MAX_SORTED` entries.
    pub(crate) undominated_scratch: Vec<(i64, i64, u8)>,
    /// The ids of the integers `-SMALL_INTEGERS..=SMALL_INTEGERS` (`u32::MAX`: not asked
    /// for yet), by `n + SMALL_INTEGERS`; empty until the first is asked for.
    small_integers: Vec<GameId>,
    interrupt: Option<Arc<AtomicBool>>,
    /// Set by a parallel computation this store takes part in when another of its threads
    /// failed; unlike `interrupt` it stays set, so every thread's store stops.
    cancel: Option<Arc<AtomicBool>>,
    /// How many threads the board solvers may use (see [`GameStore::set_threads`]).
    threads: usize,
    zero: GameId,
    /// How many times the memos were emptied (see [`GameStore::empty_caches`]).
    caches_emptied: u64,
}

impl Default for GameStore {
    fn default() -> Self {
        GameStore::new()
    }
}

impl GameStore {
    pub fn new() -> GameStore {
        let mut store = GameStore {
            nodes: Vec::new(),
            nus_index: FxHashMap::default(),
            general_index: hashbrown::HashTable::new(),
            list_bytes: 0,
            nus_options: FxHashMap::default(),
            add_memo: Default::default(),
            negatives: Vec::new(),
            leq_memo: Default::default(),
            birthdays: Vec::new(),
            birthday_memo: FxHashMap::default(),
            stops_memo: FxHashMap::default(),
            small_stops: Vec::new(),
            order_memo: Default::default(),
            undominated_scratch: Vec::new(),
            small_integers: Vec::new(),
            interrupt: None,
            cancel: None,
            threads: 1,
            zero: GameId(0),
            caches_emptied: 0,
        };
        store.zero = store.intern_nus(Nus::number(Dyadic::zero()));
        store
    }

    /// Lets a long computation be cancelled: when `flag` becomes true, the running
    /// operation stops with [`Abort::Interrupted`] (and the flag is reset).
    pub fn set_interrupt_flag(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// The flag set by [`GameStore::set_interrupt_flag`], to share with the stores of the
    /// other threads of a parallel computation.
    pub fn interrupt_flag(&self) -> Option<Arc<AtomicBool>> {
        self.interrupt.clone()
    }

    /// Makes this store stop (with [`Abort::Interrupted`]) at its next check once `flag`
    /// is set, and keep stopping while it stays set; `None` removes it. A parallel
    /// computation gives one flag to the stores of all its threads, so that when one
    /// thread fails the others stop too.
    pub fn set_cancel_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.cancel = flag;
    }

    /// How many threads the board solvers may use with this store: 1 (the default of a
    /// new store) is the sequential solver. The language sets it from `--threads` and
    /// `:threads`, by default to the number of cores.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets [`GameStore::threads`] (0 counts as 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Called on the hot paths that may run for long; cheap (one relaxed load, and a write
    /// only when the flag is set). Every loop or recursion that may run for long without
    /// passing through another check (the store's operations, the rulesets' solvers) calls
    /// it, so that Ctrl-C is answered at once.
    ///
    /// It also stops a recursion about to exhaust the stack (see [`stack_exhausted`]), and
    /// a computation whose heap has passed the memory budget ([`crate::game::budget::poll`]).
    pub fn check_interrupt(&self) {
        if stack_exhausted() {
            raise(Abort::TooLarge(
                "a game nested too deeply to work on (the stack is exhausted)".into(),
            ));
        }
        if let Some(flag) = &self.interrupt
            && flag.load(AtomicOrdering::Relaxed)
            && flag.swap(false, AtomicOrdering::Relaxed)
        {
            raise(Abort::Interrupted);
        }
        if let Some(flag) = &self.cancel
            && flag.load(AtomicOrdering::Relaxed)
        {
            raise(Abort::Interrupted);
        }
        // Over the budget, say how much is the store's (the rest: the solvers' tables,
        // the values).
        if let Some(message) = crate::game::budget::poll_exceeded_with(|| {
            let held: u64 = self.tables().iter().map(|t| t.2).sum();
            format!(
                " ({} of them in the game store's {} forms)",
                crate::game::budget::human(held),
                self.nodes.len()
            )
        }) {
            raise(Abort::TooLarge(message));
        }
    }

    /// How many distinct canonical forms the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Where the store's memory goes, as the budget counts it: `(name, entries, bytes)`
    /// for the forms, their option lists and each table (see `store_index.rs`).
    pub fn memory_report(&self) -> Vec<(&'static str, usize, u64)> {
        self.tables()
    }

    pub(crate) fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    fn push(&mut self, node: Node) -> GameId {
        if self.nodes.len() >= MAX_GAMES {
            raise(Abort::TooLarge(format!(
                "the computation needs more than {MAX_GAMES} distinct canonical forms"
            )));
        }
        if self.nodes.len() == self.nodes.capacity()
            || self.nodes.len().is_multiple_of(BUDGET_CHECK_EVERY)
        {
            // The arena or one of its tables is about to double: check the budget before.
            // The memos of sums and comparisons are caches: over the budget they are
            // emptied first, and only the forms themselves can make the check fail.
            let count = self.nodes.len() as u64 + 1;
            self.make_room(caches_limit());
            crate::game::budget::check("the game store", count, "games", self.bytes_after_growth());
        }
        let id = u32::try_from(self.nodes.len())
            .unwrap_or_else(|_| raise(Abort::TooLarge("more than 2^32 canonical forms".into())));
        self.nodes.push(node);
        crate::progress::game_created();
        GameId(id)
    }

    pub(crate) fn intern_nus(&mut self, v: Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(&v) {
            return id;
        }
        let id = self.push(Node::Nus(Box::new(v.clone())));
        self.nus_index.insert(v, id);
        id
    }

    /// Interns a form known to be canonical and not of number-up-star type, its options
    /// in the store's order ([`GameStore::display_cmp`]).
    pub(crate) fn intern_general(&mut self, left: Options, right: Options) -> GameId {
        let hash = super::store_index::lists_hash(&left, &right);
        if let Some(id) = self.find_general(hash, &left, &right) {
            return id;
        }
        self.insert_general(hash, left, right)
    }

    /// Adds the general form with these options (in the store's order), not yet held, whose
    /// lists have this hash.
    fn insert_general(&mut self, hash: u64, left: Options, right: Options) -> GameId {
        self.list_bytes += super::store_index::list_bytes(left.len())
            + super::store_index::list_bytes(right.len());
        let id = self.push(Node::General { left, right });
        self.index_general(hash, id);
        id
    }

    // ----- constructors of the special values -------------------------------------------

    pub fn zero(&self) -> GameId {
        self.zero
    }

    /// The number `x` as a game.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.intern_nus(Nus::number(x))
    }

    pub fn integer(&mut self, n: i64) -> GameId {
        // Small integers by index (a board search asks for them at every position whose
        // value it knows by counting moves), without building a big integer and hashing it.
        let slot = n
            .checked_add(SMALL_INTEGERS as i64)
            .and_then(|k| usize::try_from(k).ok())
            .filter(|&k| k <= 2 * SMALL_INTEGERS);
        if let Some(&id) = slot.and_then(|k| self.small_integers.get(k))
            && id != GameId(u32::MAX)
        {
            return id;
        }
        let id = self.number(Dyadic::from_i64(n));
        if let Some(k) = slot {
            if self.small_integers.is_empty() {
                self.small_integers = vec![GameId(u32::MAX); 2 * SMALL_INTEGERS + 1];
            }
            self.small_integers[k] = id;
        }
        id
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: u64) -> GameId {
        self.nus(Dyadic::zero(), 0, m)
    }

    /// `x + n↑ + *m`.
    pub fn nus(&mut self, number: Dyadic, ups: i64, nim: u64) -> GameId {
        self.intern_nus(Nus { number, ups, nim })
    }

    // ----- inspection -----------------------------------------------------------------

    /// The number-up-star description of `g`, if it has one.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        match self.node(g) {
            Node::Nus(v) => Some(v),
            Node::General { .. } => None,
        }
    }

    /// The value of `g` if it is a number.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|v| v.is_number()).map(|v| &v.number)
    }

    /// `m` if `g = *m` (including `0 = *0`).
    pub fn as_nimber(&self, g: GameId) -> Option<u64> {
        self.as_nus(g).filter(|v| v.is_nimber()).map(|v| v.nim)
    }

    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// The canonical Left and Right options of `g`.
    pub fn options(&mut self, g: GameId) -> (Options, Options) {
        match self.node(g) {
            Node::General { left, right } => (left.clone(), right.clone()),
            Node::Nus(v) => {
                if let Some(opts) = self.nus_options.get(&g) {
                    return opts.clone();
                }
                let v = v.clone();
                // Enumerating `*n`'s options takes time and memory in `n`.
                self.check_interrupt();
                let opts = self.nus_options(&v);
                self.nus_options.insert(g, opts.clone());
                opts
            }
        }
    }

    pub fn left_options(&mut self, g: GameId) -> Options {
        // One list shared, not both (a comparison asks for one side at a time).
        match self.node(g) {
            Node::General { left, .. } => left.clone(),
            Node::Nus(_) => self.options(g).0,
        }
    }

    pub fn right_options(&mut self, g: GameId) -> Options {
        match self.node(g) {
            Node::General { right, .. } => right.clone(),
            Node::Nus(_) => self.options(g).1,
        }
    }

    /// The canonical options of `x + n↑ + *m`:
    /// - a number: see [`Dyadic::canonical_options`];
    /// - `x + *m`: `{x, x*, …, x*(m-1) | x, x*, …, x*(m-1)}`;
    /// - `x + ↑*`: `{x, x* | x}`; `x + ↑ + *m` (m ≠ 1): `{x | x + *(m⊕1)}`;
    /// - `x + n↑ + *m` (n ≥ 2): `{x | x + (n-1)↑ + *(m⊕1)}`;
    /// - negative `n`: the mirror images.
    fn nus_options(&mut self, v: &Nus) -> (Options, Options) {
        let x = &v.number;
        if v.is_number() {
            let (l, r) = x.canonical_options();
            let l: Vec<GameId> = l.into_iter().map(|d| self.number(d)).collect();
            let r: Vec<GameId> = r.into_iter().map(|d| self.number(d)).collect();
            return (l.into(), r.into());
        }
        if v.ups == 0 {
            if v.nim > MAX_ENUMERATED_NIMBER {
                raise(Abort::TooLarge(format!(
                    "the options of *{} (more than 2^20 of them) would be needed",
                    v.nim
                )));
            }
            let opts: Vec<GameId> = (0..v.nim).map(|i| self.nus(x.clone(), 0, i)).collect();
            let opts: Options = opts.into();
            return (opts.clone(), opts);
        }
        let base = self.number(x.clone());
        let n = v.ups.unsigned_abs();
        let (near, far): (Vec<GameId>, Vec<GameId>) = if n == 1 && v.nim == 1 {
            let xstar = self.nus(x.clone(), 0, 1);
            (vec![base, xstar], vec![base])
        } else {
            let toward = if v.ups > 0 { v.ups - 1 } else { v.ups + 1 };
            let other = self.nus(x.clone(), toward, v.nim ^ 1);
            (vec![base], vec![other])
        };
        if v.ups > 0 {
            (near.into(), far.into())
        } else {
            (far.into(), near.into())
        }
    }

    /// Interns the canonical form with these (already simplified, canonical) options,
    /// recognising numbers and number-up-star values so each value has a single id.
    pub(crate) fn intern_simplified(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> GameId {
        if let Some(v) = self.recognise_nus(&left, &right) {
            return self.intern_nus(v);
        }
        // Looked up as the lists come (the index's hash and comparison ignore the order):
        // only a new form is sorted into the store's order and copied into shared lists.
        let hash = super::store_index::lists_hash(&left, &right);
        if let Some(id) = self.find_general(hash, &left, &right) {
            return id;
        }
        // By id first (cheap): the store's order mostly follows the ids (older forms are
        // born earlier), so the sort by `display_cmp` (a comparison of birthdays and
        // option lists each) then finds the lists nearly in order.
        left.sort_unstable();
        right.sort_unstable();
        left.sort_by(|&a, &b| self.display_cmp(a, b));
        right.sort_by(|&a, &b| self.display_cmp(a, b));
        self.insert_general(hash, left.into(), right.into())
    }

    /// If `{left | right}` (canonical) is a number-up-star form, its value.
    fn recognise_nus(&mut self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        // Most forms have a general option: found without copying the values (big
        // integers) of the options before it.
        if left
            .iter()
            .chain(right)
            .any(|&g| matches!(self.node(g), Node::General { .. }))
        {
            return None;
        }
        let lv: Vec<Nus> = left
            .iter()
            .map(|&g| self.as_nus(g).cloned())
            .collect::<Option<_>>()?;
        let rv: Vec<Nus> = right
            .iter()
            .map(|&g| self.as_nus(g).cloned())
            .collect::<Option<_>>()?;
        if lv.iter().chain(&rv).all(Nus::is_number) && lv.len() <= 1 && rv.len() <= 1 {
            let lo = lv.first().map(|v| &v.number);
            let hi = rv.first().map(|v| &v.number);
            let hot = matches!((lo, hi), (Some(l), Some(h)) if l >= h);
            if !hot {
                return Some(Nus::number(Dyadic::simplest_between(lo, hi)));
            }
        }
        let candidate = nus_candidate(&lv, &rv)?;
        // Accept the candidate only if its canonical options are exactly these.
        let id = self.intern_nus(candidate.clone());
        let (l, r) = self.options(id);
        let same = |a: &[GameId], b: &[GameId]| {
            let mut a = a.to_vec();
            let mut b = b.to_vec();
            a.sort();
            b.sort();
            a == b
        };
        (same(&l, left) && same(&r, right)).then_some(candidate)
    }

    /// A fixed total order on canonical forms, independent of the order in which they were
    /// created and cheap enough to keep every stored option list in it: number-up-star
    /// values first (by number, ups, nimber), then general forms by birthday and then by
    /// their options. Printing uses CGSuite's order instead ([`GameStore::cgsuite_cmp`]),
    /// which needs the uptimal expansion of each option.
    pub fn display_cmp(&mut self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        match (self.node(a), self.node(b)) {
            (Node::Nus(x), Node::Nus(y)) => x.display_cmp(y),
            (Node::Nus(_), Node::General { .. }) => Ordering::Less,
            (Node::General { .. }, Node::Nus(_)) => Ordering::Greater,
            (
                Node::General {
                    left: la,
                    right: ra,
                },
                Node::General {
                    left: lb,
                    right: rb,
                },
            ) => {
                let (la, ra, lb, rb) = (la.clone(), ra.clone(), lb.clone(), rb.clone());
                let by_birthday = self.birthday_cmp(a, b);
                by_birthday
                    .then_with(|| self.list_cmp(&la, &lb))
                    .then_with(|| self.list_cmp(&ra, &rb))
            }
        }
    }

    fn list_cmp(&mut self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            let c = self.display_cmp(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        a.len().cmp(&b.len())
    }
}

/// Guesses which `x + n↑ + *m` a canonical form with number-up-star options could be;
/// the caller verifies the guess against the exact option lists.
fn nus_candidate(lv: &[Nus], rv: &[Nus]) -> Option<Nus> {
    let x = lv.first().or(rv.first())?.number.clone();
    if lv.iter().chain(rv).any(|v| v.number != x) {
        return None;
    }
    let nus = |ups: i64, nim: u64| {
        Some(Nus {
            number: x.clone(),
            ups,
            nim,
        })
    };
    match (lv, rv) {
        // x + *m: both sides are x, x*, …, x*(m-1)
        (l, r) if l.len() == r.len() && l.iter().all(|v| v.ups == 0 && r.contains(v)) => {
            nus(0, l.len() as u64)
        }
        // x + ↑*  = {x, x* | x};  x + ↓* = {x | x, x*}
        ([_, _], [_]) => nus(1, 1),
        ([_], [_, _]) => nus(-1, 1),
        ([a], [b]) if a.is_number() && b.ups >= 0 => nus(b.ups.checked_add(1)?, b.nim ^ 1),
        ([a], [b]) if b.is_number() && a.ups <= 0 => nus(a.ups.checked_sub(1)?, a.nim ^ 1),
        _ => None,
    }
}

impl GameStore {
    pub(crate) fn remember_leq(&mut self, g: GameId, h: GameId, result: bool) {
        if self.leq_memo.len() >= MAX_LEQ_MEMO {
            self.leq_memo = Default::default();
        } else if self.leq_memo.is_full() {
            // About to double: the memo is the store's largest table, so the budget is
            // checked here too, not only when forms are added.
            self.make_room(caches_limit());
        }
        self.leq_memo.insert(g, h, result);
    }

    pub(crate) fn remember_add(&mut self, key: (GameId, GameId), result: GameId) {
        if self.add_memo.len() >= MAX_ADD_MEMO {
            self.add_memo = Default::default();
        } else if self.add_memo.is_full() {
            // About to double: checked against the budget as the comparisons' memo is.
            self.make_room(caches_limit());
        }
        self.add_memo.insert(key.0, key.1, result);
    }

    /// Empties the caches (see [`GameStore::empty_caches`]) if the store, with its largest
    /// table doubled, would hold more than `limit` bytes.
    pub(crate) fn make_room(&mut self, limit: u64) {
        if self.bytes_after_growth() > limit || crate::game::budget::in_use() > limit {
            self.empty_caches();
        }
    }

    /// Empties (and frees) the memos of sums and comparisons, which are caches: every
    /// entry is found again when asked for. (The negatives are a word by form, like the
    /// stops, and stay.)
    pub fn empty_caches(&mut self) {
        self.add_memo = Default::default();
        self.leq_memo = Default::default();
        self.caches_emptied += 1;
    }

    /// How many times the memos were emptied to stay within the memory budget.
    pub fn caches_emptied(&self) -> u64 {
        self.caches_emptied
    }

    /// Sizes of the memo tables (for benchmarks and diagnostics).
    pub fn leq_memo_len(&self) -> usize {
        self.leq_memo.len()
    }

    pub fn add_memo_len(&self) -> usize {
        self.add_memo.len()
    }
}
