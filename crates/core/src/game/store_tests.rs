//! The compact store (ids in the index, stops and birthdays in words, see `store_index.rs`
//! and `store_stops.rs`) checked against the definitions: comparisons by the recursive
//! definition on explicit game trees, stops and birthdays by their recursion on the
//! canonical options, and hash-consing by interning each form's own options again.

use super::dyadic::Dyadic;
use super::store::{GameId, GameStore};
use num_bigint::BigInt;
use proptest::prelude::*;

/// An explicit game tree (not canonical): its Left and Right options.
#[derive(Clone, Debug)]
struct Tree(Vec<Tree>, Vec<Tree>);

/// Game trees of height at most `depth` (games born by that day), up to three options a
/// side.
fn tree(depth: u32) -> BoxedStrategy<Tree> {
    let leaf = Just(Tree(vec![], vec![])).boxed();
    leaf.prop_recursive(depth, 64, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=3),
            prop::collection::vec(inner, 0..=3),
        )
            .prop_map(|(l, r)| Tree(l, r))
    })
    .boxed()
}

fn intern(s: &mut GameStore, t: &Tree) -> GameId {
    let l: Vec<GameId> = t.0.iter().map(|x| intern(s, x)).collect();
    let r: Vec<GameId> = t.1.iter().map(|x| intern(s, x)).collect();
    s.canonical(&l, &r)
}

/// `G <= H` by the definition on the trees: no `G^L >= H` and no `H^R <= G`.
fn leq_tree(g: &Tree, h: &Tree) -> bool {
    !g.0.iter().any(|gl| leq_tree(h, gl)) && !h.1.iter().any(|hr| leq_tree(hr, g))
}

/// The stops by their recursion on the canonical options: a number is its own stops,
/// else `L(G) = max R(G^L)` and `R(G) = min L(G^R)`.
fn stops_by_definition(s: &mut GameStore, g: GameId) -> (Dyadic, Dyadic) {
    if let Some(x) = s.as_number(g) {
        return (x.clone(), x.clone());
    }
    let (l, r) = s.options(g);
    let ls = l.iter().map(|&x| stops_by_definition(s, x).1).max();
    let rs = r.iter().map(|&x| stops_by_definition(s, x).0).min();
    (
        ls.unwrap_or_else(Dyadic::zero),
        rs.unwrap_or_else(Dyadic::zero),
    )
}

fn birthday_by_definition(s: &mut GameStore, g: GameId) -> BigInt {
    let (l, r) = s.options(g);
    l.iter()
        .chain(r.iter())
        .map(|&x| birthday_by_definition(s, x) + 1)
        .max()
        .unwrap_or_default()
}

/// Checks every form of `games` and every pair against the definitions.
fn check_against_definitions(s: &mut GameStore, games: &[GameId]) {
    for &g in games {
        let (l, r) = s.options(g);
        assert_eq!(s.canonical(&l, &r), g, "interned again, the same id");
        let by_definition = stops_by_definition(s, g);
        assert_eq!(s.stops(g), by_definition);
        assert_eq!(s.left_stop(g), by_definition.0);
        assert_eq!(s.birthday(g), birthday_by_definition(s, g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games born by day 3: the store's comparisons agree with the definition on
    /// the trees, equal games get one id, and stops and birthdays agree with their
    /// recursions.
    #[test]
    fn the_compact_store_agrees_with_the_definitions(
        trees in prop::collection::vec(tree(3), 1..12)
    ) {
        let mut s = GameStore::new();
        let ids: Vec<GameId> = trees.iter().map(|t| intern(&mut s, t)).collect();
        for (a, &g) in trees.iter().zip(&ids) {
            for (b, &h) in trees.iter().zip(&ids) {
                let leq = leq_tree(a, b);
                prop_assert_eq!(s.leq(g, h), leq);
                prop_assert_eq!(g == h, leq && leq_tree(b, a));
            }
        }
        check_against_definitions(&mut s, &ids);
    }
}

/// Stops that do not fit 64-bit fixed point (denominators past `2^32`) are kept as big
/// numbers: switches and sums on such numbers have the stops of the definition, and
/// compare as the definition says.
#[test]
fn stops_past_the_words_are_kept_exactly() {
    let mut s = GameStore::new();
    let tiny = |s: &mut GameStore, n: i64, e: u32| s.number(Dyadic::new(n.into(), e));
    let a = tiny(&mut s, 1, 40);
    let b = tiny(&mut s, -1, 40);
    let c = tiny(&mut s, 3, 41);
    let zero = s.zero();
    let star = s.nimber(1);
    let switch = s.canonical(&[a], &[b]);
    let other = s.canonical(&[c], &[zero]);
    let mixed = s.canonical(&[switch, star], &[other]);
    let sum = s.add(switch, other);
    let games = vec![a, b, c, zero, star, switch, other, mixed, sum];
    check_against_definitions(&mut s, &games);
    assert_eq!(s.left_stop(switch), Dyadic::new(1.into(), 40));
    assert_eq!(s.right_stop(switch), Dyadic::new((-1).into(), 40));
    let mut memo = crate::game::tests::LeqMemo::default();
    for &g in &games {
        for &h in &games {
            assert_eq!(
                s.leq(g, h),
                crate::game::tests::leq_by_definition(&mut s, &mut memo, g, h)
            );
        }
    }
}

/// Forms are found whatever the order their options come in: every general form of the
/// day-2 games and their sums, interned again with each list reversed and rotated, is the
/// same id and adds no form; and the store keeps the options in one order (its own), so
/// two stores that met the options in opposite orders list them alike.
#[test]
fn forms_are_found_with_their_options_in_any_order() {
    let mut s = GameStore::new();
    let games = crate::game::tests::day_two_and_sums(&mut s);
    let held = s.len();
    for &g in &games {
        if s.as_nus(g).is_some() {
            continue;
        }
        let (l, r) = s.options(g);
        let (mut l, mut r) = (l.to_vec(), r.to_vec());
        for turn in 0..3 {
            if turn == 1 {
                l.reverse();
                r.reverse();
            } else if turn == 2 {
                l.rotate_left(1);
                r.rotate_right(1);
            }
            assert_eq!(s.intern_simplified(l.clone(), r.clone()), g);
        }
    }
    assert_eq!(s.len(), held, "no form was added");

    let mut t = GameStore::new();
    let mut u = GameStore::new();
    let build = |s: &mut GameStore, reversed: bool| -> Vec<String> {
        let (zero, star, one) = (s.zero(), s.nimber(1), s.integer(1));
        let up = s.canonical(&[zero], &[star]);
        let pm1 = {
            let m1 = s.integer(-1);
            s.canonical(&[one], &[m1])
        };
        let half = s.canonical(&[zero], &[one]);
        let mut left = vec![pm1, up, half];
        let mut right = vec![star, pm1, one];
        if reversed {
            left.reverse();
            right.reverse();
        }
        let g = s.canonical(&left, &right);
        let h = s.canonical(&[g, up], &[pm1, g]);
        [g, h]
            .iter()
            .flat_map(|&x| {
                let (l, r) = s.options(x);
                l.iter()
                    .chain(r.iter())
                    .map(|&o| s.display(o, crate::game::Notation::Ascii))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    assert_eq!(build(&mut t, false), build(&mut u, true));
}

/// Lists with the same ids match in any order, and only those: a list with a repeat never
/// matches a list without one of the same length.
#[test]
fn option_lists_match_as_sets() {
    use super::store_index::same_options;
    let ids = |v: &[u32]| -> Vec<GameId> { v.iter().map(|&k| GameId(k)).collect() };
    assert!(same_options(&ids(&[1, 2, 3]), &ids(&[3, 1, 2])));
    assert!(!same_options(&ids(&[1, 2]), &ids(&[1, 1])));
    assert!(!same_options(&ids(&[1, 1]), &ids(&[1, 2])));
    assert!(!same_options(&ids(&[1, 2, 3]), &ids(&[1, 2])));
    let long: Vec<u32> = (0..40).collect();
    let mut shuffled = long.clone();
    shuffled.reverse();
    assert!(same_options(&ids(&long), &ids(&shuffled)));
    shuffled[0] = shuffled[1];
    assert!(!same_options(&ids(&long), &ids(&shuffled)));
}

/// The integers kept by index are the integers built from their values, at the ends of
/// the kept range, past it, and at the extremes of `i64`.
#[test]
fn small_integers_are_the_integers() {
    let mut s = GameStore::new();
    for n in (-70..=70).chain([i64::MIN, i64::MIN + 1, i64::MAX - 1, i64::MAX]) {
        for _ in 0..2 {
            let by_index = s.integer(n);
            assert_eq!(by_index, s.number(Dyadic::from_i64(n)), "{n}");
            assert_eq!(s.as_number(by_index), Some(&Dyadic::from_i64(n)));
        }
    }
}
