//! Northcott's game (Ferguson §2.6, exercise 5).
//!
//! A board of rows, each with one white and one black checker. White moves a white checker,
//! Black a black one, any number of squares along its row, never over or onto the other
//! checker; the last to move wins. The game is partizan and loopy, yet it is Nim: the gap
//! between the two checkers of a row is a heap. Moving towards the opponent takes tokens
//! from it; moving away adds tokens, which the opponent can take back at once, and the
//! player moving away eventually reaches the edge. So the player to move wins iff the
//! nim-sum of the gaps is not 0, whatever their colour.

use super::error::ImpartialError;
use crate::game::Outcome;
use std::fmt;

/// The two players of Northcott's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

/// A row: the columns (from 0) of its white and black checkers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub white: u64,
    pub black: u64,
}

/// A position: the board width and the rows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Northcott {
    width: u64,
    rows: Vec<Row>,
}

/// Move the mover's checker of row `row` (from 0) from column `from` to column `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NorthcottMove {
    pub row: usize,
    pub from: u64,
    pub to: u64,
}

impl fmt::Display for NorthcottMove {
    /// `row 2: 5 → 3`, rows numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}: {} → {}", self.row + 1, self.from, self.to)
    }
}

impl Northcott {
    /// Errors when a checker is off the board or two share a square.
    pub fn new(width: u64, rows: Vec<Row>) -> Result<Northcott, ImpartialError> {
        for (i, r) in rows.iter().enumerate() {
            if r.white >= width || r.black >= width || r.white == r.black {
                return Err(ImpartialError::InvalidPosition(format!(
                    "row {}: the checkers must be on different squares of columns 0 to {}",
                    i + 1,
                    width.saturating_sub(1)
                )));
            }
        }
        Ok(Northcott { width, rows })
    }

    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    pub fn width(&self) -> u64 {
        self.width
    }

    /// The empty squares between the two checkers of each row.
    pub fn gaps(&self) -> Vec<u64> {
        self.rows
            .iter()
            .map(|r| r.white.abs_diff(r.black) - 1)
            .collect()
    }

    /// The nim-sum of the gaps.
    pub fn grundy(&self) -> u64 {
        self.gaps().iter().fold(0, |acc, g| acc ^ g)
    }

    /// `P` (the player to move loses, whichever colour) iff the gaps have nim-sum 0.
    pub fn outcome(&self) -> Outcome {
        if self.grundy() == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    pub fn play(&self, side: Side, m: &NorthcottMove) -> Northcott {
        let mut rows = self.rows.clone();
        match side {
            Side::White => rows[m.row].white = m.to,
            Side::Black => rows[m.row].black = m.to,
        }
        Northcott {
            width: self.width,
            rows,
        }
    }

    /// Every move of `side`: its checker of a row to any other square on its side of the
    /// opponent's checker, row by row, columns in increasing order.
    pub fn moves(&self, side: Side) -> Vec<NorthcottMove> {
        let mut out = Vec::new();
        for (row, r) in self.rows.iter().enumerate() {
            let (mine, theirs) = match side {
                Side::White => (r.white, r.black),
                Side::Black => (r.black, r.white),
            };
            // The squares between the near edge and the opponent's checker.
            let (first, last) = if mine < theirs {
                (0, theirs - 1)
            } else {
                (theirs + 1, self.width - 1)
            };
            for to in (first..=last).filter(|&c| c != mine) {
                out.push(NorthcottMove {
                    row,
                    from: mine,
                    to,
                });
            }
        }
        out
    }

    /// Every winning move of `side` (to a position of nim-sum 0), including retreats that
    /// widen a gap to the right size.
    pub fn winning_moves(&self, side: Side) -> Vec<NorthcottMove> {
        self.moves_to_value(side, 0)
    }

    /// Every move of `side` to a position of nim-sum `target`: in a row of gap `g`, to the
    /// gap `g ⊕ total ⊕ target` (a gap is a Nim heap that may also grow), when it fits
    /// between the opponent's checker and the edge.
    pub fn moves_to_value(&self, side: Side, target: u64) -> Vec<NorthcottMove> {
        let change = self.grundy() ^ target;
        let mut moves = Vec::new();
        if change == 0 {
            return moves;
        }
        for (row, r) in self.rows.iter().enumerate() {
            let (mine, theirs) = match side {
                Side::White => (r.white, r.black),
                Side::Black => (r.black, r.white),
            };
            let gap = mine.abs_diff(theirs) - 1;
            let wanted = gap ^ change; // the new gap, keeping my side of the other checker
            let to = if mine < theirs {
                wanted.checked_add(1).and_then(|d| theirs.checked_sub(d))
            } else {
                theirs
                    .checked_add(wanted)
                    .and_then(|c| c.checked_add(1))
                    .filter(|&c| c < self.width)
            };
            if let Some(to) = to {
                moves.push(NorthcottMove {
                    row,
                    from: mine,
                    to,
                });
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every legal move of `side`.
    fn all_moves(p: &Northcott, side: Side) -> Vec<NorthcottMove> {
        let mut out = Vec::new();
        for (row, r) in p.rows.iter().enumerate() {
            let (mine, theirs) = match side {
                Side::White => (r.white, r.black),
                Side::Black => (r.black, r.white),
            };
            let range = if mine < theirs {
                0..theirs
            } else {
                theirs + 1..p.width
            };
            out.extend(range.filter(|&c| c != mine).map(|to| NorthcottMove {
                row,
                from: mine,
                to,
            }));
        }
        out
    }

    fn other(side: Side) -> Side {
        match side {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// Retrograde analysis of the whole (finite, loopy) game graph: the positions from which
    /// the player to move wins, loses, or neither can force a result (draws).
    fn solve(width: u64, rows: usize) -> HashMap<(Northcott, Side), Option<bool>> {
        let mut configs = vec![vec![]];
        for _ in 0..rows {
            let mut next = Vec::new();
            for c in &configs {
                for w in 0..width {
                    for b in 0..width {
                        if w != b {
                            let mut c2: Vec<Row> = c.clone();
                            c2.push(Row { white: w, black: b });
                            next.push(c2);
                        }
                    }
                }
            }
            configs = next;
        }
        let mut states = Vec::new();
        for c in configs {
            let p = Northcott::new(width, c).unwrap();
            states.push((p.clone(), Side::White));
            states.push((p, Side::Black));
        }
        let index: HashMap<(Northcott, Side), usize> = states
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        let mut succ = vec![Vec::new(); states.len()];
        let mut pred = vec![Vec::new(); states.len()];
        for (i, (p, side)) in states.iter().enumerate() {
            for m in all_moves(p, *side) {
                let j = index[&(p.play(*side, &m), other(*side))];
                succ[i].push(j);
                pred[j].push(i);
            }
        }
        let mut result: Vec<Option<bool>> = vec![None; states.len()];
        let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
        let mut queue: Vec<usize> = (0..states.len()).filter(|&i| left[i] == 0).collect();
        for &i in &queue {
            result[i] = Some(false);
        }
        while let Some(j) = queue.pop() {
            for &i in &pred[j] {
                if result[i].is_some() {
                    continue;
                }
                if result[j] == Some(false) {
                    result[i] = Some(true);
                    queue.push(i);
                } else {
                    left[i] -= 1;
                    if left[i] == 0 {
                        result[i] = Some(false);
                        queue.push(i);
                    }
                }
            }
        }
        states.into_iter().zip(result).collect()
    }

    #[test]
    fn moves_to_a_value_are_the_moves_of_that_value() {
        for (width, rows) in [(4, 2), (6, 2), (3, 3)] {
            for (p, side) in solve(width, rows).into_keys() {
                let mut listed = p.moves(side);
                let mut all = all_moves(&p, side);
                listed.sort_by_key(|m| (m.row, m.to));
                all.sort_by_key(|m| (m.row, m.to));
                assert_eq!(listed, all, "{p:?} {side:?}");
                for target in 0..8 {
                    let mut ours = p.moves_to_value(side, target);
                    let mut by_search: Vec<NorthcottMove> = all
                        .iter()
                        .copied()
                        .filter(|m| p.play(side, m).grundy() == target)
                        .collect();
                    ours.sort_by_key(|m| (m.row, m.to));
                    by_search.sort_by_key(|m| (m.row, m.to));
                    assert_eq!(ours, by_search, "{p:?} {side:?} to {target}");
                }
            }
        }
    }

    #[test]
    fn agrees_with_retrograde_analysis() {
        for (width, rows) in [(4, 2), (5, 2), (3, 3)] {
            let table = solve(width, rows);
            for ((p, side), wins) in &table {
                // No draws: the theory says the player to move wins iff the nim-sum ≠ 0.
                assert_eq!(*wins, Some(p.outcome() == Outcome::N), "{p:?} {side:?}");
                let by_search: Vec<NorthcottMove> = all_moves(p, *side)
                    .into_iter()
                    .filter(|m| table[&(p.play(*side, m), other(*side))] == Some(false))
                    .collect();
                let mut ours = p.winning_moves(*side);
                let mut theirs = by_search;
                ours.sort_by_key(|m| (m.row, m.to));
                theirs.sort_by_key(|m| (m.row, m.to));
                assert_eq!(ours, theirs, "{p:?} {side:?}");
            }
        }
    }

    #[test]
    fn validation() {
        assert!(Northcott::new(3, vec![Row { white: 0, black: 0 }]).is_err());
        assert!(Northcott::new(3, vec![Row { white: 0, black: 3 }]).is_err());
        let p = Northcott::new(
            10,
            vec![Row { white: 0, black: 7 }, Row { white: 5, black: 2 }],
        )
        .unwrap();
        assert_eq!(p.gaps(), vec![6, 2]);
        assert_eq!(p.outcome(), Outcome::N);
        // Nim-sum 4. White: row 1 from 0 to 4 (gap 6 → 2), or row 2 retreating from 5 to 9
        // (gap 2 → 6), which needs a board of 10 columns.
        let shown: Vec<String> = p
            .winning_moves(Side::White)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(shown, ["row 1: 0 → 4", "row 2: 5 → 9"]);
        // Black: row 1 from 7 to 3 (gap 2); row 2 from 2 to … gap 6 needs column -2: none.
        let shown: Vec<String> = p
            .winning_moves(Side::Black)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(shown, ["row 1: 7 → 3"]);
    }
}
