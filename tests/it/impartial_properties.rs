//! Sprague–Grundy on random impartial game trees, against brute-force search:
//! `grundy(g) == n` exactly when `g + *n` is a second-player win.

use cgt::eval::{Interpreter, Value};
use cgt::game::{GameId, GameStore};
use proptest::prelude::*;

/// An impartial game tree: both players have the same options.
#[derive(Clone, Debug)]
struct Imp(Vec<Imp>);

fn imp(depth: u32) -> BoxedStrategy<Imp> {
    let leaf = Just(Imp(vec![])).boxed();
    leaf.prop_recursive(depth, 24, 3, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Imp).boxed()
    })
    .boxed()
}

/// Does the player to move win `tree + *heap`? Plain game-tree search (normal play).
fn first_player_wins(tree: &Imp, heap: u64) -> bool {
    // Moves in the tree, or in the Nim heap.
    tree.0.iter().any(|t| !first_player_wins(t, heap))
        || (0..heap).any(|h| !first_player_wins(tree, h))
}

fn canonical(store: &mut GameStore, tree: &Imp) -> GameId {
    let opts: Vec<GameId> = tree.0.iter().map(|t| canonical(store, t)).collect();
    store.canonical(&opts, &opts)
}

/// Writes the tree as a cgt literal `{a, b | a, b}`.
fn literal(tree: &Imp) -> String {
    let opts: Vec<String> = tree.0.iter().map(literal).collect();
    let side = opts.join(", ");
    format!("{{{side} | {side}}}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn grundy_is_the_heap_that_balances_the_game(tree in imp(3)) {
        let mut interp = Interpreter::collecting().0;
        let text = literal(&tree);
        let v = interp.eval_value(&format!("grundy({text})")).expect("impartial games have Grundy values");
        let Value::Number(n) = v else { panic!("grundy returns an integer") };
        let n: u64 = n.to_u64().expect("a small integer");
        // g + *n is a P-position, and g + *m is not for every other small m.
        prop_assert!(!first_player_wins(&tree, n), "{} + *{} should be a P-position", text, n);
        for m in 0..=n + 2 {
            if m != n {
                prop_assert!(first_player_wins(&tree, m), "{} + *{} should be an N-position", text, m);
            }
        }
        // The canonical form of an impartial game is that nimber.
        let mut store = GameStore::new();
        let g = canonical(&mut store, &tree);
        prop_assert_eq!(store.as_nimber(g), Some(n));
    }

    #[test]
    fn winning_moves_of_a_sum_reach_p_positions(a in 0u64..20, b in 0u64..20, c in 0u64..20) {
        let mut interp = Interpreter::collecting().0;
        let moves = interp.eval_value(&format!("winning_moves(nim([{a}, {b}, {c}]))")).unwrap();
        let Value::List(moves) = moves else { panic!("a list") };
        let balanced = a ^ b ^ c == 0;
        prop_assert_eq!(moves.is_empty(), balanced);
        // Each listed move leaves a nim-sum of zero.
        for m in moves.iter() {
            let Value::Str(s) = m else { panic!("moves are strings") };
            // "heap k: x → y"
            let (head, to) = s.split_once(" → ").unwrap();
            let k: usize = head.trim_start_matches("heap ").split(':').next().unwrap().parse().unwrap();
            let to: u64 = to.parse().unwrap();
            let mut heaps = [a, b, c];
            prop_assert!(to < heaps[k - 1]);
            heaps[k - 1] = to;
            prop_assert_eq!(heaps[0] ^ heaps[1] ^ heaps[2], 0);
        }
    }
}
