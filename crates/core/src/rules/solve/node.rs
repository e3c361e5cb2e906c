//! A position of the outcome search: the components too big for a canonical form, and
//! the exact sum of all the others' values (one canonical form).
//!
//! Each big component carries its fingerprint: 128 bits hashed from its normal form
//! ([`Rules::normal_form`]) and whether that is its negative. The key of a node is the
//! wrapping sum of its components' fingerprints (a sum does not depend on their order,
//! and is updated when one component is replaced) mixed with the id of the exact part: two
//! nodes with equal keys are sums of the same components, up to the game's symmetries,
//! plus the same value, and so have the same outcome. Keys are hashes: two different nodes
//! share one with probability about 2^-128 per pair.
//!
//! A component and its negative add up to 0 and are dropped together (the transposed
//! image of a Domineering region beside it, two equal heaps of an impartial game).

use super::super::Rules;
use crate::game::GameId;
use std::hash::{DefaultHasher, Hash, Hasher};

/// A big component: the position, its fingerprint (of its normal form) and whether the
/// normal form is its negative.
#[derive(Clone, Debug)]
pub(crate) struct Part<P> {
    pub position: P,
    pub print: u128,
    pub negated: bool,
}

impl<P> Part<P> {
    /// What the component adds to its node's key.
    pub fn signed(&self) -> u128 {
        signed(self.print, self.negated)
    }
}

/// A fingerprint with a sign: the negative of a component adds another word to a key.
fn signed(print: u128, negated: bool) -> u128 {
    if negated {
        print.rotate_left(64) ^ 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834
    } else {
        print
    }
}

/// A node: big components, and the sum of the values of the others.
#[derive(Clone, Debug)]
pub(crate) struct Node<P> {
    pub parts: Vec<Part<P>>,
    pub exact: GameId,
    /// The fingerprint of the exact part's canonical form (of how it is written, so that
    /// it is the same in every run and a saved table can be used again; see
    /// [`exact_print`]).
    pub exact_key: u128,
    /// The wrapping sum of the parts' [`Part::signed`] words.
    pub sum: u128,
}

impl<P> Node<P> {
    /// The key of the node (the same whoever moves first).
    pub fn key(&self) -> u128 {
        self.sum ^ mix(self.exact_key)
    }

    /// The key of the node's parts alone (nodes with equal ones differ only in their
    /// exact part).
    pub fn parts_key(&self) -> u128 {
        self.sum
    }
}

/// 128 bits from a word: two SipHashes with different prefixes.
fn mix(word: u128) -> u128 {
    let half = |seed: u64| {
        let mut h = DefaultHasher::new();
        (seed, word).hash(&mut h);
        h.finish()
    };
    (u128::from(half(0x5eed_0001)) << 64) | u128::from(half(0x5eed_0002))
}

/// The fingerprint of the canonical form `g`: of its text in CGSuite's ASCII notation,
/// which names one canonical form (ids in a store differ from run to run).
pub(crate) fn exact_print(store: &mut crate::game::GameStore, g: GameId) -> u128 {
    print(&store.display(g, crate::game::Notation::Ascii))
}

/// The fingerprint of a normal form.
pub(crate) fn print<P: Hash>(p: &P) -> u128 {
    let half = |seed: u64| {
        let mut h = DefaultHasher::new();
        seed.hash(&mut h);
        p.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0xc0de_0001)) << 64) | u128::from(half(0xc0de_0002))
}

/// The component `c` as a part (its normal form's fingerprint).
pub(crate) fn part<R: Rules>(rules: &R, c: R::Position) -> Part<R::Position> {
    let (normal, negated) = rules.normal_form(&c);
    Part {
        print: print(&normal),
        negated,
        position: c,
    }
}

/// A node of `parts` and `exact`, with each component dropped with its negative (and,
/// in an impartial game, with an equal one: there every game is its own negative).
pub(crate) fn node<R: Rules>(
    rules: &R,
    mut parts: Vec<Part<R::Position>>,
    exact: GameId,
    exact_key: u128,
) -> Node<R::Position> {
    let impartial = rules.is_impartial();
    let mut i = 0;
    'outer: while i < parts.len() {
        for j in i + 1..parts.len() {
            let (a, b) = (&parts[i], &parts[j]);
            if a.print == b.print
                && (impartial || a.negated != b.negated)
                && rules.normal_form(&a.position).0 == rules.normal_form(&b.position).0
            {
                parts.swap_remove(j);
                parts.swap_remove(i);
                continue 'outer;
            }
        }
        i += 1;
    }
    let sum = parts.iter().fold(0u128, |s, p| s.wrapping_add(p.signed()));
    Node {
        parts,
        exact,
        exact_key,
        sum,
    }
}
