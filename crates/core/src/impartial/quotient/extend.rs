//! The incremental step: the quotient of the heaps `1..=n` from the verified quotient `Q`
//! of the heaps `1..n`, without any search over positions (Plambeck–Siegel's approach, as
//! in Siegel's MisereSolver: the new heap's image is found from the images of its options
//! in the current monoid, and each candidate is proven by the finite verification).
//!
//! # The candidate
//!
//! Take a finite commutative automaton `M` over the heaps below `n` that refines `Q`
//! (positions in one state of `M` are in one class of `Q`): first `Q` itself, then finer
//! ones (see [`profiles`]). Suppose that positions in one state of `M` stay
//! indistinguishable when heap `n` joins. Then every position `Y + k·n` (`Y` without heap
//! `n`) is in the class of `(μ(Y), k)`, and its outcome follows from its options:
//!
//! - moves in a copy of heap `n` lead to `(μ·μ(n'), k − 1)` for each option `n'`;
//! - moves in `Y` lead to `(μ(Y'), k)`, read off the *least* position of the state of `Y`
//!   (least in the order below), whose options' states have smaller least positions, so
//!   the outcomes are computed without a cycle.
//!
//! So `P_k = {μ : (μ, k) ∈ P}` is a fixed function of `P_{k−1}`, `P_0` being `Q`'s
//! P-portion read through `M`. Once `P_K = P_{K−2}` the sets alternate for ever, and
//! `(μ, K)` behaves as `(μ, K − 2)` in every sum. The states `(μ, k)`, `k < K`, with
//! `(μ, K − 1)·n = (μ, K − 2)`, form a commutative automaton; it is reduced (Moore) and
//! handed to the verification of the parent module. A candidate that passes *is* the
//! quotient, whatever the supposition it was built on; one that fails is dropped, and the
//! caller tries a finer `M`, and last the guess-and-verify search.
//!
//! **The order.** Positions are compared by their heaps in decreasing order,
//! lexicographically (a proper prefix first). An option replaces a heap by smaller ones, so
//! it comes first: the order is a well-order in which options precede their positions. The
//! least position of each state is found heap by heap: among positions whose largest heap
//! is `m`, fewer copies of `m` come first, then the least rest.

use super::{Automaton, Elem, MisereQuotient, minimize, poll, verify};
use crate::impartial::error::ImpartialError;
use rustc_hash::FxHashMap;
use std::cmp::Ordering as CmpOrdering;
use std::sync::atomic::AtomicBool;

/// The most values of `k` (copies of the new heap) tried before the sets `P_k` alternate.
const MAX_COPIES: usize = 64;
/// The most states of a profile refinement `M`.
const MAX_REFINED: usize = 200_000;
/// The most states of a product refinement, and of a candidate.
const MAX_CANDIDATE: usize = 2_000_000;

/// A commutative automaton over heaps `1..=n`: `act[s * n + h - 1] = s·h`, state 0 the
/// empty position; `proj[s]` its element of the quotient it refines.
pub(super) struct Refinement {
    n: usize,
    pub(super) act: Vec<Elem>,
    proj: Vec<Elem>,
}

impl Refinement {
    pub(super) fn len(&self) -> usize {
        self.proj.len()
    }

    fn step(&self, s: Elem, h: u32) -> Elem {
        self.act[s as usize * self.n + (h as usize - 1)]
    }

    /// The automaton of the table `act` (`act[s * n + h - 1] = s·h`), refining nothing
    /// in particular (every projection 0): for [`least_positions`] alone.
    pub(super) fn table(n: usize, act: Vec<Elem>) -> Refinement {
        let len = act.len().checked_div(n).unwrap_or(1);
        Refinement {
            n,
            act,
            proj: vec![0; len],
        }
    }

    /// `Q` itself, as an automaton.
    pub(super) fn of_quotient(q: &MisereQuotient) -> Refinement {
        Refinement {
            n: q.n as usize,
            act: q.act.clone(),
            proj: (0..q.order() as Elem).collect(),
        }
    }
}

/// The profile refinement of `m`: a position `Y` goes to `m(Y)` together with `m(Y − h)`
/// for each kind of heap `h` in `Y` (heaps of one kind act alike on `m`, so which one is
/// removed does not matter). The profile of `Y + h` is computed from that of `Y`, so this
/// is again a commutative automaton; it tells apart, e.g., a pair of equal heaps from the
/// empty position even where `m` merges them. `None` beyond [`MAX_REFINED`] states.
pub(super) fn profiles(
    m: &Refinement,
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Refinement>, ImpartialError> {
    let n = m.n;
    // Kinds: heaps with the same column.
    let mut kinds: Vec<u32> = Vec::new();
    let mut index: FxHashMap<Vec<Elem>, usize> = FxHashMap::default();
    let kind_of: Vec<usize> = std::iter::once(0)
        .chain((1..=n).map(|h| {
            let column: Vec<Elem> = (0..m.len()).map(|s| m.act[s * n + h - 1]).collect();
            *index.entry(column).or_insert_with(|| {
                kinds.push(h as u32);
                kinds.len() - 1
            })
        }))
        .collect();
    let nk = kinds.len();
    const NONE: Elem = Elem::MAX;
    let mut start = vec![NONE; nk + 1];
    start[0] = 0;
    let mut seen: FxHashMap<Vec<Elem>, Elem> = FxHashMap::default();
    seen.insert(start.clone(), 0);
    let mut states = vec![start];
    let mut act: Vec<Elem> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        if i % 1024 == 0 {
            poll(interrupt)?;
        }
        for h in 1..=n as u32 {
            let prof = &states[i];
            let k = kind_of[h as usize];
            let mut next = Vec::with_capacity(nk + 1);
            next.push(m.step(prof[0], h));
            for (j, &y) in prof[1..].iter().enumerate() {
                next.push(if j == k {
                    prof[0]
                } else if y == NONE {
                    NONE
                } else {
                    m.step(y, h)
                });
            }
            let id = match seen.get(&next) {
                Some(&id) => id,
                None => {
                    if states.len() >= MAX_REFINED {
                        return Ok(None);
                    }
                    let id = states.len() as Elem;
                    seen.insert(next.clone(), id);
                    states.push(next);
                    id
                }
            };
            act.push(id);
        }
        i += 1;
    }
    let proj = states.iter().map(|p| m.proj[p[0] as usize]).collect();
    Ok(Some(Refinement { n, act, proj }))
}

/// The least `k` with `x^(k+2) = x^k` in `q` (an element's powers end in a cycle of
/// length 1 or 2 in every misère quotient met so far), or `None` if there is none below
/// [`MAX_COPIES`].
fn power_index(q: &MisereQuotient, x: Elem) -> Option<u32> {
    let mut powers = vec![0];
    for k in 0.. {
        if k as usize >= MAX_COPIES {
            return None;
        }
        while powers.len() < k as usize + 3 {
            let last = *powers.last().unwrap_or(&0);
            powers.push(q.multiply(last, x));
        }
        if powers[k as usize + 2] == powers[k as usize] {
            return Some(k);
        }
    }
    None
}

/// A product refinement of `q`: a position is mapped to the exponents of its heaps in
/// `gens` (which hold `q`'s generator heaps), every other heap counted as its normal form
/// in `q`'s generators, and each exponent `e` of heap `g` kept below `c + 2` by the
/// relation `g^(c+2) = g^c`, where `c` is the extra count given with `g` more than the
/// least `c` for which `q` itself satisfies that relation (so that the map to `q` stays a
/// homomorphism). So the relations of `q` between different generators are dropped, the
/// heaps of `gens` beyond `q`'s generators are freed of `q`'s identification of them, and
/// powers are told apart further: the refinement sees a class of `q` split when a new heap
/// makes, say, `g ≠ ab` for a heap `g` that was `ab` in `q`, or `a^3 ≠ a`. `None` beyond
/// [`MAX_CANDIDATE`] states.
pub(super) fn product(q: &MisereQuotient, gens: &[(u32, u32)]) -> Option<Refinement> {
    let n = q.n as usize;
    let mut radix = Vec::with_capacity(gens.len());
    for &(g, extra) in gens {
        let c = power_index(q, q.phi[g as usize])?;
        radix.push(c + extra + 2);
    }
    let len = radix
        .iter()
        .try_fold(1usize, |acc, &r| acc.checked_mul(r as usize))?;
    if len > MAX_CANDIDATE {
        return None;
    }
    // Each heap's exponents over `gens`.
    let word = |h: u32| -> Option<Vec<u32>> {
        let mut v = vec![0; gens.len()];
        if let Some(i) = gens.iter().position(|&(g, _)| g == h) {
            v[i] = 1;
            return Some(v);
        }
        for (j, &e) in q.word(q.phi[h as usize]).iter().enumerate() {
            let g = q.generator_heaps[j] as u32;
            v[gens.iter().position(|&(x, _)| x == g)?] = e;
        }
        Some(v)
    };
    let words: Vec<Vec<u32>> = (1..=n as u32).map(word).collect::<Option<_>>()?;
    let decode = |mut s: usize| -> Vec<u32> {
        radix
            .iter()
            .map(|&r| {
                let e = (s % r as usize) as u32;
                s /= r as usize;
                e
            })
            .collect()
    };
    let encode = |e: &[u32]| -> Elem {
        e.iter()
            .zip(&radix)
            .rev()
            .fold(0usize, |acc, (&v, &r)| acc * r as usize + v as usize) as Elem
    };
    let mut act = Vec::with_capacity(len * n);
    let mut proj = Vec::with_capacity(len);
    for s in 0..len {
        let e = decode(s);
        proj.push(
            e.iter()
                .zip(gens)
                .fold(0, |y, (&k, &(g, _))| (0..k).fold(y, |z, _| q.step(z, g))),
        );
        for w in &words {
            // The exponents add, each brought back below its radix by g^(c+2) = g^c.
            let sum: Vec<u32> = e
                .iter()
                .zip(w)
                .zip(&radix)
                .map(|((&a, &b), &r)| {
                    let mut t = a + b;
                    while t >= r {
                        t -= 2;
                    }
                    t
                })
                .collect();
            act.push(encode(&sum));
        }
    }
    Some(Refinement { n, act, proj })
}

/// Compares two sorted heap lists in the order of the module doc: by their heaps in
/// decreasing order, lexicographically.
pub(super) fn order(a: &[u32], b: &[u32]) -> CmpOrdering {
    a.iter().rev().cmp(b.iter().rev())
}

/// Each distinct heap `h` of the sorted position `rep`, with the state of the position
/// without one copy of `h` (the state a move on `h` adds its options' heaps to).
pub(super) fn heaps_and_rests<'a>(
    rep: &'a [u32],
    step: impl Fn(Elem, u32) -> Elem + 'a,
) -> impl Iterator<Item = (u32, Elem)> + 'a {
    rep.iter().enumerate().filter_map(move |(i, &h)| {
        if i > 0 && rep[i - 1] == h {
            return None;
        }
        let rest = rep
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0, |x, (_, &k)| step(x, k));
        Some((h, rest))
    })
}

/// The least position (sorted heaps) of every state reached from state 0.
pub(super) fn least_positions(m: &Refinement) -> Vec<Vec<u32>> {
    let len = m.len();
    let mut best: Vec<Option<Vec<u32>>> = vec![None; len];
    best[0] = Some(Vec::new());
    for h in 1..=m.n as u32 {
        // The states reached with heaps below h, least position first.
        let mut level: Vec<Elem> = (0..len as Elem)
            .filter(|&s| best[s as usize].is_some())
            .collect();
        level.sort_by(|&x, &y| {
            order(
                best[x as usize].as_deref().unwrap_or_default(),
                best[y as usize].as_deref().unwrap_or_default(),
            )
        });
        let bases: Vec<Vec<u32>> = level
            .iter()
            .map(|&s| best[s as usize].clone().unwrap_or_default())
            .collect();
        let mut cur = level.clone();
        let mut seen_maps: FxHashMap<Vec<Elem>, ()> = FxHashMap::default();
        for j in 1.. {
            for c in cur.iter_mut() {
                *c = m.step(*c, h);
            }
            if seen_maps.insert(cur.clone(), ()).is_some() {
                break;
            }
            for (b, &t) in bases.iter().zip(&cur) {
                if best[t as usize].is_none() {
                    let mut r: Vec<u32> = b.clone();
                    r.extend(std::iter::repeat_n(h, j));
                    best[t as usize] = Some(r);
                }
            }
        }
    }
    best.into_iter().map(Option::unwrap_or_default).collect()
}

/// The verified quotient of the heaps `1..=n` built from `q` (heaps below `n`) on the
/// refinement `m` of `q`, or `None` when the candidate fails its verification (or its
/// sets `P_k` do not settle, or it would be too large).
pub(super) fn extend(
    q: &MisereQuotient,
    m: &Refinement,
    options: &[Vec<Vec<u32>>],
    cache: &mut Option<Vec<u32>>,
    counter: &mut Vec<Vec<u32>>,
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Automaton>, ImpartialError> {
    let n = options.len() - 1;
    let len = m.len();
    let reps = least_positions(m);
    let state_of = |heaps: &[u32], from: Elem| heaps.iter().fold(from, |s, &h| m.step(s, h));
    // The state of each option of heap n, as a move from a state: μ ↦ μ·μ(n'). Kept as
    // the option's heaps, applied to each state below.
    let new_opts = &options[n];
    let new_has_move = !new_opts.is_empty();
    // For each state, the states of the options of its least position, and whether it
    // has a move at all.
    let mut rep_opts: Vec<Vec<Elem>> = Vec::with_capacity(len);
    let mut rep_moves: Vec<bool> = Vec::with_capacity(len);
    for (s, rep) in reps.iter().enumerate() {
        if s % 4096 == 0 {
            poll(interrupt)?;
        }
        let mut v = Vec::new();
        for (h, rest) in heaps_and_rests(rep, |x, k| m.step(x, k)) {
            for opt in &options[h as usize] {
                v.push(state_of(opt, rest));
            }
        }
        rep_moves.push(rep.iter().any(|&h| !options[h as usize].is_empty()));
        v.sort_unstable();
        v.dedup();
        rep_opts.push(v);
    }
    let order_of_reps = {
        let mut idx: Vec<usize> = (0..len).collect();
        idx.sort_by(|&x, &y| order(&reps[x], &reps[y]));
        idx
    };
    let mut sets: Vec<Vec<bool>> = vec![m.proj.iter().map(|&x| q.p[x as usize]).collect()];
    let copies = loop {
        let k = sets.len();
        if k >= 3 && sets[k - 1] == sets[k - 3] {
            break k - 1;
        }
        if k > MAX_COPIES || k * len > MAX_CANDIDATE {
            return Ok(None);
        }
        poll(interrupt)?;
        let prev = &sets[k - 1];
        let mut cur = vec![false; len];
        // In increasing order of least positions: every option's state comes earlier.
        for &s in &order_of_reps {
            let blocked = new_opts
                .iter()
                .any(|o| prev[state_of(o, s as Elem) as usize]);
            let has_move = rep_moves[s] || new_has_move;
            cur[s] = has_move && !blocked && rep_opts[s].iter().all(|&z| !cur[z as usize]);
        }
        sets.push(cur);
    };
    // States (μ, j) for j < copies, numbered j·len + μ.
    let mut act = Vec::with_capacity(len * copies * n);
    let mut p = Vec::with_capacity(len * copies);
    let mut state_reps = Vec::with_capacity(len * copies);
    for (j, set) in sets.iter().enumerate().take(copies) {
        for s in 0..len {
            for h in 1..n as u32 {
                act.push((j * len) as Elem + m.step(s as Elem, h));
            }
            let up = if j + 1 < copies { j + 1 } else { copies - 2 };
            act.push((up * len + s) as Elem);
            p.push(set[s]);
            let mut r = reps[s].clone();
            r.extend(std::iter::repeat_n(n as u32, j));
            state_reps.push(r);
        }
    }
    let a = minimize(&Automaton {
        n,
        act,
        p,
        reps: state_reps,
    });
    // A candidate whose check (c) outgrows its bound is dropped like one that fails (a
    // finer candidate may still pass), with no counterexample to learn from.
    Ok(match verify(&a, options, Some(cache), interrupt) {
        Ok(None) => Some(a),
        Ok(Some(c)) => {
            *counter = c;
            None
        }
        Err(ImpartialError::SearchTooLarge { .. }) => None,
        Err(e) => return Err(e),
    })
}

/// A local refinement of `q`: the product refinement with `q`'s relations kept between
/// the generators not in `free`. A position is mapped to the exponents of its heaps in
/// `free` (each a coordinate, with `g^(c+2) = g^c` as in [`product`]), every other heap
/// counted by its normal form in `q`: its exponents of the generators whose heaps are in
/// `free` go to those coordinates, and the rest of its word stays an element of `q`,
/// multiplied in `q`. With `free` holding every generator this is [`product`]; with
/// fewer, it is `|q|` times the radices of `free` at most, and only the states reached
/// from the empty position are kept. It sees a class of `q` split when the new heap
/// tells a free heap (or generator, or their powers) apart from what `q` took it to be,
/// while `q`'s other relations stand. `None` beyond [`MAX_CANDIDATE`] states.
pub(super) fn local(q: &MisereQuotient, free: &[(u32, u32)]) -> Option<Refinement> {
    let n = q.n as usize;
    let qlen = q.order();
    let mut radix = Vec::with_capacity(free.len());
    for &(g, extra) in free {
        let c = power_index(q, q.phi[g as usize])?;
        radix.push(c + extra + 2);
    }
    let block = radix
        .iter()
        .try_fold(1usize, |acc, &r| acc.checked_mul(r as usize))?;
    let full = qlen.checked_mul(block)?;
    if full > MAX_CANDIDATE.saturating_mul(8) {
        return None;
    }
    // The strides of the exponent code: exponent i counts `stride[i]`.
    let mut stride = Vec::with_capacity(radix.len());
    let mut s = 1usize;
    for &r in &radix {
        stride.push(s);
        s *= r as usize;
    }
    // Each heap as (its exponents of the coordinates, its element of q off them).
    let gens = &q.generator_heaps;
    let mut heaps: Vec<(Vec<u32>, Vec<Elem>)> = Vec::with_capacity(n);
    for h in 1..=n as u32 {
        let mut e = vec![0u32; free.len()];
        let mut y: Elem = 0;
        if let Some(k) = free.iter().position(|&(g, _)| g == h) {
            e[k] = 1;
        } else {
            for (j, &w) in q.word(q.phi[h as usize]).iter().enumerate() {
                let g = gens[j] as u32;
                match free.iter().position(|&(f, _)| f == g) {
                    Some(k) => e[k] = w,
                    None => {
                        for _ in 0..w {
                            y = q.step(y, g);
                        }
                    }
                }
            }
        }
        let column = (0..qlen as Elem).map(|x| q.multiply(x, y)).collect();
        heaps.push((e, column));
    }
    // Full state (code · qlen + x) → its number among the reached states.
    let mut id: FxHashMap<usize, Elem> = FxHashMap::default();
    let mut states: Vec<usize> = vec![0];
    id.insert(0, 0);
    let mut act: Vec<Elem> = Vec::new();
    let mut proj: Vec<Elem> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let st = states[i];
        let (code, x) = (st / qlen, st % qlen);
        let exps: Vec<usize> = (0..free.len())
            .map(|k| code / stride[k] % radix[k] as usize)
            .collect();
        let mut y = x as Elem;
        for (k, &(g, _)) in free.iter().enumerate() {
            for _ in 0..exps[k] {
                y = q.step(y, g);
            }
        }
        proj.push(y);
        for (e, column) in &heaps {
            let mut c = 0;
            for k in 0..free.len() {
                let r = radix[k] as usize;
                let mut t = exps[k] + e[k] as usize;
                while t >= r {
                    t -= 2;
                }
                c += t * stride[k];
            }
            let next = c * qlen + column[x] as usize;
            let len = states.len() as Elem;
            let to = *id.entry(next).or_insert(len);
            if to == len {
                if states.len() >= MAX_CANDIDATE {
                    return None;
                }
                states.push(next);
            }
            act.push(to);
        }
        i += 1;
    }
    Some(Refinement { n, act, proj })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::HeapRuleset;

    /// A refinement must be a commutative automaton mapped onto `q` by a homomorphism
    /// (`proj(s·h) = proj(s)·Φ(h)`), with every state reached from the empty position.
    fn check_refines(q: &MisereQuotient, m: &Refinement) {
        let n = m.n as u32;
        assert_eq!(m.proj[0], 0);
        let mut reached = vec![false; m.len()];
        reached[0] = true;
        let mut stack = vec![0];
        while let Some(s) = stack.pop() {
            for h in 1..=n {
                let t = m.step(s, h);
                assert_eq!(m.proj[t as usize], q.step(m.proj[s as usize], h));
                for k in h + 1..=n {
                    assert_eq!(m.step(t, k), m.step(m.step(s, k), h));
                }
                if !reached[t as usize] {
                    reached[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        assert!(reached.iter().all(|&r| r));
    }

    #[test]
    fn local_refinements_refine_the_quotient() {
        let r = HeapRuleset::dawsons_kayles();
        let q = MisereQuotient::compute(20, |h| r.options(h), None).unwrap();
        assert_eq!(q.order(), 24);
        // Nothing freed: `q` itself.
        let m = local(&q, &[]).unwrap();
        assert_eq!(m.len(), 24);
        check_refines(&q, &m);
        // Heap 14 (`d`, with d^2 = 1) given the relation d^3 = d instead: the classes
        // with an even positive count of d-letters split off, 36 states.
        let m = local(&q, &[(14, 1)]).unwrap();
        assert_eq!(m.len(), 36);
        check_refines(&q, &m);
        for free in [
            vec![(17, 0)],
            vec![(10, 1), (19, 0)],
            vec![(2, 0), (4, 1), (12, 0)],
        ] {
            let m = local(&q, &free).unwrap();
            assert!(m.len() > 24);
            check_refines(&q, &m);
        }
        // Every generator freed: the product refinement, state for state.
        let gens: Vec<(u32, u32)> = q.generator_heaps.iter().map(|&g| (g as u32, 0)).collect();
        let m = local(&q, &gens).unwrap();
        check_refines(&q, &m);
        assert_eq!(m.len(), product(&q, &gens).unwrap().len());
    }
}
