//! Grundy sequences `G(0), G(1), …` of heap rulesets: the engine behind
//! [`crate::impartial::HeapSolver`], and the naive computation it is tested against.

use super::error::ImpartialError;
use super::grundy::{mex, nim_sum};
use super::heap_rules::{ByOptions, RuleSequence};
use super::hexadecimal::MAX_THREE_WAY_HEAP;
use super::period::{Period, guy_smith, state_repetition};
use super::ruleset::HeapRuleset;
use super::sparse::{TakeBreakRules, TakeBreakSequence};
use super::spawning::SpawningSequence;
use super::store::{SequenceFile, Values};
use super::tb_listed::ListedSequence;
use super::tb_sequence::TbSequence;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Grundy tables are computed up to this heap at most (a table of `u32`, 128 MiB).
pub const MAX_TABLE_HEAP: u64 = 1 << 25;

/// Computes and keeps `G(0..len)` for one ruleset.
pub(crate) enum Sequence {
    Nim,
    TakeBreak(Box<TakeBreakSequence>),
    AllBut(AllButSequence),
    General(Box<TbSequence>),
    Spawning(SpawningSequence),
    Listed(ListedSequence),
    /// A rule without a fast engine: the mex over its listed options.
    Rule(RuleSequence),
}

impl Sequence {
    pub fn new(ruleset: &HeapRuleset) -> Sequence {
        let rules = match ruleset {
            HeapRuleset::Nim => return Sequence::Nim,
            HeapRuleset::SubtractionAllBut(s) => return Sequence::AllBut(AllButSequence::new(s)),
            HeapRuleset::Subtraction(s) => TakeBreakRules::subtraction(s, MAX_TABLE_HEAP),
            HeapRuleset::Octal(code) => TakeBreakRules::octal(code),
            HeapRuleset::Rule(rule) => match rule.get().engine() {
                Some(engine) => engine.rules(),
                None => return Sequence::Rule(RuleSequence::new(ByOptions(rule.clone()))),
            },
            HeapRuleset::TakeBreak(code) => {
                return Sequence::General(Box::new(TbSequence::new(code.clone())));
            }
            HeapRuleset::Spawning(code) => {
                return Sequence::Spawning(SpawningSequence::new(code.clone()));
            }
            HeapRuleset::Listed(code) => {
                return Sequence::Listed(ListedSequence::new(code.clone()));
            }
        };
        Sequence::TakeBreak(Box::new(TakeBreakSequence::new(rules)))
    }

    /// `G(n)` if already computed (always, for Nim).
    pub fn get(&self, n: u64) -> Option<u64> {
        match self {
            Sequence::Nim => Some(n),
            Sequence::TakeBreak(t) => t.get(usize::try_from(n).ok()?).map(|v| v as u64),
            Sequence::AllBut(a) => a.values.get(usize::try_from(n).ok()?).map(|&v| v as u64),
            Sequence::General(s) => s.get(usize::try_from(n).ok()?).map(u64::from),
            Sequence::Spawning(s) => s
                .values()
                .get(usize::try_from(n).ok()?)
                .map(|&v| u64::from(v)),
            Sequence::Listed(s) => s
                .values()
                .get(usize::try_from(n).ok()?)
                .map(|&v| u64::from(v)),
            Sequence::Rule(s) => s
                .values()
                .get(usize::try_from(n).ok()?)
                .map(|&v| u64::from(v)),
        }
    }

    /// The values computed so far (empty for Nim, which needs no table).
    pub fn values(&self) -> Values<'_> {
        match self {
            Sequence::Nim => Values::Wide(&[]),
            Sequence::TakeBreak(t) => t.values(),
            Sequence::AllBut(a) => Values::Wide(&a.values),
            Sequence::General(s) => s.values(),
            Sequence::Spawning(s) => Values::Wide(s.values()),
            Sequence::Listed(s) => Values::Wide(s.values()),
            Sequence::Rule(s) => Values::Wide(s.values()),
        }
    }

    /// A period proven from `G(0..len)` (computed already): by state repetition with window
    /// `window` for a subtraction game, else by the Guy–Smith theorem for removals up to `t`
    /// leaving up to `heaps` heaps.
    pub fn find_period(
        &self,
        len: usize,
        window: Option<usize>,
        t: usize,
        heaps: usize,
    ) -> Option<Period> {
        fn find<T: Copy + Eq + Into<u64>>(
            g: &[T],
            window: Option<usize>,
            t: usize,
            heaps: usize,
        ) -> Option<Period> {
            match window {
                Some(w) => state_repetition(g, w),
                None => guy_smith(g, t, heaps),
            }
        }
        match self.values().prefix(len) {
            Values::Narrow(g) => find(g, window, t, heaps),
            Values::Wide(g) => find(g, window, t, heaps),
        }
    }

    /// The largest heap whose value this sequence may compute: [`MAX_TABLE_HEAP`], or
    /// [`MAX_THREE_WAY_HEAP`] for a game splitting a heap in three.
    pub fn table_limit(&self) -> u64 {
        match self {
            Sequence::TakeBreak(t) if t.splits_in_three() => MAX_THREE_WAY_HEAP,
            Sequence::General(s) => s.table_limit(),
            _ => MAX_TABLE_HEAP,
        }
    }

    /// The largest heap a period search may tabulate: [`Sequence::table_limit`], and for the
    /// games of the sparse-space method (moves leaving at most two heaps) as far as the
    /// memory budget allows at [`SEARCH_BYTES_PER_HEAP`] a heap, never less than
    /// [`MAX_TABLE_HEAP`] and at most [`MAX_FILE_HEAP`].
    pub fn search_limit(&self) -> u64 {
        match self {
            Sequence::TakeBreak(t) if !t.splits_in_three() => (crate::game::budget::budget()
                / SEARCH_BYTES_PER_HEAP)
                .clamp(MAX_TABLE_HEAP, MAX_FILE_HEAP),
            _ => self.table_limit(),
        }
    }

    /// Computes `G(n)` for every heap up to `last` (at most [`MAX_TABLE_HEAP`]).
    pub fn extend_to(
        &mut self,
        last: u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        self.extend_within(last, self.table_limit(), interrupt)
    }

    /// [`Sequence::extend_to`] for a period search: up to [`Sequence::search_limit`], the
    /// table grown once to its new length (not doubled), so that it holds what the budget
    /// counted.
    pub fn extend_for_search(
        &mut self,
        last: u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        let limit = self.search_limit();
        if let Sequence::TakeBreak(t) = self
            && last <= limit
        {
            t.reserve_to(last as usize);
        }
        self.extend_within(last, limit, interrupt)
    }

    fn extend_within(
        &mut self,
        last: u64,
        limit: u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        if matches!(self, Sequence::Nim) {
            return Ok(());
        }
        if last > limit {
            return Err(ImpartialError::HeapTooLarge {
                heap: last,
                limit,
                what: if matches!(self, Sequence::General(_)) {
                    "a table of Grundy values of a generalised take-and-break code"
                } else if limit < MAX_TABLE_HEAP {
                    "a table of Grundy values of a game splitting heaps in three"
                } else {
                    "a table of Grundy values"
                },
            });
        }
        match self {
            Sequence::Nim => Ok(()),
            Sequence::TakeBreak(t) => t.extend_to(last as usize, interrupt),
            Sequence::AllBut(a) => a.extend_to(last as usize, interrupt),
            Sequence::General(s) => s.extend_to(last as usize, interrupt),
            Sequence::Spawning(s) => s.extend_to(last, interrupt),
            Sequence::Listed(s) => s.extend_to(last, interrupt),
            Sequence::Rule(s) => s.extend_to(last, interrupt),
        }
    }
}

/// The all-but subtraction game `S`: `G(n) = mex { G(m) : m < n, n - m ∉ S }`.
///
/// All earlier heaps are options except the at most `|S|` heaps `n - s`, so with `count[v]`,
/// the number of earlier heaps of value `v`, `G(n)` is the least `v` whose occurrences are
/// all excluded: either the mex of all earlier values, or a value of an excluded heap whose
/// count equals its number of excluded occurrences. `O(|S|)` per heap.
pub(crate) struct AllButSequence {
    excluded: Vec<usize>,
    values: Vec<u32>,
    count: Vec<u32>,
    /// The mex of all values so far.
    mex_all: u32,
}

impl AllButSequence {
    fn new(set: &[u64]) -> AllButSequence {
        AllButSequence {
            excluded: set
                .iter()
                .filter(|&&s| s <= MAX_TABLE_HEAP)
                .map(|&s| s as usize)
                .collect(),
            values: Vec::new(),
            count: vec![0],
            mex_all: 0,
        }
    }

    fn extend_to(
        &mut self,
        last: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<(), ImpartialError> {
        let mut hits: Vec<(u32, u32)> = Vec::with_capacity(self.excluded.len());
        while self.values.len() <= last {
            let n = self.values.len();
            if n.is_multiple_of(4096) && interrupt.is_some_and(|f| f.swap(false, Ordering::Relaxed))
            {
                return Err(ImpartialError::Interrupted);
            }
            // (value, excluded occurrences) of the heaps n - s.
            hits.clear();
            for &s in &self.excluded {
                if s <= n {
                    let v = self.values[n - s];
                    match hits.iter_mut().find(|(w, _)| *w == v) {
                        Some(h) => h.1 += 1,
                        None => hits.push((v, 1)),
                    }
                }
            }
            let value = hits
                .iter()
                .filter(|&&(v, k)| self.count[v as usize] == k)
                .map(|&(v, _)| v)
                .chain([self.mex_all])
                .min()
                .unwrap_or(self.mex_all);
            self.values.push(value);
            if self.count.len() <= value as usize + 1 {
                self.count.resize(value as usize + 2, 0);
            }
            self.count[value as usize] += 1;
            while self.count[self.mex_all as usize] > 0 {
                self.mex_all += 1;
                if self.count.len() <= self.mex_all as usize {
                    self.count.push(0);
                }
            }
        }
        Ok(())
    }
}

/// Files of Grundy values reach up to this heap (heaps are numbered by `u32` inside the
/// sparse-space method; the values of 0.6 up to it take 8 GiB of memory).
pub const MAX_FILE_HEAP: u64 = u32::MAX as u64 - 1;

/// Bytes a period search counts per heap of a table beyond [`MAX_TABLE_HEAP`]: four for a
/// value once values need them, two more while the table is copied into its grown buffer
/// (grown by half as much again, the search doubling), and the rare heaps of the
/// sparse-space method (eight bytes each, fewer than a third of the heaps).
pub const SEARCH_BYTES_PER_HEAP: u64 = 10;

/// A long run writes its values to the file every this many heaps, so that an interrupted
/// run loses little.
const FILE_CHUNK: usize = 1 << 21;

/// What [`nim_values_to_file`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedValues {
    /// The ruleset, as the file names it: `octal("0.6")`.
    pub game: String,
    /// The file now holds `G(0..heaps)`.
    pub heaps: u64,
    /// How many values the file held before (0 for a new file).
    pub resumed_from: u64,
    /// Bytes per value in the file: 2, or 4 once a value needs them.
    pub width: u8,
    /// The largest value in the file.
    pub max_value: u64,
}

/// Computes `G(0..=last)` of a take-and-break ruleset (octal games, subtraction games,
/// Grundy's game) into the file `path`, for runs too long for a list in memory. If the file
/// already holds values of the same ruleset, the run resumes after them (and does nothing
/// if they reach `last`); a file of another ruleset, or not written by cgt, is an error.
/// The file is brought up to date every 2^21 heaps and when the run is interrupted.
///
/// The format: `CGTNIMV2`, the value width in bytes (`u32`, 2 or 4), the number of values
/// (`u64`), the length of the ruleset's name (`u32`), the name (`octal("0.6")`) and the
/// checksum (`u32`, FNV-1a) of the values of the unfinished last block; then the values
/// `G(0), G(1), …` in blocks of 65536, each full block followed by its checksum, all
/// little-endian. A resumed run recomputes from the first block whose checksum is wrong;
/// files of the first format (`CGTNIMV1`, no checksums) are read and rewritten checked.
pub fn nim_values_to_file(
    ruleset: &HeapRuleset,
    last: u64,
    path: &Path,
    interrupt: Option<&AtomicBool>,
) -> Result<SavedValues, ImpartialError> {
    let rules = match ruleset {
        HeapRuleset::Subtraction(s) => TakeBreakRules::subtraction(s, MAX_FILE_HEAP),
        HeapRuleset::Octal(code) => TakeBreakRules::octal(code),
        HeapRuleset::Rule(rule) if let Some(engine) = rule.get().engine() => engine.rules(),
        HeapRuleset::Nim
        | HeapRuleset::Rule(_)
        | HeapRuleset::SubtractionAllBut(_)
        | HeapRuleset::TakeBreak(_)
        | HeapRuleset::Spawning(_)
        | HeapRuleset::Listed(_) => {
            return Err(ImpartialError::File(format!(
                "files of Grundy values are for octal games, subtraction games and Grundy's \
                 game, not {ruleset}"
            )));
        }
    };
    let limit = if rules.split3.is_empty() {
        MAX_FILE_HEAP
    } else {
        MAX_THREE_WAY_HEAP
    };
    if last > limit {
        return Err(ImpartialError::HeapTooLarge {
            heap: last,
            limit,
            what: "a file of Grundy values",
        });
    }
    let game = ruleset.to_string();
    // What is at `path` decides, not what a link there points to: a link (even a dangling
    // one) is refused as a FIFO or a directory is, by the opening itself.
    let here = std::fs::symlink_metadata(path);
    if here.as_ref().is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(ImpartialError::File(format!(
            "cannot write {}: it is a symbolic link (cgt does not write through links)",
            path.display()
        )));
    }
    let existing = if here.is_ok() {
        let file = SequenceFile::open(path)?;
        if file.game() != game {
            return Err(ImpartialError::File(format!(
                "{} holds the values of {}, not of {game}",
                path.display(),
                file.game()
            )));
        }
        Some(file)
    } else {
        None
    };
    let (mut file, mut sequence) = match existing {
        Some(mut file) if file.count() > 0 => {
            // Values after a damaged block are not trusted: they are computed again.
            let store = file.read_all()?;
            if store.len() == 0 {
                (file, TakeBreakSequence::new(rules))
            } else {
                (file, TakeBreakSequence::resume(rules, store))
            }
        }
        _ => (
            SequenceFile::create(path, &game, 2)?,
            TakeBreakSequence::new(rules),
        ),
    };
    let resumed_from = file.count();
    let last = last as usize;
    sequence.reserve_to(last);
    while sequence.len() <= last {
        let target = (sequence.len() + FILE_CHUNK - 1).min(last);
        let done = sequence.extend_to(target, interrupt);
        file.sync(sequence.store())?;
        done?;
    }
    file.sync(sequence.store())?;
    let max_value = match sequence.values() {
        Values::Narrow(v) => v.iter().copied().max().unwrap_or(0) as u64,
        Values::Wide(v) => v.iter().copied().max().unwrap_or(0) as u64,
    };
    Ok(SavedValues {
        game,
        heaps: file.count(),
        resumed_from,
        width: file.width(),
        max_value,
    })
}

/// The ruleset named in a file of Grundy values and the values of the heaps in `range`.
pub fn nim_values_from_file(
    path: &Path,
    range: RangeInclusive<u64>,
) -> Result<(String, Vec<u64>), ImpartialError> {
    let file = SequenceFile::open(path)?;
    let (first, last) = (*range.start(), *range.end());
    if first > last {
        return Ok((file.game().to_string(), Vec::new()));
    }
    let values = file.read_range(first, last - first + 1)?;
    Ok((
        file.game().to_string(),
        values.into_iter().map(u64::from).collect(),
    ))
}

/// `G(0..=last)` straight from the definition: every option of every heap listed by
/// [`HeapRuleset::options`], its value the nim-sum of its heaps, `G(n)` their mex. Quadratic
/// for splitting games; the reference the fast methods are tested against.
///
/// ```
/// use cgt_core::impartial::{HeapRuleset, naive_nim_values};
/// let v = naive_nim_values(&HeapRuleset::kayles(), 6).unwrap();
/// assert_eq!(v, vec![0, 1, 2, 3, 1, 4, 3]);
/// ```
pub fn naive_nim_values(ruleset: &HeapRuleset, last: u64) -> Result<Vec<u64>, ImpartialError> {
    const LIMIT: u64 = 100_000;
    if last > LIMIT {
        return Err(ImpartialError::HeapTooLarge {
            heap: last,
            limit: LIMIT,
            what: "the naive computation",
        });
    }
    let mut g: Vec<u64> = Vec::with_capacity(last as usize + 1);
    for n in 0..=last {
        let options = ruleset.options(n)?;
        let value = mex(options
            .iter()
            .map(|heaps| nim_sum(heaps.iter().map(|&h| g[h as usize]))));
        g.push(value);
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::store::Store;
    use crate::impartial::testutil::Rng;

    fn fast(ruleset: &HeapRuleset, last: u64) -> Vec<u64> {
        let mut s = Sequence::new(ruleset);
        s.extend_to(last, None).unwrap();
        (0..=last).map(|n| s.get(n).unwrap()).collect()
    }

    #[test]
    fn sparse_and_naive_agree_on_random_octal_codes() {
        let mut rng = Rng::new(2024);
        for case in 0..24 {
            let digits = 1 + rng.below(4);
            let mut code = String::from(if rng.below(4) == 0 { "4." } else { "0." });
            for _ in 0..digits {
                code.push(char::from(b'0' + rng.below(8) as u8));
            }
            // Make sure most codes split, as that is where the sparse method works.
            if case % 3 != 0 && !code[2..].contains(['4', '5', '6', '7']) {
                code.push('6');
            }
            let r = HeapRuleset::octal(&code).unwrap();
            let last = if case < 6 { 2000 } else { 700 };
            assert_eq!(
                fast(&r, last),
                naive_nim_values(&r, last).unwrap(),
                "{code}"
            );
        }
    }

    #[test]
    fn subtraction_and_all_but_agree_with_naive() {
        let mut rng = Rng::new(99);
        for _ in 0..20 {
            let size = 1 + rng.below(5) as usize;
            let set: Vec<u64> = (0..size).map(|_| 1 + rng.below(12)).collect();
            for r in [
                HeapRuleset::subtraction(&set).unwrap(),
                HeapRuleset::subtraction_all_but(&set).unwrap(),
            ] {
                assert_eq!(fast(&r, 400), naive_nim_values(&r, 400).unwrap(), "{r}");
            }
        }
    }

    #[test]
    fn grundys_game_and_nim_agree_with_naive() {
        for r in [HeapRuleset::grundys_game(), HeapRuleset::nim()] {
            assert_eq!(fast(&r, 1500), naive_nim_values(&r, 1500).unwrap(), "{r}");
        }
    }

    #[test]
    fn table_limit_is_an_error() {
        let mut s = Sequence::new(&HeapRuleset::kayles());
        assert!(matches!(
            s.extend_to(MAX_TABLE_HEAP + 1, None),
            Err(ImpartialError::HeapTooLarge { .. })
        ));
        assert!(naive_nim_values(&HeapRuleset::kayles(), 1 << 20).is_err());
    }
    #[test]
    fn sparse_agrees_with_the_mex_on_every_two_digit_code() {
        // Every code 0.d1d2 and 4.d1d2 up to 1200 heaps, 120 random three- and four-digit
        // codes up to 800, and a few studied games up to 4000: the sparse-space method
        // against the plain mex of every option.
        let mut codes: Vec<String> = Vec::new();
        for first in ["0.", "4."] {
            for d1 in 0..8 {
                for d2 in 0..8 {
                    codes.push(format!("{first}{d1}{d2}"));
                }
            }
        }
        let mut rng = Rng::new(7);
        let random: Vec<String> = (0..120)
            .map(|_| {
                let digits = 3 + rng.below(2);
                let mut code = String::from(if rng.below(5) == 0 { "4." } else { "0." });
                for _ in 0..digits {
                    code.push(char::from(b'0' + rng.below(8) as u8));
                }
                code
            })
            .collect();
        let studied = [
            "0.6".to_string(),
            "0.56".into(),
            "0.16".into(),
            "4.7".into(),
        ];
        for (code, last) in codes
            .iter()
            .map(|c| (c, 1200))
            .chain(random.iter().map(|c| (c, 800)))
            .chain(studied.iter().map(|c| (c, 4000)))
        {
            let r = HeapRuleset::octal(code).unwrap();
            assert_eq!(
                fast(&r, last),
                naive_nim_values(&r, last).unwrap(),
                "{code}"
            );
        }
    }

    /// `G(0..=last)` by a sequence that switches to four-byte values after `switch` heaps.
    fn widened(rules: TakeBreakRules, switch: usize, last: usize) -> Vec<u64> {
        let mut narrow = TakeBreakSequence::new(rules.clone());
        narrow.extend_to(switch - 1, None).unwrap();
        let Values::Narrow(v) = narrow.values() else {
            panic!("small values are stored in two bytes")
        };
        let wide = Store::Wide(v.iter().map(|&x| x as u32).collect());
        let mut s = TakeBreakSequence::resume(rules, wide);
        s.extend_to(last, None).unwrap();
        assert!(matches!(s.values(), Values::Wide(_)));
        (0..=last).map(|n| s.get(n).unwrap() as u64).collect()
    }

    #[test]
    fn four_byte_values_give_the_same_sequence() {
        for code in ["0.6", "0.77", "0.56", "4.7", "0.137"] {
            let r = HeapRuleset::octal(code).unwrap();
            let HeapRuleset::Octal(c) = &r else { panic!() };
            let rules = TakeBreakRules::octal(c);
            assert_eq!(widened(rules, 700, 2000), fast(&r, 2000), "{code}");
        }
        let g = HeapRuleset::grundys_game();
        assert_eq!(
            widened(TakeBreakRules::grundys_game(), 300, 1500),
            fast(&g, 1500)
        );
    }

    /// A path in a scratch directory of its own, removed at the end of the test.
    use crate::impartial::store::tests::temp as scratch;

    #[test]
    fn resuming_from_a_file_gives_the_same_file_as_one_run() {
        let rulesets = [
            HeapRuleset::octal("0.6").unwrap(),
            HeapRuleset::octal("0.56").unwrap(),
            HeapRuleset::kayles(),
            HeapRuleset::octal("4.7").unwrap(),
            HeapRuleset::grundys_game(),
            HeapRuleset::subtraction(&[1, 3, 4]).unwrap(),
        ];
        for (i, r) in rulesets.iter().enumerate() {
            let (_whole_dir, whole) = scratch(&format!("whole{i}.bin"));
            let (_steps_dir, steps) = scratch(&format!("steps{i}.bin"));
            let saved = nim_values_to_file(r, 30_000, &whole, None).unwrap();
            assert_eq!((saved.heaps, saved.resumed_from), (30_001, 0));
            let mut before = 0;
            for last in [0, 63, 64, 777, 5000, 30_000] {
                let s = nim_values_to_file(r, last, &steps, None).unwrap();
                assert_eq!((s.heaps, s.resumed_from), (last + 1, before), "{r}");
                before = last + 1;
            }
            // Asking for fewer heaps than the file holds changes nothing.
            let again = nim_values_to_file(r, 10, &steps, None).unwrap();
            assert_eq!((again.heaps, again.resumed_from), (30_001, 30_001));
            assert_eq!(
                std::fs::read(&whole).unwrap(),
                std::fs::read(&steps).unwrap(),
                "{r}"
            );
            let (game, values) = nim_values_from_file(&whole, 0..=30_000).unwrap();
            assert_eq!(game, r.to_string());
            assert_eq!(values, fast(r, 30_000), "{r}");
            assert_eq!(saved.max_value, *values.iter().max().unwrap());
            std::fs::remove_file(&whole).unwrap();
            std::fs::remove_file(&steps).unwrap();
        }
    }

    #[test]
    fn an_interrupted_run_keeps_its_values_and_resumes() {
        let r = HeapRuleset::octal("0.6").unwrap();
        let (_dir, path) = scratch("interrupted.bin");
        let flag = AtomicBool::new(true);
        assert_eq!(
            nim_values_to_file(&r, 50_000, &path, Some(&flag)),
            Err(ImpartialError::Interrupted)
        );
        let (_, kept) = nim_values_from_file(&path, 0..=0).unwrap();
        assert_eq!(kept, vec![0]);
        let s = nim_values_to_file(&r, 50_000, &path, None).unwrap();
        assert!(s.resumed_from > 0 && s.resumed_from < 50_000);
        let (_, values) = nim_values_from_file(&path, 0..=50_000).unwrap();
        assert_eq!(values, fast(&r, 50_000));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn files_of_another_game_or_format_are_errors() {
        let (_dir, path) = scratch("other.bin");
        nim_values_to_file(&HeapRuleset::kayles(), 100, &path, None).unwrap();
        let err = nim_values_to_file(&HeapRuleset::octal("0.6").unwrap(), 100, &path, None);
        let Err(ImpartialError::File(message)) = err else {
            panic!("expected a file error, got {err:?}")
        };
        assert!(message.contains("octal(\"0.77\")"), "{message}");
        assert!(nim_values_from_file(&path, 100..=101).is_err());
        std::fs::write(&path, b"not a sequence").unwrap();
        assert!(matches!(
            nim_values_to_file(&HeapRuleset::kayles(), 100, &path, None),
            Err(ImpartialError::File(_))
        ));
        assert!(matches!(
            nim_values_to_file(&HeapRuleset::nim(), 100, &path, None),
            Err(ImpartialError::File(_))
        ));
        assert!(matches!(
            nim_values_to_file(&HeapRuleset::kayles(), MAX_FILE_HEAP + 1, &path, None),
            Err(ImpartialError::HeapTooLarge { .. })
        ));
        std::fs::remove_file(&path).unwrap();
    }
    #[test]
    fn long_preperiods_of_the_literature() {
        // Gangolli and Plambeck (1989): 0.16 has period 149459, 0.127 period 4 with last
        // exceptional heap 46577 (OEIS A071464), 0.56 period 144. For 0.56 OEIS A071436 gives
        // the last exception as 326637; the sparse method and a plain double loop over every
        // split (run separately, five minutes) both find 326639, with G(n + 144) = G(n) from
        // 326640 on.
        use crate::impartial::{HeapSolver, PeriodSearch};
        for (code, preperiod, period) in [
            ("0.127", 46_578, 4),
            ("0.16", 105_351, 149_459),
            ("0.56", 326_640, 144),
        ] {
            let mut s = HeapSolver::new(HeapRuleset::octal(code).unwrap());
            let PeriodSearch::Proven(p) = s.period_within(1 << 20).unwrap() else {
                panic!("{code}: no period")
            };
            assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
        }
    }
}
