//! Konane on boards written like Clobber's, `"xo.|.ox"`: `x` is a black stone (Left's), `o`
//! a white stone (Right's), `.` an empty cell and `|` separates rows (whitespace is ignored).
//!
//! A player moves one of their stones orthogonally over an adjacent enemy stone into the
//! empty cell just beyond, removing the enemy stone; the same stone may go on jumping in the
//! same direction in the same turn, and each landing cell is a separate option. Positions
//! are given mid-game: there is no opening phase of removing stones.
//!
//! The [`Konane`] solver splits a board into groups of cells that can never interact (see
//! [`KonaneBoard::components`] for the argument), normalises each group under the eight
//! symmetries of the square and the colour swap (which negates) and memoizes it.

use rustc_hash::FxHashMap;

use super::RulesetError;
use super::cells::Cells;
use super::konane_bits::KonaneBits;
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};

/// The four orthogonal directions as (row step, column step).
const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A rectangular Konane board of `x`, `o` and `.` cells, row-major; row 0 is the top row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KonaneBoard(Cells);

impl KonaneBoard {
    /// Parses `"xo.|.ox"` (case-insensitive); rows must have equal widths.
    pub fn parse(text: &str) -> Result<KonaneBoard, RulesetError> {
        Cells::parse(text, |ch| match ch.to_ascii_lowercase() {
            c @ ('x' | 'o' | '.') => Some(c as u8),
            _ => None,
        })
        .map(KonaneBoard)
    }

    /// The board with these cells (`x`, `o` or `.`, row-major).
    pub(crate) fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> KonaneBoard {
        KonaneBoard(Cells { rows, cols, cells })
    }

    /// The cells, row-major.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.0.cells
    }

    /// The image under symmetry `t` of the rectangle (see `Cells::image`).
    #[cfg(test)]
    pub(crate) fn image(&self, t: u8) -> KonaneBoard {
        KonaneBoard(self.0.image(t))
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.0.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.0.cols
    }

    /// The boards reachable by the player owning stones `me`, jumping stones `them`.
    fn moves_for(&self, me: u8, them: u8) -> Vec<KonaneBoard> {
        let b = &self.0;
        let mut out = Vec::new();
        for from in 0..b.cells.len() {
            if b.cells[from] != me {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let mut after = b.clone();
                after.cells[from] = b'.';
                // Jump k lands 2k cells away over the enemy stone 2k - 1 cells away.
                for k in 1.. {
                    let (Some(over), Some(to)) =
                        (b.step(from, dr, dc, 2 * k - 1), b.step(from, dr, dc, 2 * k))
                    else {
                        break;
                    };
                    if b.cells[over] != them || b.cells[to] != b'.' {
                        break;
                    }
                    after.cells[over] = b'.';
                    let mut landed = after.clone();
                    landed.cells[to] = me;
                    out.push(KonaneBoard(landed));
                }
            }
        }
        out
    }

    /// Left's (black, `x`) and Right's (white, `o`) moves.
    pub fn moves(&self) -> (Vec<KonaneBoard>, Vec<KonaneBoard>) {
        (self.moves_for(b'x', b'o'), self.moves_for(b'o', b'x'))
    }

    /// The board as a sum of boards that never interact, each trimmed to its bounding box;
    /// groups holding stones of one colour only (which can never move) are left out.
    ///
    /// Why the split is sound. Let `X` be the least set of cells containing every `x` stone
    /// and closed under "if `p` is in `X`, `p + d` in `O` and `p + 2d` on the board, then
    /// `p + 2d` is in `X`" (`d` an orthogonal step), and `O` likewise with the colours
    /// exchanged. In any position reached later, every `x` stone lies in `X` and every `o`
    /// stone in `O`: a jump starts from a stone in `X`, passes an enemy stone in `O` and
    /// lands on a cell the rule put in `X`, and a multiple jump is a chain of such steps.
    ///
    /// Link the three cells `p`, `p + d`, `p + 2d` whenever the rule applies (`p` in `X`,
    /// `p + d` in `O`, or the same with colours exchanged), and take the groups of linked
    /// cells. Every jump ever made links the cells it starts from, passes and lands on, so
    /// a move never changes the cells of another group. Nor does a move inside a group
    /// depend on the cells outside it: a stone at `p` looks first at `p + d`; if that cell
    /// is outside the group it cannot hold an enemy stone (the rule would have linked it to
    /// `p`), so the jump fails just as it does when the cell is empty; if it holds an enemy
    /// stone, the rule links `p + 2d` too, and so on along a multiple jump. So a group
    /// moves as it does with every other cell empty, as in its trimmed board, and the
    /// position is the disjunctive sum of its groups.
    ///
    /// Every derived cell is linked to the stones it was derived from, so a group with no
    /// `o` stone has no cell of `O` and nobody can ever move in it: it is 0, and likewise
    /// with the colours exchanged.
    pub fn components(&self) -> Vec<KonaneBoard> {
        let b = &self.0;
        let n = b.cells.len();
        let mut can_x: Vec<bool> = b.cells.iter().map(|&c| c == b'x').collect();
        let mut can_o: Vec<bool> = b.cells.iter().map(|&c| c == b'o').collect();
        // Every line of three cells (from, over, to), found once: the passes below go
        // through them until nothing changes.
        let lines: Vec<(usize, usize, usize)> = (0..n)
            .flat_map(|p| {
                DIRECTIONS.into_iter().filter_map(move |(dr, dc)| {
                    Some((p, b.step(p, dr, dc, 1)?, b.step(p, dr, dc, 2)?))
                })
            })
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &(p, mid, to) in &lines {
                if can_x[p] && can_o[mid] && !can_x[to] {
                    can_x[to] = true;
                    changed = true;
                }
                if can_o[p] && can_x[mid] && !can_o[to] {
                    can_o[to] = true;
                    changed = true;
                }
            }
        }
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for &(p, mid, to) in &lines {
            if (can_x[p] && can_o[mid]) || (can_o[p] && can_x[mid]) {
                for q in [mid, to] {
                    let (a, z) = (root(&mut parent, p), root(&mut parent, q));
                    parent[a] = z;
                }
            }
        }
        let mut groups: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
        for p in 0..n {
            if can_x[p] || can_o[p] {
                groups.entry(root(&mut parent, p)).or_default().push(p);
            }
        }
        let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
        groups.sort();
        groups
            .into_iter()
            .filter(|g| {
                g.iter().any(|&p| b.cells[p] == b'x') && g.iter().any(|&p| b.cells[p] == b'o')
            })
            .map(|g| KonaneBoard(b.crop(&g, b'.')))
            .collect()
    }
}

impl std::fmt::Display for KonaneBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Left's and Right's options from the board `text`, as board strings.
pub fn konane_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    Ok(super::move_texts(KonaneBoard::parse(text)?.moves()))
}

/// Boards are limited to this many cells, since the search grows very fast.
pub const MAX_KONANE_CELLS: usize = 36;

/// The rules of Konane, for the generic [`Solver`]: positions are bit masks
/// ([`KonaneBits`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct KonaneRules;

impl Ruleset for KonaneRules {
    type Position = KonaneBits;

    fn name(&self) -> &'static str {
        "konane"
    }
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "Konane: x (Left) and o (Right) jump over an adjacent opponent stone into an empty cell, several jumps in a line allowed (\"xo.|.ox\")",
            example: ("konane(\"xo.\")", "1"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"xo.|.ox\"",
            },
        })
    }

    fn visit_moves(&self, b: &KonaneBits, left: bool, visit: &mut dyn FnMut(&KonaneBits)) {
        b.visit_moves(left, |m| visit(&m));
    }

    /// Groups of cells that can never interact.
    fn components(&self, b: &KonaneBits) -> Vec<KonaneBits> {
        let mut parts = Vec::new();
        self.components_into(b, &mut parts);
        parts
    }

    fn components_into(&self, b: &KonaneBits, out: &mut Vec<KonaneBits>) {
        b.for_each_component(|part| out.push(part));
    }

    /// The least image under the board's symmetries and the colour swap (which negates).
    fn normal_form(&self, b: &KonaneBits) -> (KonaneBits, bool) {
        b.normal_form()
    }

    fn picture(&self, b: &KonaneBits) -> Option<super::picture::Picture> {
        ByteKonaneRules.picture(&b.to_board())
    }

    fn text(&self, b: &KonaneBits) -> String {
        b.to_board().to_string()
    }

    /// A board of at most [`MAX_KONANE_CELLS`] cells.
    fn parse(&self, text: &str) -> Result<KonaneBits, RulesetError> {
        let b = ByteKonaneRules.parse(text)?;
        KonaneBits::from_board(&b).ok_or_else(|| {
            RulesetError::refused(format!(
                "Konane boards are limited to {MAX_KONANE_CELLS} cells"
            ))
        })
    }
}

/// The rules of Konane on byte boards: the solver's position type before the bit masks
/// ([`KonaneBits`]), kept as the reference they are checked and timed against
/// (`benches/compare`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ByteKonaneRules;

impl Ruleset for ByteKonaneRules {
    type Position = KonaneBoard;

    fn name(&self) -> &'static str {
        "konane"
    }

    fn visit_moves(&self, b: &KonaneBoard, left: bool, visit: &mut dyn FnMut(&KonaneBoard)) {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        for m in b.moves_for(me, them) {
            visit(&m);
        }
    }

    /// Groups of cells that can never interact.
    fn components(&self, b: &KonaneBoard) -> Vec<KonaneBoard> {
        b.components()
    }

    /// The least image under the board's symmetries; swapping colours exchanges the
    /// players' moves, so the swapped board is the negative.
    fn normal_form(&self, b: &KonaneBoard) -> (KonaneBoard, bool) {
        let (key, negate) = b.0.least_image(Some((b'x', b'o')));
        (KonaneBoard(key), negate)
    }

    /// Black stones (`x`, Left's) blue, white ones (`o`) red.
    fn picture(&self, b: &KonaneBoard) -> Option<super::picture::Picture> {
        Some(
            super::picture::BoardPicture::from_bytes(
                b.0.rows,
                b.0.cols,
                &b.0.cells,
                super::clobber::stones,
            )
            .into(),
        )
    }

    fn text(&self, b: &KonaneBoard) -> String {
        b.to_string()
    }

    /// A board of at most [`MAX_KONANE_CELLS`] cells.
    fn parse(&self, text: &str) -> Result<KonaneBoard, RulesetError> {
        let b = KonaneBoard::parse(text)?;
        if b.0.cells.len() > MAX_KONANE_CELLS {
            return Err(RulesetError::refused(format!(
                "Konane boards are limited to {MAX_KONANE_CELLS} cells"
            )));
        }
        Ok(b)
    }
}

/// A Konane solver with its transposition table: the generic [`Solver`] on
/// [`KonaneRules`]. Its [`GameId`]s belong to the store it was first used with.
pub type Konane = Solver<KonaneRules>;

/// The canonical form of the Konane board `text` (a fresh table).
pub fn konane(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    Konane::default().value_of(store, text)
}

/// The value by the definition alone: no splitting, no symmetry, memoized by exact board.
pub fn konane_value_naive(
    store: &mut GameStore,
    b: &KonaneBoard,
    memo: &mut FxHashMap<KonaneBoard, GameId>,
) -> GameId {
    super::value_by_definition(store, b, memo, &KonaneBoard::moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    fn show(s: &mut GameStore, text: &str) -> String {
        let g = konane(s, text).unwrap();
        s.display(g, Notation::Ascii)
    }

    /// Hand derivations (a stone jumping off the board has no move):
    /// - `xo.`: Left jumps to `..x` = 0; Right's `o` could only jump the `x` off the board.
    ///   So `{0|}` = 1; `x|o|.` (its transpose) and `.ox` (its mirror image) are 1 too,
    ///   and `ox.` (its colour swap) is -1.
    /// - `.xo.`: Left jumps to `...x` = 0, Right to `o...` = 0: `{0|0}` = `*`.
    /// - `xo..x`: Left jumps to `..x.x` = 0; Right has no move: 1. `xoxo.`: Left's only
    ///   jump (the second `x`) leaves `xo..x` = 1; Right's stones are boxed in: `{1|}` = 2.
    /// - `xo.o.` (the double jump): Left's `x` lands on cell 2 (`..xo.` = `*`, as `.xo.`)
    ///   or goes on to cell 4 (`....x` = 0); Right cannot move. `{0,*|}`: `*` reverses
    ///   through 0 (the whole is positive) to nothing, leaving `{0|}` = 1. With single jumps
    ///   only it would be `{*|}` = 0, so this checks the double jump.
    /// - `x.o`, `xx|oo`... no jump lands anywhere: 0.
    #[test]
    fn hand_checked_values() {
        let mut s = GameStore::new();
        for (text, want) in [
            ("", "0"),
            ("x", "0"),
            ("x.o", "0"),
            ("xo", "0"),
            ("xx|oo", "0"),
            ("xo.", "1"),
            ("x|o|.", "1"),
            (".ox", "1"),
            ("ox.", "-1"),
            (".xo.", "*"),
            ("xo..x", "1"),
            ("xoxo.", "2"),
            ("xo.o.", "1"),
            ("xo.|...|.ox", "2"),
            ("xo.|...|ox.", "0"),
        ] {
            assert_eq!(show(&mut s, text), want, "konane({text:?})");
        }
    }

    /// Ernst, "Playing Konane mathematically" (UMAP Journal 16, 1995): a solid linear
    /// pattern of `n` alternating stones starting with `x`, with an empty cell at each end,
    /// is `-j` when `n = 2j + 1`, 0 when `n = 4j` and `*` when `n = 4j + 2`.
    #[test]
    fn solid_linear_patterns_from_the_literature() {
        let mut s = GameStore::new();
        let mut solver = Konane::default();
        for n in 1..=14usize {
            let stones: String = (0..n).map(|i| if i % 2 == 0 { 'x' } else { 'o' }).collect();
            let text = format!(".{stones}.");
            let want = if n % 2 == 1 {
                s.integer(-((n as i64 - 1) / 2))
            } else if n % 4 == 0 {
                s.zero()
            } else {
                s.nimber(1)
            };
            assert_eq!(solver.value_of(&mut s, &text).unwrap(), want, "{text}");
        }
    }

    #[test]
    fn moves_as_strings() {
        // Row-major scan, directions up, down, left, right; a double jump gives both
        // landings.
        let (l, r) = konane_moves("xo.o.|o....|.....").unwrap();
        assert_eq!(
            l,
            vec![
                ".o.o.|.....|x....".to_owned(),
                "..xo.|o....|.....".to_owned(),
                "....x|o....|.....".to_owned()
            ]
        );
        assert!(r.is_empty());
        // The `o` below the `x` could only jump it off the board.
        let (l, r) = konane_moves(".ox.|..o.").unwrap();
        assert_eq!(l, vec!["x...|..o.".to_owned()]);
        assert_eq!(r, vec!["...o|..o.".to_owned()]);
        let (l, r) = konane_moves("x.o").unwrap();
        assert!(l.is_empty() && r.is_empty());
    }

    #[test]
    fn parse_errors() {
        let mut s = GameStore::new();
        assert_eq!(
            konane(&mut s, "xo#"),
            Err(RulesetError::BadChar { ch: '#', at: 2 })
        );
        assert_eq!(
            konane(&mut s, "xo|o"),
            Err(RulesetError::RaggedGrid {
                row: 1,
                width: 1,
                expected: 2
            })
        );
    }

    #[test]
    fn groups_split_only_what_cannot_meet() {
        let parts = |t: &str| -> Vec<String> {
            let b = KonaneBoard::parse(t).unwrap();
            b.components().iter().map(|p| p.to_string()).collect()
        };
        // Two rows of play with nothing that could ever jump between them.
        assert_eq!(parts("xo...|.....|...ox"), vec!["xo...", "...ox"]);
        // Lone stones and one-colour groups drop out.
        assert_eq!(parts("x...|..xx|o..."), Vec::<String>::new());
        // An `x` between the rows could be jumped vertically: one group.
        assert_eq!(parts("xo.|o..|x.."), vec!["xo.|o..|x.."]);
    }

    /// A pseudo-random board (xorshift; fixed seeds keep the test reproducible).
    fn random_board(rows: usize, cols: usize, state: &mut u64) -> KonaneBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                [b'.', b'x', b'o'][(*state % 3) as usize]
            })
            .collect();
        KonaneBoard(Cells { rows, cols, cells })
    }

    fn swap(b: &KonaneBoard) -> KonaneBoard {
        let mut c = b.0.clone();
        for cell in &mut c.cells {
            *cell = match *cell {
                b'x' => b'o',
                b'o' => b'x',
                other => other,
            };
        }
        KonaneBoard(c)
    }

    /// Every board up to 1×8 and 2×3, and random 3×3, 3×4 and 4×3 boards: the value with
    /// splitting, symmetries and the table equals the plain recursion's, and swapping the
    /// colours negates it.
    #[test]
    fn agrees_with_naive_recursion() {
        let mut s = GameStore::new();
        let mut solver = Konane::default();
        let mut memo = FxHashMap::default();
        let mut boards = Vec::new();
        for (rows, cols) in [(1, 8), (2, 3), (3, 2)] {
            for mut code in 0..3u32.pow((rows * cols) as u32) {
                let cells = (0..rows * cols)
                    .map(|_| {
                        let k = [b'.', b'x', b'o'][(code % 3) as usize];
                        code /= 3;
                        k
                    })
                    .collect();
                boards.push(KonaneBoard(Cells { rows, cols, cells }));
            }
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (rows, cols) in [(3, 3), (3, 4), (4, 3)] {
            for _ in 0..300 {
                boards.push(random_board(rows, cols, &mut state));
            }
        }
        let mut bytes = Solver::new(ByteKonaneRules);
        for b in boards {
            let bits = KonaneBits::from_board(&b).unwrap();
            let a = solver.value(&mut s, &bits);
            let n = konane_value_naive(&mut s, &b, &mut memo);
            assert_eq!(a, n, "{b}");
            assert_eq!(bytes.value(&mut s, &b), n, "{b} on bytes");
            let neg = solver.value(&mut s, &KonaneBits::from_board(&swap(&b)).unwrap());
            assert_eq!(s.neg(a), neg, "colour swap of {b}");
        }
    }
}

#[cfg(test)]
mod bench {
    use super::*;

    /// Boards of more than 36 cells are refused, whichever way they are written.
    #[test]
    fn boards_are_limited_to_36_cells() {
        let six = "......|......|......|......|......|......";
        assert!(KonaneRules.parse(six).is_ok());
        let e = KonaneRules.parse(&format!("{six}|......"));
        assert_eq!(
            e.map_err(|e| e.to_string()),
            Err("Konane boards are limited to 36 cells".into())
        );
        let text = super::super::registry::Arg::Text(format!("{six}|......"));
        assert_eq!(
            KonaneRules.of_args(&[text]).map_err(|e| e.arg()),
            Err(Some(0))
        );
    }
}
