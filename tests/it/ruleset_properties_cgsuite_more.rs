//! Property tests of more rulesets CGSuite ships (issue 26): Partizan Euclid, Partizan Arc
//! Kayles and Arc Kayles with loops, Toads and Frogs with longer jumps, coordinate games and
//! Ceylonese Fox and Geese, through the language, on random small positions.
//!
//! The oracles (see `tests/it/oracle`) use nothing of the rulesets' solvers: `brute(p)` walks
//! the literal game tree of the moves in the game's own terms. Ceylonese Fox and Geese is
//! loopy, so its oracle is the game written again in cgt (`partizan_game` on grids), whose
//! whole graph of positions the language solves as a loopy game.

use crate::oracle;

use oracle::{holds, reads_as_positions, session, small_board};
use proptest::prelude::*;

/// Edges `a-b:c` on `n` vertices (loops included), from pairs and colour letters.
fn graph_text(n: usize, edges: &[(usize, usize, char)], coloured: bool) -> String {
    let edges: Vec<String> = edges
        .iter()
        .filter(|(u, v, _)| *u < n && *v < n)
        .map(|(u, v, c)| {
            if coloured {
                format!("{u}-{v}:{c}")
            } else {
                format!("{u}-{v}")
            }
        })
        .collect();
    format!("{n}: {}", edges.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn partizan_euclid_equals_its_literal_tree(p in 0u32..60, q in 0u32..60) {
        let mut s = session();
        holds(&mut s, &format!("brute(partizan_euclid({p}, {q})) == partizan_euclid({p}, {q})"))?;
    }

    #[test]
    fn partizan_arc_kayles_equals_its_literal_tree(
        n in 1usize..6,
        edges in proptest::collection::vec(
            (0usize..6, 0usize..6, proptest::sample::select(&['l', 'r', 'e'][..])),
            0..8,
        ),
    ) {
        let g = graph_text(n, &edges, true);
        let mut s = session();
        holds(&mut s, &format!("brute(partizan_arc_kayles(\"{g}\")) == partizan_arc_kayles(\"{g}\")"))?;
        // With every edge green it is Arc Kayles (loops included), an impartial game.
        let plain = graph_text(n, &edges, false);
        holds(&mut s, &format!("brute(arc_kayles(\"{plain}\")) == arc_kayles(\"{plain}\")"))?;
        holds(&mut s, &format!(
            "arc_kayles(\"{plain}\") == partizan_arc_kayles(\"{}\")",
            graph_text(n, &edges.iter().map(|&(u, v, _)| (u, v, 'e')).collect::<Vec<_>>(), true)
        ))?;
    }

    #[test]
    fn toads_and_frogs_with_jumps_equals_its_literal_tree(
        jump in 1u32..4,
        cells in proptest::collection::vec(proptest::sample::select(&['T', 'F', '.', '.'][..]), 1..8),
    ) {
        let row: String = cells.into_iter().collect();
        let mut s = session();
        holds(&mut s, &format!(
            "brute(gen_toads_and_frogs({jump}, \"{row}\")) == gen_toads_and_frogs({jump}, \"{row}\")"
        ))?;
        if jump == 1 {
            holds(&mut s, &format!("gen_toads_and_frogs(1, \"{row}\") == toads_and_frogs(\"{row}\")"))?;
        }
    }

    #[test]
    fn coordinate_games_equal_their_literal_tree(
        left in proptest::sample::select(&["queen", "rook", "king", "2,-1 -1,2", "1,1+ 3,0", "1,0 2,-1+"][..]),
        right in proptest::sample::select(&["queen", "rook", "king", "1,2 2,1", "0,1+ 2,-1"][..]),
        a in 0u32..6,
        b in 0u32..6,
    ) {
        let mut s = session();
        holds(&mut s, &format!(
            "brute(coordinate_game(\"{left}\", {a}, {b})) == coordinate_game(\"{left}\", {a}, {b})"
        ))?;
        holds(&mut s, &format!(
            "brute(partizan_coordinate_game(\"{left}\", \"{right}\", {a}, {b})) == partizan_coordinate_game(\"{left}\", \"{right}\", {a}, {b})"
        ))?;
    }
}

/// Ceylonese Fox and Geese written in cgt on grids: a goose steps diagonally up onto an
/// empty square; the fox flies 1 to `range` squares diagonally over empty squares only.
const FOX_AND_GEESE_IN_CGT: [&str; 4] = [
    "def sq(g, r, c) = if r >= 0 and r < g.height and c >= 0 and c < g.width then cell(g, r, c) else \"#\"",
    "def goose(g, r, c) = [set_cell(set_cell(g, r, c, \".\"), r - 1, c + d, \"G\") for d in [-1, 1] if sq(g, r - 1, c + d) == \".\"]",
    "def fly(g, r, c, range) = [set_cell(set_cell(g, r, c, \".\"), r + k * d[0], c + k * d[1], \"F\") for d in [[-1, -1], [-1, 1], [1, -1], [1, 1]] for k in 1..range if all([sq(g, r + j * d[0], c + j * d[1]) == \".\" for j in 1..k])]",
    "def fg(range) = g -> [[q for p in cells(g, \"G\") for q in goose(g, p[0], p[1])], [q for p in cells(g, \"F\") for q in fly(g, p[0], p[1], range)]]",
];

/// A board with at most one fox.
fn fox_board() -> impl Strategy<Value = String> {
    small_board(&['.', '.', '.', 'G', 'G', 'F'], 12)
        .prop_filter("one fox at most", |b| b.matches('F').count() <= 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn ceylonese_fox_and_geese_equals_its_rules_written_in_cgt(b in fox_board()) {
        let mut s = session();
        for d in FOX_AND_GEESE_IN_CGT {
            s.run(d).map_err(|e| TestCaseError::fail(e.message().to_string()))?;
        }
        s.run("let C = partizan_game(fg(2))").map_err(|e| TestCaseError::fail(e.message().to_string()))?;
        s.run("let F = partizan_game(fg(1))").map_err(|e| TestCaseError::fail(e.message().to_string()))?;
        holds(&mut s, &format!("C(grid(\"{b}\")) == ceylonese_fox_and_geese(\"{b}\")"))?;
        // The same rules with a fox of range 1 are Fox and Geese.
        holds(&mut s, &format!("F(grid(\"{b}\")) == fox_and_geese(\"{b}\")"))?;
    }
}

/// The oracle written in cgt tells the two foxes apart (so the property above is not
/// vacuous): on this board the fox of range 2 can fly from the bottom row to the far corner
/// over the empty square between, which the fox of range 1 needs two moves for.
#[test]
fn the_fox_written_in_cgt_tells_the_ranges_apart() {
    let mut s = session();
    for d in FOX_AND_GEESE_IN_CGT {
        s.run(d).expect("defined");
    }
    s.run("let C = partizan_game(fg(2))").expect("defined");
    s.run("let F = partizan_game(fg(1))").expect("defined");
    let b = ".GGG|G.GG|GGF.";
    assert!(
        holds(
            &mut s,
            &format!("C(grid(\"{b}\")) == ceylonese_fox_and_geese(\"{b}\")")
        )
        .is_ok()
    );
    assert!(
        holds(
            &mut s,
            &format!("F(grid(\"{b}\")) == ceylonese_fox_and_geese(\"{b}\")")
        )
        .is_err()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any text given to these rulesets is a position or an error, never a panic; a
    /// position's moves come back as texts that are positions again.
    #[test]
    fn these_rulesets_read_any_text_without_panicking(
        text in proptest::collection::vec(
            proptest::sample::select(&['T', 'F', '.', ':', ' ', '-', ',', '0', '1', '2', '3', 'l', 'r', 'e', '+', '"', 'x'][..]),
            0..12,
        )
    ) {
        let text: String = text.into_iter().collect();
        let names = ["partizan_euclid", "partizan_arc_kayles", "arc_kayles", "gen_toads_and_frogs", "coordinate_game", "partizan_coordinate_game"];
        reads_as_positions(&names, &text)?;
    }
}
