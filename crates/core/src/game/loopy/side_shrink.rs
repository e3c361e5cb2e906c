//! One onside comparison `G⁺ ≥ C⁺` kept solved while Right's moves are taken from `C`
//! (the comparisons of the onside from below, [`super::sides_below`]).
//!
//! Taking a Right move from `C` takes a Left move from `−C`, so in the Büchi game of
//! [`super::side_compare`] Left's winning region can only shrink. The region is kept
//! with a *rank* for every winning state, a proof that Left reaches the target (a move in
//! `G`): targets have rank 0, a state of Left's has a live move to a lower rank, and every
//! move of a state of Right's goes to a lower rank. When moves go, only the states whose
//! proof broke (and, through their predecessors, the states whose proof used them) are
//! ranked again; those that cannot be form a trap for Left, and Right's attractor of it
//! leaves the region, which breaks more proofs, until none is broken. The work is in the
//! states touched, not in all the states of `G − C` a round as a solve from scratch.
//!
//! A removal that loses the start is undone from a log of the changed states, so a
//! batch of moves that cannot go costs only what it touched; Right's attractor stops as
//! soon as it takes the start. A state of Left's counts its moves to live states (logged
//! and undone like the flags), so a death tells its predecessors at once whether they
//! are stuck.

use super::graph::Graph;
use super::side_compare::Arena;
use super::{LoopyError, Vertex};
use crate::game::GameStore;

/// Bytes a state holds: live flag, rank, counter (the log is counted apart).
const BYTES_PER_STATE: u64 = 9;

/// No rank (yet): a live state whose proof broke and is being looked for again.
const UNRANKED: u32 = u32::MAX;

/// `G⁺ ≥ C⁺` at the starts (vertex 0 of both), solved once and kept solved while Right's
/// moves are taken from `C`.
pub(super) struct ShrinkingComparison<'a> {
    arena: Arena<'a>,
    start: usize,
    alive: Vec<bool>,
    rank: Vec<u32>,
    /// For a state of Right's being ranked: its moves to states not ranked yet. For a live
    /// state of Left's: its moves to live states (kept as states die and moves go).
    count: Vec<u32>,
    next_rank: u32,
    /// The states changed since the last kept removal, with their old flag and rank.
    log: Vec<(usize, bool, u32)>,
    /// The counters of Left's states changed since then, with their old values.
    count_log: Vec<(usize, u32)>,
    /// A buffer for the predecessors of one state.
    preds: Vec<usize>,
}

impl<'a> ShrinkingComparison<'a> {
    /// Solves `G⁺ ≥ C⁺` on the states reachable from the start; an error past the memory
    /// budget or `work` (states touched; what is left is returned in it).
    pub(super) fn new(
        g: &'a Graph,
        c: &Graph,
        work: &mut u64,
        store: &GameStore,
    ) -> Result<ShrinkingComparison<'a>, LoopyError> {
        let arena = Arena::new(g, c.negate());
        arena.within_budget(BYTES_PER_STATE)?;
        let n = arena.states();
        let start = arena.id(0, 0, false, false);
        let mut me = ShrinkingComparison {
            arena,
            start,
            alive: vec![false; n],
            rank: vec![UNRANKED; n],
            count: vec![0; n],
            next_rank: 1,
            log: Vec::new(),
            count_log: Vec::new(),
            preds: Vec::new(),
        };
        let mut reached = vec![start];
        me.alive[start] = true;
        let mut i = 0;
        while i < reached.len() {
            let alive = &mut me.alive;
            me.arena.successors(reached[i], |t| {
                if !alive[t] {
                    alive[t] = true;
                    reached.push(t);
                }
            });
            i += 1;
        }
        *work = work
            .checked_sub(reached.len() as u64)
            .ok_or_else(too_long)?;
        // Every move of a state reached leads to a state reached (alive).
        for &s in &reached {
            if Arena::left_to_move(s) {
                let mut c = 0;
                me.arena.successors(s, |_| c += 1);
                me.count[s] = c;
            }
        }
        let stuck: Vec<usize> = reached
            .iter()
            .copied()
            .filter(|&s| Arena::left_to_move(s) && me.count[s] == 0)
            .collect();
        me.settle(stuck, Vec::new(), reached, work, store)
            .ok_or_else(too_long)?;
        me.log.clear();
        me.count_log.clear();
        Ok(me)
    }

    /// Whether Left wins from the start (`G⁺ ≥ C⁺`) as things stand.
    pub(super) fn holds(&self) -> bool {
        self.alive[self.start]
    }

    /// Takes Right's moves `edges` (`v → w` of `C`, each present) from `C` if `G⁺ ≥ C⁺`
    /// still holds at the start without them, and answers whether it does; without, the
    /// moves and the solution stay as they were. `None` when `work` runs out (the state is
    /// then not to be used again).
    pub(super) fn try_remove(
        &mut self,
        edges: &[(Vertex, Vertex)],
        work: &mut u64,
        store: &GameStore,
    ) -> Option<bool> {
        let mut stuck = Vec::new();
        let mut suspects = Vec::new();
        for &(v, w) in edges {
            // Left's states at (x, v) lose their move to (x, w) with Right to move.
            for x in 0..self.arena.a_len() {
                let t = self.arena.id(x, w as usize, false, false);
                for in_a in [false, true] {
                    let s = self.arena.id(x, v as usize, true, in_a);
                    if self.alive[s] && self.alive[t] {
                        self.lose_live_move(s);
                    }
                }
            }
            self.arena.remove_left_move_of_b(v, w);
        }
        for &(v, _) in edges {
            for x in 0..self.arena.a_len() {
                for in_a in [false, true] {
                    let s = self.arena.id(x, v as usize, true, in_a);
                    if !self.alive[s] {
                    } else if self.count[s] > 0 {
                        suspects.push(s);
                    } else {
                        stuck.push(s);
                    }
                }
            }
        }
        *work = work.checked_sub(2 * (edges.len() * self.arena.a_len()) as u64)?;
        let kept = self.settle(stuck, suspects, Vec::new(), work, store)?;
        if kept {
            self.log.clear();
            self.count_log.clear();
        } else {
            for (s, alive, rank) in self.log.drain(..).rev() {
                self.alive[s] = alive;
                self.rank[s] = rank;
            }
            for (s, count) in self.count_log.drain(..).rev() {
                self.count[s] = count;
            }
            for &(v, w) in edges {
                self.arena.restore_left_move_of_b(v, w);
            }
        }
        Some(kept)
    }

    /// A live state of Left's has one move fewer to a live state.
    fn lose_live_move(&mut self, s: usize) {
        self.count_log.push((s, self.count[s]));
        self.count[s] -= 1;
    }

    fn kill(&mut self, s: usize) {
        self.log.push((s, self.alive[s], self.rank[s]));
        self.alive[s] = false;
    }

    fn set_rank(&mut self, s: usize, rank: u32) {
        self.log.push((s, self.alive[s], self.rank[s]));
        self.rank[s] = rank;
    }

    fn fresh_rank(&mut self) -> Option<u32> {
        let r = self.next_rank;
        self.next_rank = r.checked_add(1).filter(|&r| r < UNRANKED)?;
        Some(r)
    }

    /// Ranks `s`, found in Left's attractor (a target ranks 0, any other state the next
    /// rank), and queues it so its predecessors are looked at.
    fn rank_found(&mut self, s: usize, queue: &mut Vec<usize>) -> Option<()> {
        let r = if Arena::is_target(s) {
            0
        } else {
            self.fresh_rank()?
        };
        self.set_rank(s, r);
        queue.push(s);
        Some(())
    }

    /// Brings the solution back to a fixpoint after `dead` lost (live states that Right
    /// wins from), the proofs of `suspects` may have broken and `unranked` lost theirs;
    /// answers whether the start survives (early, as soon as it is lost).
    fn settle(
        &mut self,
        mut dead: Vec<usize>,
        mut suspects: Vec<usize>,
        mut unranked: Vec<usize>,
        work: &mut u64,
        store: &GameStore,
    ) -> Option<bool> {
        loop {
            store.check_interrupt();
            self.remove_right_attractor(&mut dead, &mut suspects, work)?;
            if !self.alive[self.start] {
                return Some(false);
            }
            self.unrank_broken(&mut suspects, &mut unranked, work)?;
            self.rank_again(&unranked, work)?;
            dead.extend(
                unranked
                    .drain(..)
                    .filter(|&s| self.alive[s] && self.rank[s] == UNRANKED),
            );
            if dead.is_empty() {
                return Some(true);
            }
            dead.sort_unstable();
            dead.dedup();
        }
    }

    /// Removes `dead` and every state from which Right forces play into them; the live
    /// states of Left's with a move into them go to `suspects`. Stops as soon as the
    /// start is removed: the answer is then known, and the caller undoes the removal (or,
    /// for the first solve, never uses the solution again).
    fn remove_right_attractor(
        &mut self,
        dead: &mut Vec<usize>,
        suspects: &mut Vec<usize>,
        work: &mut u64,
    ) -> Option<()> {
        let mut preds = std::mem::take(&mut self.preds);
        while let Some(t) = dead.pop() {
            if !self.alive[t] {
                continue;
            }
            *work = work.checked_sub(1)?;
            self.kill(t);
            if t == self.start {
                break;
            }
            preds.clear();
            self.arena.predecessors(t, |p| {
                if self.alive[p] {
                    preds.push(p);
                }
            });
            for &p in &preds {
                if !Arena::left_to_move(p) {
                    dead.push(p);
                    continue;
                }
                self.lose_live_move(p);
                if self.count[p] == 0 {
                    dead.push(p);
                } else {
                    suspects.push(p);
                }
            }
        }
        self.preds = preds;
        Some(())
    }

    /// Unranks the live `suspects` whose proof no longer holds, and, in turn, the live
    /// predecessors whose proof used one of them; lists them in `unranked`.
    fn unrank_broken(
        &mut self,
        suspects: &mut Vec<usize>,
        unranked: &mut Vec<usize>,
        work: &mut u64,
    ) -> Option<()> {
        while let Some(s) = suspects.pop() {
            let r = self.rank[s];
            if !self.alive[s] || r == UNRANKED || Arena::is_target(s) {
                continue;
            }
            *work = work.checked_sub(1)?;
            let proven = if Arena::left_to_move(s) {
                let mut any = false;
                self.arena
                    .successors(s, |t| any |= self.alive[t] && self.rank[t] < r);
                any
            } else {
                let mut all = true;
                self.arena
                    .successors(s, |t| all &= self.alive[t] && self.rank[t] < r);
                all
            };
            if proven {
                continue;
            }
            self.set_rank(s, UNRANKED);
            unranked.push(s);
            self.arena.predecessors(s, |p| {
                if self.alive[p] && self.rank[p] != UNRANKED {
                    suspects.push(p);
                }
            });
        }
        Some(())
    }

    /// Ranks what it can of the live `unranked` states (every live unranked state is
    /// among them): Left's attractor of the ranked states, ranks given in the order found.
    fn rank_again(&mut self, unranked: &[usize], work: &mut u64) -> Option<()> {
        *work = work.checked_sub(unranked.len() as u64)?;
        let waiting = |me: &Self, s: usize| me.alive[s] && me.rank[s] == UNRANKED;
        for &s in unranked {
            if waiting(self, s) && !Arena::left_to_move(s) && !Arena::is_target(s) {
                let mut c = 0;
                self.arena
                    .successors(s, |t| c += u32::from(self.rank[t] == UNRANKED));
                self.count[s] = c;
            }
        }
        let mut queue = Vec::new();
        for &s in unranked {
            if !waiting(self, s) {
                continue;
            }
            let ready = if Arena::is_target(s) {
                true
            } else if Arena::left_to_move(s) {
                let mut any = false;
                self.arena
                    .successors(s, |t| any |= self.alive[t] && self.rank[t] != UNRANKED);
                any
            } else {
                self.count[s] == 0
            };
            if ready {
                self.rank_found(s, &mut queue)?;
            }
        }
        while let Some(t) = queue.pop() {
            *work = work.checked_sub(1)?;
            let mut preds = Vec::new();
            self.arena.predecessors(t, |p| {
                if waiting(self, p) {
                    preds.push(p);
                }
            });
            for p in preds {
                if !waiting(self, p) {
                    continue;
                }
                let ready = if Arena::is_target(p) || Arena::left_to_move(p) {
                    true
                } else {
                    self.count[p] -= 1;
                    self.count[p] == 0
                };
                if ready {
                    self.rank_found(p, &mut queue)?;
                }
            }
        }
        Some(())
    }
}

fn too_long() -> LoopyError {
    LoopyError::TooComplex("comparing the onsides of two loopy games took too long".into())
}
