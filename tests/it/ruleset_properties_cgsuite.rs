//! Property tests of the rulesets of issue 26 (the rulesets CGSuite ships), through the
//! language, on random small positions.
//!
//! Two oracles, both using nothing of the rulesets' solvers:
//! - `brute(p)`: the literal game tree `{brute(left moves) | brute(right moves)}`, walked
//!   without any table, components or symmetry (as in `ruleset_properties.rs`);
//! - for the spawning games, the rules written out again in cgt as a `heap_game` (the sets
//!   of coins a move may turn, listed by comprehensions), whose Grundy values must be the
//!   built-in's.

use crate::oracle;

use oracle::{board, holds, session};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn gen_wythoff_equals_its_literal_tree(r in 1u32..4, a in 0u32..5, b in 0u32..5) {
        let mut s = session();
        holds(&mut s, &format!("brute(gen_wythoff({r}, {a}, {b})) == gen_wythoff({r}, {a}, {b})"))?;
    }

    #[test]
    fn mem_and_take_away_equal_their_literal_trees(alpha in 1u32..4, n in 0u32..9, m in 0u32..6) {
        let mut s = session();
        holds(&mut s, &format!("brute(mem({n}, {m})) == mem({n}, {m})"))?;
        holds(&mut s, &format!("brute(take_away({alpha}, {n}, {m})) == take_away({alpha}, {n}, {m})"))?;
    }

    /// GenMem with the rules written in cgt: Mem's and take-away's rules give the built-ins'
    /// values, and any rule its literal tree.
    #[test]
    fn gen_mem_with_a_written_rule(alpha in 1u32..4, n in 0u32..9, m in 0u32..6, k in 0u32..4) {
        let mut s = session();
        holds(&mut s, &format!("gen_mem((a, j) -> j >= a)([{n}, {m}]) == mem({n}, {m})"))?;
        holds(&mut s, &format!("gen_mem((a, j) -> j <= {alpha} * a)([{n}, {m}]) == take_away({alpha}, {n}, {m})"))?;
        holds(&mut s, &format!("brute(gen_mem((a, j) -> j != a + {k})([{n}, {m}])) == gen_mem((a, j) -> j != a + {k})([{n}, {m}])"))?;
    }

    #[test]
    fn spawning_heaps_equal_their_literal_tree(
        // The tree of a heap's moves is walked without memory, positions of several heaps
        // included: small heaps only.
        code in proptest::sample::select(&["1-3", "3", "3E", "4FS", "1+S", "1+C", "1-3C(5)", "2-3", "2-4S"][..]),
        n in 0u64..6,
    ) {
        let mut s = session();
        holds(&mut s, &format!("brute(spawning(\"{code}\")({n})) == spawning(\"{code}\")({n})"))?;
    }
}

/// The spawning games written again in cgt: the sets of coins below the heads coin `n` that
/// a move may turn, by comprehension. Their Grundy values must be the built-in's.
#[test]
fn spawning_games_equal_their_rules_written_in_cgt() {
    let mut s = session();
    let defs = [
        // Mock Turtles, 1-3: up to two more coins anywhere to the left.
        "def turtles(n) = if n == 0 then [] else [[]] + [[a] for a in 1..n-1] + [[a, b] for a in 1..n-1 for b in 1..n-1 if a < b]",
        // Triplets, 3: exactly two more.
        "def triplets(n) = [[a, b] for a in 1..n-1 for b in 1..n-1 if a < b]",
        // Turnips, 3E: two more, equally spaced with the heads coin.
        "def turnips(n) = [[n - 2*d, n - d] for d in 1..n if n - 2*d >= 1]",
        // Grunt, 4FS: coin 1 and a symmetric pair between.
        "def grunt(n) = [[1, x, n + 1 - x] for x in 2..n-1 if x < n + 1 - x]",
        // Ruler, 1+C: the coins just left of the heads coin, any number.
        "def ruler_rule(n) = [[x for x in n-c..n-1] for c in 0..n-1]",
        // Triplet Fives, 3C(5): two more within a span of five.
        "def fives(n) = [[a, b] for a in 1..n-1 for b in 1..n-1 if a < b and n - a <= 4]",
    ];
    for d in defs {
        s.run(d).expect("defined");
    }
    for (code, rule) in [
        ("1-3", "turtles"),
        ("3", "triplets"),
        ("3E", "turnips"),
        ("4FS", "grunt"),
        ("1+C", "ruler_rule"),
        ("3C(5)", "fives"),
    ] {
        let claim = format!(
            "nim_values(spawning(\"{code}\"), 0..24) == nim_values(heap_game({rule}), 0..24)"
        );
        holds(&mut s, &claim).unwrap_or_else(|e| panic!("{code}: {e}"));
    }
    // The oracle notices a wrong rule.
    assert!(
        holds(
            &mut s,
            "nim_values(spawning(\"3\"), 0..24) == nim_values(heap_game(turtles), 0..24)"
        )
        .is_err()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn gen_clobber_equals_its_literal_tree(
        reach in proptest::sample::select(&["diagonal", "king", "rook", "queen"][..]),
        b in (1usize..=3, 1usize..=3).prop_flat_map(|(r, c)| board(r, c, &['x', 'o', '.'])),
    ) {
        let mut s = session();
        holds(&mut s, &format!("brute(gen_clobber(\"{reach}: {b}\")) == gen_clobber(\"{reach}: {b}\")"))?;
    }

    #[test]
    fn partizan_heaps_equal_their_literal_tree(
        l in proptest::collection::btree_set(1u32..4, 1..3),
        r in proptest::collection::btree_set(1u32..4, 1..3),
        n in 0u32..7,
        m in 0u32..4,
    ) {
        let list = |s: &std::collections::BTreeSet<u32>| {
            format!("[{}]", s.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        };
        let (l, r) = (list(&l), list(&r));
        let mut s = session();
        holds(&mut s, &format!("brute(partizan_subtraction({l}, {r}, [{n}, {m}])) == partizan_subtraction({l}, {r}, [{n}, {m}])"))?;
        holds(&mut s, &format!("brute(partizan_splittles({l}, {r}, {n})) == partizan_splittles({l}, {r}, {n})"))?;
    }

    #[test]
    fn partizan_octal_equals_its_literal_tree(
        l in proptest::sample::select(&["0.07", "0.77", "0.3", "4.0", "0.{1+}", "0.*", "0.4="][..]),
        r in proptest::sample::select(&["0.07", "0.77", "0.7", "0.6", "4!.0", "0.3F"][..]),
        n in 0u32..8,
        m in 0u32..4,
    ) {
        let mut s = session();
        let game = format!("partizan_octal(\"{l}\", \"{r}\", [{n}, {m}])");
        holds(&mut s, &format!("brute({game}) == {game}"))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    #[test]
    fn cakes_equal_their_literal_tree(
        game in proptest::sample::select(&["eatcake", "maundy_cake", "turn_and_eatcake", "twisted_cutcake", "twisted_maundy_cake"][..]),
        a in 0usize..4,
        b in 0usize..4,
    ) {
        let mut s = session();
        holds(&mut s, &format!("brute({game}({a}, {b})) == {game}({a}, {b})"))?;
    }

    #[test]
    fn cake_products_equal_their_literal_tree(
        game in proptest::sample::select(&["cake_product", "twisted_cake_product"][..]),
        l in proptest::sample::select(&["\"0.7\"", "kayles", "nim", "subtraction([1, 3])", "spawning(\"3E\")", "\"0.*\""][..]),
        r in proptest::sample::select(&["\"4.0\"", "\"{2+}=.0\"", "dawsons_kayles", "\"0.1\"", "grundys_game"][..]),
        a in 0usize..4,
        b in 0usize..4,
    ) {
        let mut s = session();
        let p = format!("{game}({l}, {r}, {a}, {b})");
        holds(&mut s, &format!("brute({p}) == {p}"))?;
    }
}
