//! Sums of heap positions against brute force written here, independently of the library:
//! the misère outcome of a sum is a search of the whole sum (never of its canonical form),
//! and `winning_moves` lists *every* move to a position of Grundy value 0.

use cgt::eval::{Interpreter, Value};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The heap rulesets of the test, by name as cgt writes them.
const RULES: [&str; 4] = ["nim", "kayles", "dawsons_kayles", "subtraction([1,3,4])"];

/// The options of heap `n` under rule `r`: each option is the list of heaps left.
fn options(r: usize, n: u64) -> Vec<Vec<u64>> {
    // Removing `k` pins from a row of `n`, leaving rows `a` and `n - k - a`.
    let split = |k: u64| -> Vec<Vec<u64>> {
        if k > n {
            return vec![];
        }
        (0..=n - k).map(|a| vec![a, n - k - a]).collect()
    };
    let mut out: Vec<Vec<u64>> = match RULES[r] {
        "nim" => (0..n).map(|m| vec![m]).collect(),
        "kayles" => split(1).into_iter().chain(split(2)).collect(),
        "dawsons_kayles" => split(2),
        _ => [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| vec![n - k])
            .collect(),
    };
    for o in &mut out {
        o.retain(|&h| h > 0);
        o.sort_unstable();
    }
    out.sort();
    out.dedup();
    out
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|m| !seen.contains(m)).unwrap_or(0)
}

fn grundy(r: usize, n: u64, memo: &mut HashMap<(usize, u64), u64>) -> u64 {
    if let Some(&g) = memo.get(&(r, n)) {
        return g;
    }
    let values: Vec<u64> = options(r, n)
        .iter()
        .map(|o| o.iter().fold(0, |acc, &h| acc ^ grundy(r, h, memo)))
        .collect();
    let g = mex(values);
    memo.insert((r, n), g);
    g
}

/// Does the player to move win the sum of heaps `(rule, size)` under misère play?
fn misere_mover_wins(heaps: &[(usize, u64)], memo: &mut HashMap<Vec<(usize, u64)>, bool>) -> bool {
    if let Some(&w) = memo.get(heaps) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (k, &(r, n)) in heaps.iter().enumerate() {
        for o in options(r, n) {
            any_move = true;
            let mut next: Vec<(usize, u64)> = heaps[..k].to_vec();
            next.extend_from_slice(&heaps[k + 1..]);
            next.extend(o.iter().map(|&h| (r, h)));
            next.sort_unstable();
            if !misere_mover_wins(&next, memo) {
                wins = true;
            }
        }
    }
    let w = wins || !any_move;
    memo.insert(heaps.to_vec(), w);
    w
}

/// A component of a sum: a position of one ruleset with one or more heaps, or (rule `None`)
/// a plain nimber `*n` written as a literal.
#[derive(Clone, Debug)]
struct Component {
    rule: Option<usize>,
    heaps: Vec<u64>,
}

impl Component {
    fn text(&self) -> String {
        match self.rule {
            None => format!("*{}", self.heaps[0]),
            Some(r) if self.heaps.len() == 1 => format!("{}({})", name(r), self.heaps[0]),
            Some(r) => {
                let hs: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
                format!("{}([{}])", name(r), hs.join(","))
            }
        }
    }

    /// The heaps as `(rule, size)`, a nimber being a Nim heap.
    fn heaps(&self) -> Vec<(usize, u64)> {
        let r = self.rule.unwrap_or(0);
        self.heaps.iter().map(|&h| (r, h)).collect()
    }
}

/// A ruleset's name as a position is built (`subtraction([1,3,4])(5)`).
fn name(r: usize) -> &'static str {
    RULES[r]
}

fn component() -> impl Strategy<Value = Component> {
    prop_oneof![
        (0usize..RULES.len(), prop::collection::vec(1u64..9, 1..4)).prop_map(|(r, heaps)| {
            Component {
                rule: Some(r),
                heaps,
            }
        }),
        (1u64..8).prop_map(|n| Component {
            rule: None,
            heaps: vec![n]
        }),
    ]
}

/// Positions a sum of these heaps can reach, at most (the product of `size + 1` over its
/// heaps bounds them). Up to nine heaps of 8 would be 387 million, which the brute-force
/// search in this file cannot go through: an unlucky draw ran for more than 13 minutes.
const MAX_SEARCH: u64 = 100_000;

/// Sums of `count` components small enough for the brute-force search.
fn searchable_sum(count: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Component>> {
    prop::collection::vec(component(), count).prop_filter("small enough to search", |parts| {
        parts
            .iter()
            .flat_map(|p| p.heaps.iter())
            .map(|&h| h + 1)
            .product::<u64>()
            <= MAX_SEARCH
    })
}

fn sum_text(parts: &[Component]) -> String {
    let texts: Vec<String> = parts.iter().map(Component::text).collect();
    texts.join(" + ")
}

fn eval(interp: &mut Interpreter, src: &str) -> Value {
    interp
        .eval_value(src)
        .unwrap_or_else(|e| panic!("{src}: {}", e.message()))
}

fn shown(interp: &mut Interpreter, src: &str) -> String {
    let v = eval(interp, src);
    interp.show(&v)
}

/// A winning move as `(component, heap, heaps left)` (1-based, heaps left sorted).
type MoveKey = (usize, usize, Vec<u64>);

/// Parses `component K: heap H: n → a + b` and `component K: *n → *m`.
fn parse_move(text: &str) -> MoveKey {
    let text = text.replace("->", "→");
    let rest = text.strip_prefix("component ").expect("a component move");
    let (k, rest) = rest.split_once(": ").expect("component number");
    let k: usize = k.parse().expect("component number");
    let (h, rest) = match rest.strip_prefix("heap ") {
        Some(r) => {
            let (h, r) = r.split_once(": ").expect("heap number");
            (h.parse().expect("heap number"), r.to_string())
        }
        None => (1, rest.to_string()),
    };
    let (_, to) = rest.split_once(" → ").expect("an arrow");
    let nimber = |t: &str| -> u64 {
        match t.trim() {
            "0" => 0,
            "*" => 1,
            t => t.trim_start_matches('*').parse().expect("a heap or nimber"),
        }
    };
    let mut left: Vec<u64> = to.split(" + ").map(nimber).filter(|&m| m > 0).collect();
    left.sort_unstable();
    (k, h, left)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn misere_outcome_of_a_sum_is_the_search_of_the_whole_sum(
        parts in searchable_sum(1..4)
    ) {
        let mut interp = Interpreter::collecting().0;
        let src = sum_text(&parts);
        let mut heaps: Vec<(usize, u64)> = parts.iter().flat_map(Component::heaps).collect();
        heaps.sort_unstable();
        let expected = if misere_mover_wins(&heaps, &mut HashMap::new()) { "N" } else { "P" };
        let got = shown(&mut interp, &format!("misere_outcome({src})"));
        prop_assert_eq!(&got, expected, "misere_outcome({})", src);
        // The same sum given as a list of components.
        let texts: Vec<String> = parts.iter().map(Component::text).collect();
        let list = format!("misere_outcome([{}])", texts.join(", "));
        let got = shown(&mut interp, &list);
        prop_assert_eq!(&got, expected, "{}", list);
    }

    #[test]
    fn winning_moves_of_a_sum_are_every_move_to_zero(
        parts in searchable_sum(2..4)
    ) {
        let mut interp = Interpreter::collecting().0;
        let src = sum_text(&parts);
        let mut memo = HashMap::new();
        let values: Vec<u64> = parts
            .iter()
            .map(|c| c.heaps().iter().fold(0, |acc, &(r, h)| acc ^ grundy(r, h, &mut memo)))
            .collect();
        let total = values.iter().fold(0, |acc, v| acc ^ v);
        let mut expected: BTreeSet<MoveKey> = BTreeSet::new();
        for (k, c) in parts.iter().enumerate() {
            let heaps = c.heaps();
            for (h, &(r, n)) in heaps.iter().enumerate() {
                let rest = total ^ grundy(r, n, &mut memo);
                for o in options(r, n) {
                    let after = o.iter().fold(0, |acc, &m| acc ^ grundy(r, m, &mut memo));
                    if after == rest {
                        expected.insert((k + 1, h + 1, o));
                    }
                }
            }
        }
        let Value::List(moves) = eval(&mut interp, &format!("winning_moves({src})")) else {
            panic!("winning_moves of an impartial sum is a list");
        };
        let got: Vec<MoveKey> = moves
            .iter()
            .map(|m| match m {
                Value::Str(s) => parse_move(s),
                other => panic!("a move is a string, not {other:?}"),
            })
            .collect();
        let got_set: BTreeSet<MoveKey> = got.iter().cloned().collect();
        prop_assert_eq!(got.len(), got_set.len(), "{}: a move is listed twice: {:?}", src, got);
        prop_assert_eq!(got_set, expected, "winning_moves({})", src);
    }
}

#[test]
fn the_issue_examples() {
    let mut interp = Interpreter::collecting().0;
    for (src, out) in [
        ("misere_outcome(nim(2) + nim(2))", "P"),
        ("misere_outcome(kayles(2) + kayles(2))", "P"),
        ("misere_outcome([*2, *2])", "P"),
        ("misere_outcome(*2 + *2)", "P"),
        // A single value is searched as its canonical form: misère 0 is a win for the mover.
        ("misere_outcome(0)", "N"),
        ("misere_outcome(*)", "P"),
    ] {
        assert_eq!(shown(&mut interp, src), out, "{src}");
    }
}
