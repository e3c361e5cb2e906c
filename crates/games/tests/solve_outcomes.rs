//! The outcome solver ([`cgt_core::rules::solve`], through each ruleset's
//! [`TextRuleset::solve`]) against two independent answers:
//!
//! - the outcome class of the canonical form, on pseudo-random boards of Domineering,
//!   Cram, Clobber and Konane small enough for both, with the solver's bound on the
//!   components it values exactly at none, small and its default (so that the pure search,
//!   the mixed one and the one that values nearly everything are each checked);
//! - the plain game-tree search of `outcome_search` (no game theory at all) on Domineering
//!   rectangles and blocked boards, including 6 × 4 and 4 × 6.

#[allow(dead_code)] // the plain search also serves tests that use more of it
mod outcome_search;

use cgt_core::rules::SolveOptions;
use cgt_games::game::{GameStore, Outcome};
use cgt_games::rulesets::Grid;
use cgt_games::rulesets::registry::{TextRuleset, board_ruleset};
use outcome_search::{Class, Options, Search};

fn ruleset(name: &str) -> Box<dyn TextRuleset> {
    board_ruleset(name).unwrap_or_else(|| panic!("{name} is registered"))
}

/// A pseudo-random generator (a linear congruence), so that the boards are the same each run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A board of `rows × cols` cells drawn from `cells` (rows joined by `|`).
fn board(rng: &mut Lcg, rows: usize, cols: usize, cells: &[u8]) -> String {
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| cells[rng.below(cells.len() as u64) as usize] as char)
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

fn options(limit: usize) -> SolveOptions {
    SolveOptions {
        component_limit: limit,
        max_positions: Some(5_000_000),
        table_bytes: Some(64 << 20),
        ..SolveOptions::default()
    }
}

/// Solves `count` random boards of each size with each bound and compares with the
/// canonical form's outcome; returns how often each class occurred.
fn agree(
    name: &str,
    cells: &[u8],
    sizes: &[(usize, usize)],
    count: usize,
    seed: u64,
) -> [usize; 4] {
    let mut game = ruleset(name);
    let mut store = GameStore::new();
    let mut rng = Lcg(seed);
    let mut classes = [0; 4];
    for &(rows, cols) in sizes {
        for _ in 0..count {
            let text = board(&mut rng, rows, cols, cells);
            let g = game
                .value(&mut store, &text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let expected = store.outcome(g);
            classes[expected as usize] += 1;
            for limit in [0, 20, 2000] {
                let s = game
                    .solve(&mut store, &text, options(limit))
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(s.outcome(), expected, "{name} {text} (limit {limit})");
            }
        }
    }
    classes
}

#[test]
fn domineering_and_cram_outcomes_agree_with_canonical_forms() {
    let sizes = [(2, 3), (3, 3), (3, 4), (4, 4), (2, 6), (4, 5)];
    let d = agree("domineering", b"...#", &sizes, 12, 1);
    assert!(d.iter().all(|&k| k > 0), "every class occurs: {d:?}");
    let c = agree("cram", b"...#", &sizes, 12, 2);
    // Cram is impartial: only N and P.
    assert!(
        c[Outcome::N as usize] > 0 && c[Outcome::P as usize] > 0,
        "{c:?}"
    );
}

#[test]
fn clobber_and_konane_outcomes_agree_with_canonical_forms() {
    let sizes = [(1, 6), (2, 3), (2, 4), (3, 3), (3, 4)];
    let c = agree("clobber", b"xo.xo", &sizes, 12, 3);
    assert!(c.iter().all(|&k| k > 0), "every class occurs: {c:?}");
    let k = agree("konane", b"xo.", &sizes, 12, 4);
    assert!(k.iter().filter(|&&n| n > 0).count() >= 3, "{k:?}");
}

/// cgt's class for the plain search's (its Vertical is cgt's Left; see
/// `domineering_outcomes.rs`).
fn as_outcome(class: Class) -> Outcome {
    match class {
        Class::Vertical => Outcome::L,
        Class::Horizontal => Outcome::R,
        Class::First => Outcome::N,
        Class::Second => Outcome::P,
    }
}

/// The board's text and the plain search's class.
fn searched(grid: &Grid) -> (String, Outcome) {
    let bits = if grid.rows() * grid.cols() > 30 {
        22
    } else {
        12
    };
    let mut search = Search::new(grid.rows(), grid.cols(), bits, Options::FULL).expect("fits");
    let free = search.board(|r, c| grid.is_empty_cell(r, c));
    let text = (0..grid.rows())
        .map(|r| {
            (0..grid.cols())
                .map(|c| if grid.is_empty_cell(r, c) { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|");
    (text, as_outcome(search.class(free)))
}

#[test]
fn domineering_outcomes_agree_with_the_plain_game_tree_search() {
    let game = ruleset("domineering");
    let mut store = GameStore::new();
    let mut grids: Vec<Grid> = [
        (1, 2),
        (2, 1),
        (3, 3),
        (4, 4),
        (5, 5),
        (4, 6),
        (6, 4),
        (3, 7),
    ]
    .into_iter()
    .map(|(r, c)| Grid::empty(r, c))
    .collect();
    let mut rng = Lcg(5);
    for (rows, cols) in [(4, 4), (4, 5), (5, 5), (5, 6)] {
        for _ in 0..10 {
            let cells = (0..rows * cols).map(|_| rng.below(5) != 0).collect();
            grids.push(Grid::from_cells(rows, cols, cells));
        }
    }
    let mut classes = [0; 4];
    for grid in &grids {
        let (text, expected) = searched(grid);
        classes[expected as usize] += 1;
        let s = game
            .solve(&mut store, &text, options(2000))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(s.outcome(), expected, "{text}");
    }
    assert!(classes.iter().all(|&k| k > 0), "{classes:?}");
}
