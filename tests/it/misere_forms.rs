//! Misère simplest forms against brute force: on random sums of small heaps (Nim, Kayles,
//! Dawson's Kayles), the outcome read from the simplest form equals the outcome found by
//! searching the sum as written, and positions with equal forms have equal misère outcomes
//! whatever test position is added.

use crate::common;

use cgt::eval::Interpreter;
use common::on_big_stack;
use proptest::prelude::*;

/// A heap of one of three rulesets, written in cgt.
fn heap() -> impl Strategy<Value = String> {
    (0usize..3, 0u32..7).prop_map(|(r, n)| {
        let rule = ["nim", "kayles", "dawsons_kayles"][r];
        if r == 0 {
            format!("nim([{n}])")
        } else {
            format!("{rule}({n})")
        }
    })
}

fn sum() -> impl Strategy<Value = String> {
    prop::collection::vec(heap(), 1..4).prop_map(|hs| hs.join(" + "))
}

fn eval(i: &mut Interpreter, src: &str) -> String {
    i.eval_to_string(src)
        .unwrap_or_else(|e| panic!("{src}: {}", e.message()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn the_form_keeps_the_misere_outcome(g in sum()) {
        let same = on_big_stack(move || {
            let mut i = Interpreter::new();
            let by_form = eval(&mut i, &format!("misere_outcome(misere_canonical_form({g}))"));
            let by_search = eval(&mut i, &format!("misere_outcome({g})"));
            (by_form, by_search)
        });
        prop_assert_eq!(same.0, same.1);
    }

    #[test]
    fn equal_forms_are_indistinguishable(a in sum(), b in sum(), tests in prop::collection::vec(sum(), 4)) {
        let failures = on_big_stack(move || {
            let mut i = Interpreter::new();
            let equal = eval(&mut i, &format!("misere_equal({a}, {b})")) == "true";
            let mut failures = Vec::new();
            for x in &tests {
                let oa = eval(&mut i, &format!("misere_outcome({a} + {x})"));
                let ob = eval(&mut i, &format!("misere_outcome({b} + {x})"));
                if equal && oa != ob {
                    failures.push(format!("{a} and {b} have equal forms but differ with {x}"));
                }
            }
            failures
        });
        prop_assert!(failures.is_empty(), "{:?}", failures);
    }

    /// Misère winning moves of mixed sums (the genus rule when every component is tame,
    /// else a search on simplest forms): there is one iff the sum is an N-position with a
    /// move, and each leads to a P-position (checked by the search of misere_outcome).
    #[test]
    fn winning_moves_of_mixed_sums(a in 0u32..9, b in 0u32..9, c in 0u32..4) {
        // The components as the sum lists them (empty heaps are no components).
        let mut parts = Vec::new();
        if a > 0 { parts.push(format!("kayles({a})")); }
        if b > 0 { parts.push(format!("dawsons_kayles({b})")); }
        if c > 0 { parts.push(format!("*{c}")); }
        let g = format!("kayles({a}) + dawsons_kayles({b}) + *{c}");
        let (moves, outcome, after) = on_big_stack(move || {
            let mut i = Interpreter::new();
            let moves = i.eval_to_string(&format!("misere_winning_moves({g})")).unwrap();
            let outcome = eval(&mut i, &format!("misere_outcome({g})"));
            // Each move "component k: from -> to" played on the list of components.
            let mut after = Vec::new();
            let list: Vec<String> = moves
                .trim_matches(|c| c == '[' || c == ']')
                .split("\",\"")
                .map(|m| m.trim_matches('"').to_string())
                .filter(|m| !m.is_empty())
                .collect();
            for m in &list {
                let (head, to) = m.split_once(" -> ").or_else(|| m.split_once(" → ")).unwrap();
                let k: usize = head["component ".len()..head.find(':').unwrap()].parse().unwrap();
                let mut next = parts.clone();
                next[k - 1] = to.to_string();
                after.push(eval(&mut i, &format!("misere_outcome({})", next.join(" + "))));
            }
            (moves, outcome, after)
        });
        prop_assert!(after.iter().all(|o| o == "P"), "{} {:?}", moves, after);
        let has_move = a > 0 || b > 1 || c > 0;
        let none = moves == "[]";
        prop_assert_eq!(none, outcome == "P" || !has_move, "{} {}", moves, outcome);
    }
}

#[test]
fn different_forms_are_told_apart_by_some_test_position() {
    // Conway: distinct simplest forms are distinguishable. Check it on every pair of the
    // forms of the heaps below, with sums of up to two small heaps as test positions.
    let heaps = [
        "0",
        "*",
        "*2",
        "*3",
        "kayles(5)",
        "kayles(8)",
        "*2 + *2",
        "kayles(5) + *",
    ];
    let tests: Vec<String> = {
        let small = ["0", "*", "*2", "*3", "kayles(5)"];
        small
            .iter()
            .flat_map(|x| small.iter().map(move |y| format!("{x} + {y}")))
            .collect()
    };
    let missing = on_big_stack(move || {
        let mut i = Interpreter::new();
        let mut missing = Vec::new();
        for (k, a) in heaps.iter().enumerate() {
            for b in &heaps[k + 1..] {
                if eval(&mut i, &format!("misere_equal({a}, {b})")) == "true" {
                    continue;
                }
                let apart = tests.iter().any(|x| {
                    eval(&mut i, &format!("misere_outcome({a} + {x})"))
                        != eval(&mut i, &format!("misere_outcome({b} + {x})"))
                });
                if !apart {
                    missing.push(format!("{a} vs {b}"));
                }
            }
        }
        missing
    });
    assert!(missing.is_empty(), "not told apart: {missing:?}");
}
