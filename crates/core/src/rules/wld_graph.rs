//! W-L-D outcomes of games whose positions repeat: retrograde analysis of the whole finite
//! graph of (position, player to move) states. The depth-first search of
//! [`super::wld_solution`] hands over to this when it meets a state on its own path.
//!
//! Ended states have their outcome ([`Rules::ending`]); a state without moves is a draw.
//! Working backwards from them: a state is won for the mover when some move reaches a
//! state won for the mover, and lost when every move reaches a state won for the opponent.
//! What is never decided is a draw: neither player can force a win, and each can keep away
//! from a loss, if need be by playing for ever (Ferguson: a game that never ends is a draw).
//!
//! Best moves are chosen so that a winner makes progress: each decided state records the
//! round at which it was decided, and the winner moves to a state decided earlier (so a
//! win is reached in finitely many moves, even around cycles), the loser to the latest.

use super::wld_solve::{State, moves_of};
use super::{EngineError, ErrorOf, Rules};
use crate::wld::search::{GameSolution, Solved};
use crate::wld::{Player, WldOutcome};
use std::collections::HashMap;

/// Solves the game from `start` on its whole graph of states (at most `limit` of them).
pub(crate) fn wld_by_retrograde<R: Rules>(
    rules: &mut R,
    start: R::Position,
    to_move: Player,
    limit: usize,
) -> Result<GameSolution<R::Position>, ErrorOf<R>> {
    // Explore: every reachable state, its options (as state indices) and terminal outcome.
    let mut index: HashMap<State<R::Position>, usize> = HashMap::new();
    let mut states: Vec<State<R::Position>> = vec![(start.clone(), to_move)];
    let mut options: Vec<Vec<usize>> = Vec::new();
    let mut fixed: Vec<Option<WldOutcome>> = Vec::new();
    index.insert((start.clone(), to_move), 0);
    let mut next = 0;
    while next < states.len() {
        let (p, who) = states[next].clone();
        rules
            .check(states.len() - next)
            .map_err(EngineError::Rules)?;
        let outcome = rules.ending(&p).map_err(EngineError::Rules)?;
        let mut opts = Vec::new();
        if outcome.is_none() {
            for q in moves_of(rules, &p, who)? {
                let key = (q, who.other());
                let at = match index.get(&key) {
                    Some(&at) => at,
                    None => {
                        if states.len() >= limit {
                            return Err(EngineError::TooLarge { limit });
                        }
                        let at = states.len();
                        index.insert(key.clone(), at);
                        states.push(key);
                        at
                    }
                };
                opts.push(at);
            }
        }
        // Stuck without an outcome is a draw.
        fixed.push(outcome.or(opts.is_empty().then_some(WldOutcome::Draw)));
        options.push(opts);
        next += 1;
    }
    let n = states.len();
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (u, opts) in options.iter().enumerate() {
        for &w in opts {
            predecessors[w].push(u);
        }
    }
    // Retrograde analysis, round by round (breadth first from the decided states).
    let mut result: Vec<Option<WldOutcome>> = fixed.clone();
    let mut round: Vec<usize> = vec![usize::MAX; n];
    // For each undecided state, the moves not yet known to lose for its mover.
    let mut open_moves: Vec<usize> = options.iter().map(Vec::len).collect();
    let mut frontier: Vec<usize> = (0..n)
        .filter(|&u| result[u].is_some_and(|o| o != WldOutcome::Draw))
        .collect();
    for &u in &frontier {
        round[u] = 0;
    }
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next_frontier = Vec::new();
        for &w in &frontier {
            // The frontier holds decided wins only.
            let Some(winner) = result[w].and_then(WldOutcome::winner) else {
                continue;
            };
            for &u in &predecessors[w] {
                if result[u].is_some() {
                    continue;
                }
                let mover = states[u].1;
                if winner == mover {
                    result[u] = Some(WldOutcome::win_for(mover));
                } else {
                    open_moves[u] -= 1;
                    if open_moves[u] > 0 {
                        continue;
                    }
                    result[u] = Some(WldOutcome::win_for(winner));
                }
                round[u] = depth;
                next_frontier.push(u);
            }
        }
        frontier = next_frontier;
    }
    // Best moves: the winner to the earliest-decided win, the loser to the latest, a
    // drawing player to a draw.
    let mut table = HashMap::with_capacity(n);
    for (u, state) in states.iter().enumerate() {
        let ty = result[u].unwrap_or(WldOutcome::Draw);
        let mover = state.1;
        let score = |&k: &usize| {
            let w = options[u][k];
            let o = result[w].unwrap_or(WldOutcome::Draw);
            // Higher is better: the mover's preference, then speed of a win or slowness of
            // a loss.
            let r = round[w];
            let tiebreak = if o.score_for(mover) == 2 {
                usize::MAX - r
            } else {
                r
            };
            (o.score_for(mover), tiebreak)
        };
        let best = if fixed[u].is_none() {
            (0..options[u].len()).max_by_key(|k| (score(k), usize::MAX - k))
        } else {
            None
        };
        let best = best.map(|k| (k, states[options[u][k]].0.clone()));
        table.insert(state.clone(), Solved { ty, best });
    }
    Ok(GameSolution::from_table(start, to_move, table))
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::wld::WldError;
    use crate::wld::search::solve_game;
    use proptest::prelude::*;

    /// A game on a graph: `edges[v]` are the moves from `v` (for both players), `ends[v]`
    /// the outcome if play ends at `v`.
    #[derive(Clone, Debug)]
    struct Graph {
        edges: Vec<Vec<u8>>,
        ends: Vec<Option<WldOutcome>>,
    }

    fn solve(g: &Graph, start: u8, who: Player) -> GameSolution<u8> {
        solve_game(
            start,
            who,
            |&v, _| Ok::<_, WldError>(g.edges[v as usize].clone()),
            |&v| Ok(g.ends[v as usize]),
        )
        .unwrap()
    }

    /// The value of each state by a different method: the minimax value of play cut off
    /// after `depth` moves (a cut-off counts as a draw), for growing depth until it stops
    /// changing. On a finite graph a forced win takes fewer moves than there are states, so
    /// the values for depth = 2·states are the true ones.
    fn bounded_minimax(g: &Graph, v: u8, who: Player, depth: usize) -> WldOutcome {
        if let Some(o) = g.ends[v as usize] {
            return o;
        }
        let opts = &g.edges[v as usize];
        if opts.is_empty() || depth == 0 {
            return WldOutcome::Draw;
        }
        opts.iter()
            .map(|&w| bounded_minimax(g, w, who.other(), depth - 1))
            .max_by_key(|o| o.score_for(who))
            .unwrap()
    }

    fn graphs() -> impl Strategy<Value = Graph> {
        (1usize..6).prop_flat_map(|n| {
            let outcome = prop_oneof![
                Just(None),
                Just(Some(WldOutcome::LouiseWins)),
                Just(Some(WldOutcome::RichardWins)),
                Just(Some(WldOutcome::Draw)),
            ];
            (
                proptest::collection::vec(proptest::collection::vec(0..n as u8, 0..3), n),
                proptest::collection::vec(outcome, n),
            )
                .prop_map(|(edges, ends)| Graph { edges, ends })
        })
    }

    #[test]
    fn a_cycle_with_an_exit_is_won_by_whoever_can_take_it() {
        // 0 -> 1 -> 2 -> 0, and from 2 a move to 3 where Louise has won.
        let g = Graph {
            edges: vec![vec![1], vec![2], vec![0, 3], vec![]],
            ends: vec![None, None, None, Some(WldOutcome::LouiseWins)],
        };
        // Louise to move at 2 takes the exit; Richard there goes round again, and Louise
        // reaches 2 after three moves: a cycle of odd length hands the exit over.
        let s = solve(&g, 2, Player::Louise);
        assert_eq!(s.outcome(), WldOutcome::LouiseWins);
        assert_eq!(s.best_move(), Some(&3));
        let s = solve(&g, 2, Player::Richard);
        assert_eq!(s.outcome(), WldOutcome::LouiseWins);
        // Following the best moves reaches the end.
        assert_eq!(s.principal_line().last(), Some(&3));
    }

    proptest! {
        #[test]
        fn retrograde_agrees_with_deep_minimax(g in graphs()) {
            let n = g.edges.len();
            for start in 0..n as u8 {
                for who in [Player::Louise, Player::Richard] {
                    let s = solve(&g, start, who);
                    let expected = bounded_minimax(&g, start, who, 2 * n + 2);
                    prop_assert_eq!(s.outcome(), expected, "{:?} from {} {:?}", g, start, who);
                    // The principal line of a win ends in that win within the state count.
                    let line = s.principal_line();
                    if s.outcome() != WldOutcome::Draw {
                        prop_assert!(line.len() <= 2 * n + 1);
                    }
                }
            }
        }
    }
}
