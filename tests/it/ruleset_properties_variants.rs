//! Property tests of the variants of a ruleset (`dicotic_variant`, `impartial_variant`,
//! `twisted_variant`) and of Childish Hackenbush by CGSuite's rule, through the language,
//! on random small positions.
//!
//! Two oracles, written in cgt, using nothing of the variants' solver:
//! - `brute(p)`: the literal game tree of the variant's own moves (as in
//!   `ruleset_properties.rs`), walked without a table, components or symmetry;
//! - `dic`, `imp` and `tw`: the variants' definitions applied to the *base* game's moves
//!   (CGSuite's `DicoticVariantGame`, `ImpartialVariantGame`, `TwistedVariantGame`), so
//!   that the variant's moves themselves are checked too.

use crate::oracle;

use cgt::eval::Interpreter;
use oracle::{holds, small_board};
use proptest::prelude::*;

/// The shared session with `brute`, plus the three definitions of the variants.
fn session() -> Interpreter {
    let mut interp = oracle::session();
    for def in [
        "def dic(p) = if len(left_moves(p)) == 0 or len(right_moves(p)) == 0 then 0 else {[dic(q) for q in left_moves(p)] | [dic(q) for q in right_moves(p)]}",
        "def imp(p) = let o = [imp(q) for q in left_moves(p) + right_moves(p)] in {o | o}",
        "def tw(p) = {[-tw(q) for q in left_moves(p)] | [-tw(q) for q in right_moves(p)]}",
    ] {
        interp.run(def).expect("oracle defined");
    }
    interp
}

/// Every variant of `game` at the position written `text` (quoted as a string) equals
/// both oracles.
fn variants_hold(s: &mut Interpreter, game: &str, text: &str) -> Result<(), TestCaseError> {
    variants_hold_at(s, game, &format!("\"{text}\""))
}

/// The same with the arguments of the game's built-in written out: `2, 3`.
fn variants_hold_at(s: &mut Interpreter, game: &str, args: &str) -> Result<(), TestCaseError> {
    for (variant, oracle) in [
        ("dicotic_variant", "dic"),
        ("impartial_variant", "imp"),
        ("twisted_variant", "tw"),
    ] {
        let p = format!("{variant}({game})({args})");
        holds(s, &format!("brute({p}) == {p}"))?;
        holds(s, &format!("{oracle}({game}({args})) == {p}"))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    #[test]
    fn domineering_variants_equal_their_definitions(b in small_board(&['.', '.', '.', '#'], 8)) {
        let mut s = session();
        variants_hold(&mut s, "domineering", &b)?;
    }

    #[test]
    fn clobber_variants_equal_their_definitions(b in small_board(&['x', 'o', '.'], 6)) {
        let mut s = session();
        variants_hold(&mut s, "clobber", &b)?;
    }

    #[test]
    fn hackenbush_and_toppling_variants_equal_their_definitions(
        stalk in proptest::collection::vec(proptest::sample::select(&['l', 'r', 'e'][..]), 0..6),
    ) {
        let text: String = stalk.into_iter().collect();
        let mut s = session();
        variants_hold(&mut s, "hackenbush", &text)?;
        if !text.is_empty() {
            variants_hold(&mut s, "toppling_dominoes", &text)?;
        }
    }

    #[test]
    fn cutcake_variants_equal_their_definitions(a in 1usize..4, b in 1usize..4) {
        let mut s = session();
        variants_hold_at(&mut s, "cutcake", &format!("{a}, {b}"))?;
    }

    /// A variant of a variant is checked by its own literal tree, and twisting twice
    /// gives the game back.
    #[test]
    fn nested_variants_equal_their_literal_tree(b in small_board(&['.', '.', '#'], 6)) {
        let mut s = session();
        for (outer, inner) in [("dicotic_variant", "twisted_variant"), ("twisted_variant", "dicotic_variant")] {
            let p = format!("{outer}({inner}(domineering))(\"{b}\")");
            holds(&mut s, &format!("brute({p}) == {p}"))?;
        }
        holds(&mut s, &format!("twisted_variant(twisted_variant(domineering))(\"{b}\") == domineering(\"{b}\")"))?;
    }

    #[test]
    fn cgsuite_childish_hackenbush_equals_its_literal_tree(
        edges in proptest::collection::vec((0usize..4, 0usize..4, proptest::sample::select(&['l', 'r', 'e'][..])), 1..6)
    ) {
        let text: Vec<String> = edges.iter().map(|(u, v, c)| format!("{u}-{v}:{c}")).collect();
        let text = text.join(", ");
        let mut s = session();
        holds(&mut s, &format!("brute(cgsuite_childish_hackenbush(\"{text}\")) == cgsuite_childish_hackenbush(\"{text}\")"))?;
    }
}
