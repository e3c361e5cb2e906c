//! The misère monoid of a finite set of games modulo a universe: the sums of the games,
//! up to equality modulo the universe, with their addition table (Milley and Renault,
//! "Dead ends in misère play: the misère monoid of canonical numbers", Discrete Math. 313,
//! 2013, compute such monoids for the integers and numbers modulo dead-ending games).
//!
//! Equality modulo a universe is a congruence (a universe is closed under sums), so the
//! sums form a commutative monoid with identity `0`. Its elements are found by adding a
//! generator to each element found so far, each sum kept as its reduced form
//! (`reduction.rs`) and compared with the elements by the comparison of `comparison.rs`;
//! the search stops at a bound, since most such monoids are infinite (the integers
//! modulo dead-ending games are the group ℤ).

use super::forms::{FormId, Forms};
use super::universe::Universe;
use rustc_hash::FxHashMap;

/// A finite misère monoid: its elements (reduced forms, `0` first) and addition table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    /// The elements, `elements[0]` being `0`.
    pub elements: Vec<FormId>,
    /// `table[i][j]` is the place of `elements[i] + elements[j]`.
    pub table: Vec<Vec<usize>>,
}

impl Monoid {
    /// The places of the invertible elements with their inverses' places.
    pub fn inverses(&self) -> Vec<(usize, usize)> {
        let n = self.elements.len();
        (0..n)
            .filter_map(|i| (0..n).find(|&j| self.table[i][j] == 0).map(|j| (i, j)))
            .collect()
    }
}

impl Forms {
    /// The monoid of the sums of `gens` (each in `u`) modulo `u`, or `None` if it has more
    /// than `max` elements.
    pub fn monoid(&mut self, gens: &[FormId], u: Universe, max: usize) -> Option<Monoid> {
        let zero = self.zero();
        let gens: Vec<FormId> = gens.iter().map(|&g| self.reduce(g, u)).collect();
        let mut elements = vec![zero];
        let mut place: FxHashMap<FormId, usize> = FxHashMap::default();
        place.insert(zero, 0);
        let mut k = 0;
        while k < elements.len() {
            for &g in &gens {
                let s = self.sum(elements[k], g);
                if self.place_of(s, u, &elements, &mut place).is_none() {
                    if elements.len() >= max {
                        return None;
                    }
                    let r = self.reduce(s, u);
                    place.insert(s, elements.len());
                    place.insert(r, elements.len());
                    elements.push(r);
                }
            }
            k += 1;
        }
        let n = elements.len();
        let mut table = vec![vec![0; n]; n];
        for i in 0..n {
            for j in i..n {
                let s = self.sum(elements[i], elements[j]);
                // Every sum of two sums of generators is one: it is among the elements.
                let p = self.place_of(s, u, &elements, &mut place)?;
                table[i][j] = p;
                table[j][i] = p;
            }
        }
        Some(Monoid { elements, table })
    }

    /// The place of the element equal to `s` modulo `u`, if there is one.
    fn place_of(
        &mut self,
        s: FormId,
        u: Universe,
        elements: &[FormId],
        place: &mut FxHashMap<FormId, usize>,
    ) -> Option<usize> {
        if let Some(&p) = place.get(&s) {
            return Some(p);
        }
        let r = self.reduce(s, u);
        let p = match place.get(&r) {
            Some(&p) => Some(p),
            None => (0..elements.len()).find(|&k| self.equal(elements[k], r, u)),
        }?;
        place.insert(s, p);
        Some(p)
    }
}
