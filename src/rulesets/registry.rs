//! The rulesets on the generic [`Solver`], behind one object-safe interface that speaks in
//! text positions, so that a caller who does not know a game's position type (the
//! language) can solve it, list its moves and draw it. A new game on the [`Ruleset`] trait
//! is registered by one line in [`board_rulesets`].

use super::RulesetError;
use super::picture::BoardPicture;
use super::ruleset::{Ruleset, Solver};
use crate::game::{GameId, GameStore};
use std::fmt::Debug;

/// A ruleset with its transposition table, positions written as text.
pub trait TextRuleset: Debug {
    /// The name positions are written with (`domineering`).
    fn name(&self) -> &'static str;

    /// Whether both players always have the same moves.
    fn is_impartial(&self) -> bool;

    /// The canonical form of the position written `text`.
    fn value(&mut self, store: &mut GameStore, text: &str) -> Result<GameId, RulesetError>;

    /// Left's and Right's moves, as the texts of the positions they lead to.
    fn moves(&self, text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError>;

    /// A picture of the board, if the game is drawn on one.
    fn picture(&self, text: &str) -> Result<Option<BoardPicture>, RulesetError>;

    /// The number of components in the transposition table.
    fn table_len(&self) -> usize;
}

impl<R: Ruleset + Debug> TextRuleset for Solver<R> {
    fn name(&self) -> &'static str {
        self.rules().name()
    }

    fn is_impartial(&self) -> bool {
        self.rules().is_impartial()
    }

    fn value(&mut self, store: &mut GameStore, text: &str) -> Result<GameId, RulesetError> {
        self.value_of(store, text)
    }

    fn moves(&self, text: &str) -> Result<(Vec<String>, Vec<String>), RulesetError> {
        let rules = self.rules();
        let p = rules.parse(text)?;
        let texts = |left: bool| -> Vec<String> {
            rules
                .moves(&p, left)
                .iter()
                .map(|q| rules.text(q))
                .collect()
        };
        Ok((texts(true), texts(false)))
    }

    fn picture(&self, text: &str) -> Result<Option<BoardPicture>, RulesetError> {
        let rules = self.rules();
        Ok(rules.picture(&rules.parse(text)?))
    }

    fn table_len(&self) -> usize {
        Solver::table_len(self)
    }
}

/// Every board game on the generic solver, each with an empty table. One line per game.
pub fn board_rulesets() -> Vec<Box<dyn TextRuleset>> {
    use super::coin_turning::{CoinGame, CoinTurningRules};
    use super::domineering::{DominoGame, DominoRules};
    vec![
        Box::new(Solver::new(DominoRules {
            game: DominoGame::Domineering,
        })),
        Box::new(Solver::new(DominoRules {
            game: DominoGame::Cram,
        })),
        Box::new(Solver::new(super::clobber::ClobberRules)),
        Box::new(Solver::new(super::konane::KonaneRules)),
        Box::new(Solver::new(super::amazons::AmazonsRules::default())),
        Box::new(Solver::new(super::toppling::TopplingRules)),
        Box::new(Solver::new(super::wythoff::WythoffRules)),
        Box::new(Solver::new(super::arc_kayles::ArcKaylesRules)),
        Box::new(Solver::new(super::elephants::ElephantsRules)),
        Box::new(Solver::new(super::toads::ToadsRules)),
        Box::new(Solver::new(super::fibonacci_nim::FibonacciNimRules)),
        Box::new(Solver::new(CoinTurningRules {
            game: CoinGame::MockTurtles,
        })),
        Box::new(Solver::new(CoinTurningRules {
            game: CoinGame::Ruler,
        })),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;

    #[test]
    fn every_registered_game_solves_moves_and_draws_by_name() {
        let mut store = GameStore::new();
        let mut games = board_rulesets();
        let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
        assert_eq!(
            names,
            [
                "domineering",
                "cram",
                "clobber",
                "konane",
                "amazons",
                "toppling_dominoes",
                "wythoff",
                "arc_kayles",
                "elephants_and_rhinos",
                "toads_and_frogs",
                "fibonacci_nim",
                "mock_turtles",
                "ruler"
            ]
        );
        let cases = [
            ("domineering", "..|..", "+-1"),
            ("cram", "...", "*"),
            ("clobber", "xo", "*"),
            ("konane", "xo.", "1"),
            ("amazons", "L.R", "*"),
            ("toppling_dominoes", "lr", "*"),
            ("wythoff", "1, 2", "0"),
            ("arc_kayles", "2: 0-1", "*"),
            ("elephants_and_rhinos", "E.R", "*"),
            ("toads_and_frogs", "T.F", "*"),
            ("fibonacci_nim", "2, 1", "*2"),
            ("mock_turtles", "TTH", "*4"),
            ("ruler", "THTH", "*6"),
        ];
        for ((game, text, value), g) in cases.iter().zip(games.iter_mut()) {
            assert_eq!(g.name(), *game);
            let v = g.value(&mut store, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(store.display(v, Notation::Ascii), *value, "{game}({text})");
            // Every game on a board is drawn; heaps and graphs are not boards.
            let drawn = g.picture(text).is_ok_and(|p| p.is_some());
            assert_eq!(
                drawn,
                ![
                    "wythoff",
                    "arc_kayles",
                    "fibonacci_nim",
                    "mock_turtles",
                    "ruler"
                ]
                .contains(game),
                "{game}"
            );
        }
        // Moves come back as texts that parse again.
        let (left, right) = games[0].moves("..|..").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((left.len(), right.len()), (2, 2));
        assert!(games[0].value(&mut store, &left[0]).is_ok());
        assert!(games[1].is_impartial() && !games[0].is_impartial());
    }

    /// Every registered game gives the same canonical form, the same id, on one thread and
    /// on two (positions large enough for the parallel solver to share them out).
    #[test]
    fn every_registered_game_agrees_on_one_thread_and_on_two() {
        let cases = [
            ("domineering", "....|.#..|....|..#."),
            ("cram", "....|....|...."),
            ("clobber", "xoxo|oxox|xoxo"),
            ("konane", "xox.|oxox|xoxo"),
            ("amazons", "L...|....|...R"),
            ("toppling_dominoes", "lrlerlrrlle"),
            ("wythoff", "9, 13"),
            ("arc_kayles", "7: 0-1 1-2 2-3 3-4 4-5 5-6 6-0 0-3"),
            ("elephants_and_rhinos", "E.E...R.R.E..R"),
            ("toads_and_frogs", "TTT...FFF"),
            ("fibonacci_nim", "40"),
            ("mock_turtles", "THHTHTTHHHTTTTHTHHHTTHTH"),
            ("ruler", "THHTHTTHHHTTTTHTHHHTTHTHHHTHHTHHHHHH"),
        ];
        let mut store = GameStore::new();
        for (game, text) in cases {
            let mut values = Vec::new();
            for threads in [1, 2] {
                store.set_threads(threads);
                let mut g = board_rulesets()
                    .into_iter()
                    .find(|g| g.name() == game)
                    .unwrap_or_else(|| panic!("{game}"));
                let v = g
                    .value(&mut store, text)
                    .unwrap_or_else(|e| panic!("{game}({text}): {e}"));
                values.push(v);
            }
            assert_eq!(values[0], values[1], "{game}({text})");
        }
    }
}
