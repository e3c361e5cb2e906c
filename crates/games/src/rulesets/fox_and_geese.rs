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
use crate::game::loopy::{LoopyGame, Winner};
use cgt_core::wld::{Player, WldError, WldOutcome, solve_game_limited};

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

    /// Who wins from the start with `first` to move under normal play, infinite play a
    /// draw: the rules engine's W-L-D retrograde analysis ([`cgt_core::wld`]) of the board's own
    /// states (position, player to move), a player without a move losing. It never builds a
    /// loopy game, so it checks [`Board::value`] independently: equal loopy values have
    /// equal outcomes (Left wins moving first exactly when she wins the offside so, and so
    /// on; Siegel VI.1), so the simplified value's [`LoopyGame::outcome`] must agree.
    /// At most `limit` states.
    pub fn winner_by_play(&self, first: Player, limit: usize) -> Result<Winner, WldError> {
        let solution = solve_game_limited(
            (self.start, first),
            first,
            limit,
            |&(p, to_move), who| {
                debug_assert_eq!(to_move, who);
                let (left, right) = self.options(&p);
                let mine = if who == Player::Louise { left } else { right };
                Ok::<_, WldError>(mine.into_iter().map(|q| (q, who.other())).collect())
            },
            |&(p, to_move)| {
                let (left, right) = self.options(&p);
                let stuck = if to_move == Player::Louise {
                    left
                } else {
                    right
                }
                .is_empty();
                Ok(stuck.then(|| WldOutcome::win_for(to_move.other())))
            },
        )?;
        Ok(match solution.outcome().winner() {
            Some(Player::Louise) => Winner::Left,
            Some(Player::Richard) => Winner::Right,
            None => Winner::Draw,
        })
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

    /// The simplified value's outcome against the W-L-D analysis of the board itself, with
    /// each player first. Returns whether the value was found stopper-sided.
    fn check_against_play(text: &str) -> (bool, String) {
        let mut store = GameStore::new();
        let board = parse(text).unwrap();
        let value = board.value(&store).unwrap().simplify(&mut store);
        let sided = value.is_stopper_sided(&mut store);
        let outcome = value.outcome(&store);
        let limit = 1 << 22;
        assert_eq!(
            outcome.left_first,
            board.winner_by_play(Player::Louise, limit).unwrap(),
            "{text}: Left first"
        );
        assert_eq!(
            outcome.right_first,
            board.winner_by_play(Player::Richard, limit).unwrap(),
            "{text}: Right first"
        );
        (sided, outcome.symbol().to_string())
    }

    #[test]
    fn values_agree_with_play_on_every_small_board() {
        // Every 3×4 board with a fox and two geese: the outcome read from the simplified
        // value (its sides compared with 0) is the outcome of play on the board.
        let mut classes = std::collections::BTreeMap::new();
        for fox in 0..12 {
            for a in 0..12 {
                for b in a + 1..12 {
                    if fox == a || fox == b {
                        continue;
                    }
                    let mut cells = ['.'; 12];
                    cells[fox] = 'F';
                    cells[a] = 'G';
                    cells[b] = 'G';
                    let rows: Vec<String> = cells.chunks(4).map(|r| r.iter().collect()).collect();
                    let (sided, symbol) = check_against_play(&rows.join("|"));
                    assert!(sided, "{}", rows.join("|"));
                    *classes.entry(symbol).or_insert(0) += 1;
                }
            }
        }
        // The check is not vacuous: the boards fall in several outcome classes.
        assert!(classes.len() >= 3, "{classes:?}");
        assert!(
            classes.contains_key("R") && classes.contains_key("L"),
            "{classes:?}"
        );
    }

    #[test]
    fn a_four_goose_board_agrees_with_play() {
        // 3×8 with four geese (the value is `off`'s neighbour family of the larger boards).
        check_against_play("...F....|........|G.G.G.G.");
    }

    /// The classic 8×8 board: four geese on the bottom row, the fox on the top row on the
    /// same colour, is `2 + over` (Winning Ways, 2nd edition, ch. 22, with Weldon's
    /// correction), printed `2over` as CGSuite does; its outcome (Left wins whoever starts)
    /// agrees with the W-L-D analysis of the board itself. About 30 s of CPU and 600 MB, so
    /// run by hand: `cargo test --release -p cgt-games --lib classic_board -- --ignored`.
    #[test]
    #[ignore]
    fn classic_board_is_two_over() {
        let text = ".F......|........|........|........|........|........|........|G.G.G.G.";
        assert_eq!(show(text), "2over");
        let (sided, symbol) = check_against_play(text);
        assert!(sided);
        assert_eq!(symbol, "L");
    }

    /// The large boards of docs/performance.md: `off` means Right wins whoever starts.
    /// Run once by hand (`cargo test --release -p cgt-games --lib large_boards -- --ignored`).
    #[test]
    #[ignore]
    fn large_boards_agree_with_play() {
        for text in [
            "...F....|........|........|G.G.G.G.",
            "....F.....|..........|..........|G.G.G.G...",
            "...F....|........|........|........|G.G.G.G.",
        ] {
            let (sided, symbol) = check_against_play(text);
            eprintln!("{text}: stopper-sided {sided}, outcome {symbol}");
        }
    }
}
