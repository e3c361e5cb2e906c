//! Fox and Geese (Winning Ways ch. 20–22): on the squares of a board, the geese (Left, `G`)
//! move one square diagonally forward (up the board, towards the first row written), the
//! fox (Right, `F`) one square diagonally in any direction; nobody jumps or captures. As
//! always the player who cannot move loses: the geese win by penning the fox in, the fox by
//! slipping past them, after which the geese run out of moves while the fox can move for
//! ever. The fox can go back and forth, so positions repeat and values are loopy games
//! (the classic starting position on an 8×8 board is `2 + over` in Winning Ways' second
//! edition; small boards are solved here exactly).
//!
//! A board is written row by row from the top, rows separated by `|`: `"F...|....|.G.G"`.

use super::RulesetError;
use super::loopy_board::{LoopyBoardError, loopy_game_of};
use crate::game::GameStore;
use crate::game::loopy::LoopyGame;

/// A position: the geese as a bit set of squares (row-major), the fox's square if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub geese: u64,
    pub fox: Option<u8>,
}

/// The board's size, and the position on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub start: Position,
}

/// Reads a board such as `"F...|....|.G.G"` (at most 64 squares, at most one fox).
pub fn parse(text: &str) -> Result<Board, RulesetError> {
    let rows: Vec<&str> = text.split('|').map(str::trim).collect();
    let cols = rows[0].chars().count();
    if rows.iter().any(|r| r.chars().count() != cols) || cols == 0 {
        return Err(RulesetError::BadShape(
            "every row of the board must have the same, non-zero length".into(),
        ));
    }
    if rows.len() * cols > 64 {
        return Err(RulesetError::BadShape(
            "a Fox and Geese board has at most 64 squares".into(),
        ));
    }
    let mut start = Position {
        geese: 0,
        fox: None,
    };
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let square = (r * cols + c) as u8;
            match ch.to_ascii_uppercase() {
                'G' => start.geese |= 1 << square,
                'F' if start.fox.is_none() => start.fox = Some(square),
                'F' => return Err(RulesetError::BadShape("there is only one fox".into())),
                '.' => {}
                _ => {
                    return Err(RulesetError::BadChar {
                        ch,
                        at: r * (cols + 1) + c,
                    });
                }
            }
        }
    }
    Ok(Board {
        rows: rows.len(),
        cols,
        start,
    })
}

impl Board {
    /// The squares diagonally next to `square`, forward only (towards row 0) if `forward`.
    fn diagonal(&self, square: u8, forward: bool) -> impl Iterator<Item = u8> + '_ {
        let (r, c) = ((square as usize) / self.cols, (square as usize) % self.cols);
        let dirs: &[(isize, isize)] = if forward {
            &[(-1, -1), (-1, 1)]
        } else {
            &[(-1, -1), (-1, 1), (1, -1), (1, 1)]
        };
        dirs.iter().filter_map(move |&(dr, dc)| {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            ((0..self.rows as isize).contains(&nr) && (0..self.cols as isize).contains(&nc))
                .then(|| (nr as usize * self.cols + nc as usize) as u8)
        })
    }

    fn occupied(p: &Position, square: u8) -> bool {
        p.geese & (1 << square) != 0 || p.fox == Some(square)
    }

    /// Left's options (a goose moves) and Right's (the fox moves).
    pub fn options(&self, p: &Position) -> (Vec<Position>, Vec<Position>) {
        let mut left = Vec::new();
        let mut geese = p.geese;
        while geese != 0 {
            let g = geese.trailing_zeros() as u8;
            geese &= geese - 1;
            for to in self.diagonal(g, true) {
                if !Board::occupied(p, to) {
                    left.push(Position {
                        geese: p.geese & !(1 << g) | 1 << to,
                        fox: p.fox,
                    });
                }
            }
        }
        let mut right = Vec::new();
        if let Some(f) = p.fox {
            for to in self.diagonal(f, false) {
                if !Board::occupied(p, to) {
                    right.push(Position {
                        geese: p.geese,
                        fox: Some(to),
                    });
                }
            }
        }
        (left, right)
    }

    /// The value of the starting position: the loopy game of its graph of positions.
    pub fn value(&self, store: &GameStore) -> Result<LoopyGame, LoopyBoardError> {
        loopy_game_of(self.start, |p| self.options(p), store)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        let mut store = GameStore::new();
        let g = parse(text).unwrap().value(&store).unwrap();
        let g = g.simplify(&mut store);
        match g.to_short(&mut store) {
            Some(s) => store.display(s, crate::game::Notation::Ascii),
            None => g.display(&mut store, false),
        }
    }

    #[test]
    fn geese_alone_count_their_moves() {
        // One goose two rows from the top has two moves whatever the other player does.
        assert_eq!(show("...|...|G.."), "2");
        assert_eq!(show("..|G."), "1");
        // Two geese side by side on the bottom of a 2-row board: one move each.
        assert_eq!(show("....|G.G."), "2");
    }

    #[test]
    fn a_free_fox_is_off() {
        // The fox can always move and go back; the geese have no goose: off.
        assert_eq!(show("F.|.."), "off");
    }

    #[test]
    fn a_penned_fox_with_no_geese_moves_is_zero() {
        // A 1-wide board: no diagonal at all.
        assert_eq!(show("F|G"), "0");
    }

    #[test]
    fn whoever_moves_first_in_the_corner_wins() {
        // Fox in the top corner (its only diagonal is the centre), goose in the opposite
        // corner (its only forward diagonal is the centre too). Left first: the goose takes
        // the centre and the fox cannot move. Right first: the fox takes the centre and
        // the goose cannot move. First player wins: N.
        let store = GameStore::new();
        let g = parse("F..|...|..G").unwrap().value(&store).unwrap();
        assert_eq!(g.outcome(&store).symbol(), "N");
    }
}
