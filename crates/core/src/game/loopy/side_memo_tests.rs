//! Tests of the sides kept with a game and of the offside read off the onside
//! ([`super::side_memo`]): answers against the sides computed from scratch, and the side
//! computations saved, counted.

use super::graph::Graph;
use super::sides::{self, ONSIDE_RUNS};
use super::stability_tests::random_graph;
use super::tests::backsliding_graph;
use super::{LoopyError, LoopyGame, compare};
use crate::game::GameStore;
use proptest::prelude::*;

fn runs() -> usize {
    ONSIDE_RUNS.with(|c| c.get())
}

/// The same side, or both not found (errors compared by their text).
fn same_side(
    a: &Result<LoopyGame, LoopyError>,
    b: &Result<Graph, LoopyError>,
    store: &GameStore,
) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => compare::geq(&a.on, b, store) && compare::geq(b, &a.on, store),
        (Err(a), Err(b)) => a.to_string() == b.to_string(),
        _ => false,
    }
}

/// Both sides of `g` through the game (memo and mirror) agree with the sides from scratch.
fn sides_agree(g: &Graph) -> Result<(), TestCaseError> {
    let mut store = GameStore::new();
    let game = LoopyGame::plain(g.clone());
    let on = game.onside(&mut store);
    let off = game.offside(&mut store);
    prop_assert!(same_side(&on, &sides::onside(g, &store), &store));
    prop_assert!(same_side(&off, &sides::offside(g, &store), &store));
    // Asked again (and of a clone), the same answers.
    let again = game.clone();
    prop_assert!(same_side(
        &again.offside(&mut store),
        &sides::offside(g, &store),
        &store
    ));
    Ok(())
}

/// `g − g` from the pair of starts: its own negative.
fn minus_itself(g: &Graph) -> Graph {
    g.product(&g.negate(), &GameStore::new()).restrict(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random graphs: seldom their own negatives, so the offside is mostly computed.
    #[test]
    fn sides_of_random_graphs_agree_with_scratch(g in random_graph(4)) {
        sides_agree(&g)?;
    }

    /// `G − G` is its own negative: the offside is the negative of the onside.
    #[test]
    fn sides_of_games_minus_themselves_agree_with_scratch(g in random_graph(3)) {
        let d = minus_itself(&g);
        prop_assert!(super::side_memo::is_own_negative(&d, &GameStore::new()));
        sides_agree(&d)?;
    }

    /// A random graph next to its negative, started from either: never its own negative
    /// unless the onside and offside agree with that.
    #[test]
    fn own_negative_only_when_the_sides_say_so(g in random_graph(4)) {
        let store = GameStore::new();
        if super::side_memo::is_own_negative(&g, &store)
            && let (Ok(on), Ok(off)) = (sides::onside(&g, &store), sides::offside(&g, &store))
        {
            let minus_on = on.negate();
            prop_assert!(compare::geq(&minus_on, &off, &store) && compare::geq(&off, &minus_on, &store));
        }
    }
}

/// `TTT..FFF` is its own negative (mirrored, toads and frogs exchanged): its two sides take
/// one onside computation, and its value is still CGSuite's (`{on||0|-1/2} & {1/2|0||off}`,
/// aaron-siegel/cgsuite `GameStripTest.scala`).
#[test]
fn symmetric_board_computes_one_side() {
    let mut store = GameStore::new();
    let game = LoopyGame::plain(backsliding_graph("TTT..FFF"));
    let before = runs();
    let simplified = game.simplify(&mut store);
    assert_eq!(runs() - before, 1);
    let printed = simplified.display(&mut store, false);
    assert_eq!(printed, "{on||0|-1/2} & {1/2|0||off}");
}

/// A game whose sides are not found (`TTTT...FFF`): simplified, simplified again, asked its
/// sides and printed, each side is attempted once (the onside by `simplify`, the offside
/// when asked); the print is still refused.
#[test]
fn sides_not_found_are_attempted_once() {
    let mut store = GameStore::new();
    let game = LoopyGame::plain(backsliding_graph("TTTT...FFF"));
    let before = runs();
    let value = game.simplify(&mut store);
    assert_eq!(runs() - before, 1);
    assert!(value.onside(&mut store).is_err());
    let offside = value.offside(&mut store).is_ok();
    let again = value.simplify(&mut store);
    assert!(again.onside(&mut store).is_err());
    assert_eq!(again.offside(&mut store).is_ok(), offside);
    let printed = crate::game::catch_abort(|| again.display(&mut store, false));
    assert!(matches!(printed, Err(crate::game::Abort::TooLarge(_))));
    assert_eq!(runs() - before, 2);
}
