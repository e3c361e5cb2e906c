//! Arithmetic periodicity *observed* in a Grundy sequence: `G(n + p) = G(n) + s` for every
//! computed `n ≥ e` (the saltus `s`; `s = 0` is ordinary periodicity).
//!
//! Nim (`0.[3]`, `G(n) = n`: period 1, saltus 1), `0.1[3]` (`G(n) = ⌈n/2⌉`), Lasker's Nim
//! `4.[3]` (period 4, saltus 4 from heap 1: `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`,
//! `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`, proven in Winning Ways ch. 4) and the hexadecimal game
//! `0.8` (`⌊(n-1)/3⌋` from 1) are arithmetic-periodic. What this module finds is evidence,
//! **not proof**: no finite computation proves arithmetic periodicity in general. The
//! Guy–Smith test of [`crate::impartial::period`] proves *ordinary* periods of codes with
//! finitely many digits and a bound on the heaps; for arithmetic periods there are tests
//! only for some classes (Austin's theorem for subtraction games; Howse & Nowakowski for
//! some hexadecimal games), none of them implemented here, and for games that split heaps
//! (Lasker's Nim) none in general. So cgt reports "appears arithmetic-periodic up to `N`"
//! and never uses such a period to compute a value beyond the table.

use super::error::ImpartialError;
use super::heap_game::HeapSolver;
use super::ruleset::HeapRuleset;

/// How many values the observation looks at when no period search has computed more.
pub const OBSERVED_SEARCH: u64 = 1024;

/// An arithmetic period seen in the values `G(0..checked_below)`: `G(n + period) = G(n) +
/// saltus` for `preperiod ≤ n < checked_below - period`, the period least, then the
/// preperiod least.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservedPeriod {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
    /// `G(preperiod), …, G(preperiod + period - 1)`.
    pub values: Vec<u64>,
    /// The values looked at: `G(0..checked_below)`.
    pub checked_below: u64,
    /// Whether a theorem gives the period for every heap (only Nim, `G(n) = n`, here).
    pub proven: bool,
}

impl ObservedPeriod {
    /// What holds and how far: `G(n) = n` for Nim, else the observation, marked unproven.
    pub fn evidence(&self) -> String {
        if self.proven {
            return "G(n) = n (Nim)".into();
        }
        let (e, p, s) = (self.preperiod, self.period, self.saltus);
        let last = self.checked_below.saturating_sub(1);
        let law = if s == 0 {
            format!("periodic up to {last}: G(n+{p}) = G(n)")
        } else {
            format!("arithmetic-periodic up to {last}: G(n+{p}) = G(n) + {s}")
        };
        format!(
            "not proven: appears {law} for {e} ≤ n < {}",
            self.checked_below - p
        )
    }
}

/// The least `p` (then the least `e`) with `G(n + p) = G(n) + s` for every `n ≥ e` of the
/// values, `s ≥ 0`, when that covers the last half of the values and at least three periods
/// (as [`crate::impartial::observed_period`] asks of an ordinary period).
pub fn observed_arithmetic_period(g: &[u64]) -> Option<ObservedPeriod> {
    let len = g.len();
    (1..=len / 3).find_map(|p| {
        let s = g[len - 1].checked_sub(g[len - 1 - p])?;
        let mut e = len - p;
        while e > 0 && g[e - 1].checked_add(s) == Some(g[e - 1 + p]) {
            e -= 1;
        }
        (e <= len / 2 && len - e >= 3 * p).then(|| ObservedPeriod {
            preperiod: e as u64,
            period: p as u64,
            saltus: s,
            values: g[e..e + p].to_vec(),
            checked_below: len as u64,
            proven: false,
        })
    })
}

impl HeapSolver {
    /// The (arithmetic) period the values `G(0..len)` show, `len` at least
    /// [`OBSERVED_SEARCH`]: for rulesets of which no period is proven (a code with a
    /// repeating part, `*` or a constraint; an octal code whose period search found nothing;
    /// Nim and all-but subtraction games, whose values grow). Evidence, not proof (see the
    /// module documentation), except for Nim.
    pub fn observed_period(&mut self, len: u64) -> Result<Option<ObservedPeriod>, ImpartialError> {
        let len = len.max(OBSERVED_SEARCH);
        let values = self.nim_values(0..=len - 1)?;
        let mut found = observed_arithmetic_period(&values);
        if let Some(p) = &mut found {
            p.proven = *self.ruleset() == HeapRuleset::Nim;
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_saltus_period_and_preperiod() {
        // Lasker's Nim by its formula: period 4, saltus 4, from heap 1 (G(0) = 0 but
        // G(4) = 3, not 4).
        let lasker: Vec<u64> = (0..200u64)
            .map(|n| match n % 4 {
                0 if n > 0 => n - 1,
                3 => n + 1,
                _ => n,
            })
            .collect();
        let p = observed_arithmetic_period(&lasker).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (1, 4, 4));
        assert_eq!(p.values, vec![1, 2, 4, 3]);
        // Nim, and ordinary periods (saltus 0).
        let nim: Vec<u64> = (0..50).collect();
        let p = observed_arithmetic_period(&nim).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
        let mod3: Vec<u64> = (0..60).map(|n| if n < 5 { 9 } else { n % 3 }).collect();
        let p = observed_arithmetic_period(&mod3).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (5, 3, 0));
        assert_eq!(
            p.evidence(),
            "not proven: appears periodic up to 59: G(n+3) = G(n) for 5 ≤ n < 57"
        );
        // Too little evidence: a change in the second half.
        let late: Vec<u64> = (0..60).map(|n| if n < 40 { n } else { 2 * n }).collect();
        assert_eq!(observed_arithmetic_period(&late), None);
        assert_eq!(observed_arithmetic_period(&[]), None);
    }

    #[test]
    fn heap_games_by_their_formulas() {
        let observe = |code: &str| {
            HeapSolver::new(HeapRuleset::octal(code).unwrap())
                .observed_period(0)
                .unwrap()
                .map(|p| (p.preperiod, p.period, p.saltus, p.values))
        };
        assert_eq!(observe("0.[3]"), Some((0, 1, 1, vec![0])));
        assert_eq!(observe("4.[3]"), Some((1, 4, 4, vec![1, 2, 4, 3])));
        assert_eq!(observe("0.1[3]"), Some((0, 2, 1, vec![0, 1])));
        assert_eq!(observe("0.{1+}"), Some((1, 1, 1, vec![0])));
        // Hexadecimal 0.8: ⌊(n-1)/3⌋ from heap 1.
        assert_eq!(observe("0.8"), Some((1, 3, 1, vec![0, 0, 0])));
        // Grundy's game shows no period up to 1023.
        assert_eq!(observe("4!.0"), None);
        let mut nim = HeapSolver::new(HeapRuleset::nim());
        let p = nim.observed_period(0).unwrap().unwrap();
        assert!(p.proven);
        assert_eq!(p.evidence(), "G(n) = n (Nim)");
    }
}
