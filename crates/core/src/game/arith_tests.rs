//! Sums, negatives and comparisons through the store's tables (the open-addressing memo
//! of sums, the table of negatives by id, the stop words read before the nodes in `leq`)
//! checked against their plain recursive definitions on random games.

use super::super::definitions::add_by_definition;
use super::super::store::{GameId, GameStore};
use super::super::tests::{LeqMemo, leq_by_definition};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

/// Random games born by day 3: on each day, `count` games whose options (up to three a
/// side) are drawn from the games of the days before, interned by `canonical`; all the
/// games made, without repeats.
fn random_games(s: &mut GameStore, seed: u64, count: usize) -> Vec<GameId> {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut pool = vec![s.zero()];
    for _ in 0..3 {
        let mut day = pool.clone();
        for _ in 0..count {
            let (nl, nr) = (next() % 4, next() % 4);
            let drawn: Vec<GameId> = (0..nl + nr)
                .map(|_| pool[(next() % pool.len() as u64) as usize])
                .collect();
            let (l, r) = drawn.split_at(nl as usize);
            day.push(s.canonical(l, r));
        }
        day.sort();
        day.dedup();
        pool = day;
    }
    pool
}

/// `-G = {-G^R | -G^L}` by the definition, through `canonical` (never `neg`).
fn neg_by_definition(s: &mut GameStore, memo: &mut FxHashMap<GameId, GameId>, g: GameId) -> GameId {
    if let Some(&n) = memo.get(&g) {
        return n;
    }
    let (l, r) = s.options(g);
    let nl: Vec<GameId> = r.iter().map(|&x| neg_by_definition(s, memo, x)).collect();
    let nr: Vec<GameId> = l.iter().map(|&x| neg_by_definition(s, memo, x)).collect();
    let n = s.canonical(&nl, &nr);
    memo.insert(g, n);
    n
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On random games born by day 3: every negative is the definition's, both ways
    /// (`-(-G) = G`), whichever of `G` and `-G` is asked first; sums of sampled pairs are
    /// the definition's, in both orders, and again after the memos were emptied; and
    /// comparisons of the sums, negatives and games agree with the definition.
    #[test]
    fn sums_negatives_and_comparisons_agree_with_the_definitions(seed in any::<u64>()) {
        let mut s = GameStore::new();
        let games = random_games(&mut s, seed, 12);
        let mut negs = FxHashMap::default();
        let mut sums = FxHashMap::default();
        let mut leqs = LeqMemo::default();
        // Half the negatives asked of `-G` first.
        for (k, &g) in games.iter().enumerate() {
            let n = neg_by_definition(&mut s, &mut negs, g);
            if k % 2 == 0 {
                prop_assert_eq!(s.neg(n), g);
                prop_assert_eq!(s.neg(g), n);
            } else {
                prop_assert_eq!(s.neg(g), n);
                prop_assert_eq!(s.neg(n), g);
            }
        }
        let mut x = seed | 1;
        let mut pick = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            games[(x % games.len() as u64) as usize]
        };
        for round in 0..2 {
            for _ in 0..40 {
                let (g, h) = (pick(), pick());
                let sum = add_by_definition(&mut s, &mut sums, g, h);
                prop_assert_eq!(s.add(g, h), sum);
                prop_assert_eq!(s.add(h, g), sum);
                let (k, ng) = (pick(), s.neg(g));
                for (a, b) in [(sum, k), (k, sum), (ng, h), (h, ng), (g, h)] {
                    let expected = leq_by_definition(&mut s, &mut leqs, a, b);
                    prop_assert_eq!(s.leq(a, b), expected);
                }
            }
            if round == 0 {
                s.empty_caches();
            }
        }
    }
}
