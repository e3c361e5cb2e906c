//! Generalised Clobber (CGSuite's `GenClobber(directions)`): Clobber whose stones clobber
//! in other directions. A player moves one of their stones onto a stone of the opponent,
//! which is removed:
//!
//! - `"diagonal"`: one step diagonally;
//! - `"king"`: one step in any of the eight directions (CGSuite's `Coordinates.Compass`);
//! - `"rook"`: along a row or column, over any number of empty cells, onto the first stone
//!   met if it is the opponent's;
//! - `"queen"`: as the rook, and along diagonals too.
//!
//! (`"orthogonal"`, one step along a row or column, is Clobber itself, `clobber`.) The rook
//! and queen reach over empty cells, which CGSuite's one-step directions do not: they are
//! this module's, named after the chess pieces whose lines they follow.
//!
//! A position is written `"king: xo.|ox."` (`x` Left's stones, `o` Right's, `.` empty); the
//! board is one component, normalised under the eight symmetries of the square (every
//! direction set here is symmetric), and a board with stones of one colour only is 0.

use super::RulesetError;
use super::picture::{BoardPicture, Square};
use super::ruleset::Ruleset;

/// The most cells of a board.
pub const MAX_GEN_CLOBBER_CELLS: usize = 30;

/// How stones clobber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reach {
    Diagonal,
    King,
    Rook,
    Queen,
}

impl Reach {
    fn name(self) -> &'static str {
        match self {
            Reach::Diagonal => "diagonal",
            Reach::King => "king",
            Reach::Rook => "rook",
            Reach::Queen => "queen",
        }
    }

    fn of_name(name: &str) -> Option<Reach> {
        [Reach::Diagonal, Reach::King, Reach::Rook, Reach::Queen]
            .into_iter()
            .find(|r| r.name() == name)
    }

    fn directions(self) -> &'static [(i32, i32)] {
        const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const ALL: [(i32, i32); 8] = [
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        match self {
            Reach::Diagonal => &DIAGONAL,
            Reach::Rook => &ORTHOGONAL,
            Reach::King | Reach::Queen => &ALL,
        }
    }

    fn slides(self) -> bool {
        matches!(self, Reach::Rook | Reach::Queen)
    }
}

/// A position: how stones clobber, and the board (`rows × cols` cells of `x`, `o`, `.`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GenClobberBoard {
    reach: Reach,
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl GenClobberBoard {
    fn at(&self, r: i32, c: i32) -> Option<u8> {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            return None;
        }
        Some(self.cells[r as usize * self.cols + c as usize])
    }

    /// The board under one of the eight symmetries of the square (`k` from 0 to 7).
    fn image(&self, k: usize) -> GenClobberBoard {
        let transpose = k >= 4;
        let (rows, cols) = if transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..rows {
            for c in 0..cols {
                let (mut sr, mut sc) = if transpose { (c, r) } else { (r, c) };
                if k & 1 == 1 {
                    sr = self.rows - 1 - sr;
                }
                if k & 2 == 2 {
                    sc = self.cols - 1 - sc;
                }
                cells.push(self.cells[sr * self.cols + sc]);
            }
        }
        GenClobberBoard {
            reach: self.reach,
            rows,
            cols,
            cells,
        }
    }
}

/// The rules of generalised Clobber.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenClobberRules;

impl Ruleset for GenClobberRules {
    type Position = GenClobberBoard;

    fn name(&self) -> &'static str {
        "gen_clobber"
    }

    fn visit_moves(
        &self,
        b: &GenClobberBoard,
        left: bool,
        visit: &mut dyn FnMut(&GenClobberBoard),
    ) {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        for r in 0..b.rows as i32 {
            for c in 0..b.cols as i32 {
                if b.at(r, c) != Some(me) {
                    continue;
                }
                for &(dr, dc) in b.reach.directions() {
                    let (mut tr, mut tc) = (r + dr, c + dc);
                    while b.reach.slides() && b.at(tr, tc) == Some(b'.') {
                        tr += dr;
                        tc += dc;
                    }
                    if b.at(tr, tc) == Some(them) {
                        let mut next = b.clone();
                        next.cells[r as usize * b.cols + c as usize] = b'.';
                        next.cells[tr as usize * b.cols + tc as usize] = me;
                        visit(&next);
                    }
                }
            }
        }
    }

    fn normal_form(&self, b: &GenClobberBoard) -> (GenClobberBoard, bool) {
        let best = (0..8)
            .map(|k| b.image(k))
            .min_by(|x, y| (x.rows, x.cols, &x.cells).cmp(&(y.rows, y.cols, &y.cells)))
            .unwrap_or_else(|| b.clone());
        (best, false)
    }

    fn is_dead(&self, b: &GenClobberBoard) -> bool {
        !b.cells.contains(&b'x') || !b.cells.contains(&b'o')
    }

    fn picture(&self, b: &GenClobberBoard) -> Option<super::picture::Picture> {
        let square = |c: u8| match c {
            b'x' => Square::Piece {
                left: true,
                letter: None,
            },
            b'o' => Square::Piece {
                left: false,
                letter: None,
            },
            _ => Square::Empty,
        };
        Some(BoardPicture::from_bytes(b.rows, b.cols, &b.cells, square).into())
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "\"reach: board\"",
            summary: "generalised Clobber (CGSuite's GenClobber): a stone clobbers an opponent's stone one step diagonally (\"diagonal: …\"), one step in any of eight directions (\"king: …\"), or the first stone along a row or column (\"rook: …\") or any line (\"queen: …\") over empty cells; x Left's, o Right's, . empty, | between rows (30 cells at most)",
            example: ("gen_clobber(\"diagonal: x.|.o\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"king: xo|ox\"",
            },
        })
    }

    fn text(&self, b: &GenClobberBoard) -> String {
        let rows: Vec<String> = b
            .cells
            .chunks(b.cols.max(1))
            .map(|r| r.iter().map(|&c| c as char).collect())
            .collect();
        format!("{}: {}", b.reach.name(), rows.join("|"))
    }

    fn parse(&self, text: &str) -> Result<GenClobberBoard, RulesetError> {
        let (name, board) = text.split_once(':').ok_or_else(|| {
            RulesetError::BadShape(format!(
                "expected \"reach: board\" with reach diagonal, king, rook or queen, found {text:?}"
            ))
        })?;
        let reach = Reach::of_name(&name.trim().to_ascii_lowercase()).ok_or_else(|| {
            RulesetError::BadShape(format!(
                "{:?} is not a reach: diagonal, king, rook or queen (orthogonal steps are clobber)",
                name.trim()
            ))
        })?;
        let offset = name.len() + 1;
        let mut cells = Vec::new();
        let mut widths = vec![0usize];
        for (at, ch) in board.char_indices() {
            match ch.to_ascii_lowercase() {
                c @ ('x' | 'o' | '.') => {
                    cells.push(c as u8);
                    if let Some(w) = widths.last_mut() {
                        *w += 1;
                    }
                }
                '|' => widths.push(0),
                c if c.is_whitespace() => {}
                _ => {
                    return Err(RulesetError::BadChar {
                        ch,
                        at: at + offset,
                    });
                }
            }
        }
        let cols = widths[0];
        for (row, &width) in widths.iter().enumerate() {
            if width != cols {
                return Err(RulesetError::RaggedGrid {
                    row,
                    width,
                    expected: cols,
                });
            }
        }
        if cells.len() > MAX_GEN_CLOBBER_CELLS {
            return Err(RulesetError::refused(format!(
                "a board of {} cells is larger than {MAX_GEN_CLOBBER_CELLS}",
                cells.len()
            )));
        }
        let rows = if cols == 0 { 0 } else { widths.len() };
        Ok(GenClobberBoard {
            reach,
            rows,
            cols,
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(GenClobberRules);
        let mut memo = FxHashMap::default();
        let cells = [b'x', b'o', b'.'];
        for reach in ["diagonal", "king", "rook", "queen"] {
            for (rows, cols) in [(2, 2), (2, 3), (3, 2), (1, 4)] {
                let n = rows * cols;
                for code in 0..3usize.pow(n as u32) {
                    let mut k = code;
                    let mut board = String::new();
                    for i in 0..n {
                        if i > 0 && i % cols == 0 {
                            board.push('|');
                        }
                        board.push(cells[k % 3] as char);
                        k /= 3;
                    }
                    let p = GenClobberRules.parse(&format!("{reach}: {board}")).unwrap();
                    let fast = solver.value(&mut store, &p);
                    let slow = value_by_definition(&GenClobberRules, &mut store, &p, &mut memo);
                    assert_eq!(fast, slow, "{reach}: {board}");
                }
            }
        }
    }

    #[test]
    fn by_hand() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(GenClobberRules);
        // Diagonal neighbours only: x and o side by side cannot move.
        assert_eq!(solver.shown(&mut store, "diagonal: xo"), "0");
        // A king clobbers sideways too: xo is * (as in Clobber).
        assert_eq!(solver.shown(&mut store, "king: xo"), "*");
        // A rook reaches over the gap: x.o is *, where Clobber gives 0.
        assert_eq!(solver.shown(&mut store, "rook: x.o"), "*");
        // Two stones on a diagonal meet the same way for the queen and the diagonal stepper.
        assert_eq!(
            solver.shown(&mut store, "queen: x.|.o"),
            solver.shown(&mut store, "diagonal: x.|.o")
        );
        for bad in [
            "xo",
            "bishop: xo",
            "king: xq",
            "king: x|oo",
            "king: xxxxxx|xxxxxx|xxxxxx|xxxxxx|xxxxxx|oooooo",
        ] {
            assert!(GenClobberRules.parse(bad).is_err(), "{bad}");
        }
    }
}
