//! Explicit game forms: games kept as they were written, never simplified until asked
//! (CGSuite's quoted `'{*|*}'`).
//!
//! Most of the theory depends only on a game's value, and the store holds values as
//! canonical forms. A few operations depend on the form: the ordinal sum `G : H` depends on
//! the form of its base `G` (`'{*|*}' : *` is `*2`, while `0 : *` is `*`), and the ordinal
//! product on the forms of both factors. An [`ExplicitForm`] is a small tree of options
//! whose leaves are games of the store taken in their canonical form; sharing makes it a
//! DAG, so the forms an ordinal product builds stay polynomial in size.
//!
//! - [`GameStore::form_value`]: the value (canonical form) of a form;
//! - [`GameStore::form_ordinal_sum`]: `A : B` as a form (Conway, ONAG ch. 15; Siegel,
//!   *Combinatorial Game Theory*, ch. II): `A : B = {A^L, A : B^L | A^R, A : B^R}`;
//! - [`GameStore::form_ordinal_product`]: CGSuite's ordinal product (see its doc);
//! - [`ExplicitForm::display`]: the form as written, `{*,{*|*}|*}`.

use super::abort::{Abort, raise};
use super::display::{Notation, Style};
use super::store::{GameId, GameStore};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// More nodes than this in the forms one operation builds is refused (an ordinal product of
/// large games would otherwise fill memory).
pub const MAX_FORM_NODES: usize = 500_000;

/// A game form: a game of the store taken in its canonical form, or options as written.
#[derive(Clone, Debug)]
pub enum ExplicitForm {
    /// A game in its canonical form: its options are its canonical options.
    Canonical(GameId),
    /// `{L | R}` as written.
    Options(Rc<FormOptions>),
}

/// The options of a written form.
#[derive(Debug)]
pub struct FormOptions {
    pub left: Vec<ExplicitForm>,
    pub right: Vec<ExplicitForm>,
}

/// Dropped without recursion: the forms an ordinal product builds nest thousands deep.
impl Drop for FormOptions {
    fn drop(&mut self) {
        let mut todo = std::mem::take(&mut self.left);
        todo.append(&mut self.right);
        while let Some(f) = todo.pop() {
            if let ExplicitForm::Options(rc) = f
                && let Ok(mut o) = Rc::try_unwrap(rc)
            {
                todo.append(&mut o.left);
                todo.append(&mut o.right);
            }
        }
    }
}

/// What a memo knows a form by: a canonical game by its id, a written node by its address
/// (the memo keeps the node alive, so the address is not reused while it is a key).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum FormKey {
    Game(GameId),
    Node(*const FormOptions),
}

impl ExplicitForm {
    /// `{left | right}` as written.
    pub fn node(left: Vec<ExplicitForm>, right: Vec<ExplicitForm>) -> ExplicitForm {
        ExplicitForm::Options(Rc::new(FormOptions { left, right }))
    }

    pub(crate) fn key(&self) -> FormKey {
        match self {
            ExplicitForm::Canonical(g) => FormKey::Game(*g),
            ExplicitForm::Options(o) => FormKey::Node(Rc::as_ptr(o)),
        }
    }

    /// Left's and Right's options: the written ones, or the canonical options of a game.
    pub fn options(&self, store: &mut GameStore) -> (Vec<ExplicitForm>, Vec<ExplicitForm>) {
        match self {
            ExplicitForm::Options(o) => (o.left.clone(), o.right.clone()),
            ExplicitForm::Canonical(g) => {
                let (l, r) = store.options(*g);
                (
                    l.iter().map(|&x| ExplicitForm::Canonical(x)).collect(),
                    r.iter().map(|&x| ExplicitForm::Canonical(x)).collect(),
                )
            }
        }
    }

    /// The form as written: `{*,{*|*}|*}` (braces for every written node, the canonical
    /// games inside printed as the store prints them). A form shared in several places is
    /// written out at each.
    pub fn display(&self, store: &mut GameStore, notation: Notation) -> String {
        self.display_styled(store, Style::cgsuite(notation))
    }

    /// [`ExplicitForm::display`] with the canonical games printed in `style`.
    pub fn display_styled(&self, store: &mut GameStore, style: Style) -> String {
        let mut out = String::new();
        self.write(store, style, &mut out);
        out
    }

    fn write(&self, store: &mut GameStore, style: Style, out: &mut String) {
        match self {
            ExplicitForm::Canonical(g) => out.push_str(&store.display_styled(*g, style)),
            ExplicitForm::Options(o) => {
                store.check_interrupt();
                out.push('{');
                for (k, x) in o.left.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    x.write(store, style, out);
                }
                out.push('|');
                for (k, x) in o.right.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    x.write(store, style, out);
                }
                out.push('}');
            }
        }
    }

    /// The number of distinct written nodes (shared ones once) and canonical leaves.
    pub fn size(&self) -> usize {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut todo = vec![self.clone()];
        while let Some(f) = todo.pop() {
            if !seen.insert(f.key()) {
                continue;
            }
            if let ExplicitForm::Options(o) = &f {
                todo.extend(o.left.iter().chain(&o.right).cloned());
            }
        }
        seen.len()
    }
}

/// The memos of one computation on forms; they keep every node they name alive.
#[derive(Default)]
struct FormWork {
    values: FxHashMap<FormKey, GameId>,
    negs: FxHashMap<FormKey, ExplicitForm>,
    sums: FxHashMap<(FormKey, FormKey), ExplicitForm>,
    products: FxHashMap<FormKey, ExplicitForm>,
    keep: Vec<ExplicitForm>,
    built: usize,
}

impl FormWork {
    fn remember(&mut self, f: &ExplicitForm) {
        if matches!(f, ExplicitForm::Options(_)) {
            self.keep.push(f.clone());
        }
    }

    fn build(&mut self, left: Vec<ExplicitForm>, right: Vec<ExplicitForm>) -> ExplicitForm {
        self.built += 1;
        if self.built > MAX_FORM_NODES {
            raise(Abort::TooLarge(format!(
                "a game form of more than {MAX_FORM_NODES} nodes"
            )));
        }
        ExplicitForm::node(left, right)
    }

    fn value(&mut self, store: &mut GameStore, f: &ExplicitForm) -> GameId {
        let o = match f {
            ExplicitForm::Canonical(g) => return *g,
            ExplicitForm::Options(o) => o,
        };
        if let Some(&v) = self.values.get(&f.key()) {
            return v;
        }
        store.check_interrupt();
        let l: Vec<GameId> = o.left.iter().map(|x| self.value(store, x)).collect();
        let r: Vec<GameId> = o.right.iter().map(|x| self.value(store, x)).collect();
        let v = store.canonical(&l, &r);
        self.remember(f);
        self.values.insert(f.key(), v);
        v
    }

    fn neg(&mut self, store: &mut GameStore, f: &ExplicitForm) -> ExplicitForm {
        let o = match f {
            ExplicitForm::Canonical(g) => return ExplicitForm::Canonical(store.neg(*g)),
            ExplicitForm::Options(o) => o,
        };
        if let Some(n) = self.negs.get(&f.key()) {
            return n.clone();
        }
        store.check_interrupt();
        let l = o.right.iter().map(|x| self.neg(store, x)).collect();
        let r = o.left.iter().map(|x| self.neg(store, x)).collect();
        let n = self.build(l, r);
        self.remember(f);
        self.negs.insert(f.key(), n.clone());
        n
    }

    /// `a : b = {a^L, a : b^L | a^R, a : b^R}`. A canonical base gives the canonical
    /// ordinal sum of the store: the sum depends on the exponent's value only (Left wins
    /// `a : b - a : b'` moving second when `b >= b'`: he answers a move in a base by the
    /// same move in the other base, and a move in an exponent as in `b - b'`).
    fn ordinal_sum(
        &mut self,
        store: &mut GameStore,
        a: &ExplicitForm,
        b: &ExplicitForm,
    ) -> ExplicitForm {
        if let ExplicitForm::Canonical(g) = a {
            let h = self.value(store, b);
            return ExplicitForm::Canonical(store.ordinal_sum(*g, h));
        }
        let key = (a.key(), b.key());
        if let Some(s) = self.sums.get(&key) {
            return s.clone();
        }
        store.check_interrupt();
        let (mut l, mut r) = a.options(store);
        let (bl, br) = b.options(store);
        for x in &bl {
            l.push(self.ordinal_sum(store, a, x));
        }
        for x in &br {
            r.push(self.ordinal_sum(store, a, x));
        }
        let s = self.build(l, r);
        self.remember(a);
        self.remember(b);
        self.sums.insert(key, s.clone());
        s
    }

    /// `g ⊛ h`, with `g` given by its options and their negatives.
    fn ordinal_product(
        &mut self,
        store: &mut GameStore,
        sides: &GSides,
        h: &ExplicitForm,
    ) -> ExplicitForm {
        if let Some(p) = self.products.get(&h.key()) {
            return p.clone();
        }
        store.check_interrupt();
        let (hl, hr) = h.options(store);
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for x in &hl {
            let p = self.ordinal_product(store, sides, x);
            for y in &sides.left {
                l.push(self.ordinal_sum(store, &p, y));
            }
            for y in &sides.right {
                r.push(self.ordinal_sum(store, &p, y));
            }
        }
        for x in &hr {
            let p = self.ordinal_product(store, sides, x);
            for y in &sides.neg_right {
                l.push(self.ordinal_sum(store, &p, y));
            }
            for y in &sides.neg_left {
                r.push(self.ordinal_sum(store, &p, y));
            }
        }
        let p = self.build(l, r);
        self.remember(h);
        self.products.insert(h.key(), p.clone());
        p
    }
}

/// The options of the left factor of an ordinal product, and their negatives.
struct GSides {
    left: Vec<ExplicitForm>,
    right: Vec<ExplicitForm>,
    neg_left: Vec<ExplicitForm>,
    neg_right: Vec<ExplicitForm>,
}

impl GameStore {
    /// The value of a form: its canonical form.
    pub fn form_value(&mut self, f: &ExplicitForm) -> GameId {
        FormWork::default().value(self, f)
    }

    /// The negative of a form, `-{L | R} = {-R | -L}`, as a form.
    pub fn form_neg(&mut self, f: &ExplicitForm) -> ExplicitForm {
        FormWork::default().neg(self, f)
    }

    /// The ordinal sum `a : b` of forms, as a form: `{a^L, a : b^L | a^R, a : b^R}` (Conway,
    /// ONAG ch. 15; Siegel ch. II). It depends on the form of `a` and on the value of `b`.
    /// `'{*|*}' : *` is `{*, {*|*} | *, {*|*}}`, whose value is `*2` (while `0 : * = *`).
    pub fn form_ordinal_sum(&mut self, a: &ExplicitForm, b: &ExplicitForm) -> ExplicitForm {
        FormWork::default().ordinal_sum(self, a, b)
    }

    /// The ordinal product `g ⊛ h` of CGSuite (its `Game.OrdinalProduct`, documented in
    /// aaron-siegel/cgsuite, `lib/core/.../game/Game.cgs`, and computed by `CompoundGame`):
    ///
    /// `g ⊛ h = {g⊛h^L : g^L, g⊛h^R : -g^R | g⊛h^L : g^R, g⊛h^R : -g^L}`,
    ///
    /// where each `g⊛h' : x` is the ordinal sum whose base is the *form* `g⊛h'`. On ordinals
    /// it is ordinal multiplication (`α⊛β = {α·β' + α' |} = α·β`), so `m ⊛ n = mn` for
    /// non-negative integers. It depends on the forms of both factors; games of the store
    /// are taken in their canonical forms. The result is a form; [`GameStore::form_value`]
    /// gives its value.
    pub fn form_ordinal_product(&mut self, g: &ExplicitForm, h: &ExplicitForm) -> ExplicitForm {
        let mut work = FormWork::default();
        let (left, right) = g.options(self);
        let neg_left = left.iter().map(|x| work.neg(self, x)).collect();
        let neg_right = right.iter().map(|x| work.neg(self, x)).collect();
        let sides = GSides {
            left,
            right,
            neg_left,
            neg_right,
        };
        work.ordinal_product(self, &sides, h)
    }

    /// The value of the ordinal product `g ⊛ h` (see [`GameStore::form_ordinal_product`]).
    pub fn ordinal_product_value(&mut self, g: &ExplicitForm, h: &ExplicitForm) -> GameId {
        let p = self.form_ordinal_product(g, h);
        self.form_value(&p)
    }
}

#[cfg(test)]
#[path = "explicit_tests.rs"]
mod tests;
