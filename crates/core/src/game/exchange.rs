//! Canonical forms passed between game stores, so that threads that each own a store can
//! use each other's results.
//!
//! A [`GameStore`] is single-threaded (its option lists are `Rc`s, every operation takes
//! `&mut self` to memoize), and its ids mean nothing in another store. [`SharedForms`] is
//! a small thread-safe arena of canonical forms: a form is exported into it with its
//! options exported first, and imported into a store with its options imported first, so
//! that hash-consing on both sides keeps one id per canonical form. A [`Bridge`] remembers,
//! for one store, which of its ids it has already translated either way, so each form
//! crosses once per store.
//!
//! Imported forms are interned as they are, without being simplified again: they are
//! canonical already, and a store keeps the options of a form in a fixed order that
//! depends only on the games ([`GameStore::display_cmp`]), so the same form arrives with
//! its options in the order the receiving store would have given them.

use super::abort::{Abort, raise};
use super::nus::Nus;
use super::store::{GameId, GameStore, MAX_GAMES, Node};
use rustc_hash::FxHashMap;
use std::sync::{Mutex, MutexGuard};

/// A canonical form in a [`SharedForms`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SharedId(u32);

/// A form as the arena keeps it: options by shared id.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Form {
    Nus(Nus),
    General(Box<[SharedId]>, Box<[SharedId]>),
}

#[derive(Default)]
struct Forms {
    nodes: Vec<Form>,
    index: FxHashMap<Form, SharedId>,
}

/// A thread-safe arena of canonical forms, one [`SharedId`] per form.
#[derive(Default)]
pub struct SharedForms {
    forms: Mutex<Forms>,
}

impl SharedForms {
    pub fn new() -> SharedForms {
        SharedForms::default()
    }

    /// The arena, even if a thread panicked while holding it: it only ever holds
    /// complete forms (a form is pushed in one step, under the lock).
    fn lock(&self) -> MutexGuard<'_, Forms> {
        self.forms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many forms the arena holds.
    pub fn len(&self) -> usize {
        self.lock().nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn intern(&self, form: Form) -> SharedId {
        let mut forms = self.lock();
        if let Some(&id) = forms.index.get(&form) {
            return id;
        }
        if forms.nodes.len() >= MAX_GAMES {
            // Unlock before unwinding, so that the other threads can still finish.
            drop(forms);
            raise(Abort::TooLarge(format!(
                "the computation needs more than {MAX_GAMES} distinct canonical forms"
            )));
        }
        let id = SharedId(forms.nodes.len() as u32);
        forms.nodes.push(form.clone());
        forms.index.insert(form, id);
        id
    }

    fn form(&self, id: SharedId) -> Form {
        self.lock().nodes[id.0 as usize].clone()
    }
}

/// One store's translations to and from one [`SharedForms`].
#[derive(Default, Debug)]
pub struct Bridge {
    out: FxHashMap<GameId, SharedId>,
    back: FxHashMap<SharedId, GameId>,
}

impl Bridge {
    pub fn new() -> Bridge {
        Bridge::default()
    }

    fn remember(&mut self, g: GameId, s: SharedId) {
        self.out.insert(g, s);
        self.back.insert(s, g);
    }
}

impl GameStore {
    /// The form `g` of this store in `shared` (its options exported first).
    pub fn export(&mut self, g: GameId, shared: &SharedForms, bridge: &mut Bridge) -> SharedId {
        if let Some(&s) = bridge.out.get(&g) {
            return s;
        }
        self.check_interrupt();
        let form = match self.node(g) {
            Node::Nus(v) => Form::Nus((**v).clone()),
            Node::General { left, right } => {
                let (left, right) = (left.clone(), right.clone());
                let mut side = |opts: &[GameId]| -> Box<[SharedId]> {
                    opts.iter()
                        .map(|&o| self.export(o, shared, bridge))
                        .collect()
                };
                let l = side(&left);
                let r = side(&right);
                Form::General(l, r)
            }
        };
        let s = shared.intern(form);
        bridge.remember(g, s);
        s
    }

    /// The form `s` of `shared` in this store (its options imported first).
    pub fn import(&mut self, s: SharedId, shared: &SharedForms, bridge: &mut Bridge) -> GameId {
        if let Some(&g) = bridge.back.get(&s) {
            return g;
        }
        self.check_interrupt();
        let g = match shared.form(s) {
            Form::Nus(v) => self.intern_nus(v),
            Form::General(left, right) => {
                let mut side = |opts: &[SharedId]| -> Vec<GameId> {
                    opts.iter()
                        .map(|&o| self.import(o, shared, bridge))
                        .collect()
                };
                let l = side(&left);
                let r = side(&right);
                self.intern_general(l.into(), r.into())
            }
        };
        bridge.remember(g, s);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    /// Games built in one store and carried through the arena into another, which already
    /// holds some of them: each arrives as the id the receiving store gives the same game.
    #[test]
    fn forms_cross_between_stores_keeping_one_id_each() {
        let shared = SharedForms::new();
        let mut a = GameStore::new();
        let mut b = GameStore::new();
        let build = |s: &mut GameStore| -> Vec<GameId> {
            let (zero, star, one) = (s.zero(), s.nimber(1), s.integer(1));
            let up = s.canonical(&[zero], &[star]);
            let half = s.canonical(&[zero], &[one]);
            let pm1 = {
                let m1 = s.integer(-1);
                s.canonical(&[one], &[m1])
            };
            let hot = s.canonical(&[pm1, up], &[half, star]);
            let hotter = s.canonical(&[hot, one], &[pm1]);
            vec![zero, star, up, half, pm1, hot, hotter]
        };
        let in_a = build(&mut a);
        // b knows a few games already, created in another order.
        let _ = b.integer(5);
        let (bridge_a, bridge_b) = (&mut Bridge::new(), &mut Bridge::new());
        let crossed: Vec<GameId> = in_a
            .iter()
            .map(|&g| {
                let s = a.export(g, &shared, bridge_a);
                b.import(s, &shared, bridge_b)
            })
            .collect();
        let in_b = build(&mut b);
        assert_eq!(crossed, in_b);
        for (&x, &y) in in_a.iter().zip(&in_b) {
            assert_eq!(a.display(x, Notation::Ascii), b.display(y, Notation::Ascii));
        }
        // Back again: the same shared ids.
        for (&x, &y) in in_a.iter().zip(&in_b) {
            assert_eq!(
                a.export(x, &shared, bridge_a),
                b.export(y, &shared, bridge_b)
            );
        }
    }
}
