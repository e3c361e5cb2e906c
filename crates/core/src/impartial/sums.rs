//! Sums of arbitrary impartial components: Grundy values and winning moves by the
//! Sprague–Grundy theorem (Ferguson §4.2; DeVos–Kent §3.3, "balancing").
//!
//! Each component is described by the Grundy values of its options, in its own order (the
//! caller keeps the options themselves, in its own terms). The component's value is their
//! mex, the sum's value the nim-sum, and a winning move takes a component `i` to an option
//! of value `G_i ⊕ G`, where `G` is the value of the whole sum.

use super::error::ImpartialError;
use super::grundy::mex;
use crate::game::{GameId, GameStore};

/// Option `option` (an index into that component's option list) of component `component`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumMove {
    pub component: usize,
    pub option: usize,
}

/// The Grundy value of a sum whose components have options of the given values.
pub fn sum_grundy(components: &[Vec<u64>]) -> u64 {
    components
        .iter()
        .fold(0, |acc, opts| acc ^ mex(opts.iter().copied()))
}

/// Every move of the sum to a position of value `target` (0 for the winning moves).
pub fn sum_moves_to_value(components: &[Vec<u64>], target: u64) -> Vec<SumMove> {
    let values: Vec<u64> = components.iter().map(|o| mex(o.iter().copied())).collect();
    let total = values.iter().fold(0, |a, v| a ^ v);
    let mut out = Vec::new();
    for (component, options) in components.iter().enumerate() {
        let wanted = total ^ values[component] ^ target;
        out.extend(
            options
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v == wanted)
                .map(|(option, _)| SumMove { component, option }),
        );
    }
    out
}

/// Every winning move of the sum: every move to a position of Grundy value 0.
///
/// ```
/// use cgt_core::impartial::{SumMove, sum_winning_moves};
/// // DeVos–Kent §3.3: *4 + *2 + *3 (value *5): move the *4 to *1.
/// let nimber = |n: u64| (0..n).collect::<Vec<u64>>();
/// let moves = sum_winning_moves(&[nimber(4), nimber(2), nimber(3)]);
/// assert_eq!(moves, vec![SumMove { component: 0, option: 1 }]);
/// ```
pub fn sum_winning_moves(components: &[Vec<u64>]) -> Vec<SumMove> {
    sum_moves_to_value(components, 0)
}

/// The Grundy value of a game of the store: `n` when it equals `*n`. Every impartial game
/// equals a nimber, so any other value is partizan: [`ImpartialError::NotImpartial`].
pub fn game_grundy(store: &GameStore, g: GameId) -> Result<u64, ImpartialError> {
    store.as_nimber(g).ok_or(ImpartialError::NotImpartial)
}

/// The winning moves of a sum of games of the store, each equal to a nimber: for each
/// component `i` that has one, the nimber it should move to. (A component `*n` is a
/// canonical form; its actual options in the caller's terms are the caller's to list, see
/// [`sum_winning_moves`].)
pub fn game_sum_winning_moves(
    store: &mut GameStore,
    components: &[GameId],
) -> Result<Vec<(usize, GameId)>, ImpartialError> {
    let values = components
        .iter()
        .map(|&g| game_grundy(store, g))
        .collect::<Result<Vec<u64>, _>>()?;
    let total = values.iter().fold(0, |a, v| a ^ v);
    Ok(values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v ^ total < v)
        .map(|(i, &v)| (i, store.nimber(v ^ total)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::HeapRuleset;
    use crate::impartial::testutil::{Rng, next_player_wins};
    use std::collections::HashMap;

    #[test]
    fn devos_kent_chop_and_bricks() {
        // DeVos–Kent §3.3: a 4×5 Chop (*3 + *4 = *7), 7 bricks (*1) and *4: value *2, and
        // the Chop component should move to *5 (a 2×5 array). Chop m×n is the sum
        // *(m-1) + *(n-1), whose options are (m'-1) ⊕ (n-1) and (m-1) ⊕ (n'-1).
        let chop = |m: u64, n: u64| -> Vec<u64> {
            (1..m)
                .map(|a| (a - 1) ^ (n - 1))
                .chain((1..n).map(|b| (m - 1) ^ (b - 1)))
                .collect()
        };
        let bricks: Vec<u64> = HeapRuleset::pick_up_bricks()
            .options(7)
            .unwrap()
            .iter()
            .map(|o| o.first().map_or(0, |&h| h % 3))
            .collect();
        let star4: Vec<u64> = (0..4).collect();
        let components = vec![chop(4, 5), bricks, star4];
        assert_eq!(sum_grundy(&components), 2);
        // The Chop options are listed rows first (1, 2, 3 rows): 2×5 is option 1. By hand
        // it is the only winning move: the bricks (*1) would need a *3 option, the *4 a *6.
        assert_eq!(
            sum_winning_moves(&components),
            vec![SumMove {
                component: 0,
                option: 1
            }]
        );
    }

    /// A random impartial game tree: a node and its children, by index.
    fn random_forest(rng: &mut Rng, nodes: usize) -> Vec<Vec<usize>> {
        (0..nodes)
            .map(|i| (0..i).filter(|_| rng.below(3) == 0).collect())
            .collect()
    }

    #[test]
    fn winning_moves_agree_with_search() {
        let mut rng = Rng::new(41);
        let tree = random_forest(&mut rng, 12);
        let mut g = vec![0u64; tree.len()];
        for i in 0..tree.len() {
            g[i] = mex(tree[i].iter().map(|&c| g[c]));
        }
        // A position of the sum is a list of nodes, one per component.
        let moves = |p: &Vec<usize>| -> Vec<Vec<usize>> {
            let mut out = Vec::new();
            for (i, &node) in p.iter().enumerate() {
                for &c in &tree[node] {
                    let mut q = p.clone();
                    q[i] = c;
                    out.push(q);
                }
            }
            out
        };
        let mut memo = HashMap::new();
        for _ in 0..200 {
            let p: Vec<usize> = (0..3).map(|_| rng.below(12) as usize).collect();
            let components: Vec<Vec<u64>> = p
                .iter()
                .map(|&n| tree[n].iter().map(|&c| g[c]).collect())
                .collect();
            assert_eq!(
                sum_grundy(&components) != 0,
                next_player_wins(&p, &moves, &mut memo)
            );
            let mut by_search = Vec::new();
            for (component, &node) in p.iter().enumerate() {
                for (option, &c) in tree[node].iter().enumerate() {
                    let mut q = p.clone();
                    q[component] = c;
                    if !next_player_wins(&q, &moves, &mut memo) {
                        by_search.push(SumMove { component, option });
                    }
                }
            }
            assert_eq!(sum_winning_moves(&components), by_search, "{p:?}");
        }
    }

    #[test]
    fn games_of_the_store() {
        let mut store = GameStore::new();
        let (a, b, c) = (store.nimber(3), store.nimber(5), store.nimber(7));
        assert_eq!(game_grundy(&store, b), Ok(5));
        let moves = game_sum_winning_moves(&mut store, &[a, b, c]).unwrap();
        // 3 ⊕ 5 ⊕ 7 = 1: *3 → *2, *5 → *4, *7 → *6.
        let want: Vec<(usize, GameId)> = vec![
            (0, store.nimber(2)),
            (1, store.nimber(4)),
            (2, store.nimber(6)),
        ];
        assert_eq!(moves, want);
        let one = store.integer(1);
        assert_eq!(game_grundy(&store, one), Err(ImpartialError::NotImpartial));
        assert!(game_sum_winning_moves(&mut store, &[a, one]).is_err());
    }
}
