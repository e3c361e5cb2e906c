//! Property tests of the rulesets through the language, on random small positions.
//!
//! The oracle is written in cgt and uses nothing but the moves of a position in its own
//! terms: `brute(p)` is the literal game tree `{brute(left moves) | brute(right moves)}`,
//! built from whole boards (no splitting into regions, no symmetry, no transposition table)
//! and made canonical only by the game literal. Each ruleset's fast value, which splits the
//! board into components and memoizes them under symmetries, must equal it; so must the
//! value of a board's components added up, which checks that decomposition never changes
//! a value.

use crate::oracle;

use oracle::{holds, reads_as_positions, session, small_board, text_oracle};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn domineering_equals_its_literal_tree(b in small_board(&['.', '.', '.', '#'], 10)) {
        let mut s = session();
        holds(&mut s, &format!("brute(domineering(\"{b}\")) == domineering(\"{b}\")"))?;
        holds(&mut s, &format!("brute(cram(\"{b}\")) == cram(\"{b}\")"))?;
    }

    #[test]
    fn clobber_equals_its_literal_tree(b in small_board(&['x', 'o', 'x', 'o', '.'], 9)) {
        let mut s = session();
        holds(&mut s, &format!("brute(clobber(\"{b}\")) == clobber(\"{b}\")"))?;
    }

    #[test]
    fn konane_equals_its_literal_tree(b in small_board(&['x', 'o', '.', '.'], 9)) {
        let mut s = session();
        holds(&mut s, &format!("brute(konane(\"{b}\")) == konane(\"{b}\")"))?;
    }

    #[test]
    fn amazons_equals_its_literal_tree(b in small_board(&['L', 'R', '.', '.', '#'], 5)) {
        let mut s = session();
        holds(&mut s, &format!("brute(amazons(\"{b}\")) == amazons(\"{b}\")"))?;
    }

    #[test]
    fn toads_and_frogs_equals_its_literal_tree(
        cells in proptest::collection::vec(proptest::sample::select(&['T', 'F', '.', '.'][..]), 1..8)
    ) {
        let b: String = cells.into_iter().collect();
        let mut s = session();
        holds(&mut s, &format!("brute(toads_and_frogs(\"{b}\")) == toads_and_frogs(\"{b}\")"))?;
    }

    #[test]
    fn hackenbush_pictures_equal_their_literal_tree(
        edges in proptest::collection::vec((0usize..4, 0usize..4, proptest::sample::select(&['l', 'r', 'e'][..])), 1..6)
    ) {
        let text: Vec<String> = edges.iter().map(|(u, v, c)| format!("{u}-{v}:{c}")).collect();
        let text = text.join(", ");
        let mut s = session();
        holds(&mut s, &format!("brute(hackenbush_graph(\"{text}\")) == hackenbush_graph(\"{text}\")"))?;
    }

    #[test]
    fn snort_and_col_equal_their_literal_tree(
        n in 1usize..6,
        edges in proptest::collection::vec((0usize..6, 0usize..6), 0..7)
    ) {
        let edges: Vec<String> = edges
            .iter()
            .filter(|(u, v)| u < v && *v < n)
            .map(|(u, v)| format!("{u}-{v}"))
            .collect();
        let g = format!("{n}: {}", edges.join(" "));
        let mut s = session();
        holds(&mut s, &format!("brute(snort(\"{g}\")) == snort(\"{g}\")"))?;
        holds(&mut s, &format!("brute(col(\"{g}\")) == col(\"{g}\")"))?;
    }

    #[test]
    fn cake_games_equal_their_literal_tree(m in 1usize..4, n in 1usize..5) {
        let mut s = session();
        // A cut leaves a sum of two cakes, and the unmemoized tree of sums grows fast
        // (25,665 positions for 3×3, millions for 3×4): up to nine cells.
        if m * n <= 9 {
            holds(&mut s, &format!("brute(cutcake({m}, {n})) == cutcake({m}, {n})"))?;
        }
        holds(&mut s, &format!("brute(chop({m}, {n})) == chop({m}, {n})"))?;
        // Chomp's unmemoized tree grows fast: small boards only.
        if m * n <= 6 {
            holds(&mut s, &format!("brute(chomp({m}, {n})) == chomp({m}, {n})"))?;
        }
    }

    #[test]
    fn anti_clobber_equals_its_literal_tree(b in small_board(&['x', 'o', '.', '.', '#'], 7)) {
        let mut s = session();
        holds(&mut s, &format!("brute(anti_clobber(\"{b}\")) == anti_clobber(\"{b}\")"))?;
    }

    #[test]
    fn clobber_with_holes_equals_its_literal_tree(b in small_board(&['x', 'o', 'x', 'o', '#'], 9)) {
        let mut s = session();
        holds(&mut s, &format!("brute(clobber(\"{b}\")) == clobber(\"{b}\")"))?;
    }

    #[test]
    fn clobber_graphs_equal_their_literal_tree(
        stones in proptest::collection::vec(proptest::sample::select(&['x', 'o', 'x', 'o', '.'][..]), 1..7),
        edges in proptest::collection::vec((0usize..6, 0usize..6), 0..9)
    ) {
        let n = stones.len();
        let edges: Vec<String> = edges
            .iter()
            .filter(|(u, v)| u < v && *v < n)
            .map(|(u, v)| format!("{u}-{v}"))
            .collect();
        let g = format!("{}: {}", stones.iter().collect::<String>(), edges.join(" "));
        let mut s = session();
        holds(&mut s, &format!("brute(clobber_graph(\"{g}\")) == clobber_graph(\"{g}\")"))?;
    }

    #[test]
    fn fission_equals_its_literal_tree(b in small_board(&['x', '.', '.', '.', '#'], 12)) {
        let mut s = session();
        holds(&mut s, &format!("brute(fission(\"{b}\")) == fission(\"{b}\")"))?;
    }

    #[test]
    fn ski_jumps_equals_its_literal_tree(b in small_board(&['L', 'R', 'l', 'r', '.', '.', '.'], 8)) {
        let mut s = session();
        holds(&mut s, &format!("brute(ski_jumps(\"{b}\")) == ski_jumps(\"{b}\")"))?;
    }

    #[test]
    fn childish_hackenbush_equals_its_literal_tree(
        edges in proptest::collection::vec((0usize..4, 0usize..4, proptest::sample::select(&['l', 'r', 'e'][..])), 1..6)
    ) {
        let text: Vec<String> = edges.iter().map(|(u, v, c)| format!("{u}-{v}:{c}")).collect();
        let text = text.join(", ");
        let mut s = session();
        holds(&mut s, &format!("brute(childish_hackenbush(\"{text}\")) == childish_hackenbush(\"{text}\")"))?;
    }

    #[test]
    fn fibonacci_nim_equals_its_literal_tree(heap in 0u32..30, last in 0u32..12) {
        let mut s = text_oracle("fibonacci_nim");
        holds(&mut s, &format!("brute_text(\"{heap}, {last}\") == fibonacci_nim({heap}, {last})"))?;
        holds(&mut s, &format!("brute_text(\"{heap}\") == fibonacci_nim({heap})"))?;
    }

    #[test]
    fn mock_turtles_equals_its_literal_tree(
        coins in proptest::collection::vec(proptest::sample::select(&['H', 'T'][..]), 1..10)
    ) {
        // The tree turns the coins of the whole row (no split into single heads).
        let row: String = coins.into_iter().collect();
        let mut s = text_oracle("mock_turtles");
        holds(&mut s, &format!("brute_text(\"{row}\") == mock_turtles(\"{row}\")"))?;
    }

    #[test]
    fn ruler_equals_its_literal_tree(
        coins in proptest::collection::vec(proptest::sample::select(&['H', 'T'][..]), 1..10)
    ) {
        let row: String = coins.into_iter().collect();
        let mut s = text_oracle("ruler");
        holds(&mut s, &format!("brute_text(\"{row}\") == ruler(\"{row}\")"))?;
    }

    #[test]
    fn hexadecimal_games_equal_their_literal_tree(
        first in proptest::sample::select(&["0", "4", "8", "C"][..]),
        digits in proptest::collection::vec(0u32..16, 1..4),
        heap in 0u64..6,
    ) {
        // The unmemoized tree of the heap's moves (heaps split in up to three), against the
        // Grundy value from the table of the code (C.FFF at 6 already takes 12 s).
        let code: String = digits.iter().map(|&d| char::from_digit(d, 16).unwrap()).collect();
        let code = format!("{first}.{code}");
        let mut s = session();
        holds(&mut s, &format!("brute(octal(\"{code}\")({heap})) == octal(\"{code}\")({heap})"))?;
    }

    #[test]
    fn sums_of_positions_equal_the_sum_of_their_trees(
        a in small_board(&['.', '.', '#'], 6),
        b in small_board(&['x', 'o', '.'], 6),
    ) {
        // A sum keeps its components; its moves are moves in one component. The literal
        // tree of the sum must be the sum of the values.
        let mut s = session();
        holds(&mut s, &format!(
            "brute(domineering(\"{a}\") + clobber(\"{b}\")) == domineering(\"{a}\") + clobber(\"{b}\")"
        ))?;
    }
}

#[test]
fn a_failing_oracle_is_noticed() {
    // The property helper must fail on a false claim (guards against vacuous passes).
    let mut s = session();
    assert!(holds(&mut s, "brute(domineering(\"..\")) == domineering(\".|.\")").is_err());
    assert!(holds(&mut s, "brute(domineering(\"..\")) == domineering(\"..\")").is_ok());
    let mut t = text_oracle("ruler");
    assert!(holds(&mut t, "brute_text(\"TH\") == ruler(\"H\")").is_err());
    assert!(holds(&mut t, "brute_text(\"TH\") == ruler(\"TH\")").is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any text given to the new rulesets is a position or an error, never a panic; a
    /// position's moves come back as texts that are positions again.
    #[test]
    fn new_rulesets_read_any_text_without_panicking(
        text in proptest::collection::vec(
            proptest::sample::select(&['x', 'o', '.', '#', '|', ':', ' ', '-', ',', '0', '1', '2', '3', 'L', 'l', 'R', 'r', 'e', '?'][..]),
            0..10,
        )
    ) {
        let text: String = text.into_iter().collect();
        let names = ["anti_clobber", "clobber", "clobber_graph", "fission", "ski_jumps", "childish_hackenbush"];
        reads_as_positions(&names, &text)?;
    }
}
