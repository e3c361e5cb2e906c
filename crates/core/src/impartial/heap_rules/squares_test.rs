//! The "one file" property of heap rules: a rule defined here and nowhere else, made a
//! ruleset by one line (`HeapRuleset::rule(SquareSplits)`), goes through every engine —
//! Grundy values and tables, periods, winning moves, misère outcomes and quotients — and
//! agrees with a literal game-tree search that knows nothing of the engines.

use super::HeapRule;
use crate::game::Outcome;
use crate::impartial::error::ImpartialError;
use crate::impartial::heap_misere::misere_outcome_of_heaps;
use crate::impartial::testutil::{
    Rng, grundy_by_search, next_player_wins, next_player_wins_misere,
};
use crate::impartial::{HeapRuleset, HeapSolver, MisereQuotient, naive_nim_values};
use std::collections::HashMap;

/// Remove a positive square number of tokens, leaving the rest as one heap or split into
/// two non-empty heaps. Infinitely many removal sizes, so no octal code says it.
#[derive(Debug)]
struct SquareSplits;

impl HeapRule for SquareSplits {
    fn expression(&self) -> String {
        "square_splits".into()
    }

    fn options(&self, n: u64, _limit: u64) -> Result<Vec<Vec<u64>>, ImpartialError> {
        let mut out = Vec::new();
        for k in (1..).take_while(|k| k * k <= n) {
            let rest = n - k * k;
            out.push(if rest == 0 { vec![] } else { vec![rest] });
            out.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
        }
        Ok(out)
    }
}

/// The one registration line.
fn square_splits() -> HeapRuleset {
    HeapRuleset::rule(SquareSplits)
}

/// The moves of a sum of heaps, written from the rules' words (not through `options`).
#[allow(clippy::ptr_arg)] // the search works on positions of type Vec<u64>
fn literal_moves(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut others = heaps.clone();
        others.remove(i);
        let mut k = 1;
        while k * k <= h {
            let rest = h - k * k;
            for left in 0..=rest {
                // `left` and `rest - left` as the two parts; 0 parts are no heaps.
                if left > rest - left {
                    break;
                }
                let mut next = others.clone();
                next.extend([left, rest - left].into_iter().filter(|&x| x > 0));
                next.sort_unstable();
                out.push(next);
            }
            k += 1;
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn grundy_values_and_tables_agree_with_a_search() {
    let rules = square_splits();
    let mut solver = HeapSolver::new(rules.clone());
    let table = solver.nim_values(0..=30).unwrap();
    assert_eq!(table, naive_nim_values(&rules, 30).unwrap());
    let mut memo = HashMap::new();
    for n in 0..=30u64 {
        let start = if n == 0 { vec![] } else { vec![n] };
        assert_eq!(
            table[n as usize],
            grundy_by_search(&start, &literal_moves, &mut memo),
            "heap {n}"
        );
    }
    // Sums of heaps: nim-sums of the table, P exactly when the search says so.
    let mut rng = Rng::new(41);
    let mut wins = HashMap::new();
    for _ in 0..40 {
        let mut heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(12)).collect();
        heaps.sort_unstable();
        let by_search = next_player_wins(&heaps, &literal_moves, &mut wins);
        let outcome = solver.outcome(&heaps).unwrap();
        assert_eq!(outcome == Outcome::N, by_search, "{heaps:?}");
    }
}

#[test]
fn winning_moves_agree_with_a_search() {
    let mut solver = HeapSolver::new(square_splits());
    let mut wins = HashMap::new();
    let mut rng = Rng::new(43);
    for _ in 0..30 {
        let heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(10)).collect();
        let mut ours: Vec<Vec<u64>> = solver
            .winning_moves(&heaps)
            .unwrap()
            .into_iter()
            .map(|m| {
                let mut next = heaps.clone();
                next.remove(m.heap);
                next.extend(m.to);
                next.sort_unstable();
                next
            })
            .collect();
        ours.sort();
        ours.dedup();
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let theirs: Vec<Vec<u64>> = literal_moves(&sorted)
            .into_iter()
            .filter(|q| !next_player_wins(q, &literal_moves, &mut wins))
            .collect();
        assert_eq!(ours, theirs, "{heaps:?}");
    }
}

#[test]
fn misere_outcomes_agree_with_a_search() {
    let rules = [square_splits()];
    let mut memo = HashMap::new();
    let mut rng = Rng::new(47);
    for _ in 0..40 {
        let mut heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(9)).collect();
        heaps.sort_unstable();
        let ruled: Vec<(usize, u64)> = heaps.iter().map(|&h| (0, h)).collect();
        let ours = misere_outcome_of_heaps(&rules, &ruled, None).unwrap();
        let by_search = next_player_wins_misere(&heaps, &literal_moves, &mut memo);
        assert_eq!(ours == Outcome::N, by_search, "{heaps:?}");
    }
}

#[test]
fn the_misere_quotient_agrees_with_a_search() {
    let rules = square_splits();
    let q = MisereQuotient::compute(6, |h| rules.options(h), None).unwrap();
    let mut memo = HashMap::new();
    let mut rng = Rng::new(53);
    for _ in 0..60 {
        let mut heaps: Vec<u64> = (0..rng.below(4)).map(|_| 1 + rng.below(6)).collect();
        heaps.sort_unstable();
        let by_search = next_player_wins_misere(&heaps, &literal_moves, &mut memo);
        assert_eq!(
            q.outcome_of_heaps(&heaps).unwrap() == Outcome::N,
            by_search,
            "{heaps:?}"
        );
    }
}

#[test]
fn prints_compares_and_has_no_period_theorem() {
    let rules = square_splits();
    assert_eq!(rules.to_string(), "square_splits");
    assert_eq!(rules.code(), None);
    assert_eq!(rules, square_splits());
    assert_ne!(rules, HeapRuleset::grundys_game());
    let mut solver = HeapSolver::new(rules);
    assert!(matches!(
        solver.period(),
        Err(ImpartialError::NoPeriodTheorem(_))
    ));
    // Past the table of a rule without a fast engine: an error, not a long wait.
    assert!(matches!(
        solver.grundy(super::MAX_RULE_HEAP + 1),
        Err(ImpartialError::HeapTooLarge { .. })
    ));
}
