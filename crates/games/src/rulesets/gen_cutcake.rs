//! The cake family (CGSuite's `GenCutcake(left, right, twisted)`): a cake of `a` rows and
//! `b` columns. Left plays on the columns by one heap ruleset, Right on the rows by another:
//! each option of the column count `b` (a list of heaps `b₁, b₂, …`) leaves the pieces
//! `(a, b₁) + (a, b₂) + …`, and likewise for Right on `a`. A *twisted* cake is turned a
//! quarter before each move, so the player's own side is read across the other way
//! (Winning Ways, chapter 2, "Cutcake", "Eatcake", "Maundy Cake"; CGSuite's
//! `GameHeapTest.scala` for the values):
//!
//! - Eatcake: each side by `0.7` (eat a row or column, which may split the rest in two);
//! - Maundy Cake: each side by `{2+}=.0` (cut into equal pieces, two or more);
//! - Turn-and-Eatcake: Eatcake twisted; twisted Cut-Cake and twisted Maundy Cake.
//!
//! (Cut-Cake itself, `4.` for each side, is `cutcake`.) A position is written `"a, b"`.

use super::RulesetError;
use super::registry::{Arg, MAX_SIZE};
use super::ruleset::Ruleset;
use crate::impartial::HeapRuleset;

/// The cakes are limited to this many rows and columns.
pub const MAX_CAKE_SIDE: usize = 64;

/// Which cake game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CakeGame {
    Eatcake,
    MaundyCake,
    TurnAndEatcake,
    TwistedCutcake,
    TwistedMaundyCake,
}

impl CakeGame {
    fn code(self) -> &'static str {
        match self {
            CakeGame::Eatcake | CakeGame::TurnAndEatcake => "0.7",
            CakeGame::MaundyCake | CakeGame::TwistedMaundyCake => "{2+}=.0",
            CakeGame::TwistedCutcake => "4.0",
        }
    }

    fn twisted(self) -> bool {
        matches!(
            self,
            CakeGame::TurnAndEatcake | CakeGame::TwistedCutcake | CakeGame::TwistedMaundyCake
        )
    }
}

/// The rules of one cake game; a position is the list of pieces `(rows, cols)`.
#[derive(Clone, Debug)]
pub struct CakeRules {
    game: CakeGame,
    rules: Option<HeapRuleset>,
}

impl CakeRules {
    pub fn new(game: CakeGame) -> CakeRules {
        CakeRules {
            game,
            rules: HeapRuleset::octal(game.code()).ok(),
        }
    }

    fn heap_options(&self, n: usize) -> Vec<Vec<u64>> {
        self.rules
            .as_ref()
            .and_then(|r| r.options(n as u64).ok())
            .unwrap_or_default()
    }
}

/// The pieces of a cake position, `(rows, cols)` each.
pub(super) type Pieces = Vec<(usize, usize)>;

/// The moves of a cake game (`GenCutcake`) from the pieces `p`: Left cuts the columns of a
/// piece, Right its rows, each by the heap options `options(n)` of the side cut (a list of
/// heaps per option; none takes the piece away). A twisted cake is read turned a quarter
/// before each move and stays turned. Shared by the named cakes and the cake products.
pub(super) fn cut(
    p: &[(usize, usize)],
    left: bool,
    twisted: bool,
    options: &dyn Fn(usize) -> Vec<Vec<u64>>,
    visit: &mut dyn FnMut(&Pieces),
) {
    // `side` picks the coordinate the mover cuts (1, the columns, for Left) out of a piece
    // as the mover reads it; the pieces keep the other one.
    let side = usize::from(left);
    for (i, &(a, b)) in p.iter().enumerate() {
        let read = if twisted { [b, a] } else { [a, b] };
        let keep = read[1 - side];
        for option in options(read[side]) {
            let mut next = p.to_vec();
            next.remove(i);
            for &h in &option {
                let mut piece = [keep; 2];
                piece[side] = h as usize;
                next.push((piece[0], piece[1]));
            }
            next.sort_unstable();
            visit(&next);
        }
    }
}

impl Ruleset for CakeRules {
    type Position = Vec<(usize, usize)>;

    fn name(&self) -> &'static str {
        match self.game {
            CakeGame::Eatcake => "eatcake",
            CakeGame::MaundyCake => "maundy_cake",
            CakeGame::TurnAndEatcake => "turn_and_eatcake",
            CakeGame::TwistedCutcake => "twisted_cutcake",
            CakeGame::TwistedMaundyCake => "twisted_maundy_cake",
        }
    }

    fn visit_moves(
        &self,
        p: &Vec<(usize, usize)>,
        left: bool,
        visit: &mut dyn FnMut(&Vec<(usize, usize)>),
    ) {
        let options = |n: usize| self.heap_options(n);
        cut(p, left, self.game.twisted(), &options, visit);
    }

    fn components(&self, p: &Vec<(usize, usize)>) -> Vec<Vec<(usize, usize)>> {
        p.iter().map(|&piece| vec![piece]).collect()
    }

    /// The pieces side by side, as Cut-Cake's.
    fn picture(&self, p: &Vec<(usize, usize)>) -> Option<super::picture::Picture> {
        Some(super::cake::pieces_picture(p).into())
    }

    fn written_parts(&self, p: &Vec<(usize, usize)>) -> Vec<Vec<(usize, usize)>> {
        if p.is_empty() {
            vec![vec![]]
        } else {
            self.components(p)
        }
    }

    fn about(&self) -> Option<super::registry::About> {
        use super::registry::{About, ArgForm};
        let args = ArgForm::Custom { min: 1, max: 2 };
        Some(match self.game {
            CakeGame::Eatcake => About {
                params: "rows, cols",
                summary: "Eatcake (Winning Ways; CGSuite's Eatcake): Left eats a column, Right a row, either of which may split the cake in two (each side by the code 0.7)",
                example: ("eatcake(2, 1)", "^"),
                args,
            },
            CakeGame::MaundyCake => About {
                params: "rows, cols",
                summary: "Maundy Cake (Winning Ways; CGSuite's MaundyCake): Left cuts the columns, Right the rows, into two or more equal pieces",
                example: ("maundy_cake(1, 6)", "4"),
                args,
            },
            CakeGame::TurnAndEatcake => About {
                params: "rows, cols",
                summary: "Turn-and-Eatcake (Winning Ways; CGSuite's TurnAndEatcake): Eatcake with the cake turned a quarter before each move",
                example: ("turn_and_eatcake(1, 1)", "*"),
                args,
            },
            CakeGame::TwistedCutcake => About {
                params: "rows, cols",
                summary: "twisted Cut-Cake (CGSuite's GenCutcake(…, twisted => true)): Cut-Cake with the cake turned a quarter before each move",
                example: ("twisted_cutcake(1, 2)", "-1"),
                args,
            },
            CakeGame::TwistedMaundyCake => About {
                params: "rows, cols",
                summary: "twisted Maundy Cake (CGSuite's GenCutcake(…, twisted => true)): Maundy Cake with the cake turned a quarter before each move",
                example: ("twisted_maundy_cake(8, 1)", "1"),
                args,
            },
        })
    }

    fn of_args(&self, args: &[Arg]) -> Result<Vec<(usize, usize)>, RulesetError> {
        match args {
            [Arg::Text(text)] => self.parse(text).map_err(|e| e.at_arg(0)),
            [a, b] => {
                let most = (MAX_CAKE_SIDE as u64).min(MAX_SIZE);
                let a = a
                    .size("the number of rows", 0, most)
                    .map_err(|e| e.at_arg(0))?;
                let b = b
                    .size("the number of columns", 0, most)
                    .map_err(|e| e.at_arg(1))?;
                Ok(vec![(a, b)])
            }
            _ => Err(RulesetError::refused(format!(
                "{} takes the rows and the columns",
                self.name()
            ))),
        }
    }

    fn text_is_arguments(&self) -> bool {
        true
    }

    fn text(&self, p: &Vec<(usize, usize)>) -> String {
        match p.as_slice() {
            [(a, b)] => format!("{a}, {b}"),
            pieces => pieces
                .iter()
                .map(|(a, b)| format!("{a}, {b}"))
                .collect::<Vec<_>>()
                .join("; "),
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<(usize, usize)>, RulesetError> {
        parse_pieces(text)
    }
}

/// The pieces of a cake written `"rows, cols; rows, cols"`, sorted (the order of the pieces
/// of a sum does not matter); shared with the cake products.
pub(crate) fn parse_pieces(text: &str) -> Result<Vec<(usize, usize)>, RulesetError> {
    let mut pieces = Vec::new();
    for piece in text.split(';').filter(|s| !s.trim().is_empty()) {
        let bad = || RulesetError::BadShape(format!("expected \"rows, cols\", found {piece:?}"));
        let (a, b) = piece.split_once(',').ok_or_else(bad)?;
        let a: usize = a.trim().parse().map_err(|_| bad())?;
        let b: usize = b.trim().parse().map_err(|_| bad())?;
        if a > MAX_CAKE_SIDE || b > MAX_CAKE_SIDE {
            return Err(RulesetError::refused(format!(
                "a cake has at most {MAX_CAKE_SIDE} rows and columns"
            )));
        }
        pieces.push((a, b));
    }
    pieces.sort_unstable();
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    const GAMES: [CakeGame; 5] = [
        CakeGame::Eatcake,
        CakeGame::MaundyCake,
        CakeGame::TurnAndEatcake,
        CakeGame::TwistedCutcake,
        CakeGame::TwistedMaundyCake,
    ];

    #[test]
    fn agrees_with_the_definition() {
        let mut store = GameStore::new();
        for game in GAMES {
            let rules = CakeRules::new(game);
            let mut solver = Solver::new(rules.clone());
            let mut memo = FxHashMap::default();
            for a in 0..6 {
                for b in 0..6 {
                    let p = vec![(a, b)];
                    let fast = solver.value(&mut store, &p);
                    let slow = value_by_definition(&rules, &mut store, &p, &mut memo);
                    assert_eq!(fast, slow, "{game:?} ({a}, {b})");
                }
            }
        }
    }

    /// CGSuite's `GameHeapTest.scala`: the canonical forms of (8, n), n = 0..8, in
    /// CGSuite's notation, read back as games and compared.
    #[test]
    fn cgsuite_row_eight() {
        let mut store = GameStore::new();
        let cases: [(CakeGame, [&str; 9]); 3] = [
            (
                CakeGame::MaundyCake,
                ["-7", "-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"],
            ),
            // CGSuite writes (8, 5) as v<3>; cgt prints its canonical form.
            (
                CakeGame::TurnAndEatcake,
                ["0", "v", "0", "v", "0", "{0,^*|0||0}", "0", "v", "0"],
            ),
            (
                CakeGame::TwistedMaundyCake,
                [
                    "1",
                    "1",
                    "{8|-2}",
                    "{8|-3}",
                    "{8|-6}",
                    "{8|-5}",
                    "{8|-6,{-4|-14}}",
                    "{10|-7}",
                    "+-12",
                ],
            ),
        ];
        for (game, row) in cases {
            let mut solver = Solver::new(CakeRules::new(game));
            for (n, want) in row.iter().enumerate() {
                let got = solver.value(&mut store, &vec![(8, n)]);
                let shown = store.display(got, crate::game::Notation::Ascii);
                assert_eq!(&shown, want, "{game:?} (8, {n})");
            }
        }
    }

    /// A cake is drawn as Cut-Cake draws its pieces: side by side, bottoms aligned, one
    /// shaded column between two.
    #[test]
    fn pieces_are_drawn_side_by_side() {
        use crate::rulesets::picture::{Picture, Square};
        let rules = CakeRules::new(CakeGame::Eatcake);
        let p = rules.parse("1, 1; 2, 2").unwrap_or_else(|e| panic!("{e}"));
        let Some(Picture::Board(b)) = rules.picture(&p) else {
            panic!("no board");
        };
        assert_eq!((b.rows, b.cols), (2, 4));
        let empty = b.squares.iter().filter(|&&s| s == Square::Empty).count();
        assert_eq!(empty, 5);
    }
}
