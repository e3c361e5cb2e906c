//! Followers of a canonical form, and its outcome under misère play.

use crate::game::abort::{Abort, raise};
use crate::game::dyadic::Dyadic;
use crate::game::nus::Nus;
use crate::game::outcome::Outcome;
use crate::game::store::{GameId, GameStore};
use num_bigint::BigInt;
use rustc_hash::{FxHashMap, FxHashSet};

/// `followers` lists at most this many games; `follower_count` counts any number.
pub const MAX_LISTED_FOLLOWERS: u64 = 1_000_000;

/// The numbers among the followers of some numbers: the integers form one interval through
/// 0 (the followers of `n > 0` are `0, 1, …, n`), the others are few (at most two for each
/// binary digit after the point), so they are listed.
struct NumberFollowers {
    lowest: BigInt,
    highest: BigInt,
    fractions: FxHashSet<Dyadic>,
}

impl NumberFollowers {
    fn of<'a>(roots: impl Iterator<Item = &'a Dyadic>) -> NumberFollowers {
        let mut f = NumberFollowers {
            lowest: BigInt::from(0),
            highest: BigInt::from(0),
            fractions: FxHashSet::default(),
        };
        let mut stack: Vec<Dyadic> = roots.cloned().collect();
        while let Some(x) = stack.pop() {
            if x.is_integer() {
                f.lowest = f.lowest.min(x.floor());
                f.highest = f.highest.max(x.floor());
            } else if f.fractions.insert(x.clone()) {
                let (l, r) = x.canonical_options();
                stack.extend(l.into_iter().chain(r));
            }
        }
        f
    }

    fn count(&self) -> BigInt {
        &self.highest - &self.lowest + 1 + BigInt::from(self.fractions.len())
    }
}

impl GameStore {
    /// Every distinct subposition of the canonical form of `g`, `g` itself included (as
    /// CGSuite's `Followers`), in display order: `followers(↑) = [0, *, ↑]`.
    ///
    /// ```
    /// use cgt_core::game::{Dyadic, GameStore, Notation};
    /// let mut s = GameStore::new();
    /// let up = s.nus(Dyadic::zero(), 1, 0);
    /// let f: Vec<String> = s.followers(up).into_iter().map(|g| s.display(g, Notation::Ascii)).collect();
    /// assert_eq!(f, ["0", "*", "^"]);
    /// ```
    pub fn followers(&mut self, g: GameId) -> Vec<GameId> {
        let count = self.follower_count(g);
        if count > BigInt::from(MAX_LISTED_FOLLOWERS) {
            raise(Abort::TooLarge(format!(
                "the game has {count} followers; more than {MAX_LISTED_FOLLOWERS} are not listed (follower_count counts them)"
            )));
        }
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                self.check_interrupt();
                let (l, r) = self.options(x);
                stack.extend(l.iter().chain(r.iter()).filter(|y| !seen.contains(*y)));
            }
        }
        let mut all: Vec<GameId> = seen.into_iter().collect();
        all.sort_by(|&a, &b| self.display_cmp(a, b));
        all
    }

    /// The number of distinct followers (see [`GameStore::followers`]). Numbers are never
    /// walked (the integer `n` alone has `|n| + 1` followers): their followers are counted
    /// from the number line, and a number-up-star value `x + n↑ + *m` by its formula.
    pub fn follower_count(&mut self, g: GameId) -> BigInt {
        if let Some(v) = self.as_nus(g).cloned() {
            // The canonical form of x + G (G = n↑ + *m infinitesimal) is G's tree with each
            // leaf 0 replaced by x; G's followers are one more than its birthday.
            let zero_number = Nus {
                number: Dyadic::zero(),
                ..v.clone()
            };
            let infinitesimal_part = zero_number.birthday();
            let numbers = NumberFollowers::of(std::iter::once(&v.number)).count();
            return infinitesimal_part + numbers;
        }
        let mut seen = FxHashSet::default();
        let mut numbers = Vec::new();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if let Some(n) = self.as_number(x) {
                numbers.push(n.clone());
                continue;
            }
            if seen.insert(x) {
                self.check_interrupt();
                let (l, r) = self.options(x);
                stack.extend(l.iter().chain(r.iter()).filter(|y| !seen.contains(*y)));
            }
        }
        BigInt::from(seen.len()) + NumberFollowers::of(numbers.iter()).count()
    }

    /// The outcome of the canonical form of `g` under misère play, where a player who cannot
    /// move wins (Ferguson, *Game Theory* notes §1.2), found by searching its game tree:
    /// Left moving first wins iff she has no move or some `G^L` wins for her with Right to
    /// move, and dually. Misère outcomes depend on the form; the canonical form is searched.
    /// `0` is `N` (the mover cannot move and wins), `*` is `P`, `1` is `R`.
    pub fn misere_outcome(&mut self, g: GameId) -> Outcome {
        let mut memo = FxHashMap::default();
        let left_first = self.misere_wins(g, true, &mut memo);
        let right_first = self.misere_wins(g, false, &mut memo);
        match (left_first, right_first) {
            (true, false) => Outcome::N,
            (false, true) => Outcome::P,
            (true, true) => Outcome::L,
            (false, false) => Outcome::R,
        }
    }

    /// Whether *Left* wins `g` under misère play with Left to move (`left`) or Right to move.
    fn misere_wins(
        &mut self,
        g: GameId,
        left: bool,
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        // Number shortcuts: an integer n > 0 gives Right no move (so Right, to move, wins)
        // and Left only moves towards 0 that leave Right without a move: Right wins both ways.
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return if x.is_zero() { left } else { x.is_negative() };
        }
        // *m: the mover wins unless m = 1 (the mover must take the last move and lose).
        if let Some(m) = self.as_nimber(g) {
            let mover_wins = m != 1;
            return if left { mover_wins } else { !mover_wins };
        }
        if let Some(&w) = memo.get(&(g, left)) {
            return w;
        }
        self.check_interrupt();
        let (l, r) = self.options(g);
        let left_wins = if left {
            l.is_empty() || l.iter().any(|&x| self.misere_wins(x, false, memo))
        } else {
            !r.is_empty() && r.iter().all(|&x| self.misere_wins(x, true, memo))
        };
        memo.insert((g, left), left_wins);
        left_wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::{arb_lit, game, show};
    use proptest::prelude::*;

    #[test]
    fn followers_of_small_games() {
        let mut s = GameStore::new();
        for (g, want) in [
            ("0", vec!["0"]),
            ("*2", vec!["0", "*", "*2"]),
            ("{3|-1}", vec!["-1", "0", "1", "2", "3", "{3|-1}"]),
            ("^*", vec!["0", "*", "^*"]),
        ] {
            let id = game(&mut s, g);
            let f: Vec<String> = s
                .followers(id)
                .into_iter()
                .map(|x| show(&mut s, x))
                .collect();
            assert_eq!(f, want, "followers({g})");
            assert_eq!(s.follower_count(id), BigInt::from(want.len()));
        }
    }

    #[test]
    fn misere_outcomes_worked_by_hand() {
        let mut s = GameStore::new();
        for (g, want) in [
            ("0", Outcome::N),
            ("*", Outcome::P),
            ("*2", Outcome::N),
            ("1", Outcome::R),
            ("-2", Outcome::L),
            // ↑ = {0|*}: Left moves to 0 and Right, unable to move, wins; Right moves to *
            // and Left must move to 0, so Right wins again.
            ("^", Outcome::R),
            // {1|-1}: Left moves to 1 where Right cannot move: Right wins. Symmetric: P.
            ("+-1", Outcome::P),
            // 1/2 = {0|1}: Left to 0 leaves Right stuck (Right wins); Right to 1, Left to 0,
            // Right stuck wins.
            ("1/2", Outcome::R),
        ] {
            let id = game(&mut s, g);
            assert_eq!(s.misere_outcome(id), want, "misere_outcome({g})");
        }
    }

    /// Misère search on the canonical tree without the number and nimber shortcuts.
    fn plain(s: &mut GameStore, g: GameId, left: bool) -> bool {
        let (l, r) = s.options(g);
        if left {
            l.is_empty() || l.iter().any(|&x| plain(s, x, false))
        } else {
            !r.is_empty() && r.iter().all(|&x| plain(s, x, true))
        }
    }

    /// Distinct followers by walking every option, numbers included (no formula).
    fn walked_count(s: &mut GameStore, g: GameId) -> usize {
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                let (l, r) = s.options(x);
                stack.extend(l.iter().chain(r.iter()));
            }
        }
        seen.len()
    }

    /// The height of the canonical game tree, by walking it (no formula).
    fn walked_birthday(s: &mut GameStore, g: GameId) -> usize {
        let (l, r) = s.options(g);
        l.iter()
            .chain(r.iter())
            .map(|&x| walked_birthday(s, x) + 1)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn number_up_star_formulas_agree_with_the_walk() {
        let mut s = GameStore::new();
        let numbers = ["0", "1", "-2", "3/4", "-5/8", "7/2", "13/16"];
        for x in numbers {
            for ups in -5i64..=5 {
                for nim in 0u64..=6 {
                    let x = game(&mut s, x);
                    let number = s.as_number(x).cloned().unwrap_or_else(Dyadic::zero);
                    let g = s.nus(number.clone(), ups, nim);
                    let what = format!("{number} + {ups} ups + *{nim}");
                    assert_eq!(
                        s.follower_count(g),
                        BigInt::from(walked_count(&mut s, g)),
                        "followers of {what}"
                    );
                    assert_eq!(
                        s.birthday(g),
                        BigInt::from(walked_birthday(&mut s, g)),
                        "birthday of {what}"
                    );
                }
            }
        }
    }

    #[test]
    fn huge_integers_are_counted_not_walked() {
        let mut s = GameStore::new();
        let n = BigInt::from(-1_823_437_481_924i64);
        let g = s.number(Dyadic::from_int(n.clone()));
        // -n, -n + 1, ..., 0.
        assert_eq!(s.follower_count(g), -n.clone() + 1);
        assert_eq!(s.birthday(g), -n.clone());
        // {N | -5}: the switch, 0..N and -5..-1.
        let five = s.integer(-5);
        let big = s.number(Dyadic::from_int(-n.clone()));
        let switch = s.canonical(&[big], &[five]);
        assert_eq!(s.follower_count(switch), -n + 1 + 5 + 1);
        let listed = crate::game::catch_abort(|| s.followers(g));
        assert!(matches!(listed, Err(Abort::TooLarge(_))), "{listed:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn follower_count_agrees_with_the_walk(a in arb_lit(3, 3)) {
            let mut s = GameStore::new();
            let g = a.value(&mut s);
            prop_assert_eq!(s.follower_count(g), BigInt::from(walked_count(&mut s, g)));
        }

        #[test]
        fn shortcuts_agree_with_plain_search(a in arb_lit(3, 2)) {
            let mut s = GameStore::new();
            let g = a.value(&mut s);
            let want = match (plain(&mut s, g, true), plain(&mut s, g, false)) {
                (true, false) => Outcome::N,
                (false, true) => Outcome::P,
                (true, true) => Outcome::L,
                (false, false) => Outcome::R,
            };
            prop_assert_eq!(s.misere_outcome(g), want);
        }
    }
}
