//! Misère canonical forms of impartial games (Conway, *On Numbers and Games* ch. 12;
//! Winning Ways ch. 13; Siegel, *Combinatorial Game Theory* ch. V).
//!
//! Two impartial games are misère-equal when adding either to any impartial game gives the
//! same misère outcome (the player who cannot move wins). Unlike normal play, few games are
//! equal: the only simplification is the Grundy–Smith rule, and Conway proved that a game
//! it cannot simplify is in simplest form, unique up to identity of its options.
//!
//! **The Grundy–Smith rule.** Let every option of `G` be in simplest form, and let `H` be an
//! option of an option of `G` such that every option of `H` is an option of `G`, and every
//! option of `G` that is not an option of `H` has `H` itself as an option. Then `G = H` —
//! provided (the proviso) that if `H` is `0` then `G` is a misère N-position. (The proof is
//! an induction on `X`: a move in `G + X` to an extra option `G' + X` is answered by the move
//! to `H + X`; the only case the answer does not cover is `H + X` with no move at all, where
//! `H + X = 0` wins for the player to move, which `G` must then do as well.)
//!
//! Games live in a [`MisereStore`]: one id per simplest form, so misère equality is equality
//! of ids.

use super::grundy::mex;
use rustc_hash::FxHashMap;

/// A misère simplest form in a [`MisereStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(u32);

/// The simplest forms met so far, with memo tables for sums and outcomes.
#[derive(Debug)]
pub struct MisereStore {
    /// The options of each form, sorted by id, without repeats.
    options: Vec<Vec<MisereId>>,
    index: FxHashMap<Vec<MisereId>, MisereId>,
    /// Whether each form is a misère P-position (the player to move loses).
    p_position: Vec<bool>,
    /// `Some(n)` when the form is the nim heap `*n`.
    nimber: Vec<Option<u64>>,
    /// The normal-play Grundy value of each form (invariant under misère equality).
    normal: Vec<u64>,
    sums: FxHashMap<(MisereId, MisereId), MisereId>,
    /// Cancels a long sum when set (Ctrl-C); shared with the session's game store.
    interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for MisereStore {
    fn default() -> Self {
        MisereStore::new()
    }
}

impl MisereStore {
    /// A store holding `0`.
    pub fn new() -> MisereStore {
        let mut store = MisereStore {
            options: Vec::new(),
            index: FxHashMap::default(),
            p_position: Vec::new(),
            nimber: Vec::new(),
            normal: Vec::new(),
            sums: FxHashMap::default(),
            interrupt: None,
        };
        store.intern(Vec::new());
        store
    }

    /// Lets a long sum or simplification be cancelled: when `flag` becomes true, the
    /// running operation stops with [`crate::game::Abort::Interrupted`] (and the flag is
    /// reset).
    pub fn set_interrupt_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Stops the running operation on Ctrl-C, on a recursion about to exhaust the stack,
    /// and when the heap has passed the memory budget (as the game store's check does).
    fn check_interrupt(&self) {
        use crate::game::abort::{Abort, raise, stack_exhausted};
        use std::sync::atomic::Ordering;
        if stack_exhausted() {
            raise(Abort::TooLarge(
                "a misère form nested too deeply to work on (the stack is exhausted)".into(),
            ));
        }
        if let Some(flag) = &self.interrupt
            && flag.load(Ordering::Relaxed)
            && flag.swap(false, Ordering::Relaxed)
        {
            raise(Abort::Interrupted);
        }
        crate::game::budget::poll();
    }

    /// The number of forms in the store.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// The options of a simplest form.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.options[g.0 as usize]
    }

    /// Whether the player to move loses `g` in misère play.
    pub fn is_p_position(&self, g: MisereId) -> bool {
        self.p_position[g.0 as usize]
    }

    /// `Some(n)` if `g` is the nim heap `*n` (`{0, *, …, *(n-1)}`).
    pub fn nimber_value(&self, g: MisereId) -> Option<u64> {
        self.nimber[g.0 as usize]
    }

    /// The normal-play Grundy value of `g`.
    pub fn normal_grundy(&self, g: MisereId) -> u64 {
        self.normal[g.0 as usize]
    }

    /// The nim heap `*n` in misère simplest form (heaps are already simplest).
    pub fn nimber(&mut self, n: u64) -> MisereId {
        let mut options = Vec::new();
        let mut g = self.zero();
        for _ in 0..n {
            options.push(g);
            g = match self.index.get(&options) {
                Some(&h) => h,
                None => self.intern(options.clone()),
            };
        }
        g
    }

    /// The simplest form of the game with these options (each already simplest), by the
    /// Grundy–Smith rule: see the module documentation.
    ///
    /// ```
    /// use cgt_core::impartial::misere_forms::MisereStore;
    /// let mut s = MisereStore::new();
    /// let star = s.nimber(1);
    /// // {*} is misère-equal to 0, while {*2} is a new game.
    /// assert_eq!(s.canonical(&[star]), s.zero());
    /// let two = s.nimber(2);
    /// let g = s.canonical(&[two]);
    /// assert!(g != s.zero() && s.nimber_value(g).is_none());
    /// ```
    pub fn canonical(&mut self, options: &[MisereId]) -> MisereId {
        let mut opts = options.to_vec();
        opts.sort_unstable();
        opts.dedup();
        if let Some(&g) = self.index.get(&opts) {
            return g;
        }
        self.check_interrupt();
        let mover_wins = opts.is_empty() || opts.iter().any(|&o| self.is_p_position(o));
        for &o in &opts {
            for &h in self.options(o) {
                if self.simplifies_to(&opts, h, mover_wins) {
                    return h;
                }
            }
        }
        self.intern(opts)
    }

    /// The Grundy–Smith condition for `G = h`, `G` having the options `opts` (sorted).
    fn simplifies_to(&self, opts: &[MisereId], h: MisereId, mover_wins: bool) -> bool {
        let h_opts = self.options(h);
        if h == self.zero() && !mover_wins {
            return false; // the proviso
        }
        h_opts.iter().all(|x| opts.binary_search(x).is_ok())
            && opts
                .iter()
                .filter(|x| h_opts.binary_search(x).is_err())
                .all(|&x| self.options(x).binary_search(&h).is_ok())
    }

    /// Adds a form already known to be simplest.
    fn intern(&mut self, opts: Vec<MisereId>) -> MisereId {
        let id = MisereId(self.options.len() as u32);
        let p = !opts.is_empty() && opts.iter().all(|&o| !self.is_p_position(o));
        let normal = mex(opts.iter().map(|&o| self.normal_grundy(o)));
        let n = opts.len() as u64;
        let is_heap = opts
            .iter()
            .map(|&o| self.nimber_value(o))
            .collect::<Option<Vec<u64>>>()
            .is_some_and(|mut v| {
                v.sort_unstable();
                v.iter().copied().eq(0..n)
            });
        self.p_position.push(p);
        self.nimber.push(is_heap.then_some(n));
        self.normal.push(normal);
        self.index.insert(opts.clone(), id);
        self.options.push(opts);
        id
    }

    /// The simplest form of `a + b` (misère equality is a congruence for sums, so the sum of
    /// simplest forms stands for the sum of any games equal to them).
    pub fn add(&mut self, a: MisereId, b: MisereId) -> MisereId {
        if a == self.zero() {
            return b;
        }
        if b == self.zero() {
            return a;
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&s) = self.sums.get(&key) {
            return s;
        }
        self.check_interrupt();
        let mut opts = Vec::with_capacity(self.options(a).len() + self.options(b).len());
        for x in self.options(a).to_vec() {
            opts.push(self.add(x, b));
        }
        for y in self.options(b).to_vec() {
            opts.push(self.add(a, y));
        }
        let s = self.canonical(&opts);
        self.sums.insert(key, s);
        s
    }

    /// The misère Grundy value `G⁻`: `G⁻(0) = 1`, otherwise the mex of the options' values.
    /// `G⁻(g) = 0` exactly when `g` is a misère P-position.
    pub fn misere_grundy(&self, g: MisereId) -> u64 {
        let mut memo = FxHashMap::default();
        self.misere_grundy_memo(g, &mut memo)
    }

    fn misere_grundy_memo(&self, g: MisereId, memo: &mut FxHashMap<MisereId, u64>) -> u64 {
        if g == self.zero() {
            return 1;
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let values: Vec<u64> = self
            .options(g)
            .iter()
            .map(|&o| self.misere_grundy_memo(o, memo))
            .collect();
        let v = mex(values);
        memo.insert(g, v);
        v
    }

    /// The birthday of a simplest form: 0 for `0`, else one more than its options' largest.
    pub fn birthday(&self, g: MisereId) -> u64 {
        let mut memo = FxHashMap::default();
        self.birthday_memo(g, &mut memo)
    }

    fn birthday_memo(&self, g: MisereId, memo: &mut FxHashMap<MisereId, u64>) -> u64 {
        if let Some(&b) = memo.get(&g) {
            return b;
        }
        let b = self
            .options(g)
            .iter()
            .map(|&o| self.birthday_memo(o, memo) + 1)
            .max()
            .unwrap_or(0);
        memo.insert(g, b);
        b
    }

    /// The printed form: `0`, `*`, `*n` for nim heaps, otherwise the options in braces,
    /// nim heaps first by size, then the others by birthday and then text: `{0,*2}` is not
    /// a heap, `{*2,{*2}}`.
    pub fn display(&self, g: MisereId) -> String {
        let mut memo = FxHashMap::default();
        self.display_memo(g, &mut memo)
    }

    fn display_memo(&self, g: MisereId, memo: &mut FxHashMap<MisereId, String>) -> String {
        match self.nimber_value(g) {
            Some(0) => return "0".into(),
            Some(1) => return "*".into(),
            Some(n) => return format!("*{n}"),
            None => {}
        }
        if let Some(s) = memo.get(&g) {
            return s.clone();
        }
        let mut parts: Vec<(u8, u64, u64, String)> = self
            .options(g)
            .iter()
            .map(|&o| match self.nimber_value(o) {
                Some(n) => (0, n, 0, self.display_memo(o, memo)),
                None => (1, 0, self.birthday(o), self.display_memo(o, memo)),
            })
            .collect();
        parts.sort();
        let text = format!(
            "{{{}}}",
            parts.into_iter().map(|p| p.3).collect::<Vec<_>>().join(",")
        );
        memo.insert(g, text.clone());
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::next_misere_day as next_day;

    #[test]
    fn games_born_by_each_day_are_counted_as_conway_counts_them() {
        // ONAG ch. 12: 1, 2, 3, 5 and 22 misère-distinct impartial games are born by days
        // 0 to 4.
        let mut s = MisereStore::new();
        let mut forms = vec![s.zero()];
        let mut counts = vec![forms.len()];
        for _ in 0..4 {
            forms = next_day(&mut s, &forms);
            counts.push(forms.len());
        }
        assert_eq!(counts, vec![1, 2, 3, 5, 22]);
    }

    /// Misère outcome of a sum of simplest forms, by brute force over the sum's moves.
    fn mover_wins(s: &MisereStore, parts: &mut Vec<MisereId>) -> bool {
        let mut any_move = false;
        for k in 0..parts.len() {
            let g = parts[k];
            for &o in s.options(g) {
                any_move = true;
                parts[k] = o;
                let wins = !mover_wins(s, parts);
                parts[k] = g;
                if wins {
                    return true;
                }
            }
        }
        !any_move
    }

    #[test]
    fn distinct_forms_are_distinguished_and_sums_agree_with_search() {
        // Day-3 forms: distinct simplest forms must differ in outcome when some day-3 game
        // (or a sum of two) is added; and the simplest form of a sum must have the same
        // misère outcome as the sum played out.
        let mut s = MisereStore::new();
        let mut forms = vec![s.zero()];
        for _ in 0..3 {
            forms = next_day(&mut s, &forms);
        }
        let mut tests = forms.clone();
        for &a in &forms {
            for &b in &forms {
                tests.push(s.add(a, b));
            }
        }
        for (i, &a) in forms.iter().enumerate() {
            for &b in &forms[i + 1..] {
                let told_apart = forms
                    .iter()
                    .flat_map(|&x| forms.iter().map(move |&y| (x, y)))
                    .any(|(x, y)| {
                        mover_wins(&s, &mut vec![a, x, y]) != mover_wins(&s, &mut vec![b, x, y])
                    });
                assert!(told_apart, "{} and {}", s.display(a), s.display(b));
            }
        }
        for &a in &forms {
            for &b in &forms {
                let sum = s.add(a, b);
                assert_eq!(
                    !s.is_p_position(sum),
                    mover_wins(&s, &mut vec![a, b]),
                    "{} + {}",
                    s.display(a),
                    s.display(b)
                );
            }
        }
    }

    #[test]
    fn nim_heaps_and_their_sums() {
        let mut s = MisereStore::new();
        // One id per form, however the heap is reached.
        let three = s.nimber(3);
        let (zero, one, two) = (s.zero(), s.nimber(1), s.nimber(2));
        assert_eq!(s.nimber(3), three);
        assert_eq!(s.canonical(&[two, one, zero]), three);
        let (one, two, three) = (s.nimber(1), s.nimber(2), s.nimber(3));
        assert_eq!(s.display(three), "*3");
        // * + * = 0 in misère play as in normal play; *2 + *2 is a P-position but not 0.
        assert_eq!(s.add(one, one), s.zero());
        let twos = s.add(two, two);
        assert!(s.is_p_position(twos));
        assert_ne!(twos, s.zero());
        // The normal-play value survives misère simplification.
        let sum = s.add(one, two);
        assert_eq!(s.normal_grundy(sum), 3);
        assert_eq!(s.misere_grundy(s.zero()), 1);
        assert_eq!(s.misere_grundy(one), 0);
        assert_eq!(s.misere_grundy(two), 2);
        let g = s.canonical(&[two]);
        assert_eq!(s.display(g), "{*2}");
    }
}
