//! The order in which CGSuite lists the options of a misère simplest form
//! (`MisereCanonicalGameOps.MidComparator`, and the 36 "early" games its table starts with).
//!
//! Games come in pairs `G`, `G + *`, the even one (born first) before the odd. Two pairs
//! compare by their even members: the early games (the even games born by day 4 and a few
//! born on day 5, in the order CGSuite's table is seeded with them) come first, in that
//! order; other games by birthday, then number of options, then `G⁺`, then `G⁻`, then
//! their options (each list in this order) compared lexicographically.

use super::misere_forms::MisereId;
use super::misere_theory::MisereTheory;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// CGSuite's early games, each by its options: `2k` is the `k`-th game of this list and
/// `2k + 1` that game plus `*` (MisereCanonicalGameOps.init's `earlyData`).
const EARLY: [&[usize]; 36] = [
    &[],
    &[0, 1],
    &[2],
    &[3],
    &[4],
    &[2, 3],
    &[2, 4],
    &[0, 4],
    &[1, 4],
    &[2, 3, 4],
    &[0, 3, 4],
    &[0, 2, 4],
    &[1, 3, 4],
    &[1, 2, 4],
    &[0, 2, 3, 4],
    &[0, 1, 2, 4],
    &[1, 2, 3, 4],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3, 4],
    &[5],
    &[8],
    &[12],
    &[14],
    &[16],
    &[18],
    &[20],
    &[22],
    &[24],
    &[26],
    &[28],
    &[30],
    &[32],
    &[34],
    &[36],
    &[6],
    &[10],
];

/// Birthday, number of options, `G⁺` and `G⁻`: the keys before the options.
fn key(t: &mut MisereTheory<'_>, e: MisereId) -> (u64, usize, u64, u64) {
    (
        t.birthday(e),
        t.store().options(e).len(),
        t.store().normal_grundy(e),
        t.misere_value(e),
    )
}

/// The order's memo: the early games' places and each even game's sorted options.
#[derive(Default)]
pub struct Order {
    early: Option<FxHashMap<MisereId, usize>>,
    sorted: FxHashMap<MisereId, Vec<MisereId>>,
}

impl Order {
    fn early(&mut self, t: &mut MisereTheory) -> &FxHashMap<MisereId, usize> {
        self.early.get_or_insert_with(|| {
            let mut games: Vec<MisereId> = Vec::with_capacity(EARLY.len());
            let mut places = FxHashMap::default();
            let star = t.store().nimber(1);
            for (k, opts) in EARLY.iter().enumerate() {
                let opts: Vec<MisereId> = opts
                    .iter()
                    .map(|&i| {
                        let even = games[i / 2];
                        if i % 2 == 1 {
                            t.store().add(even, star)
                        } else {
                            even
                        }
                    })
                    .collect();
                let g = t.store().canonical(&opts);
                games.push(g);
                places.insert(g, k);
            }
            places
        })
    }

    /// The options of `g` in CGSuite's order (first to last).
    pub fn sorted_options(&mut self, t: &mut MisereTheory, g: MisereId) -> Vec<MisereId> {
        if let Some(s) = self.sorted.get(&g) {
            return s.clone();
        }
        let mut opts = t.store().options(g).to_vec();
        // An insertion sort: the comparison recurses and needs `self` and `t`.
        for i in 1..opts.len() {
            let mut j = i;
            while j > 0 && self.cmp(t, opts[j - 1], opts[j]) == Ordering::Greater {
                opts.swap(j - 1, j);
                j -= 1;
            }
        }
        self.sorted.insert(g, opts.clone());
        opts
    }

    /// CGSuite's comparison of two games.
    pub fn cmp(&mut self, t: &mut MisereTheory, a: MisereId, b: MisereId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (t.even_member(a), t.even_member(b));
        let parity = (a != ea).cmp(&(b != eb));
        if ea == eb {
            return parity;
        }
        let early = self.early(t);
        match (early.get(&ea).copied(), early.get(&eb).copied()) {
            (Some(x), Some(y)) => return x.cmp(&y),
            (Some(_), None) => return Ordering::Less,
            (None, Some(_)) => return Ordering::Greater,
            (None, None) => {}
        }
        let by_key = key(t, ea).cmp(&key(t, eb));
        if by_key != Ordering::Equal {
            return by_key;
        }
        let (oa, ob) = (self.sorted_options(t, ea), self.sorted_options(t, eb));
        for (&x, &y) in oa.iter().zip(&ob) {
            let c = self.cmp(t, x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        parity
    }
}
