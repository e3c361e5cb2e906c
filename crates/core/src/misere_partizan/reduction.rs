//! Reduced (canonical) forms modulo a universe: the simplest form equal to a game in
//! every sum with games of the universe.
//!
//! The reductions are those of the literature, each applied only when the result is equal
//! to the game modulo the universe by the comparison of `comparison.rs` (so every step is
//! checked, never assumed):
//!
//! - a **dominated** option is removed: a Left option `G^{L1}` with another `G^{L2} ≥
//!   G^{L1}`, a Right option `G^{R1}` with another `G^{R2} ≤ G^{R1}`;
//! - a **reversible** option is bypassed: a Left option `G^{L1}` with a Right option
//!   `G^{L1R1} ≤ G` is replaced by the Left options of `G^{L1R1}` (and a Right option
//!   likewise). When `G^{L1R1}` is a Left end, bypassing may leave Left without a move,
//!   which the proviso forbids; the option is then replaced by `G^{L1R1}` itself or by `*`
//!   where that is equal, or the whole game by `G^{L1R1}` (Siegel, "Misère canonical forms of partizan games", GONC 4, for
//!   the general universe; Dorbec, Renault, Siegel, Sopena 2015 for dicots, where the
//!   end is `0` and the replacement `*`; Larsson, Milley, Nowakowski, Renault, Santos,
//!   arXiv:1807.11297, for dead-ending games).
//!
//! Options are reduced first; each step replaces an option by options born earlier, so
//! the reduction ends. The result is kept for the universe.

use super::forms::{FormId, Forms};
use super::universe::Universe;

/// One step of a reduction (for `explain`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The option of one player (`left`) is dominated by another: removed.
    Dominated {
        left: bool,
        option: FormId,
        by: FormId,
    },
    /// The option reverses through its option `through` (`G^{L1R1} ≤ G` for Left): replaced
    /// by `replaced_by` (the Left options of `through`, or for an end the end or `*`).
    Reversible {
        left: bool,
        option: FormId,
        through: FormId,
        replaced_by: Vec<FormId>,
    },
    /// The whole game is equal to the end `through` an option reverses through.
    ToEnd { through: FormId },
}

impl Forms {
    /// The reduced form of `g` (which must lie in `u`) modulo `u`.
    pub fn reduce(&mut self, g: FormId, u: Universe) -> FormId {
        if let Some(&r) = self.reduced.get(&(u.code(), g)) {
            return r;
        }
        super::check_stack();
        let l: Vec<FormId> = self.left(g).to_vec();
        let r: Vec<FormId> = self.right(g).to_vec();
        let l = l.into_iter().map(|x| self.reduce(x, u)).collect();
        let r = r.into_iter().map(|x| self.reduce(x, u)).collect();
        let mut cur = self.node(l, r);
        while let Some((next, _)) = self.reduction_step(cur, u) {
            cur = next;
        }
        self.reduced.insert((u.code(), g), cur);
        self.reduced.insert((u.code(), cur), cur);
        cur
    }

    /// `g` with the option `old` of one player replaced by `new`.
    fn replace(&mut self, g: FormId, left: bool, old: FormId, new: &[FormId]) -> FormId {
        let mut mine: Vec<FormId> = self
            .options(g, left)
            .iter()
            .copied()
            .filter(|&x| x != old)
            .collect();
        mine.extend_from_slice(new);
        let theirs = self.options(g, !left).to_vec();
        if left {
            self.node(mine, theirs)
        } else {
            self.node(theirs, mine)
        }
    }

    /// Whether `a` is at least as good as `b` for the player `left` (modulo `u`).
    fn better(&mut self, a: FormId, b: FormId, left: bool, u: Universe) -> bool {
        if left {
            self.geq(a, b, u)
        } else {
            self.geq(b, a, u)
        }
    }

    /// The steps that reduce `g` (in `u`) modulo `u`, after its options are reduced: the
    /// form with reduced options, then each step with the form it gives; the last form is
    /// `reduce(g, u)`.
    pub fn reduction_steps(&mut self, g: FormId, u: Universe) -> (FormId, Vec<(Step, FormId)>) {
        let l: Vec<FormId> = self.left(g).to_vec();
        let r: Vec<FormId> = self.right(g).to_vec();
        let l = l.into_iter().map(|x| self.reduce(x, u)).collect();
        let r = r.into_iter().map(|x| self.reduce(x, u)).collect();
        let start = self.node(l, r);
        let mut cur = start;
        let mut steps = Vec::new();
        while let Some((next, step)) = self.reduction_step(cur, u) {
            steps.push((step, next));
            cur = next;
        }
        (start, steps)
    }

    /// One reduction of `g`, if there is one: a candidate equal to `g` modulo `u`.
    fn reduction_step(&mut self, g: FormId, u: Universe) -> Option<(FormId, Step)> {
        for left in [true, false] {
            let opts = self.options(g, left).to_vec();
            // Dominated options (of two equal ones, the later is dropped).
            for &a in &opts {
                for &b in &opts {
                    if a != b
                        && self.better(b, a, left, u)
                        && (!self.better(a, b, left, u) || b < a)
                    {
                        let next = self.replace(g, left, a, &[]);
                        if let Some(next) = self.accept(g, next, u) {
                            let step = Step::Dominated {
                                left,
                                option: a,
                                by: b,
                            };
                            return Some((next, step));
                        }
                    }
                }
            }
            // Reversible options.
            for &a in &opts {
                for back in self.options(a, !left).to_vec() {
                    // G^{L1R1} ≤ G for Left (G^{R1L1} ≥ G for Right).
                    if !self.better(g, back, left, u) {
                        continue;
                    }
                    let bypass = self.options(back, left).to_vec();
                    let mut candidates = vec![bypass.clone()];
                    if bypass.is_empty() {
                        let star = self.star();
                        candidates.push(vec![back]);
                        candidates.push(vec![star]);
                    }
                    for c in candidates {
                        if c.iter().any(|&x| self.birthday(x) >= self.birthday(a)) {
                            continue;
                        }
                        let next = self.replace(g, left, a, &c);
                        if let Some(next) = self.accept(g, next, u) {
                            let step = Step::Reversible {
                                left,
                                option: a,
                                through: back,
                                replaced_by: c,
                            };
                            return Some((next, step));
                        }
                    }
                    // Through an end, the whole game may be the end itself (modulo dicots
                    // `{*|*} = 0`: each side reverses through 0 and neither may go alone).
                    if bypass.is_empty()
                        && let Some(next) = self.accept(g, back, u)
                    {
                        return Some((next, Step::ToEnd { through: back }));
                    }
                }
            }
        }
        None
    }

    /// `next` if it differs from `g`, lies in `u` and equals `g` modulo `u`.
    fn accept(&mut self, g: FormId, next: FormId, u: Universe) -> Option<FormId> {
        (next != g && self.is_in(next, u) && self.equal(next, g, u)).then_some(next)
    }
}
