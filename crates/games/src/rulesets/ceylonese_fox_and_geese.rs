//! Ceylonese Fox and Geese (CGSuite's `CeyloneseFoxAndGeese`, which is its
//! `GenFoxAndGeese(foxRange => 2)`): Fox and Geese ([`super::fox_and_geese`]) with a fox
//! that may fly up to two squares diagonally in one direction in a move, never over a
//! goose. The geese (Left, `G`) still step one square diagonally forward (towards the first
//! row written). The fox can go back and forth, so values are loopy games, found from the
//! whole graph of positions as for Fox and Geese.
//!
//! A board is written as for `fox_and_geese`, row by row from the top: `"F...|....|.G.G"`.

use super::fox_and_geese::{Board, Position};
use super::loopy_board::{LoopyBoardError, loopy_game_of};
use super::picture::{BoardPicture, Picture, Square};
use crate::game::GameStore;
use crate::game::loopy::LoopyGame;

/// How far the Ceylonese fox flies.
pub const FOX_RANGE: usize = 2;

/// The square `(r, c)` moved `k` squares in the diagonal direction `(dr, dc)`, if on the
/// board.
fn towards(board: &Board, square: u8, (dr, dc): (isize, isize), k: isize) -> Option<u8> {
    let (r, c) = (
        (square as usize / board.cols) as isize,
        (square as usize % board.cols) as isize,
    );
    let (nr, nc) = (r + dr * k, c + dc * k);
    ((0..board.rows as isize).contains(&nr) && (0..board.cols as isize).contains(&nc))
        .then(|| (nr as usize * board.cols + nc as usize) as u8)
}

fn goose_at(p: &Position, square: u8) -> bool {
    p.geese >> square & 1 == 1
}

/// Left's options (a goose steps diagonally forward onto an empty square) and Right's (the
/// fox flies 1 to `range` squares diagonally, every square on the way empty).
pub fn options(board: &Board, p: &Position, range: usize) -> (Vec<Position>, Vec<Position>) {
    let mut left = Vec::new();
    let mut geese = p.geese;
    while geese != 0 {
        let g = geese.trailing_zeros() as u8;
        geese &= geese - 1;
        for dir in [(-1, -1), (-1, 1)] {
            if let Some(to) = towards(board, g, dir, 1)
                && !goose_at(p, to)
                && p.fox != Some(to)
            {
                left.push(Position {
                    geese: p.geese & !(1 << g) | 1 << to,
                    fox: p.fox,
                });
            }
        }
    }
    let mut right = Vec::new();
    if let Some(f) = p.fox {
        for dir in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            for k in 1..=range as isize {
                match towards(board, f, dir, k) {
                    Some(to) if !goose_at(p, to) => right.push(Position {
                        geese: p.geese,
                        fox: Some(to),
                    }),
                    _ => break,
                }
            }
        }
    }
    (left, right)
}

/// The value of the board's position: the loopy game of its graph of positions.
pub fn value(board: &Board, store: &GameStore) -> Result<LoopyGame, LoopyBoardError> {
    loopy_game_of(board.start, |p| options(board, p, FOX_RANGE), store)
}

/// The board drawn: geese as Left's (blue) pieces marked G, the fox as Right's (red)
/// marked F.
pub fn picture(board: &Board) -> Picture {
    let p = board.start;
    let squares = (0..board.rows * board.cols)
        .map(|s| {
            if goose_at(&p, s as u8) {
                Square::Piece {
                    left: true,
                    letter: Some('G'),
                }
            } else if p.fox == Some(s as u8) {
                Square::Piece {
                    left: false,
                    letter: Some('F'),
                }
            } else {
                Square::Empty
            }
        })
        .collect();
    BoardPicture {
        rows: board.rows,
        cols: board.cols,
        squares,
        labels: Vec::new(),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fox_and_geese::parse;

    fn show(text: &str) -> String {
        let mut store = GameStore::new();
        let board = parse(text).unwrap_or_else(|e| panic!("{e}"));
        let g = value(&board, &store).unwrap_or_else(|e| panic!("{e}"));
        let g = g.simplify(&mut store);
        match g.to_short(&mut store) {
            Some(s) => store.display(s, crate::game::Notation::Ascii),
            None => g.display(&mut store, false),
        }
    }

    /// With range 1 the moves are Fox and Geese's; with range 2 the fox also flies.
    #[test]
    fn the_fox_flies_two_squares_never_over_a_goose() {
        let board = parse("F...|....|..G.|....").unwrap_or_else(|e| panic!("{e}"));
        let (_, one) = options(&board, &board.start, 1);
        let (_, two) = options(&board, &board.start, 2);
        let squares = |ps: &[Position]| -> Vec<u8> { ps.iter().filter_map(|p| p.fox).collect() };
        assert_eq!(squares(&one), [5]);
        // From the corner: (1,1), then (2,2) holds a goose, so no flight over it.
        assert_eq!(squares(&two), [5]);
        let board = parse("F...|....|....|..G.").unwrap_or_else(|e| panic!("{e}"));
        let (_, two) = options(&board, &board.start, 2);
        assert_eq!(squares(&two), [5, 10]);
        // The same moves as Fox and Geese at range 1, on a board with room.
        let board = parse("....|.F..|..G.|G...").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            options(&board, &board.start, 1),
            board.options(&board.start)
        );
    }

    #[test]
    fn the_board_is_drawn_with_its_geese_and_fox() {
        let board = parse("F..|.G.").unwrap_or_else(|e| panic!("{e}"));
        let Picture::Board(b) = picture(&board) else {
            panic!("a board")
        };
        assert_eq!((b.rows, b.cols), (2, 3));
        let fox = Square::Piece {
            left: false,
            letter: Some('F'),
        };
        let goose = Square::Piece {
            left: true,
            letter: Some('G'),
        };
        assert_eq!(
            (b.squares[0], b.squares[4], b.squares[1]),
            (fox, goose, Square::Empty)
        );
    }

    #[test]
    fn small_boards() {
        // Geese alone count their moves, as in Fox and Geese.
        assert_eq!(show("...|...|G.."), "2");
        // A free fox: off.
        assert_eq!(show("F.|.."), "off");
        // A 1-wide board: nobody moves.
        assert_eq!(show("F|G"), "0");
    }

    /// Fox in a corner of a 3×3 board, goose in the opposite one: in Fox and Geese the
    /// first mover takes the centre and wins (N). The Ceylonese fox moving first may fly
    /// to the centre or on to nothing (the goose's corner is taken), so it still takes the
    /// centre; the geese moving first take it too: still N.
    #[test]
    fn corners_of_a_three_by_three_board() {
        let store = GameStore::new();
        let board = parse("F..|...|..G").unwrap_or_else(|e| panic!("{e}"));
        let g = value(&board, &store).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.outcome(&store).symbol(), "N");
    }
}
