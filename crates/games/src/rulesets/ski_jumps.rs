//! Ski-Jumps (Berlekamp, Conway and Guy, *Winning Ways*, chapter 2): skiers on a slope of
//! squares, row 0 at the top. Left's skiers (`L`) go east (right), Right's (`R`) west.
//! A move either slides one of your skiers any number of squares in its direction over
//! empty squares, possibly off the edge of the slope; or, for a *jumper*, jumps straight
//! down over an opposing skier on the square just below, onto the empty square below that.
//! The skier jumped over is demoted to a *slipper* (`l`, `r`), which slides but never jumps.
//! Positions are written `"L....|..R..|....."`, `.` an empty square, `|` between rows.
//!
//! The slope read right to left with the colours exchanged is the negative game. Top rows
//! without skiers play no part (skiers only ever go down). When no jumper has an opposing
//! skier anywhere in the row below it (so no jump can ever happen) and no Left skier is
//! west of a Right skier in its row (so no two ever meet), each skier simply runs to its
//! edge: the value is the integer Σ (squares to go, counting the step off) of Left's minus
//! Right's.

use super::RulesetError;
use super::cells::Cells;
use super::picture::{BoardPicture, Square};
use super::ruleset::Ruleset;
use crate::game::{GameId, GameStore};

/// A Ski-Jumps slope of `L`, `l`, `R`, `r` and `.` squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slope(Cells);

fn is_left(c: u8) -> bool {
    c == b'L' || c == b'l'
}

fn is_right(c: u8) -> bool {
    c == b'R' || c == b'r'
}

impl Slope {
    /// Whether some jump may still happen, now or after slides: a jumper with an opposing
    /// skier somewhere in the row just below, and a row below that to land on.
    fn jump_possible(&self) -> bool {
        let b = &self.0;
        (0..b.rows.saturating_sub(2)).any(|r| {
            let row = &b.cells[r * b.cols..(r + 1) * b.cols];
            let below = &b.cells[(r + 1) * b.cols..(r + 2) * b.cols];
            (row.contains(&b'L') && below.iter().any(|&c| is_right(c)))
                || (row.contains(&b'R') && below.iter().any(|&c| is_left(c)))
        })
    }

    /// Whether a Left skier is west of a Right skier in some row (they may block each
    /// other).
    fn may_meet(&self) -> bool {
        let b = &self.0;
        (0..b.rows).any(|r| {
            let row = &b.cells[r * b.cols..(r + 1) * b.cols];
            let first_left = row.iter().position(|&c| is_left(c));
            let last_right = row.iter().rposition(|&c| is_right(c));
            matches!((first_left, last_right), (Some(l), Some(r)) if l < r)
        })
    }
}

/// The rules of Ski-Jumps.
#[derive(Clone, Copy, Debug, Default)]
pub struct SkiJumpsRules;

impl Ruleset for SkiJumpsRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "slope",
            summary: "Ski-Jumps: Left's skiers (L) slide east, Right's (R) west, or jump down over an opponent just below, who becomes a slipper (l, r) (\"L...|..R.|....\")",
            example: ("ski_jumps(\"L|R|.\")", "1/2"),
            args: super::registry::ArgForm::Text {
                what: "a slope such as \"L...|..R.|....\"",
            },
        })
    }

    type Position = Slope;

    fn name(&self) -> &'static str {
        "ski_jumps"
    }

    fn visit_moves(&self, p: &Slope, left: bool, visit: &mut dyn FnMut(&Slope)) {
        let b = &p.0;
        let (jumper, slipper, foe_slipper) = if left {
            (b'L', b'l', b'r')
        } else {
            (b'R', b'r', b'l')
        };
        let dc: isize = if left { 1 } else { -1 };
        let mut next = p.clone();
        for i in 0..b.cells.len() {
            let me = b.cells[i];
            if me != jumper && me != slipper {
                continue;
            }
            // Slides: onto each empty square in turn, and off the edge if the way is clear.
            next.0.cells[i] = b'.';
            let mut k = 1;
            loop {
                match b.step(i, 0, dc, k) {
                    Some(j) if b.cells[j] == b'.' => {
                        next.0.cells[j] = me;
                        visit(&next);
                        next.0.cells[j] = b'.';
                    }
                    Some(_) => break,
                    None => {
                        visit(&next);
                        break;
                    }
                }
                k += 1;
            }
            next.0.cells[i] = me;
            // The jump: over an opposing skier just below, onto an empty square.
            if me == jumper
                && let (Some(over), Some(to)) = (b.step(i, 1, 0, 1), b.step(i, 2, 0, 1))
                && (if left { is_right } else { is_left })(b.cells[over])
                && b.cells[to] == b'.'
            {
                next.0.cells[i] = b'.';
                next.0.cells[over] = foe_slipper;
                next.0.cells[to] = me;
                visit(&next);
                next.0.cells[i] = me;
                next.0.cells[over] = b.cells[over];
                next.0.cells[to] = b'.';
            }
        }
    }

    /// Without its empty top rows, read as it is or right to left with the colours
    /// exchanged (flagged: the negative), whichever is less.
    fn normal_form(&self, p: &Slope) -> (Slope, bool) {
        let b = &p.0;
        let skip = (0..b.rows)
            .find(|&r| {
                b.cells[r * b.cols..(r + 1) * b.cols]
                    .iter()
                    .any(|&c| c != b'.')
            })
            .unwrap_or(b.rows);
        let trimmed = Cells {
            rows: b.rows - skip,
            cols: if skip == b.rows { 0 } else { b.cols },
            cells: b.cells[skip * b.cols..].to_vec(),
        };
        let mut mirror = trimmed.image(1);
        for c in &mut mirror.cells {
            *c = match *c {
                b'L' => b'R',
                b'R' => b'L',
                b'l' => b'r',
                b'r' => b'l',
                c => c,
            };
        }
        if mirror < trimmed {
            (Slope(mirror), true)
        } else {
            (Slope(trimmed), false)
        }
    }

    fn is_dead(&self, p: &Slope) -> bool {
        p.0.cells.iter().all(|&c| c == b'.')
    }

    /// Skiers who can never jump nor meet run to their edges (see the module comment).
    fn known_value(&self, store: &mut GameStore, p: &Slope) -> Option<GameId> {
        if p.jump_possible() || p.may_meet() {
            return None;
        }
        let b = &p.0;
        let mut total: i64 = 0;
        for (i, &c) in b.cells.iter().enumerate() {
            let col = (i % b.cols) as i64;
            if is_left(c) {
                total += b.cols as i64 - col;
            } else if is_right(c) {
                total -= col + 1;
            }
        }
        Some(store.integer(total))
    }

    /// Left's skiers blue, Right's red, lettered (`L` a jumper, `l` a slipper).
    fn picture(&self, p: &Slope) -> Option<super::picture::Picture> {
        Some(
            BoardPicture::from_bytes(p.0.rows, p.0.cols, &p.0.cells, |c| match c {
                b'.' => Square::Empty,
                c => Square::Piece {
                    left: is_left(c),
                    letter: Some(c as char),
                },
            })
            .into(),
        )
    }

    fn text(&self, p: &Slope) -> String {
        p.0.to_string()
    }

    /// Case matters: `L` is a jumper, `l` a slipper.
    fn parse(&self, text: &str) -> Result<Slope, RulesetError> {
        let cells = Cells::parse(text, |ch| "LlRr.".contains(ch).then_some(ch as u8))?;
        Ok(Slope(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `L`: Left slides off: `{0|}` = 1; `L..` = 3 (three steps to go).
    /// - `L.R`: Left's only slide leaves `.LR`, Right's `LR.`, where the two block each
    ///   other: `{0|0}` = `*`.
    /// - `L|R|.`: Left slides off (leaving `R` alone, -1) or jumps, leaving `r` above `L`
    ///   on the bottom row: -1 + 1 = 0. Right slides off, leaving 1. `{-1, 0 | 1}` = 1/2.
    /// - `l|R|.`: a slipper cannot jump: 1 - 1 = 0.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(SkiJumpsRules);
        for (text, want) in [
            ("", "0"),
            ("L", "1"),
            ("L..", "3"),
            ("R..", "-1"),
            ("L.R", "*"),
            ("L|R|.", "1/2"),
            ("l|R|.", "0"),
            ("L|R", "0"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    /// The Ski-Jumps positions of *Winning Ways* (chapter 2) with their published values,
    /// as transcribed in the tests of cgt-tools (`ski_jumps.rs`).
    #[test]
    fn winning_ways_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(SkiJumpsRules);
        for (text, want) in [
            ("...L....|..R.....|........", "2"),
            ("........|...l....|.......R|........|......L.", "-1"),
            (".L...|.R...|.....", "5/2"),
            ("...R.|...L.|.....", "-5/2"),
            ("L....|....R|.....", "1/2"),
            ("L....|R....|.....", "9/2"),
            ("L....|....R|l....", "5"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        assert_eq!(
            SkiJumpsRules.parse("L.x"),
            Err(RulesetError::BadChar { ch: 'x', at: 2 })
        );
        assert!(matches!(
            SkiJumpsRules.parse("L.|."),
            Err(RulesetError::RaggedGrid { .. })
        ));
    }

    fn slope(rows: usize, cols: usize, mut code: u32) -> Slope {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = b".LlRr"[(code % 5) as usize];
                code /= 5;
                k
            })
            .collect();
        Slope(Cells { rows, cols, cells })
    }

    /// Every slope of up to 6 squares in a row or a column, and every 2×2, 2×3, 3×2 and
    /// 4×2 slope: the integer shortcut, the mirror and the trimming change nothing.
    #[test]
    fn agrees_with_the_definition_on_small_slopes() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(SkiJumpsRules);
        let mut memo = FxHashMap::default();
        let mut shapes: Vec<(usize, usize)> = (1..=6).flat_map(|n| [(1, n), (n, 1)]).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2), (4, 2)]);
        for (rows, cols) in shapes {
            for code in 0..5u32.pow((rows * cols) as u32) {
                let p = slope(rows, cols, code);
                let text = SkiJumpsRules.text(&p);
                assert_eq!(SkiJumpsRules.parse(&text).as_ref(), Ok(&p), "{text}");
                let fast = solver.value(&mut store, &p);
                let slow = value_by_definition(&SkiJumpsRules, &mut store, &p, &mut memo);
                assert_eq!(fast, slow, "{}", SkiJumpsRules.text(&p));
            }
        }
    }
}
