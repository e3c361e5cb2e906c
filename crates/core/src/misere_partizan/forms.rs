//! Partizan game forms as written: trees of options, never canonicalised, kept once each.
//!
//! Misère play depends on the form of a game, not on its normal-play value (`{*2|*2}` is `0`
//! in normal play, yet a misère P-position while `0` is an N-position), so the misère
//! theory works on forms. A form is `{G^L | G^R}` with *sets* of options, as in the
//! literature (Siegel, "Misère canonical forms of partizan games", Games of No Chance 4,
//! §1): its options are kept sorted and without repeats, and equal forms are one
//! [`FormId`] (hash-consing). Options are made before the forms that hold them, so an id
//! is larger than the ids of all its options: ascending ids are an order in which every
//! option comes before its parents (the outcome table is filled that way, without
//! recursion).

use crate::game::abort::{Abort, raise};
use crate::game::{GameId, GameStore};
use rustc_hash::FxHashMap;

/// A form in a [`Forms`] store.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct FormId(u32);

impl FormId {
    /// Its place in the store.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most forms one store holds; making more stops the computation
/// ([`Abort::TooLarge`]): a literal sum has as many positions as the product of its
/// parts'.
pub const MAX_FORMS: usize = 20_000_000;

/// Left's and Right's options, sorted and without repeats.
type Sides = (Box<[FormId]>, Box<[FormId]>);

struct Node {
    left: Box<[FormId]>,
    right: Box<[FormId]>,
    birthday: u32,
}

/// The store of forms, with the memo tables of the operations on them (sums, conjugates,
/// outcomes, comparisons and reductions modulo a universe, in the sibling files).
pub struct Forms {
    nodes: Vec<Node>,
    index: FxHashMap<Sides, FormId>,
    sums: FxHashMap<(FormId, FormId), FormId>,
    conjugates: FxHashMap<FormId, FormId>,
    from_games: FxHashMap<GameId, FormId>,
    values: FxHashMap<FormId, GameId>,
    /// Per form, bit 0: Left wins moving first; bit 1: Right wins moving first; bit 2:
    /// known (see `outcome.rs`).
    pub(super) outcomes: Vec<u8>,
    pub(super) strong: FxHashMap<(FormId, bool), bool>,
    pub(super) geq: FxHashMap<(u8, FormId, FormId), bool>,
    pub(super) reduced: FxHashMap<(u8, FormId), FormId>,
    pub(super) members: FxHashMap<(u8, FormId), bool>,
    pub(super) adjoints: FxHashMap<FormId, FormId>,
    pub(super) witnesses: FxHashMap<(u8, FormId, FormId, bool), FormId>,
}

impl Default for Forms {
    fn default() -> Self {
        Forms::new()
    }
}

impl Forms {
    /// A store holding `0 = { | }`.
    pub fn new() -> Forms {
        let mut f = Forms {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            sums: FxHashMap::default(),
            conjugates: FxHashMap::default(),
            from_games: FxHashMap::default(),
            values: FxHashMap::default(),
            outcomes: Vec::new(),
            strong: FxHashMap::default(),
            geq: FxHashMap::default(),
            reduced: FxHashMap::default(),
            members: FxHashMap::default(),
            adjoints: FxHashMap::default(),
            witnesses: FxHashMap::default(),
        };
        f.node(Vec::new(), Vec::new());
        f
    }

    /// The number of forms held.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never: `0` is always held.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// `0 = { | }`.
    pub fn zero(&self) -> FormId {
        FormId(0)
    }

    /// The form `{left | right}` (the order and repeats of the options do not matter).
    pub fn node(&mut self, mut left: Vec<FormId>, mut right: Vec<FormId>) -> FormId {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        if self.nodes.len() >= MAX_FORMS {
            raise(Abort::TooLarge(format!(
                "more than {MAX_FORMS} misère game forms"
            )));
        }
        let birthday = key
            .0
            .iter()
            .chain(key.1.iter())
            .map(|o| self.nodes[o.index()].birthday + 1)
            .max()
            .unwrap_or(0);
        let id = FormId(self.nodes.len() as u32);
        self.nodes.push(Node {
            left: key.0.clone(),
            right: key.1.clone(),
            birthday,
        });
        self.index.insert(key, id);
        id
    }

    /// Left's options.
    pub fn left(&self, g: FormId) -> &[FormId] {
        &self.nodes[g.index()].left
    }

    /// Right's options.
    pub fn right(&self, g: FormId) -> &[FormId] {
        &self.nodes[g.index()].right
    }

    /// The options of one player (`left` for Left).
    pub fn options(&self, g: FormId, left: bool) -> &[FormId] {
        if left { self.left(g) } else { self.right(g) }
    }

    /// The birthday: 0 for `0`, else one more than the largest of its options'.
    pub fn birthday(&self, g: FormId) -> u32 {
        self.nodes[g.index()].birthday
    }

    /// A Left end: Left has no move (Siegel §1).
    pub fn is_left_end(&self, g: FormId) -> bool {
        self.left(g).is_empty()
    }

    /// A Right end: Right has no move.
    pub fn is_right_end(&self, g: FormId) -> bool {
        self.right(g).is_empty()
    }

    /// The conjugate `Ḡ = {Ḡ^R | Ḡ^L}`: the players' roles swapped (the misère literature
    /// writes Ḡ rather than −G, since G + Ḡ need not equal 0).
    pub fn conjugate(&mut self, g: FormId) -> FormId {
        if let Some(&c) = self.conjugates.get(&g) {
            return c;
        }
        super::check_stack();
        let l: Vec<FormId> = self.right(g).to_vec();
        let r: Vec<FormId> = self.left(g).to_vec();
        let l = l.into_iter().map(|x| self.conjugate(x)).collect();
        let r = r.into_iter().map(|x| self.conjugate(x)).collect();
        let c = self.node(l, r);
        self.conjugates.insert(g, c);
        self.conjugates.insert(c, g);
        c
    }

    /// The disjunctive sum `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` as a form (its
    /// positions are the pairs of positions of the parts).
    pub fn sum(&mut self, g: FormId, h: FormId) -> FormId {
        let (g, h) = if g <= h { (g, h) } else { (h, g) };
        if g == self.zero() {
            return h;
        }
        if let Some(&s) = self.sums.get(&(g, h)) {
            return s;
        }
        super::check_stack();
        let mut sides = [Vec::new(), Vec::new()];
        for (k, left) in [true, false].into_iter().enumerate() {
            let gs = self.options(g, left).to_vec();
            let hs = self.options(h, left).to_vec();
            for x in gs {
                sides[k].push(self.sum(x, h));
            }
            for y in hs {
                sides[k].push(self.sum(g, y));
            }
        }
        let [l, r] = sides;
        let s = self.node(l, r);
        self.sums.insert((g, h), s);
        s
    }

    /// The integer `n` as a form: `n = {n−1 | }` for n > 0 (Left has n moves in a row),
    /// its conjugate for n < 0.
    pub fn integer(&mut self, n: i64) -> FormId {
        let mut g = self.zero();
        for _ in 0..n.unsigned_abs() {
            g = if n > 0 {
                self.node(vec![g], vec![])
            } else {
                self.node(vec![], vec![g])
            };
        }
        g
    }

    /// `* = {0 | 0}`.
    pub fn star(&mut self) -> FormId {
        let z = self.zero();
        self.node(vec![z], vec![z])
    }

    /// The canonical form of a short game (of the normal-play store) as a form: the same
    /// tree of options.
    pub fn from_game(&mut self, store: &mut GameStore, g: GameId) -> FormId {
        if let Some(&f) = self.from_games.get(&g) {
            return f;
        }
        store.check_interrupt();
        let (l, r) = store.options(g);
        let (l, r) = (l.to_vec(), r.to_vec());
        let l = l.into_iter().map(|x| self.from_game(store, x)).collect();
        let r = r.into_iter().map(|x| self.from_game(store, x)).collect();
        let f = self.node(l, r);
        self.from_games.insert(g, f);
        f
    }

    /// The normal-play value of a form (its canonical form in the store).
    pub fn value(&mut self, store: &mut GameStore, g: FormId) -> GameId {
        if let Some(&v) = self.values.get(&g) {
            return v;
        }
        store.check_interrupt();
        let l: Vec<FormId> = self.left(g).to_vec();
        let r: Vec<FormId> = self.right(g).to_vec();
        let l: Vec<GameId> = l.into_iter().map(|x| self.value(store, x)).collect();
        let r: Vec<GameId> = r.into_iter().map(|x| self.value(store, x)).collect();
        let v = store.canonical(&l, &r);
        self.values.insert(g, v);
        v
    }

    /// The short game whose canonical form is this very form, if there is one (`{0|}` is
    /// `1`, `{0,*|0,*}` is `*2`; `{*|*}` is none, its canonical form being `0`).
    pub fn as_canonical(&mut self, store: &mut GameStore, g: FormId) -> Option<GameId> {
        let v = self.value(store, g);
        (self.from_game(store, v) == g).then_some(v)
    }

    /// The form written with braces, each part that is the canonical form of a short game
    /// named as the store prints that game (`{0,*|1}`, `{↑|-1}`), so that the text, quoted
    /// (`'{0,*|1}'`), reads back as the same form.
    pub fn display(
        &mut self,
        store: &mut GameStore,
        g: FormId,
        style: crate::game::Style,
    ) -> String {
        let mut out = String::new();
        self.write(store, g, style, &mut out);
        out
    }

    fn write(
        &mut self,
        store: &mut GameStore,
        g: FormId,
        style: crate::game::Style,
        out: &mut String,
    ) {
        if let Some(v) = self.as_canonical(store, g) {
            out.push_str(&store.display_styled(v, style));
            return;
        }
        super::check_stack();
        out.push('{');
        for (k, x) in self.left(g).to_vec().into_iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.write(store, x, style, out);
        }
        out.push('|');
        for (k, x) in self.right(g).to_vec().into_iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.write(store, x, style, out);
        }
        out.push('}');
    }
}

impl FormId {
    /// The form at place `k` of its store.
    pub(super) fn from_index(k: usize) -> FormId {
        FormId(k as u32)
    }
}
