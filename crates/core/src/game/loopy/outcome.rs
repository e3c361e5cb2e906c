//! Who wins a loopy game, by retrograde analysis of the states `(vertex, player to move)`:
//! a player without a move loses, a player with a move to a state lost for the opponent
//! wins, a player all of whose moves lead to states won by the opponent loses, and every
//! state left undecided when nothing more follows is a draw (infinite play).

use super::graph::{Graph, Mover};
use crate::game::GameStore;

/// The result of a play with perfect play on both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Left,
    Right,
    Draw,
}

/// The outcome of a loopy game: who wins when Left moves first and when Right does.
///
/// The nine classes are named as CGSuite's `LoopyOutcomeClass` names them (Siegel,
/// *Combinatorial Game Theory*, VI.1 writes the mixed ones with a hat and a check):
///
/// | Left first \ Right first | Left wins | Draw      | Right wins |
/// |--------------------------|-----------|-----------|------------|
/// | **Left wins**            | `L`       | `NHat`    | `N`        |
/// | **Draw**                 | `PHat`    | `D`       | `NCheck`   |
/// | **Right wins**           | `P`       | `PCheck`  | `R`        |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopyOutcome {
    pub left_first: Winner,
    pub right_first: Winner,
}

impl LoopyOutcome {
    /// The class's name: `L`, `R`, `N`, `P`, `D`, or CGSuite's `PHat`, `PCheck`, `NHat`,
    /// `NCheck` for the mixtures with a draw (see the table on [`LoopyOutcome`]).
    ///
    /// ```
    /// use cgt_core::game::GameStore;
    /// use cgt_core::game::loopy::LoopyGame;
    /// let s = GameStore::new();
    /// assert_eq!(LoopyGame::on().outcome(&s).symbol(), "L");
    /// assert_eq!(LoopyGame::dud().outcome(&s).symbol(), "D");
    /// ```
    pub fn symbol(&self) -> &'static str {
        use Winner::*;
        match (self.left_first, self.right_first) {
            (Left, Left) => "L",
            (Left, Draw) => "NHat",
            (Left, Right) => "N",
            (Draw, Left) => "PHat",
            (Draw, Draw) => "D",
            (Draw, Right) => "NCheck",
            (Right, Left) => "P",
            (Right, Draw) => "PCheck",
            (Right, Right) => "R",
        }
    }

    /// The class's name as Siegel writes it: `P̂`, `P̌`, `N̂`, `Ň` for the mixtures.
    pub fn unicode_symbol(&self) -> &'static str {
        match self.symbol() {
            "PHat" => "P\u{302}",
            "PCheck" => "P\u{30c}",
            "NHat" => "N\u{302}",
            "NCheck" => "N\u{30c}",
            s => s,
        }
    }
}

/// The winner from every state of `g`: `result[v].0` with Left to move at `v`,
/// `result[v].1` with Right to move.
///
/// Counter-based retrograde analysis: each undecided state keeps the number of its moves
/// not yet known to lose; a state is decided at most once and each edge is looked at a
/// bounded number of times, so the work is linear in the size of the state graph.
pub(crate) fn solve(g: &Graph, store: &GameStore) -> Vec<(Winner, Winner)> {
    let n = g.len();
    let (pl, pr) = g.predecessors();
    // index 2v: Left to move at v; 2v + 1: Right to move.
    let mut result: Vec<Option<Winner>> = vec![None; 2 * n];
    let mut open: Vec<usize> = (0..2 * n)
        .map(|s| {
            let mover = if s.is_multiple_of(2) {
                Mover::Left
            } else {
                Mover::Right
            };
            g.options(s as u32 / 2, mover).len()
        })
        .collect();
    let winner_of = |mover: Mover| match mover {
        Mover::Left => Winner::Left,
        Mover::Right => Winner::Right,
    };
    let mut queue: Vec<usize> = Vec::new();
    for s in 0..2 * n {
        if open[s] == 0 {
            let mover = if s.is_multiple_of(2) {
                Mover::Left
            } else {
                Mover::Right
            };
            result[s] = Some(winner_of(mover.other()));
            queue.push(s);
        }
    }
    let mut steps = 0usize;
    while let Some(t) = queue.pop() {
        steps += 1;
        if steps.is_multiple_of(4096) {
            store.check_interrupt();
        }
        let w = t / 2;
        // The state t has `t_mover` to move; its predecessors have the other player to move
        // and reach t by one of their moves.
        let t_mover = if t % 2 == 0 {
            Mover::Left
        } else {
            Mover::Right
        };
        let p_mover = t_mover.other();
        let preds = match p_mover {
            Mover::Left => &pl[w],
            Mover::Right => &pr[w],
        };
        let t_result = result[t].expect("queued states are decided");
        for &v in preds {
            let s = 2 * v as usize + usize::from(p_mover == Mover::Right);
            if result[s].is_some() {
                continue;
            }
            if t_result == winner_of(p_mover) {
                result[s] = Some(winner_of(p_mover));
                queue.push(s);
            } else {
                open[s] -= 1;
                if open[s] == 0 {
                    result[s] = Some(winner_of(p_mover.other()));
                    queue.push(s);
                }
            }
        }
    }
    (0..n)
        .map(|v| {
            (
                result[2 * v].unwrap_or(Winner::Draw),
                result[2 * v + 1].unwrap_or(Winner::Draw),
            )
        })
        .collect()
}
