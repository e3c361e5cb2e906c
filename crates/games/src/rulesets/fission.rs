//! Fission (CGSuite's `game.grid.Fission`; an exercise game of *Lessons in Play*): stones on
//! a board, shared by both players. Left (vertical) splits a stone whose squares above and
//! below are both empty: the stone goes, and one appears on each of those squares. Right
//! (horizontal) does the same with the squares left and right. The edge of the board and
//! holes are not empty. Boards are written `".x.|...|#.."`: `x` a stone, `.` empty, `#` a
//! hole, `|` between rows.
//!
//! Every move adds a stone, so the game ends. The board is the sum of its connected
//! regions (holes and edges separate them). Mirror images change nothing; the transpose
//! exchanges vertical and horizontal, so it negates the value.

use super::RulesetError;
use super::bitgrid::{BitGrid, MAX_CELLS};
use super::cells::Cells;
use super::picture::{BoardPicture, Square};
use super::ruleset::Ruleset;

/// A Fission board of `x`, `.` and `#` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FissionBoard(Form);

/// How a board is held: as two bit masks when it has at most [`MAX_CELLS`] cells (every
/// board a search can finish), else one byte per cell. Which form a board has depends only
/// on its dimensions, so one board has one form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Form {
    Small(Masks),
    Large(Cells),
}

/// A board as the mask of its stones and the mask of its empty squares, of one shape
/// (a cell in neither is a hole). Moves, regions and symmetries are shifts and masks: a
/// position is copied, hashed and compared without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Masks {
    stones: BitGrid,
    empty: BitGrid,
}

impl Masks {
    fn of_cells(b: &Cells) -> Option<Masks> {
        if b.rows * b.cols > MAX_CELLS {
            return None;
        }
        let mask = |want: u8| {
            b.cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == want)
                .fold(0u128, |m, (i, _)| m | 1 << i)
        };
        Some(Masks {
            stones: BitGrid::of_bits(b.rows, b.cols, mask(b'x')),
            empty: BitGrid::of_bits(b.rows, b.cols, mask(b'.')),
        })
    }

    fn to_cells(self) -> Cells {
        let (rows, cols) = (self.stones.rows(), self.stones.cols());
        let (s, e) = (self.stones.bits(), self.empty.bits());
        let cells = (0..rows * cols)
            .map(|i| match (s >> i & 1, e >> i & 1) {
                (1, _) => b'x',
                (_, 1) => b'.',
                _ => b'#',
            })
            .collect();
        Cells { rows, cols, cells }
    }

    /// The stones Left (`left`, vertically) or Right can split.
    fn splittable(self, left: bool) -> u128 {
        let (s, e) = (self.stones.bits(), self.empty.bits());
        if left {
            let cols = self.stones.cols();
            s & e << cols & e >> cols
        } else {
            let (first, last) = self.stones.edge_cols();
            s & (e << 1 & !first) & (e >> 1 & !last)
        }
    }

    /// The board after the stone at `i` splits (vertically for `left`).
    fn split(self, i: usize, left: bool) -> Masks {
        let step = if left { self.stones.cols() } else { 1 };
        let ends = 1u128 << (i - step) | 1u128 << (i + step);
        Masks {
            stones: self.stones.with_bits(self.stones.bits() & !(1 << i) | ends),
            empty: self.empty.with_bits(self.empty.bits() & !ends | 1 << i),
        }
    }

    fn map(self, f: impl Fn(BitGrid) -> BitGrid) -> Masks {
        Masks {
            stones: f(self.stones),
            empty: f(self.empty),
        }
    }

    /// The order images are compared in (any total order on boards of one shape serves).
    fn key(self) -> (u128, u128) {
        (self.stones.bits(), self.empty.bits())
    }

    /// The least of the four images under the reflections.
    fn least_reflection(self) -> Masks {
        let b = self.map(BitGrid::flip_rows);
        let a = b.map(BitGrid::half_turn);
        let c = self.map(BitGrid::half_turn);
        [a, b, c]
            .into_iter()
            .fold(self, |m, x| if x.key() < m.key() { x } else { m })
    }

    /// A representative under the eight symmetries, and whether it is a transposed image.
    /// Boards with more rows than columns are transposed, square ones when that gives the
    /// lesser image (as for Domineering's [`BitGrid::normal_form`]).
    fn normal_form(self) -> (Masks, bool) {
        let (rows, cols) = (self.stones.rows(), self.stones.cols());
        if rows > cols {
            return (self.map(BitGrid::transpose).least_reflection(), true);
        }
        let straight = self.least_reflection();
        if rows < cols {
            return (straight, false);
        }
        let turned = self.map(BitGrid::transpose).least_reflection();
        if turned.key() < straight.key() {
            (turned, true)
        } else {
            (straight, false)
        }
    }

    /// The regions of squares that are not holes and hold a stone, each cropped.
    fn components(self, out: &mut Vec<FissionBoard>) {
        let open = self
            .stones
            .with_bits(self.stones.bits() | self.empty.bits());
        open.for_each_component_mask(|part| {
            let stones = self.stones.bits() & part;
            if stones == 0 {
                return;
            }
            let Some(bounds) = open.with_bits(part).bounding_box() else {
                return;
            };
            let region = Masks {
                stones: self.stones.with_bits(stones),
                empty: self.empty.with_bits(self.empty.bits() & part),
            };
            out.push(FissionBoard(Form::Small(region.map(|g| g.crop(bounds)))));
        });
    }
}

impl FissionBoard {
    fn of_cells(cells: Cells) -> FissionBoard {
        FissionBoard(Masks::of_cells(&cells).map_or(Form::Large(cells), Form::Small))
    }

    fn cells(&self) -> Cells {
        match &self.0 {
            Form::Small(m) => m.to_cells(),
            Form::Large(c) => c.clone(),
        }
    }
}

/// The one-byte-a-cell board: the form of boards of more than [`MAX_CELLS`] cells, and the
/// reference the masks are tested against.
mod large {
    use super::Cells;

    /// The two squares a stone at `i` splits onto for Left (vertical) or Right, when both
    /// are on the board and empty.
    pub(super) fn split(b: &Cells, i: usize, left: bool) -> Option<(usize, usize)> {
        let (dr, dc) = if left { (1, 0) } else { (0, 1) };
        let a = b.step(i, -dr, -dc, 1)?;
        let c = b.step(i, dr, dc, 1)?;
        (b.cells[i] == b'x' && b.cells[a] == b'.' && b.cells[c] == b'.').then_some((a, c))
    }

    pub(super) fn visit_moves(p: &Cells, left: bool, visit: &mut dyn FnMut(&Cells)) {
        let mut next = p.clone();
        for i in 0..p.cells.len() {
            if let Some((a, c)) = split(p, i, left) {
                next.cells[i] = b'.';
                next.cells[a] = b'x';
                next.cells[c] = b'x';
                visit(&next);
                next.cells[i] = b'x';
                next.cells[a] = b'.';
                next.cells[c] = b'.';
            }
        }
    }

    /// The connected regions of squares that hold a stone, each cropped with holes around.
    pub(super) fn components(b: &Cells) -> Vec<Cells> {
        let mut seen = vec![false; b.cells.len()];
        let mut out = Vec::new();
        for start in 0..b.cells.len() {
            if seen[start] || b.cells[start] == b'#' {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(i);
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    if let Some(j) = b.step(i, dr, dc, 1)
                        && b.cells[j] != b'#'
                        && !seen[j]
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            if members.iter().any(|&i| b.cells[i] == b'x') {
                members.sort_unstable();
                out.push(b.crop(&members, b'#'));
            }
        }
        out
    }

    /// The least of the eight images; the four that transpose the board are flagged.
    pub(super) fn normal_form(p: &Cells) -> (Cells, bool) {
        let (img, t) = (0..8u8)
            .map(|t| (p.image(t), t))
            .min()
            .unwrap_or((p.clone(), 0));
        (img, t & 4 != 0)
    }

    pub(super) fn is_dead(p: &Cells) -> bool {
        !(0..p.cells.len()).any(|i| split(p, i, true).is_some() || split(p, i, false).is_some())
    }
}

/// The rules of Fission.
#[derive(Clone, Copy, Debug, Default)]
pub struct FissionRules;

impl Ruleset for FissionRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "Fission: a stone (x) splits onto the two empty squares beside it, above and below for Left, left and right for Right (\".x.|...|#..\", # a hole)",
            example: ("fission(\".|x|.\")", "1"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"...|.x.|...\"",
            },
        })
    }

    type Position = FissionBoard;

    fn name(&self) -> &'static str {
        "fission"
    }

    fn visit_moves(&self, p: &FissionBoard, left: bool, visit: &mut dyn FnMut(&FissionBoard)) {
        match &p.0 {
            Form::Small(m) => {
                let mut movable = m.splittable(left);
                while movable != 0 {
                    let i = movable.trailing_zeros() as usize;
                    movable &= movable - 1;
                    visit(&FissionBoard(Form::Small(m.split(i, left))));
                }
            }
            Form::Large(c) => large::visit_moves(c, left, &mut |q| {
                visit(&FissionBoard(Form::Large(q.clone())))
            }),
        }
    }

    /// The connected regions of squares that hold a stone, each cropped with holes around.
    fn components(&self, p: &FissionBoard) -> Vec<FissionBoard> {
        match &p.0 {
            Form::Small(m) => {
                let mut out = Vec::new();
                m.components(&mut out);
                out
            }
            Form::Large(c) => large::components(c)
                .into_iter()
                .map(FissionBoard::of_cells)
                .collect(),
        }
    }

    /// A representative under the eight symmetries; the images that transpose the board
    /// are flagged (they exchange the players' directions, which negates the value).
    fn normal_form(&self, p: &FissionBoard) -> (FissionBoard, bool) {
        match &p.0 {
            Form::Small(m) => {
                let (n, t) = m.normal_form();
                (FissionBoard(Form::Small(n)), t)
            }
            Form::Large(c) => {
                let (n, t) = large::normal_form(c);
                (FissionBoard::of_cells(n), t)
            }
        }
    }

    /// No stone can split either way.
    fn is_dead(&self, p: &FissionBoard) -> bool {
        match &p.0 {
            Form::Small(m) => m.splittable(true) | m.splittable(false) == 0,
            Form::Large(c) => large::is_dead(c),
        }
    }

    /// Stones green (they belong to both players), holes shaded.
    fn picture(&self, p: &FissionBoard) -> Option<super::picture::Picture> {
        let c = p.cells();
        Some(
            BoardPicture::from_bytes(c.rows, c.cols, &c.cells, |c| match c {
                b'x' => Square::Green,
                b'#' => Square::Blocked,
                _ => Square::Empty,
            })
            .into(),
        )
    }

    fn text(&self, p: &FissionBoard) -> String {
        p.cells().to_string()
    }

    fn parse(&self, text: &str) -> Result<FissionBoard, RulesetError> {
        let cells = Cells::parse(text, |ch| {
            let c = ch.to_ascii_lowercase();
            "x.#".contains(c).then_some(c as u8)
        })?;
        Ok(FissionBoard::of_cells(cells))
    }
}

/// Fission on one byte per cell throughout, whatever the board's size: the rules as they
/// were before the bit masks, kept as the reference [`FissionRules`] is tested against and
/// timed beside it (`benches/compare`). Same values, same text forms.
#[derive(Clone, Copy, Debug, Default)]
pub struct ByteFissionRules;

impl Ruleset for ByteFissionRules {
    type Position = FissionBoard;

    fn name(&self) -> &'static str {
        "fission"
    }

    fn visit_moves(&self, p: &FissionBoard, left: bool, visit: &mut dyn FnMut(&FissionBoard)) {
        large::visit_moves(&p.cells(), left, &mut |q| {
            visit(&FissionBoard(Form::Large(q.clone())))
        })
    }

    fn components(&self, p: &FissionBoard) -> Vec<FissionBoard> {
        large::components(&p.cells())
            .into_iter()
            .map(|c| FissionBoard(Form::Large(c)))
            .collect()
    }

    fn normal_form(&self, p: &FissionBoard) -> (FissionBoard, bool) {
        let (n, t) = large::normal_form(&p.cells());
        (FissionBoard(Form::Large(n)), t)
    }

    fn is_dead(&self, p: &FissionBoard) -> bool {
        large::is_dead(&p.cells())
    }

    fn text(&self, p: &FissionBoard) -> String {
        p.cells().to_string()
    }

    fn parse(&self, text: &str) -> Result<FissionBoard, RulesetError> {
        let b = FissionRules.parse(text)?;
        Ok(FissionBoard(Form::Large(b.cells())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    /// Hand derivations:
    /// - `.|x|.` (a column of three): Left splits to `x|.|x`, where neither stone has room:
    ///   `{0|}` = 1; the row `.x.` is -1.
    /// - `.|.|x|.|.`: Left splits to `.|x|.|x|.`, where Left can split either stone once
    ///   more (to positions where nobody moves): that is `{0|}` = 1, so the column is
    ///   `{1|}` = 2.
    /// - `...|.x.|...`: Left's split leaves `.x.|...|.x.`, where only Right moves, once
    ///   per stone: -2; Right's split is the transpose: 2. `{-2|2}` = 0.
    /// - `.x.|###|.x.`: two rows apart, each -1: -2.
    #[test]
    fn hand_checked_values() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FissionRules);
        for (text, want) in [
            ("", "0"),
            ("x", "0"),
            (".|x|.", "1"),
            (".x.", "-1"),
            (".|.|x|.|.", "2"),
            ("...|.x.|...", "0"),
            (".|x|#|x|.", "0"),
            (".x.|###|.x.", "-2"),
        ] {
            assert_eq!(solver.shown(&mut store, text), want, "{text}");
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        assert_eq!(
            FissionRules.parse("x.o"),
            Err(RulesetError::BadChar { ch: 'o', at: 2 })
        );
        assert!(matches!(
            FissionRules.parse("x.|."),
            Err(RulesetError::RaggedGrid { .. })
        ));
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> FissionBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = b".x#"[(code % 3) as usize];
                code /= 3;
                k
            })
            .collect();
        FissionBoard::of_cells(Cells { rows, cols, cells })
    }

    /// Every board of up to 8 squares in a row or column and every 2×2, 2×3, 3×2, 3×3 and
    /// 2×4 board of stones, empty squares and holes.
    #[test]
    fn agrees_with_the_definition_on_small_boards() {
        let mut store = GameStore::new();
        let mut solver = Solver::new(FissionRules);
        let mut memo = FxHashMap::default();
        let mut shapes: Vec<(usize, usize)> = (1..=8).flat_map(|n| [(1, n), (n, 1)]).collect();
        shapes.extend([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]);
        for (rows, cols) in shapes {
            for code in 0..3u32.pow((rows * cols) as u32) {
                let b = board(rows, cols, code);
                let text = FissionRules.text(&b);
                assert_eq!(FissionRules.parse(&text).as_ref(), Ok(&b), "{text}");
                let fast = solver.value(&mut store, &b);
                let slow = value_by_definition(&FissionRules, &mut store, &b, &mut memo);
                assert_eq!(fast, slow, "{}", FissionRules.text(&b));
            }
        }
    }

    /// Pseudo-random boards of 4×4 to 5×6, mostly empty with a few stones and holes: the
    /// masks give the same value, and the same moves, regions and normal form up to
    /// symmetry, as the byte boards; boards past 128 cells stay byte boards and agree.
    #[test]
    fn masks_agree_with_bytes() {
        let mut store = GameStore::new();
        let mut fast = Solver::new(FissionRules);
        let mut slow = Solver::new(ByteFissionRules);
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (rows, cols) in [(4, 4), (4, 5), (5, 4), (3, 6), (5, 5), (2, 8)] {
            for _ in 0..12 {
                let cells: Vec<u8> = (0..rows * cols)
                    .map(|_| match next() % 10 {
                        0 | 1 => b'x',
                        2 => b'#',
                        _ => b'.',
                    })
                    .collect();
                let bytes = Cells { rows, cols, cells };
                let b = FissionBoard::of_cells(bytes.clone());
                assert!(matches!(b.0, Form::Small(_)));
                assert_eq!(b.cells(), bytes);
                for left in [true, false] {
                    let ours: Vec<Cells> = FissionRules
                        .moves(&b, left)
                        .iter()
                        .map(|q| q.cells())
                        .collect();
                    let theirs: Vec<Cells> = ByteFissionRules
                        .moves(&FissionBoard(Form::Large(bytes.clone())), left)
                        .iter()
                        .map(|q| q.cells())
                        .collect();
                    assert_eq!(ours, theirs, "{bytes}");
                }
                let ours: Vec<Cells> = FissionRules
                    .components(&b)
                    .iter()
                    .map(|q| q.cells())
                    .collect();
                assert_eq!(ours, large::components(&bytes), "{bytes}");
                assert_eq!(FissionRules.is_dead(&b), large::is_dead(&bytes));
                let v = fast.value(&mut store, &b);
                let w = slow.value(&mut store, &FissionBoard(Form::Large(bytes.clone())));
                assert_eq!(v, w, "{bytes}");
            }
        }
        let long = format!("..x{}", ".".repeat(130));
        let b = FissionRules.parse(&long).unwrap();
        assert!(matches!(b.0, Form::Large(_)));
        let bytes = FissionBoard(Form::Large(bytes_of(&long)));
        assert_eq!(fast.value(&mut store, &b), slow.value(&mut store, &bytes));
        assert_eq!(FissionRules.text(&b), long);
    }

    fn bytes_of(text: &str) -> Cells {
        Cells::parse(text, |c| "x.#".contains(c).then_some(c as u8)).unwrap()
    }

    /// Every image of a board under the eight symmetries has the same normal form, flagged
    /// as transposed exactly for the transposing images (unless the board is its own
    /// transpose up to reflection, when either flag is right).
    #[test]
    fn normal_form_is_the_same_for_every_image() {
        for text in ["x..|.#x", "..x.|x...|.#..", ".x|..|x.", "x.x|...|.x."] {
            let bytes = bytes_of(text);
            let (n, flag) = FissionRules.normal_form(&FissionBoard::of_cells(bytes.clone()));
            for t in 0..8u8 {
                let img = FissionBoard::of_cells(bytes.image(t));
                let (m, g) = FissionRules.normal_form(&img);
                assert_eq!(m, n, "{text} image {t}");
                let own_transpose = (0..4).any(|u| bytes.image(u) == bytes.image(4));
                if !own_transpose {
                    assert_eq!(g, flag ^ (t & 4 != 0), "{text} image {t}");
                }
            }
        }
    }
}
