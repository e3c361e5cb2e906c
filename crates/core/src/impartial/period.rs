//! Periods of Grundy sequences, with proof.
//!
//! - **Subtraction games** with a finite set `S`: `G(n)` depends only on the previous
//!   `max S` values, so as soon as a window of `max S` consecutive values repeats, the
//!   sequence repeats forever (state repetition; Winning Ways ch. 4, Ferguson §1.4).
//! - **Octal games** with finitely many digits, the last non-zero one at `t`: if
//!   `G(n + p) = G(n)` for all `e ≤ n < 2e + p + t` (with `e ≥ 1`), then `G(n + p) = G(n)`
//!   for every `n ≥ e` (the periodicity theorem of Guy and Smith, 1956; Winning Ways ch. 4).
//!   Proof sketch: a heap `n + p ≥ 2e + 2p + t` split into `a ≤ b` after removing `k ≤ t`
//!   has `b ≥ e + p`, so `(a, b - p)` is a split of `n` with the same value, and conversely.
//! - **Hexadecimal games**, whose moves may leave up to `j = 3` heaps: the same argument with
//!   the largest of the `j` heaps needs the check for `e ≤ n < j·e + (j-1)·p + t`. Proof (by
//!   induction on `N ≥ j·e + (j-1)·p + t`, assuming `G(m + p) = G(m)` for `e ≤ m < N`): an
//!   option of `N + p` leaves heaps summing to `N + p - k ≥ j·(e + p)`, so its largest heap
//!   `c` has `c ≥ e + p`, and replacing `c` by `c - p` (with `e ≤ c - p < N`) gives an option
//!   of `N` of the same value; an option of `N` has largest heap `c ≥ (N - k)/j ≥ e` with
//!   `c < N`, and `c + p` gives an option of `N + p` of the same value. Taking the whole heap
//!   is impossible in both, as `N > t`. For `j = 2` this is Guy–Smith; Howse & Nowakowski
//!   (TCS 313, 2004) study the periodic and arithmetic-periodic hexadecimal games. An
//!   arithmetic-periodic sequence (`G(n + p) = G(n) + s`) is not found by this search;
//!   [`super::observed_arithmetic_period`] observes one (without proof) when this search finds no period.
//!   The proof is the same for any bound `j` on the heaps a move leaves, so it also covers
//!   CGSuite's generalised codes ([`crate::impartial::TbCode`]) with finitely many digits, no
//!   constraint and a bound on the heaps (`0.V`: up to four). It does not cover a code whose
//!   splits are constrained (`!`, `?`, `=`: moving the largest heap by `p` may make heaps
//!   equal or unequal), nor one with a repeating part or `*` digits (no last digit, no bound
//!   on the heaps): for those cgt reports values and claims no period.
//!
//! A proven period `p` from `e` is then reduced exactly: the least period is the least
//! divisor `d` of `p` with `G(n + d) = G(n)` over one period from `e`, and the preperiod is
//! one past the last `n` with `G(n) ≠ G(n + d)`.

use std::collections::HashMap;
use std::fmt;

/// An eventually periodic Grundy sequence: `G(n + period) = G(n)` for every
/// `n ≥ preperiod`, both as small as possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first heap from which the sequence is periodic (the last exceptional heap is
    /// `preperiod - 1`).
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// One period of values: `G(preperiod), …, G(preperiod + period - 1)`.
    pub values: Vec<u64>,
    /// Why the period holds forever.
    pub proof: PeriodProof,
}

impl Period {
    /// `G(n)` from the period, for `n ≥ preperiod` (`None` below it).
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, PeriodSearch, period};
    /// let PeriodSearch::Proven(p) = period(&HeapRuleset::kayles()).unwrap() else { panic!() };
    /// assert_eq!(p.value_at(1_000_000_000_000), Some(1));
    /// ```
    pub fn value_at(&self, n: u64) -> Option<u64> {
        let offset = n.checked_sub(self.preperiod)?;
        Some(self.values[(offset % self.period) as usize])
    }
}

/// The evidence that a period holds for all heaps, checked on the computed values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodProof {
    /// A subtraction game whose `window = max S` consecutive values from `first` reappear
    /// from `second`: the state repeats, so the sequence does.
    StateRepetition {
        window: u64,
        first: u64,
        second: u64,
    },
    /// The Guy–Smith theorem: `G(n + period) = G(n)` was checked for
    /// `start ≤ n < checked_below = heaps·start + (heaps - 1)·period + max_removal`, `heaps`
    /// being the most heaps a move leaves (2 for octal games, 3 for hexadecimal ones).
    GuySmith {
        start: u64,
        period: u64,
        max_removal: u64,
        checked_below: u64,
        heaps: u64,
    },
}

impl PeriodProof {
    /// The number of Grundy values the proof inspected.
    pub fn values_used(&self) -> u64 {
        match *self {
            PeriodProof::StateRepetition { window, second, .. } => second + window,
            PeriodProof::GuySmith {
                period,
                checked_below,
                ..
            } => checked_below + period,
        }
    }
}

impl fmt::Display for PeriodProof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PeriodProof::StateRepetition {
                window,
                first,
                second,
            } => write!(
                f,
                "state repetition: G({first}..{}) = G({second}..{})",
                first + window,
                second + window
            ),
            PeriodProof::GuySmith {
                start,
                period,
                max_removal,
                checked_below,
                heaps,
            } => {
                write!(
                    f,
                    "Guy–Smith: G(n+{period}) = G(n) for {start} ≤ n < {checked_below} (t = {max_removal}"
                )?;
                if heaps > 2 {
                    write!(f, ", up to {heaps} heaps")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The answer of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodSearch {
    /// A period, proven.
    Proven(Period),
    /// No period could be proven from the values `G(0..searched_up_to)`.
    NotFound { searched_up_to: u64 },
}

/// A failed candidate period rules out its multiples when its values agreed over at least
/// this many heaps (shorter agreements are cheap to scan again).
const RULE_OUT_AFTER: usize = 64;

/// Guy–Smith: the least proven period of a take-and-break game whose moves remove at most `t`
/// tokens and leave at most `heaps` heaps (at least 2), from the values `g = G(0..len)`, if
/// these suffice.
pub(crate) fn guy_smith<T: Copy + Eq + Into<u64>>(
    g: &[T],
    t: usize,
    heaps: usize,
) -> Option<Period> {
    guy_smith_counting(g, t, heaps, &mut 0)
}

/// [`guy_smith`], adding to `compared` the number of pairs of values it compared.
fn guy_smith_counting<T: Copy + Eq + Into<u64>>(
    g: &[T],
    t: usize,
    heaps: usize,
    compared: &mut u64,
) -> Option<Period> {
    let j = heaps.max(2);
    let len = g.len();
    // `ruled_out[q]`: a multiple q = k·p of a failed p, sure to fail too (see below).
    let mut ruled_out = vec![false; len / 2];
    for p in 1..len / 2 {
        if ruled_out[p] {
            continue;
        }
        // The least e with G(n + p) = G(n) for every e ≤ n < len - p.
        let mut e = len - p;
        while e > 0 && g[e - 1] == g[e - 1 + p] {
            e -= 1;
        }
        *compared += (len - p - e) as u64 + 1;
        if e > 0 && j * e + j * p + t > len && len - p - e >= RULE_OUT_AFTER {
            // G(e-1+p) ≠ G(e-1) while G(n+p) = G(n) for e ≤ n < len - p, so for every
            // multiple q = k·p with e-1+q < len, G(e-1+q) = G(e-1+p) ≠ G(e-1): q holds from
            // no heap below e, and j·e + j·q + t > len fails too. Without this, each of the
            // thousands of multiples of a long period would scan back as far as p did
            // (quadratic for 0.354, period 1180 from 10,061,916).
            let mut q = 2 * p;
            while q < len / 2 && e - 1 + q < len {
                ruled_out[q] = true;
                q += p;
            }
        }
        let e = e.max(1);
        // G(n + p) = G(n) is known for e ≤ n < len - p; the theorem needs it below
        // j·e + (j-1)·p + t.
        if j * e + j * p + t <= len {
            let proof = PeriodProof::GuySmith {
                start: e as u64,
                period: p as u64,
                max_removal: t as u64,
                checked_below: (j * e + (j - 1) * p + t) as u64,
                heaps: j as u64,
            };
            return Some(reduce(g, e, p, proof));
        }
    }
    None
}

/// State repetition for a subtraction game with `window = max S`: the first window of
/// values that repeats an earlier one.
pub(crate) fn state_repetition<T: Copy + Eq + Into<u64>>(g: &[T], window: usize) -> Option<Period> {
    if window == 0 || g.len() < window {
        return None;
    }
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let top = (0..window - 1).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
    let mut hash = g[..window]
        .iter()
        .fold(0u64, |h, &v| h.wrapping_mul(BASE).wrapping_add(v.into()));
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    for j in 0..=g.len() - window {
        if j > 0 {
            hash = hash
                .wrapping_sub(g[j - 1].into().wrapping_mul(top))
                .wrapping_mul(BASE)
                .wrapping_add(g[j + window - 1].into());
        }
        let earlier = seen.entry(hash).or_default();
        if let Some(&i) = earlier
            .iter()
            .find(|&&i| g[i..i + window] == g[j..j + window])
        {
            let proof = PeriodProof::StateRepetition {
                window: window as u64,
                first: i as u64,
                second: j as u64,
            };
            return Some(Period {
                preperiod: i as u64,
                period: (j - i) as u64,
                values: g[i..j].iter().map(|&v| v.into()).collect(),
                proof,
            });
        }
        earlier.push(j);
    }
    None
}

/// From a proven period `p` from `e` (with `g` long enough to hold `G(e..e+2p)`), the
/// least period and the least preperiod.
fn reduce<T: Copy + Eq + Into<u64>>(g: &[T], e: usize, p: usize, proof: PeriodProof) -> Period {
    let d = (1..=p)
        .filter(|&d| p.is_multiple_of(d))
        .find(|&d| (e..e + p).all(|n| g[n] == g[n + d]))
        .unwrap_or(p);
    let start = (0..e)
        .rev()
        .find(|&n| g[n] != g[n + d])
        .map_or(0, |n| n + 1);
    Period {
        preperiod: start as u64,
        period: d as u64,
        values: g[start..start + d].iter().map(|&v| v.into()).collect(),
        proof,
    }
}

/// The shortest period the given values *appear* to have, as `(preperiod, period)`:
/// the least `p` whose repetition covers at least the last half of `values` and three
/// periods. This is evidence, not proof — for rulesets no theorem covers (a user's rules).
pub fn observed_period(values: &[u64]) -> Option<(u64, u64)> {
    let len = values.len();
    (1..=len / 3).find_map(|p| {
        let mut e = len - p;
        while e > 0 && values[e - 1] == values[e - 1 + p] {
            e -= 1;
        }
        (e <= len / 2 && len - e >= 3 * p).then_some((e as u64, p as u64))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(f: impl Fn(usize) -> u32, len: usize) -> Vec<u32> {
        (0..len).map(f).collect()
    }

    #[test]
    fn guy_smith_needs_enough_values() {
        // Period 3 from 5, t = 1: needs 2e + 2p + t = 17 values.
        let f = |n: usize| if n < 5 { 9 + n as u32 } else { (n % 3) as u32 };
        assert_eq!(guy_smith(&values(f, 16), 1, 2), None);
        let p = guy_smith(&values(f, 17), 1, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (5, 3));
        assert_eq!(p.values, vec![2, 0, 1]);
        assert_eq!(p.value_at(4), None);
        assert_eq!(p.value_at(1000), Some(1000 % 3));
        // Three heaps: 3e + 3p + t = 25 values.
        assert_eq!(guy_smith(&values(f, 24), 1, 3), None);
        let p = guy_smith(&values(f, 25), 1, 3).unwrap();
        assert_eq!((p.preperiod, p.period), (5, 3));
        assert_eq!(
            p.proof.to_string(),
            "Guy–Smith: G(n+3) = G(n) for 5 ≤ n < 22 (t = 1, up to 3 heaps)"
        );
    }

    /// The search without ruling out multiples: every `p` scanned.
    fn guy_smith_plain(g: &[u32], t: usize, j: usize) -> Option<(u64, u64)> {
        let len = g.len();
        (1..len / 2).find_map(|p| {
            let mut e = len - p;
            while e > 0 && g[e - 1] == g[e - 1 + p] {
                e -= 1;
            }
            let e = e.max(1);
            (j * e + j * p + t <= len).then(|| {
                let dummy = PeriodProof::StateRepetition {
                    window: 0,
                    first: 0,
                    second: 0,
                };
                let p = reduce(g, e, p, dummy);
                (p.preperiod, p.period)
            })
        })
    }

    /// xorshift64: the same "random" numbers every run.
    fn random(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut x = seed;
        move |m| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        }
    }

    /// `len` values: `pre`, then `period` repeated.
    fn eventually_periodic(pre: &[u32], period: &[u32], len: usize) -> Vec<u32> {
        (0..len)
            .map(|n| match n.checked_sub(pre.len()) {
                None => pre[n],
                Some(k) => period[k % period.len()],
            })
            .collect()
    }

    #[test]
    fn multiples_of_a_failed_period_are_not_scanned_again() {
        // Period 1000 from heap 200,000, with 400,000 values: not enough for the proof
        // (2e + 2p = 402,000). Each of the 199 multiples of 1000 below 200,000 would scan
        // back 200,000 values again (40 million comparisons).
        let mut next = random(3);
        let pre: Vec<u32> = (0..200_000).map(|_| 40 + next(50) as u32).collect();
        let period: Vec<u32> = (0..1000).map(|_| next(37) as u32).collect();
        let g = eventually_periodic(&pre, &period, 400_000);
        let mut compared = 0;
        assert_eq!(guy_smith_counting(&g, 1, 2, &mut compared), None);
        assert!(compared < 2_000_000, "{compared} comparisons");
        // With 402,001 values the period is proven.
        let g = eventually_periodic(&pre, &period, 402_001);
        let p = guy_smith(&g, 1, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (200_000, 1000));
    }

    #[test]
    fn ruling_out_multiples_finds_what_the_plain_search_finds() {
        // Eventually periodic sequences with random preperiods, periods, values and lengths
        // (some too short for a proof): the same answer as the search that scans every p.
        let mut next = random(11);
        for _ in 0..300 {
            let (e, p, k) = (next(300) as usize, 1 + next(120) as usize, 1 + next(4));
            let len = e + p + next(3 * (e + p) as u64 + 200) as usize;
            let period: Vec<u32> = (0..p).map(|_| next(k + 1) as u32).collect();
            let pre: Vec<u32> = (0..e).map(|_| next(6) as u32).collect();
            let g = eventually_periodic(&pre, &period, len);
            let t = next(4) as usize;
            let fast = guy_smith(&g, t, 2).map(|p| (p.preperiod, p.period));
            assert_eq!(fast, guy_smith_plain(&g, t, 2), "e {e} p {p} len {len}");
        }
    }

    #[test]
    fn reduction_finds_the_least_period_and_preperiod() {
        // Period 2 from 0, but also from 1 with multiples: reduced to (0, 2).
        let g = values(|n| (n % 2) as u32, 40);
        let p = guy_smith(&g, 3, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 2));
        let p = reduce(&g, 3, 6, p.proof.clone());
        assert_eq!((p.preperiod, p.period), (0, 2));
    }

    #[test]
    fn state_repetition_finds_the_first_repeat() {
        // 7 1 | 0 1 2 0 1 2 …: windows of 2 first repeat at (2, 5).
        let g = values(
            |n| {
                if n < 2 {
                    [7, 1][n]
                } else {
                    ((n - 2) % 3) as u32
                }
            },
            20,
        );
        let p = state_repetition(&g, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (2, 3));
        assert_eq!(
            p.proof,
            PeriodProof::StateRepetition {
                window: 2,
                first: 2,
                second: 5
            }
        );
        assert_eq!(state_repetition(&g[..6], 2), None);
    }

    #[test]
    fn observed_period_is_a_guess_from_the_data() {
        let g: Vec<u64> = (0..60).map(|n| if n < 4 { 5 } else { n % 4 }).collect();
        assert_eq!(observed_period(&g), Some((4, 4)));
        assert_eq!(observed_period(&(0..50).collect::<Vec<u64>>()), None);
    }
}
