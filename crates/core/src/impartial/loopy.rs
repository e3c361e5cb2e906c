//! Generalised Sprague–Grundy values of impartial games whose positions may repeat
//! (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966); the labelling
//! algorithm as A. S. Fraenkel and Y. Yesha describe it, "The generalized Sprague–Grundy
//! function and its invariance under certain mappings", J. Combin. Theory A 43 (1986)).
//!
//! On a finite game graph each position gets either a finite value `m` (as in Nim: it
//! behaves like a heap of size `m` in every sum) or `∞_K`, where `K` is the set of finite
//! values among its options. A position is a P-position iff its value is 0; `∞_K` is an
//! N-position when `0 ∈ K` (move to a P-position) and a draw otherwise. In a sum, finite
//! values add by nim-sum, `∞_K + m = ∞_{K ⊕ m}`, and the sum of two infinite values is a
//! draw `∞_∅` (each player can keep the play going in a component of their own).
//!
//! # The labelling
//! For `m = 0, 1, 2, …`: repeatedly give the value `m` to an unlabelled position `u` such
//! that no option of `u` has value `m`, and every option of `u` that is unlabelled or
//! labelled `∞` has an option of value `m`; when no more can be labelled `m`, every
//! unlabelled position without an option of value `m` is labelled `∞`. Every position
//! still unlabelled has options of values `0..=m`, so the next round may label it.
//! A round costs time linear in the graph (each labelling updates counters of the
//! predecessors and their predecessors), and there are at most as many rounds as values.

use std::fmt;

/// The generalised Sprague–Grundy value of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyGrundy {
    /// Behaves as the nim-heap `*m`.
    Finite(u64),
    /// `∞_K`: play can be kept going for ever; `K` (sorted) are the finite values among the
    /// options.
    Infinite(Vec<u64>),
}

/// Who wins an impartial position with draws, the player to move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopyImpartialOutcome {
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// Neither can force a win: with best play the game never ends.
    D,
}

impl fmt::Display for LoopyImpartialOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyImpartialOutcome::N => "N",
            LoopyImpartialOutcome::P => "P",
            LoopyImpartialOutcome::D => "D",
        })
    }
}

impl LoopyGrundy {
    pub fn outcome(&self) -> LoopyImpartialOutcome {
        match self {
            LoopyGrundy::Finite(0) => LoopyImpartialOutcome::P,
            LoopyGrundy::Finite(_) => LoopyImpartialOutcome::N,
            LoopyGrundy::Infinite(k) if k.contains(&0) => LoopyImpartialOutcome::N,
            LoopyGrundy::Infinite(_) => LoopyImpartialOutcome::D,
        }
    }

    /// The value of the sum of two positions (Smith's theorem).
    pub fn add(&self, other: &LoopyGrundy) -> LoopyGrundy {
        match (self, other) {
            (LoopyGrundy::Finite(a), LoopyGrundy::Finite(b)) => LoopyGrundy::Finite(a ^ b),
            (LoopyGrundy::Infinite(k), LoopyGrundy::Finite(b))
            | (LoopyGrundy::Finite(b), LoopyGrundy::Infinite(k)) => {
                let mut shifted: Vec<u64> = k.iter().map(|a| a ^ b).collect();
                shifted.sort_unstable();
                LoopyGrundy::Infinite(shifted)
            }
            (LoopyGrundy::Infinite(_), LoopyGrundy::Infinite(_)) => {
                LoopyGrundy::Infinite(Vec::new())
            }
        }
    }

    /// `*3`, `∞_{0,1}` (Unicode) or `*3`, `inf_{0,1}` (ASCII); `0` for the value 0.
    pub fn text(&self, unicode: bool) -> String {
        match self {
            LoopyGrundy::Finite(0) => "0".to_string(),
            LoopyGrundy::Finite(1) => "*".to_string(),
            LoopyGrundy::Finite(m) => format!("*{m}"),
            LoopyGrundy::Infinite(k) => {
                let set: Vec<String> = k.iter().map(u64::to_string).collect();
                let inf = if unicode { "∞" } else { "inf" };
                format!("{inf}_{{{}}}", set.join(","))
            }
        }
    }
}

/// The generalised Sprague–Grundy value of every vertex of a finite game graph, given each
/// vertex's options (indices into the same list; repeats and self-loops allowed).
/// `interrupted` is asked now and then and stops the computation (returning `None`).
pub fn generalized_grundy(
    options: &[Vec<u32>],
    mut interrupted: impl FnMut() -> bool,
) -> Option<Vec<LoopyGrundy>> {
    let n = options.len();
    // Distinct options, and the predecessors of each vertex (distinct too).
    let succ: Vec<Vec<u32>> = options
        .iter()
        .map(|o| {
            let mut o = o.clone();
            o.sort_unstable();
            o.dedup();
            o
        })
        .collect();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (u, os) in succ.iter().enumerate() {
        for &w in os {
            pred[w as usize].push(u as u32);
        }
    }
    const UNLABELLED: u64 = u64::MAX;
    const INFINITE: u64 = u64::MAX - 1;
    let mut label = vec![UNLABELLED; n];
    let mut unlabelled = n;
    let mut m: u64 = 0;
    let mut hit = vec![false; n]; // has an option labelled m
    let mut need = vec![0usize; n]; // options unlabelled-or-∞ without an option labelled m
    while unlabelled > 0 {
        if interrupted() {
            return None;
        }
        hit.iter_mut().for_each(|h| *h = false);
        // Vertices labelled finitely are settled; the rest (unlabelled or ∞) are "open".
        let open = |l: u64| l == UNLABELLED || l == INFINITE;
        for u in 0..n {
            need[u] = succ[u].iter().filter(|&&w| open(label[w as usize])).count();
        }
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&u| label[u as usize] == UNLABELLED && need[u as usize] == 0)
            .collect();
        while let Some(u) = queue.pop() {
            let ui = u as usize;
            if label[ui] != UNLABELLED || hit[ui] || need[ui] != 0 {
                continue;
            }
            label[ui] = m;
            unlabelled -= 1;
            // u is no longer open: predecessors stop waiting for it (it was not hit, so it
            // was counted in their `need`).
            for &p in &pred[ui] {
                let pi = p as usize;
                need[pi] -= 1;
                if need[pi] == 0 && label[pi] == UNLABELLED && !hit[pi] {
                    queue.push(p);
                }
            }
            // Predecessors of u now have an option labelled m.
            for &p in &pred[ui] {
                let pi = p as usize;
                if hit[pi] {
                    continue;
                }
                hit[pi] = true;
                if open(label[pi]) {
                    for &q in &pred[pi] {
                        let qi = q as usize;
                        need[qi] -= 1;
                        if need[qi] == 0 && label[qi] == UNLABELLED && !hit[qi] {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == UNLABELLED && !hit[u] {
                label[u] = INFINITE;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    Some(
        (0..n)
            .map(|u| {
                if label[u] == INFINITE {
                    let mut k: Vec<u64> = succ[u]
                        .iter()
                        .map(|&w| label[w as usize])
                        .filter(|&l| l != INFINITE)
                        .collect();
                    k.sort_unstable();
                    k.dedup();
                    LoopyGrundy::Infinite(k)
                } else {
                    LoopyGrundy::Finite(label[u])
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn values(options: &[Vec<u32>]) -> Vec<LoopyGrundy> {
        generalized_grundy(options, || false).unwrap()
    }

    fn inf(k: &[u64]) -> LoopyGrundy {
        LoopyGrundy::Infinite(k.to_vec())
    }

    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        // A Nim heap of 3: vertex h has options 0..h.
        let g: Vec<Vec<u32>> = (0..4).map(|h| (0..h).collect()).collect();
        assert_eq!(
            values(&g),
            (0..4).map(LoopyGrundy::Finite).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_position_that_only_passes_is_a_draw() {
        // v0 -> v0: the player to move must pass for ever.
        assert_eq!(values(&[vec![0]]), vec![inf(&[])]);
        assert_eq!(inf(&[]).outcome(), LoopyImpartialOutcome::D);
    }

    #[test]
    fn a_pass_beside_a_move_to_zero_is_infinite_with_zero() {
        // v1 -> {v0, v1}: v0 is terminal (0). v1 is ∞_{0}: the mover wins by moving to 0.
        let v = values(&[vec![], vec![0, 1]]);
        assert_eq!(v, vec![LoopyGrundy::Finite(0), inf(&[0])]);
        assert_eq!(v[1].outcome(), LoopyImpartialOutcome::N);
    }

    #[test]
    fn a_reversible_loop_keeps_a_finite_value() {
        // Fraenkel's example shape: a -> b, b -> {a, z}, z terminal. b has option z (0) so
        // b ≠ 0; a's only option b, and b has an option (z) labelled 0, so a = 0 — the
        // loop back from b to a does not help the mover at a. Then b = mex{0} = 1.
        let v = values(&[vec![1], vec![0, 2], vec![]]);
        assert_eq!(
            v,
            vec![
                LoopyGrundy::Finite(0),
                LoopyGrundy::Finite(1),
                LoopyGrundy::Finite(0)
            ]
        );
    }

    #[test]
    fn sums_follow_smith() {
        assert_eq!(
            LoopyGrundy::Finite(3).add(&LoopyGrundy::Finite(5)),
            LoopyGrundy::Finite(6)
        );
        assert_eq!(inf(&[0, 1]).add(&LoopyGrundy::Finite(1)), inf(&[0, 1]));
        assert_eq!(inf(&[0, 2]).add(&LoopyGrundy::Finite(2)), inf(&[0, 2]));
        assert_eq!(inf(&[1]).add(&LoopyGrundy::Finite(1)), inf(&[0]));
        assert_eq!(inf(&[0]).add(&inf(&[0])), inf(&[]));
        assert_eq!(inf(&[0, 1]).text(true), "∞_{0,1}");
        assert_eq!(inf(&[]).text(false), "inf_{}");
    }

    /// Win/loss/draw of each vertex by retrograde analysis: a vertex without options is
    /// lost for the mover; it is won if some option is lost; lost if every option is won;
    /// what is never decided is a draw.
    fn retrograde(options: &[Vec<u32>]) -> Vec<LoopyImpartialOutcome> {
        let n = options.len();
        let mut result: Vec<Option<bool>> = vec![None; n]; // Some(true) = mover wins
        loop {
            let mut changed = false;
            for u in 0..n {
                if result[u].is_some() {
                    continue;
                }
                let os = &options[u];
                if os.iter().any(|&w| result[w as usize] == Some(false)) {
                    result[u] = Some(true);
                    changed = true;
                } else if os.iter().all(|&w| result[w as usize] == Some(true)) {
                    result[u] = Some(false);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        result
            .into_iter()
            .map(|r| match r {
                Some(true) => LoopyImpartialOutcome::N,
                Some(false) => LoopyImpartialOutcome::P,
                None => LoopyImpartialOutcome::D,
            })
            .collect()
    }

    fn graph(max: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
        (1..max).prop_flat_map(|n| {
            proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..4), n)
        })
    }

    /// The disjoint sum of two graphs: vertex (u, v) has the options of u beside v and of
    /// v beside u.
    fn sum_graph(a: &[Vec<u32>], b: &[Vec<u32>]) -> Vec<Vec<u32>> {
        let nb = b.len() as u32;
        let mut out = Vec::new();
        for u in 0..a.len() as u32 {
            for v in 0..nb {
                let mut os: Vec<u32> = a[u as usize].iter().map(|&x| x * nb + v).collect();
                os.extend(b[v as usize].iter().map(|&y| u * nb + y));
                out.push(os);
            }
        }
        out
    }

    proptest! {
        #[test]
        fn outcomes_agree_with_retrograde_analysis(g in graph(12)) {
            let v = values(&g);
            let brute = retrograde(&g);
            for u in 0..g.len() {
                prop_assert_eq!(v[u].outcome(), brute[u], "vertex {} of {:?}", u, g);
            }
        }

        #[test]
        fn sums_agree_with_the_sum_graph(a in graph(6), b in graph(6)) {
            let (va, vb) = (values(&a), values(&b));
            let s = sum_graph(&a, &b);
            let brute = retrograde(&s);
            for u in 0..a.len() {
                for v in 0..b.len() {
                    let predicted = va[u].add(&vb[v]).outcome();
                    prop_assert_eq!(predicted, brute[u * b.len() + v], "({}, {})", u, v);
                }
            }
        }
    }
}
