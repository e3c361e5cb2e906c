//! NoGo and Cannibal Clobber against published results and against their canonical
//! forms:
//!
//! - linear NoGo 1 × n, n ≤ 14: a second-player win for n = 1 and 4, else a first-player
//!   win (Du et al., "Solving NoGo on Small Rectangular Boards", as listed in MCGS's
//!   `input/autotests/nogo_1xn_autotests/nogo_1xn_empty.test`), by the outcome solver and
//!   (n ≤ 9) by the canonical form;
//! - 2-D NoGo boards with MCGS's results (`input/autotests/nogo_autotests/nogo.test`,
//!   "Modified SBHSolver");
//! - impartial linear NoGo: the nim values of 1 × n, n ≤ 12, as MCGS lists them
//!   (`input/impartial/impartial-easy/impartial_nogo_1xn_empty_easy.test`);
//! - Cannibal Clobber 2 × n, 3 × n and 4 × 4 alternating boards with Left (MCGS's Black,
//!   `X`) moving first, as MCGS lists them
//!   (`input/autotests/cannibal_clobber/cannibal_clobber_easy.test`);
//! - on random small boards of both games, the solver's outcome is the canonical form's.

use cgt_core::rules::SolveOptions;
use cgt_games::game::{GameStore, Notation, Outcome};
use cgt_games::rulesets::registry::{TextRuleset, board_ruleset};
use cgt_games::rulesets::variant::VariantKind;

fn ruleset(name: &str) -> Box<dyn TextRuleset> {
    board_ruleset(name).unwrap_or_else(|| panic!("{name} is registered"))
}

fn options() -> SolveOptions {
    SolveOptions {
        max_positions: Some(2_000_000),
        table_bytes: Some(64 << 20),
        ..SolveOptions::default()
    }
}

fn solved(game: &dyn TextRuleset, store: &mut GameStore, text: &str) -> (Outcome, u64) {
    let s = game
        .solve(store, text, options())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (s.outcome(), s.stats.positions)
}

#[test]
fn linear_nogo_has_the_published_outcomes() {
    let game = ruleset("nogo");
    let mut store = GameStore::new();
    let mut canon = ruleset("nogo");
    for n in 1..=14 {
        let text = ".".repeat(n);
        let want = if n == 1 || n == 4 {
            Outcome::P
        } else {
            Outcome::N
        };
        let (found, positions) = solved(&*game, &mut store, &text);
        assert_eq!(found, want, "1 × {n}");
        assert!(positions < 200_000, "1 × {n}: {positions} positions");
        if n <= 9 {
            let v = canon
                .value(&mut store, &text)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(store.outcome(v), want, "the canonical form of 1 × {n}");
        }
    }
}

#[test]
fn nogo_boards_have_mcgs_outcomes() {
    let game = ruleset("nogo");
    let mut store = GameStore::new();
    for (text, want) in [
        (".", Outcome::P),
        ("..", Outcome::N),
        (".|.", Outcome::N),
        (".|.|.", Outcome::N),
        ("....", Outcome::P),
        ("..|..", Outcome::N),
        ("...|...|...", Outcome::N),
        ("....|..ox|ox..|....", Outcome::P),
    ] {
        assert_eq!(solved(&*game, &mut store, text).0, want, "{text}");
    }
}

#[test]
fn impartial_linear_nogo_has_mcgs_nim_values() {
    let mut game = ruleset("nogo").variant(VariantKind::Impartial);
    let mut store = GameStore::new();
    let nims = [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 1];
    for (k, &want) in nims.iter().enumerate() {
        let text = ".".repeat(k + 1);
        let v = game
            .value(&mut store, &text)
            .unwrap_or_else(|e| panic!("{e}"));
        let shown = store.display(v, Notation::Ascii);
        let want = match want {
            0 => "0".to_string(),
            1 => "*".to_string(),
            n => format!("*{n}"),
        };
        assert_eq!(shown, want, "1 × {}", k + 1);
        let (found, _) = solved(&*game, &mut store, &text);
        let class = if want == "0" { Outcome::P } else { Outcome::N };
        assert_eq!(found, class, "solve, 1 × {}", k + 1);
    }
}

#[test]
fn cannibal_clobber_has_mcgs_outcomes_with_left_first() {
    let game = ruleset("cannibal_clobber");
    let mut store = GameStore::new();
    let row = |n: usize, odd: bool| -> String {
        (0..n)
            .map(|i| if (i % 2 == 1) == odd { 'x' } else { 'o' })
            .collect()
    };
    let rect = |rows: usize, cols: usize| -> String {
        (0..rows)
            .map(|r| row(cols, r % 2 == 1))
            .collect::<Vec<_>>()
            .join("|")
    };
    // MCGS: 2 × 3 is a loss for Black (Left) moving first, every other board a win.
    for (rows, cols) in [(2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (3, 3), (3, 4)] {
        let text = rect(rows, cols);
        let s = game
            .solve(&mut store, &text, options())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(s.left_first, (rows, cols) != (2, 3), "{text}");
        if (rows, cols) == (3, 3) {
            // MCGS: White (Right) moving first wins as well.
            assert!(s.right_first, "{text}");
        }
    }
}

/// A pseudo-random generator (a linear congruence), the same boards each run.
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

/// Solves random boards of `cells` and compares with the canonical form; the classes met.
fn agree(name: &str, cells: &[u8], sizes: &[(usize, usize)], seed: u64) -> [usize; 4] {
    let mut game = ruleset(name);
    let mut store = GameStore::new();
    let mut rng = Lcg(seed);
    let mut classes = [0; 4];
    for &(rows, cols) in sizes {
        for _ in 0..10 {
            let text = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| cells[rng.below(cells.len() as u64) as usize] as char)
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|");
            let Ok(v) = game.value(&mut store, &text) else {
                continue; // a NoGo board with a group without a liberty
            };
            let expected = store.outcome(v);
            for limit in [0, 2000] {
                let s = game
                    .solve(
                        &mut store,
                        &text,
                        SolveOptions {
                            component_limit: limit,
                            ..options()
                        },
                    )
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(s.outcome(), expected, "{name} {text} (limit {limit})");
            }
            classes[expected as usize] += 1;
        }
    }
    classes
}

#[test]
fn nogo_and_cannibal_clobber_outcomes_agree_with_canonical_forms() {
    let n = agree("nogo", b"....xo#", &[(1, 7), (2, 3), (3, 3), (3, 4)], 5);
    assert!(n.iter().filter(|&&k| k > 0).count() >= 3, "{n:?}");
    let c = agree(
        "cannibal_clobber",
        b"xxoo.",
        &[(1, 6), (2, 3), (3, 3), (3, 4)],
        6,
    );
    assert!(c.iter().filter(|&&k| k > 0).count() >= 3, "{c:?}");
}
