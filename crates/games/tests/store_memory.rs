//! Memory of the game store per canonical form (issue 27 item 4: Domineering 6×6 under
//! 1 GB), counted by a counting allocator: the bytes the store still holds after solving
//! a Domineering rectangle, once its caches (the memos of sums, negatives and comparisons)
//! are emptied and the solver's transposition table is dropped, divided by its number of
//! forms. One test only, so that no other test allocates while it counts.

use cgt_games::game::GameStore;
use cgt_games::rulesets::domineering::domineering_rect;

mod counting;

#[test]
fn the_store_keeps_few_bytes_a_form() {
    let before = counting::live();
    let mut store = GameStore::new();
    let g = domineering_rect(&mut store, 5, 5);
    // 5×5 Domineering is a second-player win (Winning Ways; Lachmann, Moore and Rapaport).
    assert_eq!(store.outcome(g), cgt_games::game::Outcome::P);
    store.empty_caches();
    let held = counting::live() - before;
    let forms = store.len();
    let per_form = held / forms;
    let counted: u64 = store.memory_report().iter().map(|t| t.2).sum();
    eprintln!(
        "5x5: {forms} forms, {held} bytes held ({per_form} a form), the store counts {counted}"
    );
    // Each form: its node (32 bytes, in a vector up to twice as long), its two option lists
    // (allocations of their own), its id in the index, its stops as two words and its
    // birthday as one. The representation before (a map of option lists to ids, stops as
    // two big numbers in a map, birthdays as big numbers in a map) held over 400 bytes.
    assert!(per_form <= 160, "{per_form} bytes a form");
    // The budget's account of the store is close to what it allocated (requested bytes;
    // the account counts the allocator's chunks of the option lists, a little more).
    assert!(
        counted as usize >= held * 9 / 10 && counted as usize <= held * 3 / 2,
        "counted {counted} against {held} held"
    );
}
