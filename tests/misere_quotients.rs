//! Three ways to the misère outcome of a sum of heaps, against each other: brute-force
//! search over the sum, the misère quotient of the heap game (Plambeck–Siegel), and — when
//! every heap is tame — Conway's genus rule; the simplest forms' outcome too. Random sums
//! of heaps of Kayles (0.77), Dawson's Kayles (0.07), 0.75 and subtraction {1, 3, 4}.

use cgt::game::Outcome;
use cgt::impartial::genus::{Genus, genus, is_tame, tame_sum_is_p};
use cgt::impartial::misere_forms::{MisereId, MisereStore};
use cgt::impartial::{HeapRuleset, MisereQuotient};
use proptest::prelude::*;
use std::collections::HashMap;

/// The largest heap drawn.
const MAX_HEAP: u64 = 10;

fn ruleset(k: usize) -> HeapRuleset {
    match k {
        0 => HeapRuleset::kayles(),
        1 => HeapRuleset::dawsons_kayles(),
        2 => HeapRuleset::octal("0.75").unwrap(),
        _ => HeapRuleset::subtraction(&[1, 3, 4]).unwrap(),
    }
}

/// Whether a sum of heaps is a misère P-position: it has a move and every move leads to an
/// N-position (the player who cannot move wins).
fn brute(r: &HeapRuleset, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut pos: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    pos.sort_unstable();
    if let Some(&v) = memo.get(&pos) {
        return v;
    }
    let mut has_move = false;
    let mut p = true;
    for i in 0..pos.len() {
        for o in r.options(pos[i]).unwrap() {
            has_move = true;
            let mut next = pos.clone();
            next.remove(i);
            next.extend(o);
            if brute(r, &next, memo) {
                p = false;
            }
        }
    }
    let v = has_move && p;
    memo.insert(pos, v);
    v
}

/// The misère simplest form of each heap `0..=n`, from the forms of its options.
fn forms(r: &HeapRuleset, n: u64, store: &mut MisereStore) -> Vec<MisereId> {
    let mut out: Vec<MisereId> = Vec::new();
    for h in 0..=n {
        let mut options = Vec::new();
        for o in r.options(h).unwrap() {
            let mut g = store.zero();
            for &m in &o {
                g = store.add(g, out[m as usize]);
            }
            options.push(g);
        }
        out.push(store.canonical(&options));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn quotient_genus_forms_and_search_agree(
        k in 0usize..4,
        sums in prop::collection::vec(prop::collection::vec(0..=MAX_HEAP, 1..4), 12),
    ) {
        let r = ruleset(k);
        let q = MisereQuotient::compute(MAX_HEAP, |h| r.options(h), None).unwrap();
        let mut store = MisereStore::new();
        let heap_forms = forms(&r, MAX_HEAP, &mut store);
        let mut memo = HashMap::new();
        for heaps in &sums {
            let by_search = brute(&r, heaps, &mut memo);
            let by_quotient = q.outcome_of_heaps(heaps).unwrap() == Outcome::P;
            prop_assert_eq!(by_quotient, by_search, "quotient, {:?} {:?}", r, heaps);
            let parts: Vec<MisereId> = heaps.iter().map(|&h| heap_forms[h as usize]).collect();
            let mut sum = store.zero();
            for &g in &parts {
                sum = store.add(sum, g);
            }
            prop_assert_eq!(store.is_p_position(sum), by_search, "forms, {:?} {:?}", r, heaps);
            if parts.iter().all(|&g| is_tame(&store, g)) {
                let genera: Vec<Genus> = parts.iter().map(|&g| genus(&store, g)).collect();
                prop_assert_eq!(tame_sum_is_p(&genera), by_search, "genus, {:?} {:?}", r, heaps);
            }
            // The quotient's winning moves are exactly the moves to P-positions.
            let moves = q.winning_moves(heaps).unwrap();
            let mut count = 0;
            for (i, &h) in heaps.iter().enumerate() {
                for o in r.options(h).unwrap() {
                    let mut after = heaps.clone();
                    after.remove(i);
                    after.extend(o);
                    count += brute(&r, &after, &mut memo) as usize;
                }
            }
            prop_assert_eq!(moves.len(), count, "moves, {:?} {:?}", r, heaps);
        }
    }
}

/// The quotient at a bound where the guess-and-verify search is slow agrees with it where
/// both run, and with search on small sums of big heaps (Dawson's Kayles, heaps to 20).
#[test]
fn dawsons_kayles_quotient_to_heap_20_agrees_with_search() {
    let r = HeapRuleset::dawsons_kayles();
    let q = MisereQuotient::compute(20, |h| r.options(h), None).unwrap();
    assert_eq!(q.order(), 24);
    let mut memo = HashMap::new();
    for a in 0..=20 {
        for b in (a..=20).step_by(3) {
            let heaps = [a, b, 3];
            assert_eq!(
                q.outcome_of_heaps(&heaps).unwrap() == Outcome::P,
                brute(&r, &heaps, &mut memo),
                "{heaps:?}"
            );
        }
    }
}
