//! Misère outcomes of sums of heaps of built-in heap rulesets (several rulesets may be
//! mixed), by the rules engine's misère search ([`crate::rules::misere_outcome`]) over
//! multisets of heaps: each heap is a component, and a move replaces one heap by the heaps
//! of its option.

use super::error::ImpartialError;
use super::ruleset::HeapRuleset;
use super::search::DEFAULT_SEARCH_LIMIT;
use crate::game::{GameStore, Outcome};
use crate::rules::{EngineError, Rules, misere_outcome};
use std::sync::atomic::{AtomicBool, Ordering};

/// A heap of one of the rulesets: the index of its ruleset and its size.
pub type RuledHeap = (usize, u64);

/// Sums of heaps as the rules of an impartial game; a position is a list of heaps.
struct HeapSums<'a> {
    rulesets: &'a [HeapRuleset],
    interrupt: Option<&'a AtomicBool>,
    /// Asked for by the engine's interface only: nothing here makes games.
    store: Option<GameStore>,
}

impl Rules for HeapSums<'_> {
    type Position = Vec<RuledHeap>;
    type Error = ImpartialError;

    fn moves(
        &mut self,
        p: &Vec<RuledHeap>,
        _left: bool,
        out: &mut Vec<Vec<RuledHeap>>,
    ) -> Result<(), ImpartialError> {
        for (k, &(r, n)) in p.iter().enumerate() {
            let ruleset = self
                .rulesets
                .get(r)
                .ok_or_else(|| ImpartialError::InvalidPosition(format!("no ruleset {r}")))?;
            for option in ruleset.options(n)? {
                let mut next: Vec<RuledHeap> = p[..k].to_vec();
                next.extend_from_slice(&p[k + 1..]);
                next.extend(option.into_iter().filter(|&m| m > 0).map(|m| (r, m)));
                next.sort_unstable();
                out.push(next);
            }
        }
        Ok(())
    }

    fn store(&mut self) -> &mut GameStore {
        self.store.get_or_insert_with(GameStore::new)
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn components(
        &mut self,
        p: &Vec<RuledHeap>,
        out: &mut Vec<Vec<RuledHeap>>,
    ) -> Result<(), ImpartialError> {
        out.extend(p.iter().filter(|h| h.1 > 0).map(|&h| vec![h]));
        Ok(())
    }

    fn is_dead(&self, p: &Vec<RuledHeap>) -> bool {
        p.is_empty()
    }

    /// Stops when the caller's flag is set (leaving it set for the caller to report).
    fn check(&mut self, _open: usize) -> Result<(), ImpartialError> {
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(ImpartialError::Interrupted);
        }
        Ok(())
    }
}

/// The misère outcome (`N` or `P`) of the sum of `heaps`, each a heap of one of
/// `rulesets` (by index). At most [`DEFAULT_SEARCH_LIMIT`] sums are held; `interrupt`
/// stops the search (the flag is left set).
///
/// ```
/// use cgt_core::game::Outcome;
/// use cgt_core::impartial::{HeapRuleset, heap_misere::misere_outcome_of_heaps};
/// // Misère Kayles: a row of 1 loses for the player to move (they must take it).
/// let kayles = [HeapRuleset::kayles()];
/// assert_eq!(misere_outcome_of_heaps(&kayles, &[(0, 1)], None), Ok(Outcome::P));
/// assert_eq!(misere_outcome_of_heaps(&kayles, &[(0, 2)], None), Ok(Outcome::N));
/// ```
pub fn misere_outcome_of_heaps(
    rulesets: &[HeapRuleset],
    heaps: &[RuledHeap],
    interrupt: Option<&AtomicBool>,
) -> Result<Outcome, ImpartialError> {
    let mut rules = HeapSums {
        rulesets,
        interrupt,
        store: None,
    };
    let mut sum = heaps.to_vec();
    sum.sort_unstable();
    misere_outcome(&mut rules, &[sum], DEFAULT_SEARCH_LIMIT).map_err(|e| match e {
        EngineError::Rules(e) => e,
        EngineError::Loop(_) => ImpartialError::Loopy,
        EngineError::TooLarge { limit } => ImpartialError::SearchTooLarge { limit },
        EngineError::NotImpartial(_) => ImpartialError::NotImpartial,
        EngineError::Interrupted => ImpartialError::Interrupted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GameSearch;

    /// The oracle: the plain search over whole sums (sorted heap lists).
    fn by_search(rulesets: &[HeapRuleset], heaps: &[RuledHeap]) -> Outcome {
        let mut s = GameSearch::new(|p: &Vec<RuledHeap>| {
            let mut out = Vec::new();
            let mut rules = HeapSums {
                rulesets,
                interrupt: None,
                store: None,
            };
            rules.moves(p, true, &mut out)?;
            Ok::<_, ImpartialError>(out)
        });
        let mut start = heaps.to_vec();
        start.sort_unstable();
        s.misere_outcome(&start).unwrap()
    }

    #[test]
    fn mixed_sums_agree_with_the_search_over_whole_sums() {
        let rulesets = [
            HeapRuleset::kayles(),
            HeapRuleset::subtraction(&[1, 3, 4]).unwrap(),
        ];
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..4 {
                    let heaps = [(0, a), (1, b), (0, c)];
                    assert_eq!(
                        misere_outcome_of_heaps(&rulesets, &heaps, None),
                        Ok(by_search(&rulesets, &heaps)),
                        "{heaps:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn misere_nim_follows_boutons_rule() {
        // Misère Nim (Bouton): with a heap of 2 or more the mover wins iff the nim-sum is
        // not 0; with heaps of at most 1 the mover wins iff their number is even.
        let nim = [HeapRuleset::Nim];
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let big = a > 1 || b > 1 || c > 1;
                    let mover_wins = if big {
                        a ^ b ^ c != 0
                    } else {
                        (a + b + c) % 2 == 0
                    };
                    let expected = if mover_wins { Outcome::N } else { Outcome::P };
                    let heaps = [(0, a), (0, b), (0, c)];
                    assert_eq!(misere_outcome_of_heaps(&nim, &heaps, None), Ok(expected));
                }
            }
        }
    }

    #[test]
    fn a_set_flag_stops_the_search() {
        let flag = AtomicBool::new(true);
        let nim = [HeapRuleset::Nim];
        assert_eq!(
            misere_outcome_of_heaps(&nim, &[(0, 3), (0, 4)], Some(&flag)),
            Err(ImpartialError::Interrupted)
        );
        assert!(flag.load(Ordering::Relaxed));
    }
}
