//! Coin-turning games (Winning Ways ch. 14, "Turn and Turn About"; Ferguson, *Game Theory*
//! Part I §5): a row of coins, heads (`H`) or tails (`T`); a move turns over some coins, the
//! rightmost of which must go from heads to tails. Impartial.
//!
//! - **Mock Turtles**: turn one, two or three coins. The coins are numbered from 0 (the
//!   leftmost is the "mock turtle"); a single head at place `n` is worth `*m`, `m` the
//!   `n`-th *odious* number (odd number of ones in binary): 1, 2, 4, 7, 8, 11, 13, 14, …
//!   (Winning Ways ch. 14; Ferguson §5.3: `2n` or `2n + 1`, whichever is odious).
//! - **Ruler**: turn any run of consecutive coins, the rightmost a head. The coins are
//!   numbered from 1; a single head at place `n` is worth `*m`, `m` the largest power of 2
//!   dividing `n`: 1, 2, 1, 4, 1, 2, 1, 8, … (Ferguson §5.4).
//!
//! The coin-turning theorem (Winning Ways ch. 14; Ferguson §5.1): a row is the sum of the
//! rows with a single head, one for each of its heads. (A move turns its rightmost coin from
//! heads to tails; as a move in the sum of single heads, turning a coin that is a head cancels
//! the two heads there, which is the same position.) So [`Ruleset::components`] splits a row
//! into its single heads, and the solver computes each single head from its moves.

use super::RulesetError;
use super::ruleset::Ruleset;

/// Rows have at most this many coins (a single head of Mock Turtles at place `n` has about
/// `n²/2` moves).
pub const MAX_COINS: usize = 256;

/// Which coin-turning game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinGame {
    MockTurtles,
    Ruler,
}

/// The rules of a coin-turning game; a position is the row, `true` for heads, leftmost first.
#[derive(Clone, Copy, Debug)]
pub struct CoinTurningRules {
    pub game: CoinGame,
}

impl Ruleset for CoinTurningRules {
    fn about(&self) -> Option<super::registry::About> {
        Some(match self.game {
            CoinGame::MockTurtles => super::registry::About {
                params: "row",
                summary: "Mock Turtles on a row of H and T (coins numbered from 0): turn one, two or three coins, the rightmost heads to tails (impartial)",
                example: ("mock_turtles(\"TTH\")", "*4"),
                args: super::registry::ArgForm::Text {
                    what: "a row of coins such as \"THHT\"",
                },
            },
            CoinGame::Ruler => super::registry::About {
                params: "row",
                summary: "Ruler on a row of H and T (coins numbered from 1): turn a run of consecutive coins, the rightmost heads to tails (impartial)",
                example: ("ruler(\"TTTH\")", "*4"),
                args: super::registry::ArgForm::Text {
                    what: "a row of coins such as \"THHT\"",
                },
            },
        })
    }

    type Position = Vec<bool>;

    fn name(&self) -> &'static str {
        match self.game {
            CoinGame::MockTurtles => "mock_turtles",
            CoinGame::Ruler => "ruler",
        }
    }

    fn visit_moves(&self, row: &Vec<bool>, _left: bool, visit: &mut dyn FnMut(&Vec<bool>)) {
        let mut next = row.clone();
        for i in (0..row.len()).filter(|&i| row[i]) {
            next[i] = false;
            match self.game {
                CoinGame::MockTurtles => {
                    visit(&next);
                    for j in 0..i {
                        next[j] = !next[j];
                        visit(&next);
                        for k in 0..j {
                            next[k] = !next[k];
                            visit(&next);
                            next[k] = !next[k];
                        }
                        next[j] = !next[j];
                    }
                }
                CoinGame::Ruler => {
                    // Turn i, then i-1, i-2, …: each run ending at i once.
                    visit(&next);
                    for j in (0..i).rev() {
                        next[j] = !next[j];
                        visit(&next);
                    }
                    next[..i].copy_from_slice(&row[..i]);
                }
            }
            next[i] = true;
        }
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// One row with a single head for each head of the row (the coin-turning theorem).
    fn components(&self, row: &Vec<bool>) -> Vec<Vec<bool>> {
        (0..row.len())
            .filter(|&i| row[i])
            .map(|i| {
                let mut single = vec![false; i + 1];
                single[i] = true;
                single
            })
            .collect()
    }

    /// Tails right of the last head are never turned again: they are dropped.
    fn normal_form(&self, row: &Vec<bool>) -> (Vec<bool>, bool) {
        let len = row.iter().rposition(|&h| h).map_or(0, |i| i + 1);
        (row[..len].to_vec(), false)
    }

    fn is_dead(&self, row: &Vec<bool>) -> bool {
        !row.contains(&true)
    }

    /// The row of coins, numbered as the game counts them.
    fn picture(&self, row: &Vec<bool>) -> Option<super::picture::Picture> {
        let first = match self.game {
            CoinGame::MockTurtles => 0,
            CoinGame::Ruler => 1,
        };
        super::picture::impartial::coins_from(first, row).ok()
    }

    fn text(&self, row: &Vec<bool>) -> String {
        row.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
    }

    fn parse(&self, text: &str) -> Result<Vec<bool>, RulesetError> {
        let mut row = Vec::new();
        for (at, ch) in text.char_indices() {
            match ch {
                'H' | 'h' => row.push(true),
                'T' | 't' => row.push(false),
                c if c.is_whitespace() => {}
                _ => return Err(RulesetError::BadChar { ch, at }),
            }
        }
        if row.len() > MAX_COINS {
            return Err(RulesetError::BadShape(format!(
                "a row has at most {MAX_COINS} coins, found {}",
                row.len()
            )));
        }
        Ok(row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::rulesets::ruleset::{Solver, value_by_definition};
    use rustc_hash::FxHashMap;

    const MOCK: CoinTurningRules = CoinTurningRules {
        game: CoinGame::MockTurtles,
    };
    const RULER: CoinTurningRules = CoinTurningRules {
        game: CoinGame::Ruler,
    };

    fn single(n: usize) -> Vec<bool> {
        let mut row = vec![false; n + 1];
        row[n] = true;
        row
    }

    #[test]
    fn single_heads_are_the_published_functions() {
        let mut store = GameStore::new();
        let mut mock = Solver::new(MOCK);
        let mut ruler = Solver::new(RULER);
        // Odious numbers: 2n or 2n + 1, whichever has an odd number of ones.
        for n in 0..60usize {
            let odious = if (2 * n).count_ones() % 2 == 1 {
                2 * n
            } else {
                2 * n + 1
            };
            let want = store.nimber(odious as u64);
            assert_eq!(mock.value(&mut store, &single(n)), want, "mock turtles {n}");
        }
        // Ruler, places from 1: the largest power of 2 dividing n.
        for n in 1..100usize {
            let want = store.nimber(1 << n.trailing_zeros());
            assert_eq!(ruler.value(&mut store, &single(n - 1)), want, "ruler {n}");
        }
        // The published first values (Winning Ways ch. 14).
        let mock_values: Vec<u64> = vec![1, 2, 4, 7, 8, 11, 13, 14, 16, 19];
        for (n, &v) in mock_values.iter().enumerate() {
            let want = store.nimber(v);
            assert_eq!(mock.value(&mut store, &single(n)), want);
        }
    }

    #[test]
    fn rows_agree_with_the_definition() {
        // Every row of up to 7 coins: the split into single heads changes no value.
        for rules in [MOCK, RULER] {
            let mut store = GameStore::new();
            let mut solver = Solver::new(rules);
            let mut memo = FxHashMap::default();
            for len in 0..=7usize {
                for bits in 0..1u32 << len {
                    let row: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                    let fast = solver.value(&mut store, &row);
                    let slow = value_by_definition(&rules, &mut store, &row, &mut memo);
                    assert_eq!(fast, slow, "{} {}", rules.name(), rules.text(&row));
                }
            }
        }
    }

    #[test]
    fn moves_by_hand() {
        // Ruler "HH": turn coin 2 alone ("HT"), coins 1-2 ("TT"), or coin 1 alone ("TH").
        let mut m = RULER.moves(&vec![true, true], true);
        m.sort();
        assert_eq!(
            m,
            vec![vec![false, false], vec![false, true], vec![true, false]]
        );
        // Mock Turtles "TH": turn coin 1 alone, or with coin 0: "TT", "HT".
        let mut m = MOCK.moves(&vec![false, true], true);
        m.sort();
        assert_eq!(m, vec![vec![false, false], vec![true, false]]);
        // "TTH" has 1 + 2 + 1 = 4 moves (alone, with one of 2 coins, with both).
        assert_eq!(MOCK.moves(&vec![false, false, true], true).len(), 4);
    }

    #[test]
    fn text_round_trips_and_bad_text_is_an_error() {
        let row = MOCK.parse("THH T").unwrap();
        assert_eq!(MOCK.text(&row), "THHT");
        assert!(matches!(
            RULER.parse("THX"),
            Err(RulesetError::BadChar { ch: 'X', at: 2 })
        ));
        assert!(RULER.parse(&"H".repeat(MAX_COINS + 1)).is_err());
    }

    /// Rows of coins are drawn numbered as each game counts: Mock Turtles from 0 (the mock
    /// turtle), the Ruler game from 1.
    #[test]
    fn coins_are_drawn_numbered_as_the_game_counts() {
        use crate::rulesets::picture::{Picture, Square};
        for (game, first) in [(CoinGame::MockTurtles, "0"), (CoinGame::Ruler, "1")] {
            let rules = CoinTurningRules { game };
            let Some(Picture::Board(b)) = rules.picture(&vec![true, false]) else {
                panic!("no board");
            };
            assert_eq!(
                b.labels.first().map(String::as_str),
                Some(first),
                "{game:?}"
            );
            assert_eq!(b.squares[0], Square::Coin { heads: true });
        }
    }
}
