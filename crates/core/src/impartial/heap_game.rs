//! Solving a heap ruleset: Grundy values of any heap (big heaps through the proven period),
//! value tables and periods (winning moves are in `heap_moves`).
//!
//! A [`HeapSolver`] owns one ruleset and caches what it has computed, so that the evaluator
//! can keep one per ruleset value and answer `kayles(83)`, then `kayles(10^12)`, cheaply.

use super::error::ImpartialError;
use super::heap_rules::PeriodTest;
use super::hexadecimal::THREE_WAY_PERIOD_SEARCH;
use super::period::{Period, PeriodSearch};
use super::ruleset::HeapRuleset;
use super::sequence::{MAX_TABLE_HEAP, Sequence};
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// How far [`HeapSolver::period`] looks for a period before answering "not found".
pub const DEFAULT_PERIOD_SEARCH: u64 = 1 << 17;

/// Heaps up to this size are read from the table rather than from a period.
const DIRECT_TABLE: u64 = 1 << 16;

/// One ruleset with its Grundy values computed so far and its period once proven.
///
/// ```
/// use cgt_core::impartial::{HeapRuleset, HeapSolver};
/// let mut kayles = HeapSolver::new(HeapRuleset::kayles());
/// assert_eq!(kayles.grundy(83).unwrap(), 7);
/// assert_eq!(kayles.grundy(1_000_000_000_000).unwrap(), 1);
/// ```
pub struct HeapSolver {
    ruleset: HeapRuleset,
    sequence: Sequence,
    period: Option<PeriodSearch>,
    interrupt: Option<Arc<AtomicBool>>,
}

impl HeapSolver {
    pub fn new(ruleset: HeapRuleset) -> HeapSolver {
        HeapSolver {
            sequence: Sequence::new(&ruleset),
            ruleset,
            period: None,
            interrupt: None,
        }
    }

    pub fn ruleset(&self) -> &HeapRuleset {
        &self.ruleset
    }

    /// Long computations stop with [`ImpartialError::Interrupted`] once `flag` is set
    /// (the flag is then cleared), as the store does for Ctrl-C.
    pub fn set_interrupt_flag(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    fn extend_to(&mut self, last: u64) -> Result<(), ImpartialError> {
        self.sequence.extend_to(last, self.interrupt.as_deref())
    }

    fn proven(&self) -> Option<&Period> {
        match &self.period {
            Some(PeriodSearch::Proven(p)) => Some(p),
            _ => None,
        }
    }

    /// The Grundy value `G(n)` of one heap: from the table, or from the proven period for
    /// big heaps. Errors when `n` is beyond the table limit and no period is known.
    pub fn grundy(&mut self, n: u64) -> Result<u64, ImpartialError> {
        if let Some(v) = self.sequence.get(n) {
            return Ok(v);
        }
        if let Some(v) = self.proven().and_then(|p| p.value_at(n)) {
            return Ok(v);
        }
        if n > self.direct_table() && self.has_period_theorem() && self.period.is_none() {
            self.period()?;
            if let Some(v) = self.proven().and_then(|p| p.value_at(n)) {
                return Ok(v);
            }
        }
        self.extend_to(n)?;
        Ok(self.sequence.get(n).expect("computed"))
    }

    /// `G(n)` for every `n` in `range` (`nim_values(R, a..b)` in the language, both ends
    /// included).
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, HeapSolver};
    /// let mut s = HeapSolver::new(HeapRuleset::subtraction(&[1, 2, 3]).unwrap());
    /// assert_eq!(s.nim_values(0..=8).unwrap(), vec![0, 1, 2, 3, 0, 1, 2, 3, 0]);
    /// ```
    pub fn nim_values(&mut self, range: RangeInclusive<u64>) -> Result<Vec<u64>, ImpartialError> {
        let (&first, &last) = (range.start(), range.end());
        if first > last {
            return Ok(Vec::new());
        }
        if last - first >= MAX_TABLE_HEAP {
            return Err(ImpartialError::HeapTooLarge {
                heap: last - first + 1,
                limit: MAX_TABLE_HEAP,
                what: "the length of a range of Grundy values",
            });
        }
        if last > self.direct_table() && self.has_period_theorem() && self.period.is_none() {
            self.period()?;
        }
        range.map(|n| self.grundy(n)).collect()
    }

    /// Heaps up to this size are read from the table rather than from a period.
    fn direct_table(&self) -> u64 {
        DIRECT_TABLE.min(self.default_search())
    }

    /// How far [`HeapSolver::period`] searches: [`DEFAULT_PERIOD_SEARCH`], less for games
    /// splitting heaps in three (slower to tabulate).
    fn default_search(&self) -> u64 {
        if self.sequence.table_limit() < MAX_TABLE_HEAP {
            THREE_WAY_PERIOD_SEARCH
        } else {
            DEFAULT_PERIOD_SEARCH
        }
    }

    fn has_period_theorem(&self) -> bool {
        match &self.ruleset {
            HeapRuleset::Subtraction(_) | HeapRuleset::Octal(_) => true,
            HeapRuleset::TakeBreak(code) => guy_smith_applies(code).is_ok(),
            HeapRuleset::Rule(rule) => rule.get().period_test().is_ok(),
            _ => false,
        }
    }

    /// The options of heap `n` of value `target` for a generalised take-and-break code,
    /// found through the engine's sets of values (at most
    /// [`crate::impartial::tb_moves::MAX_LISTED_MOVES`], see there).
    pub(super) fn take_break_moves_to_value(
        &mut self,
        n: u64,
        target: u64,
    ) -> Result<Vec<Vec<u64>>, ImpartialError> {
        self.extend_to(n)?;
        match &self.sequence {
            Sequence::General(s) => Ok(s.moves_to_value(n as usize, target)),
            _ => Err(ImpartialError::InvalidCode {
                code: self.ruleset.to_string(),
                reason: "not a generalised take-and-break code".into(),
            }),
        }
    }

    /// The period of the Grundy sequence with its proof, searching heaps up to
    /// [`DEFAULT_PERIOD_SEARCH`] (2^12 for games splitting heaps in three). Errors for rulesets without a period (Nim, all-but
    /// subtraction games: their values grow) or without a theorem (Grundy's game).
    pub fn period(&mut self) -> Result<PeriodSearch, ImpartialError> {
        self.period_within(self.default_search())
    }

    /// The largest search bound [`HeapSolver::period_within`] takes: the table limit, and
    /// for octal games (two heaps at most) as far as the memory budget allows (see
    /// [`crate::impartial::sequence`]).
    pub fn search_limit(&self) -> u64 {
        self.sequence.search_limit()
    }

    /// [`HeapSolver::period`] with the search bound `limit` (values `G(0..limit)`), at most
    /// [`HeapSolver::search_limit`]: the search doubles its window from 256 heaps (or four
    /// subtraction windows) up to `limit`, and answers [`PeriodSearch::NotFound`] with the
    /// last bound searched when no period is proven there.
    pub fn period_within(&mut self, limit: u64) -> Result<PeriodSearch, ImpartialError> {
        match &self.period {
            Some(PeriodSearch::Proven(_)) => return Ok(self.period.clone().expect("cached")),
            Some(PeriodSearch::NotFound { searched_up_to }) if *searched_up_to >= limit => {
                return Ok(self.period.clone().expect("cached"));
            }
            _ => {}
        }
        let mut heaps = 2;
        let (window, t) = match &self.ruleset {
            HeapRuleset::Nim => {
                return Err(ImpartialError::NotPeriodic("in Nim, G(n) = n".into()));
            }
            HeapRuleset::SubtractionAllBut(s) => {
                return Err(ImpartialError::NotPeriodic(format!(
                    "in an all-but subtraction game every heap n can move to every heap below \
                     n - {}, so G(n) differs from all their values and grows without bound",
                    s.last().copied().unwrap_or(0)
                )));
            }
            HeapRuleset::Rule(rule) => match rule.get().period_test()? {
                PeriodTest::Repetition { window } => (Some(window), 0),
                PeriodTest::GuySmith { removal, heaps: j } => {
                    heaps = j.max(2);
                    (None, removal)
                }
            },
            HeapRuleset::Spawning(code) => {
                return Err(ImpartialError::NoPeriodTheorem(format!(
                    "spawning(\"{code}\") is a coin-turning game; no theorem proves its \
                     periods (the period built-in reports a period the values show, unproven)"
                )));
            }
            HeapRuleset::Listed(code) => {
                return Err(ImpartialError::NoPeriodTheorem(format!(
                    "octal(\"{code}\") adds tokens or constrains heap counts one by one, and \
                     the Guy–Smith test covers neither (the period built-in reports a period \
                     the values show, unproven)"
                )));
            }
            HeapRuleset::Subtraction(s) => {
                let largest = *s.last().expect("non-empty");
                (Some(usize::try_from(largest).unwrap_or(usize::MAX)), 0)
            }
            HeapRuleset::Octal(code) => {
                heaps = code.max_heaps().max(2);
                (None, code.max_removal())
            }
            HeapRuleset::TakeBreak(code) => {
                let (t, j) = guy_smith_applies(code).map_err(ImpartialError::NoPeriodTheorem)?;
                heaps = j.max(2);
                (None, t)
            }
        };
        let limit = limit.clamp(2, self.search_limit());
        let start = (window.unwrap_or(0) as u64).saturating_mul(4).max(256);
        let mut len = start.min(limit);
        loop {
            self.sequence
                .extend_for_search(len - 1, self.interrupt.as_deref())?;
            let found = self.sequence.find_period(len as usize, window, t, heaps);
            if let Some(p) = found {
                self.period = Some(PeriodSearch::Proven(p));
                break;
            }
            if len >= limit {
                self.period = Some(PeriodSearch::NotFound {
                    searched_up_to: len,
                });
                break;
            }
            len = (2 * len).min(limit);
        }
        Ok(self.period.clone().expect("just set"))
    }
}

/// `(t, j)` when the Guy–Smith test of [`crate::impartial::period`] proves periods of a
/// generalised code: finitely many digits (the last at `t`), moves leaving at most `j` heaps,
/// and no constraint on a split. The proof there replaces the largest heap `c` of an option
/// by `c ± p`, which keeps an option only when any heaps may be left: with `!`, `?` or `=` it
/// may make heaps equal or unequal, so constrained codes get no period; nor do codes with a
/// repeating part, whose moves remove unboundedly many tokens.
fn guy_smith_applies(code: &crate::impartial::TbCode) -> Result<(usize, usize), String> {
    let Some(t) = code.max_removal() else {
        return Err(format!(
            "octal(\"{code}\") has a repeating part: its moves remove unboundedly many tokens, \
             and the Guy–Smith test needs a last digit"
        ));
    };
    if code.constrained() {
        return Err(format!(
            "octal(\"{code}\") constrains its splits (!, ? or =), and the Guy–Smith test \
             holds only when any heaps may be left"
        ));
    }
    match code.max_heaps() {
        Some(j) => Ok((t, j as usize)),
        None => Err(format!(
            "octal(\"{code}\") may leave any number of heaps, and the Guy–Smith test needs a \
             bound"
        )),
    }
}

/// `G(n)` for every `n` in `range`, with a fresh [`HeapSolver`].
///
/// ```
/// use cgt_core::impartial::{HeapRuleset, nim_values};
/// assert_eq!(nim_values(&HeapRuleset::kayles(), 0..=5).unwrap(), vec![0, 1, 2, 3, 1, 4]);
/// ```
pub fn nim_values(
    ruleset: &HeapRuleset,
    range: RangeInclusive<u64>,
) -> Result<Vec<u64>, ImpartialError> {
    HeapSolver::new(ruleset.clone()).nim_values(range)
}

/// `G(n)` of one heap, with a fresh [`HeapSolver`].
pub fn grundy(ruleset: &HeapRuleset, n: u64) -> Result<u64, ImpartialError> {
    HeapSolver::new(ruleset.clone()).grundy(n)
}

/// The proven period of a ruleset (see [`HeapSolver::period`]), with a fresh solver.
pub fn period(ruleset: &HeapRuleset) -> Result<PeriodSearch, ImpartialError> {
    HeapSolver::new(ruleset.clone()).period()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::impartial::sequence::naive_nim_values;
    use crate::impartial::testutil::{Rng, grundy_by_search};
    use std::collections::HashMap;

    fn solver(r: HeapRuleset) -> HeapSolver {
        HeapSolver::new(r)
    }

    fn sub(set: &[u64]) -> HeapRuleset {
        HeapRuleset::subtraction(set).unwrap()
    }

    fn proven(s: &mut HeapSolver) -> Period {
        match s.period().unwrap() {
            PeriodSearch::Proven(p) => p,
            other => panic!("no period: {other:?}"),
        }
    }

    /// Rows of pins; a move knocks down `width` adjacent pins of one row (any width in
    /// `widths`), leaving the pins on either side as rows. Kayles: widths 1 and 2; Dawson's
    /// Kayles: width 2. A literal game, no heap arithmetic.
    #[allow(clippy::ptr_arg)] // the search works on positions of type Vec<u64>
    fn pin_moves(rows: &Vec<u64>, widths: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &row) in rows.iter().enumerate() {
            for &w in widths {
                for left in 0..=row.saturating_sub(w) {
                    if left + w > row {
                        continue;
                    }
                    let right = row - w - left;
                    let mut next: Vec<u64> = rows.clone();
                    next.remove(i);
                    next.extend([left, right].into_iter().filter(|&x| x > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    }

    #[test]
    fn conformance_heap_values() {
        // ../shared/conformance/impartial/heaps.txt, each value worked by hand in the seeds.
        let mut s = solver(sub(&[1, 3, 4]));
        assert_eq!(
            s.nim_values(0..=8).unwrap(),
            vec![0, 1, 0, 1, 2, 3, 2, 0, 1]
        );
        assert_eq!(s.outcome(&[100]).unwrap(), Outcome::P); // Ferguson §1.4: 100 ≡ 2 (mod 7)
        let mut s = solver(sub(&[1, 2, 3]));
        assert_eq!(
            s.nim_values(0..=8).unwrap(),
            vec![0, 1, 2, 3, 0, 1, 2, 3, 0]
        );
        let mut s = solver(sub(&[2, 5, 8]));
        assert_eq!(s.outcome(&[11]).unwrap(), Outcome::P);
        assert_eq!(s.outcome(&[12]).unwrap(), Outcome::N);
        let mut k = solver(HeapRuleset::kayles());
        assert_eq!(
            k.nim_values(0..=12).unwrap(),
            vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
        );
        assert_eq!(k.grundy(83).unwrap(), 7);
        assert_eq!(k.grundy(1_000_000_000_000).unwrap(), 1);
        assert_eq!(k.grundy(7).unwrap() ^ 3, 1); // kayles(7) + *3
    }

    #[test]
    fn periods_from_the_literature() {
        // Gracia-Saz §4 / Ferguson §1.4: {1,3,4} has period 7, values 0 1 0 1 2 3 2.
        let p = proven(&mut solver(sub(&[1, 3, 4])));
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(p.values, vec![0, 1, 0, 1, 2, 3, 2]);
        let p = proven(&mut solver(sub(&[1, 2, 3])));
        assert_eq!((p.period, p.values.clone()), (4, vec![0, 1, 2, 3]));
        // {2,5,8}, by hand: 0 0 1 1 0 2 1 0 2 1, repeating.
        let p = proven(&mut solver(sub(&[2, 5, 8])));
        assert_eq!((p.preperiod, p.period), (0, 10));
        assert_eq!(p.values, vec![0, 0, 1, 1, 0, 2, 1, 0, 2, 1]);
        // Pick-Up-Bricks: n bricks is *(n mod 3) (DeVos–Kent Theorem 3.17).
        let p = proven(&mut solver(HeapRuleset::pick_up_bricks()));
        assert_eq!(
            (p.preperiod, p.period, p.values.clone()),
            (0, 3, vec![0, 1, 2])
        );
        // Kayles: period 12, last exceptional value at 70 (Winning Ways ch. 4).
        let p = proven(&mut solver(HeapRuleset::kayles()));
        // Periodic from 71 on, so 70 is the last heap with G(n) ≠ G(n + 12).
        assert_eq!((p.preperiod, p.period), (71, 12));
        assert_eq!(p.values, vec![7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2]);
        let k = nim_values(&HeapRuleset::kayles(), 0..=82).unwrap();
        assert_ne!(k[70], k[82]);
        let exceptions: Vec<usize> = (0..71)
            .filter(|&n| Some(k[n]) != p.value_at(n as u64 + 120))
            .collect();
        // The exceptional values listed in Winning Ways ch. 4.
        assert_eq!(
            exceptions,
            vec![0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]
        );
        // Dawson's chess: period 34 after the exceptional values at 0, 14, 16, 17, 31, 34
        // and 51 (Winning Ways ch. 4); Dawson's Kayles is the same game shifted by one heap.
        let p = proven(&mut solver(HeapRuleset::dawsons_chess()));
        assert_eq!((p.preperiod, p.period), (52, 34));
        let v = nim_values(&HeapRuleset::dawsons_chess(), 0..=100).unwrap();
        let exceptions: Vec<usize> = (0..52)
            .filter(|&n| Some(v[n]) != p.value_at(n as u64 + 340))
            .collect();
        assert_eq!(exceptions, vec![0, 14, 16, 17, 31, 34, 51]);
        let p = proven(&mut solver(HeapRuleset::dawsons_kayles()));
        assert_eq!((p.preperiod, p.period), (53, 34));
    }

    #[test]
    fn kayles_and_dawsons_kayles_match_bowling_pins() {
        let mut memo = HashMap::new();
        let kayles = naive_nim_values(&HeapRuleset::kayles(), 24).unwrap();
        let dawson = naive_nim_values(&HeapRuleset::dawsons_kayles(), 24).unwrap();
        let mut k = solver(HeapRuleset::kayles());
        let mut d = solver(HeapRuleset::dawsons_kayles());
        for n in 0..=24u64 {
            let rows = if n == 0 { vec![] } else { vec![n] };
            let by_search = grundy_by_search(&rows, &|r| pin_moves(r, &[1, 2]), &mut memo);
            assert_eq!(k.grundy(n).unwrap(), by_search, "Kayles {n}");
            assert_eq!(kayles[n as usize], by_search);
        }
        let mut memo = HashMap::new();
        for n in 0..=24u64 {
            let rows = if n == 0 { vec![] } else { vec![n] };
            let by_search = grundy_by_search(&rows, &|r| pin_moves(r, &[2]), &mut memo);
            assert_eq!(d.grundy(n).unwrap(), by_search, "Dawson {n}");
            assert_eq!(dawson[n as usize], by_search);
        }
    }

    #[test]
    fn dawsons_chess_is_dawsons_kayles_shifted() {
        let chess = nim_values(&HeapRuleset::dawsons_chess(), 0..=3000).unwrap();
        let kayles = nim_values(&HeapRuleset::dawsons_kayles(), 1..=3001).unwrap();
        assert_eq!(chess, kayles);
    }

    #[test]
    fn grundys_game_first_values() {
        // Winning Ways ch. 4 / OEIS A002188.
        let v = nim_values(&HeapRuleset::grundys_game(), 0..=20).unwrap();
        assert_eq!(
            v,
            vec![
                0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
            ]
        );
    }

    #[test]
    fn claimed_periods_hold_for_ten_times_their_proof() {
        let mut rng = Rng::new(5);
        let mut rulesets = vec![
            HeapRuleset::kayles(),
            HeapRuleset::dawsons_kayles(),
            HeapRuleset::dawsons_chess(),
            HeapRuleset::octal("0.51").unwrap(),
            HeapRuleset::octal("4.07").unwrap(),
            sub(&[1, 3, 4]),
            sub(&[2, 5, 8]),
        ];
        for _ in 0..12 {
            let set: Vec<u64> = (0..1 + rng.below(4)).map(|_| 1 + rng.below(15)).collect();
            rulesets.push(sub(&set));
        }
        for r in rulesets {
            let p = proven(&mut solver(r.clone()));
            let last = 10 * p.proof.values_used();
            let mut fresh = crate::impartial::sequence::Sequence::new(&r);
            fresh.extend_to(last, None).unwrap();
            for n in p.preperiod..=last {
                assert_eq!(Some(fresh.get(n).unwrap()), p.value_at(n), "{r} at {n}");
            }
        }
    }

    /// A random code of `digits` hexadecimal digits after the point, with a first digit
    /// 0, 4, 8 or C.
    fn random_hex_code(rng: &mut Rng, digits: u64) -> String {
        let first = ["0", "4", "8", "C"][rng.below(4) as usize];
        let rest: String = (0..digits)
            .map(|_| char::from_digit(rng.below(16) as u32, 16).unwrap())
            .collect();
        format!("{first}.{rest}")
    }

    #[test]
    fn hexadecimal_games_match_the_definition_and_a_search() {
        // The solver (pair sets, src/impartial/hexadecimal.rs) against the naive mex over
        // every listed option and against a search over multisets of heaps.
        let mut rng = Rng::new(23);
        for _ in 0..40 {
            let digits = 1 + rng.below(3);
            let code = random_hex_code(&mut rng, digits);
            let r = HeapRuleset::octal(&code).unwrap();
            let fast = nim_values(&r, 0..=60).unwrap();
            assert_eq!(fast, naive_nim_values(&r, 60).unwrap(), "{code}");
            let mut memo = HashMap::new();
            let moves = |p: &Vec<u64>| -> Vec<Vec<u64>> {
                let mut out = Vec::new();
                for (i, &h) in p.iter().enumerate() {
                    for opt in r.options(h).unwrap() {
                        let mut next = p.clone();
                        next.remove(i);
                        next.extend(opt);
                        next.sort_unstable();
                        out.push(next);
                    }
                }
                out
            };
            for n in 0..=11u64 {
                let start = if n == 0 { vec![] } else { vec![n] };
                assert_eq!(
                    grundy_by_search(&start, &moves, &mut memo),
                    fast[n as usize],
                    "{code} at {n}"
                );
            }
        }
    }

    #[test]
    fn hexadecimal_periods_hold_far_beyond_their_proof() {
        // Periods found by the three-heap test (e ≤ n < 3e + 2p + t) checked on values
        // computed independently up to ten times what the proof used.
        let mut rng = Rng::new(29);
        let mut found = 0;
        for _ in 0..60 {
            let digits = 1 + rng.below(2);
            let code = random_hex_code(&mut rng, digits);
            let r = HeapRuleset::octal(&code).unwrap();
            let mut s = solver(r.clone());
            let Ok(PeriodSearch::Proven(p)) = s.period_within(1024) else {
                continue;
            };
            found += 1;
            let last = (10 * p.proof.values_used()).min(3000);
            let v = naive_nim_values(&r, last.min(400)).unwrap();
            let mut fresh = crate::impartial::sequence::Sequence::new(&r);
            fresh.extend_to(last, None).unwrap();
            for n in p.preperiod..=last {
                assert_eq!(Some(fresh.get(n).unwrap()), p.value_at(n), "{code} at {n}");
                if n < v.len() as u64 {
                    assert_eq!(v[n as usize], fresh.get(n).unwrap(), "{code} at {n}");
                }
            }
        }
        assert!(found >= 10, "only {found} periodic codes");
    }

    #[test]
    fn hexadecimal_tables_stop_with_an_error() {
        let mut s = solver(HeapRuleset::octal("0.3F").unwrap());
        assert_eq!(
            s.period_within(512).unwrap(),
            PeriodSearch::NotFound {
                searched_up_to: 512
            }
        );
        // Past the table limit, with no period up to 2^12: an error, not a long wait.
        assert!(matches!(
            s.grundy(1 << 20),
            Err(ImpartialError::HeapTooLarge { .. })
        ));
        // 0.F is n mod 2 (see the transcript), for any heap through its period.
        let mut f = solver(HeapRuleset::octal("0.F").unwrap());
        assert_eq!(f.grundy(10u64.pow(15) + 1).unwrap(), 1);
    }

    #[test]
    fn period_search_answers_not_found_and_errors() {
        let mut officers = solver(HeapRuleset::octal("0.6").unwrap());
        assert_eq!(
            officers.period_within(4096).unwrap(),
            PeriodSearch::NotFound {
                searched_up_to: 4096
            }
        );
        assert!(matches!(
            solver(HeapRuleset::nim()).period(),
            Err(ImpartialError::NotPeriodic(_))
        ));
        assert!(matches!(
            solver(HeapRuleset::subtraction_all_but(&[1]).unwrap()).period(),
            Err(ImpartialError::NotPeriodic(_))
        ));
        assert!(matches!(
            solver(HeapRuleset::grundys_game()).period(),
            Err(ImpartialError::NoPeriodTheorem(_))
        ));
        assert!(matches!(
            solver(HeapRuleset::grundys_game()).grundy(1 << 40),
            Err(ImpartialError::HeapTooLarge { .. })
        ));
        assert!(
            solver(HeapRuleset::kayles())
                .nim_values(0..=u64::MAX)
                .is_err()
        );
    }

    #[test]
    fn big_heaps_and_ranges_use_the_period() {
        let mut s = solver(sub(&[1, 3, 4]));
        assert_eq!(
            s.grundy(10u64.pow(18)).unwrap(),
            [0, 1, 0, 1, 2, 3, 2][(10u64.pow(18) % 7) as usize]
        );
        let mut k = solver(HeapRuleset::kayles());
        let far = k.nim_values(10u64.pow(15)..=10u64.pow(15) + 11).unwrap();
        let mut sorted = far.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 1, 1, 2, 2, 2, 4, 4, 7, 7, 8, 8]);
        assert_eq!(
            solver(HeapRuleset::nim()).grundy(u64::MAX).unwrap(),
            u64::MAX
        );
        let mut d = solver(HeapRuleset::dawsons_kayles());
        assert_eq!(d.nim_values(0..=100_000).unwrap().len(), 100_001);
    }
}
