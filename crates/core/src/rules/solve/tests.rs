//! The outcome solver against canonical forms: on every small position of two games (heaps
//! with subtraction sets, whose values are numbers and switches; linear Clobber, whose
//! values are infinitesimals, with the colour swap as a symmetry that negates), the
//! solver's outcome is the outcome class of the canonical form, whatever the bound on
//! the components replaced by their values (none, small, the default).

use super::*;
use crate::game::GameStore;
use crate::rules::{EngineError, canonical};
use rustc_hash::FxHashMap;
use std::convert::Infallible;

/// Heaps: Left removes one of `left` tokens from a heap, Right one of `right`.
struct Heaps {
    left: Vec<u32>,
    right: Vec<u32>,
    store: GameStore,
}

impl Rules for Heaps {
    type Position = Vec<u32>;
    type Error = Infallible;

    fn moves(
        &mut self,
        p: &Vec<u32>,
        left: bool,
        out: &mut Vec<Vec<u32>>,
    ) -> Result<(), Infallible> {
        let takes = if left { &self.left } else { &self.right };
        for (k, &n) in p.iter().enumerate() {
            for &t in takes.iter().filter(|&&t| t <= n) {
                let mut q = p.clone();
                q[k] = n - t;
                out.push(q);
            }
        }
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        &mut self.store
    }

    fn is_impartial(&self) -> bool {
        self.left == self.right
    }

    fn components(&mut self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) -> Result<(), Infallible> {
        out.extend(p.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
        Ok(())
    }
}

/// Linear Clobber: a row of `x` (Left's stones), `o` (Right's) and `.`; a stone moves onto
/// an adjacent stone of the other colour, which leaves the board.
struct Clobber {
    store: GameStore,
    /// Whether to split into components and use the colour swap (else the whole row,
    /// no symmetry).
    theory: bool,
}

fn swapped(row: &[u8]) -> Vec<u8> {
    row.iter()
        .map(|&c| match c {
            b'x' => b'o',
            b'o' => b'x',
            c => c,
        })
        .collect()
}

impl Rules for Clobber {
    type Position = Vec<u8>;
    type Error = Infallible;

    fn moves(&mut self, p: &Vec<u8>, left: bool, out: &mut Vec<Vec<u8>>) -> Result<(), Infallible> {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        for i in 0..p.len() {
            if p[i] != me {
                continue;
            }
            for j in [i.wrapping_sub(1), i + 1] {
                if j < p.len() && p[j] == them {
                    let mut q = p.clone();
                    q[i] = b'.';
                    q[j] = me;
                    out.push(q);
                }
            }
        }
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        &mut self.store
    }

    fn components(&mut self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> Result<(), Infallible> {
        if !self.theory {
            out.push(p.clone());
            return Ok(());
        }
        for run in p.split(|&c| c == b'.') {
            if run.contains(&b'x') && run.contains(&b'o') {
                out.push(run.to_vec());
            }
        }
        Ok(())
    }

    fn normal_form(&self, p: &Vec<u8>) -> (Vec<u8>, bool) {
        if !self.theory {
            return (p.clone(), false);
        }
        let r: Vec<u8> = p.iter().rev().copied().collect();
        let images = [
            (p.clone(), false),
            (swapped(p), true),
            (swapped(&r), true),
            (r, false),
        ];
        images.into_iter().min().unwrap_or((p.clone(), false))
    }
}

/// Every row of `n` cells over `alphabet`.
fn rows(n: usize, alphabet: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|r| {
                alphabet.iter().map(move |&c| {
                    let mut r = r.clone();
                    r.push(c);
                    r
                })
            })
            .collect();
    }
    out
}

const LIMITS: [usize; 3] = [0, 3, 2000];

#[test]
fn clobber_outcomes_agree_with_canonical_forms() {
    let mut checked = [0usize; 4];
    for theory in [false, true] {
        let mut rules = Clobber {
            store: GameStore::new(),
            theory,
        };
        let mut table = FxHashMap::default();
        for n in 1..=7 {
            for p in rows(n, b"xo.") {
                let g = canonical(&mut rules, &mut table, &p).unwrap_or_else(|e| panic!("{e:?}"));
                let expected = rules.store.outcome(g);
                for limit in LIMITS {
                    let options = SolveOptions {
                        component_limit: limit,
                        ..SolveOptions::default()
                    };
                    let found = solve(&mut rules, &p, options).unwrap_or_else(|e| panic!("{e:?}"));
                    assert_eq!(
                        found.outcome(),
                        expected,
                        "{} limit {limit}",
                        String::from_utf8_lossy(&p)
                    );
                }
                checked[expected as usize] += 1;
            }
        }
    }
    // Every class occurs.
    assert!(checked.iter().all(|&k| k > 0), "{checked:?}");
}

#[test]
fn heap_outcomes_agree_with_canonical_forms() {
    for (left, right) in [
        (&[1, 2][..], &[2, 3][..]),
        (&[1, 3][..], &[2][..]),
        (&[1, 2][..], &[1, 2][..]),
    ] {
        let mut rules = Heaps {
            left: left.to_vec(),
            right: right.to_vec(),
            store: GameStore::new(),
        };
        let mut table = FxHashMap::default();
        for a in 0..9 {
            for b in 0..7 {
                for c in 0..5 {
                    let p = vec![a, b, c];
                    let g =
                        canonical(&mut rules, &mut table, &p).unwrap_or_else(|e| panic!("{e:?}"));
                    let expected = rules.store.outcome(g);
                    for limit in LIMITS {
                        let options = SolveOptions {
                            component_limit: limit,
                            ..SolveOptions::default()
                        };
                        let found =
                            solve(&mut rules, &p, options).unwrap_or_else(|e| panic!("{e:?}"));
                        assert_eq!(
                            found.outcome(),
                            expected,
                            "{p:?} {left:?}/{right:?} limit {limit}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_searcher_counts_its_work_and_stops_at_its_bound() {
    let mut rules = Clobber {
        store: GameStore::new(),
        theory: true,
    };
    let p = b"xoxoxoxoxoxo".to_vec();
    let options = SolveOptions {
        component_limit: 0,
        ..SolveOptions::default()
    };
    let s = solve(&mut rules, &p, options.clone()).unwrap_or_else(|e| match e {
        EngineError::Rules(never) => match never {},
        other => panic!("{other:?}"),
    });
    assert!(s.stats.positions > 10, "{:?}", s.stats);
    assert!(s.stats.table_entries > 0);
    let bounded = SolveOptions {
        max_positions: Some(5),
        ..options
    };
    assert_eq!(
        solve(&mut rules, &p, bounded),
        Err(EngineError::TooLarge { limit: 5 })
    );
    // The outcome of (xo)^6 by its canonical form.
    let g =
        canonical(&mut rules, &mut FxHashMap::default(), &p).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(s.outcome(), rules.store.outcome(g));
}
