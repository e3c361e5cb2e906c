//! Pictures of the impartial games of the books, as a lecturer draws them on the board:
//!
//! - Green Hackenbush: green edges standing on the ground, laid out as any Hackenbush
//!   picture ([`super::hackenbush_picture`]); bamboo stalks are straight stalks side by side.
//! - Northcott's game: the board, each row with its white and its black checker.
//! - Nimble: the strip of squares `0, 1, 2, …` numbered underneath, a coin on each square
//!   that holds one (with the count when several share it).
//! - Staircase Nim: the steps `1, 2, …` as a numbered strip, the coins of a step as one
//!   coin with their count.
//! - Turning Turtles: the row of coins at places `1, 2, …`, heads gold `H`, tails silver `T`.
//! - Heaps (Nim, Kayles, any heap ruleset, Moore's Nim): one row of counters per heap; when
//!   a heap is too long to draw counter by counter, each heap is one counter with its size.
//!
//! A picture draws at most [`MAX_DRAWN`] squares or edges; a larger position is an error,
//! not a picture nobody can read.

use std::fmt;

use super::{BoardPicture, Ink, Picture, Square, hackenbush_picture};
use crate::impartial::{GreenHackenbush, Northcott};

/// The most squares or edges one picture draws.
pub const MAX_DRAWN: u64 = 1000;

/// The longest heap drawn counter by counter; longer heaps are drawn as one counter each.
pub const MAX_HEAP_DRAWN: u64 = 30;

/// A position too large to draw: it would need `parts` of `what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub parts: u64,
    pub what: &'static str,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the picture would have {} {}, more than the {MAX_DRAWN} drawn",
            self.parts, self.what
        )
    }
}

/// `parts` of `what`, or the error when they are more than [`MAX_DRAWN`].
fn within(parts: u64, what: &'static str) -> Result<usize, TooLarge> {
    if parts > MAX_DRAWN {
        Err(TooLarge { parts, what })
    } else {
        Ok(parts as usize)
    }
}

/// The numbers `first, first + 1, …` as labels of `count` columns.
fn numbers(first: u64, count: usize) -> Vec<String> {
    (0..count as u64).map(|k| (first + k).to_string()).collect()
}

/// The picture of a Green Hackenbush position: its edges in play, green, on the ground
/// (every vertex on the ground is the ground). Edges no longer connected to the ground
/// have fallen and are not drawn.
///
/// ```
/// use cgt_games::impartial::GreenHackenbush;
/// use cgt_games::rulesets::picture::{Picture, impartial::green_hackenbush};
/// let triangle = GreenHackenbush::new(3, vec![(0, 1), (1, 2), (2, 0)], &[0]).unwrap();
/// let Ok(Picture::Graph(g)) = green_hackenbush(&triangle) else { panic!() };
/// assert_eq!((g.nodes.len(), g.edges.len()), (2, 3));
/// ```
pub fn green_hackenbush(h: &GreenHackenbush) -> Result<Picture, TooLarge> {
    let in_play = h.grounded();
    let count = in_play.iter().filter(|&&p| p).count() as u64;
    within(count, "edges")?;
    // The picture's vertex 0 is the ground; vertex v of the position is v + 1.
    let node = |v: usize| if h.on_ground(v) { 0 } else { v + 1 };
    let edges: Vec<(usize, usize, Ink)> = h
        .edges()
        .iter()
        .zip(&in_play)
        .filter(|&(_, &p)| p)
        .map(|(&(a, b), _)| (node(a), node(b), Ink::Green))
        .collect();
    Ok(hackenbush_picture(&edges).into())
}

/// Bamboo stalks of these heights, straight up from one ground, side by side.
///
/// ```
/// use cgt_games::rulesets::picture::{Picture, impartial::bamboo};
/// let Ok(Picture::Graph(g)) = bamboo(&[1, 3]) else { panic!() };
/// assert_eq!(g.edges.len(), 4);
/// ```
pub fn bamboo(stalks: &[u64]) -> Result<Picture, TooLarge> {
    let total = stalks.iter().fold(0u64, |acc, &h| acc.saturating_add(h));
    within(total, "edges")?;
    let mut edges = Vec::with_capacity(total as usize);
    let mut next = 1;
    for &height in stalks {
        let mut below = 0;
        for _ in 0..height {
            edges.push((below, next, Ink::Green));
            below = next;
            next += 1;
        }
    }
    Ok(hackenbush_picture(&edges).into())
}

/// A Northcott board: a row of squares per row of the position, its white and its black
/// checker on their columns.
pub fn northcott(n: &Northcott) -> Result<Picture, TooLarge> {
    let rows = n.rows().len();
    within(n.width().saturating_mul(rows as u64), "squares")?;
    let cols = n.width() as usize;
    let mut squares = vec![Square::Empty; rows * cols];
    for (r, row) in n.rows().iter().enumerate() {
        squares[r * cols + row.white as usize] = Square::Checker { white: true };
        squares[r * cols + row.black as usize] = Square::Checker { white: false };
    }
    Ok(BoardPicture {
        rows,
        cols,
        squares,
        labels: Vec::new(),
    }
    .into())
}

/// A Nimble strip: squares `0` to the last coin's, numbered, with the coins on them.
pub fn nimble(coins: &[u64]) -> Result<Picture, TooLarge> {
    let last = coins.iter().copied().max().unwrap_or(0);
    let cols = within(last.saturating_add(1), "squares")?;
    let mut counts = vec![0u64; cols];
    for &c in coins {
        counts[c as usize] += 1;
    }
    Ok(strip(&counts, 0))
}

/// A Staircase Nim strip: steps `1, 2, …`, numbered, with the coins of each step.
pub fn staircase(steps: &[u64]) -> Result<Picture, TooLarge> {
    within(steps.len() as u64, "squares")?;
    Ok(strip(steps, 1))
}

/// One row of squares numbered from `first`, square k holding `counts[k]` coins.
fn strip(counts: &[u64], first: u64) -> Picture {
    BoardPicture {
        rows: 1,
        cols: counts.len(),
        squares: counts.iter().map(|&k| Square::Coins(k)).collect(),
        labels: numbers(first, counts.len()),
    }
    .into()
}

/// Turning Turtles: the coins at places `1, 2, …`, heads and tails.
pub fn turtles(heads: &[bool]) -> Result<Picture, TooLarge> {
    within(heads.len() as u64, "squares")?;
    Ok(BoardPicture {
        rows: 1,
        cols: heads.len(),
        squares: heads.iter().map(|&h| Square::Coin { heads: h }).collect(),
        labels: numbers(1, heads.len()),
    }
    .into())
}

/// A row of coins, heads and tails, numbered from `first` (Mock Turtles counts from 0,
/// the Ruler game from 1).
pub fn coins_from(first: u64, heads: &[bool]) -> Result<Picture, TooLarge> {
    within(heads.len() as u64, "squares")?;
    Ok(BoardPicture {
        rows: 1,
        cols: heads.len(),
        squares: heads.iter().map(|&h| Square::Coin { heads: h }).collect(),
        labels: numbers(first, heads.len()),
    }
    .into())
}

/// Heaps as rows of counters, one row a heap, left aligned; when a heap is longer than
/// [`MAX_HEAP_DRAWN`], every heap is one counter with its size.
///
/// ```
/// use cgt_games::rulesets::picture::{Picture, Square, impartial::heaps};
/// let Ok(Picture::Board(b)) = heaps(&[1, 3]) else { panic!() };
/// assert_eq!((b.rows, b.cols), (2, 3));
/// assert_eq!(b.squares.iter().filter(|&&s| s == Square::Coins(1)).count(), 4);
/// ```
pub fn heaps(heaps: &[u64]) -> Result<Picture, TooLarge> {
    let longest = heaps.iter().copied().max().unwrap_or(0);
    let rows = heaps.len();
    if longest > MAX_HEAP_DRAWN {
        within(rows as u64, "heaps")?;
        return Ok(BoardPicture {
            rows,
            cols: 1,
            squares: heaps.iter().map(|&h| Square::Coins(h)).collect(),
            labels: Vec::new(),
        }
        .into());
    }
    let total = heaps.iter().sum::<u64>();
    within(total, "counters")?;
    let cols = longest as usize;
    let mut squares = vec![Square::Off; rows * cols];
    for (r, &h) in heaps.iter().enumerate() {
        for c in 0..h as usize {
            squares[r * cols + c] = Square::Coins(1);
        }
    }
    Ok(BoardPicture {
        rows,
        cols,
        squares,
        labels: Vec::new(),
    }
    .into())
}
