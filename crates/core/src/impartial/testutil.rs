//! Test helpers: a deterministic pseudo-random generator (SplitMix64) and a brute-force
//! game-tree search that knows nothing of Sprague–Grundy theory.

use std::collections::HashMap;
use std::hash::Hash;

/// SplitMix64: the same "random" cases on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Does the player to move win (normal play: a player who cannot move loses)? Plain
/// recursive search with a memo, no Grundy values, no sums: the independent oracle.
pub fn next_player_wins<P: Clone + Eq + Hash>(
    p: &P,
    moves: &impl Fn(&P) -> Vec<P>,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let w = moves(p).iter().any(|q| !next_player_wins(q, moves, memo));
    memo.insert(p.clone(), w);
    w
}

/// The same under misère play: a player who cannot move wins.
pub fn next_player_wins_misere<P: Clone + Eq + Hash>(
    p: &P,
    moves: &impl Fn(&P) -> Vec<P>,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let options = moves(p);
    let w = options.is_empty()
        || options
            .iter()
            .any(|q| !next_player_wins_misere(q, moves, memo));
    memo.insert(p.clone(), w);
    w
}

/// The Grundy value by the mex rule over a literal game tree (recursive, memoized).
pub fn grundy_by_search<P: Clone + Eq + Hash>(
    p: &P,
    moves: &impl Fn(&P) -> Vec<P>,
    memo: &mut HashMap<P, u64>,
) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let values: Vec<u64> = moves(p)
        .iter()
        .map(|q| grundy_by_search(q, moves, memo))
        .collect();
    let mut g = 0;
    while values.contains(&g) {
        g += 1;
    }
    memo.insert(p.clone(), g);
    g
}

/// Every game whose options are among `forms`, in misère simplest form, without repeats.
pub fn next_misere_day(
    s: &mut super::misere_forms::MisereStore,
    forms: &[super::misere_forms::MisereId],
) -> Vec<super::misere_forms::MisereId> {
    let mut out = Vec::new();
    for mask in 0u32..(1 << forms.len()) {
        let opts: Vec<_> = (0..forms.len())
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| forms[k])
            .collect();
        let g = s.canonical(&opts);
        if !out.contains(&g) {
            out.push(g);
        }
    }
    out
}

/// Every misère simplest form born by day `days`.
pub fn misere_born_by(
    s: &mut super::misere_forms::MisereStore,
    days: usize,
) -> Vec<super::misere_forms::MisereId> {
    let mut forms = vec![s.zero()];
    for _ in 0..days {
        forms = next_misere_day(s, &forms);
    }
    forms
}
