//! Misère searches tell positions apart by what they are, not by how they print: positions
//! of a ruleset written in cgt whose descriptions hold sums (which print as their values)
//! are analysed against a brute-force misère search written here.
//!
//! The game: `M = impartial_game(p -> p)`, so `M([a, b])` has the options `a` and `b`; a
//! term is a nim heap or such a position, and an option is a sum of terms.

use crate::common;

use cgt::eval::Interpreter;
use common::on_big_stack;
use proptest::prelude::*;

/// A term of a sum: a nim heap or a position `M([...])` whose options are sums of terms.
#[derive(Clone, Debug)]
enum Term {
    Heap(u32),
    M(Vec<Vec<Term>>),
}

fn term() -> impl Strategy<Value = Term> {
    let leaf = (0u32..4).prop_map(Term::Heap);
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(prop::collection::vec(inner, 0..3), 0..3).prop_map(Term::M)
    })
}

fn show_sum(terms: &[Term]) -> String {
    if terms.is_empty() {
        // A bare `0` among the options would describe the position `M(0)`.
        return "*0".to_string();
    }
    terms.iter().map(show).collect::<Vec<_>>().join(" + ")
}

fn show(t: &Term) -> String {
    match t {
        Term::Heap(n) => format!("*{n}"),
        Term::M(options) => {
            let texts: Vec<String> = options.iter().map(|o| show_sum(o)).collect();
            format!("M([{}])", texts.join(", "))
        }
    }
}

/// The sums one move leaves from the term.
fn options(t: &Term) -> Vec<Vec<Term>> {
    match t {
        Term::Heap(n) => (0..*n).map(|k| vec![Term::Heap(k)]).collect(),
        Term::M(options) => options.clone(),
    }
}

/// Whether the player to move wins the sum under misère play (who cannot move wins).
fn mover_wins(sum: &[Term]) -> bool {
    let mut any_move = false;
    for (k, t) in sum.iter().enumerate() {
        for o in options(t) {
            any_move = true;
            let mut after: Vec<Term> = sum[..k].to_vec();
            after.extend_from_slice(&sum[k + 1..]);
            after.extend(o);
            if !mover_wins(&after) {
                return true;
            }
        }
    }
    !any_move
}

fn eval(i: &mut Interpreter, src: &str) -> String {
    i.eval_to_string(src)
        .unwrap_or_else(|e| panic!("{src}: {}", e.message()))
}

/// The misère outcome by search, by simplest form, and whether genus and is_tame answer.
fn analyses(src: String) -> (String, String) {
    on_big_stack(move || {
        let mut i = Interpreter::new();
        eval(&mut i, "let M = impartial_game(p -> p)");
        let by_search = eval(&mut i, &format!("misere_outcome({src})"));
        let by_form = eval(
            &mut i,
            &format!("misere_outcome(misere_canonical_form({src}))"),
        );
        eval(&mut i, &format!("genus({src})"));
        eval(&mut i, &format!("is_tame({src})"));
        (by_search, by_form)
    })
}

fn expected(sum: &[Term]) -> &'static str {
    if mover_wins(sum) { "N" } else { "P" }
}

#[test]
fn a_sum_inside_a_position_is_not_taken_for_its_value() {
    // `*2 + M([*2])` prints as `*2`, so `M([*2 + M([*2])])` printed like `M([*2])`, one of
    // its own positions: the searches reported a loop.
    for src in ["M([*2 + M([*2])])", "M([M([*2]) + *2])"] {
        let sum = match src {
            "M([*2 + M([*2])])" => vec![Term::M(vec![vec![
                Term::Heap(2),
                Term::M(vec![vec![Term::Heap(2)]]),
            ]])],
            _ => vec![Term::M(vec![vec![
                Term::M(vec![vec![Term::Heap(2)]]),
                Term::Heap(2),
            ]])],
        };
        let (by_search, by_form) = analyses(src.to_string());
        assert_eq!(by_search, expected(&sum), "{src}");
        assert_eq!(by_form, expected(&sum), "{src}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn misere_analyses_agree_with_brute_force(sum in prop::collection::vec(term(), 1..3)) {
        let src = show_sum(&sum);
        let (by_search, by_form) = analyses(src.clone());
        prop_assert_eq!(&by_search, expected(&sum), "{}", src);
        prop_assert_eq!(&by_form, expected(&sum), "{}", src);
    }
}
