//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial combinatorial
//! games", INTEGERS 5 (2005) G05; Plambeck–Siegel, "Misère quotients for impartial games",
//! JCTA 115 (2008); Siegel's MisereSolver).
//!
//! Let `A` be the closure of the heaps `1..=n` of a heap ruleset: every finite sum of such
//! heaps (closed under options, as an option of a heap is a sum of smaller heaps). Two
//! positions `G`, `H` of `A` are *indistinguishable* when `G + X` and `H + X` have the same
//! misère outcome for every `X` in `A`. The classes form a commutative monoid `Q`, the
//! *misère quotient*; its *P-portion* is the set of classes of misère P-positions and the
//! *pretending function* `Φ` sends heap `h` to its class. A position `h1 + … + hk` is then
//! a misère P-position iff `Φ(h1)·…·Φ(hk)` is in the P-portion.
//!
//! # Method, and what is guaranteed
//!
//! The quotient is built heap by heap: the quotient of the heaps `1..=m` from the verified
//! quotient of the heaps below `m`. Each step first tries the **incremental step** of
//! `extend` (Plambeck–Siegel's approach, as in Siegel's MisereSolver: the new heap's
//! element is worked out from the elements of its options in the current monoid, with no
//! search over positions), and proves its candidate with the verification of step 3
//! below. Only when no candidate passes does the step fall back on the **guess-and-verify
//! search** of steps 1–3 (exponential, so for modest bounds), which the tests also run on
//! its own as an independent cross-check. Nothing unverified is ever returned.
//!
//! 1. **Guess** (in the style of Angluin's L*): with a list `T` of test positions (at first
//!    only the empty position), explore the classes breadth first from the empty position,
//!    adding one heap at a time; the class of a position is its *signature*, the misère
//!    outcomes (by memoized search) of the position plus each test position. This gives a
//!    finite automaton: states with a representative position, a transition `x·h` for every
//!    heap `h`, and the P-portion (states whose representative is a P-position). Distinct
//!    signatures are distinct classes, so there are never more states than `|Q|`.
//! 2. **Minimize** it (Moore's partition refinement): states are merged unless some sequence
//!    of heaps leads one into the P-portion and the other out of it.
//! 3. **Verify** that the automaton is commutative (`x·h·k = x·k·h` for all states and
//!    heaps), so that `Φ(G)` — the state reached from the empty position by adding the heaps
//!    of `G` in any order — is a monoid homomorphism onto the states, and that
//!    `Φ(G) ∈ P ⟺ G is a misère P-position` for **every** `G` in `A`, by three finite
//!    checks. Writing `W(h)` for the states `y` such that some option `h'` of `h` has
//!    `y·Φ(h') ∈ P`:
//!    - (a) no position without moves is mapped into `P`;
//!    - (b) for every state `x` and heap `h` with `x·Φ(h) ∈ P`, no option `h'` of `h` has
//!      `x·Φ(h') ∈ P`;
//!    - (c) every position `G` with a move and `Φ(G) ∉ P` holds a heap `h` with
//!      `Φ(G − h) ∈ W(h)`.
//!
//!    Then induction on `G` proves the claim: if `Φ(G) ∈ P`, `G` has a move by (a), and
//!    every option `(G − h) + h'` has image `Φ(G − h)·Φ(h') ∉ P` by (b) (with
//!    `x = Φ(G − h)`), so every option is an N-position and `G` is a P-position; if
//!    `Φ(G) ∉ P` and `G` has a move, (c) gives an option whose image is in `P`, a
//!    P-position, so `G` is an N-position; without a move `G` is an N-position (misère).
//!    Check (c) ranges over infinitely many positions but depends only on the *profile* of
//!    `G`: `Φ(G)` and, for each *image* (heaps acting alike on the states) present in `G`,
//!    `Φ(G − h)` (the same whichever heap of that image is removed). A failing `G` can be
//!    rewritten with a single heap per image (see `verify`), so (c) fails iff some
//!    reachable profile has `Φ(G) ∉ P` and, for every image present, a heap of that image
//!    whose `W` misses `Φ(G − h)` (one of them with a move). The profile of `G + k` is
//!    computed from that of `G`, so the reachable profiles are found by a finite search;
//!    each `Φ(G − h)` is kept only up to what the check can ever learn from it (Moore's
//!    refinement), and the search is skipped when nothing it depends on has changed since
//!    the last automaton that passed. (a) is checked on the submonoid of the heaps without
//!    moves.
//!    With the states reduced (step 2: distinct states are told apart by some position),
//!    the automaton *is* the misère quotient: `G ≡ H ⟺ Φ(G) = Φ(H)`.
//!
//!    When a check fails, its counterexample and the representatives of the states are
//!    added to `T` and the guess is made again.
//!
//! Plambeck–Siegel's own finite verification (their Theorem on "computing quotients")
//! plays the same role for MisereSolver; the checks above are a self-contained variant
//! with the proof just given. The incremental step reaches research-scale bounds when the
//! quotient stays small (misère Kayles to heap 100 in about two seconds: order 40, stable
//! from heap 27, its pretending function periodic from heap 71 with the nim sequence's
//! period 12; 0.75 is the order-8 quotient R_8 through heap 100).
//!
//! When a new heap splits classes of the smaller quotient, the refinements of `Q` tried
//! are, in turn: the profile refinements, then **recalibration on least failures**
//! (`recalibrate`, after Siegel's MisereSolver: a trial automaton is corrected one
//! certain fact at a time, the outcome of a lightest position it gets wrong, by freeing
//! the fewest heaps of that position; a trial with no such position is proven by that
//! search alone), then the **local refinements** (`Q` with all its
//! relations kept except those that identify a freed heap or generator with anything: one
//! heap of each counterexample is freed per round, a generator of `Q` in its word first,
//! so a candidate is `|Q|` times a few small radices), then the **product refinements** (after
//! Plambeck–Siegel's candidates "`Q` times a cyclic monoid of the new heap", recalibrated
//! when they fail): positions counted by the exponents of chosen generator heaps, each
//! power `g^(c+2) = g^c`, every other heap by its word in `Q`. The first drops only `Q`'s
//! relations between different generators; after each failure the heaps of the
//! counterexample are freed of `Q`'s identification of them (made generators), or, when
//! they already are, their powers are lengthened. Dawson's Kayles needs recalibration at
//! heap 25, where heap 21 (`b^2` up to heap 24) becomes a generator: 18 rounds give order
//! 144, then 176 from heap 27 (generators at heaps 2, 4, 10, 14, 21, 22, 24, 25, 27), and
//! at heap 30 Siegel's order 360 (miseregames.wordpress.com, 2007-08-28) after 14 rounds,
//! in about 11 seconds in all at load average 6 (213 MB); then 520, 552 and 638 at heaps
//! 31 to 33 (a minute, 1 GB). Before recalibration, the local candidates at heap 30 grew
//! about three times a round (to 886,464 states by the tenth) without one passing: their
//! counterexamples, not the least ones and of unknown outcome, kept naming new heaps. At
//! heap 34 the trials pass 10,000 states and the step had not finished in three minutes.
//! A candidate whose check (c) outgrows [`MAX_PROFILES`] is dropped like one that fails.
//!
//! Kayles' order 40 is checked independently of this module by brute-force search in
//! tests/it/misere_quotients.rs: its 40 elements are pairwise told apart by sums of at most
//! 69 pins, and its predicted outcomes are right on all sums of at most 50 pins.
//!
//! A [`QuotientCache`] keeps a session's quotients, keyed by the options of their heaps.

mod extend;
mod recalibrate;

use super::error::ImpartialError;
use super::heap_moves::HeapMove;
use crate::game::Outcome;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest quotient computed.
pub const MAX_QUOTIENT_ORDER: usize = 10_000;
/// The largest heap bound `n`.
pub const MAX_QUOTIENT_HEAP: u64 = 1_000;
/// The most positions remembered by the misère search of the guessing step.
pub const MAX_QUOTIENT_SEARCH: usize = 20_000_000;
/// The most profiles visited by the verification (check (c)).
pub const MAX_PROFILES: usize = 4_000_000;
/// How many times the incremental step refines its automaton (by profiles) before it
/// gives the heap to the guess-and-verify search.
const REFINEMENT_DEPTH: usize = 2;
/// How many product refinements the incremental step tries.
const PRODUCT_ROUNDS: usize = 12;
/// How many local refinements the incremental step tries.
const LOCAL_ROUNDS: usize = 12;
/// The most guess-and-verify rounds.
const MAX_ROUNDS: usize = 40;

/// A state (element of the quotient) in the tables below.
type Elem = u32;
const ABSENT: Elem = Elem::MAX;

/// The misère quotient of the closure of the heaps `1..=n` of a heap ruleset, verified.
/// Elements are numbered `0..order()`, `0` being the identity (the empty position).
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    n: u64,
    /// `options[h]`: every option of heap `h`, as the non-empty heaps it leaves (sorted).
    options: Vec<Vec<Vec<u32>>>,
    /// `act[x * n + (h - 1)] = x·Φ(h)`.
    act: Vec<Elem>,
    p: Vec<bool>,
    /// A position (sorted heaps) of each element, as short as found.
    reps: Vec<Vec<u32>>,
    /// `Φ(h)` for `h = 0..=n`.
    phi: Vec<Elem>,
    /// The heap whose image is each generator `a, b, c, …`.
    generator_heaps: Vec<u64>,
    /// Each element as its normal-form word: the exponent of each generator.
    words: Vec<Vec<u32>>,
    /// Relations `lhs = rhs` (exponent vectors); `lhs` is a minimal word that is not in
    /// normal form, `rhs` its normal form.
    relations: Vec<(Vec<u32>, Vec<u32>)>,
}

/// The memoized misère search over positions of the closure (sorted heap lists).
struct Search<'a> {
    options: &'a [Vec<Vec<u32>>],
    /// The (verified) quotient of the smaller heaps, which answers every position without
    /// a heap of the current bound at once.
    smaller: Option<&'a MisereQuotient>,
    memo: FxHashMap<Vec<u32>, bool>,
    interrupt: Option<&'a AtomicBool>,
}

impl Search<'_> {
    /// Whether `pos` (sorted) is a misère P-position: it has a move and every move leads
    /// to an N-position.
    fn is_p(&mut self, pos: &[u32]) -> Result<bool, ImpartialError> {
        if let Some(q) = self.smaller
            && pos.last().is_none_or(|&h| u64::from(h) <= q.n)
        {
            let x = pos.iter().fold(0, |x, &h| q.step(x, h));
            return Ok(q.p[x as usize]);
        }
        if let Some(&v) = self.memo.get(pos) {
            return Ok(v);
        }
        if self.memo.len() >= MAX_QUOTIENT_SEARCH {
            return Err(ImpartialError::SearchTooLarge {
                limit: MAX_QUOTIENT_SEARCH,
            });
        }
        if self.memo.len().is_multiple_of(4096) {
            poll(self.interrupt)?;
        }
        let mut has_move = false;
        let mut result = true;
        'outer: for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            for opt in &self.options[pos[i] as usize] {
                has_move = true;
                let next = replace(pos, i, opt);
                if self.is_p(&next)? {
                    result = false;
                    break 'outer;
                }
            }
        }
        let v = has_move && result;
        self.memo.insert(pos.to_vec(), v);
        Ok(v)
    }
}

fn poll(flag: Option<&AtomicBool>) -> Result<(), ImpartialError> {
    match flag {
        Some(f) if f.load(Ordering::Relaxed) => Err(ImpartialError::Interrupted),
        _ => Ok(()),
    }
}

/// `pos` with its heap at index `i` replaced by the heaps `by`, sorted.
fn replace(pos: &[u32], i: usize, by: &[u32]) -> Vec<u32> {
    let mut next = Vec::with_capacity(pos.len() + by.len());
    next.extend_from_slice(&pos[..i]);
    next.extend_from_slice(&pos[i + 1..]);
    next.extend_from_slice(by);
    next.sort_unstable();
    next
}

/// The union of two sorted heap lists, sorted.
fn merge(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    v.sort_unstable();
    v
}

/// A guessed automaton (step 1), then minimized (step 2).
struct Automaton {
    n: usize,
    act: Vec<Elem>,
    p: Vec<bool>,
    reps: Vec<Vec<u32>>,
}

impl Automaton {
    fn step(&self, x: Elem, h: u32) -> Elem {
        self.act[x as usize * self.n + (h as usize - 1)]
    }

    fn apply(&self, mut x: Elem, heaps: &[u32]) -> Elem {
        for &h in heaps {
            x = self.step(x, h);
        }
        x
    }

    /// The product of states `x` and `y` (for a commutative automaton).
    fn step_by(&self, x: Elem, y: Elem) -> Elem {
        self.apply(x, &self.reps[y as usize])
    }

    fn len(&self) -> usize {
        self.p.len()
    }
}

/// Step 1: explore the classes by signatures over the test positions.
fn guess(
    n: usize,
    search: &mut Search,
    tests: &[Vec<u32>],
    interrupt: Option<&AtomicBool>,
) -> Result<Automaton, ImpartialError> {
    let signature = |search: &mut Search, pos: &[u32]| -> Result<Vec<bool>, ImpartialError> {
        tests.iter().map(|t| search.is_p(&merge(pos, t))).collect()
    };
    let mut index: FxHashMap<Vec<bool>, Elem> = FxHashMap::default();
    let mut reps: Vec<Vec<u32>> = vec![Vec::new()];
    index.insert(signature(search, &[])?, 0);
    let mut act: Vec<Elem> = Vec::new();
    let mut x = 0;
    while x < reps.len() {
        poll(interrupt)?;
        for h in 1..=n as u32 {
            let pos = merge(&reps[x], &[h]);
            let sig = signature(search, &pos)?;
            let next = match index.get(&sig) {
                Some(&e) => e,
                None => {
                    if reps.len() >= MAX_QUOTIENT_ORDER {
                        return Err(too_big());
                    }
                    let e = reps.len() as Elem;
                    index.insert(sig, e);
                    reps.push(pos);
                    e
                }
            };
            act.push(next);
        }
        x += 1;
    }
    let p = reps
        .iter()
        .map(|r| search.is_p(r))
        .collect::<Result<Vec<bool>, _>>()?;
    Ok(Automaton { n, act, p, reps })
}

fn too_big() -> ImpartialError {
    ImpartialError::HeapTooLarge {
        heap: MAX_QUOTIENT_ORDER as u64,
        limit: MAX_QUOTIENT_ORDER as u64,
        what: "the order of a misère quotient",
    }
}

/// Step 2: Moore's partition refinement; the class of state 0 stays 0, and each class
/// keeps its shortest representative.
fn minimize(a: &Automaton) -> Automaton {
    let len = a.len();
    let mut class: Vec<Elem> = a.p.iter().map(|&b| b as Elem).collect();
    let mut count = 0;
    loop {
        let mut index: FxHashMap<Vec<Elem>, Elem> = FxHashMap::default();
        let mut next = Vec::with_capacity(len);
        for x in 0..len {
            let mut key = Vec::with_capacity(a.n + 1);
            key.push(class[x]);
            key.extend((0..a.n).map(|h| class[a.act[x * a.n + h] as usize]));
            let k = index.len() as Elem;
            next.push(*index.entry(key).or_insert(k));
        }
        let new_count = index.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Renumber in order of first appearance (breadth-first order of the guess), so that
    // the empty position's class is 0 and representatives stay shortest.
    let mut renumber = vec![ABSENT; count];
    let mut reps = Vec::new();
    let mut p = Vec::new();
    let mut firsts = Vec::new();
    for (x, &c) in class.iter().enumerate() {
        let c = c as usize;
        if renumber[c] == ABSENT {
            renumber[c] = reps.len() as Elem;
            reps.push(a.reps[x].clone());
            p.push(a.p[x]);
            firsts.push(x);
        }
    }
    let mut act = Vec::with_capacity(count * a.n);
    for &x in &firsts {
        for h in 0..a.n {
            act.push(renumber[class[a.act[x * a.n + h] as usize] as usize]);
        }
    }
    Automaton {
        n: a.n,
        act,
        p,
        reps,
    }
}

/// Step 3: the checks; `Ok(None)` when they pass, else counterexample positions. `cache`
/// (the incremental step's) remembers what the search of check (c) depended on for the
/// last automaton that passed, so that an unchanged search is not run again.
fn verify(
    a: &Automaton,
    options: &[Vec<Vec<u32>>],
    mut cache: Option<&mut Option<Vec<u32>>>,
    interrupt: Option<&AtomicBool>,
) -> Result<Option<Vec<Vec<u32>>>, ImpartialError> {
    let n = a.n;
    let len = a.len();
    // Commutativity.
    for x in 0..len as Elem {
        poll(interrupt)?;
        for h in 1..=n as u32 {
            let xh = a.step(x, h);
            for k in h + 1..=n as u32 {
                if a.step(xh, k) != a.step(a.step(x, k), h) {
                    let r = &a.reps[x as usize];
                    return Ok(Some(vec![
                        merge(r, &[h, k]),
                        merge(r, &[h]),
                        merge(r, &[k]),
                    ]));
                }
            }
        }
    }
    // (b), and the sets W(h) as bit sets over the states.
    let words = len.div_ceil(64);
    let mut w: Vec<Vec<u64>> = vec![vec![0; words]; n + 1];
    for h in 1..=n {
        poll(interrupt)?;
        for x in 0..len as Elem {
            let in_p = a.p[a.step(x, h as u32) as usize];
            for opt in &options[h] {
                if a.p[a.apply(x, opt) as usize] {
                    if in_p {
                        let r = &a.reps[x as usize];
                        return Ok(Some(vec![merge(r, &[h as u32]), merge(r, opt)]));
                    }
                    w[h][x as usize / 64] |= 1 << (x % 64);
                    break;
                }
            }
        }
    }
    // (a) and (c) over images. Heaps with the same column (the same image φ) act alike,
    // so a position's profile is Φ(G) with Φ(G − h) for each image present (which heap
    // of that image is removed does not matter). A position G failing (c) can be changed
    // into one that keeps its profile and fails too, with a single heap kind per image:
    // replace every heap of image φ by one heap h of image φ in G (a movable one if G's
    // heaps of image φ include one), whose W(h) misses Φ(G − h) as all of them do. So
    // (c) holds iff no reachable profile has Φ(G) ∉ P, every image φ present with
    // Φ(G − h) ∉ W(h) for *some* heap h of image φ, and for one image present such an h
    // with a move. Counting profiles over images, not heaps, keeps them few.
    let mut images: Vec<Vec<u32>> = Vec::new(); // the heaps of each image
    {
        let mut index: FxHashMap<Vec<Elem>, usize> = FxHashMap::default();
        for h in 1..=n {
            let column: Vec<Elem> = (0..len).map(|x| a.act[x * n + h - 1]).collect();
            let k = *index.entry(column).or_insert_with(|| {
                images.push(Vec::new());
                images.len() - 1
            });
            images[k].push(h as u32);
        }
    }
    let in_w = |h: u32, y: Elem| w[h as usize][y as usize / 64] >> (y % 64) & 1 == 1;
    // A heap of image `i` whose W misses `y` (a movable one when `movable`).
    let escaping = |i: usize, y: Elem, movable: bool| -> Option<u32> {
        images[i]
            .iter()
            .copied()
            .find(|&h| !in_w(h, y) && (!movable || !options[h as usize].is_empty()))
    };
    // (a): positions without a move are made of heaps without options.
    {
        let still: Vec<u32> = (1..=n as u32)
            .filter(|&h| options[h as usize].is_empty())
            .collect();
        let mut seen = vec![false; len];
        let mut parent: Vec<(Elem, u32)> = vec![(ABSENT, 0); len];
        let mut queue: VecDeque<Elem> = VecDeque::from([0]);
        seen[0] = true;
        while let Some(x) = queue.pop_front() {
            if a.p[x as usize] {
                let mut pos = Vec::new();
                let mut y = x;
                while parent[y as usize].0 != ABSENT {
                    pos.push(parent[y as usize].1);
                    y = parent[y as usize].0;
                }
                pos.sort_unstable();
                return Ok(Some(vec![pos]));
            }
            for &h in &still {
                let y = a.step(x, h);
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    parent[y as usize] = (x, h);
                    queue.push_back(y);
                }
            }
        }
    }
    let ni = images.len();
    // Only two facts about Φ(G − h) for an image φ are ever used: whether some heap of
    // image φ escapes W there (one with a move, and any), now and after more heaps are
    // added. So Φ(G − h) is kept as its block in the coarsest partition of the states
    // that respects those two facts and the action of every image (Moore's refinement):
    // the reachable profiles are then far fewer, and the check finds the same failures.
    let cols: Vec<u32> = images.iter().map(|hs| hs[0]).collect();
    let mut block: Vec<Vec<Elem>> = Vec::with_capacity(ni); // block[φ][state]
    let mut block_step: Vec<Vec<Elem>> = Vec::with_capacity(ni); // [φ][b * ni + ψ]
    let mut block_esc: Vec<Vec<(bool, bool)>> = Vec::with_capacity(ni);
    for k in 0..ni {
        poll(interrupt)?;
        let label: Vec<(bool, bool)> = (0..len as Elem)
            .map(|y| {
                (
                    escaping(k, y, false).is_some(),
                    escaping(k, y, true).is_some(),
                )
            })
            .collect();
        let mut class: Vec<Elem> = {
            let mut index: FxHashMap<(bool, bool), Elem> = FxHashMap::default();
            label
                .iter()
                .map(|l| {
                    let c = index.len() as Elem;
                    *index.entry(*l).or_insert(c)
                })
                .collect()
        };
        let mut count = 0;
        loop {
            let mut index: FxHashMap<Vec<Elem>, Elem> = FxHashMap::default();
            let mut next = Vec::with_capacity(len);
            for y in 0..len as Elem {
                let mut key = Vec::with_capacity(ni + 1);
                key.push(class[y as usize]);
                key.extend(cols.iter().map(|&h| class[a.step(y, h) as usize]));
                let c = index.len() as Elem;
                next.push(*index.entry(key).or_insert(c));
            }
            let new_count = index.len();
            class = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        let mut steps = vec![0; count * ni];
        let mut esc = vec![(false, false); count];
        for y in 0..len as Elem {
            let b = class[y as usize] as usize;
            esc[b] = label[y as usize];
            for (j, &h) in cols.iter().enumerate() {
                steps[b * ni + j] = class[a.step(y, h) as usize];
            }
        }
        block.push(class);
        block_step.push(steps);
        block_esc.push(esc);
    }
    // Everything the search below depends on; when it equals that of the last automaton
    // that passed (the new heap only joined an image without widening what escapes), the
    // search would find nothing again and is skipped.
    let mut passed_key = None;
    if let Some(cache) = cache.as_deref_mut() {
        let mut key: Vec<u32> = vec![len as u32, ni as u32];
        key.extend(a.p.iter().map(|&b| b as u32));
        for (k, &h) in cols.iter().enumerate() {
            key.extend((0..len as Elem).map(|y| a.step(y, h)));
            key.extend(block[k].iter().map(|&b| {
                let (e, m) = block_esc[k][b as usize];
                e as u32 | (m as u32) << 1
            }));
        }
        if cache.as_ref() == Some(&key) {
            return Ok(None);
        }
        passed_key = Some(key);
    }
    // Profiles are stored flat (`ni + 1` entries each) and recognised by a packed key.
    let width = ni + 1;
    let most = block
        .iter()
        .map(|b| b.iter().copied().max().unwrap_or(0) as usize + 2)
        .chain([len + 1])
        .max()
        .unwrap_or(2);
    let bits = usize::BITS - most.leading_zeros();
    let packed = bits as usize * width <= 128;
    let pack = |p: &[Elem]| -> u128 {
        p.iter().fold(0u128, |acc, &v| {
            acc << bits | if v == ABSENT { 0 } else { v as u128 + 1 }
        })
    };
    let mut seen_packed: rustc_hash::FxHashSet<u128> = Default::default();
    let mut seen_long: rustc_hash::FxHashSet<Vec<Elem>> = Default::default();
    let mut profiles: Vec<Elem> = Vec::new();
    let mut parent: Vec<(usize, usize)> = Vec::new();
    let mut start = vec![ABSENT; width];
    start[0] = 0;
    if packed {
        seen_packed.insert(pack(&start));
    } else {
        seen_long.insert(start.clone());
    }
    profiles.extend_from_slice(&start);
    parent.push((usize::MAX, 0));
    let mut i = 0;
    let mut next = vec![0; width];
    while i < parent.len() {
        if i % 4096 == 0 {
            poll(interrupt)?;
        }
        let prof = profiles[i * width..(i + 1) * width].to_vec();
        let x = prof[0];
        let present = || (0..ni).filter(|&k| prof[k + 1] != ABSENT);
        let fails = !a.p[x as usize]
            && present().all(|k| block_esc[k][prof[k + 1] as usize].0)
            && present().any(|k| block_esc[k][prof[k + 1] as usize].1);
        if fails {
            // Replay the images added along the way with the states themselves, then
            // choose a heap for each image (one with a move for one image).
            let mut path = Vec::new();
            let mut j = i;
            while parent[j].0 != usize::MAX {
                path.push(parent[j].1);
                j = parent[j].0;
            }
            let mut ys = vec![ABSENT; ni];
            let mut x = 0;
            for &k in path.iter().rev() {
                for (j, y) in ys.iter_mut().enumerate() {
                    if j != k && *y != ABSENT {
                        *y = a.step(*y, cols[k]);
                    }
                }
                ys[k] = x;
                x = a.step(x, cols[k]);
            }
            let mover = (0..ni)
                .find(|&k| ys[k] != ABSENT && escaping(k, ys[k], true).is_some())
                .unwrap_or(0);
            let heap_of = |k: usize| {
                escaping(k, ys[k], k == mover)
                    .or_else(|| escaping(k, ys[k], false))
                    .unwrap_or(images[k][0])
            };
            let mut pos: Vec<u32> = path.iter().map(|&k| heap_of(k)).collect();
            pos.sort_unstable();
            let mut out = vec![pos.clone()];
            for (j, &h) in pos.iter().enumerate() {
                if j == 0 || pos[j - 1] != h {
                    for opt in &options[h as usize] {
                        out.push(replace(&pos, j, opt));
                    }
                }
            }
            return Ok(Some(out));
        }
        for k in 0..ni {
            next[0] = a.step(x, cols[k]);
            for (j, &b) in prof[1..].iter().enumerate() {
                next[j + 1] = if j == k {
                    block[k][x as usize]
                } else if b == ABSENT {
                    ABSENT
                } else {
                    block_step[j][b as usize * ni + k]
                };
            }
            let new = if packed {
                seen_packed.insert(pack(&next))
            } else {
                seen_long.insert(next.clone())
            };
            if new {
                if parent.len() >= MAX_PROFILES {
                    return Err(ImpartialError::SearchTooLarge {
                        limit: MAX_PROFILES,
                    });
                }
                profiles.extend_from_slice(&next);
                parent.push((i, k));
            }
        }
        i += 1;
    }
    if let (Some(cache), Some(key)) = (cache, passed_key) {
        *cache = Some(key);
    }
    Ok(None)
}

impl MisereQuotient {
    /// The misère quotient of the heaps `1..=n` of the ruleset whose options are given by
    /// `options(h)` (each option the list of heaps left, zeros allowed, every heap smaller
    /// than `h`). Polls `interrupt` (Ctrl-C) and stops with [`ImpartialError::Interrupted`].
    ///
    /// ```
    /// use cgt_core::impartial::{HeapRuleset, quotient::MisereQuotient};
    /// let nim = HeapRuleset::nim();
    /// let q = MisereQuotient::compute(3, |h| nim.options(h), None).unwrap();
    /// assert_eq!(q.order(), 6);
    /// assert_eq!(q.relations_text(), ["a^2 = 1", "b^3 = b"]);
    /// ```
    pub fn compute<E, F>(
        n: u64,
        options: F,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        let opts = Self::read_options(n, options)?;
        Ok(Self::heap_by_heap(n, &opts, true, interrupt)?)
    }

    /// As [`MisereQuotient::compute`], by the guess-and-verify search alone at every heap
    /// (never the incremental step): the slow, independent method the tests compare with.
    pub fn compute_by_search<E, F>(
        n: u64,
        options: F,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        let opts = Self::read_options(n, options)?;
        Ok(Self::heap_by_heap(n, &opts, false, interrupt)?)
    }

    /// The options of heaps `1..=n` as sorted lists of non-empty heaps, checked smaller.
    fn read_options<E, F>(n: u64, mut options: F) -> Result<Vec<Vec<Vec<u32>>>, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        if n > MAX_QUOTIENT_HEAP {
            return Err(ImpartialError::HeapTooLarge {
                heap: n,
                limit: MAX_QUOTIENT_HEAP,
                what: "the heap bound of a misère quotient",
            }
            .into());
        }
        let mut opts: Vec<Vec<Vec<u32>>> = vec![Vec::new()];
        for h in 1..=n {
            let mut list: Vec<Vec<u32>> = Vec::new();
            for o in options(h)? {
                let mut parts = Vec::new();
                for &m in &o {
                    if m >= h {
                        return Err(ImpartialError::OptionNotSmaller { heap: h, part: m }.into());
                    }
                    if m > 0 {
                        parts.push(m as u32);
                    }
                }
                parts.sort_unstable();
                list.push(parts);
            }
            list.sort();
            list.dedup();
            opts.push(list);
        }
        Ok(opts)
    }

    /// The quotient of the empty position alone (no heaps): the trivial monoid.
    fn trivial() -> MisereQuotient {
        Self::build(
            0,
            vec![Vec::new()],
            Automaton {
                n: 0,
                act: Vec::new(),
                p: vec![false],
                reps: vec![Vec::new()],
            },
        )
    }

    /// Heap by heap: the quotient of the heaps up to `m` from the quotient of the heaps
    /// below `m`, by the incremental step ([`extend`]) when `incremental` and it succeeds,
    /// else by guess-and-verify (where the smaller quotient answers every position
    /// without a heap of `m`).
    fn heap_by_heap(
        n: u64,
        opts: &[Vec<Vec<u32>>],
        incremental: bool,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, ImpartialError> {
        Self::heap_by_heap_from(Self::trivial(), n, opts, incremental, interrupt)
    }

    /// As [`MisereQuotient::heap_by_heap`], from the verified quotient `q` of the heaps
    /// below some bound (its options a prefix of `opts`).
    fn heap_by_heap_from(
        mut q: MisereQuotient,
        n: u64,
        opts: &[Vec<Vec<u32>>],
        incremental: bool,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, ImpartialError> {
        let mut cache = None;
        for m in q.n + 1..=n {
            let options = opts[..=m as usize].to_vec();
            let step = if incremental {
                Self::incremental_step(&q, &options, &mut cache, interrupt)?
            } else {
                None
            };
            if step.as_ref().is_some_and(|a| a.len() > MAX_QUOTIENT_ORDER) {
                return Err(too_big());
            }
            q = match step {
                Some(a) => Self::build(m, options, a),
                None => Self::from_options(m, options, Some(&q).filter(|q| q.n > 0), interrupt)?,
            };
        }
        Ok(q)
    }

    /// The incremental step on `Q` itself, then on its profile refinement and the
    /// profiles of those ([`extend::profiles`]); `None` when every candidate fails.
    fn incremental_step(
        q: &MisereQuotient,
        options: &[Vec<Vec<u32>>],
        cache: &mut Option<Vec<u32>>,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Option<Automaton>, ImpartialError> {
        let mut counter = Vec::new();
        let m = extend::Refinement::of_quotient(q);
        if let Some(a) = extend::extend(q, &m, options, cache, &mut counter, interrupt)? {
            return Ok(Some(a));
        }
        // The profile refinements (cheap, and enough for most games).
        let mut m = m;
        for _ in 0..REFINEMENT_DEPTH {
            match extend::profiles(&m, interrupt)? {
                Some(finer) => m = finer,
                None => break,
            }
            let mut ignored = Vec::new();
            if let Some(a) = extend::extend(q, &m, options, cache, &mut ignored, interrupt)? {
                return Ok(Some(a));
            }
        }
        // Recalibration by least failures (MisereSolver's method).
        if let Some(a) = recalibrate::solve(q, options, interrupt)? {
            return Ok(Some(a));
        }
        // The local refinements: `q` with only the heaps of each counterexample freed of
        // `q`'s identification of them (then their powers lengthened).
        let mut free: Vec<(u32, u32)> = Vec::new();
        for _ in 0..LOCAL_ROUNDS {
            Self::recalibrate(&mut free, &counter, q, options, true);
            if free.is_empty() {
                break;
            }
            let Some(m) = extend::local(q, &free) else {
                break;
            };
            counter.clear();
            if let Some(a) = extend::extend(q, &m, options, cache, &mut counter, interrupt)? {
                return Ok(Some(a));
            }
        }
        // The product refinements (Plambeck–Siegel's "Q times a cyclic monoid", with
        // recalibration): `q`'s generators without their mutual relations, then more
        // heaps freed of `q`'s identification of them (those of each counterexample) and
        // longer powers.
        let mut gens: Vec<(u32, u32)> = q.generator_heaps.iter().map(|&g| (g as u32, 0)).collect();
        for round in 0..PRODUCT_ROUNDS {
            if round > 0 {
                Self::recalibrate(&mut gens, &counter, q, options, false);
            }
            let Some(m) = extend::product(q, &gens) else {
                break;
            };
            counter.clear();
            if let Some(a) = extend::extend(q, &m, options, cache, &mut counter, interrupt)? {
                return Ok(Some(a));
            }
        }
        Ok(None)
    }

    /// The next product refinement after a candidate failed with `counter` (its first
    /// position is the one whose outcome the candidate got wrong): free the heaps of
    /// that position not yet free, or, if all are, lengthen the powers of those heaps
    /// (of every free heap when the position names none).
    fn recalibrate(
        gens: &mut Vec<(u32, u32)>,
        counter: &[Vec<u32>],
        q: &MisereQuotient,
        options: &[Vec<Vec<u32>>],
        one: bool,
    ) {
        let named: Vec<u32> = counter.first().cloned().unwrap_or_default();
        let mut fresh: Vec<u32> = named
            .iter()
            .copied()
            .filter(|&h| {
                u64::from(h) <= q.n
                    && !options[h as usize].is_empty()
                    && !gens.iter().any(|&(g, _)| g == h)
            })
            .collect();
        fresh.sort_unstable();
        fresh.dedup();
        if fresh.is_empty() {
            let any = gens.iter().any(|(g, _)| named.contains(g));
            for g in gens.iter_mut() {
                if !any || named.contains(&g.0) {
                    g.1 += 1;
                }
            }
        } else if one {
            // A generator of `q` first (freeing it frees every heap whose word holds
            // it), else the largest heap.
            let gen_of = |h: u32| -> Option<u32> {
                if q.generator_heaps.contains(&u64::from(h)) {
                    return Some(h);
                }
                let w = q.word(q.phi[h as usize]);
                w.iter()
                    .enumerate()
                    .rev()
                    .filter(|&(_, &e)| e > 0)
                    .map(|(j, _)| q.generator_heaps[j] as u32)
                    .find(|&g| !gens.iter().any(|&(f, _)| f == g))
            };
            let pick = fresh
                .iter()
                .rev()
                .find_map(|&h| gen_of(h))
                .or(fresh.last().copied());
            gens.extend(pick.map(|h| (h, 0)));
            gens.sort_unstable();
        } else {
            gens.extend(fresh.iter().map(|&h| (h, 0)));
            gens.sort_unstable();
        }
    }

    fn from_options(
        n: u64,
        options: Vec<Vec<Vec<u32>>>,
        smaller: Option<&MisereQuotient>,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, ImpartialError> {
        let nn = n as usize;
        let mut search = Search {
            options: &options,
            smaller,
            memo: FxHashMap::default(),
            interrupt,
        };
        // The representatives of the smaller quotient tell its classes apart: a good start.
        let mut tests: Vec<Vec<u32>> = vec![Vec::new()];
        if let Some(q) = smaller {
            tests.extend(q.reps.iter().skip(1).cloned());
        }
        let mut known: std::collections::HashSet<Vec<u32>> = tests.iter().cloned().collect();
        let mut found = None;
        for _ in 0..MAX_ROUNDS {
            let guessed = guess(nn, &mut search, &tests, interrupt)?;
            let a = minimize(&guessed);
            match verify(&a, &options, None, interrupt)? {
                None => {
                    found = Some(a);
                    break;
                }
                Some(counter) => {
                    let before = tests.len();
                    for t in guessed.reps.iter().chain(counter.iter()) {
                        if known.insert(t.clone()) {
                            tests.push(t.clone());
                        }
                    }
                    if tests.len() == before {
                        break;
                    }
                }
            }
        }
        drop(search);
        let a = found.ok_or(ImpartialError::QuotientNotFound(
            "every candidate failed the verification".into(),
        ))?;
        Ok(Self::build(n, options, a))
    }

    fn build(n: u64, options: Vec<Vec<Vec<u32>>>, a: Automaton) -> MisereQuotient {
        let nn = a.n;
        let len = a.len();
        let mut phi = vec![0];
        phi.extend((1..=nn as u32).map(|h| a.step(0, h)));
        // Generators: images of heaps not in the submonoid generated by earlier ones.
        let mut generator_heaps: Vec<u64> = Vec::new();
        let mut reached = vec![false; len];
        reached[0] = true;
        for h in 1..=nn as u32 {
            if reached[phi[h as usize] as usize] {
                continue;
            }
            generator_heaps.push(h as u64);
            let mut queue: VecDeque<Elem> =
                (0..len as Elem).filter(|&x| reached[x as usize]).collect();
            while let Some(x) = queue.pop_front() {
                for &g in &generator_heaps {
                    let y = a.step(x, g as u32);
                    if !reached[y as usize] {
                        reached[y as usize] = true;
                        queue.push_back(y);
                    }
                }
            }
        }
        // Normal forms by degree, then by exponents read from `a` (a^2 before ab before
        // b^2); relations for the minimal words not in normal form.
        let k = generator_heaps.len();
        let mut words: Vec<Option<Vec<u32>>> = vec![None; len];
        words[0] = Some(vec![0; k]);
        let mut elem_of: FxHashMap<Vec<u32>, Elem> = FxHashMap::default();
        elem_of.insert(vec![0; k], 0);
        let mut layer: Vec<Vec<u32>> = vec![vec![0; k]];
        let mut relations = Vec::new();
        while !layer.is_empty() {
            let mut cands: Vec<Vec<u32>> = Vec::new();
            for m in &layer {
                for i in 0..k {
                    let mut c = m.clone();
                    c[i] += 1;
                    cands.push(c);
                }
            }
            cands.sort_by(|x, y| y.cmp(x));
            cands.dedup();
            let mut next = Vec::new();
            for c in cands {
                // Its divisors one degree down, all normal for a minimal non-normal word.
                let mut all_normal = true;
                let mut from = None;
                for i in 0..k {
                    if c[i] > 0 {
                        let mut d = c.clone();
                        d[i] -= 1;
                        match elem_of.get(&d) {
                            Some(&e) => {
                                if from.is_none() {
                                    from = Some(a.step(e, generator_heaps[i] as u32));
                                }
                            }
                            None => all_normal = false,
                        }
                    }
                }
                let Some(e) = from else { continue };
                if words[e as usize].is_none() {
                    words[e as usize] = Some(c.clone());
                    elem_of.insert(c.clone(), e);
                    next.push(c);
                } else if all_normal {
                    relations.push((c, words[e as usize].clone().unwrap_or_default()));
                }
            }
            layer = next;
        }
        let words = words.into_iter().map(|w| w.unwrap_or_default()).collect();
        MisereQuotient {
            n,
            options,
            act: a.act,
            p: a.p,
            reps: a.reps,
            phi,
            generator_heaps,
            words,
            relations,
        }
    }

    /// The heap bound `n`.
    pub fn heap_bound(&self) -> u64 {
        self.n
    }

    /// The number of elements of the quotient.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.p.get(x as usize).copied().unwrap_or(false)
    }

    /// The P-portion, as elements, in the order of their words: by degree, then by
    /// exponents read from `a` (`a` before `d`, `ac` before `b^2`), so that the listing
    /// does not depend on how the elements happen to be numbered.
    pub fn p_portion(&self) -> Vec<u32> {
        let mut v: Vec<u32> = (0..self.order() as u32)
            .filter(|&x| self.p[x as usize])
            .collect();
        v.sort_by(|&x, &y| {
            let (wx, wy) = (&self.words[x as usize], &self.words[y as usize]);
            let deg = |w: &[u32]| w.iter().sum::<u32>();
            deg(wx).cmp(&deg(wy)).then_with(|| wy.cmp(wx))
        });
        v
    }

    /// `Φ(h)` for `h = 0..=n`.
    pub fn pretending(&self) -> &[u32] {
        &self.phi
    }

    /// The heaps whose images are the generators `a, b, c, …`.
    pub fn generator_heaps(&self) -> &[u64] {
        &self.generator_heaps
    }

    /// A heuristic: the last generator appeared at a heap at most `n / 2`, so the
    /// quotient has not grown new generators over the second half of the heaps.
    pub fn looks_stable(&self) -> bool {
        self.generator_heaps.last().is_none_or(|&g| 2 * g <= self.n)
    }

    fn step(&self, x: u32, h: u32) -> u32 {
        self.act[x as usize * self.n as usize + (h as usize - 1)]
    }

    /// The product of two elements.
    pub fn multiply(&self, x: u32, y: u32) -> u32 {
        self.reps[y as usize]
            .iter()
            .fold(x, |acc, &h| self.step(acc, h))
    }

    /// The normal-form exponents of element `x` (one per generator).
    pub fn word(&self, x: u32) -> &[u32] {
        &self.words[x as usize]
    }

    /// Element `x` written in the generators: `1`, `a`, `ab^2`, …
    pub fn word_text(&self, x: u32) -> String {
        self.exponents_text(&self.words[x as usize])
    }

    fn exponents_text(&self, e: &[u32]) -> String {
        let mut s = String::new();
        for (i, &k) in e.iter().enumerate() {
            if k == 0 {
                continue;
            }
            if i < 26 {
                s.push((b'a' + i as u8) as char);
            } else {
                s.push_str(&format!("g{}", i + 1));
            }
            if k > 1 {
                s.push_str(&format!("^{k}"));
            }
        }
        if s.is_empty() { "1".into() } else { s }
    }

    /// The relations of the presentation, as `lhs = rhs` texts (`a^2 = 1`, `b^3 = b`).
    pub fn relations_text(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(l, r)| format!("{} = {}", self.exponents_text(l), self.exponents_text(r)))
            .collect()
    }

    /// The element of a sum of heaps (zeros allowed, each at most `n`).
    pub fn element_of_heaps(&self, heaps: &[u64]) -> Result<u32, ImpartialError> {
        heaps.iter().try_fold(0, |x, &h| {
            if h > self.n {
                return Err(self.beyond(h));
            }
            Ok(if h == 0 { x } else { self.step(x, h as u32) })
        })
    }

    fn beyond(&self, h: u64) -> ImpartialError {
        ImpartialError::HeapTooLarge {
            heap: h,
            limit: self.n,
            what: "this misère quotient covers heaps",
        }
    }

    /// The misère outcome of a sum of heaps: `P` iff its element is in the P-portion.
    /// Time proportional to the number of heaps.
    pub fn outcome_of_heaps(&self, heaps: &[u64]) -> Result<Outcome, ImpartialError> {
        let x = self.element_of_heaps(heaps)?;
        Ok(if self.p[x as usize] {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every misère winning move of a sum of heaps: every move to a position whose element
    /// is in the P-portion. Options of a heap are listed as [`crate::impartial::HeapRuleset::options`]
    /// gives them (smaller heap first in a split).
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, ImpartialError> {
        let len = heaps.len();
        let mut prefix = vec![0u32; len + 1];
        for (i, &h) in heaps.iter().enumerate() {
            prefix[i + 1] = self.element_of_heaps(&[h])?;
            prefix[i + 1] = self.multiply(prefix[i], prefix[i + 1]);
        }
        let mut suffix = vec![0u32; len + 1];
        for i in (0..len).rev() {
            suffix[i] = self.multiply(self.phi[heaps[i] as usize], suffix[i + 1]);
        }
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if h == 0 {
                continue;
            }
            let rest = self.multiply(prefix[i], suffix[i + 1]);
            for opt in &self.options[h as usize] {
                let x = opt.iter().fold(rest, |acc, &m| self.step(acc, m));
                if self.p[x as usize] {
                    moves.push(HeapMove {
                        heap: i,
                        from: h,
                        to: opt.iter().map(|&m| m as u64).collect(),
                    });
                }
            }
        }
        Ok(moves)
    }
}

/// The quotients computed so far (a session keeps one), keyed by the options of their
/// heaps, so that asking again — or asking the winning moves of a sum whose heaps a
/// computed quotient covers — costs only the options' comparison. A quotient of the heaps
/// `1..=N` answers the outcome and winning moves of every sum of heaps up to `N`, so a
/// larger one serves a smaller question; a larger bound resumes heap by heap from the
/// largest quotient that covers a prefix.
#[derive(Default)]
pub struct QuotientCache {
    /// Most recently used last.
    entries: Vec<MisereQuotient>,
}

/// The most quotients kept.
const CACHED_QUOTIENTS: usize = 16;

impl QuotientCache {
    pub fn new() -> QuotientCache {
        QuotientCache::default()
    }

    /// Whether `q` was computed for the same rules on its heaps as `opts` gives (the
    /// options of heaps `0..` as [`MisereQuotient::read_options`] normalises them).
    fn agrees(q: &MisereQuotient, opts: &[Vec<Vec<u32>>]) -> bool {
        let k = q.options.len().min(opts.len());
        q.options[..k] == opts[..k]
    }

    fn take(&mut self, i: usize) -> MisereQuotient {
        let q = self.entries.remove(i);
        self.entries.push(q.clone());
        q
    }

    fn keep(&mut self, q: MisereQuotient) {
        if self.entries.len() >= CACHED_QUOTIENTS {
            self.entries.remove(0);
        }
        self.entries.push(q);
    }

    /// The quotient of exactly the heaps `1..=n` (as [`MisereQuotient::compute`]).
    pub fn exact<E, F>(
        &mut self,
        n: u64,
        options: F,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        let opts = MisereQuotient::read_options(n, options)?;
        Ok(self.exact_options(n, &opts, interrupt)?)
    }

    fn exact_options(
        &mut self,
        n: u64,
        opts: &[Vec<Vec<u32>>],
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, ImpartialError> {
        if let Some(i) = self
            .entries
            .iter()
            .position(|q| q.n == n && Self::agrees(q, opts))
        {
            return Ok(self.take(i));
        }
        // Resume from the largest smaller quotient of the same rules.
        let start = self
            .entries
            .iter()
            .filter(|q| q.n < n && Self::agrees(q, opts))
            .max_by_key(|q| q.n)
            .cloned()
            .unwrap_or_else(MisereQuotient::trivial);
        let q = MisereQuotient::heap_by_heap_from(start, n, opts, true, interrupt)?;
        self.keep(q.clone());
        Ok(q)
    }

    /// A quotient of the heaps `1..=N` for some `N >= n`: a cached one when there is one
    /// (the answers it gives on sums of heaps up to `n` are the same), else that of `n`.
    pub fn covering<E, F>(
        &mut self,
        n: u64,
        options: F,
        interrupt: Option<&AtomicBool>,
    ) -> Result<MisereQuotient, E>
    where
        E: From<ImpartialError>,
        F: FnMut(u64) -> Result<Vec<Vec<u64>>, E>,
    {
        let opts = MisereQuotient::read_options(n, options)?;
        if let Some(i) = self
            .entries
            .iter()
            .rposition(|q| q.n >= n && Self::agrees(q, &opts))
        {
            return Ok(self.take(i));
        }
        Ok(self.exact_options(n, &opts, interrupt)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::HeapRuleset;

    fn quotient(r: &HeapRuleset, n: u64) -> MisereQuotient {
        MisereQuotient::compute(n, |h| r.options(h), None).unwrap()
    }

    /// Brute-force misère outcome of a sum of heaps.
    fn brute(r: &HeapRuleset, heaps: &[u64], memo: &mut FxHashMap<Vec<u64>, bool>) -> bool {
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

    #[test]
    fn misere_nim_is_plambecks_six_element_monoid() {
        let q = quotient(&HeapRuleset::nim(), 3);
        assert_eq!(q.order(), 6);
        assert_eq!(q.relations_text(), ["a^2 = 1", "b^3 = b"]);
        let p: Vec<String> = q.p_portion().iter().map(|&x| q.word_text(x)).collect();
        assert_eq!(p, ["a", "b^2"]);
        let phi: Vec<String> = q.pretending().iter().map(|&x| q.word_text(x)).collect();
        assert_eq!(phi, ["1", "a", "b", "ab"]);
    }

    #[test]
    fn misere_nim_heaps_up_to_seven_has_ten_elements() {
        // Tame: classes are the normal-play values 0..7 of positions with a heap ≥ 2,
        // and the two parities of positions of heaps 1.
        assert_eq!(quotient(&HeapRuleset::nim(), 7).order(), 10);
    }

    /// Outcomes from the quotient agree with search on pseudo-random sums, and the
    /// winning moves are exactly the moves to P-positions.
    fn agrees_with_search(r: &HeapRuleset, n: u64, count: usize) {
        let q = quotient(r, n);
        let mut memo = FxHashMap::default();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..count {
            let mut heaps = Vec::new();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (seed >> 33) % 5;
            for _ in 0..k {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                heaps.push((seed >> 33) % (n + 1));
            }
            let expect = brute(r, &heaps, &mut memo);
            assert_eq!(
                q.outcome_of_heaps(&heaps).unwrap() == Outcome::P,
                expect,
                "{heaps:?}"
            );
            let moves = q.winning_moves(&heaps).unwrap();
            for m in &moves {
                let mut after = heaps.clone();
                after.remove(m.heap);
                after.extend(&m.to);
                assert!(brute(r, &after, &mut memo), "{heaps:?} {m}");
            }
            // Every move to a P-position is listed.
            let mut count = 0;
            for (i, &h) in heaps.iter().enumerate() {
                for o in r.options(h).unwrap() {
                    let mut after = heaps.clone();
                    after.remove(i);
                    after.extend(o);
                    count += brute(r, &after, &mut memo) as usize;
                }
            }
            assert_eq!(moves.len(), count, "{heaps:?}");
        }
    }

    #[test]
    fn kayles_agrees_with_search() {
        agrees_with_search(&HeapRuleset::kayles(), 9, 300);
    }

    #[test]
    fn dawsons_kayles_agrees_with_search() {
        agrees_with_search(&HeapRuleset::dawsons_kayles(), 10, 300);
    }

    #[test]
    fn subtraction_agrees_with_search() {
        agrees_with_search(&HeapRuleset::subtraction(&[1, 3, 4]).unwrap(), 9, 300);
        agrees_with_search(&HeapRuleset::octal("0.75").unwrap(), 8, 200);
    }

    #[test]
    fn same_element_same_outcomes_in_every_context() {
        let r = HeapRuleset::kayles();
        let n = 6;
        let q = quotient(&r, n);
        let mut memo = FxHashMap::default();
        let small: Vec<Vec<u64>> = (0..=n)
            .flat_map(|a| (a..=n).map(move |b| vec![a, b]))
            .collect();
        for g in &small {
            for h in &small {
                if q.element_of_heaps(g).unwrap() != q.element_of_heaps(h).unwrap() {
                    continue;
                }
                for x in &small {
                    let gx: Vec<u64> = g.iter().chain(x).copied().collect();
                    let hx: Vec<u64> = h.iter().chain(x).copied().collect();
                    assert_eq!(brute(&r, &gx, &mut memo), brute(&r, &hx, &mut memo));
                }
            }
        }
    }

    /// Everything printed about a quotient, in canonical terms (words, not numbers).
    fn summary(q: &MisereQuotient) -> (usize, Vec<u64>, Vec<String>, Vec<String>, Vec<String>) {
        let words = |xs: &[u32]| xs.iter().map(|&x| q.word_text(x)).collect::<Vec<_>>();
        (
            q.order(),
            q.generator_heaps().to_vec(),
            q.relations_text(),
            words(&q.p_portion()),
            words(q.pretending()),
        )
    }

    #[test]
    fn incremental_step_agrees_with_guess_and_verify() {
        let cases = [
            (HeapRuleset::nim(), 7),
            (HeapRuleset::kayles(), 12),
            (HeapRuleset::dawsons_kayles(), 14),
            (HeapRuleset::octal("0.75").unwrap(), 10),
            (HeapRuleset::subtraction(&[1, 3, 4]).unwrap(), 10),
            (HeapRuleset::octal("0.137").unwrap(), 10),
        ];
        for (r, n) in cases {
            for m in 0..=n {
                let fast = quotient(&r, m);
                let slow = MisereQuotient::compute_by_search(m, |h| r.options(h), None).unwrap();
                assert_eq!(summary(&fast), summary(&slow), "{r:?} heaps up to {m}");
            }
        }
    }

    #[test]
    fn octal_075_is_the_order_8_quotient_through_heap_100() {
        // Plambeck–Siegel 2008 (§ on R_8): misère 0.75 has the quotient of order 8,
        // <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2> with P-portion {a, b^2}.
        let q = quotient(&HeapRuleset::octal("0.75").unwrap(), 100);
        let (order, gens, rels, p, _) = summary(&q);
        assert_eq!(order, 8);
        assert_eq!(gens, [1, 2, 5]);
        assert_eq!(rels, ["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"]);
        assert_eq!(p, ["a", "b^2"]);
    }

    #[test]
    fn kayles_to_heap_100_agrees_with_search_on_small_sums() {
        let r = HeapRuleset::kayles();
        let q = quotient(&r, 100);
        // Order 40 with generators at heaps 1, 2, 5, 9, 12, 25, 27 and nothing new after
        // heap 27 (checked to heap 300 too): the verified computation of this module.
        assert_eq!(q.order(), 40);
        assert_eq!(q.generator_heaps(), [1, 2, 5, 9, 12, 25, 27]);
        let mut memo = FxHashMap::default();
        let mut seed: u64 = 7;
        for _ in 0..300 {
            let mut heaps = Vec::new();
            let mut total = 0;
            loop {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let h = (seed >> 33) % 33;
                if total + h > 34 {
                    break;
                }
                total += h;
                heaps.push(h);
            }
            let expect = brute(&r, &heaps, &mut memo);
            assert_eq!(
                q.outcome_of_heaps(&heaps).unwrap() == Outcome::P,
                expect,
                "{heaps:?}"
            );
        }
    }

    #[test]
    fn heaps_beyond_the_bound_are_refused() {
        let q = quotient(&HeapRuleset::nim(), 3);
        assert!(q.outcome_of_heaps(&[4]).is_err());
    }

    #[test]
    fn interrupt_stops_the_computation() {
        let flag = AtomicBool::new(true);
        let r = HeapRuleset::kayles();
        let e = MisereQuotient::compute(8, |h| r.options(h), Some(&flag)).unwrap_err();
        assert_eq!(e, ImpartialError::Interrupted);
    }

    /// The same quotient, whether computed at once, resumed from a cached smaller one, or
    /// taken from the cache (by the exact bound, or covering a smaller one).
    #[test]
    fn cache_resumes_and_answers_as_a_fresh_computation() {
        let r = HeapRuleset::kayles();
        let fresh = quotient(&r, 40);
        let mut cache = QuotientCache::new();
        let small = cache
            .exact::<ImpartialError, _>(12, |h| r.options(h), None)
            .unwrap();
        assert_eq!(small.order(), quotient(&r, 12).order());
        let resumed = cache
            .exact::<ImpartialError, _>(40, |h| r.options(h), None)
            .unwrap();
        let same = |a: &MisereQuotient, b: &MisereQuotient| {
            assert_eq!(a.n, b.n);
            assert_eq!(a.act, b.act);
            assert_eq!(a.p, b.p);
            assert_eq!(a.relations_text(), b.relations_text());
            assert_eq!(a.pretending(), b.pretending());
        };
        same(&resumed, &fresh);
        // Asked again: from the cache, even when interrupted (nothing is computed).
        let flag = AtomicBool::new(true);
        let again = cache
            .exact::<ImpartialError, _>(40, |h| r.options(h), Some(&flag))
            .unwrap();
        same(&again, &fresh);
        let covering = cache
            .covering::<ImpartialError, _>(7, |h| r.options(h), Some(&flag))
            .unwrap();
        assert_eq!(covering.heap_bound(), 40);
        assert_eq!(covering.winning_moves(&[3, 4, 7]).unwrap(), vec![]);
        // Other rules sharing no prefix are not confused with these.
        let d = HeapRuleset::dawsons_kayles();
        let other = cache
            .covering::<ImpartialError, _>(9, |h| d.options(h), None)
            .unwrap();
        assert_eq!(other.order(), 6);
    }
}
