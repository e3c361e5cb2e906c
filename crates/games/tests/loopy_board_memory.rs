//! Memory of a loopy board's game graph per position (issue 27 item 1: game graphs of
//! rulesets built once with compact positions), counted by a counting allocator: the peak
//! of live bytes while the graph of a Backsliding Toads and Frogs row is explored and built,
//! divided by its number of positions. One test only, so that no other test allocates
//! while it counts.

use cgt_games::game::GameStore;
use cgt_games::rulesets::backsliding::{options, parse, value};
use cgt_games::rulesets::loopy_board::loopy_game_of;
use std::collections::HashSet;

mod counting;

use counting::peak_during;

/// The number of rows reachable from `row`.
fn positions(row: &[u8]) -> usize {
    let mut seen: HashSet<Vec<u8>> = HashSet::from([row.to_vec()]);
    let mut queue = vec![row.to_vec()];
    while let Some(r) = queue.pop() {
        let (l, rr) = options(&r);
        for q in l.into_iter().chain(rr) {
            if seen.insert(q.clone()) {
                queue.push(q);
            }
        }
    }
    seen.len()
}

#[test]
fn backsliding_graphs_keep_packed_positions() {
    let store = GameStore::new();
    let row = parse("TTT...FFF").unwrap();
    let n = positions(&row);
    // The graph explored with the rows themselves as positions (as before packing).
    let (bytes_game, bytes_peak) =
        peak_during(|| loopy_game_of(row.clone(), |r| options(r), &store).unwrap());
    let (packed_game, packed_peak) = peak_during(|| value(&row, &store).unwrap());
    let (bytes_per, packed_per) = (bytes_peak / n, packed_peak / n);
    eprintln!("{n} positions: byte rows {bytes_per} B a position, packed {packed_per} B");
    assert_eq!(
        bytes_game.outcome(&store),
        packed_game.outcome(&store),
        "the same game either way"
    );
    // Packed positions save the allocations of their two copies (the queue's and the index's); the graph itself (two copies of the options of each position) is most of the rest.
    assert!(packed_per + 16 <= bytes_per, "{packed_per} vs {bytes_per}");
    assert!(packed_per <= 400, "{packed_per} bytes a position");
}
