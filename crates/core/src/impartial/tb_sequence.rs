//! Grundy values of generalised take-and-break codes ([`TbCode`]): moves leaving any number
//! of heaps, with constraints, and codes with a repeating part.
//!
//! `G(n)` is the mex over the digits `d_t` (`t ≤ n`) of the values of the moves removing `t`
//! tokens: `0` for taking a whole heap of `t`, `G(n - t)` for leaving one heap, and for `k ≥ 2`
//! heaps the nim-sums `G(a_1) ⊕ … ⊕ G(a_k)` over the splits `a_1 + … + a_k = r = n - t`
//! the digit allows. Listing the splits costs about `r^(k-1)/(k!(k-1)!)` each, and far more
//! for `*` (every partition of `r`), so the engine keeps *sets of values* instead, as bit
//! sets, one per heap size (the idea of [`crate::impartial`]'s hexadecimal engine, carried
//! to any number of heaps):
//!
//! - **No constraint.** The values of the splits of `r` into `k` heaps do not depend on the
//!   order of the heaps, so they are those of the compositions: `S_k(r) = ⋃_a G(a) ⊕
//!   S_(k-1)(r - a)`, `S_1(x) = {G(x)}`; for "at least `j` heaps" `S_≥j(r) = ⋃_a G(a) ⊕
//!   S_≥(j-1)(r - a)` with `S_≥1(x) = S_≥2(x) ∪ {G(x)}`. The `a` are grouped by their value
//!   first, so a row costs `O(r)` unions and one xor-shifted union per value.
//! - **`=`, all equal.** One split per divisor: `k` heaps of `r/k`, value `G(r/k)` for odd
//!   `k`, `0` for even `k`.
//! - **`!` and `?` with two heaps.** The pairs `a < r - a`, listed (`O(r)`).
//! - **`!` and `?` with more heaps.** Splits as sorted lists, by their smallest heap `m`:
//!   `D_k(r, m)`, the values of the splits of `r` into `k` pairwise unequal heaps all `≥ m`,
//!   is `D_k(r, m + 1) ∪ G(m) ⊕ D_(k-1)(r - m, m + 1)`. For "not all equal", `N_k(r, m) =
//!   N_k(r, m + 1) ∪ G(m) ⊕ (N_(k-1)(r - m, m) ∪ C)`, where `C` is the value of the split of
//!   `r - m` into `k - 1` equal heaps when they are larger than `m` (the rest may be constant
//!   then, as the split is not). These tables have a bit set per pair `(r, m)`, `O(n²)` in
//!   all, so constrained codes with three or more heaps stop at a smaller heap.
//!
//! Every set is tested against a listing of every split (the tests of this file and
//! `tests/it/take_break_codes.rs`).

use super::error::ImpartialError;
use super::hexadecimal::{set_bit, union_into, xor_union_into};
use super::store::Values;
use super::tb_code::{CodeDigit, Constraint, TbCode};
use std::sync::atomic::{AtomicBool, Ordering};

/// Tables of codes without constrained splits into three or more heaps stop at this heap
/// (a heap costs `O(n)` unions per heap count the code needs).
pub const MAX_GENERAL_HEAP: u64 = 1 << 13;

/// Tables of codes with `!` or `?` on splits into three or more heaps stop at this heap (the
/// tables by smallest heap hold `O(n²)` sets).
pub const MAX_CONSTRAINED_HEAP: u64 = 1 << 11;

pub(super) type Bits = Vec<u64>;

/// How many levels of each kind of set the code needs: `exact` = the largest `k` named one
/// by one (levels `2..=exact`), `from` = the largest `j` of an "at least `j`" digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Levels {
    exact: usize,
    from: usize,
}

impl Levels {
    fn add(&mut self, d: &CodeDigit) {
        let exact = d.counts.exact() >> 2;
        if exact != 0 {
            self.exact = self.exact.max(65 - exact.leading_zeros() as usize);
        }
        if let Some(f) = d.counts.from() {
            self.from = self.from.max((f as usize).max(2));
        }
    }
}

/// The values of splits by smallest heap: row `r` holds the sets for `m = 1, 2, …` side by
/// side, `width` words each (one allocation per row: there are `O(n²)` sets).
#[derive(Default)]
pub(super) struct ByMin {
    rows: Vec<(usize, Vec<u64>)>,
}

impl ByMin {
    /// The set for `(r, m)`: empty beyond the row.
    pub(super) fn get(&self, r: usize, m: usize) -> &[u64] {
        let (width, data) = &self.rows[r];
        let start = m.wrapping_sub(1).saturating_mul(*width);
        data.get(start..start + width).unwrap_or(&[])
    }

    fn push(&mut self, row: Vec<Bits>) {
        let width = row.iter().map(Vec::len).max().unwrap_or(0);
        let mut data = vec![0; width * row.len()];
        for (chunk, set) in data.chunks_mut(width.max(1)).zip(&row) {
            chunk[..set.len()].copy_from_slice(set);
        }
        self.rows.push((width, data));
    }
}

/// Where the rest of a composition takes its values: `rest(x)`.
#[derive(Clone, Copy)]
enum Rest<'a> {
    /// One heap: `{G(x)}`.
    One,
    /// A level of sets: `level[x]`.
    Set(&'a [Bits]),
    /// A level or one heap: `level[x] ∪ {G(x)}`.
    SetOrOne(&'a [Bits]),
}

/// The Grundy values of a generalised code and the sets of values of splits computed so far.
pub(crate) struct TbSequence {
    pub(super) code: TbCode,
    pub(super) g: Vec<u32>,
    /// `free_exact[k - 2][r] = S_k(r)`.
    pub(super) free_exact: Vec<Vec<Bits>>,
    /// `free_from[j - 2][r] = S_≥j(r)`.
    pub(super) free_from: Vec<Vec<Bits>>,
    /// `distinct_exact[k - 2]`: `D_k(r, m)` (only when some digit names `k ≥ 3` with `!`).
    pub(super) distinct_exact: Vec<ByMin>,
    /// `distinct_from[j - 2]`: the splits into at least `j` pairwise unequal heaps.
    pub(super) distinct_from: Vec<ByMin>,
    /// `unequal_exact[k - 2]`: `N_k(r, m)` (only when some digit names `k ≥ 3` with `?`).
    pub(super) unequal_exact: Vec<ByMin>,
    /// `unequal_from[j - 2]`: the splits into at least `j` heaps not all equal.
    pub(super) unequal_from: Vec<ByMin>,
    /// `divisors[x]`: the divisors of `x`, ascending (for splits into equal heaps).
    pub(super) divisors: Vec<Vec<u32>>,
    /// Scratch: the option values of the heap being computed.
    marks: Bits,
}

impl TbSequence {
    pub fn new(code: TbCode) -> TbSequence {
        let (mut free, mut distinct, mut unequal) =
            (Levels::default(), Levels::default(), Levels::default());
        for d in code.digits() {
            match d.constraint {
                Constraint::Free => free.add(d),
                Constraint::Distinct => distinct.add(d),
                Constraint::NotAllEqual => unequal.add(d),
                Constraint::AllEqual => {}
            }
        }
        // Two heaps are listed directly; the tables start when three are named.
        let tables = |l: Levels| if l.exact >= 3 { l.exact - 1 } else { 0 };
        let froms = |l: Levels| l.from.saturating_sub(1);
        let mut s = TbSequence {
            free_exact: vec![Vec::new(); free.exact.saturating_sub(1)],
            free_from: vec![Vec::new(); froms(free)],
            distinct_exact: (0..tables(distinct)).map(|_| ByMin::default()).collect(),
            distinct_from: (0..froms(distinct)).map(|_| ByMin::default()).collect(),
            unequal_exact: (0..tables(unequal)).map(|_| ByMin::default()).collect(),
            unequal_from: (0..froms(unequal)).map(|_| ByMin::default()).collect(),
            code,
            g: Vec::new(),
            divisors: Vec::new(),
            marks: Vec::new(),
        };
        s.add_rows(0);
        s.g.push(0);
        s
    }

    /// The largest heap this code's tables reach.
    pub fn table_limit(&self) -> u64 {
        let by_min = self.distinct_exact.len()
            + self.distinct_from.len()
            + self.unequal_exact.len()
            + self.unequal_from.len();
        if by_min > 0 {
            MAX_CONSTRAINED_HEAP
        } else {
            MAX_GENERAL_HEAP
        }
    }

    pub fn get(&self, n: usize) -> Option<u32> {
        self.g.get(n).copied()
    }

    pub fn values(&self) -> Values<'_> {
        Values::Wide(&self.g)
    }

    /// Computes `G(n)` for every `n ≤ last` (the caller keeps `last` within
    /// [`TbSequence::table_limit`]).
    pub fn extend_to(
        &mut self,
        last: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        while self.g.len() <= last {
            let n = self.g.len();
            if n.is_multiple_of(64) && interrupt.is_some_and(|f| f.swap(false, Ordering::Relaxed)) {
                return Err(ImpartialError::Interrupted);
            }
            self.add_rows(n);
            let value = self.next_value(n);
            self.g.push(value);
        }
        Ok(())
    }

    /// `G(n)` from `G(0..n)` and the rows of every set up to `n`.
    fn next_value(&mut self, n: usize) -> u32 {
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        let last_t = self.code.max_removal().map_or(n, |t| t.min(n));
        for t in 0..=last_t {
            let d = self.code.digit(t as u64);
            if d.counts.is_empty() {
                continue;
            }
            let r = n - t;
            if r == 0 {
                if t > 0 && d.counts.allows(0) {
                    set_bit(&mut marks, 0);
                }
                continue;
            }
            if t > 0 && d.counts.allows(1) {
                set_bit(&mut marks, self.g[r] as usize);
            }
            if r >= 2 {
                self.add_splits(&d, r, &mut marks);
            }
        }
        let mex = marks
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(64 * marks.len(), |w| {
                64 * w + marks[w].trailing_ones() as usize
            });
        self.marks = marks;
        mex as u32
    }

    /// `marks ∪=` the values of the splits of `r ≥ 2` into two or more heaps that `d` allows.
    fn add_splits(&self, d: &CodeDigit, r: usize, marks: &mut Bits) {
        let exact = d.counts.exact() >> 2 << 2;
        let ks = (2..64).filter(|&k| k <= r && exact >> k & 1 == 1);
        let from = d.counts.from().map(|f| (f as usize).max(2));
        match d.constraint {
            Constraint::Free => {
                for k in ks {
                    union_into(marks, &self.free_exact[k - 2][r]);
                }
                if let Some(j) = from {
                    union_into(marks, &self.free_from[j - 2][r]);
                }
            }
            Constraint::AllEqual => {
                let equal = |k: usize| {
                    if k % 2 == 1 {
                        self.g[r / k] as usize
                    } else {
                        0
                    }
                };
                for k in ks.filter(|&k| r.is_multiple_of(k)) {
                    set_bit(marks, equal(k));
                }
                if let Some(j) = from {
                    for &k in self.divisors[r].iter().filter(|&&k| k as usize >= j) {
                        set_bit(marks, equal(k as usize));
                    }
                }
            }
            Constraint::Distinct | Constraint::NotAllEqual => {
                let (exact_tables, from_tables) = if d.constraint == Constraint::Distinct {
                    (&self.distinct_exact, &self.distinct_from)
                } else {
                    (&self.unequal_exact, &self.unequal_from)
                };
                for k in ks {
                    if k == 2 {
                        // Two heaps a < r - a: unequal, and so not all equal.
                        for a in 1..r.div_ceil(2) {
                            set_bit(marks, (self.g[a] ^ self.g[r - a]) as usize);
                        }
                    } else {
                        union_into(marks, exact_tables[k - 2].get(r, 1));
                    }
                }
                if let Some(j) = from {
                    union_into(marks, from_tables[j - 2].get(r, 1));
                }
            }
        }
    }

    /// Adds row `r` of every set (needs `G(0..r)`; row 0 is empty).
    fn add_rows(&mut self, r: usize) {
        let mut divisors: Vec<u32> = (1..=r.isqrt())
            .filter(|&d| r.is_multiple_of(d))
            .flat_map(|d| [d as u32, (r / d) as u32])
            .collect();
        divisors.sort_unstable();
        divisors.dedup();
        self.divisors.push(divisors);
        for k in 2..self.free_exact.len() + 2 {
            let row = if r == 0 {
                Bits::new()
            } else {
                let rest = if k == 2 {
                    Rest::One
                } else {
                    Rest::Set(&self.free_exact[k - 3])
                };
                self.compositions(r, r.saturating_sub(k - 1), rest)
            };
            self.free_exact[k - 2].push(row);
        }
        for j in 2..self.free_from.len() + 2 {
            let row = if r == 0 {
                Bits::new()
            } else {
                let rest = if j == 2 {
                    Rest::SetOrOne(&self.free_from[0])
                } else {
                    Rest::Set(&self.free_from[j - 3])
                };
                self.compositions(r, r.saturating_sub(j - 1), rest)
            };
            self.free_from[j - 2].push(row);
        }
        for k in 2..self.distinct_exact.len() + 2 {
            let row = self.distinct_row(r, k, false);
            self.distinct_exact[k - 2].push(row);
        }
        for j in 2..self.distinct_from.len() + 2 {
            let row = self.distinct_row(r, j, true);
            self.distinct_from[j - 2].push(row);
        }
        for k in 2..self.unequal_exact.len() + 2 {
            let row = self.unequal_row(r, k, false);
            self.unequal_exact[k - 2].push(row);
        }
        for j in 2..self.unequal_from.len() + 2 {
            let row = self.unequal_row(r, j, true);
            self.unequal_from[j - 2].push(row);
        }
    }

    /// `⋃_{1 ≤ a ≤ a_max} G(a) ⊕ rest(r - a)`, the heaps `a` grouped by value.
    fn compositions(&self, r: usize, a_max: usize, rest: Rest<'_>) -> Bits {
        let mut out = Bits::new();
        if let Rest::One = rest {
            // Pairs: one bit each, and a + b = b + a, so half of them suffice.
            for a in 1..=a_max.min(r / 2) {
                set_bit(&mut out, (self.g[a] ^ self.g[r - a]) as usize);
            }
            return out;
        }
        let mut by_value: Vec<Bits> = Vec::new();
        for a in 1..=a_max {
            let v = self.g[a] as usize;
            if by_value.len() <= v {
                by_value.resize(v + 1, Bits::new());
            }
            let x = r - a;
            match rest {
                Rest::One => set_bit(&mut by_value[v], self.g[x] as usize),
                Rest::Set(level) => union_into(&mut by_value[v], &level[x]),
                Rest::SetOrOne(level) => {
                    union_into(&mut by_value[v], &level[x]);
                    set_bit(&mut by_value[v], self.g[x] as usize);
                }
            }
        }
        for (v, set) in by_value.iter().enumerate() {
            xor_union_into(&mut out, set, v);
        }
        out
    }

    /// Row `r` of `D_k` (`at_least`: of the splits into at least `k` pairwise unequal heaps):
    /// the sets for `m = 1, 2, …` up to the largest smallest heap.
    fn distinct_row(&self, r: usize, k: usize, at_least: bool) -> Vec<Bits> {
        // k heaps m < m + 1 < … need r ≥ k·m + k(k-1)/2.
        let base = k * (k - 1) / 2;
        if r < k + base {
            return Vec::new();
        }
        let m_hi = (r - base) / k;
        let tables = if at_least {
            &self.distinct_from
        } else {
            &self.distinct_exact
        };
        let mut row: Vec<Bits> = vec![Bits::new(); m_hi];
        for m in (1..=m_hi).rev() {
            let mut cur = row.get(m).cloned().unwrap_or_default();
            let (x, v) = (r - m, self.g[m] as usize);
            if k == 2 {
                // The rest is one heap x > m (and, at least two, any more).
                if x > m {
                    set_bit(&mut cur, v ^ self.g[x] as usize);
                }
                if at_least {
                    xor_union_into(&mut cur, tables[0].get(x, m + 1), v);
                }
            } else {
                xor_union_into(&mut cur, tables[k - 3].get(x, m + 1), v);
            }
            row[m - 1] = cur;
        }
        row
    }

    /// Row `r` of `N_k` (`at_least`: of the splits into at least `k` heaps not all equal).
    fn unequal_row(&self, r: usize, k: usize, at_least: bool) -> Vec<Bits> {
        // The smallest heap m of a split that is not constant has k·m < r.
        if r <= k {
            return Vec::new();
        }
        let m_hi = (r - 1) / k;
        let tables = if at_least {
            &self.unequal_from
        } else {
            &self.unequal_exact
        };
        let mut row: Vec<Bits> = vec![Bits::new(); m_hi];
        for m in (1..=m_hi).rev() {
            let mut cur = row.get(m).cloned().unwrap_or_default();
            let (x, v) = (r - m, self.g[m] as usize);
            // The rest: k - 1 (or more) heaps ≥ m, not all equal…
            let mut rest = match (k, at_least) {
                (2, false) => Bits::new(),
                (2, true) => tables[0].get(x, m).to_vec(),
                _ => tables[k - 3].get(x, m).to_vec(),
            };
            // …or all equal to some c > m: c·i = x with i = k - 1 (or i ≥ k - 1).
            let mut constant = |i: usize| {
                if x.is_multiple_of(i) && x / i > m {
                    set_bit(
                        &mut rest,
                        if i % 2 == 1 {
                            self.g[x / i] as usize
                        } else {
                            0
                        },
                    );
                }
            };
            if at_least {
                for &i in &self.divisors[x] {
                    if i as usize >= k - 1 {
                        constant(i as usize);
                    }
                }
            } else {
                constant(k - 1);
            }
            xor_union_into(&mut cur, &rest, v);
            row[m - 1] = cur;
        }
        row
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::mex;

    /// Straight from the definition: every split listed by [`TbCode::options`].
    fn by_listing(code: &TbCode, last: usize) -> Vec<u32> {
        let mut g = vec![0u32];
        for n in 1..=last {
            let opts = code.options(n as u64, 1 << 24).unwrap();
            let values = opts.iter().map(|o| {
                o.iter()
                    .fold(0u64, |acc, &h| acc ^ u64::from(g[h as usize]))
            });
            g.push(mex(values) as u32);
        }
        g
    }

    #[test]
    fn sets_agree_with_listing_every_split() {
        for text in [
            "0.V",
            "0.&63;",
            "0.*",
            "0.{3+}",
            "4!.",
            "8!.",
            "8?.",
            "0.8?",
            "0.{2,4}!",
            "0.*!",
            "0.*?",
            "0.{3+}!",
            "0.{3+}?",
            "0.{2,3}=",
            "0.*=",
            "{2+}!.",
            "0.1[3]",
            "4.[3]",
            "0.[37]",
            "0.1*!2?",
            "0.[1*=]",
            "C.0G",
            "0.{4}?",
            "0.{0,2+}?3",
        ] {
            let code = TbCode::parse(text).unwrap();
            let mut s = TbSequence::new(code.clone());
            s.extend_to(40, None).unwrap();
            assert_eq!(s.g, by_listing(&code, 40), "{text}");
        }
    }
}
