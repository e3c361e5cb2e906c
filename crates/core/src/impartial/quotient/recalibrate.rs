//! Recalibration by least failures (after the method of Siegel's MisereSolver, described in
//! Plambeck–Siegel, "Misère quotients for impartial games", JCTA 115 (2008), § on
//! computing quotients): the step from the quotient of the heaps below `n` to that of the
//! heaps up to `n` when the new heap splits classes of the smaller quotient.
//!
//! # The loop
//!
//! A *trial* is a finite commutative automaton over the heaps `1..=n` whose P-portion is
//! *marked* from the automaton alone: each state takes the outcome of its least position
//! (in the order of [`super::extend`], where a position's options precede it) from the
//! states of that position's options. The first trial is `Q × C`, `Q` the quotient below
//! `n` and `C` the cyclic monoid `x^4 = x^2` of the new heap.
//!
//! A trial predicts `G ∈ P` by its state. A position *fails locally* when the prediction
//! disagrees with what the predictions of its options give (it has a move and no option
//! is predicted P). The search [`least_failure`] finds a failing position `W` of least
//! *weight* (weights add over a sum and every option is lighter than its position), so
//! every follower of `W` is lighter, fails nowhere, and by induction is predicted right;
//! `W`'s true outcome is then what its options give, the opposite of the prediction. No
//! search over positions is needed to learn it, and the fact is certain.
//!
//! When there is no failing position, every prediction is right (induction again) and the
//! reduced trial is the quotient; the parent module's verification is run on it as well.
//! Otherwise the trial is *recalibrated*: for the sets `S` of heaps of `W`, smallest
//! first, the heaps of `S` are freed (each becomes its own cyclic monoid, long enough to
//! count its copies in `W`), the other heaps keep their elements of the trial, the
//! product is marked and reduced, and the first candidate that gets `W` right is the next
//! trial. Each round so fixes one certain fact, and the trial only grows where a failure
//! shows it must.

use super::extend::{Refinement, heaps_and_rests, least_positions, order};
use super::{ABSENT, Automaton, Elem, MisereQuotient, minimize, poll};
use crate::impartial::error::ImpartialError;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::AtomicBool;

/// The most recalibrations tried for one heap.
const ROUNDS: usize = 400;
/// The most states of a product before it is marked and reduced.
const MAX_PRODUCT: usize = 4_000_000;
/// The most profiles visited by [`least_failure`].
const MAX_FAILURE_PROFILES: usize = 8_000_000;

/// The verified quotient of the heaps up to `n = options.len() - 1` from the quotient `q`
/// of the heaps below, by recalibration; `None` when the rounds run out (or a candidate
/// outgrows its bounds).
pub(super) fn solve(
    q: &MisereQuotient,
    options: &[Vec<Vec<u32>>],
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Automaton>, ImpartialError> {
    let n = options.len() - 1;
    let base = Automaton {
        n: q.n as usize,
        act: q.act.clone(),
        p: q.p.clone(),
        reps: q.reps.clone(),
    };
    let weight = weights(options);
    let Some(mut trial) = product(&base, &[(n as u32, 2, 2)], n, options, interrupt)? else {
        return Ok(None);
    };
    for _ in 0..ROUNDS {
        poll(interrupt)?;
        let found = match least_failure(&trial, options, &weight, interrupt) {
            Ok(f) => f,
            Err(ImpartialError::SearchTooLarge { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        let Some(w) = found else {
            // No position fails locally: every prediction is right (by induction over
            // positions, lightest first), and the reduced trial is the quotient.
            return Ok(Some(trial));
        };
        let truth = !trial.p[trial.apply(0, &w) as usize];
        match recalibrate(&trial, &w, truth, options, interrupt)? {
            Some(next) => trial = next,
            None => return Ok(None),
        }
    }
    Ok(None)
}

/// An additive weight on heaps with every option lighter than its heap: a heap without
/// options weighs 0 (it acts as the identity), any other one 1 more than its heaviest
/// option (saturating).
fn weights(options: &[Vec<Vec<u32>>]) -> Vec<u64> {
    let mut w = vec![0u64; options.len()];
    for h in 1..options.len() {
        let heaviest = options[h]
            .iter()
            .map(|o| o.iter().fold(0u64, |s, &m| s.saturating_add(w[m as usize])))
            .max()
            .unwrap_or(0);
        w[h] = if options[h].is_empty() {
            0
        } else {
            heaviest.saturating_add(1)
        };
    }
    w
}

/// The smallest `i` with `x^i` in a cycle of the powers of `x` (its index), and the
/// length of that cycle.
fn index_and_period(a: &Automaton, x: Elem) -> (u32, u32) {
    let mut seen: FxHashMap<Elem, u32> = FxHashMap::default();
    let mut y = 0;
    for k in 0u32.. {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = a.reps[x as usize].iter().fold(y, |z, &h| a.step(z, h));
    }
    (0, 1)
}

/// The trial on `base` (a commutative automaton over heaps `1..=base.n`) with the heaps of
/// `free` (heap, index, period) freed: each counts its own copies, `x^(index + period) =
/// x^index`, every other heap acts as in `base` (so heaps above `base.n` must be free);
/// marked and reduced. `None` when the product outgrows [`MAX_PRODUCT`].
fn product(
    base: &Automaton,
    free: &[(u32, u32, u32)],
    n: usize,
    options: &[Vec<Vec<u32>>],
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Automaton>, ImpartialError> {
    let blen = base.len();
    let mut stride = Vec::with_capacity(free.len());
    let mut s = blen;
    for &(_, i, p) in free {
        stride.push(s);
        s = match s.checked_mul((i + p) as usize) {
            Some(s) => s,
            None => return Ok(None),
        };
    }
    let slot: Vec<Option<usize>> = (0..=n as u32)
        .map(|h| free.iter().position(|&(g, _, _)| g == h))
        .collect();
    // A full state is `x + Σ e_k·stride[k]`; only those reached from 0 are numbered.
    let mut id: FxHashMap<usize, Elem> = FxHashMap::default();
    id.insert(0, 0);
    let mut states = vec![0usize];
    let mut act: Vec<Elem> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        if i % 4096 == 0 {
            poll(interrupt)?;
        }
        let st = states[i];
        let x = (st % blen) as Elem;
        for h in 1..=n as u32 {
            let next = match slot[h as usize] {
                Some(k) => {
                    let (_, idx, per) = free[k];
                    let e = (st / stride[k] % (idx + per) as usize) as u32;
                    let mut t = e + 1;
                    if t >= idx + per {
                        t -= per;
                    }
                    st - e as usize * stride[k] + t as usize * stride[k]
                }
                None => st - x as usize + base.step(x, h) as usize,
            };
            let fresh = states.len() as Elem;
            let to = *id.entry(next).or_insert(fresh);
            if to == fresh {
                if states.len() >= MAX_PRODUCT {
                    return Ok(None);
                }
                states.push(next);
            }
            act.push(to);
        }
        i += 1;
    }
    Ok(Some(mark(n, act, options, interrupt)?))
}

/// The automaton `act` over heaps `1..=n` with its P-portion marked by least positions,
/// reduced.
fn mark(
    n: usize,
    act: Vec<Elem>,
    options: &[Vec<Vec<u32>>],
    interrupt: Option<&AtomicBool>,
) -> Result<Automaton, ImpartialError> {
    let m = Refinement::table(n, act);
    let reps = least_positions(&m);
    let len = reps.len();
    let mut by_order: Vec<usize> = (0..len).collect();
    by_order.sort_by(|&x, &y| order(&reps[x], &reps[y]));
    let Refinement { act, .. } = m;
    let step = |s: Elem, h: u32| act[s as usize * n + (h as usize - 1)];
    let mut p = vec![false; len];
    for (count, &s) in by_order.iter().enumerate() {
        if count % 4096 == 0 {
            poll(interrupt)?;
        }
        let rep = &reps[s];
        let mut has_move = false;
        let mut all_n = true;
        'heaps: for (h, rest) in heaps_and_rests(rep, step) {
            for opt in &options[h as usize] {
                has_move = true;
                if p[opt.iter().fold(rest, |x, &k| step(x, k)) as usize] {
                    all_n = false;
                    break 'heaps;
                }
            }
        }
        p[s] = has_move && all_n;
    }
    Ok(minimize(&Automaton { n, act, p, reps }))
}

/// The next trial after `trial` got the outcome of `w` wrong (`truth`: whether `w` is in
/// fact a P-position): the first product, freeing the fewest heaps of `w`, that gets it
/// right.
fn recalibrate(
    trial: &Automaton,
    w: &[u32],
    truth: bool,
    options: &[Vec<Vec<u32>>],
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Automaton>, ImpartialError> {
    let n = trial.n;
    let mut heaps: Vec<u32> = w.to_vec();
    heaps.dedup();
    heaps.retain(|&h| !options[h as usize].is_empty());
    for size in 1..=heaps.len() {
        for subset in subsets(heaps.len(), size) {
            poll(interrupt)?;
            let free: Vec<(u32, u32, u32)> = subset
                .iter()
                .map(|&k| {
                    let h = heaps[k];
                    let copies = w.iter().filter(|&&g| g == h).count() as u32;
                    let (idx, _) = index_and_period(trial, trial.step(0, h));
                    let index = idx.max(copies.saturating_sub(1));
                    let period = if index >= 8 { 2 * ((index - 4) / 2) } else { 2 };
                    (h, index, period)
                })
                .collect();
            let Some(cand) = product(trial, &free, n, options, interrupt)? else {
                continue;
            };
            if cand.p[cand.apply(0, w) as usize] == truth {
                return Ok(Some(cand));
            }
        }
    }
    Ok(None)
}

/// The `size`-element subsets of `0..len`, in lexicographic order.
fn subsets(len: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..size).collect();
    if size > len {
        return out;
    }
    loop {
        out.push(cur.clone());
        let Some(i) = (0..size).rev().find(|&i| cur[i] < len - size + i) else {
            return out;
        };
        cur[i] += 1;
        for j in i + 1..size {
            cur[j] = cur[j - 1] + 1;
        }
    }
}
/// A position of least weight that fails locally in `a` (its predicted outcome is not the
/// one its options' predictions give), or `None` when there is none at all.
///
/// A *P-failure* (predicted P with an option predicted P) is `G = Y + h` with `y = Φ(Y)`,
/// `y·Φ(h) ∈ P` and `y·Φ(h') ∈ P` for an option `h'` of `h`: the least is found over the
/// pairs `(y, h)`, `Y` a lightest position of state `y`. An *N-failure* (predicted N, with
/// a move, no option predicted P) is searched by `G`'s state and the set `T(G)` of the
/// states of its options, as in MisereSolver: `T(G + h) = T(G)·Φ(h) ∪ Φ(G)·T(h)` grows
/// with `T(G)`, so when a lighter position had the same state and a subset of the
/// options' states, every failure reached from the heavier one is matched by a failure
/// no heavier reached from the lighter: the heavier one is dropped. Positions are taken
/// lightest first (Dijkstra), each heap at the lightest weight of the heaps acting alike.
pub(super) fn least_failure(
    a: &Automaton,
    options: &[Vec<Vec<u32>>],
    weight: &[u64],
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Vec<u32>>, ImpartialError> {
    let n = a.n;
    let len = a.len();
    let words = len.div_ceil(64);
    // Kinds of heaps: the same action and the same states of their options.
    let mut kind_heap: Vec<u32> = Vec::new();
    let mut kind_opts: Vec<Vec<Elem>> = Vec::new();
    {
        let mut index: FxHashMap<(Vec<Elem>, Vec<Elem>), usize> = FxHashMap::default();
        for h in 1..=n as u32 {
            let column: Vec<Elem> = (0..len as Elem).map(|x| a.step(x, h)).collect();
            let mut opts: Vec<Elem> = options[h as usize].iter().map(|o| a.apply(0, o)).collect();
            opts.sort_unstable();
            opts.dedup();
            let identity = column.iter().enumerate().all(|(x, &y)| y == x as Elem);
            if identity && opts.is_empty() {
                continue; // changes nothing, present or not
            }
            let k = *index.entry((column, opts.clone())).or_insert_with(|| {
                kind_heap.push(h);
                kind_opts.push(opts);
                kind_heap.len() - 1
            });
            if weight[h as usize] < weight[kind_heap[k] as usize] {
                kind_heap[k] = h;
            }
        }
    }
    // Lightest positions of the states, for the P-failures.
    let mut light = vec![u64::MAX; len];
    let mut via: Vec<(Elem, u32)> = vec![(ABSENT, 0); len];
    {
        let mut queue: BinaryHeap<Reverse<(u64, Elem)>> = BinaryHeap::new();
        light[0] = 0;
        queue.push(Reverse((0, 0)));
        while let Some(Reverse((d, x))) = queue.pop() {
            if d > light[x as usize] {
                continue;
            }
            for &h in &kind_heap {
                let y = a.step(x, h);
                let nd = d.saturating_add(weight[h as usize]);
                if nd < light[y as usize] {
                    light[y as usize] = nd;
                    via[y as usize] = (x, h);
                    queue.push(Reverse((nd, y)));
                }
            }
        }
    }
    let lightest = |mut y: Elem| -> Vec<u32> {
        let mut pos = Vec::new();
        while via[y as usize].0 != ABSENT {
            pos.push(via[y as usize].1);
            y = via[y as usize].0;
        }
        pos
    };
    let mut best: Option<(u64, Vec<u32>)> = None;
    for y in 0..len as Elem {
        if light[y as usize] == u64::MAX {
            continue;
        }
        for (k, &h) in kind_heap.iter().enumerate() {
            let d = light[y as usize].saturating_add(weight[h as usize]);
            if best.as_ref().is_some_and(|(b, _)| *b <= d) {
                continue;
            }
            if a.p[a.step(y, h) as usize]
                && kind_opts[k].iter().any(|&o| a.p[a.step_by(y, o) as usize])
            {
                let mut pos = lightest(y);
                pos.push(h);
                best = Some((d, pos));
            }
        }
    }
    // N-failures lighter than the least P-failure.
    let bound = best.as_ref().map_or(u64::MAX, |(b, _)| *b);
    let mut nodes: Vec<(Elem, Vec<u64>, u32, u32)> = vec![(0, vec![0; words], u32::MAX, 0)];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    let mut kept: Vec<Vec<Vec<u64>>> = vec![Vec::new(); len];
    // An empty set (no move) subsumes only an empty one: a failure needs a move.
    let subsumed = |kept: &[Vec<u64>], tr: &[u64]| {
        let empty = tr.iter().all(|&t| t == 0);
        kept.iter().any(|old| {
            old.iter().zip(tr).all(|(&o, &t)| o & !t == 0) && (empty || old.iter().any(|&o| o != 0))
        })
    };
    let mut popped = 0usize;
    while let Some(Reverse((d, i))) = queue.pop() {
        if d >= bound {
            break;
        }
        popped += 1;
        if popped.is_multiple_of(1024) {
            poll(interrupt)?;
        }
        let (x, tr) = (nodes[i as usize].0, nodes[i as usize].1.clone());
        if subsumed(&kept[x as usize], &tr) {
            continue;
        }
        let nonempty = tr.iter().any(|&b| b != 0);
        if nonempty && !a.p[x as usize] {
            let some_p = (0..len).any(|z| tr[z / 64] >> (z % 64) & 1 == 1 && a.p[z]);
            if !some_p {
                let mut pos = Vec::new();
                let mut j = i;
                while nodes[j as usize].2 != u32::MAX {
                    pos.push(nodes[j as usize].3);
                    j = nodes[j as usize].2;
                }
                pos.sort_unstable();
                return Ok(Some(pos));
            }
        }
        kept[x as usize].retain(|old| !subsumed(std::slice::from_ref(&tr), old));
        kept[x as usize].push(tr.clone());
        for (k, &h) in kind_heap.iter().enumerate() {
            let mut next = vec![0u64; words];
            for z in 0..len {
                if tr[z / 64] >> (z % 64) & 1 == 1 {
                    let t = a.step(z as Elem, h) as usize;
                    next[t / 64] |= 1 << (t % 64);
                }
            }
            for &o in &kind_opts[k] {
                let t = a.step_by(x, o) as usize;
                next[t / 64] |= 1 << (t % 64);
            }
            let y = a.step(x, h);
            if subsumed(&kept[y as usize], &next) {
                continue;
            }
            let nd = d.saturating_add(weight[h as usize]);
            if nd >= bound {
                continue;
            }
            if nodes.len() >= MAX_FAILURE_PROFILES {
                return Err(ImpartialError::SearchTooLarge {
                    limit: MAX_FAILURE_PROFILES,
                });
            }
            nodes.push((y, next, i, h));
            queue.push(Reverse((nd, nodes.len() as u32 - 1)));
        }
    }
    Ok(best.map(|(_, mut pos)| {
        pos.sort_unstable();
        pos
    }))
}

#[cfg(test)]
mod tests {
    use super::super::verify;
    use super::*;
    use crate::impartial::HeapRuleset;

    #[test]
    fn subsets_in_order() {
        assert_eq!(subsets(3, 2), [vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(subsets(2, 0), [Vec::<usize>::new()]);
        assert!(subsets(1, 2).is_empty());
    }

    /// Brute-force misère outcome of a sum of heaps (sorted).
    fn brute(options: &[Vec<Vec<u32>>], pos: &[u32], memo: &mut FxHashMap<Vec<u32>, bool>) -> bool {
        if let Some(&v) = memo.get(pos) {
            return v;
        }
        let mut has_move = false;
        let mut p = true;
        'heaps: for i in 0..pos.len() {
            for o in &options[pos[i] as usize] {
                has_move = true;
                let next = super::super::replace(pos, i, o);
                if brute(options, &next, memo) {
                    p = false;
                    break 'heaps;
                }
            }
        }
        let v = has_move && p;
        memo.insert(pos.to_vec(), v);
        v
    }

    /// Dawson's Kayles at heap 25, where classes of the smaller quotient first split: the
    /// least failures' outcomes, learnt from the trial, are the brute-force ones; the result
    /// has order 144 and passes the parent module's independent verification.
    #[test]
    fn dawsons_kayles_heap_25_by_recalibration() {
        let r = HeapRuleset::dawsons_kayles();
        let q = MisereQuotient::compute(24, |h| r.options(h), None).unwrap();
        let options =
            MisereQuotient::read_options::<ImpartialError, _>(25, |h| r.options(h)).unwrap();
        let base = Automaton {
            n: 24,
            act: q.act.clone(),
            p: q.p.clone(),
            reps: q.reps.clone(),
        };
        let weight = weights(&options);
        let mut trial = product(&base, &[(25, 2, 2)], 25, &options, None)
            .unwrap()
            .unwrap();
        let mut memo = FxHashMap::default();
        let mut rounds = 0;
        let mut checked = 0;
        while let Some(w) = least_failure(&trial, &options, &weight, None).unwrap() {
            let truth = !trial.p[trial.apply(0, &w) as usize];
            // Brute force where it is quick (the first failures: 21 + 25, 2 + 23 + 25).
            if w.iter().sum::<u32>() <= 50 {
                assert_eq!(truth, brute(&options, &w, &mut memo), "{w:?}");
                checked += 1;
            }
            trial = recalibrate(&trial, &w, truth, &options, None)
                .unwrap()
                .unwrap();
            rounds += 1;
        }
        assert!(rounds > 10 && checked >= 2);
        assert_eq!(trial.len(), 144);
        assert_eq!(verify(&trial, &options, None, None).unwrap(), None);
        let solved = solve(&q, &options, None).unwrap().unwrap();
        assert_eq!(solved.len(), 144);
    }

    #[test]
    fn weights_make_options_lighter() {
        // Heap 3 of a game splitting it into 1 + 1 without taking anything.
        let options = vec![vec![], vec![], vec![vec![1]], vec![vec![1, 1], vec![2]]];
        let w = weights(&options);
        assert_eq!(w, [0, 0, 1, 2]);
    }
}
