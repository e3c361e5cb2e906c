//! The rules the checker knows, written from the games' definitions (each player's moves
//! from a board), independently of cgt's rulesets:
//!
//! - `domineering`: Left places a vertical domino on two empty cells (`.`), Right a
//!   horizontal one; a placed domino is `#`. `cram`: either player places either.
//! - `clobber`: a stone (Left's `x`, Right's `o`) moves onto an orthogonally adjacent
//!   stone of the other colour, which leaves the board (its cell becomes `.`; `#` is no
//!   cell). `cannibal_clobber`: onto an adjacent stone of either colour.
//! - `nogo`: Left places `x`, Right `o`, on an empty cell (`.`; `#` is no cell), so
//!   that afterwards every connected group of stones of one colour still touches an
//!   empty cell (no capture, no suicide). `impartial_nogo`: either player places either
//!   colour.
//!
//! In every game a player who cannot move loses.

use crate::board::Board;

/// A game the checker knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Domineering,
    Cram,
    Clobber,
    CannibalClobber,
    NoGo,
    ImpartialNoGo,
}

impl Game {
    pub fn named(name: &str) -> Option<Game> {
        Some(match name {
            "domineering" => Game::Domineering,
            "cram" => Game::Cram,
            "clobber" => Game::Clobber,
            "cannibal_clobber" => Game::CannibalClobber,
            "nogo" => Game::NoGo,
            "impartial_nogo" => Game::ImpartialNoGo,
            _ => return None,
        })
    }

    /// The characters a board of the game may have.
    pub fn cells(self) -> &'static str {
        match self {
            Game::Domineering | Game::Cram => ".#",
            _ => ".#xo",
        }
    }

    /// The boards Left (`left`) or Right can move to from `b`.
    pub fn moves(self, b: &Board, left: bool) -> Vec<Board> {
        match self {
            Game::Domineering => dominoes(b, left, !left),
            Game::Cram => dominoes(b, true, true),
            Game::Clobber => clobbers(b, left, false),
            Game::CannibalClobber => clobbers(b, left, true),
            Game::NoGo => placements(b, &[if left { b'x' } else { b'o' }]),
            Game::ImpartialNoGo => placements(b, b"xo"),
        }
    }
}

fn dominoes(b: &Board, vertical: bool, horizontal: bool) -> Vec<Board> {
    let mut out = Vec::new();
    for r in 0..b.rows {
        for c in 0..b.cols {
            if b.at(r, c) != b'.' {
                continue;
            }
            let mut place = |r2: usize, c2: usize| {
                if b.at(r2, c2) == b'.' {
                    let mut q = b.clone();
                    q.set(r, c, b'#');
                    q.set(r2, c2, b'#');
                    out.push(q);
                }
            };
            if vertical && r + 1 < b.rows {
                place(r + 1, c);
            }
            if horizontal && c + 1 < b.cols {
                place(r, c + 1);
            }
        }
    }
    out
}

fn clobbers(b: &Board, left: bool, own_too: bool) -> Vec<Board> {
    let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for r in 0..b.rows {
        for c in 0..b.cols {
            if b.at(r, c) != me {
                continue;
            }
            for (r2, c2) in b.neighbours(r, c) {
                let t = b.at(r2, c2);
                if t == them || (own_too && t == me) {
                    let mut q = b.clone();
                    q.set(r, c, b'.');
                    q.set(r2, c2, me);
                    out.push(q);
                }
            }
        }
    }
    out
}

fn placements(b: &Board, stones: &[u8]) -> Vec<Board> {
    let mut out = Vec::new();
    for r in 0..b.rows {
        for c in 0..b.cols {
            if b.at(r, c) != b'.' {
                continue;
            }
            for &s in stones {
                let mut q = b.clone();
                q.set(r, c, s);
                if every_group_breathes(&q) {
                    out.push(q);
                }
            }
        }
    }
    out
}

/// Whether every group of stones of one colour touches an empty cell.
fn every_group_breathes(b: &Board) -> bool {
    let mut seen = vec![false; b.cells.len()];
    for start in 0..b.cells.len() {
        let colour = b.cells[start];
        if seen[start] || (colour != b'x' && colour != b'o') {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut breathes = false;
        while let Some(i) = stack.pop() {
            for (r, c) in b.neighbours(i / b.cols, i % b.cols) {
                let j = r * b.cols + c;
                if b.cells[j] == b'.' {
                    breathes = true;
                } else if b.cells[j] == colour && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if !breathes {
            return false;
        }
    }
    true
}
