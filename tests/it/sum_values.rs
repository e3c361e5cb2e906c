//! A sum keeps its components (so that `winning_moves` and `:play` can name them), but
//! every property that depends only on a game's value must be computed from the sum's
//! value: `is_number(* + *)` was false (its components are not numbers) though `* + *`
//! is 0. Each value predicate and function is asked of random sums and of their values
//! (`canonical_form`), and must answer the same.

use cgt::eval::Interpreter;
use proptest::prelude::*;

/// Terms of the sums: games, numbers and positions of rulesets.
const TERMS: &[&str] = &[
    "*",
    "*2",
    "*3",
    "^",
    "v",
    "^*",
    "1/2",
    "-1",
    "2",
    "{1|-1}",
    "{0|*}",
    "{2|1}",
    "{1/2|0}",
    "{0|v}",
    "{^|0}",
    "kayles(3)",
    "kayles(4)",
    "dawsons_kayles(5)",
    "domineering(2, 2)",
    "domineering(1, 3)",
    "toads_and_frogs(\"T.F\")",
];

/// Functions of a game's value only (misère functions, `explain` and the like look at
/// the position and are left out).
const OF_THE_VALUE: &[&str] = &[
    "outcome",
    "canonical_form",
    "left_options",
    "right_options",
    "is_number",
    "is_integer",
    "is_zero",
    "is_nimber",
    "is_infinitesimal",
    "is_all_small",
    "is_atomic",
    "is_even",
    "is_odd",
    "is_even_tempered",
    "is_odd_tempered",
    "is_number_tiny",
    "is_numberish",
    "is_uptimal",
    "is_loopfree",
    "is_stopper",
    "is_plumtree",
    "birthday",
    "left_stop",
    "right_stop",
    "mean",
    "temperature",
    "thermograph",
    "atomic_weight",
    "grundy",
    "nim_value",
    "rcf",
    "reduced_canonical_form",
    "companion",
    "freeze",
    "follower_count",
    "incentives",
    "left_incentives",
    "right_incentives",
    "stop_count",
    "uptimal_expansion",
    "onside",
    "offside",
    "degree",
    "variety",
];

/// `f(x)` as printed, or `None` if it is an error.
fn answer(i: &mut Interpreter, f: &str, x: &str) -> Option<String> {
    i.eval_to_string(&format!("{f}({x})")).ok()
}

fn same_answers(terms: &[&str]) {
    let (mut i, _) = Interpreter::collecting();
    let sum = terms.join(" + ");
    i.run(&format!("let s = {sum}\nlet w = canonical_form(s)"))
        .unwrap_or_else(|e| panic!("{sum}: {}", e.message()));
    for f in OF_THE_VALUE {
        assert_eq!(
            answer(&mut i, f, "s"),
            answer(&mut i, f, "w"),
            "{f}({sum}) and {f} of its value"
        );
    }
}

#[test]
fn the_sums_of_the_issue() {
    for terms in [
        &["*", "*"][..],
        &["^", "v"],
        &["kayles(3)", "kayles(3)"],
        &["{1|-1}", "{1|-1}"],
    ] {
        same_answers(terms);
    }
    let (mut i, _) = Interpreter::collecting();
    for sum in ["* + *", "^ + v"] {
        assert_eq!(
            i.eval_to_string(&format!("is_number({sum})")).unwrap(),
            "true"
        );
        assert_eq!(
            i.eval_to_string(&format!("is_integer({sum})")).unwrap(),
            "true"
        );
        assert_eq!(
            i.eval_to_string(&format!("is_zero({sum})")).unwrap(),
            "true"
        );
    }
    assert_eq!(i.eval_to_string("canonical_form(^ + *)").unwrap(), "↑*");
    assert_eq!(i.eval_to_string("canonical_form(kayles(3))").unwrap(), "*3");
    assert_eq!(i.eval_to_string("canonical_form({1|-1})").unwrap(), "±1");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_value_function_agrees_on_a_sum_and_its_value(
        picks in proptest::collection::vec(0..TERMS.len(), 2..=3)
    ) {
        let terms: Vec<&str> = picks.iter().map(|&k| TERMS[k]).collect();
        same_answers(&terms);
    }
}
