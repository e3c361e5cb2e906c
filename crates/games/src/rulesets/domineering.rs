//! Domineering and Cram on [`Grid`] boards.
//!
//! In Domineering Left (vertical) places a domino on two empty cells of one column in
//! adjacent rows, Right (horizontal) on two empty cells of one row in adjacent columns. In
//! Cram either player may place either way (the impartial variant).
//!
//! The solver splits a board into connected components of empty cells and adds their
//! values; each component is normalised (trimmed, then the least of its images under the
//! reflections left-right and up-down, and under the transpose, which swaps the players and
//! so maps `G` to `-G` in Domineering and `G` to `G` in Cram) and memoized in a
//! transposition table.

use std::collections::HashMap;

use super::RulesetError;
use super::bitgrid::BitGrid;
use super::board8::Board8;
use super::grid::Grid;
use super::picture::{BoardPicture, Square};
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};

/// Which domino game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DominoGame {
    /// Left vertical, Right horizontal.
    Domineering,
    /// Both players place either way.
    Cram,
}

/// The boards reachable by a vertical domino.
pub fn vertical_moves(g: &Grid) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.rows().saturating_sub(1) {
        for c in 0..g.cols() {
            if g.is_empty_cell(r, c) && g.is_empty_cell(r + 1, c) {
                let mut h = g.clone();
                h.set(r, c, false);
                h.set(r + 1, c, false);
                out.push(h);
            }
        }
    }
    out
}

/// The boards reachable by a horizontal domino.
pub fn horizontal_moves(g: &Grid) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.rows() {
        for c in 0..g.cols().saturating_sub(1) {
            if g.is_empty_cell(r, c) && g.is_empty_cell(r, c + 1) {
                let mut h = g.clone();
                h.set(r, c, false);
                h.set(r, c + 1, false);
                out.push(h);
            }
        }
    }
    out
}

/// Left's and Right's moves of `game` on `g`, as boards.
pub fn moves(game: DominoGame, g: &Grid) -> (Vec<Grid>, Vec<Grid>) {
    let v = vertical_moves(g);
    let h = horizontal_moves(g);
    match game {
        DominoGame::Domineering => (v, h),
        DominoGame::Cram => {
            let mut all = v;
            all.extend(h);
            (all.clone(), all)
        }
    }
}

/// A Domineering or Cram position: a word with a byte per row when the board has at most 8
/// rows and 8 columns (every board a search can finish, and every region of one), a bit
/// mask when it has at most [`MAX_CELLS`](super::bitgrid::MAX_CELLS) cells, a [`Grid`]
/// otherwise. The form depends only on the dimensions, so one board has one form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DominoBoard {
    Tiny(Board8),
    Small(BitGrid),
    Large(Grid),
}

impl DominoBoard {
    pub fn new(g: Grid) -> DominoBoard {
        match BitGrid::from_grid(&g) {
            Some(b) => DominoBoard::of_bits(b),
            None => DominoBoard::Large(g),
        }
    }

    /// The board `b` in its form.
    fn of_bits(b: BitGrid) -> DominoBoard {
        Board8::from_bitgrid(b).map_or(DominoBoard::Small(b), DominoBoard::Tiny)
    }

    pub fn to_grid(&self) -> Grid {
        match self {
            DominoBoard::Tiny(b) => b.to_bitgrid().to_grid(),
            DominoBoard::Small(b) => b.to_grid(),
            DominoBoard::Large(g) => g.clone(),
        }
    }
}

/// [`greedy_count`] on a byte-per-row board.
fn greedy_count8(b: Board8, vertical: bool) -> i64 {
    let mut count = 0;
    let mut board = b;
    let step = if vertical { 8 } else { 1 };
    loop {
        let pairs = if vertical {
            board.vertical_pairs()
        } else {
            board.horizontal_pairs()
        };
        if pairs == 0 {
            return count;
        }
        let i = pairs.trailing_zeros() as usize;
        board = board.without(1u64 << i | 1u64 << (i + step));
        count += 1;
    }
}

/// The most dominoes one player can place in a row on `b` when the other never moves:
/// greedily the topmost pair of each column (or leftmost of each row), which is optimal
/// because the columns (rows) do not interact and a run of `n` cells holds `n / 2`.
fn greedy_count(b: BitGrid, vertical: bool) -> i64 {
    let mut count = 0;
    let mut board = b;
    loop {
        let pairs = if vertical {
            board.vertical_pairs()
        } else {
            board.horizontal_pairs()
        };
        if pairs == 0 {
            return count;
        }
        let i = pairs.trailing_zeros() as usize;
        let step = if vertical { b.cols() } else { 1 };
        board = board.without(1u128 << i | 1u128 << (i + step));
        count += 1;
    }
}

/// The rules of Domineering or Cram, for the generic [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DominoRules {
    pub game: DominoGame,
}

impl DominoRules {
    /// The directions a player places dominoes in: vertical, horizontal.
    fn directions(self, left: bool) -> (bool, bool) {
        match (self.game, left) {
            (DominoGame::Domineering, true) => (true, false),
            (DominoGame::Domineering, false) => (false, true),
            (DominoGame::Cram, _) => (true, true),
        }
    }

    /// The moves on a large board. The boards are made one at a time on a single copy:
    /// listing them all first held `rows × cols` boards of `rows × cols` cells at every
    /// level of the search, gigabytes within seconds on a large board.
    fn visit_large(&self, g: &Grid, left: bool, visit: &mut dyn FnMut(&DominoBoard)) {
        let (vertical, horizontal) = self.directions(left);
        let directions = [(vertical, (1, 0)), (horizontal, (0, 1))];
        let mut board = DominoBoard::Large(g.clone());
        for (dr, dc) in directions.into_iter().filter_map(|(on, d)| on.then_some(d)) {
            for r in 0..g.rows().saturating_sub(dr) {
                for c in 0..g.cols().saturating_sub(dc) {
                    if g.is_empty_cell(r, c) && g.is_empty_cell(r + dr, c + dc) {
                        let DominoBoard::Large(b) = &mut board else {
                            unreachable!("a large board stays large")
                        };
                        b.set(r, c, false);
                        b.set(r + dr, c + dc, false);
                        visit(&board);
                        let DominoBoard::Large(b) = &mut board else {
                            unreachable!("a large board stays large")
                        };
                        b.set(r, c, true);
                        b.set(r + dr, c + dc, true);
                    }
                }
            }
        }
    }

    /// The moves on a board of at most 8 × 8 cells, in the order of `BitGrid` boards'
    /// (vertical dominoes by their top cell, then horizontal ones by their left cell, each
    /// row by row).
    fn visit_tiny(&self, b: Board8, left: bool, mut visit: impl FnMut(DominoBoard)) {
        let (vertical, horizontal) = self.directions(left);
        let mut place = |mut pairs: u64, step: usize| {
            while pairs != 0 {
                let i = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                visit(DominoBoard::Tiny(b.without(1u64 << i | 1u64 << (i + step))));
            }
        };
        if vertical {
            place(b.vertical_pairs(), 8);
        }
        if horizontal {
            place(b.horizontal_pairs(), 1);
        }
    }

    /// The least image of a large board under the reflections and the transpose.
    fn large_normal_form(&self, g: &Grid) -> (Grid, bool) {
        let t = g.transpose();
        let swaps = self.game == DominoGame::Domineering;
        let mut best = (g.clone(), false);
        for (base, neg) in [(g.clone(), false), (t, swaps)] {
            let a = base.flip_cols();
            let b = base.flip_rows();
            let c = a.flip_rows();
            for img in [base, a, b, c] {
                if img < best.0 {
                    best = (img, neg);
                }
            }
        }
        best
    }
}

impl Ruleset for DominoRules {
    type Position = DominoBoard;

    fn about(&self) -> Option<super::registry::About> {
        let (summary, example) = match self.game {
            DominoGame::Domineering => (
                "Domineering: Left places vertical dominoes, Right horizontal; a board \"..#.|....\" (# blocked, | between rows) or an empty rows×cols rectangle",
                ("domineering(2, 2)", "+-1"),
            ),
            DominoGame::Cram => (
                "Cram: Domineering where both players may place dominoes either way (impartial)",
                ("cram(2, 3)", "*"),
            ),
        };
        Some(super::registry::About {
            params: "board or rows, cols",
            summary,
            example,
            args: super::registry::ArgForm::TextOrSizes {
                what: "a board such as \"..#.|....\"",
                sizes: &["the number of rows", "the number of columns"],
            },
        })
    }

    /// The empty `rows × cols` board.
    fn of_sizes(&self, sizes: &[usize]) -> Option<DominoBoard> {
        match *sizes {
            [rows, cols] => Some(DominoBoard::new(Grid::empty(rows, cols))),
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        match self.game {
            DominoGame::Domineering => "domineering",
            DominoGame::Cram => "cram",
        }
    }

    fn visit_moves(&self, p: &DominoBoard, left: bool, visit: &mut dyn FnMut(&DominoBoard)) {
        let b = match p {
            DominoBoard::Tiny(b) => return self.visit_tiny(*b, left, |q| visit(&q)),
            DominoBoard::Small(b) => *b,
            DominoBoard::Large(g) => return self.visit_large(g, left, visit),
        };
        let (vertical, horizontal) = self.directions(left);
        let mut place = |mut pairs: u128, step: usize| {
            while pairs != 0 {
                let i = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                visit(&DominoBoard::Small(
                    b.without(1u128 << i | 1u128 << (i + step)),
                ));
            }
        };
        if vertical {
            place(b.vertical_pairs(), b.cols());
        }
        if horizontal {
            place(b.horizontal_pairs(), 1);
        }
    }

    /// The moves on a board of at most 8 × 8 cells pushed directly (in `visit_moves`'
    /// order), the others through `visit_moves`.
    fn moves_into(&self, p: &DominoBoard, left: bool, out: &mut Vec<DominoBoard>) {
        match p {
            DominoBoard::Tiny(b) => self.visit_tiny(*b, left, |q| out.push(q)),
            _ => self.visit_moves(p, left, &mut |q| out.push(q.clone())),
        }
    }

    fn is_impartial(&self) -> bool {
        self.game == DominoGame::Cram
    }

    /// Connected components of empty cells, each trimmed.
    fn components(&self, p: &DominoBoard) -> Vec<DominoBoard> {
        let mut parts = Vec::new();
        self.components_into(p, &mut parts);
        parts
    }

    fn components_into(&self, p: &DominoBoard, out: &mut Vec<DominoBoard>) {
        match p {
            DominoBoard::Tiny(b) => b.for_each_component(|part| out.push(DominoBoard::Tiny(part))),
            DominoBoard::Small(b) => {
                b.for_each_component(|part| out.push(DominoBoard::of_bits(part)));
            }
            DominoBoard::Large(g) => out.extend(g.components().into_iter().map(DominoBoard::new)),
        }
    }

    /// The least image under the reflections and the transpose, which swaps the players
    /// in Domineering (negating the value) and changes nothing in Cram.
    fn normal_form(&self, p: &DominoBoard) -> (DominoBoard, bool) {
        let swaps = self.game == DominoGame::Domineering;
        match p {
            DominoBoard::Tiny(b) => {
                let (n, turned) = b.normal_form();
                (DominoBoard::Tiny(n), turned && swaps)
            }
            DominoBoard::Small(b) => {
                let (n, turned) = b.normal_form();
                (DominoBoard::Small(n), turned && swaps)
            }
            DominoBoard::Large(g) => {
                let (n, neg) = self.large_normal_form(g);
                (DominoBoard::Large(n), neg)
            }
        }
    }

    /// A trimmed board of at most 8 × 8 cells (every region a search meets) is its mask.
    fn packed(&self, p: &DominoBoard) -> Option<u64> {
        match p {
            DominoBoard::Tiny(b) => b.packed(),
            _ => None,
        }
    }

    /// No domino fits.
    fn is_dead(&self, p: &DominoBoard) -> bool {
        match p {
            DominoBoard::Tiny(b) => b.vertical_pairs() | b.horizontal_pairs() == 0,
            DominoBoard::Small(b) => b.vertical_pairs() | b.horizontal_pairs() == 0,
            DominoBoard::Large(g) => g.count_empty() < 2,
        }
    }

    /// In Domineering, a board where only one player can place a domino stays so (a
    /// domino only fills cells), and its value is the integer counting the dominoes that
    /// player can place, positive for Left.
    fn known_value(&self, store: &mut GameStore, p: &DominoBoard) -> Option<GameId> {
        if self.game != DominoGame::Domineering {
            return None;
        }
        if let DominoBoard::Tiny(b) = p {
            return if b.horizontal_pairs() == 0 {
                Some(store.integer(greedy_count8(*b, true)))
            } else if b.vertical_pairs() == 0 {
                Some(store.integer(-greedy_count8(*b, false)))
            } else {
                None
            };
        }
        let DominoBoard::Small(b) = p else {
            return None;
        };
        if b.horizontal_pairs() == 0 {
            Some(store.integer(greedy_count(*b, true)))
        } else if b.vertical_pairs() == 0 {
            Some(store.integer(-greedy_count(*b, false)))
        } else {
            None
        }
    }

    fn picture(&self, p: &DominoBoard) -> Option<super::picture::Picture> {
        let g = p.to_grid();
        let squares = (0..g.rows())
            .flat_map(|r| (0..g.cols()).map(move |c| (r, c)))
            .map(|(r, c)| {
                if g.is_empty_cell(r, c) {
                    Square::Empty
                } else {
                    Square::Blocked
                }
            })
            .collect();
        Some(
            BoardPicture {
                rows: g.rows(),
                cols: g.cols(),
                squares,
                labels: Vec::new(),
            }
            .into(),
        )
    }

    fn text(&self, p: &DominoBoard) -> String {
        p.to_grid().to_string()
    }

    fn parse(&self, text: &str) -> Result<DominoBoard, RulesetError> {
        Grid::parse(text).map(DominoBoard::new)
    }
}

/// A Domineering or Cram solver with its transposition table: the generic [`Solver`] on
/// [`DominoRules`].
///
/// The memoized [`GameId`]s belong to the store the solver was first used with: always
/// pass the same store.
#[derive(Debug)]
pub struct Domineering {
    solver: Solver<DominoRules>,
}

impl Domineering {
    /// A Domineering solver.
    pub fn new() -> Domineering {
        Domineering::for_game(DominoGame::Domineering)
    }

    /// A solver for `game`.
    pub fn for_game(game: DominoGame) -> Domineering {
        Domineering {
            solver: Solver::new(DominoRules { game }),
        }
    }

    /// The number of components in the transposition table.
    pub fn table_len(&self) -> usize {
        self.solver.table_len()
    }

    /// The canonical form of the board `g`: the sum of its components' values.
    pub fn value(&mut self, store: &mut GameStore, g: &Grid) -> GameId {
        self.solver.value(store, &DominoBoard::new(g.clone()))
    }
}

impl Default for Domineering {
    fn default() -> Self {
        Domineering::new()
    }
}

/// The canonical form of the Domineering board `g` (a fresh transposition table).
pub fn domineering(store: &mut GameStore, g: &Grid) -> GameId {
    Domineering::new().value(store, g)
}

/// The canonical form of the empty `rows × cols` Domineering rectangle.
pub fn domineering_rect(store: &mut GameStore, rows: usize, cols: usize) -> GameId {
    domineering(store, &Grid::empty(rows, cols))
}

/// The canonical form of the Cram board `g` (always a nimber).
pub fn cram(store: &mut GameStore, g: &Grid) -> GameId {
    Domineering::for_game(DominoGame::Cram).value(store, g)
}

/// The value by the definition alone: no splitting, no symmetry, memoized by exact board.
pub fn value_naive(
    store: &mut GameStore,
    game: DominoGame,
    g: &Grid,
    memo: &mut HashMap<Grid, GameId>,
) -> GameId {
    super::value_by_definition(store, g, memo, &|b: &Grid| moves(game, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::rulesets::test_boards::random_grid;

    fn show(s: &mut GameStore, g: GameId) -> String {
        s.display(g, Notation::Ascii)
    }

    #[test]
    fn conformance_values() {
        let mut s = GameStore::new();
        let g = domineering_rect(&mut s, 2, 2);
        assert_eq!(show(&mut s, g), "+-1");
        let g = domineering(&mut s, &Grid::parse("..").unwrap());
        assert_eq!(show(&mut s, g), "-1");
        let g = domineering(&mut s, &Grid::parse(".|.").unwrap());
        assert_eq!(show(&mut s, g), "1");
        let g = domineering(&mut s, &Grid::parse("#").unwrap());
        assert_eq!(show(&mut s, g), "0");
        // A 1×4 row: Right's options are -1 (end domino) and 0 (middle), so it is {|-1} = -2.
        let g = domineering_rect(&mut s, 1, 4);
        assert_eq!(show(&mut s, g), "-2");
        let g = domineering_rect(&mut s, 3, 1);
        assert_eq!(show(&mut s, g), "1");
        // The transpose swaps the players: 2×3 = -(3×2).
        let a = domineering_rect(&mut s, 2, 3);
        let b = domineering_rect(&mut s, 3, 2);
        let nb = s.neg(b);
        assert_eq!(a, nb);
        // 3×3 is ±1 (Winning Ways).
        let g = domineering_rect(&mut s, 3, 3);
        assert_eq!(show(&mut s, g), "+-1");
        // Literature: 4×4 is a first-player win, 5×5 a second-player win.
        let g = domineering_rect(&mut s, 4, 4);
        assert_eq!(s.outcome(g), crate::game::Outcome::N);
        let g = domineering_rect(&mut s, 5, 5);
        assert_eq!(g, s.zero());
    }

    /// The moves the solver takes ([`Ruleset::moves_into`], pushed directly on boards of
    /// at most 8 × 8 cells) are those of `visit_moves`, in its order, for both games and
    /// both players, on pseudo-random boards of every size to 8 × 8 and on 3 × 9 boards.
    #[test]
    fn moves_into_lists_the_visited_moves() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for (rows, cols) in (1..=8)
            .flat_map(|r| (1..=8).map(move |c| (r, c)))
            .chain([(3, 9)])
        {
            for _ in 0..4 {
                let b = DominoBoard::new(random_grid(rows, cols, 4, &mut seed));
                for game in [DominoGame::Domineering, DominoGame::Cram] {
                    let rules = DominoRules { game };
                    for left in [true, false] {
                        let mut visited = Vec::new();
                        rules.visit_moves(&b, left, &mut |q| visited.push(q.clone()));
                        let mut pushed = Vec::new();
                        rules.moves_into(&b, left, &mut pushed);
                        assert_eq!(pushed, visited, "{b:?} {game:?} {left}");
                    }
                }
            }
        }
    }

    #[test]
    fn cram_is_impartial() {
        let mut s = GameStore::new();
        let g = cram(&mut s, &Grid::empty(2, 2));
        assert_eq!(show(&mut s, g), "0");
        let g = cram(&mut s, &Grid::empty(1, 3));
        assert_eq!(show(&mut s, g), "*");
        let g = cram(&mut s, &Grid::empty(3, 3));
        assert!(s.is_nimber(g));
    }

    /// Every board up to 3×3 (every blocked subset) and a sample of 3×4 and 4×4 boards:
    /// the optimised value equals the brute-force one.
    #[test]
    fn agrees_with_brute_force() {
        let mut s = GameStore::new();
        for game in [DominoGame::Domineering, DominoGame::Cram] {
            let mut solver = Domineering::for_game(game);
            let mut memo = HashMap::new();
            for rows in 1..=3 {
                for cols in 1..=3 {
                    let n = rows * cols;
                    for mask in 0u32..(1 << n) {
                        let cells = (0..n).map(|i| mask >> i & 1 == 0).collect();
                        let g = Grid::from_cells(rows, cols, cells);
                        let a = solver.value(&mut s, &g);
                        let b = value_naive(&mut s, game, &g, &mut memo);
                        assert_eq!(a, b, "{game:?} {g}");
                    }
                }
            }
            // Pseudo-random larger boards.
            let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
            for _ in 0..40 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let (rows, cols) = (3 + (seed >> 60) as usize % 2, 4);
                let cells = (0..rows * cols)
                    .map(|i| (seed >> (i % 60)) & 7 != 0)
                    .collect();
                let g = Grid::from_cells(rows, cols, cells);
                let a = solver.value(&mut s, &g);
                let b = value_naive(&mut s, game, &g, &mut memo);
                assert_eq!(a, b, "{game:?} {g}");
            }
        }
    }
}

#[cfg(test)]
mod bench {
    use super::*;
    use crate::game::Notation;

    /// Not a timed test: where the memory of a large rectangle goes, on one thread (the
    /// store's forms and tables, the transposition table).
    /// `CGT_RECT=6x5 CGT_MEMORY=512M cargo test --release -p cgt-games --lib rulesets::domineering::bench::memory -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn memory_of_a_rectangle() {
        let rect = std::env::var("CGT_RECT").unwrap_or_else(|_| "5x5".into());
        let (m, n) = rect
            .split_once('x')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .expect("CGT_RECT=ROWSxCOLS");
        // `CGT_MEMORY=512M`: the session's memory budget (`--memory`).
        if let Some(b) = std::env::var("CGT_MEMORY")
            .ok()
            .and_then(|t| crate::game::budget::parse_size(&t))
        {
            crate::game::budget::set_thread_budget(b);
        }
        let mut s = GameStore::new();
        let mut solver = Solver::new(DominoRules {
            game: DominoGame::Domineering,
        });
        let g = solver.value_alone(&mut s, &DominoBoard::new(Grid::empty(m, n)));
        println!("{m}x{n} = {}", s.display(g, Notation::Ascii));
        for (name, len, bytes) in s.memory_report() {
            println!("{name}: {len} entries, {} MB", bytes >> 20);
        }
        let t = solver.table();
        println!(
            "positions: {} entries, {} MB, emptied {} times; store caches emptied {} times",
            t.len(),
            t.bytes() >> 20,
            t.evictions(),
            s.caches_emptied()
        );
    }

    /// Not a timed test (minutes of CPU): the largest rectangles, on every core, against
    /// the literature. 6×5 is 3/2 and 5×6 its negative (the transpose); 6×6 is a
    /// first-player win, as Breuker, Uiterwijk and van den Herik found by search ("Solving
    /// 8×8 Domineering", Theoretical Computer Science 230, 2000): here its canonical form
    /// is its own negative (the board is its own transpose) and not 0, hence N.
    /// `cargo test --release --lib rulesets::domineering::bench::six -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn six_by_five_and_six_by_six() {
        let mut s = GameStore::new();
        s.set_threads(crate::rulesets::parallel::available_threads());
        let g = domineering_rect(&mut s, 6, 5);
        assert_eq!(s.display(g, Notation::Ascii), "3/2");
        let h = domineering_rect(&mut s, 5, 6);
        assert_eq!(h, s.neg(g));
        let g = domineering_rect(&mut s, 6, 6);
        assert_eq!(s.neg(g), g);
        assert_eq!(s.outcome(g), crate::game::Outcome::N);
        println!("6x6: {} canonical forms", s.len());
    }
}
