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
