//! The Game of the Amazons on small boards written `"L..R|....|.#..|...."`: `L` is one of
//! Left's amazons, `R` one of Right's, `.` an empty square and `#` a burned one; `|`
//! separates rows (whitespace is ignored).
//!
//! A player moves one of their amazons like a chess queen (any number of empty squares in
//! one of eight directions, never onto or over an amazon or a burned square) and then
//! shoots an arrow from its new square, again like a queen, onto an empty square, which
//! is burned for good. The arrow may cross or land on the square the amazon just left.
//!
//! The [`Amazons`] solver splits a board into regions (see [`AmazonsBoard::regions`]),
//! values a region holding one player's amazons only by a longest-play search, and
//! memoizes the other regions normalised under the eight symmetries of the square and the
//! colour swap (which negates).

use rustc_hash::FxHashMap;

use super::RulesetError;
use super::cells::Cells;
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};
use std::sync::{Mutex, MutexGuard};

/// The eight queen directions as (row step, column step).
const QUEEN: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A rectangular Amazons board of `L`, `R`, `.` and `#` squares, row-major; row 0 is the
/// top row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AmazonsBoard(Cells);

impl AmazonsBoard {
    /// Parses `"L..R|.#.."` (`l` and `r` are accepted too); rows must have equal widths.
    pub fn parse(text: &str) -> Result<AmazonsBoard, RulesetError> {
        Cells::parse(text, |ch| match ch {
            'L' | 'l' => Some(b'L'),
            'R' | 'r' => Some(b'R'),
            '.' | '#' => Some(ch as u8),
            _ => None,
        })
        .map(AmazonsBoard)
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.0.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.0.cols
    }

    /// The empty squares a queen at `from` reaches on `cells`.
    fn queen_reach(cells: &Cells, from: usize) -> impl Iterator<Item = usize> + '_ {
        QUEEN.into_iter().flat_map(move |(dr, dc)| {
            (1..)
                .map(move |k| cells.step(from, dr, dc, k))
                .take_while(|sq| sq.is_some_and(|i| cells.cells[i] == b'.'))
                .flatten()
        })
    }

    /// The boards reachable by the player whose amazons are `me`.
    fn moves_for(&self, me: u8) -> Vec<AmazonsBoard> {
        let b = &self.0;
        let mut out = Vec::new();
        for from in 0..b.cells.len() {
            if b.cells[from] != me {
                continue;
            }
            for to in Self::queen_reach(b, from) {
                let mut moved = b.clone();
                moved.cells[from] = b'.';
                moved.cells[to] = me;
                for arrow in Self::queen_reach(&moved, to) {
                    let mut shot = moved.clone();
                    shot.cells[arrow] = b'#';
                    out.push(AmazonsBoard(shot));
                }
            }
        }
        out
    }

    /// Left's (`L`) and Right's (`R`) moves.
    pub fn moves(&self) -> (Vec<AmazonsBoard>, Vec<AmazonsBoard>) {
        (self.moves_for(b'L'), self.moves_for(b'R'))
    }

    /// The regions of the board holding at least one amazon, each trimmed to its bounding
    /// box with the squares outside it burned.
    ///
    /// A region is a set of unburned squares connected through the eight queen directions.
    /// A queen path (of an amazon or an arrow) passes only through consecutive neighbouring
    /// unburned squares, so every move stays inside one region, reads only that region's
    /// squares and changes only them; burning never joins regions. So a board is the
    /// disjunctive sum of its regions, and a region without amazons, where nobody can
    /// ever move, is 0.
    pub fn regions(&self) -> Vec<AmazonsBoard> {
        let b = &self.0;
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
                for (dr, dc) in QUEEN {
                    if let Some(j) = b.step(i, dr, dc, 1)
                        && !seen[j]
                        && b.cells[j] != b'#'
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            if members.iter().any(|&i| matches!(b.cells[i], b'L' | b'R')) {
                out.push(AmazonsBoard(b.crop(&members, b'#')));
            }
        }
        out
    }

    fn count(&self, what: u8) -> usize {
        self.0.cells.iter().filter(|&&c| c == what).count()
    }
}

impl std::fmt::Display for AmazonsBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Left's and Right's options from the board `text`, as board strings.
pub fn amazons_moves(text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
    Ok(super::move_texts(AmazonsBoard::parse(text)?.moves()))
}

/// The rules of the Game of the Amazons, for the generic [`Solver`], with the table of
/// longest plays in one-player regions (see [`Ruleset::known_value`]).
#[derive(Debug, Default)]
pub struct AmazonsRules {
    /// Longest plays in regions holding only `L` amazons (a one-player region is
    /// normalised to Left's). Behind a lock because the threads of the parallel solver
    /// share the rules.
    longest: Mutex<FxHashMap<Cells, u32>>,
}

impl AmazonsRules {
    /// The table of longest plays, even if a thread panicked holding it (its entries are
    /// inserted whole).
    fn longest(&self) -> MutexGuard<'_, FxHashMap<Cells, u32>> {
        self.longest.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Boards are limited to this many unburned squares, of any shape (2×11, 4×6, a 5×5 board
/// with a burned square): the search grows very fast with the empty squares, and stops
/// cleanly at Ctrl-C or the memory budget (see `docs/performance.md` for times).
pub const MAX_AMAZONS_SQUARES: usize = 24;

impl Ruleset for AmazonsRules {
    type Position = AmazonsBoard;

    fn name(&self) -> &'static str {
        "amazons"
    }

    fn about(&self) -> Option<super::registry::About> {
        Some(super::registry::About {
            params: "board",
            summary: "the Game of the Amazons: L and R amazons move like queens, then shoot an arrow that burns a square (\"L..|.#.|..R\", boards of up to 24 unburned squares)",
            example: ("amazons(\"L.R\")", "*"),
            args: super::registry::ArgForm::Text {
                what: "a board such as \"L..|.#.|..R\"",
            },
        })
    }

    fn visit_moves(&self, b: &AmazonsBoard, left: bool, visit: &mut dyn FnMut(&AmazonsBoard)) {
        for m in b.moves_for(if left { b'L' } else { b'R' }) {
            visit(&m);
        }
    }

    /// Regions of squares the amazons can reach, with the amazons in them.
    fn components(&self, b: &AmazonsBoard) -> Vec<AmazonsBoard> {
        b.regions()
    }

    /// The least image under the board's symmetries; swapping colours exchanges the
    /// players, so the swapped board is the negative.
    fn normal_form(&self, b: &AmazonsBoard) -> (AmazonsBoard, bool) {
        let (key, negate) = b.0.least_image(Some((b'L', b'R')));
        (AmazonsBoard(key), negate)
    }

    /// A region where only Left has amazons is the integer `n`, the length of Left's
    /// longest play there: by induction all its options are integers `n_i >= 0` (Right
    /// never has a move anywhere below), and `{n_1, ..., n_k |}` = `{max n_i |}` =
    /// `max n_i + 1`, or 0 with no option. Likewise `-n` for Right alone.
    fn known_value(&self, store: &mut GameStore, part: &AmazonsBoard) -> Option<GameId> {
        let (lefts, rights) = (part.count(b'L'), part.count(b'R'));
        if rights != 0 && lefts != 0 {
            return None;
        }
        // The least image has `L`s only, since `L` < `R`.
        let (key, _) = part.0.least_image(Some((b'L', b'R')));
        let n = i64::from(self.longest_play(&AmazonsBoard(key)));
        Some(store.integer(if rights == 0 { n } else { -n }))
    }

    /// Left's amazons blue, Right's red, burnt squares shaded.
    fn picture(&self, b: &AmazonsBoard) -> Option<super::picture::Picture> {
        use super::picture::{BoardPicture, Square};
        Some(
            BoardPicture::from_bytes(b.0.rows, b.0.cols, &b.0.cells, |c| match c {
                b'L' => Square::Piece {
                    left: true,
                    letter: Some('L'),
                },
                b'R' => Square::Piece {
                    left: false,
                    letter: Some('R'),
                },
                b'#' => Square::Blocked,
                _ => Square::Empty,
            })
            .into(),
        )
    }

    fn text(&self, b: &AmazonsBoard) -> String {
        b.to_string()
    }

    /// A board of at most [`MAX_AMAZONS_SQUARES`] unburned squares.
    fn parse(&self, text: &str) -> Result<AmazonsBoard, RulesetError> {
        let b = AmazonsBoard::parse(text)?;
        if b.0.cells.len() - b.count(b'#') > MAX_AMAZONS_SQUARES {
            return Err(RulesetError::refused(format!(
                "Amazons boards are limited to {MAX_AMAZONS_SQUARES} unburned squares"
            ))
            .with_help("burn squares with # to make a bigger board smaller"));
        }
        Ok(b)
    }
}

impl AmazonsRules {
    /// The most moves Left can make in a normalised region holding only `L` amazons.
    ///
    /// Every move burns one empty square and leaves the number of empty squares otherwise
    /// unchanged (the amazon frees one square and takes another), so no play is longer
    /// than the number of empty squares: a move reaching that bound ends the search.
    fn longest_play(&self, region: &AmazonsBoard) -> u32 {
        if let Some(&n) = self.longest().get(&region.0) {
            return n;
        }
        let bound = region.count(b'.') as u32;
        let mut best = 0;
        for option in region.moves_for(b'L') {
            let mut after = 1;
            for part in option.regions() {
                let (key, _) = part.0.least_image(None);
                after += self.longest_play(&AmazonsBoard(key));
            }
            best = best.max(after);
            if best == bound {
                break;
            }
        }
        self.longest().insert(region.0.clone(), best);
        best
    }
}

/// An Amazons solver with its tables: the generic [`Solver`] on [`AmazonsRules`]. Its
/// [`GameId`]s belong to the store it was first used with.
pub type Amazons = Solver<AmazonsRules>;

/// The canonical form of the Amazons board `text` (a fresh table).
pub fn amazons(store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
    Amazons::default().value_of(store, text)
}

/// The value by the definition alone: no splitting, no symmetry, memoized by exact board.
pub fn amazons_value_naive(
    store: &mut GameStore,
    b: &AmazonsBoard,
    memo: &mut FxHashMap<AmazonsBoard, GameId>,
) -> GameId {
    super::value_by_definition(store, b, memo, &AmazonsBoard::moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    fn show(s: &mut GameStore, text: &str) -> String {
        let g = amazons(s, text).unwrap();
        s.display(g, Notation::Ascii)
    }

    /// Hand derivations:
    /// - `L.`: Left's only move takes the amazon to the right square and shoots back onto
    ///   the square it left: `#L`, where nobody can move (0). Right has no amazon: `{0|}` = 1.
    /// - `L..`: moving one square and shooting either way gives `#L.` or `.L#`, each 1 as
    ///   above; moving two squares and shooting gives `.#L` (0: the amazon is walled in) or
    ///   `#.L` (1). `{0,1|}` = 2, the longest play.
    /// - `L.R`: Left can only go to the middle and shoot back: `#LR` = 0; Right likewise:
    ///   `{0|0}` = `*`. The same in a column, `L|.|R`.
    /// - `L.#.R`: two regions, `L.` = 1 and `.R` = -1: 0.
    /// - `L.|.R`: after Left moves beside `R` and shoots (e.g. `#L|.R`), each player still
    ///   has exactly one move, to 0, so every Left option is `*`; the board is its own
    ///   colour swap turned half round, so it equals its negative and Right's options are
    ///   `*` too: `{*|*}` = 0.
    /// - `...|.L.|...`: 8, the number of empty squares (no play is longer, as each move
    ///   burns one): go to a corner shooting back at the centre, then walk round the ring
    ///   of the other seven squares, each time shooting at the square just left.
    #[test]
    fn hand_checked_values() {
        let mut s = GameStore::new();
        for (text, want) in [
            ("", "0"),
            ("L", "0"),
            ("LR", "0"),
            ("L.", "1"),
            (".R", "-1"),
            ("L..", "2"),
            ("L.R", "*"),
            ("L|.|R", "*"),
            ("L.#.R", "0"),
            ("#L|.R", "*"),
            ("L.|.R", "0"),
            ("...|.L.|...", "8"),
        ] {
            assert_eq!(show(&mut s, text), want, "amazons({text:?})");
        }
    }

    #[test]
    fn moves_as_strings() {
        // Row-major scan; queen directions from up-left to down-right, nearest first.
        let (l, r) = amazons_moves("L.|.R").unwrap();
        assert_eq!(
            l,
            vec![
                "#L|.R".to_owned(),
                ".L|#R".to_owned(),
                "#.|LR".to_owned(),
                ".#|LR".to_owned()
            ]
        );
        assert_eq!(
            r,
            vec![
                "LR|#.".to_owned(),
                "LR|.#".to_owned(),
                "L#|R.".to_owned(),
                "L.|R#".to_owned()
            ]
        );
        let (l, r) = amazons_moves("L#R").unwrap();
        assert!(l.is_empty() && r.is_empty());
    }

    #[test]
    fn parse_errors() {
        let mut s = GameStore::new();
        assert_eq!(
            amazons(&mut s, "L.x"),
            Err(RulesetError::BadChar { ch: 'x', at: 2 })
        );
        assert_eq!(
            amazons(&mut s, "L.|R"),
            Err(RulesetError::RaggedGrid {
                row: 1,
                width: 1,
                expected: 2
            })
        );
    }

    #[test]
    fn regions_are_trimmed_and_burned_around() {
        let parts = |t: &str| -> Vec<String> {
            let b = AmazonsBoard::parse(t).unwrap();
            b.regions().iter().map(|p| p.to_string()).collect()
        };
        // Diagonal neighbours connect; the empty corner region has no amazon.
        assert_eq!(parts("L#.|#.#|..#"), vec!["L#.|#.#|..#"]);
        // Walled-in amazons are regions of their own; the empty middle is dropped.
        assert_eq!(parts("L#..|##..|R#.#"), vec!["L", "R"]);
    }

    /// Boards beyond 16 unburned squares (up to the limit of 24), walled into regions by
    /// burned squares: the solver's value is the sum of the regions' values by the plain
    /// recursion over the whole game tree of each region.
    #[test]
    fn boards_beyond_sixteen_squares_agree_with_the_game_tree() {
        let mut s = GameStore::new();
        let mut memo = FxHashMap::default();
        let rules = AmazonsRules::default();
        for (text, regions) in [
            (
                "L...R#.L..#R...#L.R..",
                vec!["L...R", ".L..", "R...", "L.R.."],
            ),
            (
                "L..R.#|######|.L.R..|######|R...L.",
                vec!["L..R.", ".L.R..", "R...L."],
            ),
            (
                "L.#R...|.##....|######.|L.R#...",
                vec!["L.|.#", "R...|....|###.|#...", "L.R"],
            ),
        ] {
            let b = rules.parse(text).unwrap();
            assert!(b.0.cells.len() - b.count(b'#') > 16, "{text}");
            let value = amazons(&mut s, text).unwrap();
            let mut sum = s.integer(0);
            for r in regions {
                let part = naive(&mut s, r, &mut memo);
                sum = s.add(sum, part);
            }
            assert_eq!(value, sum, "{text}");
        }
    }

    fn naive(s: &mut GameStore, text: &str, memo: &mut FxHashMap<AmazonsBoard, GameId>) -> GameId {
        amazons_value_naive(s, &AmazonsBoard::parse(text).unwrap(), memo)
    }

    fn board(rows: usize, cols: usize, mut code: u32) -> AmazonsBoard {
        let cells = (0..rows * cols)
            .map(|_| {
                let k = [b'.', b'#', b'L', b'R'][(code % 4) as usize];
                code /= 4;
                k
            })
            .collect();
        AmazonsBoard(Cells { rows, cols, cells })
    }

    fn swap(b: &AmazonsBoard) -> AmazonsBoard {
        let mut c = b.0.clone();
        for cell in &mut c.cells {
            *cell = match *cell {
                b'L' => b'R',
                b'R' => b'L',
                other => other,
            };
        }
        AmazonsBoard(c)
    }

    /// Every board up to 1×6 and 2×3 and pseudo-random 3×3 boards: the value with regions,
    /// longest plays, symmetries and the table equals the plain recursion's, and swapping
    /// the colours negates it.
    #[test]
    fn agrees_with_naive_recursion() {
        let mut s = GameStore::new();
        let mut solver = Amazons::default();
        let mut memo = FxHashMap::default();
        let mut boards = Vec::new();
        for (rows, cols) in [(1, 6), (2, 3), (3, 2)] {
            for code in 0..4u32.pow((rows * cols) as u32) {
                boards.push(board(rows, cols, code));
            }
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            boards.push(board(3, 3, (state % 4u64.pow(9)) as u32));
        }
        for b in boards {
            let a = solver.value(&mut s, &b);
            let n = amazons_value_naive(&mut s, &b, &mut memo);
            assert_eq!(a, n, "{b}");
            let neg = solver.value(&mut s, &swap(&b));
            assert_eq!(s.neg(a), neg, "colour swap of {b}");
        }
    }
}

#[cfg(test)]
mod bench {
    use super::*;

    /// Boards of more than 24 unburned squares are refused, whatever their shape; burned
    /// squares do not count.
    #[test]
    fn boards_are_limited_to_24_unburned_squares() {
        let r = AmazonsRules::default();
        assert!(r.parse("L...|....|....|...R").is_ok());
        assert!(r.parse("L..........|..........R").is_ok());
        assert!(r.parse("L....|.....|.....|.....|###.R").is_ok());
        assert!(r.parse("L.....|......|......|.....R|######").is_ok());
        let e = r.parse("L....|.....|.....|.....|....R");
        assert_eq!(
            e.as_ref().map(|_| ()).map_err(|e| e.to_string()),
            Err("Amazons boards are limited to 24 unburned squares".to_string())
        );
        assert!(e.is_err_and(|e| e.help().is_some()));
    }
}
