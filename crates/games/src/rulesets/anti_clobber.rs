//! Anti-Clobber (Albert, Grossman and Nowakowski's Clobber played backwards; CGSuite's
//! `game.grid.AntiClobber`): a player moves one of their stones onto an orthogonally
//! adjacent *empty* square and leaves a stone of the opponent's colour on the square it
//! left. Boards are written like Clobber's, `"x.o|.#x"`: `x` Left's stones, `o` Right's,
//! `.` empty, `#` a hole (not part of the board), `|` between rows.
//!
//! Every move fills one empty square, so the game ends. An occupied square stays occupied
//! for ever, so a stone with no empty neighbour never moves again and nothing ever moves
//! onto it: it is as good as a hole. The board is therefore the sum of the connected
//! groups of empty squares and the stones next to them; each group is cropped (other
//! squares become holes) and normalised under the eight symmetries of the square and the
//! colour swap, which exchanges the players and so negates the value.

use super::RulesetError;
use super::cells::Cells;
use super::picture::BoardPicture;
use super::ruleset::Ruleset;

/// An Anti-Clobber board of `x`, `o`, `.` and `#` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AntiClobberBoard(Cells);

/// The orthogonal steps.
const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl AntiClobberBoard {
    /// Whether the stone or empty square at `i` can still take part in a move: an empty
    /// square, or a stone next to one.
    fn live(&self, i: usize) -> bool {
        let b = &self.0;
        match b.cells[i] {
            b'.' => true,
            b'x' | b'o' => STEPS
                .iter()
                .any(|&(dr, dc)| b.step(i, dr, dc, 1).is_some_and(|j| b.cells[j] == b'.')),
            _ => false,
        }
    }
}

/// The rules of Anti-Clobber.
#[derive(Clone, Copy, Debug, Default)]
pub struct AntiClobberRules;

impl Ruleset for AntiClobberRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "Anti-Clobber: a stone (x Left's, o Right's) steps onto an adjacent empty square (.) and leaves an opponent's stone behind (\"x.o|.#x\", # a hole)",
            example: ("anti_clobber(\"x.o\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"x.o|.#x\"",
            },
        })
    }

    type Position = AntiClobberBoard;

    fn name(&self) -> &'static str {
        "anti_clobber"
    }

    fn visit_moves(
        &self,
        p: &AntiClobberBoard,
        left: bool,
        visit: &mut dyn FnMut(&AntiClobberBoard),
    ) {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        let mut next = p.clone();
        for i in 0..p.0.cells.len() {
            if p.0.cells[i] != me {
                continue;
            }
            for &(dr, dc) in &STEPS {
                if let Some(j) = p.0.step(i, dr, dc, 1).filter(|&j| p.0.cells[j] == b'.') {
                    next.0.cells[j] = me;
                    next.0.cells[i] = them;
                    visit(&next);
                    next.0.cells[j] = b'.';
                    next.0.cells[i] = me;
                }
            }
        }
    }

    /// The connected groups of live squares (empty squares and the stones next to them),
    /// each cropped with holes around it; groups without a stone or without an empty
    /// square are left out (nobody can move there).
    fn components(&self, p: &AntiClobberBoard) -> Vec<AntiClobberBoard> {
        let b = &p.0;
        let live: Vec<bool> = (0..b.cells.len()).map(|i| p.live(i)).collect();
        let mut seen = vec![false; b.cells.len()];
        let mut out = Vec::new();
        for start in 0..b.cells.len() {
            if seen[start] || !live[start] {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(i);
                for &(dr, dc) in &STEPS {
                    if let Some(j) = b.step(i, dr, dc, 1)
                        && live[j]
                        && !seen[j]
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            let has = |c: u8| members.iter().any(|&i| b.cells[i] == c);
            if has(b'.') && (has(b'x') || has(b'o')) {
                members.sort_unstable();
                out.push(AntiClobberBoard(b.crop(&members, b'#')));
            }
        }
        out
    }

    /// The least image under the symmetries of the square and the colour swap (flagged:
    /// it negates the value).
    fn normal_form(&self, p: &AntiClobberBoard) -> (AntiClobberBoard, bool) {
        let (img, swapped) = p.0.least_image(Some((b'x', b'o')));
        (AntiClobberBoard(img), swapped)
    }

    /// No stone next to an empty square: nobody can move.
    fn is_dead(&self, p: &AntiClobberBoard) -> bool {
        !(0..p.0.cells.len()).any(|i| p.0.cells[i] != b'.' && p.live(i))
    }

    /// Left's stones blue, Right's red, holes shaded.
    fn picture(&self, p: &AntiClobberBoard) -> Option<super::picture::Picture> {
        Some(
            BoardPicture::from_bytes(p.0.rows, p.0.cols, &p.0.cells, super::clobber::stones).into(),
        )
    }

    fn text(&self, p: &AntiClobberBoard) -> String {
        p.0.to_string()
    }

    fn parse(&self, text: &str) -> Result<AntiClobberBoard, RulesetError> {
        let cells = Cells::parse(text, |ch| {
            let c = ch.to_ascii_lowercase();
            "xo.#".contains(c).then_some(c as u8)
        })?;
        Ok(AntiClobberBoard(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations (a move turns `x.` into `ox`):
    /// - `x.`: Left's only move leaves `ox`, where nobody moves: `{0|}` = 1.
    /// - `x..`: Left leaves `ox.` = 1 (only the x moves again): `{1|}` = 2.
    /// - `x.o`: Left leaves `oxo`, Right `xox`, both full: `{0|0}` = `*`.
    /// - `xo.`: Left's x has no empty neighbour; Right leaves `xxo` = 0: `{|0}` = -1.
    /// - `.x.`: Left leaves `xo.` or `.ox`, both -1 by the line above: `{-1|}` = 0.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(AntiClobberRules);
        for (text, want) in [
            ("", "0"),
            ("x.", "1"),
            ("x..", "2"),
            ("x.o", "*"),
            ("xo.", "-1"),
            (".x.", "0"),
            ("x#.", "0"),
            ("x.|#o", "*"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn stones_without_empty_neighbours_are_holes() {
        let rules = AntiClobberRules;
        let b = rules
            .parse("xxo.|oxxx|....")
            .unwrap_or_else(|e| panic!("{e}"));
        // The two x's top left touch only stones: they become holes. Every stone of the
        // middle row touches the empty bottom row.
        let parts: Vec<String> = rules.components(&b).iter().map(|p| rules.text(p)).collect();
        assert_eq!(parts, ["##o.|oxxx|...."]);
        let b = rules.parse("x.x|xxx|o.o").unwrap_or_else(|e| panic!("{e}"));
        // The outer x's of the middle row are inert; the middle one touches both empty
        // squares, so everything else is one group.
        let parts: Vec<String> = rules.components(&b).iter().map(|p| rules.text(p)).collect();
        assert_eq!(parts, ["x.x|#x#|o.o"]);
        // Two groups apart: the full middle row touches no empty square.
        let b = rules
            .parse("x.|oo|xx|oo|.o")
            .unwrap_or_else(|e| panic!("{e}"));
        let parts: Vec<String> = rules.components(&b).iter().map(|p| rules.text(p)).collect();
        assert_eq!(parts, ["x.|#o", "o#|.o"]);
    }

    #[test]
    fn bad_text_is_an_error() {
        assert_eq!(
            AntiClobberRules.parse("x.?"),
            Err(RulesetError::BadChar { ch: '?', at: 2 })
        );
        assert!(matches!(
            AntiClobberRules.parse("x.|o"),
            Err(RulesetError::RaggedGrid { .. })
        ));
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> AntiClobberBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = b".xo#"[(code % 4) as usize];
                code /= 4;
                k
            })
            .collect();
        AntiClobberBoard(Cells { rows, cols, cells })
    }

    /// Every board of up to 7 squares in a row, and every 2×2, 2×3 and 3×2 board, of
    /// `x`, `o`, `.` and `#`: splitting, holes for inert stones, symmetries and the table
    /// change nothing.
    #[test]
    fn agrees_with_the_definition_on_small_boards() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(AntiClobberRules);
        let mut memo = FxHashMap::default();
        let mut shapes: Vec<(usize, usize)> = (1..=7).map(|n| (1, n)).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2)]);
        for (rows, cols) in shapes {
            for code in 0..4u32.pow((rows * cols) as u32) {
                let b = board(rows, cols, code);
                let text = AntiClobberRules.text(&b);
                assert_eq!(AntiClobberRules.parse(&text).as_ref(), Ok(&b), "{text}");
                let fast = solver.value(&mut store, &b);
                let slow = value_by_definition(&AntiClobberRules, &mut store, &b, &mut memo);
                assert_eq!(fast, slow, "{}", AntiClobberRules.text(&b));
            }
        }
    }
}
