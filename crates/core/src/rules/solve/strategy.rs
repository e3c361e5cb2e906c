//! A winning strategy, for export and for an independent check: from a position and the
//! player moving first, the winner's move in every position the winner can face when
//! following it (against every reply), found with the outcome solver.
//!
//! The strategy is a table, not a tree: a position reached by two lines of play has one
//! entry. A position where the winner is to move with few moves left on the board (at
//! most [`StrategyOptions::cut_moves`], both players' together) is *cut off*: it is listed
//! as proven, with its value when every component of it has one, and a checker decides it
//! by its own search. The winner's move is chosen among the winning ones to leave the
//! opponent as few replies as possible, so that the table stays small.

use super::super::{EngineError, ErrorOf, Rules};
use super::Searcher;
use crate::game::GameId;
use rustc_hash::FxHashSet;

/// What a strategy may spend.
#[derive(Clone, Copy, Debug)]
pub struct StrategyOptions {
    /// Positions with the winner to move and at most this many moves (Left's and Right's
    /// together) are cut off.
    pub cut_moves: usize,
    /// The most entries (moves and cut-offs) the strategy may have, else
    /// [`EngineError::TooLarge`].
    pub max_entries: usize,
}

impl Default for StrategyOptions {
    fn default() -> Self {
        StrategyOptions {
            cut_moves: 10,
            max_entries: 1_000_000,
        }
    }
}

/// A winning strategy of one player from one position.
#[derive(Clone, Debug)]
pub struct Strategy<P> {
    pub start: P,
    /// Whether Left moves first in `start`.
    pub left_first: bool,
    /// Whether the strategy is Left's (Left wins `start` with `left_first`).
    pub left_wins: bool,
    /// The winner's move in each position the strategy reaches with the winner to move,
    /// in the order they were found (the start first when the winner moves first).
    pub moves: Vec<(P, P)>,
    /// The positions cut off (the winner to move and wins), with their value when every
    /// component has one.
    pub cuts: Vec<(P, Option<GameId>)>,
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Searcher<P> {
    /// A winning strategy from `start` with Left (`left_first`) or Right moving first, of
    /// whoever wins it.
    pub fn strategy<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        start: &P,
        left_first: bool,
        options: StrategyOptions,
    ) -> Result<Strategy<P>, ErrorOf<R>> {
        let left_wins = self.wins(rules, start, left_first)? == left_first;
        let mut out = Strategy {
            start: start.clone(),
            left_first,
            left_wins,
            moves: Vec::new(),
            cuts: Vec::new(),
        };
        let mut seen: FxHashSet<(P, bool)> = FxHashSet::default();
        let mut stack = vec![(start.clone(), left_first == left_wins)];
        let mut options_buf = Vec::new();
        while let Some((p, winner_moves)) = stack.pop() {
            if !seen.insert((p.clone(), winner_moves)) {
                continue;
            }
            if out.moves.len() + out.cuts.len() >= options.max_entries {
                return Err(EngineError::TooLarge {
                    limit: options.max_entries,
                });
            }
            options_buf.clear();
            if !winner_moves {
                rules
                    .moves(&p, !left_wins || rules.is_impartial(), &mut options_buf)
                    .map_err(EngineError::Rules)?;
                stack.extend(options_buf.drain(..).map(|r| (r, true)));
                continue;
            }
            if self.move_count(rules, &p)? <= options.cut_moves {
                let root = self.root(rules, &p)?;
                let value = root.parts.is_empty().then_some(root.exact);
                out.cuts.push((p, value));
                continue;
            }
            let side = left_wins || rules.is_impartial();
            rules
                .moves(&p, side, &mut options_buf)
                .map_err(EngineError::Rules)?;
            let replies = !left_wins || rules.is_impartial();
            let mut ranked = Vec::with_capacity(options_buf.len());
            for q in options_buf.drain(..) {
                let mut r = Vec::new();
                rules
                    .moves(&q, replies, &mut r)
                    .map_err(EngineError::Rules)?;
                ranked.push((r.len(), q));
            }
            ranked.sort_by_key(|(n, _)| *n);
            let mut chosen = None;
            for (_, q) in ranked {
                if !self.wins(rules, &q, !left_wins)? {
                    chosen = Some(q);
                    break;
                }
            }
            match chosen {
                Some(q) => {
                    out.moves.push((p, q.clone()));
                    stack.push((q, false));
                }
                // The solver said the winner wins here, so one move wins; without one
                // the position is listed as proven, and a checker will refuse it.
                None => out.cuts.push((p, None)),
            }
        }
        Ok(out)
    }

    /// Left's and Right's moves in `p` together.
    fn move_count<R: Rules<Position = P>>(
        &mut self,
        rules: &mut R,
        p: &P,
    ) -> Result<usize, ErrorOf<R>> {
        let mut out = Vec::new();
        rules.moves(p, true, &mut out).map_err(EngineError::Rules)?;
        if !rules.is_impartial() {
            rules
                .moves(p, false, &mut out)
                .map_err(EngineError::Rules)?;
        }
        Ok(out.len())
    }
}
